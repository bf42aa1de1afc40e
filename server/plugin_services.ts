/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * The plugin's services over one plugin index (write records, descriptions, leases, jobs,
 * schedules), and
 * those of each data source: its own plugin index in the local cluster, made at the data
 * source's first request and kept for the life of the process (one per data source).
 */
import type { Logger, OpenSearchClient } from 'opensearch-dashboards/server';
import type { LookupsConfig } from './config';
import type { PluginServices } from './request_context';
import { DescriptionStore } from './services/descriptions/description_store';
import { JobService } from './services/jobs/job_service';
import { JobStore } from './services/jobs/job_store';
import { reconcileJobs } from './services/jobs/reconcile_jobs';
import { LeaseStore } from './services/plugin_index/leases';
import { dataSourceIndexName, PluginIndex } from './services/plugin_index/plugin_index';
import { reconcileAtStart } from './services/plugin_index/reconcile';
import { dataSourceSigner, type PageTokenSigner } from './services/plugin_index/token_secret';
import { WriteRecordStore } from './services/plugin_index/write_records';
import { ScheduleService } from './services/schedules/schedule_service';
import { ScheduleStore } from './services/schedules/schedule_store';
import { ClusterLimitsCache } from './services/ppl/cluster_limits';
import type { QueryPool } from './services/ppl/isolation/query_pool';

export interface IndexServicesDeps {
  config: LookupsConfig;
  logger: Logger;
  /** Names this process in the leases it holds. */
  hostId: string;
  /** The workers every query and job pipeline of this process runs in (one per process). */
  queries: QueryPool;
}

/** The stores of one plugin index and the job service over them. */
export function indexServices(index: PluginIndex, deps: IndexServicesDeps) {
  const { config, logger, hostId, queries } = deps;
  const records = new WriteRecordStore(index, logger.get('records'));
  const leases = new LeaseStore(index, hostId, logger.get('leases'), {
    ttlMs: config.lease_ttl_ms,
    renewEveryMs: Math.max(100, Math.floor(config.lease_ttl_ms / 3)),
  });
  const jobStore = new JobStore(index);
  const jobs = new JobService({
    store: jobStore,
    leases,
    records,
    config,
    logger: logger.get('jobs'),
    hostId,
    queries,
  });
  // One cluster's limits per services: the local cluster's, or one data source's.
  const limitsCache = new ClusterLimitsCache(logger.get('cluster-limits'));
  return {
    services: {
      config,
      logger,
      records,
      descriptions: new DescriptionStore(index, logger.get('descriptions')),
      leases,
      jobs,
      queries,
      limitsCache,
    },
    jobStore,
    scheduleStore: new ScheduleStore(index),
  };
}

export class DataSourceServices {
  private readonly known = new Map<string, PluginServices>();

  constructor(
    private readonly deps: IndexServicesDeps & {
      /** The server identity on the local cluster, which keeps every plugin index. */
      internal: OpenSearchClient;
      tokens: PageTokenSigner;
    }
  ) {}

  /** `client` is the data source's, used once to settle what stopped hosts left there. */
  get(dataSourceId: string, client: OpenSearchClient): PluginServices {
    const known = this.known.get(dataSourceId);
    if (known) return known;
    const { config, internal } = this.deps;
    const logger = this.deps.logger.get('data-source');
    const index = new PluginIndex(
      internal,
      this.deps.logger.get('plugin-index'),
      dataSourceIndexName(dataSourceId)
    );
    const kept = indexServices(index, this.deps);
    const services: PluginServices = {
      ...kept.services,
      tokens: dataSourceSigner(this.deps.tokens, dataSourceId),
      // Kept and listed, but never made or run here (see ScheduleService).
      schedules: new ScheduleService({
        store: kept.scheduleStore,
        runs: null,
        jobStore: kept.jobStore,
        minIntervalMs: config.schedules.min_interval_ms,
        maxPerUser: config.schedules.max_per_user,
      }),
    };
    this.known.set(dataSourceId, services);
    void reconcileAtStart(index, logger)
      .then(() => reconcileJobs(kept.jobStore, client, logger))
      .catch((e: Error) =>
        logger.warn(`data source "${dataSourceId}": could not settle: ${e.message}`)
      );
    return services;
  }
}
