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
  OpenSearchClient,
  Plugin,
  PluginInitializerContext,
} from 'opensearch-dashboards/server';
import type { StatusResponse } from '../common/api/codecs';
import type { LookupsConfig } from './config';
import { createRequestContext, PluginServices, ServiceDirectory } from './request_context';
import { registerRoutes } from './routes';
import { dataSourceRouter } from './routes/data_source_param';
import type { LookupsSetupDeps } from './types';
import { LeaseStore } from './services/plugin_index/leases';
import { dataSourceIndexName, PluginIndex } from './services/plugin_index/plugin_index';
import { dataSourceSigner, TokenSigner } from './services/plugin_index/token_secret';
import { WriteRecordStore } from './services/plugin_index/write_records';
import { JobService } from './services/jobs/job_service';
import { JobStore } from './services/jobs/job_store';
import { JOB_DEAD_AFTER_MS, reconcileJobs } from './services/jobs/reconcile_jobs';
import { reconcileAtStart } from './services/plugin_index/reconcile';
import { checkServerIdentity } from './services/server_identity';
import { readCeiling } from './services/ceiling';
import { ScheduleRunner } from './services/schedules/schedule_runner';
import { ScheduleService } from './services/schedules/schedule_service';
import { ScheduleStore } from './services/schedules/schedule_store';

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
  /** Each data source's services, made at its first request (bounded by the data sources). */
  private readonly dataSources = new Map<string, PluginServices>();

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

    // The plugin index is kept with the server's identity, which core gives out at start.
    const started = core.getStartServices().then(([coreStart]) => {
      const internal = coreStart.opensearch.client.asInternalUser;
      const index = new PluginIndex(internal, this.logger.get('plugin-index'));
      const local = this.recordServices(index, config);
      const runner = new ScheduleRunner({
        store: local.scheduleStore,
        jobs: local.services.jobs,
        jobStore: local.jobStore,
        internal,
        ceiling: () => readCeiling(internal, config.max_rows, this.logger),
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
      /** A data source's records, in its own plugin index in the local cluster; made at first use. */
      const forDataSource = (id: string, client: OpenSearchClient): PluginServices => {
        const known = this.dataSources.get(id);
        if (known) return known;
        const logger = this.logger.get('data-source');
        const dsIndex = new PluginIndex(
          internal,
          this.logger.get('plugin-index'),
          dataSourceIndexName(id)
        );
        const kept = this.recordServices(dsIndex, config);
        const made: PluginServices = {
          ...kept.services,
          tokens: dataSourceSigner(tokens, id),
          schedules: new ScheduleService({
            store: kept.scheduleStore,
            runs: null,
            jobStore: kept.jobStore,
            minIntervalMs: config.schedules.min_interval_ms,
            maxPerUser: config.schedules.max_per_user,
          }),
        };
        this.dataSources.set(id, made);
        // What hosts that stopped left on this data source is settled once, with its client.
        void reconcileAtStart(dsIndex, logger)
          .then(() => reconcileJobs(kept.jobStore, client, logger))
          .catch((e: Error) => logger.warn(`data source "${id}": could not settle: ${e.message}`));
        return made;
      };
      return { services, identity, forDataSource };
    });
    this.identity = started.then((s) => s.identity);

    const directory: ServiceDirectory = {
      // As OSD's data importer: multiple data sources are on when the plugin is there.
      dataSourceEnabled: deps.dataSource !== undefined,
      local: () => started.then((s) => s.services),
      forDataSource: async (id, client) => (await started).forDataSource(id, client),
    };
    core.http.registerRouteHandlerContext('lookups', (context, request) =>
      createRequestContext(context, request, directory)
    );
    registerRoutes(dataSourceRouter(core.http.createRouter()), config, () => this.identity!);
  }

  /** The stores of one plugin index and the job service over them. */
  private recordServices(index: PluginIndex, config: LookupsConfig) {
    const records = new WriteRecordStore(index, this.logger.get('records'));
    const leases = new LeaseStore(index, this.hostId, this.logger.get('leases'), {
      ttlMs: config.lease_ttl_ms,
      renewEveryMs: Math.max(100, Math.floor(config.lease_ttl_ms / 3)),
    });
    const jobStore = new JobStore(index);
    const jobs = new JobService({
      store: jobStore,
      leases,
      records,
      config,
      logger: this.logger.get('jobs'),
      hostId: this.hostId,
    });
    const services = { config, logger: this.logger, records, leases, jobs };
    return { services, jobStore, scheduleStore: new ScheduleStore(index) };
  }

  public start(_core: CoreStart) {}

  public stop() {
    clearInterval(this.reconcileTimer);
    clearInterval(this.scheduleTimer);
    this.runner?.stop();
  }
}
