/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * One version deleted from the Versions tab against the real server: the cleanup rule is said
 * up front, the delete asks first, the version goes and the timeline says who deleted it; a
 * reader sees the delete disabled, naming the missing permission.
 */
import { apiPaths } from '../../common/api/paths';
import { appUnderTest } from '../support/app_under_test';
import { callApi } from '../support/api';
import {
  axeViolations,
  dismissToasts,
  logIn,
  logOut,
  screenshot,
  toastTexts,
} from '../support/browser';
import { adminClient, TestNames } from '../support/cluster';
import { slicesIn } from '../support/lookups';
import { users } from '../support/users';

const admin = adminClient();
const names = new TestNames();
const name = names.lookup('ui_delver');
const app = appUnderTest({ viewport: { width: 1024, height: 900 } });
const { page, testSubj } = app;
const slices: string[] = [];

beforeAll(async () => {
  for (const rows of [[{ v: 1 }, { v: 2 }, { v: 3 }], [{ v: 4 }, { v: 5 }], [{ v: 6 }]]) {
    const res = await callApi<{ slice: string }>(app.host().url, 'POST', apiPaths.write(name), {
      caller: users.writer,
      body: { rows },
    });
    slices.push(res.body.slice);
  }
});

afterAll(async () => {
  await names.drop(admin);
});

it('a writer deletes the oldest version after a confirm; the timeline records it', async () => {
  await logIn(page(), app.host().url, users.writer, `/app/lookups/lookups/${name}/versions`);
  await testSubj('lookupsVersionsTimeline').waitFor();
  expect(await testSubj('lookupsVersionsCleanupRule').innerText()).toContain(
    'Cleanup keeps the 3 newest old versions of each lookup and any old version younger than 1 hour'
  );
  const [oldest] = slices;
  await testSubj(`lookupsVersionDelete-${oldest}`).click();
  const modal = testSubj('lookupsDeleteVersionModal');
  await modal.waitFor();
  expect(await modal.innerText()).toContain('3 rows are removed for good');
  expect(await axeViolations(page())).toEqual([]);
  await screenshot(page(), 'version-delete-confirm');
  await modal.locator('[data-test-subj="confirmModalConfirmButton"]').click();
  await modal.waitFor({ state: 'detached' });

  const event = testSubj(`lookupsVersionEvent-${oldest}`);
  await event.waitFor();
  expect(await event.innerText()).toMatch(
    /lookup_writer[\s\S]*deleted version [0-9a-f]{8} \(3 rows\)/
  );
  await testSubj(`lookupsVersion-${oldest}`).waitFor({ state: 'detached' });
  expect((await toastTexts(page())).join(' ')).toContain('Deleted version');
  await dismissToasts(page());
  expect(Object.keys(await slicesIn(admin, `${name}__lookup`)).sort()).toEqual(
    slices.slice(1).sort()
  );
  // The current version offers no delete.
  expect(await testSubj(`lookupsVersionDelete-${slices[2]}`).isDisabled()).toBe(true);
  expect(await axeViolations(page())).toEqual([]);
  await screenshot(page(), 'version-deleted-timeline');
});

it('a reader sees delete disabled with the missing permission, and nothing changes', async () => {
  await logOut(page());
  await logIn(page(), app.host().url, users.reader, `/app/lookups/lookups/${name}/versions`);
  const button = testSubj(`lookupsVersionDelete-${slices[1]}`);
  await button.waitFor();
  await page().waitForFunction(
    (subj) => (document.querySelector(`[data-test-subj="${subj}"]`) as HTMLButtonElement)?.disabled,
    `lookupsVersionDelete-${slices[1]}`
  );
  const wrapper = page().locator(
    `[data-missing-permission]:has([data-test-subj="lookupsVersionDelete-${slices[1]}"])`
  );
  expect(await wrapper.getAttribute('data-missing-permission')).toBe(
    'indices:data/write/delete/byquery'
  );
  await wrapper.hover();
  await page().getByRole('tooltip').waitFor();
  expect(await page().getByRole('tooltip').innerText()).toContain(
    `You may not delete a version of "${name}"`
  );
  await screenshot(page(), 'version-delete-reader');
  expect(Object.keys(await slicesIn(admin, `${name}__lookup`))).toHaveLength(2);
});
