/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * The catalog as a writer walks through it (issue #24): at 1024 px every column reads whole
 * (no time broken over two lines, no header cut off); a legacy lookup offers no Delete; 25
 * lookups go in one bulk delete that shows each one's progress; a ragged CSV's error is in view;
 * at 1440 px the breadcrumb names every level. Axe finds nothing at either width.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import type { Locator, Page } from 'playwright-core';
import { apiPaths } from '../../common/api/paths';
import { appUnderTest } from '../support/app_under_test';
import { axeViolations, logIn, screenshot, unexpectedConsoleErrors } from '../support/browser';
import { callApi } from '../support/api';
import { adminClient, TestNames, uniqueName } from '../support/cluster';
import { createImporterLookups } from '../support/lookups';
import { users } from '../support/users';

const admin = adminClient();
const names = new TestNames();
const versioned = names.lookup('walk');
const batch = uniqueName('lk_bulk');
const bulk = Array.from({ length: 25 }, (_, i) => `${batch}_${String(i).padStart(2, '0')}`);
names.track(...bulk.flatMap((n) => [n, `${n}__lookup`]));
const app = appUnderTest({ viewport: { width: 1024, height: 900 } });
const { page, testSubj } = app;
let legacy: { shared: string; one: string; two: string };
let dir: string;

async function write(name: string, rows: Array<Record<string, unknown>>) {
  const res = await callApi(app.host().url, 'POST', apiPaths.write(name), {
    caller: users.writer,
    body: { rows },
  });
  expect(res.status).toBe(200);
}

/** Lines the text of each element takes (its text's line boxes, by their tops). */
async function linesOf(locator: Locator): Promise<number[]> {
  return locator.evaluateAll((elements) =>
    elements.map((el) => {
      const tops: number[] = [];
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (!node.textContent?.trim()) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const rect of range.getClientRects()) {
          if (rect.width > 0 && !tops.some((top) => Math.abs(top - rect.top) < 4)) {
            tops.push(rect.top);
          }
        }
      }
      return tops.length;
    })
  );
}

/** Elements whose text is cut off: wider than the box that shows it. */
async function cutOff(locator: Locator): Promise<string[]> {
  return locator.evaluateAll((elements) =>
    elements
      .filter((el) => (el as HTMLElement).scrollWidth > (el as HTMLElement).clientWidth + 1)
      .map((el) => el.textContent ?? '')
  );
}

/** The catalog table's cells of the column headed `title`, and its header's text. */
function column(p: Page, title: string) {
  const table = '[data-test-subj="lookupsCatalogTable"] table';
  const index = () =>
    p.evaluate(
      ({ table, title }) =>
        [...document.querySelectorAll(`${table} thead th`)].findIndex(
          (th) => th.textContent?.trim() === title
        ) + 1,
      { table, title }
    );
  return {
    header: async () =>
      p.locator(`${table} thead th:nth-child(${await index()}) .euiTableCellContent__text`),
    cells: async () =>
      p.locator(`${table} tbody td:nth-child(${await index()}) .euiTableCellContent`),
  };
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'lookups-walk-'));
  // Three versions: two old ones to show in "Old versions".
  for (let i = 0; i < 3; i++) await write(versioned, [{ host: `h${i}`, n: i }]);
  for (const name of bulk) await write(name, [{ k: name }]);
  legacy = await createImporterLookups(admin, names);
  await logIn(page(), app.host().url, users.writer, '/app/lookups/lookups');
});

afterAll(async () => {
  await names.drop(admin);
  rmSync(dir, { recursive: true, force: true });
});

it('at 1024 px, Last write keeps the time on one line and Old versions is not cut off', async () => {
  await testSubj('lookupsCatalogSearch').fill(versioned);
  await testSubj(`lookupsCatalogRow-${versioned}`).waitFor();
  await page().waitForFunction(
    () => document.querySelectorAll('[data-test-subj="lookupsCatalogTable"] tbody tr').length === 1
  );
  const lastWrite = column(page(), 'Last write');
  await screenshot(page(), 'catalog-1024');
  expect(await linesOf(await lastWrite.cells())).toEqual([1]);
  const oldVersions = column(page(), 'Old versions');
  expect(await (await oldVersions.header()).innerText()).toBe('Old versions');
  expect(await cutOff(await oldVersions.header())).toEqual([]);
  expect(await (await oldVersions.cells()).innerText()).toBe('2 (2 rows)');
  expect(await cutOff(await oldVersions.cells())).toEqual([]);
  expect(await linesOf(await oldVersions.cells())).toEqual([1]);
  // Nor is any other number or header squeezed: Rows, Size, Versions read whole, on one line.
  for (const title of ['Rows', 'Size', 'Versions', 'Kind']) {
    const other = column(page(), title);
    expect([title, await cutOff(await other.header())]).toEqual([title, []]);
    expect([title, await linesOf(await other.cells())]).toEqual([title, [1]]);
  }
  expect(await axeViolations(page())).toEqual([]);
});

it('offers no Delete on a legacy lookup, in its row or its Settings', async () => {
  await testSubj('lookupsCatalogSearch').fill(legacy.one);
  const row = testSubj(`lookupsCatalogRow-${legacy.one}`);
  await row.waitFor();
  await row.locator(`[data-test-subj="lookupsCatalogMigrate-${legacy.one}"]`).waitFor();
  expect(await row.locator(`[data-test-subj="lookupsCatalog-delete-${legacy.one}"]`).count()).toBe(
    0
  );
  await page().goto(`${app.host().url}/app/lookups/lookups/${legacy.one}/settings`);
  await testSubj('lookupsSettingsNoDelete').waitFor();
  expect(await testSubj('lookupsDeleteButton').count()).toBe(0);
  expect(await axeViolations(page())).toEqual([]);
  await page().goto(`${app.host().url}/app/lookups/lookups`);
});

it('deletes 25 lookups at once, showing each one’s progress, and says select-all took a page', async () => {
  await testSubj('lookupsCatalogSearch').fill(batch);
  await page().waitForFunction(
    () => document.querySelectorAll('[data-test-subj="lookupsCatalogTable"] tbody tr').length === 20
  );
  await testSubj('lookupsCatalogTable').locator('thead input[type="checkbox"]').check();
  const note = testSubj('lookupsCatalogPageSelected');
  await note.waitFor();
  expect(await note.innerText()).toContain('All 20 lookups on this page are selected');
  await note.locator('[data-test-subj="lookupsCatalogSelectAll"]').click();
  expect(await testSubj('lookupsCatalogDeleteSelected').innerText()).toBe('Delete (25 selected)');
  await testSubj('lookupsCatalogDeleteSelected').click();
  const modal = testSubj('lookupsDeleteModal');
  await modal.waitFor();
  expect(await modal.locator('[data-test-subj^="lookupsDeleteItem-"]').count()).toBe(25);
  await testSubj('lookupsDeleteConfirmName').fill('25');
  expect(await axeViolations(page())).toEqual([]);

  // What the dialog shows as it goes: each item's state and the count done.
  await page().evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { seenProgress: string[] }).seenProgress = seen;
    new MutationObserver(() => {
      const states = [...document.querySelectorAll('[data-test-subj^="lookupsDeleteItem-"]')].map(
        (el) => el.getAttribute('data-state')
      );
      const text = document.querySelector('[data-test-subj="lookupsDeleteProgressText"]');
      if (states.length > 0) {
        seen.push(
          `${text?.textContent ?? ''}|${states.filter((s) => s === 'deleting').length}|${
            states.filter((s) => s === 'waiting').length
          }`
        );
      }
    }).observe(document.body, { subtree: true, childList: true, attributes: true });
  });
  await testSubj('confirmModalConfirmButton').click();
  await modal.waitFor({ state: 'detached', timeout: 60_000 });
  const seen: string[] = await page().evaluate(
    () => (window as unknown as { seenProgress: string[] }).seenProgress
  );
  // A few at a time (never all 25 at once), the rest waiting, and the count went up.
  const inFlight = seen.map((s) => Number(s.split('|')[1]));
  expect(Math.max(...inFlight)).toBeGreaterThan(0);
  expect(Math.max(...inFlight)).toBeLessThanOrEqual(4);
  expect(seen.some((s) => Number(s.split('|')[2]) > 0)).toBe(true);
  expect(seen.some((s) => /^([1-9]|1\d|2[0-4]) of 25 done\|/.test(s))).toBe(true);

  await page().getByText('No lookups match the search and filter.').waitFor();
  for (const name of bulk) {
    expect((await admin.indices.exists({ index: `${name}__lookup` })).body).toBe(false);
  }
});

it('keeps a ragged CSV’s error in view: in the preview, or from the server past it', async () => {
  // Ragged at line 14, which the preview reads.
  const early = ['host,n,tag', ...Array.from({ length: 30 }, (_, i) => `h${i},${i},x`)];
  early[13] = 'h12,12';
  writeFileSync(join(dir, 'early.csv'), early.join('\n') + '\n');
  // Ragged far past what the preview reads (its first 256 KiB).
  const late = ['host,n,tag', ...Array.from({ length: 30_000 }, (_, i) => `h${i},${i},x`)];
  late[29_000] = 'h28999,1';
  writeFileSync(join(dir, 'late.csv'), late.join('\n') + '\n');

  await testSubj('lookupsCatalogCreate').click();
  const modal = testSubj('lookupsCreateModal');
  await modal.waitFor();
  await modal.locator('input[type="file"]').setInputFiles(join(dir, 'early.csv'));
  const problem = testSubj('lookupsCreatePreviewProblem');
  await problem.waitFor();
  expect(await problem.innerText()).toContain('line 14: expected 3 fields but found 2');
  await expectInView(problem);
  expect(await testSubj('lookupsCreateSubmit').isDisabled()).toBe(true);
  expect(await axeViolations(page())).toEqual([]);

  await modal.locator('input[type="file"]').setInputFiles(join(dir, 'late.csv'));
  await testSubj('lookupsCreateName').fill(names.lookup('ragged'));
  await page().waitForFunction(
    () =>
      !(document.querySelector('[data-test-subj="lookupsCreateSubmit"]') as HTMLButtonElement)
        ?.disabled
  );
  await testSubj('lookupsCreateSubmit').click();
  const error = testSubj('lookupsCreateError');
  await error.waitFor({ timeout: 60_000 });
  expect(await error.innerText()).toContain('line 29001: expected 3 fields but found 2');
  await expectInView(error);
  await screenshot(page(), 'create-ragged-error');
  await testSubj('lookupsCreateCancel').click();
});

async function expectInView(locator: Locator) {
  await page().waitForFunction(
    (el) => {
      const box = el!.getBoundingClientRect();
      // Inside the window and inside every scrolling box around it.
      let parent = el!.parentElement;
      while (parent) {
        const style = getComputedStyle(parent);
        if (/(auto|scroll)/.test(style.overflowY)) {
          const outer = parent.getBoundingClientRect();
          if (box.top < outer.top - 1 || box.top > outer.bottom - 10) return false;
        }
        parent = parent.parentElement;
      }
      return box.top >= 0 && box.top < window.innerHeight - 10;
    },
    await locator.elementHandle(),
    { timeout: 5_000 }
  );
}

it('at 1440 px the breadcrumb names every level of the lookup page', async () => {
  await page().setViewportSize({ width: 1440, height: 900 });
  await page().goto(`${app.host().url}/app/lookups/lookups/${versioned}/versions`);
  await testSubj('lookupsVersionsTab').or(testSubj('lookupsCompare')).first().waitFor();
  const crumbs = page().locator('[data-test-subj="breadcrumbs"]');
  await page().waitForFunction(() =>
    document.querySelector('[data-test-subj="breadcrumbs"]')?.textContent?.includes('Versions')
  );
  // Read as the page stands, before the full-page screenshot: its capture resizes the viewport
  // for a moment, which OUI's responsive breadcrumbs follow.
  const text = (await crumbs.innerText()).replace(/\s+/g, ' ');
  expect(text).not.toContain('…');
  for (const level of ['Lookups', 'Catalog', versioned, 'Versions']) expect(text).toContain(level);
  // None folded under "…"; a long name may be cut to OUI's crumb width, with the whole in its title.
  expect(await crumbs.locator('.euiBreadcrumb--collapsed').count()).toBe(0);
  expect(await crumbs.locator(`[title="${versioned}"]`).count()).toBe(1);
  expect(await axeViolations(page())).toEqual([]);
  await screenshot(page(), 'versions-1440');
});

it('raised no errors in the page', () => {
  expect(app.browser().pageErrors).toEqual([]);
  // The ragged file's refusal, which the test provoked.
  expect(unexpectedConsoleErrors(app.browser(), [/_import\?format=csv/])).toEqual([]);
});
