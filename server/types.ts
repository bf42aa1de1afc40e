/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * The per-request services every route handler gets as `context.lookups`, registered once with
 * OSD's `http.registerRouteHandlerContext` (server/request_context.ts).
 */
import type { Logger, OpenSearchClient } from 'opensearch-dashboards/server';
import type { LookupsConfig } from './config';
import type { LookupError } from './lib/errors';
import type { Ceiling } from './services/ceiling';
import type { DescriptionStore } from './services/descriptions/description_store';
import type { ClusterLimitsCache } from './services/ppl/cluster_limits';
import type { QueryPool } from './services/ppl/isolation/query_pool';
import type { ClusterLimits } from './services/ppl/request_bounds';
import type { LeaseStore } from './services/plugin_index/leases';
import type { JobService } from './services/jobs/job_service';
import type { ScheduleService } from './services/schedules/schedule_service';
import type { PageTokenSigner } from './services/plugin_index/token_secret';
import type { WriteRecordStore } from './services/plugin_index/write_records';

export interface LookupsRequestContext {
  /**
   * The caller's client: every read or write of user data goes through it. On a data source,
   * that source's client (its stored credentials, as OSD's Data Source plugin gives it).
   */
  client: OpenSearchClient;
  /** The data source this request is for (its `dataSourceId`); absent for the local cluster. */
  dataSource?: string;
  /** Why the requested data source cannot be used; every route answers with it. */
  unavailable?: LookupError;
  config: LookupsConfig;
  logger: Logger;
  records: WriteRecordStore;
  /** Lookups' descriptions, kept in the plugin index beside the records. */
  descriptions: DescriptionStore;
  leases: LeaseStore;
  /** Signs page tokens so a client can neither forge nor reuse another user's. */
  tokens: PageTokenSigner;
  /** Durable write jobs, one service per host. */
  jobs: JobService;
  /** Scheduled refresh: schedules run as their owners. */
  schedules: ScheduleService;
  /** The workers every query and job pipeline of this process runs in: one pool per process. */
  queries: QueryPool;
  /** The cluster's limits on one request, kept for a minute (one per cluster). */
  limitsCache: ClusterLimitsCache;
  /** The cluster's limits on one request; read on first use, through `limitsCache`. */
  clusterLimits(): Promise<ClusterLimits>;
  /** The ceiling on one write; read once per request, on first use. */
  ceiling(): Promise<Ceiling>;
  /** Who the caller is, as the security plugin sees them; asked once per request, on first use. */
  user(): Promise<string | null>;
}

/** What OSD's Data Source plugin (src/plugins/data_source) puts on `context.dataSource`. */
export interface DataSourcePluginRequestContext {
  opensearch: {
    getClient(dataSourceId: string): Promise<OpenSearchClient>;
  };
}

/** The optional plugins' setup contracts this plugin reads (only whether they are there). */
export interface LookupsSetupDeps {
  dataSource?: object;
}

declare module 'opensearch-dashboards/server' {
  interface RequestHandlerContext {
    lookups: LookupsRequestContext;
    /** Present when the Data Source plugin is enabled (this plugin's optional dependency). */
    dataSource?: DataSourcePluginRequestContext;
  }
}
