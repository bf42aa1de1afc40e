/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/* Comparing two versions of a lookup on its Versions tab, as a reader, against the real server. */
import { apiPaths } from '../../common/api/paths';
import { appUnderTest } from '../support/app_under_test';
import { axeViolations, logIn, screenshot, unexpectedConsoleErrors } from '../support/browser';
import { callApi } from '../support/api';
import { adminClient, TestNames } from '../support/cluster';
import { users } from '../support/users';

const admin = adminClient();
const names = new TestNames();
const name = names.lookup('cmp_ui');
const app = appUnderTest({ viewport: { width: 1024, height: 900 } });
const { page, testSubj } = app;

beforeAll(async () => {
  for (const rows of [
    [
      { code: 'a', n: 1 },
      { code: 'b', n: 2 },
      { code: 'c', n: 3 },
    ],
    [
      { code: 'a', n: 1 },
      { code: 'b', n: 20, note: 'raised' },
      { code: 'd', n: 4 },
    ],
  ]) {
    const res = await callApi(app.host().url, 'POST', apiPaths.write(name), {
      caller: users.writer,
      body: { rows },
    });
    expect(res.status).toBe(200);
  }
  await logIn(page(), app.host().url, users.reader, `/app/lookups/lookups/${name}/versions`);
});

afterAll(async () => {
  await names.drop(admin);
});

it('compares the previous version with the current one, then by key', async () => {
  await testSubj('lookupsCompare').waitFor();
  await testSubj('lookupsCompareRun').click();
  const summary = testSubj('lookupsCompareSummary');
  await summary.waitFor();
  const text = (await summary.innerText()).replace(/\s+/g, ' ');
  expect(text).toContain('3 → 3');
  expect(text).toContain('Columns added note');
  await testSubj('lookupsCompareKeys')
    .locator('label', { hasText: /^code$/ })
    .click();
  const counts = testSubj('lookupsCompareCounts');
  await counts.waitFor();
  expect(await counts.innerText()).toBe('By code: 1 added, 1 removed, 1 changed, 1 unchanged.');
  expect(await testSubj('lookupsCompareRemovedRows').innerText()).toContain('"code":"c"');
  expect(await axeViolations(page())).toEqual([]);
  await screenshot(page(), 'versions-compare');
});

it('raised no errors in the page', () => {
  expect(app.browser().pageErrors).toEqual([]);
  expect(unexpectedConsoleErrors(app.browser())).toEqual([]);
});
