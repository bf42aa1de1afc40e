/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/**
 * Lookup names: the rules of the contract's "Names" section, checked before any request.
 *
 * A name becomes an alias name, part of an index name (`<name>__lookup`) and a segment of URL
 * paths, so it has to be something OpenSearch accepts as both (MetadataCreateIndexService: lower
 * case, none of `\ / * ? " < > | , # :` or space, not starting with `_ - +`, not `.` or `..`, at most
 * 255 bytes), plus our own two rules (no leading `.`, no `__lookup` suffix). Control characters,
 * bidirectional controls (U+200E, U+200F, U+202A–U+202E, U+2066–U+2069) and unpaired UTF-16
 * surrogates are refused on top: OpenSearch would take some of them, but they make
 * names nobody can type or read back, and an unpaired surrogate makes `encodeURIComponent` throw.
 *
 * `%` stays allowed, as OpenSearch allows it: a name is always sent as one encoded path segment
 * (`encodeURIComponent`), so `%2e%2e` is the literal five-character name, never `..`.
 */
import { hasUnpairedSurrogate } from './bytes';

/** The discriminant field: every document of a slice carries `__lookup: <slice uuid>`. */
export const LOOKUP_FIELD = '__lookup';

/** The backing index of lookup `<name>` is `<name>__lookup`. */
export const BACKING_INDEX_SUFFIX = '__lookup';

/** OpenSearch's limit on index and alias names, in UTF-8 bytes. */
export const MAX_NAME_BYTES = 255;

/**
 * The longest name whose backing index `<name>__lookup` still fits in {@link MAX_NAME_BYTES}: a
 * longer name could never be written, so writes refuse it up front.
 */
export const MAX_WRITABLE_NAME_BYTES = MAX_NAME_BYTES - BACKING_INDEX_SUFFIX.length;

/** Characters OpenSearch refuses anywhere in an index or alias name. */
export const FORBIDDEN_NAME_CHARS: readonly string[] = [
  '\\',
  '/',
  '*',
  '?',
  '"',
  '<',
  '>',
  '|',
  ',',
  '#',
  ':',
  ' ',
];

/** Characters OpenSearch refuses at the start of an index or alias name. */
export const FORBIDDEN_LEADING_CHARS: readonly string[] = ['_', '-', '+'];

export type NameRule =
  | 'empty'
  | 'invalid_unicode'
  | 'control_char'
  | 'bidi_control'
  | 'dot_name'
  | 'leading_dot'
  | 'leading_char'
  | 'forbidden_char'
  | 'lowercase'
  | 'too_long'
  | 'reserved_suffix'
  | 'backing_index_too_long';

export type NameCheck =
  | { ok: true }
  | {
      ok: false;
      rule: NameRule;
      /** Says what is wrong and what to do instead. */
      message: string;
      /** The offending character, for the rules about one character. */
      char?: string;
    };

export interface NameCheckOptions {
  /**
   * `write` (the default) also requires the backing index name to fit in 255 bytes. `read` keeps
   * to OpenSearch's own limit: a reader must handle every name OpenSearch accepted.
   */
  purpose?: 'write' | 'read';
}

const encoder = new TextEncoder();

export function utf8ByteLength(text: string): number {
  return encoder.encode(text).length;
}

// ASCII C0 controls and DEL.
// eslint-disable-next-line no-control-regex
const CONTROL_CHAR = /[\u0000-\u001F\u007F]/;

// Bidirectional formatting characters (embeddings, overrides, isolates, marks): invisible, they
// make a name read differently from what it is ("Trojan Source", CVE-2021-42574).
const BIDI_CONTROL = /[\u200E\u200F\u202A-\u202E\u2066-\u2069]/;

/** The name as it appears in messages: quoted, escaped, and cut short if very long. */
function quote(name: string): string {
  const codePoints = Array.from(name);
  const shown = codePoints.length > 64 ? `${codePoints.slice(0, 64).join('')}…` : name;
  return JSON.stringify(shown);
}

function describeChar(char: string): string {
  if (char === ' ') {
    return 'a space';
  }
  return `"${char}"`;
}

function codePointLabel(char: string): string {
  return `U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
}

function fail(rule: NameRule, message: string, char?: string): NameCheck {
  return char === undefined ? { ok: false, rule, message } : { ok: false, rule, message, char };
}

/**
 * Checks a lookup name against every rule and reports the first one broken. The order is fixed
 * (empty, invalid text, control characters, bidirectional controls, dots, leading characters, forbidden characters, case,
 * length, suffix) so that a name breaking several rules always gets the same answer.
 */
export function validateLookupName(name: string, options: NameCheckOptions = {}): NameCheck {
  const purpose = options.purpose ?? 'write';
  if (typeof name !== 'string' || name.length === 0) {
    return fail('empty', 'A lookup name is required: enter a name such as "hosts".');
  }
  const shown = quote(name);
  if (hasUnpairedSurrogate(name)) {
    return fail(
      'invalid_unicode',
      `Lookup name ${shown} is not valid Unicode text (it holds an unpaired surrogate): retype the name.`
    );
  }
  const control = CONTROL_CHAR.exec(name);
  if (control) {
    return fail(
      'control_char',
      `Lookup name ${shown} must not contain control characters (found ${codePointLabel(control[0])}): remove them.`,
      control[0]
    );
  }
  // Writes only: a reader must still reach a lookup another writer made under such a name.
  const bidi = purpose === 'write' ? BIDI_CONTROL.exec(name) : null;
  if (bidi) {
    return fail(
      'bidi_control',
      `Lookup name ${JSON.stringify(name.replace(new RegExp(BIDI_CONTROL.source, 'g'), (c) => `<${codePointLabel(c)}>`))} ` +
        `must not contain bidirectional control characters (found ${codePointLabel(bidi[0])}), ` +
        'which make a name display differently from what it is: remove them.',
      bidi[0]
    );
  }
  if (name === '.' || name === '..') {
    return fail(
      'dot_name',
      `Lookup name ${shown} is reserved: use a name made of letters, digits, "_" or "-", such as "hosts".`
    );
  }
  if (name.startsWith('.')) {
    return fail(
      'leading_dot',
      `Lookup name ${shown} must not start with ".": names starting with "." are kept for hidden and system indices; remove the leading ".".`,
      '.'
    );
  }
  const leading = name.charAt(0);
  if (FORBIDDEN_LEADING_CHARS.includes(leading)) {
    return fail(
      'leading_char',
      `Lookup name ${shown} must not start with ${describeChar(leading)}: start it with a letter or a digit.`,
      leading
    );
  }
  for (const char of name) {
    if (FORBIDDEN_NAME_CHARS.includes(char)) {
      return fail(
        'forbidden_char',
        `Lookup name ${shown} must not contain ${describeChar(char)}: remove it, or use "_" or "-" instead. ` +
          'Names cannot contain \\ / * ? " < > | , # : or spaces.',
        char
      );
    }
  }
  if (name !== name.toLowerCase()) {
    return fail(
      'lowercase',
      `Lookup name ${shown} must be lower case: use lower case letters, as in ${quote(name.toLowerCase())}.`
    );
  }
  const bytes = utf8ByteLength(name);
  if (bytes > MAX_NAME_BYTES) {
    return fail(
      'too_long',
      `Lookup name ${shown} is ${bytes} bytes long (UTF-8), over the limit of ${MAX_NAME_BYTES} bytes: use a shorter name.`
    );
  }
  if (name.endsWith(BACKING_INDEX_SUFFIX)) {
    return fail(
      'reserved_suffix',
      `Lookup name ${shown} must not end with "${BACKING_INDEX_SUFFIX}": that ending is kept for the indices that hold lookups; choose a name without it.`
    );
  }
  if (purpose === 'write' && bytes > MAX_WRITABLE_NAME_BYTES) {
    return fail(
      'backing_index_too_long',
      `Lookup name ${shown} is ${bytes} bytes long (UTF-8): a lookup stores its rows in the index "<name>${BACKING_INDEX_SUFFIX}", ` +
        `which must fit in ${MAX_NAME_BYTES} bytes, so use a name of at most ${MAX_WRITABLE_NAME_BYTES} bytes.`
    );
  }
  return { ok: true };
}

/** True when the name breaks no rule (see {@link validateLookupName}). */
export function isValidLookupName(name: string, options: NameCheckOptions = {}): boolean {
  return validateLookupName(name, options).ok;
}

/** The backing index of lookup `name`: `<name>__lookup`. */
export function backingIndexName(name: string): string {
  return `${name}${BACKING_INDEX_SUFFIX}`;
}

/**
 * The lookup name a backing index belongs to (`hosts__lookup` → `hosts`), or null when the index
 * name is not of that form.
 */
export function lookupNameOfBackingIndex(index: string): string | null {
  if (!index.endsWith(BACKING_INDEX_SUFFIX) || index.length === BACKING_INDEX_SUFFIX.length) {
    return null;
  }
  return index.slice(0, -BACKING_INDEX_SUFFIX.length);
}
