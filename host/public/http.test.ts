/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

import { createHttp, HttpFetchError } from './http';

const ORIGIN = 'http://127.0.0.1:5601';

function setup(respond: (request: Request) => Response | Promise<Response>, basePath = '') {
  const requests: Request[] = [];
  const onUnauthorized = jest.fn();
  const http = createHttp({
    basePath,
    onUnauthorized,
    origin: ORIGIN,
    fetch: async (request) => {
      requests.push(request);
      return respond(request);
    },
  });
  return { http, requests, onUnauthorized };
}

/** The error a call rejects with; fails the test when it resolves. */
async function rejection(promise: Promise<unknown>): Promise<HttpFetchError> {
  try {
    await promise;
  } catch (e) {
    return e as HttpFetchError;
  }
  throw new Error('expected the call to reject');
}

const json = (status: number, body: unknown, statusText = '') =>
  new Response(JSON.stringify(body), {
    status,
    statusText,
    headers: { 'content-type': 'application/json; charset=utf-8' },
  });

describe('host http', () => {
  it("GET: prepends the base path, encodes the query, sends OSD's default headers", async () => {
    const { http, requests } = setup(() => json(200, { ok: true }), '/osd');
    const body = await http.get('/api/lookups/a%2Fb/_rows', {
      query: { from: 0, size: 10, sort: undefined, fields: ['x', 'y'] },
    });
    expect(body).toEqual({ ok: true });
    const [request] = requests;
    expect(request.method).toBe('GET');
    expect(request.url).toBe(
      `${ORIGIN}/osd/api/lookups/a%2Fb/_rows?from=0&size=10&fields=x&fields=y`
    );
    expect(request.headers.get('osd-version')).toBe('3.4.0');
    expect(request.headers.get('content-type')).toBe('application/json');
  });

  it.each(['post', 'put', 'patch', 'delete'] as const)(
    '%s: sends osd-version and a JSON content type',
    async (method) => {
      const { http, requests } = setup(() => json(200, { done: 1 }));
      await http[method]('/api/lookups/x/_write', { body: JSON.stringify({ rows: [] }) });
      const [request] = requests;
      expect(request.method).toBe(method.toUpperCase());
      expect(request.headers.get('osd-version')).toBe('3.4.0');
      expect(request.headers.get('content-type')).toBe('application/json');
      if (method !== 'delete') expect(await request.text()).toBe('{"rows":[]}');
    }
  );

  it("keeps OSD's JSON content type on a multipart body unless the caller drops it", async () => {
    const { http, requests } = setup(() => json(200, {}));
    const form = new FormData();
    form.append('file', new Blob(['a,b\n1,2\n']), 'rows.csv');
    await http.post('/api/lookups/x/_import', { body: form });
    expect(requests[0].headers.get('content-type')).toBe('application/json');
    await http.post('/api/lookups/x/_import', {
      body: form,
      headers: { 'Content-Type': undefined },
    });
    expect(requests[1].headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/);
    expect(requests[1].headers.get('osd-version')).toBe('3.4.0');
  });

  it('rejects a non-2xx answer with the server error body, request and response', async () => {
    const errorBody = {
      statusCode: 409,
      error: 'Conflict',
      message: 'hosts is a concrete index, not a lookup.',
      attributes: { reason: 'concrete_index' },
    };
    const { http, onUnauthorized } = setup(() => json(409, errorBody, 'Conflict'));
    const error = await rejection(http.post('/api/lookups/hosts/_write', { body: '{}' }));
    expect(error).toBeInstanceOf(HttpFetchError);
    expect(error.message).toBe('Conflict');
    expect(error.body).toEqual(errorBody);
    expect(error.request.url).toBe(`${ORIGIN}/api/lookups/hosts/_write`);
    expect(error.response?.status).toBe(409);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('calls onUnauthorized on a 401 and still rejects', async () => {
    const { http, onUnauthorized } = setup(() =>
      json(401, { statusCode: 401, error: 'Unauthorized', message: 'Sign in again.' })
    );
    await expect(http.get('/api/lookups')).rejects.toMatchObject({
      body: { message: 'Sign in again.' },
    });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('resolves a 204 with no body, and text answers as text', async () => {
    const { http } = setup((request) =>
      request.url.endsWith('/nothing')
        ? new Response(null, { status: 204 })
        : new Response('{"a":1}\n', { headers: { 'content-type': 'application/x-ndjson' } })
    );
    await expect(http.post('/nothing')).resolves.toBeUndefined();
    await expect(http.get('/export')).resolves.toBe('{"a":1}\n');
  });

  it('turns a network failure into an HttpFetchError without a response', async () => {
    const { http } = setup(() => {
      throw new TypeError('fetch failed');
    });
    const error = await rejection(http.get('/api/lookups'));
    expect(error).toBeInstanceOf(HttpFetchError);
    expect(error.message).toBe('fetch failed');
    expect(error.response).toBeUndefined();
    expect(error.request.url).toBe(`${ORIGIN}/api/lookups`);
  });

  it('returns request, response and body with asResponse', async () => {
    const { http } = setup(() => json(200, { n: 1 }));
    const result = await http.get<{ response: Response; body: unknown }>('/x', {
      asResponse: true,
    });
    expect(result.response.status).toBe(200);
    expect(result.body).toEqual({ n: 1 });
  });

  describe('withLongNumeralsSupport', () => {
    const TEXT =
      '{"datarows":[[9007199254740993,-9223372036854775808,12,1.5,"9007199254740993"]],"n":0}';
    const raw = () =>
      new Response(TEXT, { headers: { 'content-type': 'application/json; charset=utf-8' } });

    it('reads integers beyond 2^53 as bigints, every other value as JSON.parse does', async () => {
      const { http } = setup(raw);
      const body = await http.get('/api/lookups/x/_rows', { withLongNumeralsSupport: true });
      expect(body).toEqual({
        datarows: [
          [BigInt('9007199254740993'), -(BigInt(2) ** BigInt(63)), 12, 1.5, '9007199254740993'],
        ],
        n: 0,
      });
    });

    it('without it, JSON.parse rounds them (as OSD does by default)', async () => {
      const { http } = setup(raw);
      const body = await http.get<{ datarows: unknown[][] }>('/api/lookups/x/_rows');
      expect(body.datarows[0][0]).toBe(9007199254740992);
    });

    it('an answer with no number, or not JSON, is read as without it', async () => {
      const { http } = setup((request) =>
        request.url.endsWith('/bad')
          ? new Response('{"a":', { headers: { 'content-type': 'application/json' } })
          : json(200, { a: ['x', true, null] })
      );
      await expect(http.get('/ok', { withLongNumeralsSupport: true })).resolves.toEqual({
        a: ['x', true, null],
      });
      const error = await rejection(http.get('/bad', { withLongNumeralsSupport: true }));
      expect(error).toBeInstanceOf(HttpFetchError);
      expect(error.name).toBe('SyntaxError');
    });

    it('an error answer keeps its long numerals too', async () => {
      const { http } = setup(
        () =>
          new Response('{"statusCode":409,"message":"m","attributes":{"id":9007199254740993}}', {
            status: 409,
            headers: { 'content-type': 'application/json' },
          })
      );
      const error = await rejection(http.get('/x', { withLongNumeralsSupport: true }));
      expect(error.body?.attributes?.id).toBe(BigInt('9007199254740993'));
    });
  });
});
