/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Translations come from the installed plugin, as OSD registers them: the host reads the
 * `.i18nrc.json` in the plugin's installed folder, loads the files it lists for `i18n.locale`,
 * serves them at `/translations/<locale>.json`, and the page loads them before the plugin
 * starts. A test locale added to the installed folder (its file, and its line in the installed
 * `.i18nrc.json`) shows on the page.
 */
import { readFileSync, writeFileSync } from 'fs';
import { join } from 'path';
import { BUILD_DIR, archiveName } from '../../scripts/build/plugin';
import { DEFAULT_OSD_VERSION } from '../../scripts/build/osd_version';
import { appUnderTest } from '../support/app_under_test';
import { homeWith, type TestHome } from '../support/homes';
import { startTestHost } from '../support/host';
import { users } from '../support/users';

const ID = 'lookupsDashboards';
let testHome: TestHome;

const app = appUnderTest({
  startHost: () => {
    testHome = homeWith([join(BUILD_DIR, archiveName(ID, DEFAULT_OSD_VERSION))]);
    const installed = testHome.plugin(ID);
    const rc = JSON.parse(readFileSync(join(installed, '.i18nrc.json'), 'utf8'));
    const en = JSON.parse(readFileSync(join(installed, 'translations/en.json'), 'utf8'));
    const messages = {
      ...en.messages,
      'lookups.app.tabs.query': 'Requête',
      'lookups.app.tabs.catalog': 'Catalogue',
    };
    writeFileSync(
      join(installed, 'translations/fr-FR.json'),
      JSON.stringify({ locale: 'fr-FR', messages })
    );
    rc.translations.push('translations/fr-FR.json');
    writeFileSync(join(installed, '.i18nrc.json'), JSON.stringify(rc));
    return startTestHost({ LOOKUPS_HOST_HOME: testHome.home, LOOKUPS_I18N_LOCALE: 'fr-FR' });
  },
  logIn: { user: users.writer, path: '/app/lookups' },
});

afterAll(() => testHome?.remove());

it('serves the locale the server runs, from the installed files, and no other', async () => {
  const served = await fetch(`${app.host().url}/translations/fr-fr.json`);
  expect(served.status).toBe(200);
  expect(served.headers.get('cache-control')).toBe('must-revalidate');
  const body = await served.json();
  expect(body.locale).toBe('fr-fr');
  expect(body.messages['lookups.app.tabs.query']).toBe('Requête');
  const other = await fetch(`${app.host().url}/translations/en.json`);
  expect(other.status).toBe(404);
  expect((await other.json()).message).toBe('Unknown locale: en');
});

it('shows the installed test locale’s messages on the page', async () => {
  const tabs = app.page().locator('[id^="lookupsTab-"][role="tab"]');
  await tabs.first().waitFor();
  expect(await tabs.allInnerTexts()).toEqual(expect.arrayContaining(['Requête', 'Catalogue']));
  expect(await app.page().locator('html').getAttribute('lang')).toBe('fr-fr');
});
