/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * OSD closes a request's socket after `server.socketTimeout` of silence unless the route sets
 * `options.timeout.idleSocket` (http_server.ts: `socket: timeout?.idleSocket ??
 * server.socketTimeout`); `timeout.payload` only bounds the body's arrival. The host applies
 * the same rule, with the socket timeout configurable.
 */
import { request } from 'http';
import { startInProcessHost } from './support';
import type { Host } from '../src/main';

let host: Host;
beforeAll(async () => {
  host = await startInProcessHost({
    socketTimeoutMs: 300,
    plugins: { fixture: { delay_ms: 1200 } },
  });
});
afterAll(() => host.stop());

function get(path: string): Promise<{ status: number } | { error: string }> {
  return new Promise((resolveResult) => {
    const req = request(`${host.url}${path}`, {
      headers: { authorization: `Basic ${Buffer.from('a:b').toString('base64')}` },
    });
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => resolveResult({ status: res.statusCode ?? 0 }));
    });
    req.on('error', (e) => resolveResult({ error: e.message }));
    req.end();
  });
}

it('cuts a request that stays silent longer than server.socketTimeout', async () => {
  const result = await get('/api/fixture/slow');
  expect(result).toEqual({ error: 'socket hang up' });
});

it('lets a route with timeout.idleSocket outlast server.socketTimeout', async () => {
  expect(await get('/api/fixture/slow_idle')).toEqual({ status: 200 });
});

it('answers a quick request as usual', async () => {
  expect(await get('/api/fixture/ping')).toEqual({ status: 200 });
});
