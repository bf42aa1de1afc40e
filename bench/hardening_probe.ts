/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * A probe of the running stack with bad input, as a hostile or careless client would send it:
 *   npx tsx bench/hardening_probe.ts [--rounds N]
 * Starts the standalone host, then sends every route, as every test user and without
 * credentials, a set of malformed requests (bad JSON, wrong types, huge and deep bodies, bad
 * names, bad gzip and deflate, truncated and aborted uploads, PPL that used to overflow or run
 * away). Each request has a 30 s budget. Prints the answers by status, and fails when any
 * answer is a 5xx, any request hangs, or the host stops answering.
 */
import { request as httpRequest } from 'http';
import { apiPaths } from '../common/api/paths';
import { basicAuthorization } from '../host/src/auth/session';
import { startTestHost } from '../test/support/host';
import { users } from '../test/support/users';

const rounds = Number(process.argv[process.argv.indexOf('--rounds') + 1]) || 1;

interface Probe {
  label: string;
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** Send part of the body, then destroy the socket. */
  abortAfter?: number;
}

const bigNest = '['.repeat(5000) + ']'.repeat(5000);
const names = ['lk_probe', '..%2F..%2Fetc', '%E2%80%AElk', '_x', 'A'.repeat(300), 'lk%00x'];
const ppl = [
  '('.repeat(1000) + '1' + ')'.repeat(1000),
  'makeresults | eval x = ' + 'NOT '.repeat(10_000) + 'true',
  'makeresults' + ' | head 1'.repeat(50_000),
  "makeresults | eval s = replace('aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!', '(a+)+$', 'b')",
  "makeresults | eval s = replace('a', '(', 'b')",
  'makeresults | eval x = 9223372036854775807 + 1',
  "makeresults | eval x = cast('abc' as int)",
  'makeresults | eval d = "5" / 10',
  'source=web_logs | where',
  'source=nope_index | outputlookup lk_probe_out',
];

function probes(): Probe[] {
  const out: Probe[] = [];
  const json = { 'content-type': 'application/json', 'osd-xsrf': 'true' };
  for (const name of names) {
    out.push({ label: 'detail', method: 'GET', path: `/api/lookups/${name}` });
    out.push({ label: 'rows', method: 'GET', path: `/api/lookups/${name}/_rows?from=-1&size=abc` });
    out.push({ label: 'field caps', method: 'GET', path: `/api/lookups/${name}/_field_caps` });
    out.push({ label: 'export', method: 'GET', path: `/api/lookups/${name}/_export?format=xml` });
    out.push({ label: 'delete', method: 'DELETE', path: `/api/lookups/${name}`, headers: json });
    out.push({
      label: 'write bad json',
      method: 'POST',
      path: `/api/lookups/${name}/_write`,
      headers: json,
      body: '{"rows": [',
    });
    out.push({
      label: 'write nested',
      method: 'POST',
      path: `/api/lookups/${name}/_write`,
      headers: json,
      body: `{"rows":[{"a":${bigNest}}]}`,
    });
    out.push({
      label: 'write huge int',
      method: 'POST',
      path: `/api/lookups/${name}/_write`,
      headers: json,
      body: '{"rows":[{"a":123456789012345678901234567890}]}',
    });
    out.push({
      label: 'rollback',
      method: 'POST',
      path: `/api/lookups/${name}/_rollback`,
      headers: json,
      body: '{"slice": 5}',
    });
    out.push({
      label: 'reap',
      method: 'POST',
      path: `/api/lookups/${name}/_reap`,
      headers: json,
      body: '{"older_than":"forever"}',
    });
    out.push({
      label: 'search',
      method: 'POST',
      path: `/api/lookups/${name}/_search`,
      headers: json,
      body: '{"mode":"all","query":{"match_all":{}},"page_token":"x.y"}',
    });
    out.push({
      label: 'migrate',
      method: 'POST',
      path: `/api/lookups/${name}/_migrate?dry_run=maybe`,
      headers: json,
    });
  }
  const importPath = apiPaths.import('lk_probe_import');
  const xsrf = { 'osd-xsrf': 'true' };
  out.push({
    label: 'import bad gzip',
    method: 'POST',
    path: importPath,
    headers: { ...xsrf, 'content-type': 'text/csv', 'content-encoding': 'gzip' },
    body: 'notgzip',
  });
  out.push({
    label: 'import bad deflate',
    method: 'POST',
    path: importPath,
    headers: { ...xsrf, 'content-type': 'text/csv', 'content-encoding': 'deflate' },
    body: 'notdeflate',
  });
  out.push({
    label: 'import short row',
    method: 'POST',
    path: `${importPath}?format=csv`,
    headers: { ...xsrf, 'content-type': 'text/csv' },
    body: 'k,v\n1\n',
  });
  out.push({
    label: 'import dup header',
    method: 'POST',
    path: `${importPath}?format=csv`,
    headers: { ...xsrf, 'content-type': 'text/csv' },
    body: 'k,k\n1,2\n',
  });
  out.push({
    label: 'import bad utf8',
    method: 'POST',
    path: `${importPath}?format=csv`,
    headers: { ...xsrf, 'content-type': 'text/csv' },
    body: Buffer.from([0x6b, 0x0a, 0xff, 0xfe, 0x0a]),
  });
  out.push({
    label: 'import bad ndjson',
    method: 'POST',
    path: `${importPath}?format=ndjson`,
    headers: { ...xsrf, 'content-type': 'application/x-ndjson' },
    body: '{"a":1}\n{oops\n',
  });
  out.push({
    label: 'import truncated multipart',
    method: 'POST',
    path: importPath,
    headers: { ...xsrf, 'content-type': 'multipart/form-data; boundary=XX' },
    body: '--XX\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\nk,v\n1,2',
  });
  out.push({
    label: 'import aborted',
    method: 'POST',
    path: importPath,
    headers: { ...xsrf, 'content-type': 'text/csv', 'content-length': '1000000' },
    body: 'k,v\n' + '1,2\n'.repeat(1000),
    abortAfter: 2000,
  });
  for (const query of ppl) {
    out.push({
      label: `ppl ${query.slice(0, 24)}`,
      method: 'POST',
      path: apiPaths.query(),
      headers: json,
      body: JSON.stringify({ query }),
    });
    out.push({
      label: `explain ${query.slice(0, 20)}`,
      method: 'POST',
      path: apiPaths.explain(),
      headers: json,
      body: JSON.stringify({ query }),
    });
  }
  out.push({
    label: 'query no xsrf',
    method: 'POST',
    path: apiPaths.query(),
    headers: { 'content-type': 'application/json' },
    body: '{"query":"makeresults"}',
  });
  out.push({ label: 'list bad page', method: 'GET', path: `${apiPaths.list()}?size=-3` });
  out.push({
    label: 'reap all',
    method: 'POST',
    path: apiPaths.reapAll(),
    headers: json,
    body: '{"keep":-1}',
  });
  out.push({ label: 'sources', method: 'GET', path: `${apiPaths.sources()}/..%2F_cat/_fields` });
  const badSchedules = [
    '{"query":"source=web_logs | outputlookup lk_probe_sched","cron":"* * * * * * * *"}',
    '{"query":"source=web_logs | outputlookup lk_probe_sched","every":"99999999d"}',
    '{"query":"source=web_logs | outputlookup lk_probe_sched","every":"1h","time_zone":"../../etc/passwd"}',
    '{"query":"source=web_logs | outputlookup lk_probe_sched","every":"1h","guards":{"max_shrink_percent":"NaN"}}',
    '{"query":"source=web_logs","every":"1h"}',
    '{"query":' + JSON.stringify('x'.repeat(100_000)) + ',"every":"1h"}',
  ];
  for (const body of badSchedules) {
    out.push({
      label: 'schedule bad',
      method: 'POST',
      path: apiPaths.schedules(),
      headers: json,
      body,
    });
  }
  out.push({ label: 'schedule bad id', method: 'GET', path: apiPaths.schedule('../../_jobs') });
  out.push({
    label: 'schedule run unknown',
    method: 'POST',
    path: apiPaths.runSchedule('00000000-0000-4000-8000-000000000000'),
    headers: json,
  });
  out.push({
    label: 'schedule put unknown',
    method: 'PUT',
    path: apiPaths.schedule('00000000-0000-4000-8000-000000000000'),
    headers: json,
    body: '{"query":"source=web_logs | outputlookup lk_x","every":"1h"}',
  });
  return out;
}

function send(
  base: URL,
  probe: Probe,
  authorization?: string
): Promise<number | 'hang' | 'aborted'> {
  return new Promise((resolve) => {
    const req = httpRequest(
      {
        host: base.hostname,
        port: base.port,
        method: probe.method,
        path: probe.path,
        headers: { ...(probe.headers ?? {}), ...(authorization ? { authorization } : {}) },
        timeout: 30_000,
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', () => resolve(res.statusCode ?? 0));
      }
    );
    req.on('timeout', () => {
      req.destroy();
      resolve('hang');
    });
    req.on('error', () => resolve('aborted'));
    if (probe.abortAfter !== undefined && probe.body !== undefined) {
      req.write(Buffer.from(probe.body).subarray(0, probe.abortAfter));
      setTimeout(() => {
        req.destroy();
        resolve('aborted');
      }, 200);
      return;
    }
    req.end(probe.body);
  });
}

async function main() {
  const host = await startTestHost();
  const base = new URL(host.url);
  const callers = [
    undefined,
    ...Object.values(users).map((u) => basicAuthorization(u.username, u.password)),
  ];
  const byStatus = new Map<string, number>();
  const failures: string[] = [];
  let sent = 0;
  try {
    for (let round = 0; round < rounds; round++) {
      for (const probe of probes()) {
        for (const authorization of callers) {
          const status = await send(base, probe, authorization);
          sent++;
          const key = String(status);
          byStatus.set(key, (byStatus.get(key) ?? 0) + 1);
          if (status === 'hang' || (typeof status === 'number' && status >= 500)) {
            failures.push(`${probe.label} ${probe.method} ${probe.path.slice(0, 60)} → ${status}`);
          }
        }
      }
    }
    const alive = await fetch(`${host.url}/login`).then(
      (r) => r.ok,
      () => false
    );
    console.log(`requests sent: ${sent}`);
    console.log(
      `answers by status: ${[...byStatus]
        .sort()
        .map(([s, n]) => `${s}: ${n}`)
        .join(', ')}`
    );
    console.log(`host still answering: ${alive}; exited: ${host.process.exitCode !== null}`);
    console.log(`5xx or hangs: ${failures.length}`);
    for (const f of failures.slice(0, 40)) console.log(`  ${f}`);
    const errors = host
      .log()
      .split('\n')
      .filter((l) => /"level":"(error|fatal)"/.test(l));
    for (const line of errors.slice(0, 5)) console.log(`  logged: ${line.slice(0, 400)}`);
    if (!alive)
      console.log(`host log (last lines):\n${host.log().split('\n').slice(-15).join('\n')}`);
    if (failures.length > 0 || !alive) process.exitCode = 1;
  } finally {
    await host.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
