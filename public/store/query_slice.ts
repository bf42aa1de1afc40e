/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * The Query page: the text in the editor, the last run and the last explain, the client-side
 * syntax error (from parsePpl, found before sending), and the user's recent queries (loaded
 * from and saved to browser storage by the page; see pages/query/recent_queries.ts).
 */
import { createAsyncThunk, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ExplainResponse, QueryResponse } from '../../common/api/codecs';
import { FINAL_JOB_STATES, type Job } from '../../common/api/jobs';
import type { PplSyntaxError } from '../../common/ppl/parser';
import { toApiFailure, type ApiFailure } from '../services/api_client';
import type { LoadStatus, ThunkExtra } from './types';

/** Rows a run asks for: the table pages through them in the browser. */
export const QUERY_RESULT_SIZE = 1000;
export const MAX_RECENT_QUERIES = 20;

export interface RecentQuery {
  query: string;
  /** ISO time of the last run. */
  at: string;
  /** Column names of its last result, for completing field names later. */
  fields?: string[];
}

export interface QueryRun<T> {
  status: LoadStatus;
  /** The text that was sent: error positions refer to it. */
  query?: string;
  result?: T;
  error?: ApiFailure;
  requestId?: string;
}

/**
 * A write run as a job (`POST /_jobs`): `submitting` until the server accepts it, then
 * `tracking` while the page polls it (the job itself says when it ended), `error` when the
 * server refused it (a syntax error, the lookup busy).
 */
export interface JobRun {
  status: 'idle' | 'submitting' | 'tracking' | 'error';
  /** The text that was sent: error positions refer to it. */
  query?: string;
  /** The lookup the query writes (its outputlookup name). */
  lookup?: string;
  job?: Job;
  /** Why the server refused the job. */
  error?: ApiFailure;
  /** Why the last poll or cancel failed (the job may still be running). */
  pollError?: ApiFailure;
  cancelError?: ApiFailure;
  cancelling?: boolean;
  requestId?: string;
}

export interface QueryState {
  text: string;
  /** Which of the two ran last, so the page shows its outcome. */
  last: 'query' | 'job';
  run: QueryRun<QueryResponse>;
  job: JobRun;
  explain: QueryRun<ExplainResponse>;
  /** What parsePpl found in `parseErrorText` before sending it. */
  parseError?: PplSyntaxError;
  parseErrorText?: string;
  recent: RecentQuery[];
}

export const initialQueryState: QueryState = {
  text: '',
  last: 'query',
  run: { status: 'idle' },
  job: { status: 'idle' },
  explain: { status: 'idle' },
  recent: [],
};

type Config = { extra: ThunkExtra; rejectValue: ApiFailure };

export const runQuery = createAsyncThunk<QueryResponse, { query: string; size?: number }, Config>(
  'query/run',
  async ({ query, size = QUERY_RESULT_SIZE }, { extra, rejectWithValue, signal }) => {
    try {
      return await extra.api.query(query, { size, signal });
    } catch (e) {
      return rejectWithValue(toApiFailure(e));
    }
  }
);

export const explainQuery = createAsyncThunk<ExplainResponse, { query: string }, Config>(
  'query/explain',
  async ({ query }, { extra, rejectWithValue, signal }) => {
    try {
      return await extra.api.explain(query, signal);
    } catch (e) {
      return rejectWithValue(toApiFailure(e));
    }
  }
);

export const submitJob = createAsyncThunk<Job, { query: string; lookup: string }, Config>(
  'query/submitJob',
  async ({ query }, { extra, rejectWithValue, signal }) => {
    try {
      return await extra.api.submitJob(query, signal);
    } catch (e) {
      return rejectWithValue(toApiFailure(e));
    }
  }
);

export const cancelJob = createAsyncThunk<Job, string, Config>(
  'query/cancelJob',
  async (id, { extra, rejectWithValue }) => {
    try {
      return await extra.api.cancelJob(id);
    } catch (e) {
      return rejectWithValue(toApiFailure(e));
    }
  }
);

export const isFinalJob = (job: Job | undefined): boolean =>
  job !== undefined && FINAL_JOB_STATES.has(job.state);

/** Keeps the newer of two answers about one job (polls and cancels may cross). */
function newer(held: Job | undefined, next: Job): boolean {
  if (!held || held.id !== next.id) return held === undefined;
  if (isFinalJob(held)) return false;
  return Date.parse(next.updated_at) >= Date.parse(held.updated_at) || isFinalJob(next);
}

/** Whether an answer is the summary of a write (a pipeline ending in outputlookup). */
export function isWriteResponse(
  response: QueryResponse
): response is Extract<QueryResponse, { lookup: unknown }> {
  return 'lookup' in response && typeof response.lookup === 'object' && response.lookup !== null;
}

function remember(recent: RecentQuery[], entry: RecentQuery): RecentQuery[] {
  const previous = recent.find((r) => r.query === entry.query);
  return [
    { ...entry, fields: entry.fields ?? previous?.fields },
    ...recent.filter((r) => r.query !== entry.query),
  ].slice(0, MAX_RECENT_QUERIES);
}

export const querySlice = createSlice({
  name: 'query',
  initialState: initialQueryState,
  reducers: {
    queryTextChanged(state, action: PayloadAction<string>) {
      state.text = action.payload;
    },
    /** The result of parsePpl on `text`: an error, or undefined when it parses. */
    queryParsed(state, action: PayloadAction<{ text: string; error?: PplSyntaxError }>) {
      state.parseError = action.payload.error;
      state.parseErrorText = action.payload.error ? action.payload.text : undefined;
    },
    recentLoaded(state, action: PayloadAction<RecentQuery[]>) {
      state.recent = action.payload.slice(0, MAX_RECENT_QUERIES);
    },
    recentCleared(state) {
      state.recent = [];
    },
    /** A poll's answer about the job the page tracks. */
    jobUpdated(state, action: PayloadAction<Job>) {
      if (!newer(state.job.job, action.payload)) return;
      state.job.job = action.payload;
      state.job.pollError = undefined;
    },
    jobPollFailed(state, action: PayloadAction<{ id: string; error: ApiFailure }>) {
      if (state.job.job?.id === action.payload.id) state.job.pollError = action.payload.error;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(runQuery.pending, (state, action) => {
        state.last = 'query';
        state.run = {
          status: 'loading',
          query: action.meta.arg.query,
          requestId: action.meta.requestId,
        };
        state.recent = remember(state.recent, {
          query: action.meta.arg.query,
          at: new Date().toISOString(),
        });
      })
      .addCase(runQuery.fulfilled, (state, action) => {
        if (state.run.requestId !== action.meta.requestId) return;
        state.run.status = 'ready';
        state.run.result = action.payload;
        if (!isWriteResponse(action.payload)) {
          const fields = action.payload.schema.map((c) => c.name);
          state.recent = state.recent.map((r) =>
            r.query === action.meta.arg.query ? { ...r, fields } : r
          );
        }
      })
      .addCase(runQuery.rejected, (state, action) => {
        if (state.run.requestId !== action.meta.requestId) return;
        if (action.meta.aborted) {
          state.run = { status: 'idle' };
          return;
        }
        state.run.status = 'error';
        state.run.error = action.payload ?? { message: action.error.message ?? 'Request failed' };
      })
      .addCase(submitJob.pending, (state, action) => {
        state.last = 'job';
        state.job = {
          status: 'submitting',
          query: action.meta.arg.query,
          lookup: action.meta.arg.lookup,
          requestId: action.meta.requestId,
        };
        state.recent = remember(state.recent, {
          query: action.meta.arg.query,
          at: new Date().toISOString(),
        });
      })
      .addCase(submitJob.fulfilled, (state, action) => {
        if (state.job.requestId !== action.meta.requestId) return;
        state.job.status = 'tracking';
        state.job.job = action.payload;
      })
      .addCase(submitJob.rejected, (state, action) => {
        if (state.job.requestId !== action.meta.requestId) return;
        if (action.meta.aborted) {
          state.job = { status: 'idle' };
          return;
        }
        state.job.status = 'error';
        state.job.error = action.payload ?? { message: action.error.message ?? 'Request failed' };
      })
      .addCase(cancelJob.pending, (state, action) => {
        if (state.job.job?.id !== action.meta.arg) return;
        state.job.cancelling = true;
        state.job.cancelError = undefined;
      })
      .addCase(cancelJob.fulfilled, (state, action) => {
        if (state.job.job?.id !== action.meta.arg) return;
        state.job.cancelling = false;
        if (newer(state.job.job, action.payload)) state.job.job = action.payload;
      })
      .addCase(cancelJob.rejected, (state, action) => {
        if (state.job.job?.id !== action.meta.arg) return;
        state.job.cancelling = false;
        state.job.cancelError = action.payload ?? {
          message: action.error.message ?? 'Request failed',
        };
      })
      .addCase(explainQuery.pending, (state, action) => {
        state.explain = {
          status: 'loading',
          query: action.meta.arg.query,
          requestId: action.meta.requestId,
        };
      })
      .addCase(explainQuery.fulfilled, (state, action) => {
        if (state.explain.requestId !== action.meta.requestId) return;
        state.explain.status = 'ready';
        state.explain.result = action.payload;
      })
      .addCase(explainQuery.rejected, (state, action) => {
        if (state.explain.requestId !== action.meta.requestId) return;
        if (action.meta.aborted) {
          state.explain = { status: 'idle' };
          return;
        }
        state.explain.status = 'error';
        state.explain.error = action.payload ?? {
          message: action.error.message ?? 'Request failed',
        };
      });
  },
});

export const {
  queryTextChanged,
  queryParsed,
  recentLoaded,
  recentCleared,
  jobUpdated,
  jobPollFailed,
} = querySlice.actions;
