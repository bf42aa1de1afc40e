/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Saved queries in Chromium, as lookup_writer against the real server: the Query page saves the
 * editor's text as an OSD `query` saved object (the one Discover's PPL saved queries are), opens
 * it again from the list, and makes a schedule of it, whose form refuses a too short interval as
 * it is typed. The schedules list shows the saved query's title, the query and the description;
 * when the saved query is saved again with other text, the schedule is marked and keeps running
 * its own copy until its owner takes the new text. Axe finds nothing on these pages and dialogs
 * at 1024 and 1440 px, in the light theme and in the dark one.
 */
import type { Page } from 'playwright-core';
import { apiPaths } from '../../common/api/paths';
import type { Schedule } from '../../common/api/schedules';
import { callApi } from '../support/api';
import { appUnderTest, type AppUnderTest } from '../support/app_under_test';
import {
  axeViolations,
  dismissToasts,
  OUI_GRID_STRUCTURE,
  screenshot,
  typeQuery,
  unexpectedConsoleErrors,
} from '../support/browser';
import { adminClient, dropIndices, uniqueName } from '../support/cluster';
import { users } from '../support/users';

const admin = adminClient();
const soIndex = uniqueName('.kibana_lookups_sq_ui');
const lookup = uniqueName('lk_sq_ui');
const SAVED_OBJECTS = '/api/saved_objects/query';

/** The caller's schedules of this file's lookup go (the lookup itself is dropped after). */
async function deleteSchedules(url: string) {
  const mine = await callApi<{ schedules: Schedule[] }>(url, 'GET', apiPaths.schedules(), {
    caller: users.writer,
  });
  for (const s of mine.body.schedules?.filter((x) => x.lookup === lookup) ?? []) {
    await callApi(url, 'DELETE', apiPaths.schedule(s.id), { caller: users.writer });
  }
}

/** Axe on the page as it is, at 1024 px and at 1440 px wide. */
async function axeAtBothWidths(page: Page, name: string) {
  const found: Record<string, unknown> = {};
  for (const width of [1024, 1440]) {
    await page.setViewportSize({ width, height: 1000 });
    found[width] = await axeViolations(page, OUI_GRID_STRUCTURE);
    await screenshot(page, `${name}-${width}`);
  }
  expect(found).toEqual({ 1024: [], 1440: [] });
}

afterAll(() => dropIndices(admin, soIndex, lookup, `${lookup}__lookup`));

describe('in the light theme', () => {
  const title = `Hosts of ${lookup}`;
  const description = 'Every host seen in the web logs';
  const firstText = `source=web_logs | stats count() by host | outputlookup ${lookup}`;
  const newText = `source=web_logs | where status = 200 | stats count() by host | outputlookup ${lookup}`;
  const app: AppUnderTest = appUnderTest({
    hostEnv: () => ({ LOOKUPS_SAVED_OBJECTS_INDEX: soIndex }),
    viewport: { width: 1440, height: 1000 },
    logIn: { user: users.writer, path: '/app/lookups/query' },
    beforeClose: (host) => deleteSchedules(host.url),
  });
  const { page, testSubj } = app;
  const editorText = () => testSubj('pplEditorInput').first().inputValue();

  it('saves the editor’s query as a PPL saved object, and opens it again from the list', async () => {
    await typeQuery(page(), firstText);
    await testSubj('lookupsSavedQuerySave').click();
    await testSubj('lookupsSavedQueryDetails').waitFor();
    await testSubj('lookupsSavedQueryName').fill(title);
    await testSubj('lookupsSavedQueryDescription').fill(description);
    await axeAtBothWidths(page(), 'saved-query-save');
    await testSubj('lookupsSavedQueryDetailsSave').click();
    await testSubj('lookupsSavedQueryDetails').waitFor({ state: 'detached' });
    expect(await testSubj('lookupsSavedQueryHeld').innerText()).toBe(`Saved query: ${title}`);

    // The object Discover reads: type `query`, named by its title, the text with its language.
    const stored = await callApi<{ attributes: unknown }>(
      app.host().url,
      'GET',
      `${SAVED_OBJECTS}/${encodeURIComponent(title)}`,
      { caller: users.reader }
    );
    expect(stored.status).toBe(200);
    expect(stored.body.attributes).toEqual({
      title,
      description,
      query: { query: firstText, language: 'PPL' },
    });

    // A new query empties the editor; the list opens the saved one again.
    await testSubj('lookupsSavedQueryMore').click();
    await testSubj('lookupsSavedQueryMenu-new').click();
    expect(await editorText()).toBe('');
    expect(await testSubj('lookupsSavedQueryHeld').count()).toBe(0);
    await testSubj('lookupsSavedQueriesOpen').click();
    await testSubj('lookupsSavedQueriesFlyout').waitFor();
    await testSubj('lookupsSavedQueriesSearch').fill(lookup);
    const row = testSubj(`lookupsSavedQueryRow-${title}`);
    await row.waitFor();
    expect(await row.innerText()).toContain(description);
    await dismissToasts(page());
    await axeAtBothWidths(page(), 'saved-queries-list');
    await row.locator('[data-test-subj="lookupsSavedQueryOpenLink"]').click();
    await testSubj('lookupsSavedQueriesFlyout').waitFor({ state: 'detached' });
    expect(await editorText()).toBe(firstText);
    expect(await testSubj('lookupsSavedQueryHeld').innerText()).toBe(`Saved query: ${title}`);
    await axeAtBothWidths(page(), 'query-page-saved-query');
  });

  it('schedules the saved query, refusing a too short interval as it is typed', async () => {
    await testSubj('lookupsSavedQueryMore').click();
    await testSubj('lookupsSavedQueryMenu-schedule').click();
    const form = testSubj('lookupsScheduleForm');
    await form.waitFor();
    expect(await testSubj('lookupsScheduleFormSavedQuery').innerText()).toContain(
      `From the saved query “${title}”`
    );
    expect(await page().locator('#lookupsScheduleFormQuery').inputValue()).toBe(firstText);
    expect(await testSubj('lookupsScheduleFormDescription').inputValue()).toBe(description);
    // The form's editor highlights the query as the Query page's does.
    await form
      .locator('[data-test-subj="pplEditorHighlight"] [data-token="command"]')
      .first()
      .waitFor();

    await testSubj('lookupsScheduleFormEvery').fill('30s');
    await form
      .getByText('This schedule would run every 30 s; the shortest period allowed is 60 s')
      .waitFor();
    expect(await testSubj('lookupsScheduleFormNextRuns').count()).toBe(0);
    expect(await testSubj('lookupsScheduleFormSave').isDisabled()).toBe(true);
    await testSubj('lookupsScheduleFormEvery').fill('6h');
    expect(await testSubj('lookupsScheduleFormNextRuns').innerText()).toMatch(/^Next runs: /);
    await axeAtBothWidths(page(), 'schedule-form-saved-query');
    await testSubj('lookupsScheduleFormSave').click();

    const row = testSubj(`lookupsSchedule-${lookup}`);
    await row.waitFor();
    expect(await row.locator('[data-test-subj="lookupsScheduleSavedQuery"]').innerText()).toBe(
      `Saved query: ${title}`
    );
    expect(await row.locator('[data-test-subj="lookupsScheduleQuery"]').innerText()).toBe(
      firstText
    );
    expect(await row.locator('[data-test-subj="lookupsScheduleDescription"]').innerText()).toBe(
      description
    );
    expect(await row.locator('[data-test-subj="lookupsScheduleSavedQueryChanged"]').count()).toBe(
      0
    );
    await dismissToasts(page());
    await axeAtBothWidths(page(), 'schedules-saved-query');
  });

  it('marks the schedule when the saved query changes, and takes the new text only when asked', async () => {
    // A link from another app opens the saved query by its id.
    await page().goto(
      `${app.host().url}/app/lookups/query?savedQuery=${encodeURIComponent(title)}`
    );
    await testSubj('lookupsSavedQueryHeld').waitFor();
    expect(await editorText()).toBe(firstText);
    await typeQuery(page(), newText);
    await testSubj('lookupsSavedQueryChanged').waitFor();
    await testSubj('lookupsSavedQuerySave').click();
    // A saved query is shared with Discover's users: Save asks first, and offers a new one
    // (#33 defect 9). Cancel leaves it as it was.
    const overwrite = testSubj('lookupsSavedQueryOverwriteModal');
    await overwrite.waitFor();
    expect(await overwrite.innerText()).toMatch(/shared.*Discover/s);
    expect(await testSubj('lookupsSavedQueryOverwriteAsNew').isVisible()).toBe(true);
    await axeAtBothWidths(page(), 'saved-query-overwrite');
    await testSubj('lookupsSavedQueryOverwriteCancel').click();
    await overwrite.waitFor({ state: 'detached' });
    await testSubj('lookupsSavedQueryChanged').waitFor();
    await testSubj('lookupsSavedQuerySave').click();
    await testSubj('lookupsSavedQueryOverwriteConfirm').click();
    await testSubj('lookupsSavedQueryChanged').waitFor({ state: 'detached' });

    await testSubj('lookupsTab-schedules').click();
    const row = testSubj(`lookupsSchedule-${lookup}`);
    const changed = row.locator('[data-test-subj="lookupsScheduleSavedQueryChanged"]');
    await changed.waitFor();
    expect(await changed.innerText()).toBe('Changed since');
    // Until taken, the schedule runs its own copy.
    expect(await row.locator('[data-test-subj="lookupsScheduleQuery"]').innerText()).toBe(
      firstText
    );
    await dismissToasts(page());
    await axeAtBothWidths(page(), 'schedules-saved-query-changed');

    await row.locator('[data-test-subj="lookupsScheduleReviewText"]').click();
    const modal = testSubj('lookupsScheduleTakeModal');
    await modal.waitFor();
    expect(await modal.innerText()).toContain(firstText);
    expect(await modal.innerText()).toContain(newText);
    await axeAtBothWidths(page(), 'schedule-take-text');
    await modal.locator('[data-test-subj="confirmModalConfirmButton"]').click();
    await modal.waitFor({ state: 'detached' });
    await changed.waitFor({ state: 'detached' });
    expect(await row.locator('[data-test-subj="lookupsScheduleQuery"]').innerText()).toBe(newText);

    const stored = await callApi<{ updated_at: string }>(
      app.host().url,
      'GET',
      `${SAVED_OBJECTS}/${encodeURIComponent(title)}`,
      { caller: users.writer }
    );
    const mine = await callApi<{ schedules: Schedule[] }>(
      app.host().url,
      'GET',
      apiPaths.schedules(),
      { caller: users.writer }
    );
    const schedule = mine.body.schedules.find((s) => s.lookup === lookup)!;
    expect(schedule.query).toBe(newText);
    expect(schedule.saved_query).toEqual({
      id: title,
      title,
      updated_at: stored.body.updated_at,
    });

    // Deleted, the saved query is gone for everyone; the schedule keeps its copy and says so.
    await testSubj('lookupsTab-query').click();
    await testSubj('lookupsSavedQueryMore').click();
    await testSubj('lookupsSavedQueryMenu-delete').click();
    await testSubj('lookupsSavedQueryDeleteModal').waitFor();
    await axeAtBothWidths(page(), 'saved-query-delete');
    await testSubj('confirmModalConfirmButton').click();
    await testSubj('lookupsSavedQueryHeld').waitFor({ state: 'detached' });
    await testSubj('lookupsTab-schedules').click();
    await row.locator('[data-test-subj="lookupsScheduleSavedQueryDeleted"]').waitFor();
    expect(await row.locator('[data-test-subj="lookupsScheduleQuery"]').innerText()).toBe(newText);
    expect(unexpectedConsoleErrors(app.browser())).toEqual([]);
  });
  it('renames a saved query, keeping its id (schedules made from it keep their link)', async () => {
    const url = app.host().url;
    const id = `Rename me ${lookup}`;
    const created = await callApi(url, 'POST', `${SAVED_OBJECTS}/${encodeURIComponent(id)}`, {
      caller: users.writer,
      body: {
        attributes: { title: id, description: '', query: { query: firstText, language: 'PPL' } },
      },
    });
    expect(created.status).toBe(200);
    await page().goto(`${url}/app/lookups/query?savedQuery=${encodeURIComponent(id)}`);
    await testSubj('lookupsSavedQueryHeld').waitFor();
    await testSubj('lookupsSavedQueryMore').click();
    await testSubj('lookupsSavedQueryMenu-rename').click();
    await testSubj('lookupsSavedQueryDetails').waitFor();
    await testSubj('lookupsSavedQueryName').fill(`Renamed ${lookup}`);
    await axeAtBothWidths(page(), 'saved-query-rename');
    await testSubj('lookupsSavedQueryDetailsSave').click();
    await testSubj('lookupsSavedQueryDetails').waitFor({ state: 'detached' });
    expect(await testSubj('lookupsSavedQueryHeld').innerText()).toBe(
      `Saved query: Renamed ${lookup}`
    );
    const stored = await callApi<{ attributes: { title: string } }>(
      url,
      'GET',
      `${SAVED_OBJECTS}/${encodeURIComponent(id)}`,
      { caller: users.writer }
    );
    expect(stored.body.attributes.title).toBe(`Renamed ${lookup}`);
  });
});

describe('in the dark theme', () => {
  const title = `Dark hosts of ${lookup}`;
  const firstText = `source=web_logs | stats count() by host | outputlookup ${lookup}`;
  const app: AppUnderTest = appUnderTest({
    hostEnv: () => ({ LOOKUPS_SAVED_OBJECTS_INDEX: soIndex, LOOKUPS_THEME_DARK_MODE: 'true' }),
    viewport: { width: 1440, height: 1000 },
    logIn: { user: users.writer, path: '/app/lookups/query' },
    beforeClose: (host) => deleteSchedules(host.url),
  });
  const { page, testSubj } = app;

  it('the saved query bar, list, schedule form, marked schedule and take dialog', async () => {
    const url = app.host().url;
    await deleteSchedules(url);
    const created = await callApi<{ id: string; updated_at: string }>(
      url,
      'POST',
      `${SAVED_OBJECTS}/${encodeURIComponent(title)}`,
      {
        caller: users.writer,
        body: {
          attributes: {
            title,
            description: 'Made by the API',
            query: { query: firstText, language: 'PPL' },
          },
        },
      }
    );
    expect(created.status).toBe(200);
    const made = await callApi(url, 'POST', apiPaths.schedules(), {
      caller: users.writer,
      body: {
        query: firstText,
        every: '1h',
        saved_query: { id: created.body.id, title, updated_at: created.body.updated_at },
      },
    });
    expect(made.status).toBe(200);
    // Someone saves the saved query again with other text.
    await new Promise((done) => setTimeout(done, 20));
    const updated = await callApi(url, 'PUT', `${SAVED_OBJECTS}/${encodeURIComponent(title)}`, {
      caller: users.writer,
      body: { attributes: { query: { query: `${firstText} `, language: 'PPL' } } },
    });
    expect(updated.status).toBe(200);

    await page().goto(`${url}/app/lookups/query?savedQuery=${encodeURIComponent(title)}`);
    await testSubj('lookupsSavedQueryHeld').waitFor();
    await axeAtBothWidths(page(), 'dark-query-page-saved-query');
    await testSubj('lookupsSavedQueriesOpen').click();
    await testSubj(`lookupsSavedQueryRow-${title}`).waitFor();
    await axeAtBothWidths(page(), 'dark-saved-queries-list');
    await page().keyboard.press('Escape');
    await testSubj('lookupsSavedQueriesFlyout').waitFor({ state: 'detached' });
    await testSubj('lookupsSavedQueryMore').click();
    await testSubj('lookupsSavedQueryMenu-saveAs').click();
    await testSubj('lookupsSavedQueryDetails').waitFor();
    await axeAtBothWidths(page(), 'dark-saved-query-save');
    await testSubj('lookupsSavedQueryDetailsCancel').click();
    await testSubj('lookupsSavedQueryMore').click();
    await testSubj('lookupsSavedQueryMenu-schedule').click();
    await testSubj('lookupsScheduleFormSavedQuery').waitFor();
    await testSubj('lookupsScheduleFormEvery').fill('30s');
    await testSubj('lookupsScheduleForm')
      .getByText('the shortest period allowed is 60 s')
      .waitFor();
    await axeAtBothWidths(page(), 'dark-schedule-form-saved-query');
    await page().keyboard.press('Escape');

    await testSubj('lookupsTab-schedules').click();
    const row = testSubj(`lookupsSchedule-${lookup}`);
    await row.locator('[data-test-subj="lookupsScheduleSavedQueryChanged"]').waitFor();
    await dismissToasts(page());
    await axeAtBothWidths(page(), 'dark-schedules-saved-query-changed');
    await row.locator('[data-test-subj="lookupsScheduleReviewText"]').click();
    await testSubj('lookupsScheduleTakeModal').waitFor();
    await axeAtBothWidths(page(), 'dark-schedule-take-text');
    expect(unexpectedConsoleErrors(app.browser())).toEqual([]);
  });
});
