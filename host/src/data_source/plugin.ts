/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * The host's stand-in for OSD's Data Source plugin (src/plugins/data_source): enough to run
 * the lookups plugin against several clusters. It gives
 *   - the `dataSource` route handler context, `opensearch.getClient(dataSourceId)`, to the
 *     plugins that list `dataSource` among their required or optional plugins;
 *   - data sources as `data-source` saved objects in the local cluster's OSD index, through
 *     OSD's saved objects HTTP API for that type: create, get, delete, and `_find` (what OSD's
 *     data source picker lists), for signed-in users only; credentials encrypted at rest and
 *     never sent back.
 */
import Boom from '@hapi/boom';
import type { Request, ResponseToolkit, Server } from '@hapi/hapi';
import type { Logger, OpenSearchClient } from 'opensearch-dashboards/server';
import { AUTH_STRATEGY } from '../auth/session';
import { DataSourceClients } from './clients';
import { CredentialCipher } from './cryptography';
import { createDataSourceError, DataSourceError } from './errors';
import { DATA_SOURCE_TYPE, DataSourceStore, findOptions, publicView } from './saved_objects';

export const DATA_SOURCE_PLUGIN_ID = 'dataSource';

export interface DataSourceHostConfig {
  enabled: boolean;
  /** `data_source.encryption.wrappingKey`: 32 numbers from 0 to 255. */
  wrappingKey?: number[];
}

export interface DataSourcePluginDeps {
  server: Server;
  /** OSD's own identity on the local cluster: keeps the saved objects. */
  internal: OpenSearchClient;
  /** The caller on the local cluster, to check who they are. */
  asCaller: (request: Request) => OpenSearchClient;
  /** `opensearchDashboards.index`. */
  index: string;
  wrappingKey: number[];
  logger: Logger;
}

const API = `/api/saved_objects`;

export function startDataSourcePlugin(deps: DataSourcePluginDeps) {
  const cipher = new CredentialCipher(deps.wrappingKey);
  const store = new DataSourceStore(deps.internal, deps.index, cipher);
  const clients = new DataSourceClients(store, cipher);

  /**
   * As OSD with the security plugin: the caller is authenticated by the cluster itself. A
   * cluster without the security plugin (no `authinfo`: 400/404) authenticates nobody, as OSD
   * without it.
   */
  const signedIn = async (request: Request) => {
    try {
      await deps.asCaller(request).transport.request({
        method: 'GET',
        path: '/_plugins/_security/authinfo',
      });
    } catch (error) {
      const status = (error as { meta?: { statusCode?: number } }).meta?.statusCode;
      if (status === 401) throw Boom.unauthorized('Authentication required');
      if (status !== 400 && status !== 404) throw error;
    }
  };
  const answer = async (request: Request, h: ResponseToolkit, work: () => Promise<unknown>) => {
    if (request.method !== 'get' && request.headers['osd-xsrf'] === undefined) {
      return Boom.badRequest('Request must contain a osd-xsrf header.');
    }
    try {
      await signedIn(request);
      return h.response((await work()) as object);
    } catch (error) {
      if (Boom.isBoom(error)) return error;
      if (!(error instanceof DataSourceError) && (error as Error).name !== 'ResponseError') {
        // Not an answer of the cluster (it cannot be reached, or a fault here).
        deps.logger.error(error instanceof Error ? error : String(error));
        return Boom.serverUnavailable('The saved objects cannot be read or written right now.');
      }
      const problem = createDataSourceError(error);
      return new Boom.Boom(problem.message, { statusCode: problem.statusCode });
    }
  };
  const auth = { strategy: AUTH_STRATEGY, mode: 'required' } as const;
  const typeOnly = (type: unknown) => {
    if (type !== DATA_SOURCE_TYPE) {
      throw new DataSourceError(`this host keeps only "${DATA_SOURCE_TYPE}" saved objects`);
    }
  };

  deps.server.route([
    {
      method: 'POST',
      path: `${API}/{type}`,
      options: { auth },
      handler: (request, h) =>
        answer(request, h, async () => {
          typeOnly(request.params.type);
          const body = (request.payload ?? {}) as { attributes?: unknown };
          return publicView(await store.create(body.attributes));
        }),
    },
    {
      method: 'GET',
      path: `${API}/{type}/{id}`,
      options: { auth },
      handler: (request, h) =>
        answer(request, h, async () => {
          typeOnly(request.params.type);
          return publicView(await store.get(String(request.params.id)));
        }),
    },
    {
      method: 'DELETE',
      path: `${API}/{type}/{id}`,
      options: { auth },
      handler: (request, h) =>
        answer(request, h, async () => {
          typeOnly(request.params.type);
          await store.delete(String(request.params.id));
          return {};
        }),
    },
    {
      method: 'GET',
      path: `${API}/_find`,
      options: { auth },
      handler: (request, h) =>
        answer(request, h, async () => {
          const options = findOptions(request.query);
          const { total, objects } = await store.find(options);
          return {
            page: options.page,
            per_page: options.perPage,
            total,
            saved_objects: objects.map((object) => publicView(object, options.fields)),
          };
        }),
    },
  ]);

  return {
    /** The `dataSource` route handler context. */
    context: () => ({
      opensearch: { getClient: (dataSourceId: string) => clients.getClient(dataSourceId) },
    }),
    /** The setup contract dependent plugins receive. */
    setup: { createDataSourceError },
    close: () => clients.close(),
  };
}
