/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Conformance of the PPL 3.x commands beyond the basic ones (search expressions, span buckets,
 * shaping, extraction, windows), through `_query` on the generated web_logs, each compared with
 * the same question answered in plain JavaScript over the generated documents (see
 * ppl_conformance.test.ts for the pattern). Also: the same query pushed down and streamed gives
 * the same rows, buffering commands stop at max_rows, refused commands say why, and rows of new
 * commands land in a lookup through outputlookup.
 */
import { apiPaths } from '../../common/api/paths';
import type { QueryRowsResponse, QueryWriteResponse } from '../../common/api/codecs';
import {
  DEFAULT_COUNT,
  DEFAULT_SEED,
  generateWebLogs,
  WEB_LOGS_MAPPING,
  WebLogDoc,
} from '../../scripts/sample_data';
import { callApi } from '../support/api';
import { adminClient, TestNames } from '../support/cluster';
import { startTestHost, TestHost } from '../support/host';
import { readRowsSorted } from '../support/lookups';
import {
  expectRowsAgree,
  roundedRows,
  type Cell,
  type OracleCase,
  type Table,
  pplTimestamp,
} from '../support/oracle';
import { users } from '../support/users';

const docs: WebLogDoc[] = generateWebLogs(DEFAULT_COUNT, DEFAULT_SEED);
const admin = adminClient();
const names = new TestNames();
let host: TestHost;
let smallHost: TestHost;

// ---- the oracle ---------------------------------------------------------------------------------
function countBy(rows: WebLogDoc[], key: (d: WebLogDoc) => Cell[]): Table {
  const groups = new Map<string, [Cell[], number]>();
  for (const d of rows) {
    const k = key(d);
    const id = JSON.stringify(k);
    const g = groups.get(id) ?? [k, 0];
    g[1]++;
    groups.set(id, g);
  }
  return [...groups.values()].map(([k, n]) => [n, ...k]);
}
const ms = (d: WebLogDoc) => Date.parse(d['@timestamp']);
const stamp = pplTimestamp;
const DAY = 86_400_000;
/** `s` with every match of `re` (a fixed test pattern, not user input) replaced. */
const firstMatch = (s: string, re: RegExp) => re.exec(s)?.[0] ?? null;

const sortedBytes = [...docs].sort(
  (a, b) => a.bytes - b.bytes || a.host.localeCompare(b.host) || ms(a) - ms(b)
);
const web02 = docs.filter((d) => d.host === 'web-02').slice(0, 6);

const cases: OracleCase[] = [
  // search expressions after source=
  {
    query: 'source=web_logs status=404 | stats count()',
    expected: () => [[docs.filter((d) => d.status === 404).length]],
  },
  {
    query: 'source=web_logs method=GET status>=500 | stats count()',
    expected: () => [[docs.filter((d) => d.method === 'GET' && d.status >= 500).length]],
  },
  {
    query: 'source=web_logs host IN ("web-01", web-02) | stats count()',
    expected: () => [[docs.filter((d) => ['web-01', 'web-02'].includes(d.host)).length]],
  },
  {
    query: 'source=web_logs NOT region="us-east" | stats count()',
    expected: () => [[docs.filter((d) => d.region !== 'us-east').length]],
  },
  {
    query: 'source=web_logs path="/api/*" | stats count()',
    expected: () => [[docs.filter((d) => d.path.startsWith('/api/')).length]],
  },
  {
    query: 'source=web_logs path="/api/v?/orders" | stats count()',
    expected: () => [[docs.filter((d) => /^\/api\/v.\/orders$/.test(d.path)).length]],
  },
  {
    query: 'search user!=alice source=web_logs | stats count()',
    expected: () => [[docs.filter((d) => d.user !== null && d.user !== 'alice').length]],
  },
  {
    query: 'source=web_logs NOT user=alice | stats count()',
    expected: () => [[docs.filter((d) => d.user !== 'alice').length]],
  },
  {
    // Documented precedence: OR before AND.
    query: 'source=web_logs status=404 OR status=500 region="eu-west" | stats count()',
    expected: () => [
      [docs.filter((d) => (d.status === 404 || d.status === 500) && d.region === 'eu-west').length],
    ],
  },
  {
    query:
      'source=web_logs earliest="2026-11-10 00:00:00" latest="2026-11-11 00:00:00" | stats count()',
    expected: () => [
      [
        docs.filter((d) => ms(d) >= Date.UTC(2026, 10, 10) && ms(d) <= Date.UTC(2026, 10, 11))
          .length,
      ],
    ],
  },
  {
    query: 'source=web_logs bytes<1000 | where status = 200 | stats count() by method',
    expected: () =>
      countBy(
        docs.filter((d) => d.bytes < 1000 && d.status === 200),
        (d) => [d.method]
      ),
  },
  // stats … by span()
  {
    query: 'source=web_logs | stats count() by span(bytes, 10000)',
    expected: () => countBy(docs, (d) => [Math.floor(d.bytes / 10000) * 10000]),
  },
  {
    query: 'source=web_logs | stats count() as n by span(@timestamp, 1d) as day, region',
    expected: () => countBy(docs, (d) => [stamp(Math.floor(ms(d) / DAY) * DAY), d.region]),
  },
  {
    query: 'source=web_logs | eval b = bytes | stats count() by span(b, 10000)',
    expected: () => countBy(docs, (d) => [Math.floor(d.bytes / 10000) * 10000]),
  },
  {
    query: 'source=web_logs | eval t = @timestamp | stats count() as n by region, span(t, 6h)',
    expected: () =>
      countBy(docs, (d) => [stamp(Math.floor(ms(d) / (6 * 3_600_000)) * 6 * 3_600_000), d.region]),
  },
  // shaping
  {
    query: 'source=web_logs | sort bytes, host, @timestamp | head 5 | reverse | fields bytes',
    ordered: true,
    expected: () =>
      sortedBytes
        .slice(0, 5)
        .reverse()
        .map((d) => [d.bytes]),
  },
  {
    query: 'source=web_logs | fillnull with "anon" in user | stats count() by user',
    expected: () => countBy(docs, (d) => [d.user ?? 'anon']),
  },
  {
    query: 'source=web_logs | fillnull value="-" user | where user = "-" | stats count()',
    expected: () => [[docs.filter((d) => d.user === null).length]],
  },
  {
    query:
      'source=web_logs | replace "GET" WITH "get", "PUT" WITH "put" IN method | stats count() by method',
    expected: () =>
      countBy(docs, (d) => [d.method === 'GET' ? 'get' : d.method === 'PUT' ? 'put' : d.method]),
  },
  {
    query: 'source=web_logs | replace "/api/*/*" WITH "*:*" IN path | stats count() by path',
    expected: () =>
      countBy(docs, (d) => {
        const m = /^\/api\/([^/]*)\/(.*)$/.exec(d.path);
        return [m ? `${m[1]}:${m[2]}` : d.path];
      }),
  },
  {
    query: 'source=web_logs | table host, status | head 1 | stats count()',
    expected: () => [[1]],
  },
  {
    query: 'source=web_logs | table - user_agent, tags, client_ip, path | head 1 | stats count()',
    expected: () => [[1]],
  },
  {
    query: 'source=web_logs | mvexpand tags | stats count() by tags',
    expected: () => {
      const out = new Map<string, number>();
      for (const d of docs) for (const t of d.tags) out.set(t, (out.get(t) ?? 0) + 1);
      return [...out].map(([t, n]) => [n, t]);
    },
  },
  {
    query: 'source=web_logs | stats count() as c by region | addtotals c',
    expected: () => countBy(docs, (d) => [d.region]).map(([n, r]) => [n, r, n]),
  },
  {
    query:
      'source=web_logs | stats count() as c by region | addcoltotals labelfield=region label=all c',
    expected: () => [...countBy(docs, (d) => [d.region]), [docs.length, 'all']],
  },
  // extraction
  {
    query:
      "source=web_logs | parse path '/api/(?<version>v\\d)/(?<resource>.+)' | stats count() by version, resource",
    expected: () =>
      countBy(docs, (d) => {
        const m = /^\/api\/(v\d)\/(.+)$/.exec(d.path);
        return m ? [m[1], m[2]] : ['', ''];
      }),
  },
  {
    query: 'source=web_logs | rex field=path "(?<word>[a-z]+)" | stats count() by word',
    expected: () => countBy(docs, (d) => [firstMatch(d.path, /[a-z]+/)]),
  },
  {
    query: 'source=web_logs | rex field=path mode=sed "s/v[0-9]/vX/" | stats count() by path',
    expected: () => countBy(docs, (d) => [d.path.replace(/v[0-9]/, 'vX')]),
  },
  {
    query: 'source=web_logs | regex path="^/api/v2" | stats count()',
    expected: () => [[docs.filter((d) => d.path.startsWith('/api/v2')).length]],
  },
  {
    query: 'source=web_logs | regex path!="s" | stats count()',
    expected: () => [[docs.filter((d) => !d.path.includes('s')).length]],
  },
  {
    query: "source=web_logs | grok path '/%{WORD:top}%{GREEDYDATA:rest}' | stats count() by top",
    expected: () => countBy(docs, (d) => [/^\/(\w+)/.exec(d.path)?.[1] ?? '']),
  },
  {
    query: 'source=web_logs | patterns path | stats count() by patterns_field',
    expected: () => countBy(docs, (d) => [d.path.replace(/[a-zA-Z0-9]+/g, '<*>')]),
  },
  // buckets and windows
  {
    query: 'source=web_logs | bin bytes span=10000 | stats count() by bytes',
    expected: () =>
      countBy(docs, (d) => {
        const lo = Math.floor(d.bytes / 10000) * 10000;
        return [`${lo}-${lo + 10000}`];
      }),
  },
  {
    query: 'source=web_logs | bin @timestamp span=1d as day | stats count() by day',
    expected: () => countBy(docs, (d) => [stamp(Math.floor(ms(d) / DAY) * DAY)]),
  },
  {
    query: 'source=web_logs | eventstats count() as n by host | dedup host | fields host, n',
    expected: () => countBy(docs, (d) => [d.host]).map(([n, h]) => [h, n]),
  },
  {
    query:
      'source=web_logs | where host = "web-02" | sort @timestamp | head 6 | streamstats count() as i, sum(bytes) as s | fields i, s',
    ordered: true,
    expected: () =>
      web02.map((_, i) => [i + 1, web02.slice(0, i + 1).reduce((a, d) => a + d.bytes, 0)]),
  },
  {
    query:
      'source=web_logs | where host = "web-02" | sort @timestamp | head 6 | streamstats window=2 current=false max(bytes) as m | fields m',
    ordered: true,
    expected: () =>
      web02.map((_, i) => [
        i === 0 ? null : Math.max(...web02.slice(Math.max(0, i - 2), i).map((d) => d.bytes)),
      ]),
  },
  {
    query:
      'source=web_logs | where host = "web-02" | sort @timestamp | head 6 | trendline sma(3, bytes) as t wma(2, bytes) | fields t, bytes_trendline',
    ordered: true,
    expected: () =>
      web02.map((_, i) => [
        i < 2 ? null : (web02[i].bytes + web02[i - 1].bytes + web02[i - 2].bytes) / 3,
        i < 1 ? null : (web02[i - 1].bytes + 2 * web02[i].bytes) / 3,
      ]),
  },
  {
    query: 'source=web_logs | timechart span=1d count()',
    expected: () =>
      countBy(docs, (d) => [stamp(Math.floor(ms(d) / DAY) * DAY)]).map(([n, t]) => [t, n]),
  },
  {
    query: 'source=web_logs | timechart span=1w limit=2 count() by region',
    expected: () => {
      const totals = countBy(docs, (d) => [d.region]).sort(
        (a, b) => (b[0] as number) - (a[0] as number) || String(a[1]).localeCompare(String(b[1]))
      );
      const top = new Set(totals.slice(0, 2).map(([, r]) => r));
      const WEEK = 7 * DAY;
      return countBy(docs, (d) => [
        stamp(Math.floor(ms(d) / WEEK) * WEEK),
        top.has(d.region) ? d.region : 'OTHER',
      ]).map(([n, t, r]) => [t, r, n]);
    },
  },
  {
    query:
      'source=web_logs | where status = 500 | timechart span=1d limit=3 useother=false sum(bytes) by host',
    expected: () => {
      const errors = docs.filter((d) => d.status === 500);
      const byHost = new Map<string, number>();
      for (const d of errors) byHost.set(d.host, (byHost.get(d.host) ?? 0) + d.bytes);
      const top = new Set(
        [...byHost]
          .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
          .slice(0, 3)
          .map(([h]) => h)
      );
      const sums = new Map<string, [string, string, number]>();
      for (const d of errors.filter((e) => top.has(e.host))) {
        const t = stamp(Math.floor(ms(d) / DAY) * DAY);
        const k = `${t}|${d.host}`;
        const g = sums.get(k) ?? [t, d.host, 0];
        g[2] += d.bytes;
        sums.set(k, g);
      }
      return [...sums.values()];
    },
  },
  {
    query: 'source=web_logs | chart count() by region',
    expected: () => countBy(docs, (d) => [d.region]).map(([n, r]) => [r, n]),
  },
  {
    query: 'source=web_logs | chart limit=2 count() over region by method',
    expected: () => {
      const top = new Set(['GET', 'POST']);
      return countBy(docs, (d) => [d.region, top.has(d.method) ? d.method : 'OTHER']).map(
        ([n, r, m]) => [r, m, n]
      );
    },
  },
  {
    query:
      'source=web_logs | chart limit=bottom1 useother=false otherstr="rest" count() by status, method',
    expected: () =>
      countBy(
        docs.filter((d) => d.method === 'DELETE'),
        (d) => [d.status, d.method]
      ).map(([n, s, m]) => [s, m, n]),
  },
  {
    query:
      'source=web_logs | where host = "web-01" AND status = 503 | sort @timestamp | fields host, bytes | mvcombine bytes',
    expected: () => [
      [
        'web-01',
        [...docs]
          .filter((d) => d.host === 'web-01' && d.status === 503)
          .sort((a, b) => ms(a) - ms(b))
          .map((d) => d.bytes),
      ],
    ],
  },
  {
    query:
      '| multisearch [search source=web_logs status=404 | eval kind = "missing" | fields kind] [search source=web_logs | where status >= 500 | eval kind = "error" | fields kind, host] | stats count() by kind',
    expected: () => [
      [docs.filter((d) => d.status === 404).length, 'missing'],
      [docs.filter((d) => d.status >= 500).length, 'error'],
    ],
  },
  {
    query:
      'source=web_logs | where host not in [ source=web_logs | where status = 503 | stats count() as c by host | where c > 35 | fields host ] | stats count()',
    expected: () => {
      const busy = new Set(
        countBy(
          docs.filter((d) => d.status === 503),
          (d) => [d.host]
        )
          .filter(([c]) => (c as number) > 35)
          .map(([, h]) => h)
      );
      return [[docs.filter((d) => !busy.has(d.host)).length]];
    },
  },
  // describe
  {
    query: 'describe web_logs | where TYPE_NAME = "bigint" | fields COLUMN_NAME',
    expected: () =>
      Object.entries(WEB_LOGS_MAPPING.properties)
        .filter(([, m]) => m.type === 'long')
        .map(([name]) => [name]),
  },
  {
    query: 'describe web_logs | stats count() by TABLE_NAME',
    expected: () => [[Object.keys(WEB_LOGS_MAPPING.properties).length, 'web_logs']],
  },
  // bin, timechart, streamstats, chart and patterns options
  {
    query: 'source=web_logs | bin bytes bins=10 | stats count() by bytes',
    expected: () => {
      // bin.md: the power of ten at or above range/bins, one more if that gives too many bins.
      const lo = Math.min(...docs.map((d) => d.bytes));
      const hi = Math.max(...docs.map((d) => d.bytes));
      const exponent = Math.ceil(Math.log10((hi - lo) / 10));
      let width = 10 ** exponent;
      if (Math.ceil((hi - lo) / width) + (hi % width === 0 ? 1 : 0) > 10) width *= 10;
      return countBy(docs, (d) => {
        const start = Math.floor(d.bytes / width) * width;
        return [`${start}-${start + width}`];
      });
    },
  },
  {
    query: 'source=web_logs | bin response_time_ms minspan=7 as rt | stats count() by rt',
    expected: () => {
      const values = docs.map((d) => d.response_time_ms);
      const below = 10 ** Math.floor(Math.log10(Math.max(...values) - Math.min(...values)));
      const width = below >= 7 ? below : 10 ** Math.ceil(Math.log10(7));
      return countBy(docs, (d) => {
        const start = Math.floor(d.response_time_ms / width) * width;
        return [`${start}-${start + width}`];
      });
    },
  },
  {
    query: 'source=web_logs | bin bytes span=log10 | stats count() by bytes',
    expected: () =>
      countBy(docs, (d) => {
        if (d.bytes <= 0) return ['Invalid'];
        const k = Math.floor(Math.log10(d.bytes));
        return [`${10 ** k}.0-${10 ** (k + 1)}.0`];
      }),
  },
  {
    query: 'source=web_logs | timechart span=1d per_second(bytes)',
    expected: () => {
      const sums = new Map<string, number>();
      for (const d of docs) {
        const t = stamp(Math.floor(ms(d) / DAY) * DAY);
        sums.set(t, (sums.get(t) ?? 0) + d.bytes);
      }
      return [...sums].map(([t, sum]) => [t, sum / 86_400]);
    },
  },
  {
    query:
      'source=web_logs | where host = "web-02" | sort @timestamp | head 6 | streamstats reset_after=bytes > 100000 sum(bytes) as s | fields s',
    ordered: true,
    expected: () => {
      let total = 0;
      return web02.map((d) => {
        total += d.bytes;
        const s = total;
        if (d.bytes > 100000) total = 0;
        return [s];
      });
    },
  },
  {
    query: 'source=web_logs | chart count() by bytes span=100000, region',
    expected: () =>
      countBy(docs, (d) => [Math.floor(d.bytes / 100000) * 100000, d.region]).map(([n, b, r]) => [
        b,
        r,
        n,
      ]),
  },
  {
    query:
      'source=web_logs | patterns path mode=aggregation max_sample_count=1 | fields patterns_field, pattern_count',
    expected: () =>
      countBy(docs, (d) => [d.path.replace(/[a-zA-Z0-9]+/g, '<*>')]).map(([n, p]) => [p, n]),
  },
  {
    query:
      'source=web_logs | eval j = concat(\'{"h":{"name":"\', host, \'"}}\') | spath input=j | stats count() by h.name',
    expected: () => countBy(docs, (d) => [d.host]),
  },
  // combining
  {
    query:
      'source=web_logs | stats count() as n by host | join host [ source=web_logs | stats sum(bytes) as b by host ]',
    expected: () =>
      countBy(docs, (d) => [d.host]).map(([n, h]) => [
        n,
        h,
        docs.filter((d) => d.host === h).reduce((a, d) => a + d.bytes, 0),
      ]),
  },
  {
    query:
      'source=web_logs | stats count() as n by host | join left=l right=r on l.host = r.host [ source=web_logs | where status = 500 | stats count() as e by host ] | fields l.host, n, e',
    expected: () =>
      countBy(docs, (d) => [d.host])
        .map(([n, h]) => [h, n, docs.filter((d) => d.host === h && d.status === 500).length])
        .filter(([, , e]) => (e as number) > 0),
  },
  {
    query:
      'source=web_logs | stats count() as n by host | left anti join on host = h2 [ source=web_logs | where region = "us-east" | stats count() by host | rename host as h2 ]',
    expected: () =>
      countBy(docs, (d) => [d.host]).filter(
        ([, h]) => !docs.some((d) => d.host === h && d.region === 'us-east')
      ),
  },
  {
    query:
      'source=web_logs as w | where status = 404 | stats count() as n by host | join type=left left=w right=s on w.host = s.host AND n > e [ source=web_logs | where status = 503 | stats count() as e by host ] as s | fields w.host, n, e',
    expected: () =>
      countBy(
        docs.filter((d) => d.status === 404),
        (d) => [d.host]
      ).map(([n, h]) => {
        const e = docs.filter((d) => d.host === h && d.status === 503).length;
        return [h, n, e > 0 && (n as number) > e ? e : null];
      }),
  },
  {
    query:
      'source=web_logs | stats count() as n by region | append [ source=web_logs | stats count() as n by method ]',
    expected: () => [
      ...countBy(docs, (d) => [d.region]).map(([n, r]) => [n, r, null]),
      ...countBy(docs, (d) => [d.method]).map(([n, m]) => [n, null, m]),
    ],
  },
  {
    query: 'source=web_logs | stats count() as n by region | appendpipe [ stats sum(n) as n ]',
    expected: () => [...countBy(docs, (d) => [d.region]), [docs.length, null]],
  },
  // foreach over collections: an accumulator per element (<<ITER>> the index from 0)
  {
    query:
      "source=web_logs | where host = 'web-02' | eval xs = array(bytes, status), s = 0 | foreach mode=multivalue xs [ eval s = s + <<ITEM>> * (<<ITER>> + 1) ] | fields s",
    expected: () => docs.filter((d) => d.host === 'web-02').map((d) => [d.bytes + 2 * d.status]),
  },
  {
    query:
      "source=web_logs | where region = 'eu-west' | eval j = json_array(status, response_time_ms), s = 0 | foreach mode=json_array j [ eval s = s + <<ITEM>> ] | fields s",
    expected: () =>
      docs.filter((d) => d.region === 'eu-west').map((d) => [d.status + d.response_time_ms]),
  },
];

const run = (query: string, on = () => host) =>
  callApi<QueryRowsResponse & QueryWriteResponse & { message?: string }>(
    on().url,
    'POST',
    apiPaths.query(),
    { caller: users.writer, body: { query, size: 10_000 } }
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

let agreed = 0;
afterAll(() => {
  process.stdout.write(
    `PPL commands: ${agreed} of ${cases.length} queries agree with the oracle\n`
  );
});

it.each(cases.map((c) => [c.query, c] as const))('%s', async (_label, c) => {
  const res = await run(c.query);
  expect({ status: res.status, message: res.body.message }).toEqual({
    status: 200,
    message: undefined,
  });
  expectRowsAgree(res.body.datarows as Table, c);
  agreed++;
});

describe('pushed down and streamed agree', () => {
  // `eval keep = 1` first stops every pushdown: the rest runs in the server.
  it.each([
    'status>=500 | stats count() as n by span(@timestamp, 1d) as day, host',
    'region="eu-west" | stats avg(bytes) as a by span(response_time_ms, 100)',
    'method=POST | stats count() as n by span(@timestamp, 1M) as month',
  ])('source=web_logs %s', async (q) => {
    const [search, rest] = q.split(' | ');
    const pushed = await run(`source=web_logs ${search} | ${rest}`);
    const streamed = await run(`source=web_logs ${search} | eval keep = 1 | ${rest}`);
    expect(pushed.status).toBe(200);
    expect(streamed.status).toBe(200);
    expect(roundedRows(streamed.body.datarows as Table)).toEqual(
      roundedRows(pushed.body.datarows as Table)
    );
    const explained = await callApi<{ plan: Array<{ mode: string }> }>(
      host.url,
      'POST',
      apiPaths.explain(),
      { caller: users.writer, body: { query: `source=web_logs ${search} | ${rest}` } }
    );
    expect(explained.body.plan.map((s) => s.mode)).toEqual(['pushed_down']);
  });
});

describe('buffering commands stop at max_rows', () => {
  it.each([
    'reverse',
    'eventstats count() as n',
    'transpose 3',
    'trendline sort bytes sma(2, bytes)',
    'bin bytes bins=5',
    'patterns path method=brain',
    'spath input=path',
  ])('%s', async (command) => {
    const res = await run(`source=web_logs | ${command}`, () => smallHost);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/must hold every row/);
  });
});

describe('refused commands say why', () => {
  it.each([
    ['ml action=train', /cannot run in Dashboards: .*ML Commons/],
    ['kmeans centroids=3', /cannot run in Dashboards/],
    ['multisearch [search source=web_logs]', /"multisearch" can only start a query/],
    ['cluster path', /"cluster" is not supported here: /],
    ['collect index=web_logs', /"collect" cannot run in Dashboards: .*outputlookup/],
  ])('%s', async (command, message) => {
    const res = await run(`source=web_logs | ${command}`);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(message);
  });

  it('a pattern RE2 cannot run in linear time is a 400 naming it', async () => {
    const res = await run('source=web_logs | rex field=path "(?<a>x)\\\\1"');
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/backreference/);
  });
});

describe('outputlookup after new commands', () => {
  it('writes span buckets and extracted fields into a lookup', async () => {
    const name = names.lookup('cmd_span');
    const res = await run(
      `source=web_logs path="/api/*" | rex field=path "/api/(?<version>v[0-9])/" | stats count() as n by span(@timestamp, 1w) as week, version | outputlookup ${name}`
    );
    expect({ status: res.status, message: res.body.message }).toEqual({
      status: 200,
      message: undefined,
    });
    const WEEK = 7 * DAY;
    const want = countBy(
      docs.filter((d) => d.path.startsWith('/api/')),
      (d) => [stamp(Math.floor(ms(d) / WEEK) * WEEK), /\/api\/(v[0-9])\//.exec(d.path)![1]]
    );
    expect(res.body.datarows).toEqual([[want.length]]);
    const rows = await readRowsSorted(admin, name, 'n');
    expect(rows.map((r) => r.n).sort()).toEqual(want.map(([n]) => n).sort());
  });

  it('writes what foreach accumulated over an array into a lookup', async () => {
    const name = names.lookup('cmd_foreach');
    const res = await run(
      `source=web_logs | where method = 'POST' | eval xs = array(status, bytes), s = 0 | foreach mode=auto_collections xs [ eval s = s + <<ITEM>> ] | fields s | outputlookup ${name}`
    );
    expect({ status: res.status, message: res.body.message }).toEqual({
      status: 200,
      message: undefined,
    });
    const posts = docs.filter((d) => d.method === 'POST');
    expect(res.body.datarows).toEqual([[posts.length]]);
    const rows = await readRowsSorted(admin, name, 's');
    expect(rows.map((r) => r.s)).toEqual(
      posts.map((d) => d.status + d.bytes).sort((a, b) => a - b)
    );
  });

  it('writes bin ranges (bins=10 over 0…249988: a width of 100000) and spath keys into a lookup', async () => {
    const name = names.lookup('cmd_options');
    const res = await run(
      `source=web_logs | bin bytes bins=10 | eval j = concat('{"r":"', region, '"}') | spath input=j | stats count() as n by bytes, r | outputlookup ${name}`
    );
    expect({ status: res.status, message: res.body.message }).toEqual({
      status: 200,
      message: undefined,
    });
    const want = countBy(docs, (d) => [Math.floor(d.bytes / 100000), d.region]);
    expect(res.body.datarows).toEqual([[want.length]]);
    const rows = await readRowsSorted(admin, name, 'n');
    expect(rows.map((r) => r.n).sort()).toEqual(want.map(([n]) => n).sort());
  });
});
