/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * `POST /api/lookups/<name>/_edit`: a change to the rows and columns of one version (the
 * `base_slice`), published as a new version by the same atomic alias swap as an overwrite. Rows
 * are named by the ids `_rows?with_ids=true` gives; `update` rows are patches (the keys given
 * are set, null clears a cell); `rename.from` and `drop` name the base's columns, and every row
 * uses the new names. `base_slice: null` creates the lookup, which must not exist yet.
 */
import * as t from 'io-ts';
import { NEW_COLUMN_TYPES } from '../edit/cell_values';
import type { CompareResponse } from './compare';
import { refined, strictObject } from './decode';

/** The most rows an editor may open by default (`lookups.editor.max_rows`). */
export const DEFAULT_EDITOR_MAX_ROWS = 10_000;
/**
 * The ceiling of that setting: the editor reads a version with `_rows` pages, which reach the
 * first 10,000 rows (OpenSearch's `index.max_result_window`).
 */
export const EDITOR_MAX_ROWS_CEILING = 10_000;

const Name = refined(
  'column name',
  t.string,
  (s) => s.length > 0 && s.length <= 255,
  'expected a column name of 1 to 255 characters'
);
const RowId = refined(
  'row id',
  t.string,
  (s) => s.length > 0 && s.length <= 512,
  'expected a row id as _rows?with_ids=true gives it'
);
const VersionId = refined(
  'version id',
  t.string,
  // eslint-disable-next-line no-control-regex
  (s) => s.length > 0 && s.length <= 512 && !/[\u0000-\u001f\u007f]/.test(s),
  'expected the version id (slice) the edit starts from'
);

export const EditColumnType = new t.Type<(typeof NEW_COLUMN_TYPES)[number], unknown, unknown>(
  'column type',
  (u): u is (typeof NEW_COLUMN_TYPES)[number] =>
    typeof u === 'string' && (NEW_COLUMN_TYPES as readonly string[]).includes(u),
  (u, c) =>
    typeof u === 'string' && (NEW_COLUMN_TYPES as readonly string[]).includes(u)
      ? t.success(u as (typeof NEW_COLUMN_TYPES)[number])
      : t.failure(u, c, `expected one of ${NEW_COLUMN_TYPES.join(', ')}`),
  (a) => a
);

export const EditBody = strictObject(
  'edit',
  { base_slice: t.union([VersionId, t.null]) },
  {
    add: t.array(t.UnknownRecord),
    update: t.array(strictObject('update', { id: RowId, row: t.UnknownRecord }, {})),
    delete: t.array(RowId),
    columns: strictObject(
      'column changes',
      {},
      {
        add: t.array(strictObject('new column', { name: Name, type: EditColumnType }, {})),
        rename: t.array(strictObject('rename', { from: Name, to: Name }, {})),
        drop: t.array(Name),
      }
    ),
    /** Check everything and answer what would change (`preview`), writing nothing. */
    dry_run: t.boolean,
  }
);
export type EditBody = t.TypeOf<typeof EditBody>;

export interface EditColumnChanges {
  added: string[];
  renamed: Array<{ from: string; to: string }>;
  dropped: string[];
}

/** What an edit did, as its write record and the versions timeline keep it. */
export interface EditSummary {
  /** The version the edit started from (null when it created the lookup). */
  base_slice: string | null;
  added: number;
  updated: number;
  deleted: number;
  columns: EditColumnChanges;
}

export interface EditResponse extends EditSummary {
  /** The new version; null for a dry run. */
  slice: string | null;
  /** The version it replaced (null when the edit created the lookup). */
  previous: string | null;
  /** Rows of the new version. */
  rows: number;
  dry_run?: boolean;
  /**
   * A dry run's account of the change, in the compare view's shape: rows matched by the
   * lookup's key fields, or by row (`key_field: ["row"]`).
   */
  preview?: CompareResponse;
}

/** The 409 when the lookup's current version is no longer the edit's base. */
export interface StaleBaseAttributes {
  reason: 'stale_base';
  base_slice: string | null;
  current_slice: string | null;
  written_by: string | null;
  written_at: string | null;
  action: string | null;
}

/** Where a 400 points: the operation and position in the body, the row id and the field. */
export interface EditProblemAttributes {
  op?: 'add' | 'update' | 'delete' | 'columns';
  index?: number;
  id?: string;
  field?: string;
  reason?: string;
}
