/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * A time series result in Chromium, as lookup_writer against the real server: `timechart … by
 * status` offers Table, Line chart and Bar chart; the chart is drawn by the `@elastic/charts`
 * OSD shares (the bundle holds none), with a legend of one series per status, in the theme
 * shown; the rows download as the table's do. Axe finds nothing at 1024 and 1440 px, light and
 * dark.
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { appUnderTest, type AppUnderTest } from '../support/app_under_test';
import {
  axeViolations,
  OUI_GRID_STRUCTURE,
  screenshot,
  typeQuery,
  unexpectedConsoleErrors,
} from '../support/browser';
import type { QueryRowsResponse } from '../../common/api/codecs';
import { apiPaths } from '../../common/api/paths';
import { callApi } from '../support/api';
import { users } from '../support/users';

const QUERY = 'source=web_logs | timechart span=1d count() by status';

/** The library marks its (hidden) status element when a drawing is complete. */
const chartDrawn = (page: Page) =>
  page.locator('.echChartStatus[data-ech-render-complete="true"]').waitFor({ state: 'attached' });

async function axeAtBothWidths(page: Page, name: string) {
  const found: Record<string, unknown> = {};
  for (const width of [1024, 1440]) {
    await page.setViewportSize({ width, height: 1000 });
    // The chart redraws at its new width.
    await chartDrawn(page);
    found[width] = await axeViolations(page, OUI_GRID_STRUCTURE);
    await screenshot(page, `${name}-${width}`);
  }
  expect(found).toEqual({ 1024: [], 1440: [] });
}

/** Runs the timechart and switches to the chart `kind`; gives the rows the result holds. */
async function showChart(app: AppUnderTest, kind: 'Line' | 'Bar') {
  const { page, testSubj } = app;
  await typeQuery(page(), QUERY);
  await testSubj('lookupsQueryRun').click();
  await testSubj('lookupsResultView').waitFor();
  // The table comes first; the chart is a choice.
  await testSubj('lookupsQueryTable').waitFor();
  await testSubj(`lookupsResultView${kind}`).click();
  await testSubj('lookupsQueryChart').waitFor();
  await chartDrawn(page());
  const total = await testSubj('lookupsQueryResultsTotal').innerText();
  return Number(/^(\d+) rows$/.exec(total)![1]);
}

async function legendNames(page: Page) {
  return page
    .locator('[data-test-subj="lookupsQueryChart"] .echLegendItem')
    .evaluateAll((items) => items.map((item) => item.getAttribute('data-ech-series-name')));
}

describe('in the light theme', () => {
  const app = appUnderTest({
    viewport: { width: 1440, height: 1000 },
    downloads: true,
    logIn: { user: users.writer, path: '/app/lookups/query' },
  });
  const { page, testSubj } = app;

  it('shows a timechart as a line chart with a legend of its series, and downloads its rows', async () => {
    const rows = await showChart(app, 'Line');
    // One series per status, not the status drawn as a number.
    const names = await legendNames(page());
    expect(names).toEqual(expect.arrayContaining(['200', '404', '500']));
    expect(names).not.toContain('status');
    expect(await testSubj('lookupsQueryTable').count()).toBe(0);
    expect(
      await page().locator('[data-test-subj="lookupsQueryChart"] canvas').count()
    ).toBeGreaterThan(0);
    // The library's light stylesheet, added by the app.
    expect(await page().locator('style#lookupsChartsTheme').getAttribute('data-theme')).toBe(
      'light'
    );
    await page().mouse.move(0, 0);
    await axeAtBothWidths(page(), 'chart-line');

    const [csv] = await Promise.all([
      page().waitForEvent('download'),
      testSubj('lookupsQueryDownloadCsv').click(),
    ]);
    const lines = readFileSync((await csv.path())!, 'utf8')
      .trimEnd()
      .split('\r\n');
    expect(lines[0].split(',').slice(1)).toEqual(['status', 'count()']);
    expect(lines).toHaveLength(rows + 1);

    await testSubj('lookupsResultViewBar').click();
    await chartDrawn(page());
    // The same series; a stack lists them top down, as they are drawn.
    expect((await legendNames(page())).sort()).toEqual([...names].sort());
    await axeAtBothWidths(page(), 'chart-bar');
    await testSubj('lookupsResultViewTable').click();
    await testSubj('lookupsQueryTable').waitFor();
    expect(await testSubj('lookupsQueryChart').count()).toBe(0);
    expect(unexpectedConsoleErrors(app.browser())).toEqual([]);
  });

  it('draws every bucket of a 30-day hourly timechart by five statuses (#33 defect 5)', async () => {
    const hourly = 'source=web_logs | timechart span=1h count() by status';
    // What the server answers for it, read whole through the API.
    const answer = await callApi<QueryRowsResponse>(app.host().url, 'POST', apiPaths.query(), {
      caller: users.writer,
      body: { query: hourly, size: 10_000 },
    });
    expect(answer.status).toBe(200);
    const { datarows } = answer.body;
    expect(answer.body.total).toBe(datarows.length);
    const times = [...new Set(datarows.map((r) => r[0] as string))].sort();
    const statuses = new Set(datarows.map((r) => String(r[1])));
    // The sample data: a month of logs, by the hour, with five statuses (well past 1,000 rows).
    expect(statuses.size).toBe(5);
    expect(times.length).toBeGreaterThanOrEqual(29 * 24);
    expect(datarows.length).toBeGreaterThan(1000);

    // The library reports what it drew.
    await page().addInitScript(() => {
      (window as { lookupsChartDebugState?: boolean }).lookupsChartDebugState = true;
    });
    await page().reload();
    await typeQuery(page(), hourly);
    await testSubj('lookupsQueryRun').click();
    await testSubj('lookupsResultView').waitFor();
    expect(await testSubj('lookupsQueryResultsTotal').innerText()).toBe(
      `${datarows.length.toLocaleString('en-US')} rows`
    );
    await testSubj('lookupsResultViewLine').click();
    await chartDrawn(page());
    expect(await testSubj('lookupsQueryChartCut').count()).toBe(0);
    const drawn = JSON.parse(
      (await page()
        .locator('[data-test-subj="lookupsQueryChart"] .echChartStatus')
        .getAttribute('data-ech-debug-state'))!
    ) as { lines?: Array<{ name: string; points: Array<{ x: number }> }> };
    const lines = drawn.lines ?? [];
    expect(lines.map((l) => l.name).sort()).toEqual([...statuses].sort());
    // Every row of the result is a point; the first and last hours are drawn.
    expect(lines.reduce((n, l) => n + l.points.length, 0)).toBe(datarows.length);
    const xs = lines.flatMap((l) => l.points.map((p) => p.x));
    const utc = (t: string) => Date.parse(`${t.replace(' ', 'T')}Z`);
    expect(Math.min(...xs)).toBe(utc(times[0]));
    expect(Math.max(...xs)).toBe(utc(times[times.length - 1]));
    await page().mouse.move(0, 0);
    expect(await axeViolations(page(), OUI_GRID_STRUCTURE)).toEqual([]);
    await screenshot(page(), 'chart-hourly-month');
  });

  it('offers no chart for a result without a time column', async () => {
    await typeQuery(page(), 'source=web_logs | stats count() by status');
    await testSubj('lookupsQueryRun').click();
    await testSubj('lookupsQueryTable').waitFor();
    expect(await testSubj('lookupsResultView').count()).toBe(0);
  });
});

describe('in the dark theme', () => {
  const app = appUnderTest({
    hostEnv: () => ({ LOOKUPS_THEME_DARK_MODE: 'true' }),
    viewport: { width: 1440, height: 1000 },
    logIn: { user: users.writer, path: '/app/lookups/query' },
  });
  const { page } = app;

  it('draws the chart in the dark theme, and axe finds nothing', async () => {
    await showChart(app, 'Line');
    expect(await page().locator('style#lookupsChartsTheme').getAttribute('data-theme')).toBe(
      'dark'
    );
    expect(await legendNames(page())).toEqual(expect.arrayContaining(['200', '404']));
    await page().mouse.move(0, 0);
    await axeAtBothWidths(page(), 'dark-chart-line');
    await app.testSubj('lookupsResultViewBar').click();
    await axeAtBothWidths(page(), 'dark-chart-bar');
    expect(unexpectedConsoleErrors(app.browser())).toEqual([]);
  });
});
