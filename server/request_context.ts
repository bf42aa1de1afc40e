/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/* Builds `context.lookups` for each request from the plugin's long-lived services. */
import type { RequestHandlerContext } from 'opensearch-dashboards/server';
import { readCeiling } from './services/ceiling';
import { currentUsername } from './services/current_user';
import type { LookupsRequestContext } from './types';

/** The plugin's long-lived services: all of `context.lookups` but what is per request. */
export type PluginServices = Omit<LookupsRequestContext, 'client' | 'ceiling' | 'user'>;

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
    // User data is read and written exactly: integers beyond 2^53 come back as bigint and a
    // bigint is sent as a JSON number (opensearch-js's long-numeral support, as OSD offers it).
    client: client.asCurrentUserWithLongNumeralsSupport,
    // The ceiling is operator configuration (a cluster setting), read as the server.
    ceiling: once(() =>
      readCeiling(client.asInternalUser, services.config.max_rows, services.logger)
    ),
    user: once(() => currentUsername(client.asCurrentUser)),
  };
}
