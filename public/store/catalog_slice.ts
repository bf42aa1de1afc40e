/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * The catalog: every lookup the caller may read, as `GET /api/lookups` answers, plus the
 * page's search text and kind filter (kept here so they survive a visit to a lookup and back).
 */
import { createAsyncThunk, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { LookupKind, LookupSummary } from '../../common/api/codecs';
import { toApiFailure, type ApiFailure } from '../services/api_client';
import type { LoadStatus, ThunkExtra } from './types';

/**
 * Up to this many lookups the catalog holds them all and searches, filters, sorts and pages in
 * the browser; beyond it, search and paging go to the server (`search`, `from`, `size`).
 */
export const CLIENT_CATALOG_MAX = 500;

export const LOOKUP_KINDS: readonly LookupKind[] = ['managed', 'legacy', 'broken', 'conflict'];

export interface CatalogState {
  status: LoadStatus;
  lookups: LookupSummary[];
  /** How many lookups there are; over CLIENT_CATALOG_MAX, `lookups` holds only the first ones. */
  total: number;
  error?: ApiFailure;
  search: string;
  /** Kinds to show; empty shows every kind. */
  kinds: LookupKind[];
}

export const initialCatalogState: CatalogState = {
  status: 'idle',
  lookups: [],
  total: 0,
  search: '',
  kinds: [],
};

export const fetchCatalog = createAsyncThunk<
  { lookups: LookupSummary[]; total: number },
  void,
  { extra: ThunkExtra; rejectValue: ApiFailure }
>('catalog/fetch', async (_arg, { extra, rejectWithValue, signal }) => {
  try {
    // One more than the browser keeps: `total` then says whether the list is all there is.
    const answer = await extra.api.listPage({ from: 0, size: CLIENT_CATALOG_MAX + 1 }, signal);
    return {
      lookups: answer.lookups,
      total: typeof answer.total === 'number' ? answer.total : answer.lookups.length,
    };
  } catch (e) {
    return rejectWithValue(toApiFailure(e));
  }
});

export const catalogSlice = createSlice({
  name: 'catalog',
  initialState: initialCatalogState,
  reducers: {
    catalogSearchChanged(state, action: PayloadAction<string>) {
      state.search = action.payload;
    },
    catalogKindToggled(state, action: PayloadAction<LookupKind>) {
      const kind = action.payload;
      state.kinds = state.kinds.includes(kind)
        ? state.kinds.filter((k) => k !== kind)
        : [...state.kinds, kind];
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(fetchCatalog.pending, (state) => {
        // The list stays on screen while it reloads; only a first load shows a spinner.
        state.status = 'loading';
        state.error = undefined;
      })
      .addCase(fetchCatalog.fulfilled, (state, action) => {
        state.status = 'ready';
        state.lookups = action.payload.lookups;
        state.total = action.payload.total;
      })
      .addCase(fetchCatalog.rejected, (state, action) => {
        if (action.meta.aborted) return;
        state.status = 'error';
        state.error = action.payload ?? { message: action.error.message ?? 'Request failed' };
      });
  },
});

export const { catalogSearchChanged, catalogKindToggled } = catalogSlice.actions;

/** Whether the catalog is too long to hold in the browser: the server searches and pages it. */
export const serverPaged = (state: Pick<CatalogState, 'total'>) => state.total > CLIENT_CATALOG_MAX;

/** The lookups the page shows: kind filter, then a case-insensitive search on name and reason. */
export function filterLookups(
  lookups: readonly LookupSummary[],
  search: string,
  kinds: readonly LookupKind[]
): LookupSummary[] {
  const needle = search.trim().toLowerCase();
  return lookups.filter(
    (lookup) =>
      (kinds.length === 0 || kinds.includes(lookup.kind)) &&
      (needle === '' ||
        lookup.name.toLowerCase().includes(needle) ||
        (lookup.backing_index ?? '').toLowerCase().includes(needle) ||
        (lookup.reason ?? '').toLowerCase().includes(needle))
  );
}
