/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * The saved query type OSD's data plugin registers (src/plugins/data/server/saved_objects/
 * query.ts): what Discover and the query editors save as `query` objects, `{ title,
 * description, query: { query, language }, filters?, timefilter? }`. Only `language` is
 * searchable beside the text fields; the query text is kept, not indexed.
 */
import type { SavedObjectsType } from './types';

export const QUERY_TYPE: SavedObjectsType = {
  name: 'query',
  namespaceType: 'single',
  defaultSearchField: 'title',
  mappings: {
    properties: {
      title: { type: 'text' },
      description: { type: 'text' },
      query: {
        properties: { language: { type: 'keyword' }, query: { type: 'keyword', index: false } },
      },
      filters: { type: 'object', enabled: false },
      timefilter: { type: 'object', enabled: false },
    },
  },
};
