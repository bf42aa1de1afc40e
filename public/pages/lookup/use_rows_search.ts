/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * What the Rows tab shows and asks for: a page of `_rows` (size, index, sort), or a search with
 * `_search` (its text, mode and the page tokens of the pages seen so far). The state is the
 * tab's own (one tab per lookup, so a link to another lookup starts afresh); the requests are
 * RTK Query's, derived from it, so a write to the lookup reloads what is shown.
 */
import { useMemo, useReducer } from 'react';
import { skipToken } from '@reduxjs/toolkit/query/react';
import type { SchemaColumn } from '../../../common/api/codecs';
import type { FieldCapsResponse, SearchBody } from '../../../common/api/search_codecs';
import {
  loadable,
  useGetFieldCapsQuery,
  useGetLookupQuery,
  useGetRowsQuery,
  useSearchRowsQuery,
} from '../../store/api';

/** How many best matches "Best matches" ranks. */
export const TOP_K = 100;

const TEXT_TYPES = new Set(['text', 'keyword', 'match_only_text', 'wildcard', 'constant_keyword']);

export type Mode = 'all' | 'top';

export interface ActiveSearch {
  text: string;
  mode: Mode;
}

export interface RowsSort {
  field: string;
  direction: 'asc' | 'desc';
}

interface RowsTabState {
  pageSize: number;
  pageIndex: number;
  sort: RowsSort | null;
  /** The field and direction `_rows` sorts on (`sort` names a table column). */
  sortParam?: string;
  /** The version later pages read: the one the first page came from, never a newer one. */
  slice?: string;
  /** What the search box holds (searched only when asked). */
  text: string;
  mode: Mode;
  active: ActiveSearch | null;
  /** The page token of each search page seen so far: the first has none. */
  tokens: Array<string | undefined>;
}

type RowsTabAction =
  | { type: 'textChanged'; text: string }
  | { type: 'searched'; text: string; mode?: Mode }
  | { type: 'modeChanged'; mode: Mode }
  | { type: 'pageSizeChanged'; size: number }
  | { type: 'pageChanged'; index: number; slice?: string }
  | { type: 'sorted'; sort: RowsSort; sortParam?: string }
  | { type: 'searchNext'; token: string }
  | { type: 'searchPrev' }
  | { type: 'searchCleared' };

export const initialRowsTabState: RowsTabState = {
  pageSize: 20,
  pageIndex: 0,
  sort: null,
  text: '',
  mode: 'all',
  active: null,
  tokens: [undefined],
};

function search(state: RowsTabState, text: string, mode: Mode): RowsTabState {
  const trimmed = text.trim();
  return { ...state, active: trimmed === '' ? null : { text: trimmed, mode }, tokens: [undefined] };
}

export function rowsTabReducer(state: RowsTabState, action: RowsTabAction): RowsTabState {
  switch (action.type) {
    case 'textChanged':
      return { ...state, text: action.text };
    case 'searched':
      return search(state, action.text, action.mode ?? state.mode);
    case 'modeChanged': {
      const next = { ...state, mode: action.mode };
      return state.active ? search(next, state.active.text, action.mode) : next;
    }
    case 'pageSizeChanged':
      // Search pages are the same size as row pages; both start again from the first.
      return {
        ...state,
        pageSize: action.size,
        pageIndex: 0,
        slice: undefined,
        tokens: [undefined],
      };
    case 'pageChanged':
      return {
        ...state,
        pageIndex: action.index,
        slice: action.index > 0 ? (action.slice ?? state.slice) : undefined,
      };
    case 'sorted':
      return {
        ...state,
        sort: action.sort,
        sortParam: action.sortParam,
        pageIndex: 0,
        slice: undefined,
      };
    case 'searchNext':
      return { ...state, tokens: [...state.tokens, action.token] };
    case 'searchPrev':
      return state.tokens.length > 1 ? { ...state, tokens: state.tokens.slice(0, -1) } : state;
    case 'searchCleared':
      return { ...state, text: '', active: null, tokens: [undefined] };
    default:
      return state;
  }
}

/**
 * Whether the current version has a column. `_rows` takes its columns from the backing index's
 * mapping, which holds every version's fields; `_field_caps` says which versions carry each.
 * Without field caps (or for a field they do not list) the column shows.
 */
export function carriedBy(
  caps: FieldCapsResponse | undefined,
  slice: string | null | undefined
): (column: SchemaColumn) => boolean {
  if (!caps || !slice) return () => true;
  return (column) => {
    const types = caps.fields[column.name];
    if (!types) return true;
    return Object.entries(types).some(
      ([type, cap]) => type !== 'unmapped' && (!cap.indices || cap.indices.includes(slice))
    );
  };
}

/**
 * The field a column sorts on: itself, or for a text field its `.keyword` sub-field (text fields
 * cannot sort); undefined when it cannot sort at all.
 */
export function sortFieldOf(
  column: SchemaColumn | undefined,
  caps: FieldCapsResponse | undefined
): string | undefined {
  if (!column) return undefined;
  if (column.type !== 'text') return column.name;
  const keyword = `${column.name}.keyword`;
  return caps?.fields[keyword]?.keyword ? keyword : undefined;
}

function searchBody(
  active: ActiveSearch,
  pageSize: number,
  token: string | undefined,
  textFields: string[]
): SearchBody {
  return {
    mode: active.mode,
    ...(active.mode === 'top' ? { k: TOP_K } : {}),
    size: pageSize,
    ...(token ? { page_token: token } : {}),
    // "All matches" wants rows with every word (a name like web-07 is two words to the
    // analyzer); "Best matches" ranks rows by any of them.
    query: {
      multi_match: {
        query: active.text,
        fields: textFields,
        ...(active.mode === 'all' ? { operator: 'and' as const } : {}),
      },
    },
  };
}

export function useRowsSearch(name: string) {
  const [state, dispatch] = useReducer(rowsTabReducer, initialRowsTabState);
  const { pageSize, pageIndex, active, tokens } = state;

  // Which columns the current version has (see carriedBy); a failure only shows every column.
  const fieldCaps = useGetFieldCapsQuery(name, { refetchOnMountOrArgChange: false }).currentData;
  const currentSlice = useGetLookupQuery(name, { refetchOnMountOrArgChange: false }).currentData
    ?.current_slice;
  const visible = useMemo(() => carriedBy(fieldCaps, currentSlice), [fieldCaps, currentSlice]);

  // The page on screen stays while the next one loads; its schema serves a search too.
  const rowsResult = useGetRowsQuery({
    name,
    query: {
      from: pageIndex * pageSize,
      size: pageSize,
      ...(state.sortParam ? { sort: state.sortParam } : {}),
      ...(state.slice ? { slice: state.slice } : {}),
    },
  });
  const rows = loadable(rowsResult, { keepPrevious: true });
  const schema = rows.data?.schema ?? null;

  const textFields = useMemo(
    () => (schema ?? []).filter((c) => TEXT_TYPES.has(c.type) && visible(c)).map((c) => c.name),
    [schema, visible]
  );
  const searchPage = tokens.length - 1;
  const searchResult = useSearchRowsQuery(
    active && textFields.length > 0
      ? { name, body: searchBody(active, pageSize, tokens[searchPage], textFields) }
      : skipToken
  );
  const found = loadable(searchResult, { keepPrevious: true });
  const nextToken = searchResult.currentData?.page_token;

  return {
    state,
    dispatch,
    fieldCaps,
    visible,
    rows,
    retryRows: rowsResult.refetch,
    schema,
    textFields,
    search: found,
    searchPage,
    nextToken: searchResult.isFetching ? undefined : nextToken,
  };
}
