/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * The part of OSD's `@osd/i18n` the plugin uses: `i18n.translate(id, { defaultMessage, values })`
 * with `{name}` placeholders, `i18n.init` of a translation ({ locale, formats, messages }) and
 * `i18n.load(translationsUrl)`, which core calls before any plugin starts with the URL the page
 * names (the server's `/translations/<locale>.json`, every plugin's messages for the locale).
 * Inside OSD the real package is used.
 */
export interface TranslateArguments {
  defaultMessage: string;
  values?: Record<string, string | number | boolean | null | undefined>;
  description?: string;
}
export interface Translation {
  locale?: string;
  messages: Record<string, string>;
}

let messages: Record<string, string> = {};
let locale = 'en';

function interpolate(template: string, values: TranslateArguments['values'] = {}): string {
  return template.replace(/\{\s*([A-Za-z0-9_]+)\s*\}/g, (whole, key: string) =>
    key in values ? String(values[key]) : whole
  );
}

export const i18n = {
  translate(id: string, { defaultMessage, values }: TranslateArguments): string {
    if (!id) throw new Error('i18n.translate needs a message id');
    return interpolate(messages[id] ?? defaultMessage, values);
  },
  init(translation?: Translation): void {
    if (!translation) return;
    messages = { ...messages, ...translation.messages };
    locale = translation.locale ?? locale;
  },
  /** As @osd/i18n's `load`: fetch the translations and init with them; a failed fetch throws. */
  async load(translationsUrl: string): Promise<void> {
    const response = await fetch(translationsUrl, { credentials: 'same-origin' });
    if (response.status >= 300) {
      throw new Error(`Translations request failed with status code: ${response.status}`);
    }
    i18n.init((await response.json()) as Translation);
  },
  getLocale: (): string => locale,
};
