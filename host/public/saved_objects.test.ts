/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

import type { HttpFetchOptions, HttpStart } from 'opensearch-dashboards/public';
import { createSavedObjects } from './saved_objects';

it('finds saved objects with OSD’s query names and answers in the browser client’s shape', async () => {
  const calls: Array<{ path: string; options?: HttpFetchOptions }> = [];
  const get = (path: string, options?: HttpFetchOptions) => {
    calls.push({ path, options });
    return Promise.resolve({
      page: 1,
      per_page: 50,
      total: 1,
      saved_objects: [{ id: 'b1', type: 'data-source', attributes: { title: 'B' } }],
    });
  };
  const http = { get } as unknown as HttpStart;
  const answer = await createSavedObjects(http).client.find({
    type: 'data-source',
    fields: ['id', 'title'],
    perPage: 50,
  });
  expect(calls).toEqual([
    {
      path: '/api/saved_objects/_find',
      options: {
        query: { type: 'data-source', fields: ['id', 'title'], page: undefined, per_page: 50 },
      },
    },
  ]);
  expect(answer).toEqual({
    page: 1,
    perPage: 50,
    total: 1,
    savedObjects: [{ id: 'b1', type: 'data-source', attributes: { title: 'B' } }],
  });
});
