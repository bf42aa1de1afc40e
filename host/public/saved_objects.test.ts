/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * The browser saved objects client as OSD's behaves for its callers: the request each method
 * sends (path, method, query names, body) and what it resolves with.
 */
import type { HttpFetchOptions, HttpStart } from 'opensearch-dashboards/public';
import { createSavedObjects } from './saved_objects';

function recordingHttp(answer: (path: string, options: HttpFetchOptions) => unknown) {
  const calls: Array<{ path: string; options: HttpFetchOptions }> = [];
  const fetch = (path: string, options: HttpFetchOptions = {}) => {
    calls.push({ path, options });
    return Promise.resolve(answer(path, options));
  };
  return { http: { fetch } as unknown as HttpStart, calls };
}

const stored = {
  id: 'q1',
  type: 'query',
  version: 'WzEsMV0=',
  updated_at: '2026-01-01T00:00:00.000Z',
  attributes: { title: 'Errors', query: { query: 'source=x', language: 'PPL' } },
  references: [],
};

it('finds with OSD’s query names and answers in the browser client’s shape', async () => {
  const { http, calls } = recordingHttp(() => ({
    page: 1,
    per_page: 50,
    total: 1,
    saved_objects: [stored],
  }));
  const answer = await createSavedObjects(http).client.find({
    type: 'query',
    search: 'err*',
    searchFields: ['title^5', 'description'],
    hasReference: { type: 'index-pattern', id: 'i' },
    fields: ['title'],
    perPage: 50,
  });
  expect(calls).toEqual([
    {
      path: '/api/saved_objects/_find',
      options: {
        method: 'GET',
        query: {
          type: 'query',
          search: 'err*',
          search_fields: ['title^5', 'description'],
          has_reference: '{"type":"index-pattern","id":"i"}',
          fields: ['title'],
          per_page: 50,
        },
      },
    },
  ]);
  expect(answer).toMatchObject({ page: 1, perPage: 50, total: 1 });
  expect(answer.savedObjects[0]).toMatchObject({ id: 'q1', _version: 'WzEsMV0=' });
  expect(answer.savedObjects[0].get('query.language')).toBe('PPL');
});

it('creates with the id in the path and overwrite in the query, and updates with the version', async () => {
  const { http, calls } = recordingHttp(() => stored);
  const { client } = createSavedObjects(http);
  await client.create('query', stored.attributes, { id: 'q1', overwrite: true });
  await client.update('query', 'q1', stored.attributes, { version: 'WzEsMV0=' });
  await client.delete('query', 'q1');
  expect(calls.map((c) => [c.options.method, c.path, c.options.query])).toEqual([
    ['POST', '/api/saved_objects/query/q1', { overwrite: true }],
    ['PUT', '/api/saved_objects/query/q1', undefined],
    ['DELETE', '/api/saved_objects/query/q1', { force: false }],
  ]);
  expect(JSON.parse(String(calls[0].options.body))).toEqual({ attributes: stored.attributes });
  expect(JSON.parse(String(calls[1].options.body))).toEqual({
    attributes: stored.attributes,
    version: 'WzEsMV0=',
  });
});

it('batches gets into one _bulk_get, and resolves a missing object with its error', async () => {
  const missing = {
    id: 'gone',
    type: 'query',
    error: { statusCode: 404, error: 'Not Found', message: 'Saved object [query/gone] not found' },
  };
  const { http, calls } = recordingHttp(() => ({ saved_objects: [stored, missing] }));
  const { client } = createSavedObjects(http);
  const [one, again, gone] = await Promise.all([
    client.get('query', 'q1'),
    client.get('query', 'q1'),
    client.get('query', 'gone'),
  ]);
  expect(calls).toHaveLength(1);
  expect(calls[0].path).toBe('/api/saved_objects/_bulk_get');
  expect(JSON.parse(String(calls[0].options.body))).toEqual([
    { id: 'q1', type: 'query' },
    { id: 'gone', type: 'query' },
  ]);
  expect(one.attributes).toEqual(stored.attributes);
  // Each caller has its own copy.
  one.set('title', 'Changed');
  expect(again.get('title')).toBe('Errors');
  expect(gone.error?.statusCode).toBe(404);
});

it('refuses calls without a type or an id before any request, as OSD’s client', async () => {
  const { http, calls } = recordingHttp(() => ({}));
  const { client } = createSavedObjects(http);
  await expect(client.get('', 'x')).rejects.toThrow('requires type and id');
  await expect(client.delete('query', '')).rejects.toThrow('requires type and id');
  expect(calls).toEqual([]);
});
