/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * A writer's day in the browser, against the real server: run a stats query and read the table,
 * explain it, write it to a lookup with outputlookup, find the lookup in the catalog, overwrite
 * it twice, restore the first version from the Versions tab and see its rows again, import a
 * file, delete the lookup; and on a host with a low row ceiling, the ceiling's way out. Every
 * page is checked with axe and saved as a screenshot.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { appUnderTest } from '../support/app_under_test';
import {
  dismissToasts,
  logIn,
  screenshot,
  axeViolations,
  OUI_GRID_STRUCTURE,
  toastTexts,
  typeQuery,
  unexpectedConsoleErrors,
} from '../support/browser';
import { adminClient, dropIndices, uniqueName } from '../support/cluster';
import { startTestHost } from '../support/host';
import { users } from '../support/users';

const admin = adminClient();
const name = uniqueName('lk_ui_hosts');
const app = appUnderTest({ logIn: { user: users.writer, path: '/app/lookups/query' } });
const { page, testSubj } = app;

const STATS = 'source=web_logs | stats count() as requests by host';
const BY_REGION = `source=web_logs | where status >= 500 | stats count() as errors by region | outputlookup ${name}`;
const FEW = `source=web_logs | sort host | head 3 | fields host, status | outputlookup ${name}`;

afterAll(async () => {
  await dropIndices(admin, name, `${name}__lookup`);
});

async function run(query: string) {
  await typeQuery(page(), query);
  await testSubj('lookupsQueryRun').click();
  await page()
    .locator(
      '[data-test-subj="lookupsQueryTable"], [data-test-subj="lookupsWriteSummary"], [data-test-subj="lookupsQueryError"], [data-test-subj="lookupsQueryCeiling"], [data-test-subj="lookupsJobFailed"]'
    )
    .first()
    .waitFor();
}

it('runs a stats query (Ctrl+Enter) and shows the table with column types', async () => {
  await typeQuery(page(), STATS);
  await testSubj('pplEditorInput').press('Control+Enter');
  const table = testSubj('lookupsQueryTable');
  await table.waitFor();
  expect(await testSubj('lookupsQueryResultsTotal').innerText()).toBe('12 rows');
  const headers = await table.locator('[role="columnheader"]').allInnerTexts();
  expect(headers.map((h) => h.replace(/\s+/g, ' ').trim())).toEqual([
    'requests bigint',
    'host string',
  ]);
  // Two columns of 12 rows (the grid has no row elements, only cells).
  expect(await table.locator('[role="gridcell"]').count()).toBe(24);
  // Sorting is in the browser: by host, descending, from the column's menu.
  await table.locator('[role="columnheader"]').nth(1).locator('button').click();
  await page().getByText('Sort Z-A').click();
  // The topmost cell of the host column (cells are placed by position).
  const topHost = await page().evaluate(() => {
    const headers = [
      ...document.querySelectorAll('[data-test-subj="lookupsQueryTable"] [role="columnheader"]'),
    ];
    const left = headers[1].getBoundingClientRect().left;
    const cells = [
      ...document.querySelectorAll('[data-test-subj="lookupsQueryTable"] [role="gridcell"]'),
    ]
      .filter((c) => Math.abs(c.getBoundingClientRect().left - left) < 2)
      .sort((a, b) => a.getBoundingClientRect().top - b.getBoundingClientRect().top);
    return cells[0]?.textContent ?? '';
  });
  expect(topHost).toContain('web-12');
  expect(await axeViolations(page(), OUI_GRID_STRUCTURE)).toEqual([]);
  await screenshot(page(), 'query');
});

it('completes commands and marks a syntax error where the parser finds it', async () => {
  const input = testSubj('pplEditorInput');
  await input.fill('');
  await input.pressSequentially('source=web_logs | sta');
  await testSubj('pplCompletions').waitFor();
  expect(await testSubj('pplCompletions').innerText()).toContain('stats');
  await input.press('Enter');
  expect(await input.inputValue()).toBe('source=web_logs | stats ');

  await input.fill('source=web_logs | frobnicate');
  await testSubj('lookupsQueryRun').click();
  const marker = testSubj('pplErrorMarker');
  await marker.waitFor();
  expect(await marker.innerText()).toBe('frobnicate');
  expect(await testSubj('lookupsQuerySyntaxError-parser').innerText()).toContain(
    'unknown command "frobnicate"'
  );
  await screenshot(page(), 'query-error');
});

it('explains a write before running it', async () => {
  await typeQuery(page(), `${STATS} | outputlookup ${name}`);
  await testSubj('lookupsQueryExplain').click();
  await testSubj('lookupsExplain').waitFor();
  expect(await testSubj('lookupsExplainOutput').innerText()).toContain(name);
  expect(await testSubj('lookupsExplainOutput').innerText()).toContain('created');
  expect(await testSubj('lookupsExplainPlan').locator('tbody tr').count()).toBeGreaterThan(1);
  expect(await axeViolations(page(), OUI_GRID_STRUCTURE)).toEqual([]);
  await screenshot(page(), 'query-explain');
  // Explaining wrote nothing.
  expect((await admin.indices.exists({ index: `${name}__lookup` })).body).toBe(false);
});

it('writes it with outputlookup and shows what was written, with a link', async () => {
  await run(`${STATS} | outputlookup ${name}`);
  const summary = testSubj('lookupsWriteSummary');
  expect(await summary.innerText()).toContain(`Wrote 12 rows to ${name}`);
  expect(await testSubj('lookupsWriteAction').innerText()).toBe('created');
  expect(await testSubj('lookupsWriteOpen').getAttribute('href')).toBe(
    `/app/lookups/lookups/${name}/rows`
  );
  expect(await axeViolations(page(), OUI_GRID_STRUCTURE)).toEqual([]);
  await screenshot(page(), 'query-write');
  // Recent queries are kept for this user, in this browser.
  const recent = await page().evaluate(() =>
    window.localStorage.getItem('lookups.recentQueries.lookup_writer')
  );
  expect(JSON.parse(recent ?? '[]')[0].query).toBe(`${STATS} | outputlookup ${name}`);
});

it('finds the lookup in the catalog', async () => {
  await testSubj('lookupsTab-catalog').click();
  await testSubj('lookupsCatalogTable').waitFor();
  await testSubj('lookupsCatalogSearch').fill(name);
  const row = testSubj(`lookupsCatalogRow-${name}`);
  await row.waitFor();
  expect(await page().locator('[data-test-subj^="lookupsCatalogRow-"]').count()).toBe(1);
  const text = await row.innerText();
  expect(text).toContain('Managed');
  expect(text).toMatch(/\b12\b/);
  expect(await axeViolations(page(), OUI_GRID_STRUCTURE)).toEqual([]);
  await screenshot(page(), 'catalog');
});

it('overwrites twice; each write says "overwritten"', async () => {
  await testSubj('lookupsTab-query').click();
  await run(BY_REGION);
  expect(await testSubj('lookupsWriteAction').innerText()).toBe('overwritten');
  await run(FEW);
  expect(await testSubj('lookupsWriteAction').innerText()).toBe('overwritten');
  expect(await testSubj('lookupsWriteRows').innerText()).toBe('3');
});

it('restores the first version from Versions, after a confirm', async () => {
  await testSubj('lookupsWriteVersions').click();
  const timeline = testSubj('lookupsVersionsTimeline');
  await timeline.waitFor();
  const entries = page().locator('[data-test-subj^="lookupsVersion-"][class*="euiComment"]');
  expect(await entries.count()).toBe(3);
  expect(await entries.first().innerText()).toContain('Current');
  expect(await entries.last().innerText()).toContain('lookup_writer');
  expect(await entries.last().innerText()).toContain('created');
  expect(await entries.last().innerText()).toContain('Rows: 12');
  expect(await entries.last().innerText()).toContain(`outputlookup ${name}`);
  // The header's breadcrumbs follow the page a render later (and OUI's responsive layout a
  // resize later): wait for them as a user would see them.
  const crumbs = new RegExp(`Lookups\\s*Catalog\\s*${name}\\s*Versions`);
  await page()
    .waitForFunction(
      (source) =>
        new RegExp(source).test(
          (document.querySelector('[data-test-subj="breadcrumbs"]') as HTMLElement | null)
            ?.innerText ?? ''
        ),
      crumbs.source,
      { timeout: 5_000 }
    )
    .catch(() => undefined);
  expect(await page().locator('[data-test-subj="breadcrumbs"]').innerText()).toMatch(crumbs);
  expect(await axeViolations(page(), OUI_GRID_STRUCTURE)).toEqual([]);
  await screenshot(page(), 'lookup-versions');

  await entries.last().locator('[data-test-subj^="lookupsVersionRestore-"]').click();
  const modal = testSubj('lookupsRestoreModal');
  await modal.waitFor();
  expect(await modal.innerText()).toContain('12 rows');
  expect(await axeViolations(page(), OUI_GRID_STRUCTURE)).toEqual([]);
  await screenshot(page(), 'lookup-restore');
  await modal.locator('[data-test-subj="confirmModalConfirmButton"]').click();
  await modal.waitFor({ state: 'detached' });
  // The restored (first, oldest) version is current, and the restore is the newest event.
  await page().waitForFunction(
    () =>
      Array.from(
        document.querySelectorAll('[data-test-subj="lookupsVersionsTimeline"] .euiComment')
      )
        .filter((el) => el.getAttribute('data-test-subj')?.startsWith('lookupsVersion-'))
        .pop()
        ?.textContent?.includes('Current') ?? false
  );
  const restored = page().locator('[data-test-subj="lookupsVersionsTimeline"] .euiComment').first();
  expect(await restored.getAttribute('data-test-subj')).toMatch(/^lookupsVersionEvent-restored-/);
  expect(await restored.innerText()).toContain('lookup_writer');
  expect(await restored.innerText()).toMatch(/restored version \w+ \(12 rows, replacing \w+\)/);
  expect((await toastTexts(page())).join(' ')).toContain('Restored version');
  await dismissToasts(page());
});

it('shows the old rows again in Rows', async () => {
  await testSubj('lookupsLookupTab-rows').click();
  const table = testSubj('lookupsRowsTable');
  await table.waitFor();
  await page().waitForFunction(
    () => document.querySelectorAll('[data-test-subj="lookupsRowsTable"] tbody tr').length === 12
  );
  const headers = (await table.locator('thead th').allInnerTexts()).join(' ');
  expect(headers).toContain('requests');
  expect(headers).toContain('host');
  expect(await testSubj('lookupsRowsTotal').innerText()).toBe('Rows 1–12 of 12');
  expect(await axeViolations(page(), OUI_GRID_STRUCTURE)).toEqual([]);
  await screenshot(page(), 'lookup-rows');
});

it('searches the rows, all matches and best matches with scores', async () => {
  await testSubj('lookupsRowsSearch').fill('web-07');
  await testSubj('lookupsRowsSearchButton').click();
  const results = testSubj('lookupsSearchTable');
  await results.waitFor();
  await page().waitForFunction(
    () => document.querySelectorAll('[data-test-subj="lookupsSearchTable"] tbody tr').length === 1
  );
  expect(await results.innerText()).toContain('web-07');
  await page().getByText('Best matches').click();
  await page().waitForFunction(() =>
    document
      .querySelector('[data-test-subj="lookupsSearchTable"] thead')
      ?.textContent?.includes('_score')
  );
  // Best matches score every row sharing a word ("web"): all 12, shown best first.
  await page().waitForFunction(() =>
    document
      .querySelector('[data-test-subj="lookupsSearchTotal"]')
      ?.textContent?.includes('best first')
  );
  expect(await testSubj('lookupsSearchTotal').innerText()).toBe(
    '12 matches for "web-07", best first'
  );
  await screenshot(page(), 'lookup-search');
});

it('shows the fields with the versions that carry them', async () => {
  await testSubj('lookupsLookupTab-fields').click();
  const table = testSubj('lookupsFieldsTable');
  await table.waitFor();
  // By default the current (restored, first) version's fields; the other versions' behind a switch.
  const current = await table.innerText();
  expect(current).toContain('requests');
  expect(current).not.toContain('region');
  await testSubj('lookupsFieldsAllVersions').click();
  await page().waitForFunction(() =>
    document.querySelector('[data-test-subj="lookupsFieldsTable"]')?.textContent?.includes('region')
  );
  const all = await table.innerText();
  expect(all).toContain('requests');
  expect(all).toMatch(/current/);
  expect(await axeViolations(page(), OUI_GRID_STRUCTURE)).toEqual([]);
  await screenshot(page(), 'lookup-fields');
});

it('shows the storage, alias filter and export links in Settings', async () => {
  await testSubj('lookupsLookupTab-settings').click();
  await testSubj('lookupsSettingsTab').waitFor();
  expect(await testSubj('lookupsSettingsBackingIndex').innerText()).toBe(`${name}__lookup`);
  expect(await testSubj('lookupsSettingsFilter').innerText()).toContain('__lookup');
  const csv = await testSubj('lookupsExportCsv').getAttribute('href');
  expect(csv).toBe(`/api/lookups/${name}/_export?format=csv`);
  // The link downloads what the server streams (the session cookie goes along).
  const answer = await page().request.get(`${app.host().url}${csv}`);
  expect(answer.status()).toBe(200);
  expect((await answer.text()).split('\n')[0]).toMatch(/host|requests/);
  expect(await axeViolations(page(), OUI_GRID_STRUCTURE)).toEqual([]);
  await screenshot(page(), 'lookup-settings');
});

it('keeps the tab across a reload', async () => {
  await page().reload();
  await testSubj('lookupsSettingsTab').waitFor();
  expect(new URL(page().url()).pathname).toBe(`/app/lookups/lookups/${name}/settings`);
});

it('imports a CSV file as a new version', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'lookups-import-'));
  const file = join(dir, 'hosts.csv');
  writeFileSync(file, 'host,owner\nweb-98,ana\nweb-99,bob\n');
  try {
    await testSubj('lookupsImportFile').setInputFiles(file);
    await testSubj('lookupsImportSubmit').click();
    const done = testSubj('lookupsImportDone');
    await done.waitFor();
    expect(await done.innerText()).toContain('2 rows written (overwritten)');
    await dismissToasts(page());
    expect(await axeViolations(page(), OUI_GRID_STRUCTURE)).toEqual([]);
    await screenshot(page(), 'lookup-import');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  await testSubj('lookupsLookupTab-rows').click();
  await page().waitForFunction(
    () => document.querySelectorAll('[data-test-subj="lookupsRowsTable"] tbody tr').length === 2
  );
  const headers = (await testSubj('lookupsRowsTable').locator('thead th').allInnerTexts()).join(
    ' '
  );
  expect(headers).toContain('owner');
  // Only the current version's columns show.
  expect(headers).not.toContain('requests');
});

it('deletes the lookup after the name is typed, and returns to the catalog', async () => {
  await testSubj('lookupsLookupTab-settings').click();
  await testSubj('lookupsDeleteButton').click();
  const modal = testSubj('lookupsDeleteModal');
  await modal.waitFor();
  expect(await testSubj('lookupsDeleteWhat').innerText()).toContain(`${name}: `);
  expect(await modal.locator('[data-test-subj="confirmModalConfirmButton"]').isDisabled()).toBe(
    true
  );
  await testSubj('lookupsDeleteConfirmName').fill(name);
  expect(await axeViolations(page(), OUI_GRID_STRUCTURE)).toEqual([]);
  await screenshot(page(), 'lookup-delete');
  await modal.locator('[data-test-subj="confirmModalConfirmButton"]').click();
  await testSubj('lookupsCatalogPage').waitFor();
  expect(new URL(page().url()).pathname).toBe('/app/lookups/lookups');
  expect(await testSubj(`lookupsCatalogRow-${name}`).count()).toBe(0);
  expect((await admin.indices.exists({ index: `${name}__lookup` })).body).toBe(false);
});

it('shows the ceiling and the setting behind it for a write job over it; max= gets it through', async () => {
  const small = await startTestHost({ LOOKUPS_MAX_ROWS: '5' });
  try {
    await logIn(page(), small.url, users.writer, '/app/lookups/query');
    // A write runs as a job: the ceiling stops it, the failed job names the setting, and one
    // click puts max= into the query.
    await run(`${STATS} | outputlookup ${name}`);
    const failed = testSubj('lookupsQueryCeiling');
    await failed.waitFor();
    expect(await failed.innerText()).toContain('ceiling');
    expect(await testSubj('lookupsQueryCeilingSetting').innerText()).toContain(
      'lookups.max_rows = 5'
    );
    expect(await axeViolations(page(), OUI_GRID_STRUCTURE)).toEqual([]);
    await screenshot(page(), 'query-ceiling');
    await testSubj('lookupsQueryAddMax').click();
    expect(await page().locator('[data-test-subj="pplEditorInput"]').inputValue()).toContain(
      `outputlookup max=5 ${name}`
    );
    await testSubj('lookupsQueryRun').click();
    await testSubj('lookupsWriteSummary').waitFor();
    expect(await testSubj('lookupsWriteRows').innerText()).toBe('5');
  } finally {
    await small.stop();
  }
});

it('raised no errors in the page besides the refusal it provoked', () => {
  expect(app.browser().pageErrors).toEqual([]);
  expect(
    unexpectedConsoleErrors(app.browser(), [/status of 400 .*\/api\/lookups\/_query\)$/])
  ).toEqual([]);
});
