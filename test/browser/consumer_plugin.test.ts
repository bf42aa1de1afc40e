/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Another plugin using the lookups start contract, as the query workbench would: the consumer
 * plugin (test/fixtures/consumer_plugin, `optionalPlugins: ["lookupsDashboards"]`) installed
 * from its own zip beside ours. The host runs both as OSD does (discovery of both, ours set up
 * first, the contract handed under its id), and the consumer's page writes a lookup through
 * `runQuery`, as the signed-in user, then opens it with `navigateToLookup`. Without our plugin
 * installed, the optional dependency is dropped and the consumer's page says so.
 */
import { join } from 'path';
import { BUILD_DIR, archiveName } from '../../scripts/build/plugin';
import { DEFAULT_OSD_VERSION } from '../../scripts/build/osd_version';
import { appUnderTest } from '../support/app_under_test';
import { launchBrowser, unexpectedConsoleErrors } from '../support/browser';
import { adminClient, dropIndices, uniqueName } from '../support/cluster';
import { buildConsumerZip, CONSUMER_ID } from '../support/consumer_plugin';
import { homeWith, type TestHome } from '../support/homes';
import { startTestHost } from '../support/host';
import { callApi } from '../support/api';
import { users } from '../support/users';

const LOOKUPS_ZIP = join(BUILD_DIR, archiveName('lookupsDashboards', DEFAULT_OSD_VERSION));
const name = uniqueName('lk_consumer');
const homes: TestHome[] = [];
let consumerZip: string;

const app = appUnderTest({
  startHost: async () => {
    consumerZip = await buildConsumerZip();
    const home = homeWith([LOOKUPS_ZIP, consumerZip]);
    homes.push(home);
    return startTestHost({ LOOKUPS_HOST_HOME: home.home });
  },
});
const { page, testSubj } = app;

afterAll(async () => {
  await dropIndices(adminClient(), name, `${name}__lookup`);
  for (const home of homes) home.remove();
});

it('lists both plugins for the page, ours before the consumer that depends on it', async () => {
  const res = await fetch(`${app.host().url}/app/${CONSUMER_ID}`, {
    headers: {
      authorization: `Basic ${Buffer.from(`${users.writer.username}:${users.writer.password}`).toString('base64')}`,
    },
  });
  const html = await res.text();
  const data = /<osd-injected-metadata data="([^"]*)">/.exec(html)![1].replace(/&quot;/g, '"');
  const ui: Array<{ id: string; plugin: { optionalPlugins: string[] } }> =
    JSON.parse(data).uiPlugins;
  const ids = ui.map((p) => p.id);
  expect(ids.indexOf('lookupsDashboards')).toBeGreaterThanOrEqual(0);
  expect(ids.indexOf('lookupsDashboards')).toBeLessThan(ids.indexOf(CONSUMER_ID));
  expect(ui.find((p) => p.id === CONSUMER_ID)!.plugin.optionalPlugins).toEqual([
    'lookupsDashboards',
  ]);
});

it('writes a lookup through runQuery from the consumer’s page, as the signed-in user', async () => {
  await page().goto(`${app.host().url}/login?next=${encodeURIComponent(`/app/${CONSUMER_ID}`)}`);
  await page().fill('#username', users.writer.username);
  await page().fill('#password', users.writer.password);
  await Promise.all([
    page().waitForURL((url) => url.pathname === `/app/${CONSUMER_ID}`),
    page().click('button[type=submit]'),
  ]);
  await testSubj('consumerTitle').waitFor();
  await testSubj('consumerQuery').fill(
    `source=web_logs | stats count() as requests by host | outputlookup ${name}`
  );
  await testSubj('consumerRun').click();
  await testSubj('consumerAnswer').waitFor();
  expect(await testSubj('consumerAnswer').innerText()).toBe(`12 rows written to ${name}`);

  const detail = await callApi<{
    rows: number;
    slices: Array<{ current: boolean; written_by?: string }>;
  }>(app.host().url, 'GET', `/api/lookups/${name}`, { caller: users.writer });
  expect(detail.status).toBe(200);
  expect(detail.body.rows).toBe(12);
  expect(detail.body.slices.find((s) => s.current)?.written_by).toBe(users.writer.username);
});

it('opens the lookup in the Lookups app with navigateToLookup', async () => {
  await testSubj('consumerOpen').click();
  await page().waitForURL((url) => url.pathname === `/app/lookups/lookups/${name}/versions`);
  await testSubj('lookupsLandingTitle').waitFor();
  await page().getByText(name, { exact: false }).first().waitFor();
  expect(unexpectedConsoleErrors(app.browser())).toEqual([]);
});

it('drops the optional dependency where lookups is not installed: the page says so', async () => {
  const home = homeWith([consumerZip]);
  homes.push(home);
  const host = await startTestHost({ LOOKUPS_HOST_HOME: home.home });
  const browser = await launchBrowser();
  try {
    await browser.page.goto(`${host.url}/login?next=${encodeURIComponent(`/app/${CONSUMER_ID}`)}`);
    await browser.page.fill('#username', users.writer.username);
    await browser.page.fill('#password', users.writer.password);
    await Promise.all([
      browser.page.waitForURL((url) => url.pathname === `/app/${CONSUMER_ID}`),
      browser.page.click('button[type=submit]'),
    ]);
    await browser.page.locator('[data-test-subj="consumerNoLookups"]').waitFor();
    expect(host.log()).not.toMatch(/has been disabled/);
  } finally {
    await browser.close();
    await host.stop();
  }
});
