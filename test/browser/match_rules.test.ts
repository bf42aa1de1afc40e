/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Match rules in the app against the real server: a writer sets a CIDR rule on the lookup's
 * Settings tab, tries a value (the rows it gets, most specific first), and runs a query whose
 * `lookup` uses it.
 */
import { randomUUID } from 'node:crypto';
import { apiPaths } from '../../common/api/paths';
import { appUnderTest } from '../support/app_under_test';
import { callApi } from '../support/api';
import { axeViolations, logIn, screenshot, typeQuery } from '../support/browser';
import { adminClient, TestNames } from '../support/cluster';
import { users } from '../support/users';

const admin = adminClient();
const names = new TestNames();
const name = names.lookup('ui_nets');
const source = `web_logs_ui_match_${randomUUID().slice(0, 8)}`;
names.track(source);
const app = appUnderTest({ viewport: { width: 1280, height: 1000 } });
const { page, testSubj } = app;

beforeAll(async () => {
  await admin.indices.create({
    index: source,
    body: { mappings: { properties: { n: { type: 'integer' }, ip: { type: 'ip' } } } },
  });
  await admin.bulk({
    refresh: true,
    body: [
      { index: { _index: source } },
      { n: 1, ip: '10.1.2.3' },
      { index: { _index: source } },
      { n: 2, ip: '10.9.9.9' },
    ],
  });
  const written = await callApi(app.host().url, 'POST', apiPaths.write(name), {
    caller: users.writer,
    body: {
      rows: [
        { net: '10.0.0.0/8', site: 'corp' },
        { net: '10.1.0.0/16', site: 'campus' },
        { net: '10.1.2.0/24', site: 'lab' },
      ],
    },
  });
  expect(written.status).toBe(200);
});

afterAll(async () => {
  await names.drop(admin);
});

it('a writer sets a cidr rule, tries a value, and a query enriches by it', async () => {
  await logIn(page(), app.host().url, users.writer, `/app/lookups/lookups/${name}/settings`);
  await testSubj('lookupsMatchingRules').waitFor();
  expect(await testSubj('lookupsMatchingRules').innerText()).toContain('Exact matches');
  await testSubj('lookupsMatchingEdit').click();
  await testSubj('lookupsMatchingAdd').click();
  await testSubj('lookupsMatchingField-0').selectOption('site');
  await testSubj('lookupsMatchingType-0').selectOption('cidr');
  // The site cells are no networks: said before saving.
  expect(await testSubj('lookupsMatchingInvalid').innerText()).toContain('row 1 holds');
  await testSubj('lookupsMatchingField-0').selectOption('net');
  await testSubj('lookupsMatchingInvalid').waitFor({ state: 'detached' });
  await testSubj('lookupsMatchingMax').fill('3');
  await testSubj('lookupsMatchingSave').click();
  await testSubj('lookupsMatchingForm').waitFor({ state: 'detached' });
  expect((await testSubj('lookupsMatchingRules').innerText()).split(/\n+/)).toEqual([
    'net cidr',
    'max_matches 3',
  ]);

  await testSubj('lookupsMatchingTryValue-net').fill('10.1.2.200');
  await testSubj('lookupsMatchingTryRun').click();
  await testSubj('lookupsMatchingTryResult').waitFor();
  const tried = await page().locator('[data-test-subj="lookupsMatchingTryRow"]').allInnerTexts();
  expect(tried.map((t) => JSON.parse(t).site)).toEqual(['lab', 'campus', 'corp']);
  expect(await axeViolations(page())).toEqual([]);
  await screenshot(page(), 'match-rules-settings');

  await page().goto(`${app.host().url}/app/lookups/query`);
  await typeQuery(
    page(),
    `source=${source} | where n = 2 | lookup ${name} net as ip replace site | fields n, site`
  );
  await testSubj('lookupsQueryRun').click();
  const table = testSubj('lookupsQueryTable');
  await table.waitFor();
  expect(await testSubj('lookupsQueryResultsTotal').innerText()).toBe('1 row');
  expect(await table.innerText()).toContain('corp');
});
