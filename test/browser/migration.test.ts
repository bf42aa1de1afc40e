/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Migrating importer-style (legacy) lookups in the browser with one click: from the catalog and
 * from the lookup's page. The legacy lookups are set up the way the OSD data importer leaves
 * them (a shared index with `__lookup` keyword docs behind filtered aliases), as the admin.
 */
import { appUnderTest } from '../support/app_under_test';
import {
  dismissToasts,
  logIn,
  screenshot,
  axeViolations,
  OUI_GRID_STRUCTURE,
  toastTexts,
  unexpectedConsoleErrors,
} from '../support/browser';
import { adminClient, TestNames } from '../support/cluster';
import { aliasFilterOf, createImporterLookups } from '../support/lookups';
import { users } from '../support/users';

const admin = adminClient();
const names = new TestNames();
const app = appUnderTest();
const { page, testSubj } = app;
let legacy: { shared: string; one: string; two: string };

beforeAll(async () => {
  legacy = await createImporterLookups(admin, names);
  await logIn(page(), app.host().url, users.writer, '/app/lookups/lookups');
});

afterAll(async () => {
  await names.drop(admin);
});

it('shows the importer’s lookups as legacy, with a Migrate button', async () => {
  await testSubj('lookupsCatalogTable').waitFor();
  await testSubj('lookupsCatalogSearch').fill(legacy.one);
  const row = testSubj(`lookupsCatalogRow-${legacy.one}`);
  await row.waitFor();
  expect(await row.innerText()).toContain('Legacy');
  await testSubj(`lookupsCatalogMigrate-${legacy.one}`).waitFor();
});

it('previews the migration (a dry run), then migrates in one click', async () => {
  await testSubj(`lookupsCatalogMigrate-${legacy.one}`).click();
  const preview = testSubj('lookupsMigratePreview');
  await preview.waitFor();
  expect(await testSubj('lookupsMigrateRows').innerText()).toBe('2');
  expect(await testSubj('lookupsMigrateFields').innerText()).toBe('code');
  expect(await testSubj('lookupsMigrateTarget').innerText()).toBe(`${legacy.one}__lookup`);
  expect(await preview.innerText()).toContain(`${legacy.shared} (stays as it is`);
  // The dry run changed nothing.
  expect((await aliasFilterOf(admin, legacy.one))?.index).toBe(legacy.shared);
  expect(await axeViolations(page(), OUI_GRID_STRUCTURE)).toEqual([]);
  await screenshot(page(), 'migrate');

  await testSubj('confirmModalConfirmButton').click();
  await testSubj('lookupsMigrateModal').waitFor({ state: 'detached' });
  const row = testSubj(`lookupsCatalogRow-${legacy.one}`);
  await row.locator('[data-test-subj="lookupsKindBadge-managed"]').waitFor();
  expect(await row.innerText()).not.toContain('Migrate');
  expect((await toastTexts(page())).join(' ')).toContain(`"${legacy.one}" is now a managed lookup`);
  expect((await aliasFilterOf(admin, legacy.one))?.index).toBe(`${legacy.one}__lookup`);
  await dismissToasts(page());
});

it('migrates from the lookup’s own page, which then shows it managed', async () => {
  await page().goto(`${app.host().url}/app/lookups/lookups/${legacy.two}/versions`);
  await testSubj('lookupsLookupMigrate').click();
  await testSubj('lookupsMigratePreview').waitFor();
  expect(await testSubj('lookupsMigrateRows').innerText()).toBe('1');
  await testSubj('confirmModalConfirmButton').click();
  await testSubj('lookupsMigrateModal').waitFor({ state: 'detached' });
  await testSubj('lookupsKindBadge-managed').waitFor();
  expect(await testSubj('lookupsLookupMigrate').count()).toBe(0);
  const timeline = testSubj('lookupsVersionsTimeline');
  await page().waitForFunction(
    () =>
      document
        .querySelector('[data-test-subj="lookupsVersionsTimeline"]')
        ?.textContent?.includes('migrated') ?? false
  );
  expect(await timeline.innerText()).toContain('Current');
  expect(await timeline.innerText()).toContain('Rows: 1');
  await dismissToasts(page());
  expect(await axeViolations(page(), OUI_GRID_STRUCTURE)).toEqual([]);
  await screenshot(page(), 'migrated-versions');
});

it('raised no errors in the page', () => {
  expect(app.browser().pageErrors).toEqual([]);
  expect(unexpectedConsoleErrors(app.browser())).toEqual([]);
});
