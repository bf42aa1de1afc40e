/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

import { randomUUID } from 'crypto';
import { first } from 'rxjs/operators';
import type {
  CoreSetup,
  CoreStart,
  Logger,
  Plugin,
  PluginInitializerContext,
} from 'opensearch-dashboards/server';
import type { StatusResponse } from '../common/api/codecs';
import { checkConfig, type LookupsConfig } from './config';
import { createRequestContext, PluginServices, ServiceDirectory } from './request_context';
import { DataSourceServices, indexServices } from './plugin_services';
import { registerRoutes } from './routes';
import { dataSourceRouter } from './routes/data_source_param';
import type { LookupsSetupDeps } from './types';
import { PluginIndex } from './services/plugin_index/plugin_index';
import { TokenSigner } from './services/plugin_index/token_secret';
import { JOB_DEAD_AFTER_MS, reconcileJobs } from './services/jobs/reconcile_jobs';
import { reconcileAtStart } from './services/plugin_index/reconcile';
import { checkServerIdentity } from './services/server_identity';
import { readCeiling } from './services/ceiling';
import { queryPool } from './services/ppl/isolation/pool_settings';
import type { QueryPool } from './services/ppl/isolation/query_pool';
import { ScheduleRunner } from './services/schedules/schedule_runner';
import { ScheduleService } from './services/schedules/schedule_service';

export type LookupsPluginSetup = void;
export type LookupsPluginStart = void;

type Identity = StatusResponse['server_identity'];

export class LookupsPlugin implements Plugin<LookupsPluginSetup, LookupsPluginStart> {
  private readonly logger: Logger;
  /** Names this process in the leases it holds. */
  private readonly hostId = randomUUID();
  private identity: Promise<Identity> | undefined;
  private reconcileTimer: NodeJS.Timeout | undefined;
  private scheduleTimer: NodeJS.Timeout | undefined;
  private runner: ScheduleRunner | undefined;
  private queries: QueryPool | undefined;

  constructor(private readonly initializerContext: PluginInitializerContext) {
    this.logger = initializerContext.logger.get();
  }

  public async setup(core: CoreSetup, deps: LookupsSetupDeps = {}) {
    // OSD's server side reads config as an observable; its first value is the validated config.
    const config = await this.initializerContext.config
      .create<LookupsConfig>()
      .pipe(first())
      .toPromise();
    if (!config) throw new Error('lookups: no configuration');
    checkConfig(config);

    // The plugin index is kept with the server's identity, which core gives out at start.
    const started = core.getStartServices().then(([coreStart]) => {
      const internal = coreStart.opensearch.client.asInternalUser;
      const index = new PluginIndex(internal, this.logger.get('plugin-index'));
      // One pool of query workers for the whole process: the local cluster's queries and every
      // data source's.
      const queries = queryPool(config, this.logger.get('query-pool'));
      this.queries = queries;
      queries.warm();
      const indexDeps = { config, logger: this.logger, hostId: this.hostId, queries };
      const local = indexServices(index, indexDeps);
      const runner = new ScheduleRunner({
        store: local.scheduleStore,
        jobs: local.services.jobs,
        jobStore: local.jobStore,
        internal,
        ceiling: () => readCeiling(internal, config.max_rows, this.logger),
        clusterLimits: () => local.services.limitsCache.read(internal),
        hostId: this.hostId,
        leaseTtlMs: config.lease_ttl_ms,
        logger: this.logger.get('schedules'),
      });
      this.runner = runner;
      const tokens = new TokenSigner(index, this.logger.get('tokens'), config.page_token_secret);
      const services: PluginServices = {
        ...local.services,
        tokens,
        schedules: new ScheduleService({
          store: local.scheduleStore,
          runs: { runner, internal },
          jobStore: local.jobStore,
          minIntervalMs: config.schedules.min_interval_ms,
          maxPerUser: config.schedules.max_per_user,
        }),
      };
      const identity = checkServerIdentity(internal, index, this.logger.get('server-identity'));
      // Settling needs the plugin index, so it waits for the identity check to have made it.
      void identity.then(async () => {
        await reconcileAtStart(index, this.logger.get('reconcile'));
        await reconcileJobs(local.jobStore, internal, this.logger.get('reconcile'));
        // Other hosts may stop while this one runs: their jobs are settled on the way.
        this.reconcileTimer = setInterval(
          () => void reconcileJobs(local.jobStore, internal, this.logger.get('reconcile')),
          JOB_DEAD_AFTER_MS
        );
        this.reconcileTimer.unref();
        // Due schedules run from here on; runs missed while every host was down run once now.
        if (config.schedules.enabled) {
          void runner.check();
          this.scheduleTimer = setInterval(
            () => void runner.check(),
            config.schedules.check_every_ms
          );
          this.scheduleTimer.unref();
        }
      });
      const dataSources = new DataSourceServices({ ...indexDeps, internal, tokens });
      return { services, identity, dataSources };
    });
    this.identity = started.then((s) => s.identity);

    const directory: ServiceDirectory = {
      // As OSD's data importer: multiple data sources are on when the plugin is there.
      dataSourceEnabled: deps.dataSource !== undefined,
      local: () => started.then((s) => s.services),
      forDataSource: async (id, client) => (await started).dataSources.get(id, client),
    };
    core.http.registerRouteHandlerContext('lookups', (context, request) =>
      createRequestContext(context, request, directory)
    );
    registerRoutes(dataSourceRouter(core.http.createRouter()), config, () => this.identity!);
  }

  public start(_core: CoreStart) {}

  public stop() {
    clearInterval(this.reconcileTimer);
    clearInterval(this.scheduleTimer);
    this.runner?.stop();
    void this.queries?.close();
  }
}
