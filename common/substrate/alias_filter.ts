/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/**
 * The alias filter that names a lookup's current slice.
 *
 * Writers produce `{"term":{"__lookup":"<uuid>"}}`. Readers also accept the long form
 * `{"term":{"__lookup":{"value":"<uuid>"}}}`, which other writers (and people editing aliases by
 * hand) produce. OpenSearch hands the filter back exactly as it was stored, so these are the only
 * shapes a reader needs to know.
 *
 * In the long form, `boost` and `_name` are accepted beside `value`: in a filter they change
 * neither which documents match nor anything a reader sees. Any other key (`case_insensitive`, for
 * one) could change what matches, so such a filter is not read as a slice filter. Any other shape
 * at all (`bool`, `terms`, a second field, a non-string or empty value) is not a slice filter either.
 */
import { LOOKUP_FIELD } from './names';

export interface SliceFilter {
  term: { [LOOKUP_FIELD]: string };
}

/** The filter a writer puts on the alias to publish slice `uuid`. */
export function sliceFilter(uuid: string): SliceFilter {
  return { term: { [LOOKUP_FIELD]: uuid } };
}

const HARMLESS_LONG_FORM_KEYS = new Set(['value', 'boost', '_name']);

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function hasOnlyKey(object: Record<string, unknown>, key: string): boolean {
  const keys = Object.keys(object);
  return keys.length === 1 && keys[0] === key;
}

/**
 * The slice uuid an alias filter names, or null when the filter is not a slice filter in one of
 * the two accepted forms (see the file comment).
 */
export function parseSliceFilter(filter: unknown): string | null {
  if (!isPlainObject(filter) || !hasOnlyKey(filter, 'term')) {
    return null;
  }
  const term = filter.term;
  if (!isPlainObject(term) || !hasOnlyKey(term, LOOKUP_FIELD)) {
    return null;
  }
  const target = term[LOOKUP_FIELD];
  let uuid: unknown = target;
  if (isPlainObject(target)) {
    if (!Object.keys(target).every((key) => HARMLESS_LONG_FORM_KEYS.has(key))) {
      return null;
    }
    uuid = target.value;
  }
  return typeof uuid === 'string' && uuid.length > 0 ? uuid : null;
}
