/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/* OSD's translation registration (get_translation_paths.ts, i18n_service.ts) on fixture homes. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { getTranslationPaths, loadTranslations } from '../src/i18n/translations';

let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'host-i18n-'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

function plugin(dir: string, rc: unknown, files: Record<string, unknown> = {}) {
  mkdirSync(join(dir, 'translations'), { recursive: true });
  writeFileSync(join(dir, '.i18nrc.json'), typeof rc === 'string' ? rc : JSON.stringify(rc));
  for (const [name, body] of Object.entries(files)) {
    writeFileSync(join(dir, name), JSON.stringify(body));
  }
}

it('reads each installed plugin’s .i18nrc.json, one level down, and only those', () => {
  const plugins = join(root, 'plugins');
  plugin(join(plugins, 'a'), { translations: ['translations/en.json', 'translations/fr.json'] });
  plugin(join(plugins, 'group', 'b'), { translations: ['translations/en.json'] });
  expect(getTranslationPaths({ cwd: plugins, nested: true })).toEqual([
    join(plugins, 'a/translations/en.json'),
    join(plugins, 'a/translations/fr.json'),
  ]);
});

it('stops on a .i18nrc.json that is not JSON, with OSD’s message', () => {
  plugin(join(root, 'plugins', 'a'), '{ not json');
  expect(() => getTranslationPaths({ cwd: join(root, 'plugins'), nested: true })).toThrow(
    `Failed to parse .i18nrc.json file at ${join(root, 'plugins/a/.i18nrc.json')}`
  );
});

it('merges the locale’s files of every plugin, leaving other locales and unlisted files', () => {
  const plugins = join(root, 'plugins');
  plugin(
    join(plugins, 'a'),
    { translations: ['translations/fr-FR.json', 'translations/en.json'] },
    {
      'translations/fr-FR.json': { messages: { 'a.x': 'X fr' } },
      'translations/en.json': { messages: { 'a.x': 'X en' } },
    }
  );
  plugin(
    join(plugins, 'b'),
    { translations: [] },
    { 'translations/fr-FR.json': { messages: { 'b.y': 'Y' } } }
  );
  const extra = join(root, 'extra');
  plugin(
    extra,
    { translations: ['translations/fr-FR.json'] },
    {
      'translations/fr-FR.json': { messages: { 'c.z': 'Z' } },
    }
  );
  const { translations, files } = loadTranslations('fr-FR', {
    searchPaths: [plugins],
    additionalPaths: [extra],
  });
  expect(files).toEqual([
    join(extra, 'translations/fr-FR.json'),
    join(plugins, 'a/translations/fr-FR.json'),
  ]);
  expect(translations).toEqual({ locale: 'fr-fr', messages: { 'c.z': 'Z', 'a.x': 'X fr' } });
});

it('stops when a listed file of the locale is missing', () => {
  plugin(join(root, 'plugins', 'a'), { translations: ['translations/en.json'] });
  expect(() =>
    loadTranslations('en', { searchPaths: [join(root, 'plugins')], additionalPaths: [] })
  ).toThrow(/ENOENT/);
});
