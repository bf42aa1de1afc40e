/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * A read-only user (lookup_reader) in the browser: sees the lookups it may read, is told up front
 * that it may not change them, finds every write action (Run and write, migrate, restore, clean
 * up, import, delete) turned off with the missing permission named, and Create from file says so
 * at the name as soon as a file is picked; nothing changes.
 */
import { apiPaths } from '../../common/api/paths';
import { appUnderTest } from '../support/app_under_test';
import {
  logIn,
  screenshot,
  axeViolations,
  OUI_GRID_STRUCTURE,
  typeQuery,
  unexpectedConsoleErrors,
} from '../support/browser';
import { callApi } from '../support/api';
import { adminClient, TestNames } from '../support/cluster';
import { aliasFilterOf, createImporterLookups, slicesIn } from '../support/lookups';
import { users } from '../support/users';

const admin = adminClient();
const names = new TestNames();
const name = names.lookup('ro_ui');
const app = appUnderTest();
const { page, testSubj } = app;
let legacy: { shared: string; one: string; two: string };
let before: Record<string, number>;

beforeAll(async () => {
  for (const rows of [
    [{ host: 'a', n: 1 }],
    [
      { host: 'b', n: 2 },
      { host: 'c', n: 3 },
    ],
  ]) {
    const res = await callApi(app.host().url, 'POST', apiPaths.write(name), {
      caller: users.writer,
      body: { rows },
    });
    expect(res.status).toBe(200);
  }
  legacy = await createImporterLookups(admin, names);
  before = await slicesIn(admin, `${name}__lookup`);
  await logIn(page(), app.host().url, users.reader, '/app/lookups/lookups');
});

afterAll(async () => {
  await names.drop(admin);
});

it('sees the lookup in the catalog, told up front that it may read but not change', async () => {
  await testSubj('lookupsCatalogTable').waitFor();
  await testSubj('lookupsCatalogSearch').fill(name);
  const row = testSubj(`lookupsCatalogRow-${name}`);
  await row.waitFor();
  expect(await row.innerText()).toContain('Managed');
  expect(await page().locator('[data-test-subj="headerUsername"]').innerText()).toContain(
    'lookup_reader'
  );
  await testSubj('lookupsCatalogReadOnly').waitFor();
  expect(await testSubj('lookupsCatalogReadOnly').innerText()).toContain(
    'You can read these lookups but not change them'
  );
  // Every write in the row is off; reading (open, query) stays.
  expect(await testSubj(`lookupsCatalog-delete-${name}`).isDisabled()).toBe(true);
  expect(await testSubj(`lookupsCatalog-cleanup-${name}`).isDisabled()).toBe(true);
  expect(await testSubj(`lookupsCatalog-query-${name}`).isEnabled()).toBe(true);
  expect(await testSubj('lookupsCatalogCleanup').isDisabled()).toBe(true);
  // The tooltip names the lookup, the action and the permission.
  await row.locator('[data-test-subj="lookupsRefused-delete"]').hover();
  const tooltip = page().locator('[role="tooltip"]');
  await tooltip.waitFor();
  expect(await tooltip.innerText()).toBe(
    `You may not delete "${name}": your user lacks the OpenSearch permission indices:admin/delete. An administrator can grant it.`
  );
  await page().mouse.move(0, 0);
  await tooltip.waitFor({ state: 'detached' });
  expect(await axeViolations(page())).toEqual([]);
  await screenshot(page(), 'catalog-read-only');
});

it('runs a plain query; Run and write is off for a lookup it may not write, with the reason', async () => {
  await testSubj('lookupsTab-query').click();
  await typeQuery(page(), 'source=web_logs | stats count() by host');
  await testSubj('lookupsQueryRun').click();
  await testSubj('lookupsQueryTable').waitFor();

  const query = `source=web_logs | stats count() by host | outputlookup ${name}`;
  await typeQuery(page(), query);
  const run = testSubj('lookupsQueryRun');
  await page().waitForFunction(
    () =>
      (document.querySelector('[data-test-subj="lookupsQueryRun"]') as HTMLButtonElement)
        ?.disabled && document.querySelector('[data-test-subj="lookupsRefused-write"]') !== null
  );
  expect(await run.innerText()).toBe('Run and write');
  // The reason, on hover and to screen readers: which lookup and which permission.
  const refused = testSubj('lookupsRefused-write');
  expect(await refused.locator('[data-test-subj="lookupsRefusedText"]').textContent()).toMatch(
    new RegExp(
      `^You may not write to "${name}": your user lacks the OpenSearch permission indices:`
    )
  );
  await refused.hover();
  const tooltip = page().locator('[role="tooltip"]');
  await tooltip.waitFor();
  expect(await tooltip.innerText()).toContain(`You may not write to "${name}"`);
  // Nothing was sent: no job is stored.
  const api = await callApi<{ jobs: Array<{ query: string }> }>(
    app.host().url,
    'GET',
    apiPaths.jobs(),
    { caller: users.reader, query: { lookup: name } }
  );
  expect(api.status).toBe(200);
  expect(api.body.jobs.filter((j) => j.query === query)).toEqual([]);
  await page().mouse.move(0, 0);
  await tooltip.waitFor({ state: 'detached' });
  expect(await axeViolations(page(), OUI_GRID_STRUCTURE)).toEqual([]);
  await screenshot(page(), 'query-write-off');
});

it('Create from file says at the name, once a file is picked, that it may not write it', async () => {
  const fresh = names.lookup('ro_new');
  await testSubj('lookupsTab-catalog').click();
  await testSubj('lookupsCatalogCreate').click();
  const modal = testSubj('lookupsCreateModal');
  await modal.waitFor();
  await modal.locator('input[type="file"]').setInputFiles({
    name: `${fresh}.csv`,
    mimeType: 'text/csv',
    buffer: Buffer.from('host,n\na,1\nb,2\n'),
  });
  await testSubj('lookupsCreatePreview').waitFor();
  await testSubj('lookupsCreateName').fill(fresh);
  const reason = modal.locator('.euiFormErrorText');
  await reason.waitFor();
  expect(await reason.innerText()).toMatch(
    new RegExp(
      `^You may not write to "${fresh}": your user lacks the OpenSearch permission indices:`
    )
  );
  expect(await testSubj('lookupsCreateSubmit').isDisabled()).toBe(true);
  expect(await axeViolations(page())).toEqual([]);
  await screenshot(page(), 'create-from-file-read-only');
  await testSubj('lookupsCreateCancel').click();
  await modal.waitFor({ state: 'detached' });
});

it('cannot start a migration: the button is off and says which permission is missing', async () => {
  await testSubj('lookupsTab-catalog').click();
  await testSubj('lookupsCatalogSearch').fill(legacy.one);
  const migrate = testSubj(`lookupsCatalogMigrate-${legacy.one}`);
  await migrate.waitFor();
  await page().waitForFunction(
    (subj) => (document.querySelector(`[data-test-subj="${subj}"]`) as HTMLButtonElement)?.disabled,
    `lookupsCatalogMigrate-${legacy.one}`
  );
  expect(
    await page()
      .locator(
        `[data-test-subj="lookupsCatalogRow-${legacy.one}"] [data-test-subj="lookupsRefused-migrate"]`
      )
      .getAttribute('data-missing-permission')
  ).toMatch(/^indices:/);
  expect(await testSubj('lookupsMigrateModal').count()).toBe(0);
  expect((await aliasFilterOf(admin, legacy.one))?.index).toBe(legacy.shared);
});

it('on the lookup: restore, clean up, import and delete are off; nothing changes', async () => {
  await page().goto(`${app.host().url}/app/lookups/lookups/${name}/versions`);
  const restore = page().locator('[data-test-subj^="lookupsVersionRestore-"]').first();
  await restore.waitFor();
  await page().waitForFunction(() =>
    [...document.querySelectorAll('[data-test-subj^="lookupsVersionRestore-"]')].every(
      (b) => (b as HTMLButtonElement).disabled
    )
  );
  expect(await testSubj('lookupsVersionsCleanup').isDisabled()).toBe(true);
  expect(await axeViolations(page())).toEqual([]);
  await screenshot(page(), 'versions-read-only');

  await testSubj('lookupsLookupTab-settings').click();
  await testSubj('lookupsSettingsTab').waitFor();
  await page().waitForFunction(
    () =>
      (document.querySelector('[data-test-subj="lookupsDeleteButton"]') as HTMLButtonElement)
        ?.disabled
  );
  expect(await testSubj('lookupsImportSubmit').isDisabled()).toBe(true);
  await testSubj('lookupsDeleteButton').locator('xpath=..').hover();
  expect(await page().locator('[role="tooltip"]').innerText()).toContain(
    `You may not delete "${name}"`
  );
  // Export (a read) stays.
  expect(await testSubj('lookupsExportCsv').getAttribute('href')).toContain('_export');
  await screenshot(page(), 'settings-read-only');
  expect(await slicesIn(admin, `${name}__lookup`)).toEqual(before);
});

it('raised no errors in the page', () => {
  expect(app.browser().pageErrors).toEqual([]);
  expect(unexpectedConsoleErrors(app.browser(), [])).toEqual([]);
});
