/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/* Builds `context.lookups` for each request from the plugin's long-lived services. */
import type { Logger, RequestHandlerContext } from 'opensearch-dashboards/server';
import type { LookupsConfig } from './config';
import { readCeiling } from './services/ceiling';
import { currentUsername } from './services/current_user';
import type { LeaseStore } from './services/plugin_index/leases';
import type { JobService } from './services/jobs/job_service';
import type { TokenSigner } from './services/plugin_index/token_secret';
import type { WriteRecordStore } from './services/plugin_index/write_records';
import type { LookupsRequestContext } from './types';

export interface PluginServices {
  config: LookupsConfig;
  logger: Logger;
  records: WriteRecordStore;
  leases: LeaseStore;
  tokens: TokenSigner;
  /** Durable write jobs, one service per host. */
  jobs: JobService;
}

function once<T>(load: () => Promise<T>): () => Promise<T> {
  let value: Promise<T> | undefined;
  return () => (value ??= load());
}

export function createRequestContext(
  core: RequestHandlerContext['core'],
  services: PluginServices
): LookupsRequestContext {
  const { client } = core.opensearch;
  return {
    ...services,
    client: client.asCurrentUser,
    // The ceiling is operator configuration (a cluster setting), read as the server.
    ceiling: once(() =>
      readCeiling(client.asInternalUser, services.config.max_rows, services.logger)
    ),
    user: once(() => currentUsername(client.asCurrentUser)),
  };
}
