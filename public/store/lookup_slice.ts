/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * The lookup a detail page shows: its catalog entry with slices (versions), its fields
 * (`_field_caps`), a page of its rows (`_rows`) and the last search over them (`_search`). Each
 * request remembers its id, so an answer that arrives after a newer request is dropped.
 */
import { createAsyncThunk, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { LookupDetail, RowsQuery, RowsResponse } from '../../common/api/codecs';
import type { FieldCapsResponse, SearchBody, SearchResponse } from '../../common/api/search_codecs';
import { toApiFailure, type ApiFailure } from '../services/api_client';
import type { LoadStatus, ThunkExtra } from './types';

export interface Loadable<T, R = undefined> {
  status: LoadStatus;
  data?: T;
  error?: ApiFailure;
  /** What was asked for, so the view can show (and page from) it. */
  request?: R;
  requestId?: string;
}

export interface LookupState {
  name?: string;
  detail: Loadable<LookupDetail>;
  fieldCaps: Loadable<FieldCapsResponse>;
  rows: Loadable<RowsResponse, RowsQuery>;
  search: Loadable<SearchResponse, SearchBody>;
}

const idle = { status: 'idle' as const };
export const initialLookupState: LookupState = {
  detail: idle,
  fieldCaps: idle,
  rows: idle,
  search: idle,
};

type Config = { extra: ThunkExtra; rejectValue: ApiFailure };

export const fetchLookup = createAsyncThunk<LookupDetail, string, Config>(
  'lookup/fetch',
  async (name, { extra, rejectWithValue, signal }) => {
    try {
      return await extra.api.get(name, signal);
    } catch (e) {
      return rejectWithValue(toApiFailure(e));
    }
  }
);

export const fetchFieldCaps = createAsyncThunk<FieldCapsResponse, string, Config>(
  'lookup/fieldCaps',
  async (name, { extra, rejectWithValue, signal }) => {
    try {
      return await extra.api.fieldCaps(name, signal);
    } catch (e) {
      return rejectWithValue(toApiFailure(e));
    }
  }
);

export const fetchRows = createAsyncThunk<RowsResponse, { name: string; query: RowsQuery }, Config>(
  'lookup/rows',
  async ({ name, query }, { extra, rejectWithValue, signal }) => {
    try {
      return await extra.api.rows(name, query, signal);
    } catch (e) {
      return rejectWithValue(toApiFailure(e));
    }
  }
);

export const searchRows = createAsyncThunk<
  SearchResponse,
  { name: string; body: SearchBody },
  Config
>('lookup/search', async ({ name, body }, { extra, rejectWithValue, signal }) => {
  try {
    return await extra.api.search(name, body, signal);
  } catch (e) {
    return rejectWithValue(toApiFailure(e));
  }
});

function failure(action: { payload?: ApiFailure; error: { message?: string } }): ApiFailure {
  return action.payload ?? { message: action.error.message ?? 'Request failed' };
}

/**
 * Requests for another lookup than the one held: what the old one left behind goes first.
 * Every request does this itself, so the order in which views start them does not matter.
 */
function hold(state: LookupState, name: string): LookupState {
  if (state.name === name) return state;
  return {
    name,
    detail: { status: 'idle' },
    fieldCaps: { status: 'idle' },
    rows: { status: 'idle' },
    search: { status: 'idle' },
  };
}

export const lookupSlice = createSlice({
  name: 'lookup',
  initialState: initialLookupState,
  reducers: {
    /** A detail page opened on `name`: what another lookup left behind goes. */
    lookupOpened(state, action: PayloadAction<string>) {
      return hold(state, action.payload);
    },
    searchCleared(state) {
      state.search = { status: 'idle' };
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(fetchLookup.pending, (current, action) => {
        const state = hold(current, action.meta.arg);
        state.detail.status = 'loading';
        state.detail.error = undefined;
        state.detail.requestId = action.meta.requestId;
        return state;
      })
      .addCase(fetchLookup.fulfilled, (state, action) => {
        if (state.detail.requestId !== action.meta.requestId) return;
        state.detail.status = 'ready';
        state.detail.data = action.payload;
      })
      .addCase(fetchLookup.rejected, (state, action) => {
        if (state.detail.requestId !== action.meta.requestId || action.meta.aborted) return;
        state.detail.status = 'error';
        state.detail.error = failure(action);
        state.detail.data = undefined;
      })
      .addCase(fetchFieldCaps.pending, (current, action) => {
        const state = hold(current, action.meta.arg);
        state.fieldCaps.status = 'loading';
        state.fieldCaps.error = undefined;
        state.fieldCaps.requestId = action.meta.requestId;
        return state;
      })
      .addCase(fetchFieldCaps.fulfilled, (state, action) => {
        if (state.fieldCaps.requestId !== action.meta.requestId) return;
        state.fieldCaps.status = 'ready';
        state.fieldCaps.data = action.payload;
      })
      .addCase(fetchFieldCaps.rejected, (state, action) => {
        if (state.fieldCaps.requestId !== action.meta.requestId || action.meta.aborted) return;
        state.fieldCaps.status = 'error';
        state.fieldCaps.error = failure(action);
        state.fieldCaps.data = undefined;
      })
      .addCase(fetchRows.pending, (current, action) => {
        const state = hold(current, action.meta.arg.name);
        state.rows.status = 'loading';
        state.rows.error = undefined;
        state.rows.request = action.meta.arg.query;
        state.rows.requestId = action.meta.requestId;
        return state;
      })
      .addCase(fetchRows.fulfilled, (state, action) => {
        if (state.rows.requestId !== action.meta.requestId) return;
        state.rows.status = 'ready';
        state.rows.data = action.payload;
      })
      .addCase(fetchRows.rejected, (state, action) => {
        if (state.rows.requestId !== action.meta.requestId || action.meta.aborted) return;
        state.rows.status = 'error';
        state.rows.error = failure(action);
      })
      .addCase(searchRows.pending, (current, action) => {
        const state = hold(current, action.meta.arg.name);
        state.search.status = 'loading';
        state.search.error = undefined;
        state.search.request = action.meta.arg.body;
        state.search.requestId = action.meta.requestId;
        return state;
      })
      .addCase(searchRows.fulfilled, (state, action) => {
        if (state.search.requestId !== action.meta.requestId) return;
        state.search.status = 'ready';
        state.search.data = action.payload;
      })
      .addCase(searchRows.rejected, (state, action) => {
        if (state.search.requestId !== action.meta.requestId || action.meta.aborted) return;
        state.search.status = 'error';
        state.search.error = failure(action);
        state.search.data = undefined;
      });
  },
});

export const { lookupOpened, searchCleared } = lookupSlice.actions;
