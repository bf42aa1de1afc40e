/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * The host's stand-in for OSD's Data Source plugin (src/plugins/data_source): enough to run
 * the lookups plugin against several clusters. It gives
 *   - the `dataSource` route handler context, `opensearch.getClient(dataSourceId)`, to the
 *     plugins that list `dataSource` among their required or optional plugins;
 *   - `fetchDataSourceMetaData`, which records a new source's engine, version and plugins;
 *   - data sources as `data-source` saved objects (its type and client wrapper registered with
 *     the host's saved objects service, whose HTTP API creates, reads, lists and deletes them):
 *     credentials encrypted at rest and never sent back.
 */
import type { SavedObjectsRepository, SavedObjectTypeRegistry } from '../saved_objects';
import type { IRouter } from 'opensearch-dashboards/server';
import { DataSourceClients } from './clients';
import { registerFetchDataSourceMetaDataRoute } from './metadata_route';
import { CredentialCipher } from './cryptography';
import { createDataSourceError } from './errors';
import { DATA_SOURCE_SAVED_OBJECT, DATA_SOURCE_TYPE, dataSourceWrapper } from './saved_objects';

export const DATA_SOURCE_PLUGIN_ID = 'dataSource';

export interface DataSourceHostConfig {
  enabled: boolean;
  /** `data_source.encryption.wrappingKey`: 32 numbers from 0 to 255. */
  wrappingKey?: number[];
}

export interface DataSourcePluginDeps {
  /** Core's saved objects: the plugin registers its type there and reads data sources back. */
  savedObjects: { registry: SavedObjectTypeRegistry; repository: SavedObjectsRepository };
  wrappingKey: number[];
}

export function startDataSourcePlugin(deps: DataSourcePluginDeps) {
  const cipher = new CredentialCipher(deps.wrappingKey);
  deps.savedObjects.registry.registerType(DATA_SOURCE_SAVED_OBJECT);
  deps.savedObjects.registry.addWrapper(DATA_SOURCE_TYPE, dataSourceWrapper(cipher));
  const clients = new DataSourceClients(deps.savedObjects.repository, cipher);

  return {
    /** The `dataSource` route handler context. */
    context: () => ({
      opensearch: { getClient: (dataSourceId: string) => clients.getClient(dataSourceId) },
    }),
    /** The setup contract dependent plugins receive. */
    setup: { createDataSourceError },
    /** Its own routes (fetchDataSourceMetaData), on its router. */
    registerRoutes: (router: IRouter) => registerFetchDataSourceMetaDataRoute(router, clients),
    close: () => clients.close(),
  };
}
