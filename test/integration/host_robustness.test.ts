/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * No input takes the host down: malformed gzip and deflate bodies, truncated multipart forms
 * and uploads cut off mid-body, sent to every route that takes a body, with and without
 * credentials; afterwards the same process still answers.
 */
import { connect } from 'net';
import { startInProcessHost } from '../../host/test/support';
import { basicAuthorization } from '../../host/src/auth/session';
import { startTestHost, TestHost } from '../support/host';
import { installedPlugin } from '../support/staged';
import { uniqueName } from '../support/cluster';
import { users } from '../support/users';

let host: TestHost;
let bodyRoutes: Array<{ method: string; path: string }>;
const name = uniqueName('lk_robust');

beforeAll(async () => {
  // The routes as the installed plugin registers them (read from a host in this process).
  const probe = await startInProcessHost({ pluginDir: installedPlugin() });
  bodyRoutes = probe.server
    .table()
    .filter((r) => r.method !== 'get' && r.path.startsWith('/api/'))
    .map((r) => ({ method: r.method.toUpperCase(), path: r.path.replace(/\{name\}/g, name) }));
  await probe.stop();
  expect(bodyRoutes.length).toBeGreaterThan(5);
  host = await startTestHost();
});
afterAll(() => host?.stop());

const AUTH = basicAuthorization(users.writer.username, users.writer.password);

/** Sends raw bytes; resolves with the status line, or '' when the host closed the socket. */
function raw(head: string, body: Buffer, { abort = false } = {}): Promise<string> {
  const { port } = new URL(host.url);
  return new Promise((resolveLine) => {
    const socket = connect(Number(port), '127.0.0.1');
    let data = '';
    const done = () => {
      socket.destroy();
      resolveLine(data.split('\r\n')[0]);
    };
    socket.setTimeout(5000, done);
    socket.on('data', (chunk) => {
      data += chunk.toString('latin1');
      if (data.includes('\r\n\r\n')) done();
    });
    socket.on('error', done);
    socket.on('close', done);
    socket.write(head);
    socket.write(body);
    if (abort) setTimeout(() => socket.destroy(), 50);
  });
}

function request(
  method: string,
  path: string,
  headers: Record<string, string>,
  body: Buffer,
  opts: { declaredLength?: number; abort?: boolean } = {}
) {
  const lines = [`${method} ${path} HTTP/1.1`, 'Host: 127.0.0.1', 'osd-xsrf: true'];
  for (const [k, v] of Object.entries(headers)) lines.push(`${k}: ${v}`);
  lines.push(`content-length: ${opts.declaredLength ?? body.length}`, 'connection: close');
  return raw(`${lines.join('\r\n')}\r\n\r\n`, body, { abort: opts.abort });
}

const garbage = Buffer.from('notgzip, not deflate either\n');
const truncatedMultipart = Buffer.from(
  '--XYZ\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\nContent-Type: text/csv\r\n\r\nh\n1\n'
);

const attacks: Array<
  [string, Record<string, string>, Buffer, { declaredLength?: number; abort?: boolean }?]
> = [
  ['bad gzip csv', { 'content-type': 'text/csv', 'content-encoding': 'gzip' }, garbage],
  ['bad gzip json', { 'content-type': 'application/json', 'content-encoding': 'gzip' }, garbage],
  ['bad deflate csv', { 'content-type': 'text/csv', 'content-encoding': 'deflate' }, garbage],
  [
    'bad deflate json',
    { 'content-type': 'application/json', 'content-encoding': 'deflate' },
    garbage,
  ],
  [
    'truncated multipart',
    { 'content-type': 'multipart/form-data; boundary=XYZ' },
    truncatedMultipart,
  ],
  [
    'aborted multipart upload',
    { 'content-type': 'multipart/form-data; boundary=XYZ' },
    truncatedMultipart,
    { declaredLength: 1024 * 1024, abort: true },
  ],
  [
    'aborted csv upload',
    { 'content-type': 'text/csv' },
    Buffer.from('h\n1\n'),
    { declaredLength: 1024 * 1024, abort: true },
  ],
  [
    'aborted gzip upload',
    { 'content-type': 'text/csv', 'content-encoding': 'gzip' },
    Buffer.from([0x1f, 0x8b, 0x08, 0x00]),
    { declaredLength: 1024 * 1024, abort: true },
  ],
];

it('survives malformed and cut-off bodies on every body-taking route, authenticated or not', async () => {
  for (const route of bodyRoutes) {
    for (const withAuth of [false, true]) {
      for (const [label, headers, body, opts] of attacks) {
        const status = await request(
          route.method,
          route.path,
          withAuth ? { ...headers, authorization: AUTH } : headers,
          body,
          opts
        );
        if (!opts?.abort) {
          // Answered, as the client's fault: a body that fails while it is read is a 4xx.
          expect([route.path, label, withAuth, status]).toEqual([
            route.path,
            label,
            withAuth,
            expect.stringMatching(/^HTTP\/1\.1 4\d\d /),
          ]);
        }
      }
    }
  }
  // Give late stream errors time to surface, then check the same process still answers.
  await new Promise((r) => setTimeout(r, 500));
  expect(host.process.exitCode).toBeNull();
  const res = await fetch(`${host.url}/api/lookups/_status`, {
    headers: { authorization: AUTH },
  });
  expect(res.status).toBeLessThan(500);
  expect(host.log()).not.toMatch(/"level":"fatal"/);
});

it('reads a gzip-encoded import as its content-encoding says', async () => {
  const { gzipSync } = await import('zlib');
  const name = `lk_robust_gzip_${Date.now().toString(36)}`;
  const res = await fetch(`${host.url}/api/lookups/${name}/_import?format=csv`, {
    method: 'POST',
    headers: {
      authorization: AUTH,
      'osd-xsrf': 'true',
      'content-type': 'text/csv',
      'content-encoding': 'gzip',
    },
    body: gzipSync(Buffer.from('k,v\na,1\nb,2\n')),
  });
  expect(res.status).toBe(200);
  expect(await res.json()).toMatchObject({ rows_written: 2 });
  await fetch(`${host.url}/api/lookups/${name}`, {
    method: 'DELETE',
    headers: { authorization: AUTH, 'osd-xsrf': 'true' },
  });
});
