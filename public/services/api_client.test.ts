/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

import type { HttpFetchOptions, HttpStart } from 'opensearch-dashboards/public';
import { apiPaths } from '../../common/api/paths';
import { createLookupsApi, errorMessage, LookupsApiError, toApiFailure } from './api_client';

/** An error shaped like OSD's HttpFetchError (what core's http rejects with). */
function fetchError(status: number, body?: Record<string, unknown>) {
  return Object.assign(new Error(status === 409 ? 'Conflict' : 'Bad Request'), {
    request: {} as Request,
    body,
  });
}

function fakeHttp(answer: (path: string, options?: HttpFetchOptions) => Promise<unknown>) {
  const calls: Array<{ method: string; path: string; options?: HttpFetchOptions }> = [];
  const handler =
    (method: string) =>
    (path: string, options?: HttpFetchOptions): Promise<never> => {
      calls.push({ method, path, options });
      return answer(path, options) as Promise<never>;
    };
  const http = {
    basePath: { get: () => '', prepend: (u: string) => u, remove: (u: string) => u },
    fetch: handler('FETCH'),
    get: handler('GET'),
    post: handler('POST'),
    put: handler('PUT'),
    delete: handler('DELETE'),
    patch: handler('PATCH'),
  } as HttpStart;
  return { http, calls };
}

describe('errorMessage', () => {
  it.each([
    {
      name: 'the server message of an HTTP error',
      error: fetchError(400, { message: 'key_field names "hostt", which is not a column.' }),
      expected: 'key_field names "hostt", which is not a column.',
    },
    {
      name: 'the error message when the body has none',
      error: fetchError(400, { statusCode: 400 }),
      expected: 'Bad Request',
    },
    { name: 'a plain error', error: new Error('network down'), expected: 'network down' },
    { name: 'anything else', error: 'odd', expected: 'odd' },
  ])('gives $name', ({ error, expected }) => {
    expect(errorMessage(error)).toBe(expected);
  });
});

describe('createLookupsApi', () => {
  it('posts a query to the query path with the size', async () => {
    const { http, calls } = fakeHttp(() => Promise.resolve({ total: 0 }));
    await expect(createLookupsApi(http).query('source=web | head 5', { size: 5 })).resolves.toEqual(
      {
        total: 0,
      }
    );
    expect(calls).toEqual([
      {
        method: 'POST',
        path: apiPaths.query(),
        // Query results carry user values: long integers are read exactly (OSD's option).
        options: {
          body: JSON.stringify({ query: 'source=web | head 5', size: 5 }),
          withLongNumeralsSupport: true,
        },
      },
    ]);
  });

  it('reads rows from the encoded lookup path with the query', async () => {
    const { http, calls } = fakeHttp(() => Promise.resolve({ schema: [], datarows: [], total: 0 }));
    await createLookupsApi(http).rows('my lookup', { from: 10, size: 5 });
    expect(calls[0].method).toBe('GET');
    expect(calls[0].path).toBe('/api/lookups/my%20lookup/_rows');
    expect(calls[0].options?.query).toEqual({ from: 10, size: 5 });
    expect(calls[0].options?.withLongNumeralsSupport).toBe(true);
  });

  it('rejects with the server message, status and attributes', async () => {
    const body = {
      statusCode: 409,
      error: 'Conflict',
      message: 'hosts is a concrete index, not a lookup.',
      attributes: { reason: 'concrete_index' },
    };
    const { http } = fakeHttp(() => Promise.reject(fetchError(409, body)));
    const error = await createLookupsApi(http)
      .write('hosts', { rows: [{ a: 1 }] })
      .catch((e) => e);
    expect(error).toBeInstanceOf(LookupsApiError);
    expect(error.message).toBe('hosts is a concrete index, not a lookup.');
    expect(error.statusCode).toBe(409);
    expect(error.attributes).toEqual({ reason: 'concrete_index' });
  });
});

describe('createLookupsApi: catalog and data routes', () => {
  it.each([
    {
      name: 'list unwraps the lookups',
      call: (api: ReturnType<typeof createLookupsApi>) => api.list(),
      answer: { lookups: [{ name: 'a' }] },
      expected: { method: 'GET', path: apiPaths.list() },
      result: [{ name: 'a' }],
    },
    {
      name: 'migrate with dry_run in the query string',
      call: (api: ReturnType<typeof createLookupsApi>) => api.migrate('lk a', { dryRun: true }),
      answer: { action: 'would_migrate' },
      expected: { method: 'POST', path: apiPaths.migrate('lk a'), query: { dry_run: true } },
      result: { action: 'would_migrate' },
    },
    {
      name: 'rollback with the slice',
      call: (api: ReturnType<typeof createLookupsApi>) => api.rollback('lk', 's1'),
      answer: { slice: 's1', previous: 's2' },
      expected: { method: 'POST', path: apiPaths.rollback('lk'), body: '{"slice":"s1"}' },
      result: { slice: 's1', previous: 's2' },
    },
    {
      name: 'reap of one lookup with its options',
      call: (api: ReturnType<typeof createLookupsApi>) => api.reap('lk', { dry_run: true }),
      answer: { removed: [] },
      expected: { method: 'POST', path: apiPaths.reap('lk'), body: '{"dry_run":true}' },
      result: { removed: [] },
    },
    {
      name: 'reap of every lookup',
      call: (api: ReturnType<typeof createLookupsApi>) => api.reapAll(),
      answer: { removed: [] },
      expected: { method: 'POST', path: apiPaths.reapAll(), body: '{}' },
      result: { removed: [] },
    },
    {
      name: 'delete',
      call: (api: ReturnType<typeof createLookupsApi>) => api.remove('lk'),
      answer: { name: 'lk' },
      expected: { method: 'DELETE', path: apiPaths.lookup('lk') },
      result: { name: 'lk' },
    },
    {
      name: 'field caps of every field',
      call: (api: ReturnType<typeof createLookupsApi>) => api.fieldCaps('lk'),
      answer: { indices: [], fields: {} },
      expected: {
        method: 'GET',
        path: apiPaths.fieldCaps('lk'),
        query: { fields: '*', include_unmapped: true },
      },
      result: { indices: [], fields: {} },
    },
    {
      name: 'explain',
      call: (api: ReturnType<typeof createLookupsApi>) => api.explain('source=a'),
      answer: { plan: [] },
      expected: { method: 'POST', path: apiPaths.explain(), body: '{"query":"source=a"}' },
      result: { plan: [] },
    },
  ])('$name', async ({ call, answer, expected, result }) => {
    const { http, calls } = fakeHttp(() => Promise.resolve(answer));
    await expect(call(createLookupsApi(http))).resolves.toEqual(result);
    expect(calls).toHaveLength(1);
    expect(calls[0].method).toBe(expected.method);
    expect(calls[0].path).toBe(expected.path);
    if ('query' in expected) expect(calls[0].options?.query).toEqual(expected.query);
    if ('body' in expected) expect(calls[0].options?.body).toBe(expected.body);
  });

  it('imports a file as the multipart part "file", options in the query string', async () => {
    const { http, calls } = fakeHttp(() =>
      Promise.resolve({ rows_written: 2, slice: 's', action: 'created' })
    );
    const file = new File(['code\na1\n'], 'codes.csv', { type: 'text/csv' });
    await createLookupsApi(http).importFile('lk', file, {
      key_field: ['code', 'region'],
      override_if_empty: false,
      format: 'csv',
      delimiter: ';',
    });
    expect(calls[0].path).toBe(apiPaths.import('lk'));
    const form = calls[0].options?.body as FormData;
    expect(form).toBeInstanceOf(FormData);
    expect((form.get('file') as File).name).toBe('codes.csv');
    expect(calls[0].options?.query).toEqual({
      key_field: 'code,region',
      override_if_empty: false,
      format: 'csv',
      delimiter: ';',
    });
  });

  it('builds export links with the base path', () => {
    const { http } = fakeHttp(() => Promise.resolve());
    http.basePath.prepend = (url: string) => `/osd${url}`;
    expect(createLookupsApi(http).exportUrl('lk a', 'ndjson')).toBe(
      '/osd/api/lookups/lk%20a/_export?format=ndjson'
    );
  });

  it('keeps a failure as plain data for the store', () => {
    const failure = toApiFailure(
      new LookupsApiError('over the ceiling', 400, { setting: 'lookups.max_rows' }, null)
    );
    expect(failure).toEqual({
      message: 'over the ceiling',
      statusCode: 400,
      attributes: { setting: 'lookups.max_rows' },
    });
  });
});

describe('createLookupsApi on a data source', () => {
  it('sends the data source id with every call, beside the call’s own query', async () => {
    const { http, calls } = fakeHttp(() => Promise.resolve({ lookups: [], jobs: [] }));
    const api = createLookupsApi(http, { dataSourceId: 'b-1' });
    await api.list();
    await api.rows('hosts', { from: 10, size: 5 });
    await api.query('source=web', { size: 3 });
    await api.jobs({ state: 'running' });
    await api.migrate('hosts', { dryRun: true });
    await api.remove('hosts');
    expect(calls.map((c) => [c.method, c.path, c.options?.query])).toEqual([
      ['GET', apiPaths.list(), { dataSourceId: 'b-1' }],
      ['GET', apiPaths.rows('hosts'), { from: 10, size: 5, dataSourceId: 'b-1' }],
      ['POST', apiPaths.query(), { dataSourceId: 'b-1' }],
      ['GET', apiPaths.jobs(), { state: 'running', dataSourceId: 'b-1' }],
      ['POST', apiPaths.migrate('hosts'), { dry_run: true, dataSourceId: 'b-1' }],
      ['DELETE', apiPaths.lookup('hosts'), { dataSourceId: 'b-1' }],
    ]);
    // The body is the call's own.
    expect(JSON.parse(String(calls[2].options?.body))).toEqual({ query: 'source=web', size: 3 });
  });

  it('puts the data source in export links', () => {
    const { http } = fakeHttp(() => Promise.resolve());
    expect(createLookupsApi(http, { dataSourceId: 'b 1' }).exportUrl('lk', 'csv')).toBe(
      '/api/lookups/lk/_export?format=csv&dataSourceId=b+1'
    );
  });

  it('sends no data source on the local cluster', async () => {
    const { http, calls } = fakeHttp(() => Promise.resolve({ lookups: [] }));
    await createLookupsApi(http, {}).list();
    await createLookupsApi(http, { dataSourceId: '' }).list();
    expect(calls.map((c) => c.options?.query)).toEqual([undefined, undefined]);
  });
});
