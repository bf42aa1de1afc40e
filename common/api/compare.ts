/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Two versions of a lookup side by side (`POST /api/lookups/<name>/_compare`): row counts,
 * columns added and removed, and, by the key fields the caller names, the rows added, removed
 * and changed, with a few of each.
 */
import * as t from 'io-ts';
import { refined, strictObject } from './decode';

/** Rows each version may have for a comparison (both are read whole). */
export const MAX_COMPARE_ROWS = 100_000;
/** Rows of each kind the answer shows. */
export const COMPARE_SAMPLES = 5;

const SliceId = refined(
  'version id',
  t.string,
  (s) => s.length > 0 && s.length <= 64 && /^[A-Za-z0-9_-]+$/.test(s),
  'expected a version id (letters, digits, - and _)'
);

export const CompareBody = strictObject(
  'compare',
  { from: SliceId, to: SliceId },
  {
    key_field: refined(
      'list of field names',
      t.array(t.string),
      (fields) => fields.length > 0 && fields.length <= 16 && fields.every((f) => f.length > 0),
      'expected 1 to 16 field names'
    ),
  }
);
export type CompareBody = t.TypeOf<typeof CompareBody>;

export interface VersionSide {
  slice: string;
  rows: number;
  columns: string[];
}

export interface ChangedRow {
  key: Record<string, unknown>;
  from: Record<string, unknown>;
  to: Record<string, unknown>;
}

export interface CompareResponse {
  from: VersionSide;
  to: VersionSide;
  columns: { added: string[]; removed: string[] };
  /** Present when key fields were given. */
  by_key?: {
    key_field: string[];
    added: number;
    removed: number;
    changed: number;
    unchanged: number;
    samples: {
      added: Array<Record<string, unknown>>;
      removed: Array<Record<string, unknown>>;
      changed: ChangedRow[];
    };
  };
}
