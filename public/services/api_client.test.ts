import type { HttpFetchOptions, HttpStart } from 'opensearch-dashboards/public';
import { apiPaths } from '../../common/api/paths';
import { createLookupsApi, errorMessage, LookupsApiError } from './api_client';

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
        options: { body: JSON.stringify({ query: 'source=web | head 5', size: 5 }) },
      },
    ]);
  });

  it('reads rows from the encoded lookup path with the query', async () => {
    const { http, calls } = fakeHttp(() => Promise.resolve({ schema: [], datarows: [], total: 0 }));
    await createLookupsApi(http).rows('my lookup', { from: 10, size: 5 });
    expect(calls[0].method).toBe('GET');
    expect(calls[0].path).toBe('/api/lookups/my%20lookup/_rows');
    expect(calls[0].options?.query).toEqual({ from: 10, size: 5 });
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
