/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * The app's pages, each in the state the walk-through of issue #24 left it in (a described,
 * scheduled lookup with old versions; compare by key; the cleanup rule; a query's result and the
 * command reference), checked by axe at 1024 and 1440 px. A test file calls this once per theme.
 */
import { apiPaths } from '../../common/api/paths';
import { appUnderTest, type AppUnderTestOptions } from './app_under_test';
import {
  axeViolations,
  dismissToasts,
  logIn,
  OUI_GRID_STRUCTURE,
  screenshot,
  typeQuery,
  unexpectedConsoleErrors,
} from './browser';
import { callApi } from './api';
import { adminClient, TestNames } from './cluster';
import { users } from './users';

export function axeOnEveryPage(theme: 'light' | 'dark') {
  const admin = adminClient();
  const names = new TestNames();
  const name = names.lookup(`axe_${theme}`);
  const schedules: string[] = [];
  const options: AppUnderTestOptions = {
    hostEnv: (): Record<string, string> =>
      theme === 'dark' ? { LOOKUPS_THEME_DARK_MODE: 'true' } : {},
    viewport: { width: 1024, height: 900 },
    beforeClose: async (host) => {
      for (const id of schedules) {
        await callApi(host.url, 'DELETE', apiPaths.schedule(id), { caller: users.writer });
      }
    },
  };
  const app = appUnderTest(options);
  const { page, testSubj } = app;

  beforeAll(async () => {
    const url = app.host().url;
    for (const rows of [
      [
        { host: 'a', n: 1 },
        { host: 'b', n: 2 },
      ],
      [
        { host: 'a', n: 1 },
        { host: 'b', n: 20 },
        { host: 'c', n: 3 },
      ],
    ]) {
      const res = await callApi(url, 'POST', apiPaths.write(name), {
        caller: users.writer,
        body: { rows },
      });
      expect(res.status).toBe(200);
    }
    const described = await callApi(url, 'PUT', apiPaths.description(name), {
      caller: users.writer,
      body: { description: 'Hosts and their request counts, for the walk-through.' },
    });
    expect(described.status).toBe(200);
    const scheduled = await callApi<{ id: string }>(url, 'POST', apiPaths.schedules(), {
      caller: users.writer,
      body: {
        query: `source=web_logs | stats count() by host | outputlookup ${name}`,
        every: '1d',
      },
    });
    expect(scheduled.status).toBe(200);
    schedules.push(scheduled.body.id);
    await logIn(page(), url, users.writer, `/app/lookups/lookups`);
  });

  afterAll(async () => {
    await names.drop(admin);
  });

  for (const width of [1024, 1440]) {
    const shot = (what: string) => screenshot(page(), `axe-${theme}-${width}-${what}`);

    it(`${theme}, ${width} px: the catalog, its cleanup dialog with the rule`, async () => {
      await page().setViewportSize({ width, height: 900 });
      await page().goto(`${app.host().url}/app/lookups/lookups`);
      await testSubj('lookupsCatalogSearch').fill(name);
      await testSubj(`lookupsCatalogRow-${name}`).waitFor();
      await testSubj('lookupsCatalogDescription').waitFor();
      expect(await axeViolations(page())).toEqual([]);
      await shot('catalog');
      await testSubj('lookupsCatalogCleanup').click();
      await testSubj('lookupsCleanupPreview').waitFor();
      expect(await axeViolations(page())).toEqual([]);
      await page().keyboard.press('Escape');
      await testSubj('lookupsCleanupModal').waitFor({ state: 'detached' });
    });

    it(`${theme}, ${width} px: the lookup's tabs, its badges and compare by key`, async () => {
      await page().goto(`${app.host().url}/app/lookups/lookups/${name}/rows`);
      await testSubj('lookupsRowsTable').waitFor();
      await testSubj('lookupsLookupDescription').waitFor();
      await testSubj('lookupsRefreshScheduled').waitFor();
      expect(await axeViolations(page())).toEqual([]);
      await testSubj('lookupsRowsSearch').fill('b');
      await testSubj('lookupsRowsSearchButton').click();
      await testSubj('lookupsSearchTable').waitFor();
      expect(await axeViolations(page())).toEqual([]);

      await testSubj('lookupsLookupTab-fields').click();
      await testSubj('lookupsFieldsTable').waitFor();
      expect(await axeViolations(page())).toEqual([]);

      await testSubj('lookupsLookupTab-versions').click();
      await testSubj('lookupsCompareRun').click();
      await testSubj('lookupsCompareSummary').waitFor();
      await testSubj('lookupsCompareKeys')
        .locator('label', { hasText: /^host$/ })
        .click();
      await testSubj('lookupsCompareCounts').waitFor();
      expect(await axeViolations(page())).toEqual([]);
      await shot('versions');

      await testSubj('lookupsLookupTab-jobs').click();
      await page().waitForLoadState('networkidle');
      expect(await axeViolations(page())).toEqual([]);

      await testSubj('lookupsLookupTab-settings').click();
      await testSubj('lookupsSettingsTab').waitFor();
      expect(await axeViolations(page())).toEqual([]);
      await shot('settings');
    });

    it(`${theme}, ${width} px: the query page, a result and the command reference`, async () => {
      await page().goto(`${app.host().url}/app/lookups/query`);
      await testSubj('pplCommandReference').waitFor();
      await testSubj('pplCommandSearch').fill('explain');
      await testSubj('pplCommandRefused-explain').waitFor();
      expect(await axeViolations(page())).toEqual([]);
      await typeQuery(page(), `source=${name} | sort host`);
      await testSubj('lookupsQueryRun').click();
      await testSubj('lookupsQueryTable').waitFor();
      await dismissToasts(page());
      expect(await axeViolations(page(), OUI_GRID_STRUCTURE)).toEqual([]);
      await shot('query');
    });
  }

  it('raised no errors in the page', () => {
    expect(app.browser().pageErrors).toEqual([]);
    expect(unexpectedConsoleErrors(app.browser())).toEqual([]);
  });
}
