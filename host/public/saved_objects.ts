/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * `savedObjects.client` of the host's CoreStart: the `find` of OSD's browser saved objects
 * client, over the host's `GET /api/saved_objects/_find` (host/src/data_source), with OSD's
 * translation of the options (`perPage` as `per_page`, `fields` repeated) and of the answer.
 */
import type {
  HttpStart,
  SavedObjectsClientContract,
  SavedObjectsStart,
  SimpleSavedObject,
} from 'opensearch-dashboards/public';

interface FindAnswer {
  page: number;
  per_page: number;
  total: number;
  saved_objects: Array<SimpleSavedObject<unknown>>;
}

export function createSavedObjects(http: HttpStart): SavedObjectsStart {
  const client: SavedObjectsClientContract = {
    find: async <T>(options: Parameters<SavedObjectsClientContract['find']>[0]) => {
      const answer = await http.get<FindAnswer>('/api/saved_objects/_find', {
        query: {
          type: options.type,
          fields: options.fields,
          page: options.page,
          per_page: options.perPage,
        },
      });
      return {
        page: answer.page,
        perPage: answer.per_page,
        total: answer.total,
        savedObjects: answer.saved_objects as Array<SimpleSavedObject<T>>,
      };
    },
  };
  return { client };
}
