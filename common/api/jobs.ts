/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Durable write jobs: `POST /api/lookups/_jobs` accepts a PPL pipeline ending in outputlookup
 * and answers at once; the job's state and progress are kept in the plugin index.
 */
import * as t from 'io-ts';
import type { UnmatchedRows } from './codecs';
import { refined, strictObject } from './decode';

export const JOB_STATES = [
  'queued',
  'running',
  'publishing',
  'finished',
  'failed',
  'cancelling',
  'cancelled',
  'outcome_unknown',
] as const;
export type JobState = (typeof JOB_STATES)[number];
/** States a job does not leave. */
export const FINAL_JOB_STATES: ReadonlySet<JobState> = new Set([
  'finished',
  'failed',
  'cancelled',
  'outcome_unknown',
]);

export const JobBody = strictObject(
  'job',
  {
    query: refined('query', t.string, (s) => s.trim().length > 0, 'expected a PPL query'),
  },
  {}
);
export type JobBody = t.TypeOf<typeof JobBody>;

const StateName = t.keyof(
  Object.fromEntries(JOB_STATES.map((s) => [s, null])) as Record<JobState, null>
);
export const JobsQuery = strictObject(
  'jobs query',
  {},
  {
    lookup: t.string,
    state: StateName,
    schedule: t.string,
  }
);
export type JobsQuery = t.TypeOf<typeof JobsQuery>;

export interface JobProgress {
  rows_read: number;
  rows_written: number;
  /** Known when OpenSearch can count the source up front. */
  rows_total?: number;
  /** Rows per second since the job started running. */
  rate?: number;
  elapsed_ms: number;
}

export interface Job {
  id: string;
  lookup: string;
  user: string | null;
  query: string;
  state: JobState;
  phase?: 'reading' | 'writing';
  progress: JobProgress;
  /** The slice the job writes, once known, and the one it replaces. */
  slice?: string;
  previous_slice?: string | null;
  /** What the write did, once finished. */
  action?: string;
  /** An upsert: rows that replaced stored rows with the same key, and rows its key cannot match. */
  replaced?: number;
  unmatched?: UnmatchedRows;
  error?: string;
  /** What points at the problem, as an error answer's `attributes` do (e.g. the ceiling's setting). */
  error_attributes?: Record<string, unknown>;
  /** A scheduled refresh's run names its schedule, and whether it was due or run by hand. */
  schedule_id?: string;
  trigger?: 'schedule' | 'manual';
  /** Rows of the version the job replaces, when it was counted (null: there was none). */
  previous_rows?: number | null;
  created_at: string;
  updated_at: string;
  started_at?: string;
  finished_at?: string;
}

export interface JobsResponse {
  jobs: Job[];
}
