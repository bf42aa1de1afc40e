/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Editing a lookup in place (#23) in Chromium against the real server, as a writer: the Rows tab
 * shows the columns in their written order (#24 defect 6); the editor changes cells, adds rows,
 * takes a pasted block, drops a column, asks before its unsaved work is left, previews and
 * publishes a new version; a version changed underneath gives the stale-base flow; the Versions
 * tab names the edit. A reader gets the rows read-only with the reason and no edit control.
 * Axe at 1440 and 1024 px.
 */
import type { RowsResponse } from '../../common/api/codecs';
import { apiPaths } from '../../common/api/paths';
import { appUnderTest } from '../support/app_under_test';
import {
  axeViolations,
  dismissToasts,
  logIn,
  logOut,
  OUI_GRID_STRUCTURE,
  screenshot,
  toastTexts,
  unexpectedConsoleErrors,
} from '../support/browser';
import { callApi } from '../support/api';
import { adminClient, TestNames } from '../support/cluster';
import { users } from '../support/users';

const admin = adminClient();
const names = new TestNames();
const name = names.lookup('edit_ui');
const app = appUnderTest({ viewport: { width: 1440, height: 1000 } });
const { page, testSubj } = app;
const rowsPath = `/app/lookups/lookups/${name}/rows`;

async function currentRows() {
  const res = await callApi<RowsResponse>(app.host().url, 'GET', apiPaths.rows(name), {
    caller: users.writer,
    query: { size: 100 },
  });
  expect(res.status).toBe(200);
  const columns = res.body.schema.map((c) => c.name);
  const rows = res.body.datarows.map((values) =>
    Object.fromEntries(columns.map((c, i) => [c, values[i] ?? null]))
  );
  return { columns, rows, slice: res.body.slice };
}

const byHost = (rows: Array<Record<string, unknown>>) =>
  [...rows].sort((a, b) => String(a.host).localeCompare(String(b.host)));

/** The grid cell of the editor at a row and column position (0-based, data columns only). */
const cell = (row: number, column: number) =>
  page().locator(`[data-lookups-row="${row}"][data-lookups-column="${column}"]`);

async function editCell(row: number, column: number, text: string) {
  await cell(row, column).click();
  await page().keyboard.press('Enter');
  const input = testSubj('lookupsEditorCellInput');
  await input.waitFor();
  await input.fill(text);
  await input.press('Enter');
  await input.waitFor({ state: 'detached' });
}

/** A block pasted at the focused cell, as a spreadsheet's copy puts it on the clipboard. */
async function pasteAt(row: number, column: number, text: string) {
  await cell(row, column).click();
  await page().evaluate((block) => {
    const data = new DataTransfer();
    data.setData('text/plain', block);
    document.activeElement?.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true })
    );
  }, text);
}

/** Whether the grid's rows scroll inside it (some out of sight) instead of all showing. */
const rowsHiddenInGrid = () =>
  cell(0, 0).evaluate((element) => {
    for (let at = element.parentElement; at; at = at.parentElement) {
      if (['auto', 'scroll'].includes(getComputedStyle(at).overflowY)) {
        return at.scrollHeight > at.clientHeight + 1;
      }
    }
    return false;
  });

const pending = async () => (await testSubj('lookupsEditorPending').innerText()).trim();

beforeAll(async () => {
  const res = await callApi(app.host().url, 'POST', apiPaths.write(name), {
    caller: users.writer,
    body: {
      // Not in alphabetical order: the Rows tab must keep this one.
      schema: [
        { name: 'zone', type: 'string' },
        { name: 'host', type: 'string' },
        { name: 'count', type: 'bigint' },
        { name: 'note', type: 'string' },
      ],
      datarows: [
        ['eu', 'a1', 1, 'x'],
        ['eu', 'a2', 2, 'x'],
        ['us', 'b1', 3, 'x'],
        ['us', 'b2', 4, 'x'],
      ],
    },
  });
  expect(res.status).toBe(200);
  await logIn(page(), app.host().url, users.writer, rowsPath);
});

afterAll(async () => {
  await names.drop(admin);
});

it('shows the rows with the columns in the order they were written (#24 defect 6)', async () => {
  const table = testSubj('lookupsRowsTable');
  await table.locator('tbody tr').first().waitFor();
  const headers = await table.locator('thead th').allInnerTexts();
  expect(headers.map((h) => h.trim().split(/\s+/)[0])).toEqual(['zone', 'host', 'count', 'note']);
  await testSubj('lookupsRowsEdit').waitFor();
  expect(await testSubj('lookupsRowsEdit').isEnabled()).toBe(true);
});

it('edits cells, adds a row, takes a pasted 3×2 block and drops a column, marking each change', async () => {
  await testSubj('lookupsRowsEdit').click();
  await testSubj('lookupsEditorGrid').waitFor();
  await cell(3, 0).waitFor();
  expect(await pending()).toBe('No pending changes');
  expect(await testSubj('lookupsEditorSave').isEnabled()).toBe(false);

  await editCell(0, 2, '10');
  await editCell(1, 1, 'a2-renamed');
  expect(await pending()).toBe('2 pending changes');
  expect(await cell(0, 2).innerText()).toContain('10');
  expect(await cell(0, 2).innerText()).toContain('(changed)');

  await testSubj('lookupsEditorAddRow').click();
  await cell(4, 0).waitFor();
  expect(await pending()).toBe('3 pending changes');

  // Three lines of zone and host from a spreadsheet, at the new row: two more rows are added.
  await pasteAt(4, 0, 'ap\tc1\nap\tc2\nap\tc3\n');
  await cell(6, 1).waitFor();
  expect(await cell(6, 1).innerText()).toContain('c3');
  // The grid grows with the rows: all seven show at once, none hidden below its fold.
  expect(await rowsHiddenInGrid()).toBe(false);
  expect(await pending()).toBe('5 pending changes');
  await editCell(4, 2, '7');

  // Undo and redo go a step back and forth.
  await testSubj('lookupsEditorUndo').click();
  expect(await cell(4, 2).innerText()).not.toContain('7');
  await testSubj('lookupsEditorRedo').click();
  expect(await cell(4, 2).innerText()).toContain('7');

  // A pasted text its column cannot take is kept, marked, and holds Save back.
  await pasteAt(5, 2, 'many');
  await testSubj('lookupsEditorInvalid').waitFor();
  expect(await testSubj('lookupsEditorSave').isEnabled()).toBe(false);
  await editCell(5, 2, '8');
  await testSubj('lookupsEditorInvalid').waitFor({ state: 'detached' });

  await testSubj('dataGridHeaderCellActionButton-b:note').click();
  await testSubj('lookupsEditorDrop-note').click();
  await testSubj('lookupsEditorDropConfirm').waitFor();
  await testSubj('confirmModalConfirmButton').click();
  await testSubj('lookupsEditorColumn-note').waitFor({ state: 'detached' });
  expect(await pending()).toBe('6 pending changes');

  expect(await axeViolations(page(), OUI_GRID_STRUCTURE)).toEqual([]);
  await screenshot(page(), 'editor-1440');
  await page().setViewportSize({ width: 1024, height: 900 });
  expect(await axeViolations(page(), OUI_GRID_STRUCTURE)).toEqual([]);
  await screenshot(page(), 'editor-1024');
  await page().setViewportSize({ width: 1440, height: 1000 });
});

it('asks before leaving unsaved changes, and stays when told to', async () => {
  await testSubj('lookupsLookupTab-versions').click();
  await testSubj('lookupsLeaveConfirm').waitFor();
  expect(await testSubj('lookupsLeaveConfirm').innerText()).toContain('6 pending changes');
  expect(await axeViolations(page(), OUI_GRID_STRUCTURE)).toEqual([]);
  await testSubj('confirmModalCancelButton').click();
  await testSubj('lookupsLeaveConfirm').waitFor({ state: 'detached' });
  expect(page().url()).toContain('edit=true');
  expect(await pending()).toBe('6 pending changes');

  // Reloading (or closing) the page asks too: the browser's own question, answered "stay".
  const asked = new Promise<string>((resolve) =>
    page().once('dialog', (dialog) => {
      resolve(dialog.type());
      void dialog.dismiss();
    })
  );
  await page().evaluate(() => window.location.reload());
  expect(await asked).toBe('beforeunload');
  expect(await pending()).toBe('6 pending changes');
});

it('previews what will change, then publishes it as a new version', async () => {
  const before = await currentRows();
  await testSubj('lookupsEditorSave').click();
  const preview = testSubj('lookupsEditPreview');
  await preview.waitFor();
  const summary = (await testSubj('lookupsCompareSummary').innerText()).replace(/\s+/g, ' ');
  expect(summary).toContain('4 → 7');
  expect(summary).toContain('Columns removed note');
  expect(await axeViolations(page(), OUI_GRID_STRUCTURE)).toEqual([]);
  await screenshot(page(), 'editor-preview');
  // The preview wrote nothing.
  expect((await currentRows()).slice).toBe(before.slice);

  await testSubj('lookupsEditPublish').click();
  await preview.waitFor({ state: 'detached' });
  await testSubj('lookupsRowsTable').waitFor();
  expect((await toastTexts(page())).join(' ').replace(/\s+/g, ' ')).toMatch(
    /Published version \w+ of "lk_edit_ui\w*" 3 added, 0 deleted, 2 changed rows; 7 rows in all\./
  );
  await dismissToasts(page());

  const after = await currentRows();
  expect(after.slice).not.toBe(before.slice);
  expect(after.columns).toEqual(['zone', 'host', 'count']);
  expect(byHost(after.rows)).toEqual([
    { zone: 'eu', host: 'a1', count: 10 },
    { zone: 'eu', host: 'a2-renamed', count: 2 },
    { zone: 'us', host: 'b1', count: 3 },
    { zone: 'us', host: 'b2', count: 4 },
    { zone: 'ap', host: 'c1', count: 7 },
    { zone: 'ap', host: 'c2', count: 8 },
    { zone: 'ap', host: 'c3', count: null },
  ]);
  expect(await testSubj('lookupsRowsTotal').innerText()).toMatch(/of 7/);
});

it('a version changed underneath: compares, then applies the edit to the current version', async () => {
  await testSubj('lookupsRowsEdit').click();
  await cell(6, 2).waitFor();
  const rowOfB1 = (await currentRows()).rows.findIndex((r) => r.host === 'b1');
  await editCell(rowOfB1, 2, '30');
  expect(await pending()).toBe('1 pending change');

  // Meanwhile someone else publishes an edit that adds a row.
  const { slice } = await currentRows();
  const other = await callApi(app.host().url, 'POST', apiPaths.edit(name), {
    caller: users.writer,
    body: { base_slice: slice, add: [{ zone: 'sa', host: 'd1', count: 9 }] },
  });
  expect(other.status).toBe(200);

  await testSubj('lookupsEditorSave').click();
  const stale = testSubj('lookupsStaleBase');
  await stale.waitFor();
  expect(await testSubj('lookupsStaleMessage').innerText()).toMatch(
    /changed since your edit began.*written by lookup_writer/s
  );
  await testSubj('lookupsCompareSummary').waitFor();
  expect((await testSubj('lookupsCompareSummary').innerText()).replace(/\s+/g, ' ')).toContain(
    '7 → 8'
  );
  expect(await axeViolations(page(), OUI_GRID_STRUCTURE)).toEqual([]);
  await screenshot(page(), 'editor-stale-base');

  await testSubj('lookupsStaleReapply').click();
  await stale.waitFor({ state: 'detached' });
  expect(await testSubj('lookupsEditorNotice').innerText()).toMatch(
    /Your changes now apply to version/
  );
  expect(await pending()).toBe('1 pending change');
  await testSubj('lookupsEditorSave').click();
  await testSubj('lookupsEditPublish').click();
  await testSubj('lookupsRowsTable').waitFor();
  await dismissToasts(page());

  const rows = byHost((await currentRows()).rows);
  expect(rows.find((r) => r.host === 'b1')).toEqual({ zone: 'us', host: 'b1', count: 30 });
  expect(rows.find((r) => r.host === 'd1')).toEqual({ zone: 'sa', host: 'd1', count: 9 });
  expect(rows).toHaveLength(8);
});

it('leaving with unsaved changes, once confirmed, discards them; Versions names the edits', async () => {
  const before = await currentRows();
  await testSubj('lookupsRowsEdit').click();
  await cell(0, 0).waitFor();
  await editCell(0, 0, 'zz');
  await testSubj('lookupsLookupTab-versions').click();
  await testSubj('lookupsLeaveConfirm').waitFor();
  await testSubj('confirmModalConfirmButton').click();
  await testSubj('lookupsVersionsTab').waitFor();
  expect((await currentRows()).slice).toBe(before.slice);

  const current = testSubj(`lookupsVersion-${before.slice}`);
  expect(await current.innerText()).toContain('edited in the editor');
  expect(await current.locator('[data-test-subj="lookupsVersionEdit"]').innerText()).toMatch(
    /~1 changed/
  );
  expect(await axeViolations(page())).toEqual([]);
});

it('creates an empty lookup from named columns and types, then fills it in the editor', async () => {
  const created = names.lookup('edit_new');
  await page().goto(`${app.host().url}/app/lookups/lookups`);
  await testSubj('lookupsCatalogCreateColumns').click();
  const modal = testSubj('lookupsCreateColumnsModal');
  await modal.waitFor();
  await testSubj('lookupsCreateColumnsName').fill(created);
  await testSubj('lookupsCreateColumnsColumnName').fill('code');
  await testSubj('lookupsCreateColumnsAdd').click();
  // A name the server refuses is refused as it is typed.
  await testSubj('lookupsCreateColumnsColumnName').nth(1).fill('_id');
  expect(await testSubj('lookupsCreateColumnsSubmit').isEnabled()).toBe(false);
  await testSubj('lookupsCreateColumnsColumnName').nth(1).fill('weight');
  await testSubj('lookupsCreateColumnsColumnType').nth(1).selectOption('double');
  expect(await axeViolations(page())).toEqual([]);
  await screenshot(page(), 'editor-create-with-columns');
  await testSubj('lookupsCreateColumnsSubmit').click();

  await testSubj('lookupsEditorGrid').waitFor();
  expect(page().url()).toContain(`/lookups/${created}/rows?edit=true`);
  await testSubj('lookupsEditorColumn-weight').waitFor();
  await testSubj('lookupsEditorAddRow').click();
  await editCell(0, 0, 'k1');
  await editCell(0, 1, '1.5');
  await testSubj('lookupsEditorSave').click();
  await testSubj('lookupsEditPublish').click();
  await testSubj('lookupsRowsTable').waitFor();
  await dismissToasts(page());
  const rows = await callApi<RowsResponse>(app.host().url, 'GET', apiPaths.rows(created), {
    caller: users.writer,
  });
  expect(rows.body.schema.map((c) => c.name)).toEqual(['code', 'weight']);
  expect(rows.body.datarows).toEqual([['k1', 1.5]]);
});

it('shows a reader the rows read-only, with the reason and no edit control', async () => {
  await logOut(page());
  await logIn(page(), app.host().url, users.reader, `${rowsPath}?edit=true`);
  await testSubj('lookupsRowsTable').locator('tbody tr').first().waitFor();
  await testSubj('lookupsRowsReadOnly').waitFor();
  expect(await testSubj('lookupsRowsReadOnly').innerText()).toMatch(/Read-only: .*write/i);
  expect(await testSubj('lookupsRowsEdit').count()).toBe(0);
  expect(await testSubj('lookupsEditor').count()).toBe(0);
  expect(await axeViolations(page())).toEqual([]);
  await page().setViewportSize({ width: 1024, height: 900 });
  expect(await axeViolations(page())).toEqual([]);
  await screenshot(page(), 'editor-reader-1024');
});

it('raised no errors in the page', () => {
  expect(app.browser().pageErrors).toEqual([]);
  // The save that met a changed version was answered 409 on purpose.
  expect(unexpectedConsoleErrors(app.browser(), [/_edit/])).toEqual([]);
});
