/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * The host's saved objects service, as OSD core's (src/core/server/saved_objects): one
 * registry of types (core's host registers the data plugin's `query` type; the Data Source
 * plugin adds `data-source`), one repository on the OSD index written with OSD's own identity,
 * and the HTTP API under `/api/saved_objects`.
 */
import type { IRouter, Logger, OpenSearchClient } from 'opensearch-dashboards/server';
import { QUERY_TYPE } from './query_type';
import { SavedObjectsRepository } from './repository';
import { registerSavedObjectsRoutes } from './routes';
import { SavedObjectTypeRegistry } from './types';

export { SavedObjectTypeRegistry, SavedObjectsRepository };
export type { SavedObject, SavedObjectsType, SavedObjectsTypeWrapper } from './types';
export { savedObjectsErrors } from './errors';
export { signedIn } from './routes';

export interface SavedObjectsServiceDeps {
  /** OSD's own identity on the local cluster. */
  internal: OpenSearchClient;
  /** `opensearchDashboards.index`. */
  index: string;
  logger: Logger;
}

export function createSavedObjectsService({ internal, index, logger }: SavedObjectsServiceDeps) {
  const registry = new SavedObjectTypeRegistry();
  registry.registerType(QUERY_TYPE);
  const repository = new SavedObjectsRepository(internal, index, registry, logger);
  return {
    registry,
    repository,
    registerRoutes: (router: IRouter) => registerSavedObjectsRoutes(router, repository, registry),
    /**
     * `context.core.savedObjects.client`: what the HTTP API would answer (each type's wrapper
     * applied, so a data source's credentials never reach a plugin). Only `get`.
     */
    client: {
      get: async (type: string, id: string) => {
        const object = await repository.get(type, id);
        return registry.wrapperOf(type).view?.(object) ?? object;
      },
    },
  };
}

export type SavedObjectsService = ReturnType<typeof createSavedObjectsService>;
