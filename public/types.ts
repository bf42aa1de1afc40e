/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * The plugin's browser contracts: what `setup` and `start` return to other plugins (the query
 * workbench calls `start`), and the config the server exposes to the browser.
 */
import { PLUGIN_ID } from '../common';
import type { QueryResponse } from '../common/api/codecs';
import type { Job } from '../common/api/jobs';
import type { Schedule, ScheduleBody } from '../common/api/schedules';

/** The server config keys the plugin exposes to the browser (server/index.ts exposeToBrowser). */
export interface LookupsPublicConfig {
  max_rows: number;
  max_body_bytes: number;
  max_import_bytes: number;
  /** Absent from hosts older than the editor: then its default. */
  editor?: { max_rows: number };
  /** `lookups.schedules.*`: the shortest period a schedule may have. */
  schedules: { min_interval_ms: number };
}

// The setup contract is empty for now; an interface keeps it extensible without a breaking change.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface LookupsPublicSetup {}

/** Which data source a call acts on (OSD's data source id); none: the local cluster. */
export interface OnDataSource {
  dataSourceId?: string;
}

export interface LookupsPublicStart {
  /**
   * Runs a PPL query that may end in `outputlookup` (POST /api/lookups/_query). Rejects with a
   * LookupsApiError carrying the server's message, status and attributes (a syntax error's
   * position, the ceiling's setting).
   */
  runQuery(query: string, options?: OnDataSource): Promise<QueryResponse>;
  /**
   * Opens the lookups app on one lookup, optionally on one of its tabs (e.g. `versions`), on
   * the data source named (the app then stays on it).
   */
  navigateToLookup(name: string, tab?: string, options?: OnDataSource): Promise<void>;
  /**
   * Starts a write (a query ending in `outputlookup`) as a durable job and answers it at once
   * (`queued`); follow it with `getJob` on the same data source.
   */
  submitJob(query: string, options?: OnDataSource): Promise<Job>;
  getJob(id: string, options?: OnDataSource): Promise<Job>;
  /**
   * Schedules a query ending in `outputlookup` (saved-query scheduling): it then runs on its
   * cadence as the signed-in user, who owns the schedule. Local cluster only: the server
   * refuses schedules on a data source.
   */
  scheduleQuery(schedule: ScheduleBody): Promise<Schedule>;
  /**
   * Schedules a saved PPL query (an OSD `query` saved object, such as one saved in Discover, that
   * ends in `outputlookup`) on the cadence given. The schedule copies the saved query's text now
   * and runs that copy as the signed-in user: later changes to the saved query, by anyone, reach
   * it only when its owner takes them in the schedules list. Rejects when the saved query is
   * missing or not PPL, and with the server's LookupsApiError as `scheduleQuery` does.
   */
  scheduleSavedQuery(id: string, cadence: ScheduleCadence): Promise<Schedule>;
  /** The signed-in user's schedules. */
  schedules(): Promise<Schedule[]>;
}

/**
 * What a consumer plugin receives from this one, keyed as OSD keys every dependency's contract:
 * by the plugin's id (`lookupsDashboards`, the manifest's `id`). Declare that id in
 * `optionalPlugins` (or `requiredPlugins`), then read `start(core, { lookupsDashboards })`;
 * under an optional dependency it is `undefined` where this plugin is not installed or is
 * disabled.
 */
export interface LookupsDashboardsStartDeps {
  [PLUGIN_ID]?: LookupsPublicStart;
}

/** When a schedule runs: an interval (`15m`, `1h`), or a cron expression in a time zone. */
export type ScheduleCadence = { every: string } | { cron: string; time_zone?: string };
