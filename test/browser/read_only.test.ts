/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * A read-only user (lookup_reader) in the browser: sees the lookups it may read, but the write,
 * migration and restore it tries are refused by the server, and the page shows the server's own
 * message each time; nothing changes.
 */
import { apiPaths } from '../../common/api/paths';
import { buildPublic } from '../../scripts/build_public';
import {
  launchBrowser,
  logIn,
  screenshot,
  severeAxeViolations,
  typeQuery,
  unexpectedConsoleErrors,
  type BrowserSession,
} from '../support/browser';
import { callApi } from '../support/api';
import { adminClient, TestNames } from '../support/cluster';
import { startTestHost, type TestHost } from '../support/host';
import { aliasFilterOf, createImporterLookups, slicesIn } from '../support/lookups';
import { users } from '../support/users';

const admin = adminClient();
const names = new TestNames();
const name = names.lookup('ro_ui');
let host: TestHost;
let browser: BrowserSession;
let legacy: { shared: string; one: string; two: string };
let before: Record<string, number>;
const page = () => browser.page;
const testSubj = (subj: string) => page().locator(`[data-test-subj="${subj}"]`);

beforeAll(async () => {
  await buildPublic();
  host = await startTestHost();
  for (const rows of [
    [{ host: 'a', n: 1 }],
    [
      { host: 'b', n: 2 },
      { host: 'c', n: 3 },
    ],
  ]) {
    const res = await callApi(host.url, 'POST', apiPaths.write(name), {
      caller: users.writer,
      body: { rows },
    });
    expect(res.status).toBe(200);
  }
  legacy = await createImporterLookups(admin, names);
  before = await slicesIn(admin, `${name}__lookup`);
  browser = await launchBrowser();
  await logIn(page(), host.url, users.reader, '/app/lookups/lookups');
});

afterAll(async () => {
  await browser?.close();
  await host?.stop();
  await names.drop(admin);
});

it('sees the lookup in the catalog', async () => {
  await testSubj('lookupsCatalogTable').waitFor();
  await testSubj('lookupsCatalogSearch').fill(name);
  const row = testSubj(`lookupsCatalogRow-${name}`);
  await row.waitFor();
  expect(await row.innerText()).toContain('Managed');
  expect(await page().locator('[data-test-subj="headerUsername"]').innerText()).toContain(
    'lookup_reader'
  );
});

it('runs a plain query, but a write job is refused with the server’s message', async () => {
  await testSubj('lookupsTab-query').click();
  const query = `source=web_logs | stats count() by host | outputlookup ${name}`;
  await typeQuery(page(), query);
  await testSubj('lookupsQueryRun').click();
  const failed = testSubj('lookupsJobFailed');
  await failed.waitFor();
  const message = await testSubj('lookupsJobError').innerText();
  // The server's own words, as the job records them.
  const api = await callApi<{ jobs: Array<{ query: string; state: string; error?: string }> }>(
    host.url,
    'GET',
    apiPaths.jobs(),
    { caller: users.reader, query: { lookup: name } }
  );
  expect(api.status).toBe(200);
  const job = api.body.jobs.find((j) => j.query === query);
  expect(job?.state).toBe('failed');
  expect(message).toBe(job?.error);
  expect(message).toContain('OpenSearch refused this');
  expect(await severeAxeViolations(page())).toEqual([]);
  await screenshot(page(), 'query-refused');
});

it('is refused a migration, with the server’s message in the modal', async () => {
  await testSubj('lookupsTab-catalog').click();
  await testSubj('lookupsCatalogSearch').fill(legacy.one);
  await testSubj(`lookupsCatalogMigrate-${legacy.one}`).click();
  const modal = testSubj('lookupsMigrateModal');
  await modal.waitFor();
  // The dry run may be allowed (it only reads); the migration itself is not.
  await page()
    .locator('[data-test-subj="lookupsMigratePreview"], [data-test-subj="lookupsMigrateError"]')
    .first()
    .waitFor();
  if ((await testSubj('lookupsMigrateError').count()) === 0) {
    await testSubj('confirmModalConfirmButton').click();
  }
  const message = testSubj('lookupsMigrateError-message');
  await message.waitFor();
  expect(await message.innerText()).toMatch(
    /OpenSearch refused this for your user|not allowed|permission/i
  );
  expect(await severeAxeViolations(page())).toEqual([]);
  await screenshot(page(), 'migrate-refused');
  await testSubj('confirmModalCancelButton').click();
  expect((await aliasFilterOf(admin, legacy.one))?.index).toBe(legacy.shared);
});

it('is refused a restore, with the server’s message, and nothing changes', async () => {
  await page().goto(`${host.url}/app/lookups/lookups/${name}/versions`);
  const restore = page().locator('[data-test-subj^="lookupsVersionRestore-"]');
  await restore.first().click();
  await testSubj('confirmModalConfirmButton').click();
  const message = testSubj('lookupsRestoreError-message');
  await message.waitFor();
  expect(await message.innerText()).toContain('OpenSearch refused this for your user');
  await screenshot(page(), 'restore-refused');
  await testSubj('confirmModalCancelButton').click();
  expect(await slicesIn(admin, `${name}__lookup`)).toEqual(before);
});

it('raised no errors in the page besides the refusals it provoked', () => {
  expect(browser.pageErrors).toEqual([]);
  expect(
    unexpectedConsoleErrors(browser, [
      /status of 403 .*\/api\/lookups\/_query\)$/,
      /status of 403 .*\/_migrate(\?dry_run=true)?\)$/,
      /status of 403 .*\/_rollback\)$/,
    ])
  ).toEqual([]);
});
