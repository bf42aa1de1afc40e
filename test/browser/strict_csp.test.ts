/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * The app under OSD 3.6's strict content security policy (`csp.enable: true`): scripts from the
 * page's origin only, and a `<style>` element only with the page's nonce, which OSD's bootstrap
 * gives every style element created after it ran. The app's pages render and run a query with no
 * violation reported from its bundle or core's: its styles are inline attributes or OUI's, and its
 * chunks load from the bundle folder with the nonce. (OUI's code editor, ace, adds three style
 * elements with `createElementNS`, which the bootstrap's nonce does not reach: they are refused in
 * OSD as here, from OSD's shared-deps script, and the app uses no code editor.)
 */
import { appUnderTest, type AppUnderTest } from '../support/app_under_test';
import { typeQuery } from '../support/browser';
import { users } from '../support/users';

const app: AppUnderTest = appUnderTest({
  hostEnv: () => ({ LOOKUPS_CSP_STRICT: 'true' }),
  logIn: { user: users.writer, path: '/app/lookups/query' },
});
const { page, testSubj } = app;

/** Every CSP violation the page reports, from the moment each document starts. */
async function watchViolations() {
  await page().addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.violatedDirective} ${event.blockedURI} from ${event.sourceFile}`)
    );
  });
}
/** Violations other than those of OSD's shared dependencies (see above). */
const violations = async () =>
  (
    await page().evaluate(
      () => (window as unknown as { __cspViolations: string[] }).__cspViolations
    )
  ).filter((v) => !v.includes('/bundles/osd-ui-shared-deps/'));

beforeAll(watchViolations);

it('serves the strict rules, with a fresh nonce on style elements, and the page bootstraps', async () => {
  const answer = await page().goto(`${app.host().url}/app/lookups/query`);
  const csp = (await answer!.headerValue('content-security-policy')) ?? '';
  expect(csp).toContain(`script-src 'self'`);
  expect(csp).toMatch(/style-src-elem 'self' 'nonce-[A-Za-z0-9+/=]+'/);
  await testSubj('pplEditorInput').waitFor();
  const nonce = await page().evaluate(
    () => (window as unknown as { __webpack_nonce__: string }).__webpack_nonce__
  );
  expect(csp).toContain(`'nonce-${nonce}'`);
  // Every style element made through createElement carries it.
  const styles = await page().evaluate(() =>
    [...document.querySelectorAll('style')]
      .filter((s) => !(s.textContent ?? '').includes('.ace'))
      .map((s) => s.getAttribute('nonce'))
  );
  expect(styles.every((n) => n === nonce)).toBe(true);
  expect(await violations()).toEqual([]);
});

it('runs a query and opens the catalog with no violation reported', async () => {
  await page().goto(`${app.host().url}/app/lookups/query`);
  await typeQuery(page(), 'source=web_logs | stats count() by host');
  await testSubj('lookupsQueryRun').click();
  await testSubj('lookupsQueryTable').waitFor();
  expect(await violations()).toEqual([]);
  await page().goto(`${app.host().url}/app/lookups/lookups`);
  await testSubj('lookupsCatalogPage').waitFor();
  expect(await violations()).toEqual([]);
  expect(app.browser().pageErrors).toEqual([]);
});

it('draws a chart, whose stylesheet carries the nonce, with no violation reported', async () => {
  await page().goto(`${app.host().url}/app/lookups/query`);
  await typeQuery(page(), 'source=web_logs | timechart span=1d count() by status');
  await testSubj('lookupsQueryRun').click();
  await testSubj('lookupsResultViewLine').click();
  await page()
    .locator('.echChartStatus[data-ech-render-complete="true"]')
    .waitFor({ state: 'attached' });
  const nonce = await page().evaluate(
    () => (window as unknown as { __webpack_nonce__: string }).__webpack_nonce__
  );
  // The browser hides a connected element's nonce attribute; its `nonce` property keeps it.
  expect(
    await page()
      .locator('style#lookupsChartsTheme')
      .evaluate((style) => (style as HTMLStyleElement).nonce)
  ).toBe(nonce);
  // The stylesheet applies (without it the chart's frame is a plain block).
  expect(
    await page()
      .locator('[data-test-subj="lookupsQueryChart"] .echChart')
      .evaluate((chart) => getComputedStyle(chart).display)
  ).toBe('flex');
  expect(await violations()).toEqual([]);
  expect(app.browser().pageErrors).toEqual([]);
});
