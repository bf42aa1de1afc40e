/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Subsearches in where conditions (in, exists, correlated), union, multisearch and xyseries
 * through `_query` on the generated web_logs, each compared with the same question answered in
 * plain JavaScript over the generated documents. Also: pushed down and streamed agree, the build
 * sides stop at max_rows, `_explain` names each mode, and the rows land in a lookup.
 */
import { apiPaths } from '../../common/api/paths';
import type { QueryRowsResponse, QueryWriteResponse } from '../../common/api/codecs';
import { DEFAULT_COUNT, DEFAULT_SEED, generateWebLogs, WebLogDoc } from '../../scripts/sample_data';
import { callApi } from '../support/api';
import { adminClient, TestNames } from '../support/cluster';
import { startTestHost, TestHost } from '../support/host';
import { readRowsSorted } from '../support/lookups';
import {
  expectRowsAgree,
  type Cell,
  type OracleCase,
  type Table,
  pplTimestamp,
  wrappedCountsOracle,
} from '../support/oracle';
import { users } from '../support/users';

const docs: WebLogDoc[] = generateWebLogs(DEFAULT_COUNT, DEFAULT_SEED);
const admin = adminClient();
const names = new TestNames();
let host: TestHost;
let smallHost: TestHost;

const ms = (d: WebLogDoc) => Date.parse(d['@timestamp']);
const stamp = pplTimestamp;
const hostsWhere = (p: (d: WebLogDoc) => boolean) => new Set(docs.filter(p).map((d) => d.host));
function countBy(rows: WebLogDoc[], key: (d: WebLogDoc) => Cell): Table {
  const groups = new Map<Cell, number>();
  for (const d of rows) groups.set(key(d), (groups.get(key(d)) ?? 0) + 1);
  return [...groups.entries()].map(([k, n]) => [n, k]);
}

/** timewrap 1day over `timechart span=6h count()` between two times (test/support/oracle.ts). */
function wrappedCounts(from: string, to: string): Table {
  const [lo, hi] = [from, to].map((t) => Date.parse(`${t.replace(' ', 'T')}Z`));
  const times = docs.map(ms).filter((t) => t >= lo && t <= hi);
  return wrappedCountsOracle(times, 21_600_000, 86_400_000, hi).rows;
}

const cases: OracleCase[] = [
  {
    query:
      "source=web_logs | where @timestamp >= '2026-11-10 00:00:00' and @timestamp <= '2026-11-12 20:00:00' | timechart span=6h count() | timewrap 1day",
    ordered: true,
    expected: () => wrappedCounts('2026-11-10 00:00:00', '2026-11-12 20:00:00'),
  },
  {
    query:
      'source=web_logs | where status = 404 and host in [ source=web_logs | where region = "eu-west" and bytes > 40000 | fields host ] | stats count()',
    expected: () => {
      const hosts = hostsWhere((d) => d.region === 'eu-west' && d.bytes > 40000);
      return [[docs.filter((d) => d.status === 404 && hosts.has(d.host)).length]];
    },
  },
  {
    query:
      'source=web_logs | where method = "DELETE" or (host, region) in [ source=web_logs | where status = 503 and method = "PUT" | fields host, region ] | stats count()',
    expected: () => {
      const pairs = new Set(
        docs
          .filter((d) => d.status === 503 && d.method === 'PUT')
          .map((d) => `${d.host}|${d.region}`)
      );
      return [
        [docs.filter((d) => d.method === 'DELETE' || pairs.has(`${d.host}|${d.region}`)).length],
      ];
    },
  },
  {
    // Correlated exists with aliases: hosts that answered a 503 to a DELETE.
    query:
      'source=web_logs as o | stats count() as n by host | where exists [ source=web_logs as i | where i.host = o.host and i.status = 503 and i.method = "DELETE" ] | fields host, n',
    expected: () => {
      const hosts = hostsWhere((d) => d.status === 503 && d.method === 'DELETE');
      return countBy(docs, (d) => d.host)
        .filter(([, h]) => hosts.has(h as string))
        .map(([n, h]) => [h, n]);
    },
  },
  {
    // Correlated on a renamed aggregate: regions with no host of more than 70 500s there.
    query:
      'source=web_logs | stats count() as n by region | where not exists [ source=web_logs | where status = 500 | stats count() as e by region, host | rename region as r | where r = region and e > 70 ]',
    expected: () => {
      const per = new Map<string, number>();
      for (const d of docs.filter((x) => x.status === 500))
        per.set(`${d.region}|${d.host}`, (per.get(`${d.region}|${d.host}`) ?? 0) + 1);
      const busy = new Set(
        [...per.entries()].filter(([, e]) => e > 70).map(([k]) => k.split('|')[0])
      );
      return countBy(docs, (d) => d.region).filter(([, r]) => !busy.has(r as string));
    },
  },
  {
    query:
      '| union [search source=web_logs | where status = 404 | fields host, status] [search source=web_logs status=500 | fields host, status] web_logs | stats count() by status',
    expected: () =>
      countBy(
        [...docs.filter((d) => d.status === 404 || d.status === 500), ...docs],
        (d) => d.status
      ),
  },
  {
    query:
      'source=web_logs | where method = "DELETE" | fields host | union [ source=web_logs | where method = "PUT" | fields host ] | stats count()',
    expected: () => [[docs.filter((d) => d.method === 'DELETE' || d.method === 'PUT').length]],
  },
  {
    query:
      '| multisearch [search source=web_logs | where host = "web-01" | fields @timestamp, host] [search source=web_logs | where host = "web-02" | fields @timestamp, host] | fields @timestamp | head 300',
    ordered: true,
    expected: () =>
      docs
        .filter((d) => d.host === 'web-01' || d.host === 'web-02')
        .map(ms)
        .sort((a, b) => b - a)
        .slice(0, 300)
        .map((t) => [stamp(t)]),
  },
  {
    query:
      'source=web_logs | stats count() as c by host, method | xyseries host method in ("GET", "DELETE") c',
    ordered: true,
    expected: () =>
      [...new Set(docs.map((d) => d.host))].sort().map((h) => [
        h,
        ...['GET', 'DELETE'].map((m) => {
          const n = docs.filter((d) => d.host === h && d.method === m).length;
          return n === 0 ? null : n;
        }),
      ]),
  },
];

const normalize = (t: Table) => t.map((r) => JSON.stringify(r));

const run = (query: string, on = () => host) =>
  callApi<QueryRowsResponse & QueryWriteResponse & { message?: string }>(
    on().url,
    'POST',
    apiPaths.query(),
    { caller: users.writer, body: { query, size: 10_000 } }
  );
const explain = (query: string) =>
  callApi<{ plan: Array<{ command: string; mode: string }> }>(
    host.url,
    'POST',
    apiPaths.explain(),
    {
      caller: users.writer,
      body: { query },
    }
  );

beforeAll(async () => {
  [host, smallHost] = await Promise.all([
    startTestHost(),
    startTestHost({ LOOKUPS_MAX_ROWS: '1000' }),
  ]);
});
afterAll(async () => {
  await Promise.all([host?.stop(), smallHost?.stop()]);
  await names.drop(admin);
});

it.each(cases.map((c) => [c.query, c] as const))('%s', async (_label, c) => {
  const res = await run(c.query);
  expect({ status: res.status, message: res.body.message }).toEqual({
    status: 200,
    message: undefined,
  });
  expectRowsAgree(res.body.datarows as Table, c, normalize);
});

describe('pushed down and streamed agree', () => {
  // `eval keep = 1` first stops every pushdown of its search.
  it.each([
    [
      'source=web_logs status=404 | where host in [ source=web_logs region="us-east" | stats count() as n by host | where n > 10 | fields host ] | stats count() by host',
      'source=web_logs status=404 | eval keep = 1 | where host in [ source=web_logs region="us-east" | eval keep = 1 | stats count() as n by host | where n > 10 | fields host ] | stats count() by host',
    ],
    [
      '| union [search source=web_logs status=503 | stats count() as n by host] [search source=web_logs method=PUT | stats count() as n by host]',
      '| union [search source=web_logs status=503 | eval keep = 1 | stats count() as n by host] [search source=web_logs method=PUT | eval keep = 1 | stats count() as n by host]',
    ],
  ])('%s', async (pushedQuery, streamedQuery) => {
    const [pushed, streamed] = await Promise.all([run(pushedQuery), run(streamedQuery)]);
    expect(pushed.status).toBe(200);
    expect(streamed.status).toBe(200);
    expect([...normalize(streamed.body.datarows as Table)].sort()).toEqual(
      [...normalize(pushed.body.datarows as Table)].sort()
    );
    expect((pushed.body.datarows as Table).length).toBeGreaterThan(0);
  });
});

describe('explain names each mode', () => {
  it('a where with subsearches buffers their rows; the subsearches push down', async () => {
    const res = await explain(
      'source=web_logs | where host in [ source=web_logs status=500 | fields host ] or exists [ source=web_logs | where status = 418 ]'
    );
    expect(res.status).toBe(200);
    const step = res.body.plan.find((s) => s.command.startsWith('where'));
    expect(step?.mode).toBe('buffers');
  });

  it('union and multisearch stream', async () => {
    const res = await explain('| union web_logs, web_logs | head 3');
    expect(res.body.plan[0]).toMatchObject({ mode: 'streams' });
  });
});

describe('build sides stop at max_rows', () => {
  it.each([
    'source=web_logs | where host in [ source=web_logs | fields host ]',
    'source=web_logs | eval s = 200 | where exists [ source=web_logs | where status = s ]',
    'source=web_logs | xyseries host method in ("GET") bytes',
  ])('%s', async (query) => {
    const res = await run(query, () => smallHost);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/must hold every row/);
  });
});

describe('outputlookup after the new commands', () => {
  it.each([
    [
      'where exists',
      'source=web_logs as o | stats count() as n by host | where exists [ source=web_logs as i | where i.host = o.host and i.status = 503 and i.method = "DELETE" ]',
      () =>
        countBy(docs, (d) => d.host).filter(([, h]) =>
          hostsWhere((d) => d.status === 503 && d.method === 'DELETE').has(h as string)
        ),
    ],
    [
      'union',
      '| union [search source=web_logs status=404 | stats count() as n by host] [search source=web_logs status=500 | stats count() as n by host] | stats sum(n) as n by host',
      () =>
        countBy(
          docs.filter((d) => d.status === 404 || d.status === 500),
          (d) => d.host
        ),
    ],
    [
      'timewrap',
      "source=web_logs | where @timestamp >= '2026-11-11 00:00:00' and @timestamp <= '2026-11-12 23:00:00' | timechart span=1d count() | timewrap 1day | rename `count()_1day_before` as n, `count()_latest_day` as host | fields n, host",
      () => {
        // Each day's documents up to the range's end (23:00 on the 12th).
        const end = Date.parse('2026-11-12T23:00:00Z');
        const perDay = (day: string) =>
          docs.filter((d) => d['@timestamp'].startsWith(day) && ms(d) <= end).length;
        return [[perDay('2026-11-11'), perDay('2026-11-12')]];
      },
    ],
    [
      'xyseries',
      'source=web_logs | stats count() as n by host, method | xyseries host method in ("POST") n | rename `n: POST` as n',
      () =>
        countBy(
          docs.filter((d) => d.method === 'POST'),
          (d) => d.host
        ),
    ],
  ])('%s', async (label, query, expected) => {
    const name = names.lookup(`sub_${label.replace(/\W/g, '_')}`);
    const res = await run(`${query} | outputlookup ${name}`);
    expect({ status: res.status, message: res.body.message }).toEqual({
      status: 200,
      message: undefined,
    });
    const want = expected();
    const rows = await readRowsSorted(admin, name, 'host');
    expect(rows.map((r) => [r.n, r.host] as Cell[]).sort()).toEqual([...want].sort());
  });
});

describe('a subsearch as the source (subquery.md, relation subquery)', () => {
  // q22's shape on web_logs: an inner filter against a scalar subsearch, an eval, grouped outside.
  const twoRegions = (d: WebLogDoc) => d.region === 'us-east' || d.region === 'eu-west';
  const q22 =
    "source = [ source = web_logs | where region in ('us-east', 'eu-west') and bytes > [ source = web_logs | where region in ('us-east', 'eu-west') | stats avg(bytes) ] | eval code = concat(substring(region, 1, 2), '/', method) | fields code, bytes ] as sale | stats count() as n, sum(bytes) as total by sale.code | sort sale.code";
  const q22Expected = (): Table => {
    const inRegions = docs.filter(twoRegions);
    const avg = inRegions.reduce((s, d) => s + d.bytes, 0) / inRegions.length;
    const groups = new Map<string, [number, number]>();
    for (const d of inRegions.filter((x) => x.bytes > avg)) {
      const code = `${d.region.slice(0, 2)}/${d.method}`;
      const [n, total] = groups.get(code) ?? [0, 0];
      groups.set(code, [n + 1, total + d.bytes]);
    }
    return [...groups.keys()].sort().map((code) => [...groups.get(code)!, code]);
  };
  // Two levels, each filtering on its own alias: hosts with more than 10 503s.
  const nested =
    'source = [ source = [ source = web_logs | where status >= 500 | fields host, status ] as i | where i.status = 503 | stats count() as c by host ] as o | where o.c > 10 | fields host, c';
  const nestedExpected = (): Table =>
    countBy(
      docs.filter((d) => d.status === 503),
      (d) => d.host
    )
      .filter(([c]) => (c as number) > 10)
      .map(([c, h]) => [h, c]);

  it.each([
    { query: q22, ordered: true, expected: q22Expected },
    { query: nested, expected: nestedExpected },
    {
      query:
        'search source=[ source=web_logs | where method = "PUT" | fields host, status ] | stats count() by status',
      expected: () =>
        countBy(
          docs.filter((d) => d.method === 'PUT'),
          (d) => d.status
        ),
    },
  ] as OracleCase[])('$query', async (c) => {
    const res = await run(c.query);
    expect({ status: res.status, message: res.body.message }).toEqual({
      status: 200,
      message: undefined,
    });
    if (c.query === q22) {
      expect(res.body.schema?.map((s: { name: string }) => s.name)).toEqual([
        'n',
        'total',
        'sale.code',
      ]);
    }
    expect((res.body.datarows as Table).length).toBeGreaterThan(1);
    expectRowsAgree(res.body.datarows as Table, c, normalize);
  });

  it('_explain shows the subsearch pushed down, then the outer commands in the server', async () => {
    const res = await explain(q22);
    expect(res.status).toBe(200);
    const steps = res.body.plan.map((s) => [s.command, s.mode]);
    const at = steps.findIndex(([command]) => command === 'source=[ … ] as sale');
    expect(at).toBeGreaterThan(0);
    expect(steps[0][1]).toBe('pushed_down');
    expect(steps.slice(at)).toEqual([
      ['source=[ … ] as sale', 'streams'],
      ['stats count() as n, sum(bytes) as total by sale.code', 'buffers'],
      ['sort sale.code', 'buffers'],
    ]);
  });

  it('lands in a lookup with outputlookup at the end', async () => {
    const name = names.lookup('sub_relation');
    const res = await run(
      `source=[ source=web_logs | where method = "DELETE" | stats count() as n by host ] as t | where t.n > 0 | fields host, n | outputlookup ${name}`
    );
    expect({ status: res.status, message: res.body.message }).toEqual({
      status: 200,
      message: undefined,
    });
    const rows = await readRowsSorted(admin, name, 'host');
    const want = countBy(
      docs.filter((d) => d.method === 'DELETE'),
      (d) => d.host
    );
    expect(rows.map((r) => [r.n, r.host] as Cell[]).sort()).toEqual([...want].sort());
  });

  it('needs read rights on the indices inside it, as a plain source does', async () => {
    const [inside, plain] = await Promise.all(
      ['source=[ source=web_logs | head 1 ] as t', 'source=web_logs | head 1'].map((query) =>
        callApi<{ message?: string }>(host.url, 'POST', apiPaths.query(), {
          caller: users.noAccess,
          body: { query },
        })
      )
    );
    expect(plain.status).not.toBe(200);
    expect(inside.status).toBe(plain.status);
  });
});
