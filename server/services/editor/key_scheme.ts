/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Which rows of a version are keyed, and by what. A keyed write (`key_field`) gives each row the
 * contract's id of its key in its slice, so a later keyed append replaces it; rows written
 * without a key carry OpenSearch's own ids. An edit writes a new slice, so it gives every keyed
 * row the id of its (possibly changed) key in the new slice, and leaves the others unkeyed.
 *
 * The key fields come from the version's write record when an edit kept them there; otherwise
 * (a keyed append, the Java writer) they are found from the ids: the first row whose id has the
 * keyed length is hashed with each column, then each ordered pair, under both ways a writer
 * chooses key types (from the column types, or from the values of plain JSON rows).
 */
import { DOC_ID_LENGTH, encodeDocId, keyTypeForColumn } from '../../../common/substrate/id_encoder';
import type { Row } from '../writer/row_source';

export interface KeyScheme {
  fields: string[];
  /** Key types from the columns' mapped types (PPL schemas, typed imports), else from the values. */
  typed: boolean;
}

/** The contract's id of `row`'s key in `slice` (throws a SubstrateError for an unusable key). */
export function keyedId(
  row: Row,
  scheme: KeyScheme,
  types: ReadonlyMap<string, string>,
  slice: string
): string {
  return encodeDocId(
    scheme.fields.map((field) => {
      const value = row[field] ?? null;
      return {
        type: keyTypeForColumn(scheme.typed ? types.get(field) : undefined, value),
        value,
        field,
      };
    }),
    slice
  );
}

function matches(
  row: Row,
  id: string,
  scheme: KeyScheme,
  types: ReadonlyMap<string, string>,
  slice: string
): boolean {
  try {
    return keyedId(row, scheme, types, slice) === id;
  } catch {
    return false;
  }
}

/** Beyond this many columns, pairs of key fields are not searched (the record names them). */
const MAX_PAIR_SEARCH_COLUMNS = 64;

/** How the rows of `slice` are keyed, or undefined when none is. */
export function findKeyScheme(
  rows: ReadonlyArray<{ id: string; source: Row }>,
  slice: string,
  types: ReadonlyMap<string, string>,
  recorded?: string[]
): KeyScheme | undefined {
  const sample = rows.find((r) => r.id.length === DOC_ID_LENGTH);
  if (!sample) {
    // No row is keyed yet (an empty version): the record still says what the key is.
    return recorded && recorded.length > 0 ? { fields: recorded, typed: true } : undefined;
  }
  const candidates: string[][] = [];
  if (recorded && recorded.length > 0) candidates.push(recorded);
  const columns = Object.keys(sample.source).filter((c) => {
    const v = sample.source[c];
    return v === null || typeof v !== 'object';
  });
  for (const c of columns) candidates.push([c]);
  if (columns.length <= MAX_PAIR_SEARCH_COLUMNS) {
    for (const a of columns) for (const b of columns) if (a !== b) candidates.push([a, b]);
  }
  for (const fields of candidates) {
    for (const typed of [true, false]) {
      const scheme = { fields, typed };
      if (matches(sample.source, sample.id, scheme, types, slice)) return scheme;
    }
  }
  return recorded && recorded.length > 0 ? { fields: recorded, typed: true } : undefined;
}

/**
 * Whether `row` carries the id of its key under `scheme`; tried the other way of typing too, as
 * one version may hold rows of several writers.
 */
export function keyedWith(
  row: { id: string; source: Row },
  scheme: KeyScheme,
  types: ReadonlyMap<string, string>,
  slice: string
): KeyScheme | undefined {
  if (row.id.length !== DOC_ID_LENGTH) return undefined;
  if (matches(row.source, row.id, scheme, types, slice)) return scheme;
  const other = { ...scheme, typed: !scheme.typed };
  return matches(row.source, row.id, other, types, slice) ? other : undefined;
}
