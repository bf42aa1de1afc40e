/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * The query results as a data grid at 1024 px (12 columns, one line per cell, scrolling
 * sideways), their download as CSV and JSON, makeresults accepted as the server accepts it, and
 * a user who may read no lookup told so plainly.
 */
import { readFileSync } from 'fs';
import { appUnderTest } from '../support/app_under_test';
import {
  axeViolations,
  OUI_GRID_STRUCTURE,
  logIn,
  logOut,
  screenshot,
  typeQuery,
  unexpectedConsoleErrors,
} from '../support/browser';
import { users } from '../support/users';

const app = appUnderTest({
  viewport: { width: 1024, height: 800 },
  downloads: true,
  logIn: { user: users.writer, path: '/app/lookups/query' },
});
const { page, testSubj } = app;

// Every field of web_logs: 12 columns, some long (user_agent), numbers among them.
const WIDE =
  'source=web_logs | fields @timestamp, host, method, path, status, bytes, response_time_ms, region, user, client_ip, tags, user_agent | head 30';

it('shows 12 columns at 1024 px in a grid: one line per cell, numbers right-aligned, scrolls sideways', async () => {
  await typeQuery(page(), WIDE);
  await testSubj('lookupsQueryRun').click();
  const grid = testSubj('lookupsQueryTable');
  await grid.waitFor();
  const headers = await grid.locator('[role="columnheader"]').count();
  expect(headers).toBe(12);
  const layout = await page().evaluate(() => {
    const cells = [
      ...document.querySelectorAll('[data-test-subj="lookupsQueryTable"] [role="gridcell"]'),
    ];
    const heights = new Set(cells.map((c) => Math.round(c.getBoundingClientRect().height)));
    const scroller = document.querySelector(
      '[data-test-subj="lookupsQueryTable"] .euiDataGrid__virtualized'
    ) as HTMLElement | null;
    const numeric = [
      ...document.querySelectorAll('[data-test-subj="lookupsQueryTable"] [role="columnheader"]'),
    ]
      .filter((h) => h.className.includes('--numeric'))
      .map((h) => h.textContent);
    return {
      heights: [...heights],
      cells: cells.length,
      numeric,
      scrollsSideways: scroller ? scroller.scrollWidth > scroller.clientWidth : false,
      pageWidth: document.documentElement.scrollWidth,
    };
  });
  // Every cell is one line high: none wraps, however long its value.
  expect(layout.heights).toHaveLength(1);
  expect(layout.heights[0]).toBeLessThan(40);
  expect(layout.cells).toBeGreaterThan(0);
  expect(layout.numeric).toEqual(['status int', 'bytes bigint', 'response_time_ms double']);
  expect(layout.scrollsSideways).toBe(true);
  // The page itself does not scroll sideways; the grid does.
  expect(layout.pageWidth).toBeLessThanOrEqual(1024);
  expect(await axeViolations(page(), OUI_GRID_STRUCTURE)).toEqual([]);
  await screenshot(page(), 'query-grid-1024');
});

it('downloads the rows shown as CSV and JSON', async () => {
  const [csv] = await Promise.all([
    page().waitForEvent('download'),
    testSubj('lookupsQueryDownloadCsv').click(),
  ]);
  expect(csv.suggestedFilename()).toBe('query-results.csv');
  const lines = readFileSync((await csv.path())!, 'utf8')
    .trimEnd()
    .split('\r\n');
  // `@` starts a spreadsheet formula: escaped, as the server's export does.
  expect(lines[0]).toBe(
    `"'@timestamp",host,method,path,status,bytes,response_time_ms,region,user,client_ip,tags,user_agent`
  );
  expect(lines).toHaveLength(31);
  const [json] = await Promise.all([
    page().waitForEvent('download'),
    testSubj('lookupsQueryDownloadJson').click(),
  ]);
  const rows = JSON.parse(readFileSync((await json.path())!, 'utf8')) as Array<
    Record<string, unknown>
  >;
  expect(rows).toHaveLength(30);
  expect(Object.keys(rows[0])).toHaveLength(12);
  expect(typeof rows[0].bytes).toBe('number');
});

it('sends makeresults, as the server accepts it, and shows its rows', async () => {
  await typeQuery(page(), 'makeresults count=3 | eval n = 7');
  await testSubj('lookupsQueryRun').click();
  await testSubj('lookupsQueryTable').waitFor();
  expect(await testSubj('lookupsQuerySyntaxError-parser').count()).toBe(0);
  expect(await testSubj('lookupsQueryResultsTotal').innerText()).toBe('3 rows');
});

it('says "more than" when a query has more rows than it shows', async () => {
  await typeQuery(page(), 'source=web_logs');
  await testSubj('lookupsQueryRun').click();
  await testSubj('lookupsQueryTable').waitFor();
  expect(await testSubj('lookupsQueryResultsTotal').innerText()).toMatch(
    /^The first 1,000 (rows of more than 1,000|of 20,000 rows)\./
  );
});

it('tells a user who may read no lookup so plainly, without the operator hint', async () => {
  await logOut(page());
  await logIn(page(), app.host().url, users.noAccess, '/app/lookups/lookups');
  const prompt = testSubj('lookupsCatalogNoAccess');
  await prompt.waitFor();
  expect(await prompt.innerText()).toContain('There are no lookups you may read');
  expect(await page().locator('body').innerText()).not.toContain('do_not_fail_on_forbidden');
  expect(await testSubj('lookupsCatalogOperatorHint').count()).toBe(0);
  expect(await axeViolations(page())).toEqual([]);
  await screenshot(page(), 'catalog-no-access');
});

it('raised no errors in the page besides the refused list', () => {
  expect(app.browser().pageErrors).toEqual([]);
  expect(unexpectedConsoleErrors(app.browser(), [/status of 403 .*\/api\/lookups\?/])).toEqual([]);
});
