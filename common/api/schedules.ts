/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Scheduled refresh: a PPL query ending in outputlookup, run on an interval or a cron
 * expression as its owner. `POST/GET /api/lookups/_schedules`, `GET/PUT/DELETE
 * /api/lookups/_schedules/{id}`, `POST /api/lookups/_schedules/{id}/_run`. Each run is a job
 * (see jobs.ts) that names its schedule, so a schedule's history is its jobs.
 */
import * as t from 'io-ts';
import type { Job, JobState } from './jobs';
import { refined, strictObject } from './decode';

export const PublishGuards = strictObject(
  'publish guards',
  {},
  {
    /** Keep the current version when the result has no rows. */
    skip_empty: t.boolean,
    /** Keep the current version when the result has this many percent fewer rows. */
    max_shrink_percent: refined(
      'percent',
      t.number,
      (n) => Number.isFinite(n) && n >= 0 && n <= 100,
      'expected a percentage from 0 to 100'
    ),
    /** Keep the current version when the result lacks a column the current one has. */
    keep_columns: t.boolean,
  }
);
export type PublishGuards = t.TypeOf<typeof PublishGuards>;

/**
 * The OSD saved query (`query` saved object) a schedule was made from. The schedule keeps its
 * own copy of the text: a run acts as the schedule's owner, so text another user saves into the
 * saved query later must never run with the owner's rights until the owner takes it.
 * `updated_at` is the saved query's when its text was taken, to tell the owner it changed since.
 */
export const SavedQueryLink = strictObject(
  'saved query',
  {
    id: refined(
      'saved query id',
      t.string,
      (s) => s.length > 0 && s.length <= 1024,
      'expected the id of a saved query'
    ),
    title: refined('title', t.string, (s) => s.length <= 1024, 'expected at most 1024 characters'),
  },
  {
    updated_at: refined(
      'time',
      t.string,
      (s) => !Number.isNaN(Date.parse(s)),
      'expected an ISO 8601 time'
    ),
  }
);
export type SavedQueryLink = t.TypeOf<typeof SavedQueryLink>;

/** What a user sets: the body of POST and PUT (PUT replaces all of it). */
export const ScheduleBody = strictObject(
  'schedule',
  {
    query: refined('query', t.string, (s) => s.trim().length > 0, 'expected a PPL query'),
  },
  {
    every: t.string,
    cron: t.string,
    time_zone: t.string,
    enabled: t.boolean,
    guards: PublishGuards,
    description: refined(
      'description',
      t.string,
      (s) => s.length <= 1000,
      'expected at most 1000 characters'
    ),
    saved_query: SavedQueryLink,
  }
);
export type ScheduleBody = t.TypeOf<typeof ScheduleBody>;

export type RunTrigger = 'schedule' | 'manual';

/** One run, as its job tells it. */
export interface ScheduleRun {
  job_id: string;
  trigger: RunTrigger;
  state: JobState;
  created_at: string;
  started_at?: string;
  finished_at?: string;
  rows?: number;
  /** Rows compared with the version the run replaced (null when there was none). */
  row_delta?: number | null;
  slice?: string;
  error?: string;
}

/** What a schedule is, as kept and as shown. */
export interface ScheduleFields {
  id: string;
  lookup: string;
  query: string;
  every?: string;
  cron?: string;
  time_zone: string;
  enabled: boolean;
  guards: PublishGuards;
  description?: string;
  /** The saved query the text was copied from. */
  saved_query?: SavedQueryLink;
  owner: string;
  created_at: string;
  updated_at: string;
  /** Null while disabled. */
  next_run_at: string | null;
  last_success_at?: string;
}

export interface Schedule extends ScheduleFields {
  last_run?: ScheduleRun;
  /** The last successful run is older than twice the schedule's period. */
  stale: boolean;
}

export interface ScheduleDetail extends Schedule {
  runs: ScheduleRun[];
}

export interface SchedulesResponse {
  schedules: Schedule[];
}

export interface RunScheduleResponse {
  job: Job;
}

/** A run as its job tells it. */
export function runOf(job: Job): ScheduleRun {
  const finished = job.state === 'finished';
  return {
    job_id: job.id,
    trigger: job.trigger ?? 'schedule',
    state: job.state,
    created_at: job.created_at,
    ...(job.started_at ? { started_at: job.started_at } : {}),
    ...(job.finished_at ? { finished_at: job.finished_at } : {}),
    ...(finished ? { rows: job.progress.rows_written } : {}),
    ...(finished && job.previous_rows !== undefined
      ? {
          row_delta:
            job.previous_rows === null ? null : job.progress.rows_written - job.previous_rows,
        }
      : {}),
    ...(job.slice ? { slice: job.slice } : {}),
    ...(job.error ? { error: job.error } : {}),
  };
}
