/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Multiple data sources in the browser, against two real nodes: node B is registered with the
 * host's Data Source plugin under a user who exists on B only; the writer picks B in the app,
 * writes a lookup there with a PPL `outputlookup` query, finds it in B's catalog and not in the
 * local one, and a reload stays on B. A source that cannot be reached is named by its title;
 * the server's words stay behind Details.
 */
import { Client } from '@opensearch-project/opensearch';
import { appUnderTest } from '../support/app_under_test';
import {
  axeViolations,
  dismissToasts,
  logIn,
  screenshot,
  typeQuery,
  unexpectedConsoleErrors,
} from '../support/browser';
import { adminClient, adminPassword, TestNames, uniqueName } from '../support/cluster';
import { readRowsSorted } from '../support/lookups';
import {
  B_URL,
  registerDataSource,
  startHostWithTwoSources,
  type TwoSources,
} from '../support/data_sources';
import { users } from '../support/users';

const local = adminClient();
const nodeB = new Client({ node: B_URL, auth: { username: 'admin', password: adminPassword() } });
const onB = new TestNames();
const hosts = uniqueName('hosts_ds_ui');
const name = onB.lookup('ds_ui');
const DOCS = [
  { host: 'b-1', load: 3 },
  { host: 'b-2', load: 9 },
  { host: 'b-3', load: 7 },
];
/** What the query below writes: the hosts with a load over 5, by host. */
const WRITTEN = DOCS.filter((d) => d.load > 5).sort((a, b) => a.host.localeCompare(b.host));

let sources: TwoSources;
let sourceB: string;
let unreachable: string;
const app = appUnderTest({
  startHost: async () => {
    sources = await startHostWithTwoSources('ds_ui_test');
    ({ sourceB, unreachable } = sources);
    // The sources' own stop: the host, then their saved objects.
    return { ...sources.host, stop: () => sources.stop() };
  },
});
const { page, testSubj } = app;
/** Data Source Management's menu, which the app mounts in the page header (setHeaderActionMenu). */
const picker = () => testSubj('headerAppActionMenu');
const menuButton = () =>
  picker().locator('[data-test-subj="dataSourceSelectableContextMenuHeaderLink"]');

/**
 * Picks `label`, opening the menu unless it is open already. The menu is never closed by the
 * tests: a click while its popover animates out lands on the page beneath.
 */
async function pick(label: string) {
  const option = page().getByRole('option', { name: label, exact: true });
  if (!(await option.isVisible())) await menuButton().click();
  await option.click();
}

/** The catalog has answered: its table, its empty state or its error. */
async function catalogShown() {
  await page()
    .locator(
      '[data-test-subj="lookupsCatalogTable"], [data-test-subj="lookupsCatalogEmpty"], [data-test-subj="lookupsCatalogError"]'
    )
    .first()
    .waitFor();
}

const dataSourceInUrl = () => new URL(page().url()).searchParams.get('dataSourceId');

beforeAll(async () => {
  // Recorded as an OpenSearch 2.11 cluster: outside supportedOSDataSourceVersions, not offered.
  await registerDataSource(sources.host, {
    title: 'Old cluster',
    endpoint: B_URL,
    auth: { type: 'no_auth' },
    dataSourceVersion: '2.11.0',
    dataSourceEngineType: 'OpenSearch',
  });
  onB.track(hosts);
  await nodeB.bulk({
    refresh: true,
    body: DOCS.flatMap((doc) => [{ index: { _index: hosts } }, doc]),
  });
  await logIn(page(), app.host().url, users.writer, '/app/lookups/query');
});

afterAll(async () => {
  await onB.drop(nodeB);
  await nodeB.close();
});

it('offers the local cluster and each registered source, the local cluster first', async () => {
  await menuButton().waitFor();
  expect(await menuButton().innerText()).toContain('Local cluster');
  // In the header, beside the breadcrumbs, not in the page.
  expect(await testSubj('lookupsDataSourcePicker').count()).toBe(0);
  expect(
    await page()
      .locator('[data-test-subj="breadcrumbs"] ~ * [data-test-subj="headerAppActionMenu"]')
      .count()
  ).toBe(1);
  await menuButton().click();
  await page().getByRole('option').first().waitFor();
  const options = await page().getByRole('option').allInnerTexts();
  expect(options[0]).toBe('Local cluster');
  expect(options).toEqual(expect.arrayContaining(['Cluster B', 'Nowhere']));
  expect(options).not.toContain('Old cluster');
  // Left open: the next test picks from it.
});

it('writes a lookup on B with a PPL outputlookup query', async () => {
  await pick('Cluster B');
  await page().waitForURL((url) => url.searchParams.get('dataSourceId') === sourceB);
  expect(new URL(page().url()).pathname).toBe('/app/lookups/query');
  // The app mounts afresh on B; its picker lists the sources again and names B by its title.
  await picker().getByText('Cluster B').waitFor();
  expect(await axeViolations(page())).toEqual([]);
  await screenshot(page(), 'data-source-query-b');
  await typeQuery(
    page(),
    `source=${hosts} | where load > 5 | sort host | fields host, load | outputlookup ${name}`
  );
  await testSubj('lookupsQueryRun').click();
  await page()
    .locator(
      '[data-test-subj="lookupsWriteSummary"], [data-test-subj="lookupsQueryError"], [data-test-subj="lookupsJobFailed"]'
    )
    .first()
    .waitFor();
  expect(await testSubj('lookupsWriteSummary').count()).toBe(1);
  expect(await readRowsSorted(nodeB, name, 'host')).toEqual(WRITTEN);
  expect((await local.indices.exists({ index: `${name}__lookup` })).body).toBe(false);
});

it('shows the lookup in B’s catalog, with no violations, and a reload stays on B', async () => {
  await testSubj('lookupsTab-catalog').click();
  await page().waitForURL((url) => url.pathname === '/app/lookups/lookups');
  expect(dataSourceInUrl()).toBe(sourceB);
  await testSubj(`lookupsCatalogRow-${name}`).waitFor();
  await dismissToasts(page());
  expect(await axeViolations(page())).toEqual([]);
  await screenshot(page(), 'data-source-catalog-b');

  await page().reload();
  await testSubj(`lookupsCatalogRow-${name}`).waitFor();
  expect(dataSourceInUrl()).toBe(sourceB);
  await picker().getByText('Cluster B').waitFor();

  // The lookup's own page, from its catalog link, stays on B too.
  await testSubj(`lookupsCatalogLink-${name}`).click();
  await page().waitForURL((url) => url.pathname === `/app/lookups/lookups/${name}/rows`);
  expect(dataSourceInUrl()).toBe(sourceB);
  await testSubj('lookupsRowsTable').waitFor();
  expect(await testSubj('lookupsRowsTotal').innerText()).toContain(`of ${WRITTEN.length}`);
  await picker().getByText('Cluster B').waitFor();
});

it('does not show B’s lookup in the local cluster’s catalog', async () => {
  await testSubj('lookupsTab-catalog').click();
  await catalogShown();
  await pick('Local cluster');
  await page().waitForURL((url) => !url.searchParams.has('dataSourceId'));
  await catalogShown();
  await testSubj('lookupsCatalogLoading').waitFor({ state: 'detached' });
  expect(await testSubj(`lookupsCatalogRow-${name}`).count()).toBe(0);
});

it('names a source that cannot be reached by its title', async () => {
  await pick('Nowhere');
  await page().waitForURL((url) => url.searchParams.get('dataSourceId') === unreachable);
  const error = testSubj('lookupsCatalogError');
  await error.waitFor();
  // The title is looked up once the failure is known: the callout names the id until then.
  await page().waitForFunction(() =>
    document
      .querySelector('[data-test-subj="lookupsCatalogError"]')
      ?.textContent?.includes('Data source "Nowhere" cannot be reached')
  );
  expect(await error.innerText()).toContain(`Data source "Nowhere" cannot be reached`);
  await screenshot(page(), 'data-source-unreachable');
});

it('raised no errors in the page', () => {
  expect(app.browser().pageErrors).toEqual([]);
  expect(unexpectedConsoleErrors(app.browser(), [/\b502\b/])).toEqual([]);
});
