/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/* What `asCurrentUser` sends on of the caller's headers: the allow-list only, as OSD. */
import { createServer, IncomingHttpHeaders, Server } from 'http';
import type { AddressInfo } from 'net';
import { loadHostConfig } from '../src/config';
import { HostClusterClient } from '../src/opensearch/cluster_client';

let server: Server;
let url: string;
let seen: IncomingHttpHeaders[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    seen.push(request.headers);
    response.setHeader('content-type', 'application/json');
    response.end('{}');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((r) => server.close(r)));
beforeEach(() => (seen = []));

const callerHeaders = { authorization: 'Basic dTpw', securitytenant: 'team_a', cookie: 'sid=1' };

it('forwards authorization only, by default', async () => {
  const client = new HostClusterClient(url, { username: 'osd', password: 'pw' });
  await client.asScoped({ headers: callerHeaders }).asCurrentUser.info();
  await client.close();
  expect(seen[0].authorization).toBe('Basic dTpw');
  expect(seen[0].securitytenant).toBeUndefined();
  expect(seen[0].cookie).toBeUndefined();
});

it('forwards securitytenant when the allow-list names it', async () => {
  const client = new HostClusterClient(url, { username: 'osd', password: 'pw' }, [
    'authorization',
    'securitytenant',
  ]);
  await client.asScoped({ headers: callerHeaders }).asCurrentUserWithLongNumeralsSupport.info();
  await client.close();
  expect(seen[0]).toMatchObject({ authorization: 'Basic dTpw', securitytenant: 'team_a' });
  expect(seen[0].cookie).toBeUndefined();
});

it('reads the allow-list from OPENSEARCH_REQUEST_HEADERS_WHITELIST', () => {
  process.env.OPENSEARCH_REQUEST_HEADERS_WHITELIST = 'Authorization, securitytenant';
  try {
    expect(loadHostConfig([]).requestHeadersAllowlist).toEqual(['authorization', 'securitytenant']);
  } finally {
    delete process.env.OPENSEARCH_REQUEST_HEADERS_WHITELIST;
  }
  expect(loadHostConfig([]).requestHeadersAllowlist).toEqual(['authorization']);
});
