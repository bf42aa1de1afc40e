/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * The editor's conflict flow with two users, in Chromium against the real server (#33 defects
 * 1 to 3): lookup_writer edits a cell and opens the preview; team_a_writer meanwhile renames a
 * host. Publish then opens the conflict dialog at once (never "[object Object]"), which names
 * team_a_writer and shows, row by row, the rename; the header counts the new version; applying
 * the edit to the current version publishes both changes. Axe in both themes.
 */
import type { RowsResponse } from '../../common/api/codecs';
import { apiPaths } from '../../common/api/paths';
import { appUnderTest } from '../support/app_under_test';
import {
  axeViolations,
  dismissToasts,
  logIn,
  OUI_GRID_STRUCTURE,
  screenshot,
  unexpectedConsoleErrors,
} from '../support/browser';
import { callApi } from '../support/api';
import { adminClient, TestNames } from '../support/cluster';
import { users } from '../support/users';

const admin = adminClient();
const names = new TestNames();
// A name both users may write: lookup_writer writes lk_*, team_a_writer lk_team_a_*.
const name = names.lookup('team_a_conflict');

describe.each([
  ['light', {}],
  ['dark', { LOOKUPS_THEME_DARK_MODE: 'true' }],
] as const)('in the %s theme', (theme, env) => {
  const app = appUnderTest({
    viewport: { width: 1440, height: 1000 },
    hostEnv: () => ({ ...env }),
  });
  const { page, testSubj } = app;
  const lookup = `${name}_${theme}`;
  names.track(lookup, `${lookup}__lookup`);

  async function rows(caller = users.writer) {
    const res = await callApi<RowsResponse>(app.host().url, 'GET', apiPaths.rows(lookup), {
      caller,
      query: { size: 100, with_ids: true },
    });
    expect(res.status).toBe(200);
    return res.body;
  }

  const stat = (label: string) =>
    page()
      .locator('[data-test-subj="lookupsLookupPage"] .euiStat')
      .filter({ has: page().locator('.euiStat__description', { hasText: label }) })
      .locator('.euiStat__title')
      .innerText();

  beforeAll(async () => {
    const res = await callApi(app.host().url, 'POST', apiPaths.write(lookup), {
      caller: users.writer,
      body: {
        schema: [
          { name: 'host', type: 'string' },
          { name: 'count', type: 'bigint' },
        ],
        datarows: [
          ['web-04', 4],
          ['web-05', 5],
          ['web-06', 6],
        ],
      },
    });
    expect(res.status).toBe(200);
    await logIn(page(), app.host().url, users.writer, `/app/lookups/lookups/${lookup}/rows`);
  });

  it('a stale base at Publish opens the conflict dialog showing the other user’s change', async () => {
    await testSubj('lookupsRowsEdit').click();
    await testSubj('lookupsEditorGrid').waitFor();
    expect((await stat('Versions')).trim()).toBe('1');
    const base = await rows();
    const at = base.datarows.findIndex((r) => r[0] === 'web-04');
    const cell = page().locator(`[data-lookups-row="${at}"][data-lookups-column="1"]`);
    await cell.click();
    await page().keyboard.press('Enter');
    const input = testSubj('lookupsEditorCellInput');
    await input.fill('40');
    await input.press('Enter');
    await input.waitFor({ state: 'detached' });
    await testSubj('lookupsEditorSave').click();
    await testSubj('lookupsEditPreview').waitFor();

    // Meanwhile team_a_writer renames web-05.
    const id = base.ids![base.datarows.findIndex((r) => r[0] === 'web-05')];
    const other = await callApi(app.host().url, 'POST', apiPaths.edit(lookup), {
      caller: users.teamAWriter,
      body: { base_slice: base.slice, update: [{ id, row: { host: 'web-05b', count: 5 } }] },
    });
    expect(other.status).toBe(200);

    await testSubj('lookupsEditPublish').click();
    const dialog = testSubj('lookupsStaleBase');
    await dialog.waitFor();
    expect(await page().locator('body').innerText()).not.toContain('[object Object]');
    expect(await testSubj('lookupsEditorError').count()).toBe(0);
    expect(await testSubj('lookupsStaleMessage').innerText()).toContain('written by team_a_writer');
    await testSubj('lookupsCompareByKey').waitFor();
    expect(await testSubj('lookupsCompareCounts').innerText()).toBe(
      'By host: 1 added, 1 removed, 0 changed, 2 unchanged.'
    );
    expect(await testSubj('lookupsCompareAdded').innerText()).toContain('"web-05b"');
    expect(await testSubj('lookupsCompareRemovedRows').innerText()).toContain('"web-05"');
    // The header already counts team_a_writer's version.
    await page().waitForFunction(
      () =>
        [...document.querySelectorAll('[data-test-subj="lookupsLookupPage"] .euiStat')].some(
          (s) =>
            s.querySelector('.euiStat__description')?.textContent === 'Versions' &&
            s.querySelector('.euiStat__title')?.textContent === '2'
        ),
      undefined,
      { timeout: 10_000 }
    );
    expect(await axeViolations(page(), OUI_GRID_STRUCTURE)).toEqual([]);
    await screenshot(page(), `editor-conflict-${theme}`);

    await testSubj('lookupsStaleReapply').click();
    await dialog.waitFor({ state: 'detached' });
    await testSubj('lookupsEditorNotice').waitFor();
    await testSubj('lookupsEditorSave').click();
    await testSubj('lookupsEditPublish').click();
    await testSubj('lookupsRowsTable').waitFor();
    await dismissToasts(page());
    const after = await rows();
    expect(
      after.datarows
        .map((r) => [r[0], r[1]])
        .sort((a, b) => String(a[0]).localeCompare(String(b[0])))
    ).toEqual([
      ['web-04', 40],
      ['web-05b', 5],
      ['web-06', 6],
    ]);
    await page().waitForFunction(
      () =>
        [...document.querySelectorAll('[data-test-subj="lookupsLookupPage"] .euiStat')].some(
          (s) =>
            s.querySelector('.euiStat__description')?.textContent === 'Versions' &&
            s.querySelector('.euiStat__title')?.textContent === '3'
        ),
      undefined,
      { timeout: 10_000 }
    );
  });

  it('raised no errors in the page', () => {
    expect(app.browser().pageErrors).toEqual([]);
    // The publish that met a changed version was answered 409 on purpose.
    expect(unexpectedConsoleErrors(app.browser(), [/_edit/])).toEqual([]);
  });
});

afterAll(async () => {
  await names.drop(admin);
});
