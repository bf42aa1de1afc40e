/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Builds `context.lookups` for each request from the plugin's long-lived services. The client
 * is decided as OSD's data importer decides it: with the Data Source plugin present and a
 * `dataSourceId` given, the data source's client (`context.dataSource.opensearch.getClient`,
 * which carries the credentials stored with that data source); otherwise the local cluster as
 * the caller. A data source of an engine or version the manifest does not support is refused
 * (services/data_source_version.ts).
 */
import type {
  OpenSearchDashboardsRequest,
  RequestHandlerContext,
} from 'opensearch-dashboards/server';
import { LookupError } from './lib/errors';
import { requestedDataSource } from './routes/data_source_param';
import { readCeiling } from './services/ceiling';
import { unsupportedDataSource } from './services/data_source_version';
import { currentUsername } from './services/current_user';
import type { LookupsRequestContext } from './types';

/** The plugin's long-lived services: all of `context.lookups` but what is per request. */
export type PluginServices = Omit<
  LookupsRequestContext,
  'client' | 'ceiling' | 'user' | 'clusterLimits' | 'dataSource' | 'unavailable'
>;

/** Where the plugin's services come from: the local cluster's, or one data source's. */
export interface ServiceDirectory {
  /** Whether the Data Source plugin is there (an optional dependency). */
  dataSourceEnabled: boolean;
  local(): Promise<PluginServices>;
  /** The services kept for one data source; `client` is that source's, for settling at first use. */
  forDataSource(id: string, client: LookupsRequestContext['client']): Promise<PluginServices>;
}

function once<T>(load: () => Promise<T>): () => Promise<T> {
  let value: Promise<T> | undefined;
  return () => (value ??= load());
}

export async function createRequestContext(
  context: Pick<RequestHandlerContext, 'core' | 'dataSource'>,
  request: OpenSearchDashboardsRequest,
  directory: ServiceDirectory
): Promise<LookupsRequestContext> {
  const dataSourceId = requestedDataSource(request);
  if (dataSourceId === undefined) return localContext(context.core, await directory.local());
  const local = await directory.local();
  if (!directory.dataSourceEnabled || !context.dataSource) {
    return unavailableContext(
      local,
      dataSourceId,
      new LookupError(
        400,
        `dataSourceId "${dataSourceId}" was given, but multiple data sources are not enabled here (the Data Source plugin is off); leave dataSourceId out to use the local cluster.`,
        { reason: 'data_source_disabled', data_source: dataSourceId }
      )
    );
  }
  let client: LookupsRequestContext['client'];
  try {
    client = await context.dataSource.opensearch.getClient(dataSourceId);
  } catch (error) {
    return unavailableContext(local, dataSourceId, dataSourceProblem(dataSourceId, error));
  }
  const unsupported = await unsupportedDataSource(context.core, dataSourceId, client);
  if (unsupported) return unavailableContext(local, dataSourceId, unsupported);
  const services = await directory.forDataSource(dataSourceId, client);
  return {
    ...services,
    client,
    dataSource: dataSourceId,
    // On a data source, its stored credentials are all the plugin has: they read the ceiling
    // and say who acts there.
    ceiling: once(() => readCeiling(client, services.config.max_rows, services.logger)),
    clusterLimits: once(() => services.limitsCache.read(client)),
    user: once(() => currentUsername(client)),
  };
}

function localContext(
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
    // Cluster settings too: operator configuration, read as the server.
    clusterLimits: once(() => services.limitsCache.read(client.asInternalUser)),
    user: once(() => currentUsername(client.asCurrentUser)),
  };
}

/** A context whose every use fails with `problem` (answered by the route's error mapping). */
function unavailableContext(
  services: PluginServices,
  dataSourceId: string,
  problem: LookupError
): LookupsRequestContext {
  const fail = () => Promise.reject(problem);
  return {
    ...services,
    client: new Proxy({} as LookupsRequestContext['client'], {
      get() {
        throw problem;
      },
    }),
    dataSource: dataSourceId,
    unavailable: problem,
    ceiling: fail,
    clusterLimits: fail,
    user: fail,
  };
}

/**
 * What OSD's data source client throws (`DataSourceError`: a `statusCode`, 404 for an unknown
 * id, 400 for credentials it cannot use), as an answer naming the data source.
 */
function dataSourceProblem(dataSourceId: string, error: unknown): LookupError {
  const status = (error as { statusCode?: unknown })?.statusCode;
  const reason = (error instanceof Error ? error.message : String(error)).replace(
    /^Data Source Error: /,
    ''
  );
  if (status === 404) {
    return new LookupError(
      404,
      `Data source "${dataSourceId}" was not found: ${reason}. Pick one of the data sources listed under Dashboards Management, or leave dataSourceId out for the local cluster.`,
      { reason: 'data_source_not_found', data_source: dataSourceId }
    );
  }
  const code = typeof status === 'number' && status >= 400 && status < 500 ? status : 502;
  return new LookupError(code, `Data source "${dataSourceId}" cannot be used: ${reason}`, {
    reason: 'data_source_unusable',
    data_source: dataSourceId,
  });
}
