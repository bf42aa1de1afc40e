/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * PPL as the SQL plugin answers it (issue #34): graphLookup's walks, and sources of several
 * indices (one an alias) searched on dotted fields of every type. Each case runs through
 * `_query` as written and streamed (the search followed by `eval keep = 1 | fields - keep`, so
 * the commands after it run in the server); both answers must equal the oracle, worked out in
 * plain JavaScript over the documents made here: graphlookup.md's walk (a level's matches are
 * the documents whose `to` value is one of the level's and whose `from` value was not visited,
 * kept when they bring a value not visited, a null `from` counting as one).
 */
import { writeFileSync, mkdtempSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { apiPaths } from '../../common/api/paths';
import type { QueryRowsResponse } from '../../common/api/codecs';
import { callApi } from '../support/api';
import { adminClient, TestNames, uniqueName } from '../support/cluster';
import { startTestHost, TestHost } from '../support/host';
import { users } from '../support/users';

type Doc = Record<string, unknown>;
type Value = unknown;

const admin = adminClient();
const names = new TestNames();
const MiB = 1024 * 1024;
let host: TestHost;
let tightHost: TestHost;

const index = (label: string) => {
  const name = uniqueName(`hosts_graph_${label}`);
  names.track(name);
  return name;
};

/** Stops of lines: `next` the stop after, a branch (E), a loop (F, G), an end (D). */
const STOPS = index('stops');
const stops: Doc[] = [
  { stop: 'A', next: 'B', line: 'red', km: 1 },
  { stop: 'B', next: 'C', line: 'red', km: 2 },
  { stop: 'C', next: 'D', line: 'blue', km: 3 },
  { stop: 'D', line: 'blue', km: 4 },
  { stop: 'E', next: 'C', line: 'green', km: 5 },
  { stop: 'F', next: 'G', line: 'green', km: 6 },
  { stop: 'G', next: 'F', line: 'green', km: 7 },
];
const STOP_COLUMNS = ['km', 'line', 'next', 'stop'];

/** Hubs with arrays of links. */
const HUBS = index('hubs');
const hubs: Doc[] = [
  { hub: 'h1', links: ['h2', 'h3'] },
  { hub: 'h2', links: ['h1'] },
  { hub: 'h3', links: ['h4', 'h1'] },
  { hub: 'h4', links: ['h5'] },
  { hub: 'h5', links: [] },
];
const HUB_COLUMNS = ['hub', 'links'];

/** Riders and where they board (r3 at no stop, r4 nowhere). */
const RIDERS = index('riders');
const riders: Doc[] = [
  { rider: 'r1', board: 'A' },
  { rider: 'r2', board: 'E' },
  { rider: 'r3', board: 'Z' },
  { rider: 'r4' },
  { rider: 'r5', board: 'F' },
];

/** 130 rows boarding at A: graphLookup walks from the first 100 only. */
const MANY = index('many');
const many: Doc[] = Array.from({ length: 130 }, (_, i) => ({ n: i, board: 'A' }));

/** 2,600 documents of 1 KB all matching one value: more than a 2 MiB query may hold. */
const BIG = index('big');
const big: Doc[] = Array.from({ length: 2600 }, (_, i) => ({
  k: `k${i}`,
  t: 'x',
  pad: 'p'.repeat(1000),
}));

// ---- the oracle: the walk as graphlookup.md describes it -------------------------------------------
interface Walk {
  from: string;
  to: string;
  both?: boolean;
  arrays?: boolean;
  maxDepth?: number;
  depthField?: string;
  filter?: (d: Doc) => boolean;
}

const valuesOf = (v: Value): Value[] => (Array.isArray(v) ? v : [v]);
const keyOf = (v: Value) => `${typeof v}:${String(v)}`;

/** The lookup documents as rows of the lookup's columns (missing fields null). */
const asRow = (d: Doc, columns: string[]) =>
  Object.fromEntries(columns.map((c) => [c, (d[c] ?? null) as Value]));

function walk(docs: Doc[], columns: string[], start: Value, w: Walk): Doc[] {
  if (start === null || start === undefined) return [];
  const visited = new Set<string>();
  let level: Value[] = [];
  for (const v of valuesOf(start)) {
    if (!visited.has(keyOf(v))) {
      visited.add(keyOf(v));
      level.push(v);
    }
  }
  const out: Doc[] = [];
  const has = (d: Doc, f: string, set: Set<string>) =>
    valuesOf(d[f] ?? null).some((v) => v !== null && set.has(keyOf(v)));
  for (let depth = 0; level.length > 0; depth++) {
    const values = new Set(level.map(keyOf));
    const seen = new Set(visited);
    // One direction's matches; both ways, a document matching both directions scores higher.
    const forward = (d: Doc) => has(d, w.to, values) && (w.arrays || !has(d, w.from, seen));
    const back = (d: Doc) => has(d, w.from, values) && (w.arrays || !has(d, w.to, seen));
    const score = (d: Doc) => (forward(d) ? 1 : 0) + (w.both && back(d) ? 1 : 0);
    const matched = docs
      .filter((d) => (!w.filter || w.filter(d)) && score(d) > 0)
      .map((d, i) => ({ d, i, s: score(d) }))
      .sort((a, b) => b.s - a.s || a.i - b.i)
      .map((x) => x.d);
    level = [];
    for (const d of matched) {
      const next: Value[] = [];
      for (const f of w.both ? [w.from, w.to] : [w.from])
        for (const v of valuesOf(d[f] ?? null)) if (!visited.has(keyOf(v))) next.push(v);
      if (next.length === 0) continue;
      const row = asRow(d, columns);
      out.push(w.depthField ? { ...row, [w.depthField]: depth } : row);
      for (const v of next) {
        if (v === null) continue;
        visited.add(keyOf(v));
        level.push(v);
      }
    }
    if (depth + 1 > (w.maxDepth ?? 0)) break;
  }
  return out;
}

const byName = (a: Doc, b: Doc, f: string) => String(a[f]).localeCompare(String(b[f]));

interface GraphCase {
  query: string;
  columns: string[];
  /** The columns of type array. */
  arrays: string[];
  expected: () => Value[][];
}

const graphCases: GraphCase[] = [
  {
    query: 'source=RIDERS | sort rider | graphLookup STOPS start=board edge=next-->stop as route',
    // The source's columns in the SQL plugin's order (its HashMap's), the walk's after them.
    columns: ['rider', 'board', 'route'],
    arrays: ['route'],
    expected: () =>
      [...riders]
        .sort((a, b) => byName(a, b, 'rider'))
        .map((r) => [
          r.rider,
          r.board ?? null,
          walk(stops, STOP_COLUMNS, r.board, { from: 'next', to: 'stop' }),
        ]),
  },
  {
    query:
      'source=RIDERS | sort rider | graphLookup STOPS start=board edge=next-->stop maxDepth=5 depthField=hop as route | fields rider, route',
    columns: ['rider', 'route'],
    arrays: ['route'],
    expected: () =>
      [...riders]
        .sort((a, b) => byName(a, b, 'rider'))
        .map((r) => [
          r.rider,
          walk(stops, STOP_COLUMNS, r.board, {
            from: 'next',
            to: 'stop',
            maxDepth: 5,
            depthField: 'hop',
          }),
        ]),
  },
  {
    // Read whole over a point in time: the same walk.
    query:
      'source=RIDERS | where rider = "r1" | graphLookup STOPS start=board edge = next--> stop maxDepth=2 usePIT=true as route | fields rider, route',
    columns: ['rider', 'route'],
    arrays: ['route'],
    expected: () => [
      ['r1', walk(stops, STOP_COLUMNS, 'A', { from: 'next', to: 'stop', maxDepth: 2 })],
    ],
  },
  {
    // Only the documents matching the filter take part.
    query:
      "source=RIDERS | sort rider | graphLookup STOPS start=board edge=next-->stop maxDepth=4 filter=(line != 'blue' AND km < 7) as route | fields rider, route",
    columns: ['rider', 'route'],
    arrays: ['route'],
    expected: () =>
      [...riders]
        .sort((a, b) => byName(a, b, 'rider'))
        .map((r) => [
          r.rider,
          walk(stops, STOP_COLUMNS, r.board, {
            from: 'next',
            to: 'stop',
            maxDepth: 4,
            filter: (d) => d.line !== 'blue' && (d.km as number) < 7,
          }),
        ]),
  },
  {
    // Both ways: C's neighbours on either side.
    query:
      "source=STOPS | where stop = 'C' | graphLookup STOPS start=stop edge=next<->stop maxDepth=1 depthField=d as around | fields stop, around",
    columns: ['stop', 'around'],
    arrays: ['around'],
    expected: () => [
      [
        'C',
        walk(stops, STOP_COLUMNS, 'C', {
          from: 'next',
          to: 'stop',
          both: true,
          maxDepth: 1,
          depthField: 'd',
        }),
      ],
    ],
  },
  ...[true, false].map((arrays): GraphCase => ({
    // Array edges, with and without supportArray (the visited filter in OpenSearch).
    query: `source=HUBS | sort hub | graphLookup HUBS start=links edge=links-->hub maxDepth=3 depthField=d${arrays ? ' supportArray=true' : ''} as reach`,
    columns: ['hub', 'links', 'reach'],
    arrays: ['reach'],
    expected: () =>
      [...hubs]
        .sort((a, b) => byName(a, b, 'hub'))
        .map((h) => [
          h.hub,
          h.links,
          walk(hubs, HUB_COLUMNS, h.links, {
            from: 'links',
            to: 'hub',
            arrays,
            maxDepth: 3,
            depthField: 'd',
          }),
        ]),
  })),
  {
    // One walk from every row's value: one row, the rows and the documents.
    query:
      'source=RIDERS | where isnotnull(board) | sort rider | fields rider, board | graphLookup STOPS start=board edge=next-->stop maxDepth=2 batchMode=true as reached',
    columns: ['board', 'reached'],
    arrays: ['board', 'reached'],
    expected: () => {
      const rows = riders
        .filter((r) => r.board !== undefined)
        .sort((a, b) => byName(a, b, 'rider'))
        .map((r) => ({ rider: r.rider, board: r.board }));
      return [
        [
          rows,
          walk(
            stops,
            STOP_COLUMNS,
            rows.map((r) => r.board),
            { from: 'next', to: 'stop', maxDepth: 2 }
          ),
        ],
      ];
    },
  },
  {
    // The first command, from literal values: one row.
    query: "graphLookup STOPS start='F', 'A' edge=next-->stop maxDepth=3 depthField=hop as route",
    columns: ['route'],
    arrays: ['route'],
    expected: () => [
      [
        walk(stops, STOP_COLUMNS, ['F', 'A'], {
          from: 'next',
          to: 'stop',
          maxDepth: 3,
          depthField: 'hop',
        }),
      ],
    ],
  },
  {
    // The SQL plugin walks from the first 100 rows of its source.
    query:
      'source=MANY | graphLookup STOPS start=board edge=next-->stop as route | stats count() as c',
    columns: ['c'],
    arrays: [],
    expected: () => [[100]],
  },
];

// ---- sources of several indices, searched on dotted fields ---------------------------------------
const PAY = index('pay');
const payDocs: Doc[] = [
  {
    n: 1,
    tag: 'a',
    ok: true,
    at: '2024-03-01T10:00:00Z',
    attributes: { payment: { amount: 1500.0 }, span: { duration: '3month' } },
  },
  {
    n: 2,
    tag: 'b',
    ok: false,
    at: '2024-04-01T10:00:00Z',
    attributes: { payment: { amount: 20.25 }, span: { duration: '1week' } },
  },
  {
    n: 3,
    tag: 'a',
    ok: true,
    at: '2024-05-01T10:00:00Z',
    attributes: { span: { duration: '3month' } },
  },
];
const OTHER = index('other');
const otherDocs: Doc[] = [
  { n: 4, tag: 'b', extra: 'x' },
  { n: 5, tag: 'c', extra: 'y' },
];
/** An index read through an alias. */
const ALIASED = index('aliased');
const ALIAS = index('alias');
const aliasedDocs: Doc[] = [
  { n: 6, tag: 'a', attributes: { payment: { amount: 1500.0 } } },
  { n: 7, tag: 'c', attributes: { payment: { amount: 99.5 } } },
];
const all = () => [...payDocs, ...otherDocs, ...aliasedDocs];
const amountOf = (d: Doc) =>
  ((d.attributes as { payment?: { amount?: number } } | undefined)?.payment?.amount ?? null) as
    number | null;
const durationOf = (d: Doc) =>
  ((d.attributes as { span?: { duration?: string } } | undefined)?.span?.duration ?? null) as
    string | null;
const count = (docs: Doc[], key: (d: Doc) => Value) => {
  const m = new Map<Value, number>();
  for (const d of docs) m.set(key(d), (m.get(key(d)) ?? 0) + 1);
  return [...m].map(([k, c]) => [c, k]);
};

const sourceCases: Array<{ query: string; expected: () => Value[][]; ordered?: boolean }> = [
  {
    query: 'source=PAY, OTHER, ALIAS | stats count() as c by tag',
    expected: () => count(all(), (d) => d.tag),
  },
  {
    query: 'source=PAY,ALIAS | where n > 1 | sort n | fields n, tag',
    ordered: true,
    expected: () =>
      [...payDocs, ...aliasedDocs].filter((d) => (d.n as number) > 1).map((d) => [d.n, d.tag]),
  },
  {
    // A field only some indices have is null in the others' rows.
    query: 'source=PAY, OTHER, ALIAS | sort n | fields n, extra',
    ordered: true,
    expected: () => all().map((d) => [d.n, d.extra ?? null]),
  },
  {
    query: 'source=PAY, ALIAS `attributes.payment.amount`=1500.0d | sort n | fields n',
    ordered: true,
    expected: () =>
      [...payDocs, ...aliasedDocs].filter((d) => amountOf(d) === 1500).map((d) => [d.n]),
  },
  {
    query: 'source=PAY, ALIAS `attributes.payment.amount`>=99.5 | sort n | fields n',
    ordered: true,
    expected: () =>
      [...payDocs, ...aliasedDocs]
        .filter((d) => (amountOf(d) ?? -Infinity) >= 99.5)
        .map((d) => [d.n]),
  },
  {
    query: 'source=PAY `attributes.span.duration`="3month" | sort n | fields n',
    ordered: true,
    expected: () => payDocs.filter((d) => durationOf(d) === '3month').map((d) => [d.n]),
  },
  {
    query: 'source=PAY attributes.span.duration!="3month" | sort n | fields n',
    ordered: true,
    expected: () =>
      payDocs.filter((d) => durationOf(d) !== null && durationOf(d) !== '3month').map((d) => [d.n]),
  },
  {
    query:
      'source=PAY, OTHER, ALIAS `attributes.payment.amount` IN (20.25d, 99.5) | sort n | fields n',
    ordered: true,
    expected: () =>
      all()
        .filter((d) => [20.25, 99.5].includes(amountOf(d) ?? NaN))
        .map((d) => [d.n]),
  },
  {
    query: 'source=PAY ok=true n>=2 | fields n',
    expected: () => payDocs.filter((d) => d.ok === true && (d.n as number) >= 2).map((d) => [d.n]),
  },
  {
    query: 'source=PAY at>="2024-04-01 00:00:00" | sort n | fields n',
    ordered: true,
    expected: () =>
      payDocs
        .filter((d) => Date.parse(d.at as string) >= Date.parse('2024-04-01'))
        .map((d) => [d.n]),
  },
];

// ---- running ------------------------------------------------------------------------------------
const placeholders: Array<[RegExp, () => string]> = [
  [/\bSTOPS\b/g, () => STOPS],
  [/\bHUBS\b/g, () => HUBS],
  [/\bRIDERS\b/g, () => RIDERS],
  [/\bMANY\b/g, () => MANY],
  [/\bBIG\b/g, () => BIG],
  [/\bPAY\b/g, () => PAY],
  [/\bOTHER\b/g, () => OTHER],
  [/\bALIAS\b/g, () => ALIAS],
];
const written = (query: string) =>
  placeholders.reduce((q, [pattern, name]) => q.replace(pattern, name()), query);

/** The search (up to its first pipe) with its pushdown stopped. */
const streamed = (query: string) =>
  /^source=/.test(query) ? query.replace(/^([^|]*)/, '$1 | eval keep = 1 | fields - keep ') : query;

const run = (query: string, on = () => host) =>
  callApi<QueryRowsResponse & { message?: string; attributes?: Record<string, unknown> }>(
    on().url,
    'POST',
    apiPaths.query(),
    { caller: users.writer, body: { query, size: 10_000 } }
  );

function hostConfig(lookups: Record<string, unknown>): string {
  const file = join(mkdtempSync(join(tmpdir(), 'lookups-graph-')), 'host.json');
  writeFileSync(file, JSON.stringify({ plugins: { lookups } }));
  return file;
}

async function makeIndex(name: string, properties: Record<string, unknown>, docs: Doc[]) {
  await admin.indices.create({
    index: name,
    body: { settings: { number_of_shards: 1, number_of_replicas: 0 }, mappings: { properties } },
  });
  // One bulk, then one refresh: one segment, the documents in this order.
  const body = docs.flatMap((doc) => [{ index: { _index: name } }, doc]);
  await admin.bulk({ body, refresh: true });
}

const keyword = { type: 'keyword' };
beforeAll(async () => {
  const amounts = {
    properties: {
      payment: { properties: { amount: { type: 'double' } } },
      span: { properties: { duration: keyword } },
    },
  };
  await Promise.all([
    makeIndex(
      STOPS,
      { stop: keyword, next: keyword, line: keyword, km: { type: 'integer' } },
      stops
    ),
    makeIndex(HUBS, { hub: keyword, links: keyword }, hubs),
    makeIndex(RIDERS, { rider: keyword, board: keyword }, riders),
    makeIndex(MANY, { n: { type: 'integer' }, board: keyword }, many),
    makeIndex(BIG, { k: keyword, t: keyword, pad: keyword }, big),
    makeIndex(
      PAY,
      {
        n: { type: 'integer' },
        tag: keyword,
        ok: { type: 'boolean' },
        at: { type: 'date' },
        attributes: amounts,
      },
      payDocs
    ),
    makeIndex(OTHER, { n: { type: 'integer' }, tag: keyword, extra: keyword }, otherDocs),
    makeIndex(ALIASED, { n: { type: 'integer' }, tag: keyword, attributes: amounts }, aliasedDocs),
  ]);
  await admin.indices.putAlias({ index: ALIASED, name: ALIAS });
  [host, tightHost] = await Promise.all([
    startTestHost(),
    startTestHost({
      LOOKUPS_HOST_CONFIG: hostConfig({ query: { max_memory_bytes: 2 * MiB } }),
    }),
  ]);
}, 120_000);
afterAll(async () => {
  await Promise.all([host?.stop(), tightHost?.stop()]);
  await admin.indices.deleteAlias({ index: ALIASED, name: ALIAS }).catch(() => undefined);
  await names.drop(admin);
});

const sortedRows = (rows: Value[][]) => rows.map((r) => JSON.stringify(r)).sort();

describe.each(['as written', 'streamed'])('graphLookup as the SQL plugin walks, %s', (mode) => {
  it.each(graphCases.map((c) => [c.query, c] as const))('%s', async (_label, c) => {
    const query = written(mode === 'streamed' ? streamed(c.query) : c.query);
    const res = await run(query);
    expect({ status: res.status, message: res.body.message }).toEqual({
      status: 200,
      message: undefined,
    });
    expect(res.body.schema.map((s) => s.name)).toEqual(c.columns);
    expect(res.body.schema.filter((s) => s.type === 'array').map((s) => s.name)).toEqual(c.arrays);
    // Key order inside a struct is the lookup's; compared here as values.
    expect(res.body.datarows).toEqual(c.expected());
  });
});

describe.each(['as written', 'streamed'])('sources of several indices and an alias, %s', (mode) => {
  it.each(sourceCases.map((c) => [c.query, c] as const))('%s', async (_label, c) => {
    const query = written(mode === 'streamed' ? streamed(c.query) : c.query);
    const res = await run(query);
    expect({ status: res.status, message: res.body.message }).toEqual({
      status: 200,
      message: undefined,
    });
    const rows = res.body.datarows as Value[][];
    if (c.ordered) expect(rows).toEqual(c.expected());
    else expect(sortedRows(rows)).toEqual(sortedRows(c.expected()));
  });
});

it('several indices, one an alias: one schema, each field once with its type, objects whole', async () => {
  const res = await run(written('source=PAY, OTHER, ALIAS | where n = 6 or n = 4'));
  expect(res.status).toBe(200);
  const types = Object.fromEntries(res.body.schema.map((c) => [c.name, c.type]));
  expect(types).toEqual({
    n: 'int',
    tag: 'string',
    ok: 'boolean',
    at: 'timestamp',
    extra: 'string',
    attributes: 'struct',
  });
  const rows = (res.body.datarows as Value[][]).map((r) =>
    Object.fromEntries(res.body.schema.map((c, i) => [c.name, r[i]]))
  );
  expect(rows.sort((a, b) => (a.n as number) - (b.n as number))).toEqual([
    { n: 4, tag: 'b', ok: null, at: null, extra: 'x', attributes: null },
    { n: 6, tag: 'a', ok: null, at: null, extra: null, attributes: { payment: { amount: 1500 } } },
  ]);
});

describe('graphLookup refused, saying what to write instead', () => {
  it.each([
    [
      'graphLookup STOPS start=board edge=next-->stop as r',
      /starts from literal values: write start='<value>'/,
    ],
    [
      'source=RIDERS | graphLookup STOPS start=board edge=next.x-->stop as r',
      /a dotted path cannot be an edge field/,
    ],
    [
      'source=RIDERS | graphLookup STOPS start=board edge=next-->nowhere as r',
      /has no field "nowhere" to walk on/,
    ],
    [
      'source=RIDERS | graphLookup STOPS start=board edge=next-->stop filter=(length(line) > 3) as r',
      /filter runs in OpenSearch, which cannot evaluate "length\(line\) > 3": write it with comparisons/,
    ],
    ['source=RIDERS | graphLookup STOPS start=board edge=next-->stop', /"as <field>"/],
  ])('%s', async (query, message) => {
    const res = await run(written(query));
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(message);
  });

  it("a walk holding more than the query's memory is a 400 naming graphLookup and the setting", async () => {
    const res = await run(written("graphLookup BIG start='x' edge=k-->t as r"), () => tightHost);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(
      /"graphLookup" needs more server memory than one query may hold: .* set by lookups\.query\.max_memory_bytes/
    );
    expect(res.body.attributes).toMatchObject({ reason: 'query_memory_exceeded' });
  });
});
