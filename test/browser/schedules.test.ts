/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Scheduled refresh in Chromium, as lookup_writer against the real server: Schedule… on the
 * Query page makes a schedule of the query, the Schedules page lists it, Run now runs it (as the
 * user, through impersonation) and its history shows the run; the catalog marks the lookup as
 * scheduled; deleting the schedule leaves the lookup.
 */
import { appUnderTest } from '../support/app_under_test';
import {
  screenshot,
  axeViolations,
  OUI_GRID_STRUCTURE,
  typeQuery,
  unexpectedConsoleErrors,
} from '../support/browser';
import { apiPaths } from '../../common/api/paths';
import type { Schedule } from '../../common/api/schedules';
import { callApi } from '../support/api';
import { adminClient, dropIndices, uniqueName } from '../support/cluster';
import { users } from '../support/users';

const admin = adminClient();
const name = uniqueName('lk_sched_ui');
const app = appUnderTest({
  logIn: { user: users.writer, path: '/app/lookups/query' },
  // Whatever the test left of its schedule goes, then the lookup.
  beforeClose: async (host) => {
    const mine = await callApi<{ schedules: Schedule[] }>(host.url, 'GET', apiPaths.schedules(), {
      caller: users.writer,
    });
    for (const s of mine.body.schedules?.filter((x) => x.lookup === name) ?? []) {
      await callApi(host.url, 'DELETE', apiPaths.schedule(s.id), { caller: users.writer });
    }
  },
});
const { page, testSubj } = app;

afterAll(() => dropIndices(admin, name, `${name}__lookup`));

it('schedules a query from the Query page, runs it now, and shows its history', async () => {
  await typeQuery(
    page(),
    `source=web_logs | sort host | head 5 | fields host | outputlookup ${name}`
  );
  await testSubj('lookupsQuerySchedule').click();
  const form = testSubj('lookupsScheduleForm');
  await form.waitFor();
  expect(await page().locator('#lookupsScheduleFormQuery').inputValue()).toContain(
    `outputlookup ${name}`
  );
  await testSubj('lookupsScheduleFormEvery').fill('6h');
  expect(await testSubj('lookupsScheduleFormNextRuns').innerText()).toMatch(/^Next runs: /);
  await page().locator('label[for="lookupsScheduleGuardEmpty"]').click();
  expect(await testSubj('lookupsScheduleGuardEmpty').isChecked()).toBe(true);
  expect(await axeViolations(page(), OUI_GRID_STRUCTURE)).toEqual([]);
  await screenshot(page(), 'schedule-form');
  await testSubj('lookupsScheduleFormSave').click();

  // Saved: the Schedules page lists it.
  const row = testSubj(`lookupsSchedule-${name}`);
  await row.waitFor();
  expect(await row.innerText()).toContain('Every 6h');
  expect(await row.innerText()).toContain('Not run yet');

  await row.locator('[data-test-subj="lookupsScheduleRunNow"]').click();
  await row
    .locator('[data-test-subj="lookupsScheduleLastState"][data-job-state="finished"]')
    .waitFor({
      timeout: 30_000,
    });
  expect(await row.locator('[data-test-subj="lookupsScheduleLastRun"]').innerText()).toContain(
    '5 (first version)'
  );
  // The pointer leaves "Run now", so its tooltip (an OUI portal on <body>) is gone, as at rest.
  await page().mouse.move(0, 0);
  await page().locator('[role="tooltip"]').waitFor({ state: 'detached' });
  expect(await axeViolations(page(), OUI_GRID_STRUCTURE)).toEqual([]);
  await screenshot(page(), 'schedules-page');

  // At 1024 px (#33 defect 14): nothing overflows the table, the actions stay inside it, and
  // the lookup's name breaks only after an underscore, never mid-word.
  await page().setViewportSize({ width: 1024, height: 900 });
  const fit = await testSubj('lookupsSchedulesTable').evaluate((element) => {
    const table = element.querySelector('table')!;
    const scroller = table.parentElement!;
    const edge = element.getBoundingClientRect().right;
    const icons = [...element.querySelectorAll('[data-test-subj="lookupsScheduleDelete"]')];
    return {
      scrolls: scroller.scrollWidth > scroller.clientWidth || table.scrollWidth > table.clientWidth,
      wider: table.getBoundingClientRect().right > edge + 0.5,
      iconsOut: icons.filter((i) => i.getBoundingClientRect().right > edge + 0.5).length,
    };
  });
  expect(fit).toEqual({ scrolls: false, wider: false, iconsOut: 0 });
  const breaks = await row.locator('[data-test-subj="lookupsScheduleLookup"]').evaluate((link) => {
    // Where each line of the name starts: the character before it must be "_".
    const found: string[] = [];
    const walker = document.createTreeWalker(link, NodeFilter.SHOW_TEXT);
    let top: number | undefined;
    let before = '';
    for (
      let node = walker.nextNode() as Text | null;
      node;
      node = walker.nextNode() as Text | null
    ) {
      for (let i = 0; i < node.length; i++) {
        const range = document.createRange();
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const at = range.getBoundingClientRect().top;
        if (top !== undefined && at > top + 1) found.push(before);
        top = at;
        before = node.data[i];
      }
    }
    return found;
  });
  expect(breaks.filter((c) => c !== '_')).toEqual([]);
  expect(await axeViolations(page(), OUI_GRID_STRUCTURE)).toEqual([]);
  await screenshot(page(), 'schedules-page-1024');
  await page().setViewportSize({ width: 1440, height: 1000 });

  await row.locator('[data-test-subj="lookupsScheduleHistory"]').click();
  const runs = testSubj('lookupsScheduleRunsTable');
  await runs.waitFor();
  expect(await runs.innerText()).toContain('Run now');
  expect(await runs.innerText()).toContain('Finished');
  await screenshot(page(), 'schedule-runs');
  await page().keyboard.press('Escape');

  // The lookup was written by the run, as the user; the catalog marks it scheduled.
  await testSubj('lookupsTab-catalog').click();
  await testSubj(`lookupsCatalogLink-${name}`).waitFor();
  const catalogRow = page().locator('tr', { has: testSubj(`lookupsCatalogLink-${name}`) });
  await catalogRow.locator('[data-test-subj="lookupsRefreshScheduled"]').waitFor();

  // Deleting the schedule keeps the lookup.
  await testSubj('lookupsTab-schedules').click();
  await row.locator('[data-test-subj="lookupsScheduleDelete"]').click();
  await testSubj('lookupsScheduleDeleteModal').waitFor();
  await testSubj('confirmModalConfirmButton').click();
  await testSubj('lookupsSchedulesEmpty')
    .or(page().locator('[data-test-subj="lookupsSchedulesTable"]'))
    .first()
    .waitFor();
  await row.waitFor({ state: 'detached' });
  expect((await admin.indices.exists({ index: name })).body).toBe(true);
  expect(unexpectedConsoleErrors(app.browser())).toEqual([]);
});
