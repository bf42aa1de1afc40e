/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * The app's frame in a real browser: Debian's Chromium driven by playwright-core against the
 * standalone host and the OpenSearch node. Sign-in, the title, tabs and breadcrumbs, the intro
 * on the Query page, accessibility (axe-core), path deep links that survive a reload, old hash
 * links redirected, the document title per page, the nav link in OSD's navigation groups,
 * code-splitting (the Query page loads on demand), and no errors in the page.
 */
import { appUnderTest } from '../support/app_under_test';
import { axeViolations, logOut, screenshot, unexpectedConsoleErrors } from '../support/browser';
import { adminPassword } from '../support/cluster';

const app = appUnderTest();
const { page } = app;
const selectedTab = () => page().locator('[id^="lookupsTab-"][role="tab"][aria-selected="true"]');

it('sends a visitor without a session to the login page, and back after signing in', async () => {
  await page().goto(`${app.host().url}/app/lookups`);
  expect(new URL(page().url()).pathname).toBe('/login');
  expect(new URL(page().url()).searchParams.get('next')).toBe('/app/lookups');

  await page().fill('#username', 'admin');
  await page().fill('#password', adminPassword());
  await Promise.all([
    page().waitForURL(`${app.host().url}/app/lookups`),
    page().click('button[type=submit]'),
  ]);

  const title = page().locator('[data-test-subj="lookupsLandingTitle"]');
  await title.waitFor();
  expect(await title.textContent()).toBe('Lookups');
  expect(await title.evaluate((el) => el.tagName)).toBe('H1');
});

it('opens on the Query page with the intro, the header with the user, and the breadcrumbs', async () => {
  await page().locator('[data-test-subj="pplEditorInput"]').waitFor();
  expect(
    await page().locator('[data-test-subj="lookupsOutputlookupSyntax"]').innerText()
  ).toContain(
    '... | outputlookup [append=<bool>] [override_if_empty=<bool>] [key_field=f1,f2] [max=<n>] <name>'
  );
  expect(await page().locator('[data-test-subj="headerUsername"]').innerText()).toContain('admin');
  expect(await page().locator('[data-test-subj="breadcrumbs"]').innerText()).toMatch(
    /Lookups\s*Query/
  );
  expect(await page().title()).toBe('Query - Lookups - OpenSearch Dashboards');
  expect(await selectedTab().innerText()).toBe('Query');
});

it('loads the app on mount, and the editor and parser only with the Query page or a schedule form', async () => {
  const { entry, chunkModules } = app.bundle();
  const chunkOf = (source: string) =>
    Object.keys(chunkModules).find((file) => chunkModules[file].includes(source));
  const application = chunkOf('public/application.tsx')!;
  const query = chunkOf('public/pages/query/query_page.tsx')!;
  // What every OSD page loads registers the plugin and nothing of the app.
  expect(chunkOf('public/plugin.ts')).toBe(entry.file);
  expect(application).not.toBe(entry.file);
  expect(query).not.toBe(application);
  // The editor and the parser are shared by the Query page and the schedule form (which opens
  // from the schedules list): a chunk of their own, loaded with either, never on mount.
  const editor = chunkOf('public/pages/query/ppl_editor.tsx')!;
  expect(chunkOf('common/ppl/parser.ts')).toBe(editor);
  expect([entry.file, application]).not.toContain(editor);
  const fetched: string[] = [];
  page().on('request', (r) => fetched.push(new URL(r.url()).pathname));
  await page().goto(`${app.host().url}/app/lookups/lookups`);
  await page().locator('[data-test-subj="lookupsCatalogPage"]').waitFor();
  await page().waitForLoadState('networkidle');
  expect(fetched.some((p) => p.endsWith(`/${application}`))).toBe(true);
  expect(fetched.some((p) => p.endsWith(`/${query}`))).toBe(false);
  expect(fetched.some((p) => p.endsWith(`/${editor}`))).toBe(false);
  page().removeAllListeners('request');
});

it('has no accessibility violations', async () => {
  await page().goto(`${app.host().url}/app/lookups/query`);
  await page().locator('[data-test-subj="pplEditorInput"]').waitFor();
  // On failure the diff lists each violation with the elements it concerns.
  expect(await axeViolations(page())).toEqual([]);
});

it('looks like an OSD page (screenshot)', async () => {
  await screenshot(page(), 'landing');
});

it('lists every PPL command in a searchable reference, accessible (screenshot)', async () => {
  const reference = page().locator('[data-test-subj="pplCommandReference"]');
  await reference.waitFor();
  const rows = reference.locator('[data-test-subj^="pplCommandHelp-"]');
  expect(await rows.count()).toBe(10);
  await page().fill('[data-test-subj="pplCommandSearch"]', 'reset_after');
  await rows.first().waitFor();
  expect(await rows.count()).toBe(1);
  const row = reference.locator('[data-test-subj="pplCommandHelp-streamstats"]');
  expect(await row.locator('[data-test-subj="pplCommandSyntax"]').innerText()).toMatch(
    /^streamstats \[bucket_nullable=<bool>\]/
  );
  expect(await row.innerText()).toContain('reset_before=');
  await page().fill('[data-test-subj="pplCommandSearch"]', 'sql plugin');
  await reference.locator('[data-test-subj="pplCommandRefused-ml"]').waitFor();
  expect(await reference.locator('[data-test-subj="pplCommandRefused-ml"]').innerText()).toContain(
    'cannot run in Dashboards'
  );
  await page().fill('[data-test-subj="pplCommandSearch"]', '');
  expect(await rows.count()).toBe(10);
  // Any impact, not only serious ones: the reference is new and starts clean.
  expect(await axeViolations(page())).toEqual([]);
  await reference.scrollIntoViewIfNeeded();
  await screenshot(page(), 'landing-command-reference');
});

it('keeps a path deep link across a reload, with the tab, breadcrumbs and title', async () => {
  await page().goto(`${app.host().url}/app/lookups/lookups`);
  await page().locator('[data-test-subj="lookupsCatalogPage"]').waitFor();
  expect(await selectedTab().innerText()).toBe('Catalog');

  await page().reload();
  await page().locator('[data-test-subj="lookupsCatalogPage"]').waitFor();
  expect(new URL(page().url()).pathname).toBe('/app/lookups/lookups');
  expect(new URL(page().url()).hash).toBe('');
  expect(await selectedTab().innerText()).toBe('Catalog');
  expect(await page().title()).toBe('Catalog - Lookups - OpenSearch Dashboards');

  await page().goto(`${app.host().url}/app/lookups/lookups/lk_no_such_lookup/versions`);
  await page().reload();
  await page().locator('[data-test-subj="lookupsLookupNotFound"]').waitFor();
  expect(new URL(page().url()).pathname).toBe('/app/lookups/lookups/lk_no_such_lookup/versions');
  expect(await page().locator('[data-test-subj="lookupsLookupNotFound"]').innerText()).toContain(
    'lk_no_such_lookup'
  );
  expect(await page().locator('[data-test-subj="breadcrumbs"]').innerText()).toMatch(
    /Lookups\s*Catalog\s*lk_no_such_lookup\s*Versions/
  );
  expect(await page().title()).toBe(
    'Versions - lk_no_such_lookup - Catalog - Lookups - OpenSearch Dashboards'
  );
  // A breadcrumb is a real link to the page's path.
  expect(
    await page()
      .locator('[data-test-subj="breadcrumbs"] a', { hasText: 'Catalog' })
      .getAttribute('href')
  ).toBe('/app/lookups/lookups');
});

it('redirects an old hash link (#/lookups/<name>/<tab>) to the path it names', async () => {
  await page().goto(`${app.host().url}/app/lookups#/lookups/lk_no_such_lookup/settings`);
  await page().locator('[data-test-subj="lookupsLookupNotFound"]').waitFor();
  const url = new URL(page().url());
  expect(url.pathname).toBe('/app/lookups/lookups/lk_no_such_lookup/settings');
  expect(url.hash).toBe('');
  expect(await page().title()).toBe(
    'Settings - lk_no_such_lookup - Catalog - Lookups - OpenSearch Dashboards'
  );
  // In place of the old entry: Back does not return to the hash link.
  await page().goto(`${app.host().url}/app/lookups#/query`);
  await page().locator('[data-test-subj="pplEditorInput"]').waitFor();
  expect(new URL(page().url()).pathname).toBe('/app/lookups/query');
  await page().goBack();
  await page().locator('[data-test-subj="lookupsLookupNotFound"]').waitFor();
  expect(new URL(page().url()).pathname).toBe('/app/lookups/lookups/lk_no_such_lookup/settings');
});

it('switches tabs as paths on the history, without a page load', async () => {
  await page().goto(`${app.host().url}/app/lookups/lookups`);
  await page().locator('[data-test-subj="lookupsCatalogPage"]').waitFor();
  await page().evaluate(() => ((window as unknown as { marker: number }).marker = 1));
  await page().click('[data-test-subj="lookupsTab-query"]');
  await page().locator('[data-test-subj="pplEditorInput"]').waitFor();
  expect(new URL(page().url()).pathname).toBe('/app/lookups/query');
  expect(await page().title()).toBe('Query - Lookups - OpenSearch Dashboards');
  expect(await page().evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
  await page().goBack();
  await page().locator('[data-test-subj="lookupsCatalogPage"]').waitFor();
  expect(new URL(page().url()).pathname).toBe('/app/lookups/lookups');
});

it("lists the app in the navigation under OSD's nav groups", async () => {
  await page().click('[data-test-subj="toggleNavButton"]');
  const nav = page().locator('[data-test-subj="collapsibleNav"]');
  await nav.waitFor();
  for (const group of ['observability', 'all']) {
    const link = nav.locator(
      `[data-test-subj="collapsibleNavGroup-${group}"] [data-test-subj="collapsibleNavAppLink-lookups"]`
    );
    expect(await link.getAttribute('href')).toBe('/app/lookups');
    expect(await link.innerText()).toContain('Lookups');
  }
  expect(await nav.locator('[data-test-subj^="collapsibleNavGroup-"] h2').allInnerTexts()).toEqual([
    'Analytics (All)',
    'Observability',
  ]);
  expect(await axeViolations(page())).toEqual([]);
  await screenshot(page(), 'landing-nav');
  await page().keyboard.press('Escape');
  await nav.waitFor({ state: 'hidden' });
});

it('logs out and returns to the login page', async () => {
  await logOut(page());
  await page().goto(`${app.host().url}/app/lookups`);
  expect(new URL(page().url()).pathname).toBe('/login');
});

it('raised no errors in the page', () => {
  expect(app.browser().pageErrors).toEqual([]);
  // The deep link to a lookup that does not exist is answered 404, on purpose.
  expect(
    unexpectedConsoleErrors(app.browser(), [/status of 404 .*\/api\/lookups\/lk_no_such_lookup\)$/])
  ).toEqual([]);
});
