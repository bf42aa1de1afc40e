/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * The theme switched as in OSD's advanced settings: `theme:darkMode` set through core's
 * uiSettings API (`POST /api/opensearch-dashboards/settings`, as Stack Management → Advanced
 * settings sends it), then the page reloaded, renders the app dark; axe finds nothing. The host
 * keeps its saved objects in an index of this test's own, so no other test sees the change.
 */
import { appUnderTest } from '../support/app_under_test';
import { axeViolations, OUI_GRID_STRUCTURE } from '../support/browser';
import { adminClient, TestNames, uniqueName } from '../support/cluster';
import { users } from '../support/users';

const admin = adminClient();
const names = new TestNames();
const index = uniqueName('.kibana_theme');
names.track(index);
const app = appUnderTest({
  hostEnv: () => ({ LOOKUPS_SAVED_OBJECTS_INDEX: index }),
  viewport: { width: 1280, height: 900 },
  logIn: { user: users.writer, path: '/app/lookups/lookups' },
});
const { page, testSubj } = app;

afterAll(() => names.drop(admin));

/** A request from the signed-in page, as OSD's advanced settings page sends it. */
const settings = (method: string, path: string, body?: unknown) =>
  page().evaluate(
    async ({ method, path, body }) => {
      const res = await fetch(path, {
        method,
        headers: { 'osd-xsrf': 'true', 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    },
    { method, path, body }
  );

const themeTag = () =>
  page().evaluate(() => (window as { __osdThemeTag__?: string }).__osdThemeTag__);
const pageBackground = () => page().evaluate(() => getComputedStyle(document.body).backgroundColor);

it('starts light, with nothing set', async () => {
  await testSubj('lookupsCatalogCreate').waitFor();
  expect(await themeTag()).toBe('v8light');
  expect(await settings('GET', '/api/opensearch-dashboards/settings')).toEqual({
    status: 200,
    body: { settings: {} },
  });
});

it('refuses a value that is not a boolean, as OSD validates it', async () => {
  const refused = await settings('POST', '/api/opensearch-dashboards/settings', {
    changes: { 'theme:darkMode': 'yes' },
  });
  expect(refused.status).toBe(400);
  expect(String(refused.body.message)).toContain('validation [theme:darkMode]');
  const unknownKey = await settings('POST', '/api/opensearch-dashboards/settings', {
    change: { 'theme:darkMode': true },
  });
  expect(unknownKey.status).toBe(400);
});

it('switched to dark and reloaded, renders the app dark, and axe finds nothing', async () => {
  const set = await settings('POST', '/api/opensearch-dashboards/settings', {
    changes: { 'theme:darkMode': true },
  });
  expect(set).toEqual({
    status: 200,
    body: { settings: { 'theme:darkMode': { userValue: true } } },
  });
  // Like OSD, the page already open keeps its theme until it is reloaded.
  expect(await themeTag()).toBe('v8light');
  await page().reload();
  await testSubj('lookupsCatalogCreate').waitFor();
  expect(await themeTag()).toBe('v8dark');
  const rgb = (await pageBackground()).match(/\d+/g)!.slice(0, 3).map(Number);
  expect(Math.max(...rgb)).toBeLessThan(60);
  expect(await axeViolations(page(), OUI_GRID_STRUCTURE)).toEqual([]);

  // And back, with the single-key route.
  const back = await settings('POST', '/api/opensearch-dashboards/settings/theme:darkMode', {
    value: false,
  });
  expect(back.status).toBe(200);
  await page().reload();
  await testSubj('lookupsCatalogCreate').waitFor();
  expect(await themeTag()).toBe('v8light');
});

it("switches from the header's theme button, which reloads the page in the other theme", async () => {
  const button = testSubj('headerThemeButton');
  expect(await button.textContent()).toBe('Dark mode');
  await Promise.all([page().waitForEvent('load'), button.click()]);
  await testSubj('lookupsCatalogCreate').waitFor();
  expect(await themeTag()).toBe('v8dark');
  expect(await settings('GET', '/api/opensearch-dashboards/settings')).toEqual({
    status: 200,
    body: { settings: { 'theme:darkMode': { userValue: true } } },
  });
  expect(await testSubj('headerThemeButton').textContent()).toBe('Light mode');
  await Promise.all([page().waitForEvent('load'), testSubj('headerThemeButton').click()]);
  await testSubj('lookupsCatalogCreate').waitFor();
  expect(await themeTag()).toBe('v8light');
});

it('raised no errors in the page', () => {
  expect(app.browser().pageErrors).toEqual([]);
});
