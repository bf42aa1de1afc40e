/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * The part of OSD's `@osd/i18n` the plugin uses: `i18n.translate(id, { defaultMessage, values })`
 * with `{name}` placeholders, and `i18n.load` of a `translations/<locale>.json` file
 * ({ formats, messages }). Inside OSD the real package is used.
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
  load(translation: Translation): void {
    messages = { ...translation.messages };
    locale = translation.locale ?? locale;
  },
  getLocale: (): string => locale,
};
