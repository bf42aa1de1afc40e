/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * The plugin's messages in its sources: every message id in the browser code is under the
 * `lookups` prefix the `.i18nrc.json` names, and `translations/en.json` holds exactly the
 * default messages the code has now (scripts/i18n_extract.ts writes it). What OSD registers is
 * the installed folder's `.i18nrc.json` and the files it lists: test/integration/
 * i18n_installed.test.ts checks those, as the zip installs them.
 */
import { readdirSync, readFileSync, statSync } from 'fs';
import { join, resolve } from 'path';
import { TRANSLATIONS_FILE, translationsFileContent } from '../../scripts/i18n_extract';

const ROOT = resolve(__dirname, '../..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry) && !/\.test\.tsx?$/.test(entry) ? [path] : [];
  });
}

function messageIds(): string[] {
  const ids = new Set<string>();
  for (const file of sourceFiles(join(ROOT, 'public'))) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/i18n\.translate\(\s*'([^']+)'/g)) ids.add(m[1]);
    for (const m of text.matchAll(/<FormattedMessage[^>]*?\bid="([^"]+)"/gs)) ids.add(m[1]);
  }
  return [...ids].sort();
}

const rc = JSON.parse(readFileSync(join(ROOT, '.i18nrc.json'), 'utf8'));

it('names the lookups prefix for the plugin root', () => {
  expect(rc.prefix).toBe('lookups');
  expect(rc.paths).toEqual({ lookups: '.' });
});

it('uses only ids under that prefix in the browser code', () => {
  const ids = messageIds();
  expect(ids.length).toBeGreaterThan(50);
  expect(ids.filter((id) => !id.startsWith('lookups.'))).toEqual([]);
});

it('ships the default messages the code has now, in translations/en.json', () => {
  const current = readFileSync(TRANSLATIONS_FILE, 'utf8');
  // On a failure: npx tsx scripts/i18n_extract.ts
  expect(current).toBe(translationsFileContent());
  expect(Object.keys(JSON.parse(current).messages)).toEqual(expect.arrayContaining(messageIds()));
});
