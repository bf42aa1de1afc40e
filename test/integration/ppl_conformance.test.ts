/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * PPL conformance over the sample data: each query runs through `_query` (pushed down to
 * OpenSearch where it can be, the rest in the server) and is compared with the same question
 * answered in plain JavaScript over the generated documents themselves (the generator is
 * deterministic, so the documents are known exactly without asking OpenSearch).
 *
 * The real `_plugins/_ppl` engine is not available here: the SQL plugin is not served on Maven
 * Central at any version (see scripts/opensearch/versions.env). Semantics follow the PPL docs as
 * recorded in common/ppl (nulls first ascending, null groups kept, integer division, etc.).
 */
import { apiPaths } from '../../common/api/paths';
import type { QueryRowsResponse } from '../../common/api/codecs';
import { DEFAULT_COUNT, DEFAULT_SEED, generateWebLogs, WebLogDoc } from '../../scripts/sample_data';
import { callApi } from '../support/api';
import { startTestHost, TestHost } from '../support/host';
import {
  expectRowsAgree,
  type Cell,
  type OracleCase,
  type Table,
  pplTimestamp,
} from '../support/oracle';
import { users } from '../support/users';

const docs: WebLogDoc[] = generateWebLogs(DEFAULT_COUNT, DEFAULT_SEED);
let host: TestHost;

// ---- a small oracle over the generated documents ----------------------------------------------
const count = (rows: WebLogDoc[]) => rows.length;
function groupBy<K extends Cell[]>(
  rows: WebLogDoc[],
  key: (d: WebLogDoc) => K
): Array<[K, WebLogDoc[]]> {
  const groups = new Map<string, [K, WebLogDoc[]]>();
  for (const d of rows) {
    const k = key(d);
    const id = JSON.stringify(k);
    const g = groups.get(id) ?? [k, []];
    g[1].push(d);
    groups.set(id, g);
  }
  return [...groups.values()];
}
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
const avg = (xs: number[]) => sum(xs) / xs.length;
const distinct = (xs: Cell[]) => new Set(xs.filter((x) => x !== null)).size;
const like = (value: string, pattern: string) =>
  new RegExp(
    `^${pattern
      .replace(/[.+^${}()|[\]\\*?]/g, '\\$&')
      .replace(/%/g, '.*')
      .replace(/_/g, '.')}$`,
    'i'
  ).test(value);
const stamp = pplTimestamp;
const byCountThenKey = (a: Cell[], b: Cell[]) =>
  (b[1] as number) - (a[1] as number) || String(a[0]).localeCompare(String(b[0]));

const cases: OracleCase[] = [
  // counting and filtering
  { query: 'stats count()', expected: () => [[count(docs)]] },
  {
    query: 'where status = 404 | stats count()',
    expected: () => [[count(docs.filter((d) => d.status === 404))]],
  },
  {
    query: 'where status == 404 | stats count()',
    expected: () => [[count(docs.filter((d) => d.status === 404))]],
  },
  {
    query: 'where status != 200 | stats count()',
    expected: () => [[count(docs.filter((d) => d.status !== 200))]],
  },
  {
    query: 'where NOT status = 200 | stats count()',
    expected: () => [[count(docs.filter((d) => d.status !== 200))]],
  },
  {
    query: 'where status >= 500 | stats count()',
    expected: () => [[count(docs.filter((d) => d.status >= 500))]],
  },
  {
    query: 'where 500 <= status | stats count()',
    expected: () => [[count(docs.filter((d) => d.status >= 500))]],
  },
  {
    query: 'where status < 300 AND method = "GET" | stats count()',
    expected: () => [[count(docs.filter((d) => d.status < 300 && d.method === 'GET'))]],
  },
  {
    query: 'where method = "POST" OR status = 404 | stats count()',
    expected: () => [[count(docs.filter((d) => d.method === 'POST' || d.status === 404))]],
  },
  {
    query: 'where method = "PUT" XOR status = 200 | stats count()',
    expected: () => [[count(docs.filter((d) => (d.method === 'PUT') !== (d.status === 200)))]],
  },
  {
    query: 'where (status = 500 OR status = 503) AND region = "eu-west" | stats count()',
    expected: () => [
      [count(docs.filter((d) => (d.status === 500 || d.status === 503) && d.region === 'eu-west'))],
    ],
  },
  {
    query: 'where host IN ("web-01", "web-02") | stats count()',
    expected: () => [[count(docs.filter((d) => ['web-01', 'web-02'].includes(d.host)))]],
  },
  {
    query: 'where status NOT IN (200, 301) | stats count()',
    expected: () => [[count(docs.filter((d) => ![200, 301].includes(d.status)))]],
  },
  {
    query: 'where bytes BETWEEN 1000 AND 2000 | stats count()',
    expected: () => [[count(docs.filter((d) => d.bytes >= 1000 && d.bytes <= 2000))]],
  },
  {
    query: 'where bytes NOT BETWEEN 1000 AND 2000 | stats count()',
    expected: () => [[count(docs.filter((d) => d.bytes < 1000 || d.bytes > 2000))]],
  },
  {
    query: 'where user IS NULL | stats count()',
    expected: () => [[count(docs.filter((d) => d.user === null))]],
  },
  {
    query: 'where user IS NOT NULL | stats count()',
    expected: () => [[count(docs.filter((d) => d.user !== null))]],
  },
  {
    query: 'where isnull(user) | stats count()',
    expected: () => [[count(docs.filter((d) => d.user === null))]],
  },
  {
    query: 'where isnotnull(user) | stats count()',
    expected: () => [[count(docs.filter((d) => d.user !== null))]],
  },
  {
    query: "where path LIKE '/api/%' | stats count()",
    expected: () => [[count(docs.filter((d) => like(d.path, '/api/%')))]],
  },
  {
    query: "where like(path, '/API/V_/%') | stats count()",
    expected: () => [[count(docs.filter((d) => like(d.path, '/API/V_/%')))]],
  },
  {
    query: "where like(user_agent, '%Firefox%') | stats count()",
    expected: () => [[count(docs.filter((d) => like(d.user_agent, '%Firefox%')))]],
  },
  {
    query: 'where user != "alice" | stats count()',
    expected: () => [[count(docs.filter((d) => d.user !== null && d.user !== 'alice'))]],
  },
  {
    query: 'where status > 400 | where bytes < 5000 | stats count()',
    expected: () => [[count(docs.filter((d) => d.status > 400 && d.bytes < 5000))]],
  },
  {
    query: 'where lower(method) = "get" | stats count()',
    expected: () => [[count(docs.filter((d) => d.method === 'GET'))]],
  },
  {
    query: 'where length(path) > 10 | stats count()',
    expected: () => [[count(docs.filter((d) => d.path.length > 10))]],
  },
  { query: 'head 10 from 5 | stats count()', expected: () => [[10]] },
  // aggregations
  {
    query: 'stats count() by host',
    expected: () => groupBy(docs, (d) => [d.host]).map(([[h], g]) => [count(g), h]),
  },
  {
    query: 'stats count() as n by host, region',
    expected: () => groupBy(docs, (d) => [d.host, d.region]).map(([[h, r], g]) => [count(g), h, r]),
  },
  {
    query: 'stats avg(bytes) by region',
    expected: () =>
      groupBy(docs, (d) => [d.region]).map(([[r], g]) => [avg(g.map((d) => d.bytes)), r]),
  },
  {
    query: 'stats sum(bytes) by method',
    expected: () =>
      groupBy(docs, (d) => [d.method]).map(([[m], g]) => [sum(g.map((d) => d.bytes)), m]),
  },
  {
    query: 'stats min(response_time_ms), max(response_time_ms) by region',
    expected: () =>
      groupBy(docs, (d) => [d.region]).map(([[r], g]) => [
        Math.min(...g.map((d) => d.response_time_ms)),
        Math.max(...g.map((d) => d.response_time_ms)),
        r,
      ]),
  },
  { query: 'stats dc(host)', expected: () => [[distinct(docs.map((d) => d.host))]] },
  {
    query: 'stats distinct_count(user) by region',
    expected: () =>
      groupBy(docs, (d) => [d.region]).map(([[r], g]) => [distinct(g.map((d) => d.user)), r]),
  },
  { query: 'stats count(user)', expected: () => [[docs.filter((d) => d.user !== null).length]] },
  {
    query: 'stats count() by user',
    expected: () => groupBy(docs, (d) => [d.user]).map(([[u], g]) => [count(g), u]),
  },
  {
    query: 'where status >= 500 | stats count() by host',
    expected: () =>
      groupBy(
        docs.filter((d) => d.status >= 500),
        (d) => [d.host]
      ).map(([[h], g]) => [count(g), h]),
  },
  {
    query: 'stats avg(response_time_ms) as a by status | sort status',
    ordered: true,
    expected: () =>
      groupBy(docs, (d) => [d.status])
        .sort((a, b) => (a[0][0] as number) - (b[0][0] as number))
        .map(([[s], g]) => [avg(g.map((d) => d.response_time_ms)), s]),
  },
  {
    query: 'stats count() as c by host | sort - c, host | head 3',
    ordered: true,
    expected: () =>
      groupBy(docs, (d) => [d.host])
        .map(([[h], g]) => [count(g), h] as Cell[])
        .sort(
          (a, b) => (b[0] as number) - (a[0] as number) || String(a[1]).localeCompare(String(b[1]))
        )
        .slice(0, 3),
  },
  {
    query: 'where status = 200 | eval b2 = bytes * 2 | stats sum(b2)',
    expected: () => [[sum(docs.filter((d) => d.status === 200).map((d) => d.bytes * 2))]],
  },
  // eval and functions
  {
    query: 'eval kb = bytes / 1024 | where kb >= 10 | stats count()',
    expected: () => [[count(docs.filter((d) => Math.trunc(d.bytes / 1024) >= 10))]],
  },
  {
    query: 'eval slow = if(response_time_ms > 500, "slow", "fast") | stats count() by slow',
    expected: () =>
      groupBy(docs, (d) => [d.response_time_ms > 500 ? 'slow' : 'fast']).map(([[s], g]) => [
        count(g),
        s,
      ]),
  },
  {
    query: 'eval r = upper(region) | stats count() by r',
    expected: () => groupBy(docs, (d) => [d.region.toUpperCase()]).map(([[r], g]) => [count(g), r]),
  },
  {
    query: 'eval u = coalesce(user, "anonymous") | stats count() by u',
    expected: () => groupBy(docs, (d) => [d.user ?? 'anonymous']).map(([[u], g]) => [count(g), u]),
  },
  {
    query: 'eval u = ifnull(user, "-") | where u = "-" | stats count()',
    expected: () => [[count(docs.filter((d) => d.user === null))]],
  },
  {
    query: 'eval len = length(path) | stats max(len)',
    expected: () => [[Math.max(...docs.map((d) => d.path.length))]],
  },
  {
    query: 'eval a = abs(bytes - 50000) | stats min(a)',
    expected: () => [[Math.min(...docs.map((d) => Math.abs(d.bytes - 50000)))]],
  },
  {
    query: 'eval s = substring(host, 5, 2) | stats count() by s',
    expected: () => groupBy(docs, (d) => [d.host.substring(4, 6)]).map(([[s], g]) => [count(g), s]),
  },
  {
    query: 'eval t = concat(host, "/", region) | dedup t | stats count()',
    expected: () => [[distinct(docs.map((d) => `${d.host}/${d.region}`))]],
  },
  {
    query:
      'eval class = case(status >= 500, "error", status >= 400, "client" else "ok") | stats count() by class',
    expected: () =>
      groupBy(docs, (d) => [d.status >= 500 ? 'error' : d.status >= 400 ? 'client' : 'ok']).map(
        ([[c], g]) => [count(g), c]
      ),
  },
  {
    query:
      'eval p = replace(path, "/api/v[0-9]", "/api") | where p = "/api/orders" | stats count()',
    expected: () => [[count(docs.filter((d) => d.path === '/api/v1/orders'))]],
  },
  {
    query: 'eval m = trim(concat(" ", method, " ")) | where m = "GET" | stats count()',
    expected: () => [[count(docs.filter((d) => d.method === 'GET'))]],
  },
  {
    query: 'eval b = cast(bytes as string) | where like(b, "1%") | stats count()',
    expected: () => [[count(docs.filter((d) => String(d.bytes).startsWith('1')))]],
  },
  // shaping, ordering, dedup, top/rare
  {
    query: 'sort - bytes, host | head 5 | fields host, bytes',
    ordered: true,
    expected: () =>
      [...docs]
        .sort((a, b) => b.bytes - a.bytes || a.host.localeCompare(b.host))
        .slice(0, 5)
        .map((d) => [d.host, d.bytes]),
  },
  {
    query: 'sort bytes | head 3 | fields bytes',
    ordered: true,
    expected: () =>
      [...docs]
        .sort((a, b) => a.bytes - b.bytes)
        .slice(0, 3)
        .map((d) => [d.bytes]),
  },
  {
    query: 'where host = "web-03" | sort @timestamp | head 3 | fields @timestamp, status',
    ordered: true,
    expected: () =>
      docs
        .filter((d) => d.host === 'web-03')
        .slice(0, 3)
        .map((d) => [stamp(d['@timestamp']), d.status]),
  },
  { query: 'sort user | head 2 | fields user', ordered: true, expected: () => [[null], [null]] },
  {
    query: 'sort - user | head 1 | fields user',
    ordered: true,
    expected: () => [[[...docs.map((d) => d.user).filter((u) => u !== null)].sort().pop()!]],
  },
  { query: 'dedup host | stats count()', expected: () => [[distinct(docs.map((d) => d.host))]] },
  {
    query: 'dedup region | sort region | fields region',
    ordered: true,
    expected: () => [...new Set(docs.map((d) => d.region))].sort().map((r) => [r]),
  },
  { query: 'dedup user | stats count()', expected: () => [[distinct(docs.map((d) => d.user))]] },
  {
    query: 'dedup user keepempty=true | stats count()',
    expected: () => [
      [distinct(docs.map((d) => d.user)) + docs.filter((d) => d.user === null).length],
    ],
  },
  {
    query: 'dedup 2 host | stats count()',
    expected: () => [[2 * distinct(docs.map((d) => d.host))]],
  },
  {
    query: 'top 3 region',
    ordered: true,
    expected: () =>
      groupBy(docs, (d) => [d.region])
        .map(([[r], g]) => [r, count(g)] as Cell[])
        .sort(byCountThenKey)
        .slice(0, 3),
  },
  {
    query: 'rare method',
    ordered: true,
    expected: () =>
      groupBy(docs, (d) => [d.method])
        .map(([[m], g]) => [m, count(g)] as Cell[])
        .sort(
          (a, b) => (a[1] as number) - (b[1] as number) || String(a[0]).localeCompare(String(b[0]))
        ),
  },
  {
    query: 'rename host as h | stats count() by h',
    expected: () => groupBy(docs, (d) => [d.host]).map(([[h], g]) => [count(g), h]),
  },
  {
    query: 'fields host, status | where status = 301 | stats count() by host',
    expected: () =>
      groupBy(
        docs.filter((d) => d.status === 301),
        (d) => [d.host]
      ).map(([[h], g]) => [count(g), h]),
  },
  { query: 'fields - user_agent, tags, client_ip | head 1 | stats count()', expected: () => [[1]] },
];

beforeAll(async () => {
  host = await startTestHost();
});
afterAll(async () => host?.stop());

let agreed = 0;
afterAll(() => {
  process.stdout.write(
    `PPL conformance: ${agreed} of ${cases.length} queries agree with the oracle\n`
  );
});

it(`has at least 60 queries`, () => {
  expect(cases.length).toBeGreaterThanOrEqual(60);
});

it.each(cases.map((c) => [c.query, c] as const))('source=web_logs | %s', async (_label, c) => {
  const res = await callApi<QueryRowsResponse>(host.url, 'POST', apiPaths.query(), {
    caller: users.reader,
    body: { query: `source=web_logs | ${c.query}`, size: 10_000 },
  });
  expect(res.status).toBe(200);
  expectRowsAgree(res.body.datarows as Table, c);
  agreed++;
});
