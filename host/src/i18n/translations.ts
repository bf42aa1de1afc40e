/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Translations as OSD's server registers them (src/core/server/i18n/i18n_service.ts,
 * get_translation_paths.ts, get_osd_translation_files.ts; @osd/i18n's loader): each plugin
 * search path is read for `*\/.i18nrc.json` (one level down: an installed plugin's folder), each
 * `plugins.paths` folder for its own `.i18nrc.json`; every file those list is resolved against the
 * plugin's folder, and those named `<i18n.locale>.json` are read and merged. A `.i18nrc.json`
 * that is not JSON stops the start ("Failed to parse .i18nrc.json file at …"), as does a listed
 * locale file that is missing or not JSON. Only `translations` counts: `prefix` and `paths` are
 * for OSD's extraction tooling.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'fs';
import { basename, dirname, extname, join, resolve } from 'path';

const I18N_RC = '.i18nrc.json';

/** `getTranslationPaths({ cwd, nested })`: the translation files the `.i18nrc.json` files list. */
export function getTranslationPaths({ cwd, nested }: { cwd: string; nested: boolean }): string[] {
  if (!existsSync(cwd)) return [];
  const entries = nested
    ? readdirSync(cwd)
        .sort()
        .map((name) => join(cwd, name, I18N_RC))
        .filter((path) => existsSync(path) && statSync(path).isFile())
    : existsSync(join(cwd, I18N_RC))
      ? [join(cwd, I18N_RC)]
      : [];
  const paths: string[] = [];
  for (const entry of entries) {
    const pluginBasePath = dirname(resolve(entry));
    try {
      const { translations } = JSON.parse(readFileSync(entry, 'utf8')) as {
        translations?: string[];
      };
      if (translations && translations.length) {
        for (const translation of translations) paths.push(resolve(pluginBasePath, translation));
      }
    } catch {
      throw new Error(`Failed to parse .i18nrc.json file at ${resolve(entry)}`);
    }
  }
  return paths;
}

export interface Translations {
  locale: string;
  formats?: Record<string, unknown>;
  messages: Record<string, string>;
}

/** @osd/i18n's normalizeLocale: locales are compared lower-cased. */
export const normalizeLocale = (locale: string) => locale.toLowerCase();

/**
 * The i18n service's setup: the translation files for `locale` from every plugin, read and
 * merged as @osd/i18n's loader merges them (later files win per message id).
 */
export function loadTranslations(
  locale: string,
  plugins: { searchPaths: string[]; additionalPaths: string[] }
): { translations: Translations; files: string[] } {
  const files = [
    ...plugins.additionalPaths.flatMap((cwd) => getTranslationPaths({ cwd, nested: false })),
    ...plugins.searchPaths.flatMap((cwd) => getTranslationPaths({ cwd, nested: true })),
  ].filter((path) => basename(path, '.json') === locale);
  const translations: Translations = { locale: normalizeLocale(locale), messages: {} };
  for (const file of files) {
    if (extname(file) !== '.json') {
      throw new Error(`Translation file "${file}" should have extension ".json".`);
    }
    const loaded = JSON.parse(readFileSync(file, 'utf8')) as Partial<Translations>;
    translations.messages = { ...translations.messages, ...(loaded.messages ?? {}) };
    if (loaded.formats) translations.formats = { ...translations.formats, ...loaded.formats };
  }
  return { translations, files };
}
