/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * PPL as the SQL plugin answers it (issue #25): join syntax in every documented form, subqueries
 * outside `where … in`, lookup's nulls, types, refusals. Each case runs twice through `_query`
 * on the generated web_logs (and a small hosts index made here): as written, and with every
 * `source=web_logs …` search followed by `eval keep = 1 | fields - keep`, which stops its
 * pushdown so the same commands run in the server; both answers must equal the oracle, worked
 * out in plain JavaScript over the generated documents.
 */
import { writeFileSync, mkdtempSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { apiPaths } from '../../common/api/paths';
import type { QueryRowsResponse } from '../../common/api/codecs';
import { DEFAULT_COUNT, DEFAULT_SEED, generateWebLogs, WebLogDoc } from '../../scripts/sample_data';
import { callApi } from '../support/api';
import { adminClient, TestNames, uniqueName } from '../support/cluster';
import { startTestHost, TestHost } from '../support/host';
import {
  expectRowsAgree,
  wrappedCountsOracle,
  pplTimestamp,
  type Cell,
  type OracleCase,
  type Table,
} from '../support/oracle';
import { users } from '../support/users';

const docs: WebLogDoc[] = generateWebLogs(DEFAULT_COUNT, DEFAULT_SEED);
const admin = adminClient();
const names = new TestNames();
const MiB = 1024 * 1024;
let host: TestHost;
let tightHost: TestHost;

/**
 * A small index beside web_logs, `HOSTS` in the queries: some hosts' racks (web-99 has no logs,
 * web-07…12 no rack).
 */
const hostsIndex = uniqueName('hosts_parity');
names.track(hostsIndex);
const racks: Array<{ host: string; rack: string; floor?: number }> = [
  { host: 'web-01', rack: 'r1', floor: 1 },
  { host: 'web-02', rack: 'r1', floor: 1 },
  { host: 'web-03', rack: 'r2' },
  { host: 'web-04', rack: 'r2', floor: 2 },
  { host: 'web-05', rack: 'r3', floor: 3 },
  { host: 'web-06', rack: 'r3', floor: 3 },
  { host: 'web-99', rack: 'r9', floor: 9 },
];
const rackOf = new Map(racks.map((r) => [r.host, r]));
/**
 * The same hosts with more fields, `WIDE` in the queries: a lookup whose output list leaves some
 * of its fields out.
 */
const wideIndex = uniqueName('hosts_parity_wide');
names.track(wideIndex);
const wide = racks.map((r, i) => ({
  ...r,
  dc: `dc-${r.rack}`,
  owner: `team-${i % 2}`,
  zone: i < 3 ? 'eu' : 'us',
}));
const wideOf = new Map(wide.map((w) => [w.host, w]));
type WideField = 'dc' | 'floor' | 'owner' | 'rack' | 'zone';
/** web_logs' count per host, then these fields of WIDE (null without a match). */
const perHostWide = (fields: WideField[]) =>
  [...perHost(() => true)].map(([h, n]) => [
    n,
    h,
    ...fields.map((f) => (wideOf.get(h)?.[f] as Cell | undefined) ?? null),
  ]);
/** An index of objects, `OBJECTS` in the queries (one document holds a dotted key as written). */
const objectsIndex = uniqueName('hosts_parity_objects');
names.track(objectsIndex);
const objectDocs: Array<Record<string, unknown>> = [
  { scope: { name: 'http' }, attributes: { payment: { amount: 10.5 } }, msg: 'paid ok' },
  { scope: { name: 'hosting' }, msg: 'start' },
  { 'attributes.payment.amount': 99, msg: 'none here' },
  { scope: {}, msg: 'empty scope' },
];
/** An index with a `date_nanos` field, `NANOS` in the queries. */
const nanosIndex = uniqueName('hosts_parity_nanos');
names.track(nanosIndex);

/**
 * An index of instants whose fractions end in zeros (or are zero), `FRACTIONS` in the queries:
 * `t` a date, `tn` a date_nanos.
 */
const fractionsIndex = uniqueName('hosts_parity_fractions');
names.track(fractionsIndex);
const fractionDocs = [
  { n: 1, t: '2024-01-15T10:30:00.120Z', tn: '2024-01-15T10:30:00.120300000Z' },
  { n: 2, t: '2024-01-15T10:30:00.000Z', tn: '2024-01-15T10:30:00.000000000Z' },
  { n: 3, t: '2024-01-15T10:30:00.500Z', tn: '2024-01-15T10:30:00.500000000Z' },
];

/** Service logs, `TEXTS` in the queries: `body` analyzed text, `service` a keyword. */
const textsIndex = uniqueName('hosts_parity_texts');
names.track(textsIndex);
const serviceLogs = [
  { body: 'cart-service started', service: 'cart-service' },
  { body: 'cart checkout', service: 'cart' },
  { body: 'payment service down', service: 'payment-service' },
];

/** Log messages, `PATTERNS` in the queries (field `m`), in this order. */
const patternsIndex = uniqueName('hosts_parity_patterns');
names.track(patternsIndex);
const UUIDS = ['7f3c9a2e-1b2c-4d5e-8f90-123456789abc', '0b3c9a2e-1b2c-4d5e-8f90-123456789abc'];
const messages = [
  'user alice id=4021 login ok',
  'user bob id=17 login ok',
  'user carol id=4022 login failed',
  `job ${UUIDS[0]} done at 2024-01-15 10:30:00`,
  `job ${UUIDS[1]} done at 2024-01-16T11:00:00Z`,
];

// ---- the oracle ---------------------------------------------------------------------------------
function countBy(rows: WebLogDoc[], key: (d: WebLogDoc) => string): Map<string, number> {
  const groups = new Map<string, number>();
  for (const d of rows) groups.set(key(d), (groups.get(key(d)) ?? 0) + 1);
  return groups;
}
const perHost = (p: (d: WebLogDoc) => boolean) => countBy(docs.filter(p), (d) => d.host);

/** Every `source=web_logs …` search (up to its first pipe or bracket) with its pushdown stopped. */
const streamed = (query: string) =>
  query.replace(/(source=(?:web_logs|PATTERNS)\b[^|\]]*)/g, '$1 | eval keep = 1 | fields - keep ');

/** `stats count() as c by region` over the documents whose bytes are above the average. */
function aboveAverageByRegion(): Table {
  const avg = docs.reduce((a, d) => a + d.bytes, 0) / docs.length;
  return [
    ...countBy(
      docs.filter((d) => d.bytes > avg),
      (d) => d.region
    ),
  ].map(([r, c]) => [c, r]);
}

/** Names qualified by the source's alias or index, as the SQL plugin resolves them. */
const qualified: OracleCase[] = [
  {
    query: 'source=web_logs as w | where w.status = 404 | stats count() as c by w.host',
    expected: () => [...perHost((d) => d.status === 404)].map(([h, n]) => [n, h]),
  },
  {
    query:
      "source=web_logs | where web_logs.method = 'POST' and web_logs.bytes > 45000 | sort - web_logs.bytes, web_logs.host | head 3 | fields web_logs.host, bytes",
    ordered: true,
    expected: () =>
      docs
        .filter((d) => d.method === 'POST' && d.bytes > 45000)
        .sort((a, b) => b.bytes - a.bytes || (a.host < b.host ? -1 : a.host > b.host ? 1 : 0))
        .slice(0, 3)
        .map((d) => [d.host, d.bytes]),
  },
  {
    // An eval's own dotted name is its column, not the source's field.
    query:
      "source=web_logs as w | eval w.kb = w.bytes / 1000.0 | where w.region = 'eu-west' | stats max(w.kb) as m",
    expected: () => [
      [Math.max(...docs.filter((d) => d.region === 'eu-west').map((d) => d.bytes / 1000))],
    ],
  },
];

const joins: OracleCase[] = [
  {
    // The basic syntax with the grammar's comma between the aliases; qualified names after it.
    query:
      'source=web_logs | where status = 503 | stats count() as n by host | inner join left=a, right=b ON a.host = b.host [ source=web_logs | where status = 404 | stats count() as m by host ] | fields a.host, n, b.m',
    expected: () => {
      const m = perHost((d) => d.status === 404);
      return [...perHost((d) => d.status === 503)]
        .filter(([h]) => m.has(h))
        .map(([h, n]) => [h, n, m.get(h)!]);
    },
  },
  {
    // `join on <field> <index>`: the equality by name, both columns kept (the right one
    // qualified by its index's name).
    query: `source=web_logs | where method = 'DELETE' | stats count() as n by host | join on host HOSTS | fields host, HOSTS.host, n, rack`,
    expected: () =>
      [...perHost((d) => d.method === 'DELETE')]
        .filter(([h]) => rackOf.has(h))
        .map(([h, n]) => [h, h, n, rackOf.get(h)!.rack]),
  },
  {
    query: `source=web_logs | where status = 500 | stats count() as n by host | left outer join left=l right=r on l.host = r.host HOSTS | fields l.host, n, r.rack, r.floor`,
    expected: () =>
      [...perHost((d) => d.status === 500)].map(([h, n]) => [
        h,
        n,
        rackOf.get(h)?.rack ?? null,
        rackOf.get(h)?.floor ?? null,
      ]),
  },
  {
    query: `source=web_logs | where status = 500 | stats count() as n by host | right outer join on host HOSTS | fields HOSTS.host, host, n`,
    expected: () => {
      const n = perHost((d) => d.status === 500);
      return racks.map((r) => [r.host, n.has(r.host) ? r.host : null, n.get(r.host) ?? null]);
    },
  },
  {
    query: `source=web_logs | where status = 301 | stats count() as n by host | full outer join left=l right=r on l.host = r.host HOSTS | fields host, r.host, n`,
    expected: () => {
      const n = perHost((d) => d.status === 301);
      return [
        ...[...n].map(([h, c]) => [h, rackOf.has(h) ? h : null, c]),
        ...racks.filter((r) => !n.has(r.host)).map((r) => [null, r.host, null]),
      ];
    },
  },
  {
    query: `source=web_logs | stats count() as n by host | semi join on host HOSTS`,
    expected: () => [...perHost(() => true)].filter(([h]) => rackOf.has(h)).map(([h, n]) => [n, h]),
  },
  {
    query: `source=web_logs | stats count() as n by host | anti join left=l right=r on l.host = r.host HOSTS`,
    expected: () =>
      [...perHost(() => true)].filter(([h]) => !rackOf.has(h)).map(([h, n]) => [n, h]),
  },
  {
    // The left side streams through the held right side; aliases after the join, in where and by.
    query: `source=web_logs | where status = 404 | join left=a right=b on a.host = b.host HOSTS | where b.rack = 'r1' or b.floor >= 3 | stats count() as c by a.method`,
    expected: () =>
      [
        ...countBy(
          docs.filter((d) => {
            const r = rackOf.get(d.host);
            return d.status === 404 && r && (r.rack === 'r1' || (r.floor ?? 0) >= 3);
          }),
          (d) => d.method
        ),
      ].map(([m, c]) => [c, m]),
  },
];

const subqueries: OracleCase[] = [
  {
    // An uncorrelated scalar subquery in eval: its one value on every row.
    query:
      'source=web_logs | where status = 503 | stats count() as n by host | eval total = [ source=web_logs | where status = 503 | stats count() ], rest = total - n | fields host, n, total, rest',
    expected: () => {
      const total = docs.filter((d) => d.status === 503).length;
      return [...perHost((d) => d.status === 503)].map(([h, n]) => [h, n, total, total - n]);
    },
  },
  {
    query:
      'source=web_logs | where bytes > [ source=web_logs | stats avg(bytes) ] | stats count() as c by region',
    expected: () => aboveAverageByRegion(),
  },
  {
    // Correlated in eval: qualified by the aliases; a host without a 503 counts 0.
    query:
      'source=web_logs as o | where method = "PATCH" | stats count() as n by host | eval e = [ source=web_logs as i | where i.host = o.host and status = 503 | stats count() ] | fields host, n, e',
    expected: () => {
      const e = perHost((d) => d.status === 503);
      return [...perHost((d) => d.method === 'PATCH')].map(([h, n]) => [h, n, e.get(h) ?? 0]);
    },
  },
  {
    // Correlated in where: the unqualified outer-only name `h`.
    query:
      "source=web_logs | where method = 'DELETE' | stats max(bytes) as mb by host | rename host as h | where mb > [ source=web_logs | where method = 'PUT' and host = h | stats max(bytes) ] | fields h, mb",
    expected: () => {
      const max = (p: (d: WebLogDoc) => boolean) => {
        const m = new Map<string, number>();
        for (const d of docs.filter(p)) m.set(d.host, Math.max(m.get(d.host) ?? -1, d.bytes));
        return m;
      };
      const put = max((d) => d.method === 'PUT');
      return [...max((d) => d.method === 'DELETE')]
        .filter(([h, mb]) => put.has(h) && mb > put.get(h)!)
        .map(([h, mb]) => [h, mb]);
    },
  },
  {
    // Correlated by a comparison (subquery.md's `where outer.b > inner.d`): each outer row's value
    // over the inner rows its condition picks.
    query:
      'source=web_logs | stats count() as c by host | eval n = [ source=web_logs | where bytes > c | stats count() ] | fields host, c, n',
    expected: () =>
      [...perHost(() => true)].map(([h, c]) => [h, c, docs.filter((d) => d.bytes > c).length]),
  },
  {
    // … or by an OR of an equality and an inner condition, in where.
    query:
      "source=web_logs as o | where method = 'DELETE' | stats count() as n by host | where [ source=web_logs as i | where i.host = o.host or i.status = 503 | stats count() ] > 2060 | fields host, n",
    expected: () =>
      [...perHost((d) => d.method === 'DELETE')]
        .filter(([h]) => docs.filter((d) => d.host === h || d.status === 503).length > 2060)
        .map(([h, n]) => [h, n]),
  },
  {
    query:
      "source=web_logs | where host in [ source=HOSTS | where rack = 'r1' | fields host ] | stats count() as c by host",
    expected: () => [...perHost((d) => rackOf.get(d.host)?.rack === 'r1')].map(([h, c]) => [c, h]),
  },
  {
    query:
      'source=web_logs as o | where not exists [ source=HOSTS as i | where i.host = o.host ] | stats count() as c',
    expected: () => [[docs.filter((d) => !rackOf.has(d.host)).length]],
  },
  {
    query:
      'source=web_logs | stats count() as n by host | rename host as h | where not exists [ source=HOSTS | where host = h ]',
    expected: () =>
      [...perHost(() => true)].filter(([h]) => !rackOf.has(h)).map(([h, n]) => [n, h]),
  },
  {
    query:
      "source=web_logs | where status = 500 and exists [ source=HOSTS | where rack = 'r9' ] | stats count() as c",
    expected: () => [[docs.filter((d) => d.status === 500).length]],
  },
];

const lookups: OracleCase[] = [
  {
    // No output list: the lookup's fields but the key, after the source's (a left join).
    query: 'source=web_logs | stats count() as n by host, region | lookup HOSTS host',
    expected: () =>
      [...countBy(docs, (d) => `${d.host}|${d.region}`)].map(([k, n]) => {
        const [h, region] = k.split('|');
        return [n, h, region, rackOf.get(h)?.floor ?? null, rackOf.get(h)?.rack ?? null];
      }),
  },
  {
    // replace: a row without a match gets null, never its old value; the column moves last.
    query:
      'source=web_logs | stats count() as n by region, host | lookup HOSTS host replace rack as region',
    expected: () => [...perHost(() => true)].map(([h, n]) => [n, h, rackOf.get(h)?.rack ?? null]),
  },
  {
    // append: the row's own value unless null.
    query:
      "source=web_logs | stats count() as n by host | eval rack = case(host = 'web-02', 'mine') | lookup HOSTS host append rack",
    expected: () =>
      [...perHost(() => true)].map(([h, n]) => [
        n,
        h,
        h === 'web-02' ? 'mine' : (rackOf.get(h)?.rack ?? null),
      ]),
  },
];

// An output list that leaves some of the lookup's fields out: the SQL plugin projects the lookup
// onto a HashSet of the outputs and keys, so the columns come in that set's order, not as listed.
const wideLookups: OracleCase[] = [
  {
    query: 'source=web_logs | stats count() as n by host | lookup WIDE host replace zone, dc, rack',
    expected: () => perHostWide(['rack', 'zone', 'dc']),
  },
  {
    query:
      'source=web_logs | stats count() as n by host | lookup WIDE host replace owner as o, floor',
    expected: () => perHostWide(['owner', 'floor']),
  },
  {
    // Outputs and key cover every field: no projection, the lookup's own column order (a
    // HashMap of its fields: host, owner, rack, floor, zone, dc).
    query:
      'source=web_logs | stats count() as n by host | lookup WIDE host replace zone, rack, owner, floor, dc',
    expected: () => perHostWide(['owner', 'rack', 'floor', 'zone', 'dc']),
  },
  {
    // append over columns the rows have: each moves last, in the order of the plugin's HashMap
    // of them; the row's own value unless null.
    query:
      "source=web_logs | stats count() as n by host | eval rack = case(host = 'web-02', 'mine'), owner = case(host = 'web-03', 'me'), floor = case(host = 'web-04', 40) | lookup WIDE host append owner, floor, rack",
    expected: () =>
      [...perHost(() => true)].map(([h, n]) => {
        const w = wideOf.get(h);
        return [
          n,
          h,
          h === 'web-03' ? 'me' : (w?.owner ?? null),
          h === 'web-02' ? 'mine' : (w?.rack ?? null),
          h === 'web-04' ? 40 : (w?.floor ?? null),
        ];
      }),
  },
];

/** The services whose log body has one of these analyzed (lower-cased, split at `-`) terms. */
const servicesWithTerm = (...terms: string[]): Table =>
  serviceLogs
    .filter((l) => l.body.split(/[^a-z0-9]+/).some((t) => terms.includes(t)))
    .map((l) => [l.service]);

const searches: OracleCase[] = [
  {
    // A quoted value without a space is a term, as the SQL plugin writes it into query_string
    // (its `-` escaped): on a text field it matches any of the value's analyzed terms.
    query: 'search body="cart-service" source=TEXTS | fields service',
    expected: () => servicesWithTerm('cart', 'service'),
  },
  {
    // With a space it is a phrase: the terms side by side, in order.
    query: 'search body="cart service" source=TEXTS | fields service',
    expected: () => [['cart-service']],
  },
  {
    // On a keyword field the term is the whole value.
    query: 'source=TEXTS service="cart-service" OR service=payment* | fields service',
    expected: () => [['cart-service'], ['payment-service']],
  },
  {
    // != leaves out the documents without the field (search.md, example 4) …
    query: 'search scope.name!="http" source=OBJECTS | fields msg',
    expected: () => [['start']],
  },
  {
    query: "source=OBJECTS | where scope.name != 'http' | fields msg",
    expected: () => [['start']],
  },
  {
    // … NOT keeps them.
    query: 'search NOT scope.name="http" source=OBJECTS | fields msg',
    expected: () => [['start'], ['none here'], ['empty scope']],
  },
  {
    // A dotted path reaches inside objects, and a key written dotted in the document alike.
    query:
      'search attributes.payment.amount>5 source=OBJECTS | fields msg, attributes.payment.amount',
    expected: () => [
      ['paid ok', 10.5],
      ['none here', 99],
    ],
  },
  {
    query: 'search `attributes.payment.amount`>50 source=OBJECTS | fields msg',
    expected: () => [['none here']],
  },
  {
    query: 'source=OBJECTS scope.name=htt* OR msg=start | fields msg, scope.name',
    expected: () => [
      ['paid ok', 'http'],
      ['start', 'hosting'],
    ],
  },
];

/** timechart span=1d count() by user, a user missing shown as `nullText` (or left out). */
function dailyByUser(nullText: string | null | undefined): Table {
  const groups = new Map<string, number>();
  for (const d of docs) {
    if (d.user === null && nullText === undefined) continue;
    const key = JSON.stringify([`${d['@timestamp'].slice(0, 10)} 00:00:00`, d.user ?? nullText]);
    groups.set(key, (groups.get(key) ?? 0) + 1);
  }
  return [...groups].map(([key, n]) => [...(JSON.parse(key) as Cell[]), n]);
}

const timecharts: OracleCase[] = [
  // With limit=0 the SQL plugin's visitChart stops before it names categories (nullstr, OTHER):
  // rows without a user are a series of their own whose name is null, as timechart.md says
  // ("appear as null in the results"); usenull=false leaves them out.
  {
    query: 'source=web_logs | timechart span=1d limit=0 count() by user',
    expected: () => dailyByUser(null),
  },
  {
    query: 'source=web_logs | timechart span=1d limit=0 usenull=false count() by user',
    expected: () => dailyByUser(undefined),
  },
  {
    query: 'source=web_logs | timechart span=1d limit=0 nullstr="nobody" count() by user',
    expected: () => dailyByUser(null),
  },
];

/*
 * patterns method=brain as BrainLogParser works, worked out by hand for `messages`: preprocessed,
 * the ids become `id=<*>` (a 4-digit number; a number after `=`), the UUIDs `<*UUID*>`, the times
 * `<*DATETIME*>`. Word frequencies by position: user 3, alice/bob/carol 1, id=<*> 3, login 3,
 * ok 2, failed 1; job, <*UUID*>, done, at, <*DATETIME*> 2. The user messages' root is frequency 3
 * (three words), the job messages' 2 (five words): two pattern groups. A rarer word varies when
 * its position holds at least variable_count_threshold words in its group (names: 3; ok/failed: 2).
 */
const patterns: OracleCase[] = [
  {
    query: 'source=PATTERNS | patterns m method=brain | fields m, patterns_field',
    expected: () => [
      ...messages.slice(0, 3).map((m) => [m, m.replace(/id=\d+/, 'id=<*>')]),
      ...messages.slice(3).map((m) => [m, 'job <*UUID*> done at <*DATETIME*>']),
    ],
  },
  {
    query:
      'source=PATTERNS | patterns m method=brain variable_count_threshold=3 | fields m, patterns_field',
    expected: () => [
      [messages[0], 'user <*> id=<*> login ok'],
      [messages[1], 'user <*> id=<*> login ok'],
      [messages[2], 'user <*> id=<*> login failed'],
      ...messages.slice(3).map((m) => [m, 'job <*UUID*> done at <*DATETIME*>']),
    ],
  },
  {
    query:
      'source=PATTERNS | patterns m method=brain mode=aggregation variable_count_threshold=2 show_numbered_token=true | fields patterns_field, pattern_count, tokens',
    expected: () => [
      [
        'user <token1> id=<token2> login <token3>',
        3,
        {
          '<token1>': ['alice', 'bob', 'carol'],
          '<token2>': ['4021', '17', '4022'],
          '<token3>': ['ok', 'ok', 'failed'],
        } as unknown as Cell,
      ],
      [
        'job <token1> done at <token2>',
        2,
        {
          '<token1>': UUIDS,
          '<token2>': ['2024-01-15 10:30:00', '2024-01-16T11:00:00Z'],
        } as unknown as Cell,
      ],
    ],
  },
];

const cases: Array<[string, OracleCase]> = [
  ...joins.map((c) => ['join', c] as [string, OracleCase]),
  ...qualified.map((c) => ['qualified', c] as [string, OracleCase]),
  ...subqueries.map((c) => ['subquery', c] as [string, OracleCase]),
  ...lookups.map((c) => ['lookup', c] as [string, OracleCase]),
  ...wideLookups.map((c) => ['lookup', c] as [string, OracleCase]),
  ...searches.map((c) => ['search', c] as [string, OracleCase]),
  ...timecharts.map((c) => ['timechart', c] as [string, OracleCase]),
  ...patterns.map((c) => ['patterns', c] as [string, OracleCase]),
];

// ---- running ------------------------------------------------------------------------------------
const run = (query: string, on = () => host) =>
  callApi<QueryRowsResponse & { message?: string; attributes?: Record<string, unknown> }>(
    on().url,
    'POST',
    apiPaths.query(),
    { caller: users.writer, body: { query, size: 10_000 } }
  );

function hostConfig(lookups: Record<string, unknown>): string {
  const file = join(mkdtempSync(join(tmpdir(), 'lookups-parity-')), 'host.json');
  writeFileSync(file, JSON.stringify({ plugins: { lookups } }));
  return file;
}

beforeAll(async () => {
  await admin.indices.create({
    index: hostsIndex,
    body: {
      mappings: {
        properties: {
          host: { type: 'keyword' },
          rack: { type: 'keyword' },
          floor: { type: 'integer' },
        },
      },
    },
  });
  for (const r of racks) await admin.index({ index: hostsIndex, body: r });
  await admin.indices.refresh({ index: hostsIndex });
  await admin.indices.create({
    index: wideIndex,
    body: {
      mappings: {
        properties: Object.fromEntries(
          ['host', 'rack', 'dc', 'owner', 'zone', 'floor'].map((f) => [
            f,
            { type: f === 'floor' ? 'integer' : 'keyword' },
          ])
        ),
      },
    },
  });
  for (const w of wide) await admin.index({ index: wideIndex, body: w });
  await admin.indices.refresh({ index: wideIndex });
  await admin.indices.create({
    index: objectsIndex,
    body: {
      mappings: {
        properties: {
          scope: { properties: { name: { type: 'keyword' } } },
          attributes: { properties: { payment: { properties: { amount: { type: 'double' } } } } },
          msg: { type: 'keyword' },
        },
      },
    },
  });
  for (const body of objectDocs) await admin.index({ index: objectsIndex, body });
  await admin.indices.refresh({ index: objectsIndex });
  await admin.indices.create({
    index: nanosIndex,
    body: { mappings: { properties: { t: { type: 'date_nanos' }, n: { type: 'integer' } } } },
  });
  await admin.index({
    index: nanosIndex,
    body: { t: '2024-01-15T10:30:00.123456789Z', n: 1 },
    refresh: true,
  });
  await admin.indices.create({
    index: fractionsIndex,
    body: {
      mappings: {
        properties: { n: { type: 'integer' }, t: { type: 'date' }, tn: { type: 'date_nanos' } },
      },
    },
  });
  for (const body of fractionDocs) await admin.index({ index: fractionsIndex, body });
  await admin.indices.create({
    index: patternsIndex,
    body: { mappings: { properties: { m: { type: 'keyword' } } } },
  });
  for (const m of messages) await admin.index({ index: patternsIndex, body: { m } });
  await admin.indices.refresh({ index: patternsIndex });
  await admin.indices.create({
    index: textsIndex,
    body: {
      mappings: { properties: { body: { type: 'text' }, service: { type: 'keyword' } } },
    },
  });
  for (const body of serviceLogs) await admin.index({ index: textsIndex, body });
  await admin.indices.refresh({ index: textsIndex });
  await admin.indices.refresh({ index: fractionsIndex });
  [host, tightHost] = await Promise.all([
    startTestHost(),
    startTestHost({
      LOOKUPS_HOST_CONFIG: hostConfig({ query: { max_memory_bytes: 2 * MiB } }),
    }),
  ]);
});
afterAll(async () => {
  await Promise.all([host?.stop(), tightHost?.stop()]);
  await names.drop(admin);
});

describe.each(['as written', 'streamed'])('%s', (mode) => {
  it.each(cases.map(([family, c]) => [family, c.query, c] as const))(
    '%s: %s',
    async (_family, _label, c) => {
      const written = c.query
        .replace(/HOSTS/g, hostsIndex)
        .replace(/WIDE/g, wideIndex)
        .replace(/NANOS/g, nanosIndex)
        .replace(/OBJECTS/g, objectsIndex)
        .replace(/PATTERNS/g, patternsIndex)
        .replace(/TEXTS/g, textsIndex);
      const query = mode === 'streamed' ? streamed(written) : written;
      const res = await run(query);
      expect({ status: res.status, message: res.body.message }).toEqual({
        status: 200,
        message: undefined,
      });
      expectRowsAgree(res.body.datarows as Table, c);
    }
  );
});

describe.each(['as written', 'streamed'])(
  'timewrap as the SQL plugin wraps (periods counted back from the latest row), %s',
  (mode) => {
    const at = (t: string) => Date.parse(`${t.replace(' ', 'T')}Z`);
    const dayName = (n: number) =>
      n === 0
        ? 'latest_day'
        : `${Math.abs(n)}day${Math.abs(n) === 1 ? '' : 's'}_${n > 0 ? 'before' : 'after'}`;
    it.each([
      // The range ends on a day's last second: the latest 6-hour bucket starts at 18:00.
      ['2026-11-10 06:00:00', '2026-11-12 23:59:59', '', dayName],
      // It ends at 09:30: the latest bucket is 06:00, so the 12:00 and 18:00 buckets of the day
      // before are less than a day before it, and in the latest period.
      ['2026-11-10 00:00:00', '2026-11-12 09:30:00', '', dayName],
      // An end a day and more after the latest bucket: every period is "before".
      ['2026-11-10 00:00:00', '2026-11-13 20:00:00', '', dayName],
      ['2026-11-10 00:00:00', '2026-11-12 09:30:00', ' series=short', (n: number) => `s${n}`],
    ])('from %s to %s%s', async (from, to, options, name) => {
      const times = docs
        .map((d) => Date.parse(d['@timestamp']))
        .filter((t) => t >= at(from) && t <= at(to));
      const expected = wrappedCountsOracle(times, 21_600_000, 86_400_000, at(to));
      const query = `source=web_logs | where @timestamp >= '${from}' and @timestamp <= '${to}' | timechart span=6h count() | timewrap 1day${options}`;
      const res = await run(mode === 'streamed' ? streamed(query) : query);
      expect(res.status).toBe(200);
      expect(res.body.schema.map((c) => c.name)).toEqual([
        '@timestamp',
        ...expected.distances.map((n) => `count()_${name(n)}`),
      ]);
      expect(res.body.datarows).toEqual(expected.rows);
    });
  }
);

describe('types as the SQL plugin gives them', () => {
  const day = (d: WebLogDoc) => d['@timestamp'].slice(0, 10);
  it.each([
    [
      // span() of a date bucket is a date.
      'source=web_logs | eval d = date(@timestamp) | stats count() as c by span(d, 1d) as day',
      [
        ['c', 'bigint'],
        ['day', 'date'],
      ],
      () => [...countBy(docs, day)].map(([d, c]) => [c, d]),
    ],
    [
      // a time of day buckets into times.
      'source=web_logs | eval t = time(@timestamp) | stats count() as c by span(t, 6h) as q',
      [
        ['c', 'bigint'],
        ['q', 'time'],
      ],
      () =>
        [
          ...countBy(
            docs,
            (d) =>
              `${String(Math.floor(Number(d['@timestamp'].slice(11, 13)) / 6) * 6).padStart(2, '0')}:00:00`
          ),
        ].map(([q, c]) => [c, q]),
    ],
    [
      // sums over int are bigint (OpenSearchTypeSystem.deriveSumType); ADDDATE(date, n) a date.
      "source=web_logs | where method = 'PATCH' | eval d = adddate(date(@timestamp), 1) | stats sum(status) as s by d",
      [
        ['s', 'bigint'],
        ['d', 'date'],
      ],
      () => {
        const sums = new Map<string, number>();
        for (const d of docs.filter((x) => x.method === 'PATCH')) {
          const next = new Date(Date.parse(day(d)) + 86_400_000).toISOString().slice(0, 10);
          sums.set(next, (sums.get(next) ?? 0) + d.status);
        }
        return [...sums].map(([d, sum]) => [sum, d]);
      },
    ],
    [
      'source=web_logs | where status >= 500 | timechart span=1d sum(status) as s',
      [
        ['@timestamp', 'timestamp'],
        ['s', 'bigint'],
      ],
      () => {
        const sums = new Map<string, number>();
        for (const d of docs.filter((x) => x.status >= 500))
          sums.set(`${day(d)} 00:00:00`, (sums.get(`${day(d)} 00:00:00`) ?? 0) + d.status);
        return [...sums];
      },
    ],
    [
      // a date_nanos field keeps its nanoseconds.
      "source=NANOS | where t > '2024-01-15 10:30:00.123456' | fields t, n",
      [
        ['t', 'timestamp'],
        ['n', 'int'],
      ],
      () => [['2024-01-15 10:30:00.123456789', 1]],
    ],
  ])('%s', async (query, schema, expected) => {
    for (const q of [query, streamed(query)]) {
      const res = await run(q.replace(/NANOS/g, nanosIndex));
      expect({ status: res.status, message: res.body.message }).toEqual({
        status: 200,
        message: undefined,
      });
      expect(res.body.schema.map((c) => [c.name, c.type])).toEqual(schema);
      expectRowsAgree(res.body.datarows as Table, { query, expected });
    }
  });
});

describe('timestamp fractions as the SQL plugin prints them (trailing zeros dropped)', () => {
  // ExprTimestampValue prints 0 to 9 fraction digits: `.120` as `.12`, no fraction when zero.
  const shown = (iso: string) => pplTimestamp(iso);
  const nanosShown = (iso: string) => {
    const [whole, fraction] = iso.replace('T', ' ').replace('Z', '').split('.');
    const digits = fraction.replace(/0+$/, '');
    return digits ? `${whole}.${digits}` : whole;
  };
  const stopPushdown = (query: string) =>
    query.replace(/(source=FRACTIONS\b[^|\]]*)/g, '$1 | eval keep = 1 | fields - keep ');
  it.each<[string, () => Table, boolean]>([
    [
      'source=FRACTIONS | sort n | fields n, t, tn',
      () => fractionDocs.map((d) => [d.n, shown(d.t), nanosShown(d.tn)]),
      true,
    ],
    [
      'source=FRACTIONS | stats min(t) as lo, max(t) as hi',
      () => [[shown(fractionDocs[1].t), shown(fractionDocs[2].t)]],
      true,
    ],
    [
      'source=FRACTIONS | stats count() as c by t',
      () => fractionDocs.map((d) => [1, shown(d.t)]),
      false,
    ],
    [
      'source=FRACTIONS | eval s = cast(t as string), h = time(t), u = timestamp(tn) | sort n | fields n, s, h, u',
      () => fractionDocs.map((d) => [d.n, shown(d.t), shown(d.t).slice(11), nanosShown(d.tn)]),
      true,
    ],
    [
      'source=FRACTIONS | stats count() as c by span(t, 1s) as s',
      () => [[3, '2024-01-15 10:30:00']],
      false,
    ],
  ])('%s', async (query, expected, ordered) => {
    for (const q of [query, stopPushdown(query)]) {
      const res = await run(q.replace(/FRACTIONS/g, fractionsIndex));
      expect({ status: res.status, message: res.body.message }).toEqual({
        status: 200,
        message: undefined,
      });
      expectRowsAgree(res.body.datarows as Table, { query, expected, ordered });
    }
  });
});

describe('describe as the SQL plugin lists an index (OpenSearchDescribeIndexRequest)', () => {
  it('gives a row for each object as well as for each field under it, numbered in order', async () => {
    // The mapping flattened depth first (traverseAndFlatten): an object's row, then its fields';
    // the top level in the order of the Java HashMap it is copied into (msg, attributes, scope).
    const res = await run(
      `describe ${objectsIndex} | fields COLUMN_NAME, TYPE_NAME, ORDINAL_POSITION, TABLE_NAME`
    );
    expect({ status: res.status, message: res.body.message }).toEqual({
      status: 200,
      message: undefined,
    });
    expect(res.body.datarows).toEqual(
      [
        ['msg', 'string'],
        ['attributes', 'struct'],
        ['attributes.payment', 'struct'],
        ['attributes.payment.amount', 'double'],
        ['scope', 'struct'],
        ['scope.name', 'string'],
      ].map(([name, type], i) => [name, type, i, objectsIndex])
    );
  });
});

describe('column order without fields, as the SQL plugin gives it', () => {
  // The index's fields in the order of the Java HashMap the plugin copies its mapping into
  // (OpenSearchDescribeIndexRequest.getFieldTypes); search.md's `source=accounts` shows the same
  // rule. For web_logs' mapping JDK 25 iterates that map as listed here.
  const WEB_LOGS_ORDER = [
    'path',
    '@timestamp',
    'method',
    'bytes',
    'host',
    'client_ip',
    'response_time_ms',
    'region',
    'user',
    'user_agent',
    'status',
    'tags',
  ];
  const columns = async (query: string) => {
    const res = await run(query);
    expect({ status: res.status, message: res.body.message }).toEqual({
      status: 200,
      message: undefined,
    });
    return res.body.schema.map((c) => c.name);
  };

  it('for a search, pushed down or streamed, and around what later commands add or drop', async () => {
    for (const query of ['source=web_logs | head 2', "source=web_logs | where host = 'web-03'"]) {
      expect(await columns(query)).toEqual(WEB_LOGS_ORDER);
      expect(await columns(streamed(query))).toEqual(WEB_LOGS_ORDER);
    }
    expect(await columns('source=web_logs | fields - path, user | eval n = 1 | head 1')).toEqual([
      ...WEB_LOGS_ORDER.filter((f) => f !== 'path' && f !== 'user'),
      'n',
    ]);
    // A wildcard takes the fields it matches in that order too.
    expect(await columns('source=web_logs | fields *s* | head 1')).toEqual(
      WEB_LOGS_ORDER.filter((f) => f.includes('s'))
    );
  });

  it('a wildcard also takes the paths inside objects, each after its object (fields.md, example 8)', async () => {
    // OBJECTS' fields in JDK 25's HashMap order: msg, attributes, scope.
    expect(await columns(`source=${objectsIndex} | fields \`*\``)).toEqual([
      'msg',
      'attributes',
      'attributes.payment',
      'attributes.payment.amount',
      'scope',
      'scope.name',
    ]);
    // `fields *` alone is the columns as the source shows them, without the paths.
    expect(await columns(`source=${objectsIndex} | fields *`)).toEqual([
      'msg',
      'attributes',
      'scope',
    ]);
    const res = await run(`source=${objectsIndex} | where msg = 'paid ok' | fields sc*, *amount`);
    expect(res.body.schema.map((c) => c.name)).toEqual([
      'scope',
      'scope.name',
      'attributes.payment.amount',
    ]);
    expect(res.body.datarows).toEqual([[{ name: 'http' }, 'http', 10.5]]);
  });

  it('for describe, numbered in that order', async () => {
    const res = await run('describe web_logs | fields COLUMN_NAME, ORDINAL_POSITION');
    expect(res.body.datarows).toEqual(WEB_LOGS_ORDER.map((name, i) => [name, i]));
  });

  it('for a lookup without an output list: its fields but the key, after the source’s', async () => {
    expect(
      await columns(`source=web_logs | stats count() as n by host | lookup ${wideIndex} host`)
    ).toEqual(['n', 'host', 'owner', 'rack', 'floor', 'zone', 'dc']);
  });
});

describe('bin on a time field with bins=, as an auto_date_histogram', () => {
  // OpenSearch picks the width; whatever it picks, the buckets must partition the documents:
  // each document counts in the bucket whose start is the last at or before its time.
  const countsIn = (starts: string[], rows: WebLogDoc[]) => {
    const at = starts.map((s) => Date.parse(`${s.replace(' ', 'T')}Z`));
    const counts = at.map(() => 0);
    for (const d of rows) {
      const t = Date.parse(d['@timestamp']);
      let i = at.length - 1;
      while (i >= 0 && at[i] > t) i--;
      if (i >= 0) counts[i]++;
    }
    return counts;
  };

  it('gives at most n buckets holding every document, oldest first', async () => {
    const res = await run(
      'source=web_logs | bin @timestamp bins=3 | stats count() as c by @timestamp'
    );
    expect({ status: res.status, message: res.body.message }).toEqual({
      status: 200,
      message: undefined,
    });
    expect(res.body.schema.map((c) => [c.name, c.type])).toEqual([
      ['c', 'bigint'],
      ['@timestamp', 'timestamp'],
    ]);
    const rows = res.body.datarows as Array<[number, string]>;
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.length).toBeLessThanOrEqual(3);
    const starts = rows.map(([, t]) => t);
    expect([...starts].sort()).toEqual(starts);
    expect(rows.map(([c]) => c)).toEqual(countsIn(starts, docs));
    expect(rows.reduce((a, [c]) => a + c, 0)).toBe(docs.length);
  });

  it('under other group keys, and after a pushed-down where', async () => {
    const res = await run(
      'source=web_logs | where status >= 500 | bin @timestamp bins=2 as t | stats count() as c by region, t'
    );
    expect({ status: res.status, message: res.body.message }).toEqual({
      status: 200,
      message: undefined,
    });
    const rows = res.body.datarows as Array<[number, string, string]>;
    const regions = [...new Set(docs.map((d) => d.region))].sort();
    for (const region of regions) {
      const mine = rows.filter(([, r]) => r === region);
      const failed = docs.filter((d) => d.region === region && d.status >= 500);
      expect(mine.length).toBeLessThanOrEqual(2);
      expect(mine.map(([c]) => c)).toEqual(
        countsIn(
          mine.map(([, , t]) => t),
          failed
        )
      );
      expect(mine.reduce((a, [c]) => a + c, 0)).toBe(failed.length);
    }
  });

  it('is refused elsewhere, saying where it works', async () => {
    for (const query of [
      'source=web_logs | bin @timestamp bins=3 | fields @timestamp',
      'source=web_logs | eval k = 1 | bin @timestamp bins=3 | stats count() by @timestamp',
    ]) {
      const res = await run(query);
      expect(res.status).toBe(400);
      expect(res.body.message).toContain(
        'bins on a time field needs the binned field as a group of the stats right after it'
      );
    }
  });
});

describe('trimmed timestamp fractions written by outputlookup', () => {
  it('a lookup holds them and shows them as the source does (a date keeps milliseconds)', async () => {
    const name = names.lookup('parity_fractions');
    const written = await run(`source=${fractionsIndex} | fields n, t, tn | outputlookup ${name}`);
    expect({ status: written.status, message: written.body.message }).toEqual({
      status: 200,
      message: undefined,
    });
    const res = await run(`source=${name} | sort n | fields n, t, tn`);
    expect(res.status).toBe(200);
    expect(res.body.datarows).toEqual(
      // The lookup's timestamp mapping is a date: tn's 10:30:00.1203 keeps its milliseconds.
      fractionDocs.map((d) => [d.n, pplTimestamp(d.t), pplTimestamp(d.tn.slice(0, 23) + 'Z')])
    );
  });
});

describe('qualified names of the source, as the SQL plugin resolves them', () => {
  it('a group written qualified keeps that name; later commands read it by it', async () => {
    const res = await run(
      'source=web_logs as w | where w.status = 404 | stats count() as c by w.host | where c > 0 | sort w.host | fields w.host, c'
    );
    expect(res.status).toBe(200);
    expect(res.body.schema.map((s) => s.name)).toEqual(['w.host', 'c']);
    expect(res.body.datarows).toEqual(
      [...perHost((d) => d.status === 404)].sort(([a], [b]) => (a < b ? -1 : 1))
    );
  });
});

describe('lookup on one of our lookups, its index read as the SQL plugin would read it', () => {
  it('an output list that with the key names every field still projects: the slice field is one more', async () => {
    const name = names.lookup('parity_wide');
    const written = await run(
      `source=${wideIndex} | fields host, rack, dc, owner, zone, floor | outputlookup ${name}`
    );
    expect({ status: written.status, message: written.body.message }).toEqual({
      status: 200,
      message: undefined,
    });
    const query = `source=web_logs | stats count() as n by host | lookup ${name} host replace zone, rack, owner, floor, dc`;
    const res = await run(query);
    expect(res.status).toBe(200);
    // The order JDK 25's HashSet gives {zone, rack, owner, floor, dc, host}; on the plain index
    // (no slice field) the same query keeps the table's order (owner, rack, floor, zone, dc).
    const columns = ['owner', 'rack', 'zone', 'floor', 'dc'] as const;
    expect(res.body.schema.map((c) => c.name)).toEqual(['n', 'host', ...columns]);
    expectRowsAgree(res.body.datarows as Table, {
      query,
      expected: () => perHostWide([...columns]),
    });
  });
});

describe('relevance functions run as OpenSearch queries only', () => {
  it('NOT match(…) is pushed down as must_not: with match(…) it parts the documents', async () => {
    const iphone = (d: WebLogDoc) => /(^|[^a-z0-9])iphone([^a-z0-9]|$)/i.test(d.user_agent);
    for (const [query, want] of [
      [
        "source=web_logs | where NOT match(user_agent, 'iPhone') and status = 200 | stats count()",
        docs.filter((d) => d.status === 200 && !iphone(d)).length,
      ],
      [
        "source=web_logs | where match(user_agent, 'iPhone') and status = 200 | stats count()",
        docs.filter((d) => d.status === 200 && iphone(d)).length,
      ],
    ] as const) {
      const res = await run(query);
      expect({ status: res.status, message: res.body.message }).toEqual({
        status: 200,
        message: undefined,
      });
      expect(res.body.datarows).toEqual([[want]]);
    }
  });
});

describe('refused as the SQL plugin refuses them, saying why', () => {
  it.each([
    ['source=web_logs | stats count() as _score', /metadata field "_score" as an alias/],
    ['source=web_logs | eval _id = host', /metadata field "_id" as an eval field/],
    [
      "source=web_logs | where status between '35' and 38.5",
      /BETWEEN expression types are incompatible: \[INTEGER, STRING, DOUBLE\]/,
    ],
    [
      "source=web_logs | eval x = 1 | where status between 200 and '299'",
      /BETWEEN expression types are incompatible/,
    ],
    ['source=web_logs | inner join type=left on host HOSTS', /join type is given twice/],
    // The search expression has no subsearch since 3.3 (subquery.md still shows one): a where.
    [
      'source=web_logs bytes > [ source=web_logs | stats avg(bytes) ] | stats count() as c by region',
      /a search filter cannot hold a subsearch \[ … \]: put the condition in a where/,
    ],
    [
      'source=web_logs as o not exists [ source=HOSTS as i | where i.host = o.host ]',
      /a search filter cannot hold a subsearch/,
    ],
  ])('%s', async (query, message) => {
    const res = await run(query.replace(/HOSTS/g, hostsIndex));
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(message);
  });
});

describe('joins and subqueries hold within the query memory budget', () => {
  it.each([
    [
      'join',
      'source=web_logs | join left=a right=b on a.host = b.host [ source=web_logs | fields host, path, user_agent ]',
    ],
    [
      'scalar [ ]',
      'source=web_logs | stats count() by host | rename host as h | eval paths = [ source=web_logs | where host = h | stats dc(path) ]',
    ],
    [
      'exists [ ]',
      'source=web_logs | stats count() by host | rename host as h | where exists [ source=web_logs | where host = h and user_agent != path ]',
    ],
  ])('%s: %s is a 400 naming the command and the setting', async (command, query) => {
    const res = await run(query, () => tightHost);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(
      /needs more server memory than one query may hold: .* set by lookups\.query\.max_memory_bytes/
    );
    // A held join side is named; a subquery may first overflow on the pages its source reads.
    expect(res.body.attributes).toMatchObject({
      reason: 'query_memory_exceeded',
      ...(command === 'join' ? { command } : {}),
    });
  });
});
