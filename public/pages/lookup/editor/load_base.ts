/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * The version the editor opens, read whole: `_rows?with_ids=true` pages pinned to the version of
 * the first page, so an overwrite meanwhile never mixes versions. A lookup over
 * `lookups.editor.max_rows` is not read at all; rows appended to the version while it is read
 * (a page short or over) start the read again.
 */
import type { RowsResponse } from '../../../../common/api/codecs';
import type { LookupsApi } from '../../../services/api_client';
import { baseFromRows, type EditorBase } from './edit_state';

const PAGE_ROWS = 2000;
const ATTEMPTS = 3;

export class TooLargeToEdit extends Error {
  constructor(
    readonly rows: number,
    readonly maxRows: number
  ) {
    super(`${rows} rows over ${maxRows}`);
  }
}

/** Rows went on being appended while the version was read. */
export class RowsKeptChanging extends Error {}

export async function loadEditorBase(
  api: LookupsApi,
  name: string,
  maxRows: number,
  signal?: AbortSignal
): Promise<EditorBase> {
  for (let attempt = 1; ; attempt++) {
    const first = await api.rows(name, { from: 0, size: PAGE_ROWS, with_ids: true }, signal);
    if (first.total > maxRows) throw new TooLargeToEdit(first.total, maxRows);
    const pages: RowsResponse[] = [first];
    for (let from = PAGE_ROWS; from < first.total; from += PAGE_ROWS) {
      pages.push(
        await api.rows(name, { from, size: PAGE_ROWS, with_ids: true, slice: first.slice }, signal)
      );
    }
    const datarows = pages.flatMap((p) => p.datarows);
    const ids = pages.flatMap((p) => p.ids ?? []);
    const steady = pages.every((p) => p.total === first.total) && ids.length === first.total;
    if (steady) return baseFromRows(first.slice, first.schema, datarows, ids);
    if (attempt === ATTEMPTS) throw new RowsKeptChanging();
  }
}
