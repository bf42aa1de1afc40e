/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * `core.http.registerRouteHandlerContext` as OSD runs it: providers run for every request, in
 * registration order after core's, each given the context built so far and the request; their
 * awaited values are `context[name]` in the plugin's handlers.
 */
import Hapi from '@hapi/hapi';
import type { RequestHandler } from 'opensearch-dashboards/server';
import { HostContextContainer } from '../src/http/context';
import { HostRouter, registerHostRoutes } from '../src/http/router';
import { createLoggerFactory } from '../src/logger';
import { registerSession } from '../src/auth/session';

declare module 'opensearch-dashboards/server' {
  interface RequestHandlerContext {
    first?: { seenCore: boolean; path: string };
    second?: { sawFirst: string | undefined; n: number };
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyHandler = RequestHandler<any, any, any>;

function setup() {
  const coreId = Symbol('core');
  const pluginId = Symbol('test_plugin');
  const container = new HostContextContainer<AnyHandler>(new Map([[pluginId, []]]), coreId);
  const coreCalls: string[] = [];
  container.registerContext(coreId, 'core', (_context, request) => {
    coreCalls.push(request.url.pathname);
    return { opensearch: { client: {} as never }, savedObjects: { client: {} as never } };
  });
  const server = Hapi.server();
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
  return { server, router, container, pluginId, coreCalls };
}

it('gives each handler the awaited values of the providers, built per request in order', async () => {
  const { server, router, container, pluginId, coreCalls } = setup();
  let n = 0;
  container.registerContext(pluginId, 'first', async (context, request) => {
    await new Promise((r) => setTimeout(r, 5));
    return { seenCore: context.core !== undefined, path: request.url.pathname };
  });
  container.registerContext(pluginId, 'second', (context) => ({
    sawFirst: context.first?.path,
    n: ++n,
  }));
  router.get({ path: '/api/ctx', validate: false }, (context, _request, response) =>
    response.ok({ body: { first: context.first, second: context.second } })
  );
  registerHostRoutes(server, router);

  const one = await server.inject({ url: '/api/ctx', headers: { authorization: 'Basic eDp5' } });
  const two = await server.inject({ url: '/api/ctx', headers: { authorization: 'Basic eDp5' } });
  expect(one.statusCode).toBe(200);
  expect(JSON.parse(one.payload)).toEqual({
    first: { seenCore: true, path: '/api/ctx' },
    second: { sawFirst: '/api/ctx', n: 1 },
  });
  expect(JSON.parse(two.payload).second.n).toBe(2);
  expect(coreCalls).toEqual(['/api/ctx', '/api/ctx']);
});

it('refuses a second provider for a name, as OSD does (core included)', () => {
  const { container, pluginId } = setup();
  container.registerContext(pluginId, 'first', () => ({ seenCore: true, path: '' }));
  expect(() =>
    container.registerContext(pluginId, 'first', () => ({ seenCore: true, path: '' }))
  ).toThrow('Context provider for first has already been registered.');
  expect(() =>
    container.registerContext(pluginId, 'core', () => ({
      opensearch: { client: {} as never },
      savedObjects: { client: {} as never },
    }))
  ).toThrow('Context provider for core has already been registered.');
});

it('answers 500 when a provider throws, without calling the handler', async () => {
  const { server, router, container, pluginId } = setup();
  container.registerContext(pluginId, 'first', () => {
    throw new Error('provider failed');
  });
  const handler = jest.fn();
  router.get({ path: '/api/ctx', validate: false }, handler);
  registerHostRoutes(server, router);
  const res = await server.inject({ url: '/api/ctx', headers: { authorization: 'Basic eDp5' } });
  expect(res.statusCode).toBe(500);
  expect(handler).not.toHaveBeenCalled();
});
