/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Parts of OSD's router contract (src/core/server/http/router/router.ts, request.ts,
 * src/core/server/opensearch/client/errors.ts) the host must follow exactly:
 * - a non-GET route that validates no body gets it unparsed (a stream), so a body that is not
 *   JSON is no 400 there;
 * - a thrown OpenSearch error is a 401 only when it has a `body`, a `statusCode` and `headers`:
 *   a 401 with an empty body (a HEAD request's) is a 500, as in OSD;
 * - `request.events.aborted$` fires only while the request's body is still arriving: a client
 *   that hangs up after sending its whole body aborts nothing;
 * - the router has `handleLegacyErrors` and `getRoutes`, and refuses a route without `validate`
 *   with OSD's message.
 */
import Boom from '@hapi/boom';
import Hapi from '@hapi/hapi';
import { connect } from 'net';
import type { RequestHandler } from 'opensearch-dashboards/server';
import { HostContextContainer } from '../src/http/context';
import { HostRouter, registerHostRoutes } from '../src/http/router';
import { createLoggerFactory } from '../src/logger';
import { registerSession } from '../src/auth/session';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyHandler = RequestHandler<any, any, any>;
const AUTH = { authorization: 'Basic eDp5' };

function setup() {
  const coreId = Symbol('core');
  const pluginId = Symbol('test_plugin');
  const container = new HostContextContainer<AnyHandler>(new Map([[pluginId, []]]), coreId);
  container.registerContext(coreId, 'core', () => ({
    opensearch: { client: {} as never },
    savedObjects: { client: {} as never },
  }));
  const server = Hapi.server({ port: 0, host: '127.0.0.1' });
  registerSession(server, {
    cookieSecret: 'x'.repeat(32),
    opensearchUrl: 'http://127.0.0.1:1',
    logger: createLoggerFactory('fatal').get('test'),
    timeouts: { idleTimeoutMs: 60_000, lifetimeMs: 60_000 },
  }).close();
  const router = new HostRouter(pluginId, {
    contextContainer: container,
    logger: createLoggerFactory('fatal').get('test'),
  });
  return { server, router };
}

/** An error shaped as opensearch-js's ResponseError, under another class name. */
function openSearchError(statusCode: number, body: unknown) {
  return Object.assign(new Error(`status ${statusCode}`), {
    name: 'SomethingElse',
    statusCode,
    body,
    headers: { 'WWW-Authenticate': 'Basic realm="OpenSearch Security"' },
  });
}

it('streams the unparsed body of a non-GET route that validates none, and parses it where validated', async () => {
  const { server, router } = setup();
  const seen: Record<string, unknown> = {};
  router.post({ path: '/api/unvalidated', validate: false }, (_c, request, response) => {
    seen.unvalidated = { body: request.body, options: request.route.options.body };
    return response.ok({ body: { ok: true } });
  });
  router.post(
    { path: '/api/validated', validate: { body: (value, r) => r.ok(value) } },
    (_c, request, response) => response.ok({ body: { got: request.body } })
  );
  registerHostRoutes(server, router);
  const headers = { ...AUTH, 'content-type': 'application/json', 'osd-xsrf': 'true' };
  const loose = await server.inject({
    method: 'POST',
    url: '/api/unvalidated',
    headers,
    payload: '{not json',
  });
  expect(loose.statusCode).toBe(200);
  expect(seen.unvalidated).toEqual({ body: {}, options: { output: 'stream', parse: false } });
  const strict = await server.inject({
    method: 'POST',
    url: '/api/validated',
    headers,
    payload: '{not json',
  });
  expect(strict.statusCode).toBe(400);
  const parsed = await server.inject({
    method: 'POST',
    url: '/api/validated',
    headers,
    payload: '{"a":1}',
  });
  expect(JSON.parse(parsed.payload)).toEqual({ got: { a: 1 } });
});

it('answers a thrown OpenSearch 401 with a body as 401 with its challenge, and one without a body as 500', async () => {
  const { server, router } = setup();
  router.get({ path: '/api/with-body', validate: false }, () => {
    throw openSearchError(401, { error: 'Unauthorized' });
  });
  router.get({ path: '/api/empty-body', validate: false }, () => {
    throw openSearchError(401, '');
  });
  registerHostRoutes(server, router);
  const withBody = await server.inject({ url: '/api/with-body', headers: AUTH });
  expect(withBody.statusCode).toBe(401);
  expect(withBody.headers['www-authenticate']).toBe('Basic realm="OpenSearch Security"');
  const empty = await server.inject({ url: '/api/empty-body', headers: AUTH });
  expect(empty.statusCode).toBe(500);
  expect(JSON.parse(empty.payload).message).toBe('An internal server error occurred.');
});

it('does not fire aborted$ when the client hangs up after its whole body was sent', async () => {
  const { server, router } = setup();
  const events: string[] = [];
  let release!: () => void;
  const handled = new Promise<void>((r) => (release = r));
  router.post(
    { path: '/api/slow', validate: { body: (value, r) => r.ok(value) } },
    async (_c, request, response) => {
      request.events.aborted$.subscribe(() => events.push('aborted'));
      request.events.completed$.subscribe(() => events.push('completed'));
      await new Promise((r) => setTimeout(r, 400));
      release();
      return response.ok({ body: { done: true } });
    }
  );
  registerHostRoutes(server, router);
  await server.start();
  try {
    const body = '{"a":1}';
    const socket = connect(server.info.port as number, '127.0.0.1');
    socket.write(
      `POST /api/slow HTTP/1.1\r\nhost: x\r\nauthorization: ${AUTH.authorization}\r\n` +
        `osd-xsrf: true\r\ncontent-type: application/json\r\ncontent-length: ${body.length}\r\n\r\n${body}`
    );
    await new Promise((r) => setTimeout(r, 100));
    socket.destroy();
    await handled;
    await new Promise((r) => setTimeout(r, 100));
    expect(events).not.toContain('aborted');
  } finally {
    await server.stop();
  }
});

it('has handleLegacyErrors and getRoutes, and refuses a route without validate with OSD’s message', async () => {
  const { server, router } = setup();
  router.get(
    { path: '/api/legacy', validate: false },
    router.handleLegacyErrors(() => {
      throw Boom.notFound('no such thing');
    })
  );
  expect(router.getRoutes().map((r) => [r.method, r.path])).toEqual([['get', '/api/legacy']]);
  registerHostRoutes(server, router);
  const res = await server.inject({ url: '/api/legacy', headers: AUTH });
  expect(res.statusCode).toBe(404);
  expect(JSON.parse(res.payload).message).toBe('no such thing');
  expect(() => router.get({ path: '/api/none' } as never, () => undefined as never)).toThrow(
    "The [get] at [/api/none] does not have a 'validate' specified. Use 'false' as the value if you want to bypass validation."
  );
});
