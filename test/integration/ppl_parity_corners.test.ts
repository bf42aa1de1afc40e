/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * PPL parity, round three (issue #34): commands' corners as the SQL plugin's Calcite planner
 * answers them (trendline over nulls, eventstats/streamstats by span, …). Each case runs twice
 * through `_query` on a small index made here: as written, and with its search followed by
 * `eval keep = 1 | fields - keep`, which stops the pushdown so the same commands run in the
 * server. Both answers must carry the oracle's column types and rows, worked out in plain
 * JavaScript over the documents below.
 */
import { apiPaths } from '../../common/api/paths';
import type { QueryRowsResponse } from '../../common/api/codecs';
import { callApi } from '../support/api';
import { adminClient, TestNames, uniqueName } from '../support/cluster';
import { startTestHost, TestHost } from '../support/host';
import { expectRowsAgree, type Cell, type Table } from '../support/oracle';
import { users } from '../support/users';

const admin = adminClient();
const names = new TestNames();
let host: TestHost;

/**
 * `CORNERS` in the queries: `n` orders the rows, `v` an int and `w` a double with gaps, `x` an int
 * to bucket (one missing), `g` a keyword (one missing), `t` a date, `tags` a keyword array
 * (empty, null or absent in some documents).
 */
const cornersIndex = uniqueName('hosts_parity_corners');
names.track(cornersIndex);
interface CornerDoc {
  n: number;
  v: number | null;
  w: number | null;
  x: number | null;
  g: string | null;
  t: string;
  tags?: string[] | null;
}
const cornerDocs: CornerDoc[] = [
  { n: 1, v: 4, w: 1.5, x: 3, g: 'a', t: '2025-03-01T01:00:00Z', tags: ['p', 'q'] },
  { n: 2, v: null, w: 2, x: 14, g: 'b', t: '2025-03-01T05:00:00Z', tags: [] },
  { n: 3, v: 9, w: null, x: 17, g: 'a', t: '2025-03-01T23:30:00Z', tags: null },
  { n: 4, v: 1, w: 4.25, x: null, g: 'b', t: '2025-03-02T08:00:00Z' },
  { n: 5, v: 6, w: 0.5, x: 21, g: null, t: '2025-03-02T09:00:00Z', tags: ['r'] },
  { n: 6, v: 10, w: 3, x: 8, g: 'a', t: '2025-03-03T12:00:00Z', tags: ['p'] },
  { n: 7, v: null, w: null, x: 15, g: 'b', t: '2025-03-04T00:00:00Z', tags: ['q', 'q', 's'] },
  { n: 8, v: 2, w: 6, x: 26, g: 'a', t: '2025-03-04T16:45:00Z', tags: [] },
];
const byN = [...cornerDocs].sort((a, b) => a.n - b.n);

const run = (query: string) =>
  callApi<QueryRowsResponse & { message?: string }>(host.url, 'POST', apiPaths.query(), {
    caller: users.writer,
    body: { query: query.replace(/CORNERS/g, cornersIndex), size: 10_000 },
  });
const streamed = (query: string) =>
  query.replace(/(source=CORNERS\b[^|]*)/, '$1 | eval keep = 1 | fields - keep ');

interface CornerCase {
  query: string;
  /** The columns' types; left out where they still differ (see the case). */
  schema?: Array<[string, string]>;
  expected: () => Table;
  ordered?: boolean;
}

// ---------------------------------------------------------------------------------------------
// Oracles

/** A full window's moving average (trendline.md): equal weights, or 1…n newest heaviest. */
function average(method: 'sma' | 'wma', window: number[]): number {
  if (method === 'sma') return window.reduce((s, x) => s + x, 0) / window.length;
  const n = window.length;
  return window.reduce((s, x, i) => s + x * (i + 1), 0) / ((n * (n + 1)) / 2);
}
/** Each value's average over it and the n−1 before it, null until there are n. */
function movingAverages(values: number[], method: 'sma' | 'wma', n: number): Array<number | null> {
  return values.map((_, i) => (i + 1 < n ? null : average(method, values.slice(i + 1 - n, i + 1))));
}

/** `span(x, width)`'s bucket of a number: its floor to the width, null for null. */
const numericBucket = (x: number | null, width: number) =>
  x === null ? null : Math.floor(x / width) * width;
/** `span(t, 1d)`'s bucket: the UTC day. */
const dayOf = (t: string) => t.slice(0, 10);

/** Each row's group key, the same for rows of one group (null a group of its own). */
type KeyOf = (d: CornerDoc) => Cell[];
const keyText = (key: Cell[]) => JSON.stringify(key);

/** eventstats: every row gets its group's count() and sum(v) (null without v in the group). */
function eventCountsAndSums(keyOf: KeyOf, nullable = true): Table {
  return byN.map((d) => {
    const key = keyOf(d);
    if (!nullable && key.some((k) => k === null)) return [d.n, null, null];
    const group = cornerDocs.filter((e) => keyText(keyOf(e)) === keyText(key));
    const vs = group.map((e) => e.v).filter((v): v is number => v !== null);
    return [d.n, group.length, vs.length ? vs.reduce((s, v) => s + v, 0) : null];
  });
}

/**
 * streamstats: count() and sum(v) over the rows of the row's group, in n order, within the last
 * `window` of the group's rows (0: all so far), with or without the row itself.
 */
function streamCountsAndSums(keyOf: KeyOf, window = 0, current = true): Table {
  const seen = new Map<string, CornerDoc[]>();
  return byN.map((d) => {
    const k = keyText(keyOf(d));
    const before = seen.get(k) ?? [];
    const upTo = current ? [...before, d] : before;
    const frame = window > 0 ? upTo.slice(Math.max(0, upTo.length - window)) : upTo;
    seen.set(k, [...before, d]);
    const vs = frame.map((e) => e.v).filter((v): v is number => v !== null);
    return [d.n, frame.length, vs.length ? vs.reduce((s, v) => s + v, 0) : null];
  });
}

interface ChartOracle {
  /** The row split's key of a document (null: left out). */
  row: (d: CornerDoc) => Cell;
  /** The column split's key (null: the null category). */
  column: (d: CornerDoc) => Cell;
  /** The aggregate over a group's documents. */
  aggregate: (ds: CornerDoc[]) => number | null;
  /** How OTHER combines its categories' aggregates (visitChart's second aggregation). */
  combine: (values: number[]) => number;
  limit?: number;
  bottom?: boolean;
  useOther?: boolean;
  useNull?: boolean;
}
const sum = (xs: number[]) => xs.reduce((s, x) => s + x, 0);

/**
 * chart as the SQL plugin plans it: groups by (row, column) without null rows; with a limit the
 * column becomes text, ranked by the sum of its aggregates (the null category not ranked), the
 * rest OTHER (or left out with useother=false, the null category too) combined from their
 * aggregates; without one the column keeps its values and nulls. Sorted by row, then column.
 */
function chartOracle(o: ChartOracle): Table {
  const { limit = 10, bottom = false, useOther = true, useNull = true } = o;
  const groups = new Map<string, { row: Cell; column: Cell; docs: CornerDoc[] }>();
  for (const d of cornerDocs) {
    const row = o.row(d);
    const column = o.column(d);
    if (row === null || (column === null && !useNull)) continue;
    const k = keyText([row, column]);
    const g = groups.get(k) ?? { row, column, docs: [] };
    g.docs.push(d);
    groups.set(k, g);
  }
  let out = [...groups.values()].map((g) => ({
    row: g.row,
    column: g.column,
    value: o.aggregate(g.docs),
  }));
  if (limit > 0) {
    // SUM over the category's aggregates: null when they all are, and then ranked last.
    const totals = new Map<string, number | null>();
    for (const g of out) {
      if (g.column === null) continue;
      const k = String(g.column);
      const was = totals.get(k) ?? null;
      totals.set(k, g.value === null ? was : (was ?? 0) + g.value);
    }
    const rank = (t: number | null) => (t === null ? Infinity : bottom ? t : -t);
    const top = new Set(
      [...totals]
        .sort((a, b) => rank(a[1]) - rank(b[1]) || (a[0] < b[0] ? -1 : 1))
        .slice(0, limit)
        .map(([k]) => k)
    );
    const folded = new Map<string, { row: Cell; column: Cell; values: number[] }>();
    for (const g of out) {
      const c = g.column === null ? null : String(g.column);
      const inTop = c !== null && top.has(c);
      if (!useOther && !inTop) continue;
      const shown = c === null ? 'NULL' : inTop ? c : 'OTHER';
      const k = keyText([g.row, shown]);
      const f = folded.get(k) ?? { row: g.row, column: shown, values: [] };
      if (g.value !== null) f.values.push(g.value);
      folded.set(k, f);
    }
    out = [...folded.values()].map((f) => ({
      row: f.row,
      column: f.column,
      value: f.values.length ? o.combine(f.values) : null,
    }));
  }
  const order = (a: Cell, b: Cell) =>
    a === b
      ? 0
      : a === null
        ? 1
        : b === null
          ? -1
          : (a as number | string) < (b as number | string)
            ? -1
            : 1;
  return out
    .sort((a, b) => order(a.row, b.row) || order(a.column, b.column))
    .map((g) => [g.row, g.column, g.value]);
}
const countOf = (ds: CornerDoc[]) => ds.length;
const avgV = (ds: CornerDoc[]) => {
  const vs = ds.map((d) => d.v).filter((v): v is number => v !== null);
  return vs.length ? sum(vs) / vs.length : null;
};
const mean = (xs: number[]) => sum(xs) / xs.length;

interface StreamOracle {
  window?: number;
  current?: boolean;
  global?: boolean;
  nullable?: boolean;
  resetBefore?: (d: CornerDoc) => boolean;
  resetAfter?: (d: CornerDoc) => boolean;
  /** false: no `by g`, one group. */
  byG?: boolean;
}

/**
 * `streamstats … count() as c, sum(v) as s by g` in n order, as the SQL plugin's planner states
 * it: with a reset, rows numbered globally and cut into segments (a reset_before row starts
 * one, the row after a reset_after row too), each row aggregating the rows of its segment and
 * group in its frame of global positions; with global=true, a window and by, the same frame
 * joined on the group (a left join: an empty frame is one row of nulls, which count() counts);
 * otherwise window functions partitioned by g (a null g its own partition, or null aggregates
 * with bucket_nullable=false), the frame counted within the partition.
 */
function streamOracle(o: StreamOracle): Table {
  const { window = 0, current = true, global = true, nullable = true, byG = true } = o;
  const hasReset = Boolean(o.resetBefore || o.resetAfter);
  const rows = byN;
  const segment: number[] = [];
  let seg = 0;
  rows.forEach((d, i) => {
    if (o.resetBefore?.(d)) seg += 1;
    if (i > 0 && o.resetAfter?.(rows[i - 1])) seg += 1;
    segment.push(seg);
  });
  const sameGroup = (a: CornerDoc, b: CornerDoc) =>
    !byG || (nullable ? a.g === b.g : a.g !== null && a.g === b.g);
  const inFrame = (i: number, j: number) =>
    window === 0
      ? current
        ? j <= i
        : j < i
      : current
        ? j >= i - (window - 1) && j <= i
        : j >= i - window && j <= i - 1;
  const aggregate = (frame: CornerDoc[]) => {
    const vs = frame.map((e) => e.v).filter((v): v is number => v !== null);
    return [frame.length, vs.length ? sum(vs) : null];
  };
  return rows.map((d, i) => {
    if (hasReset || (global && window > 0 && byG)) {
      const frame = rows.filter(
        (e, j) => inFrame(i, j) && sameGroup(d, e) && (!hasReset || segment[j] === segment[i])
      );
      if (!hasReset && frame.length === 0) return [d.n, 1, null];
      return [d.n, ...aggregate(frame)];
    }
    if (byG && !nullable && d.g === null) return [d.n, null, null];
    const partition = rows.filter((e) => !byG || e.g === d.g);
    const k = partition.indexOf(d);
    return [d.n, ...aggregate(partition.filter((_, j) => inFrame(k, j)))];
  });
}

const cornerCases: CornerCase[] = [
  // 1. trendline: the SQL plugin filters each averaged field not null before its windows
  //    (CalciteRelNodeVisitor.visitTrendline), so such rows leave and the windows skip them.
  {
    query: 'source=CORNERS | sort n | trendline sma(2, v) as s | fields n, v, s',
    schema: [
      ['n', 'int'],
      ['v', 'int'],
      ['s', 'double'],
    ],
    ordered: true,
    expected: () => {
      const kept = byN.filter((d) => d.v !== null);
      const s = movingAverages(
        kept.map((d) => d.v!),
        'sma',
        2
      );
      return kept.map((d, i) => [d.n, d.v, s[i]]);
    },
  },
  {
    // With two averages a row leaves when either field is null; both windows count kept rows only.
    query: 'source=CORNERS | trendline sort - n sma(3, v) as s wma(2, w) as m | fields n, s, m',
    schema: [
      ['n', 'int'],
      ['s', 'double'],
      ['m', 'double'],
    ],
    ordered: true,
    expected: () => {
      const kept = [...byN].reverse().filter((d) => d.v !== null && d.w !== null);
      const s = movingAverages(
        kept.map((d) => d.v!),
        'sma',
        3
      );
      const m = movingAverages(
        kept.map((d) => d.w!),
        'wma',
        2
      );
      return kept.map((d, i) => [d.n, s[i], m[i]]);
    },
  },
  // 2. eventstats / streamstats by span(): the bucket is the window's partition (no column is
  //    added, `as` names nothing); a null field is a group of its own unless bucket_nullable=false.
  {
    query:
      'source=CORNERS | eventstats count() as c, sum(v) as s by span(x, 10) as b | sort n | fields n, c, s',
    schema: [
      ['n', 'int'],
      ['c', 'bigint'],
      ['s', 'bigint'],
    ],
    ordered: true,
    expected: () => eventCountsAndSums((d) => [numericBucket(d.x, 10)]),
  },
  {
    query:
      'source=CORNERS | eventstats bucket_nullable=false count() as c, sum(v) as s by g, span(x, 10) | sort n | fields n, c, s',
    schema: [
      ['n', 'int'],
      ['c', 'bigint'],
      ['s', 'bigint'],
    ],
    ordered: true,
    expected: () => eventCountsAndSums((d) => [d.g, numericBucket(d.x, 10)], false),
  },
  {
    query:
      'source=CORNERS | eventstats count() as c, sum(v) as s by span(t, 1d) | sort n | fields n, c, s',
    schema: [
      ['n', 'int'],
      ['c', 'bigint'],
      ['s', 'bigint'],
    ],
    ordered: true,
    expected: () => eventCountsAndSums((d) => [dayOf(d.t)]),
  },
  {
    query:
      'source=CORNERS | sort n | streamstats count() as c, sum(v) as s by span(x, 10) | fields n, c, s',
    schema: [
      ['n', 'int'],
      ['c', 'bigint'],
      ['s', 'bigint'],
    ],
    ordered: true,
    expected: () => streamCountsAndSums((d) => [numericBucket(d.x, 10)]),
  },
  {
    query:
      'source=CORNERS | sort n | streamstats global=false window=2 count() as c, sum(v) as s by span(t, 1d) as day | fields n, c, s',
    schema: [
      ['n', 'int'],
      ['c', 'bigint'],
      ['s', 'bigint'],
    ],
    ordered: true,
    expected: () => streamCountsAndSums((d) => [dayOf(d.t)], 2),
  },
  // 3. chart: two spanned splits (each named by its field), limit/useother/usenull as visitChart
  //    folds the column split.
  {
    query: 'source=CORNERS | chart count() by x span=10, v span=5',
    schema: [
      ['x', 'int'],
      ['v', 'string'],
      ['count()', 'bigint'],
    ],
    ordered: true,
    expected: () =>
      chartOracle({
        row: (d) => numericBucket(d.x, 10),
        column: (d) => (d.v === null ? null : String(numericBucket(d.v, 5))),
        aggregate: countOf,
        combine: sum,
      }),
  },
  {
    query: 'source=CORNERS | chart limit=1 avg(v) over t span=1d by x span=10',
    schema: [
      ['t', 'timestamp'],
      ['x', 'string'],
      ['avg(v)', 'double'],
    ],
    ordered: true,
    expected: () =>
      chartOracle({
        row: (d) => `${dayOf(d.t)} 00:00:00`,
        column: (d) => (d.x === null ? null : String(numericBucket(d.x, 10))),
        aggregate: avgV,
        combine: mean,
        limit: 1,
      }),
  },
  {
    // Options may follow the splits; without OTHER the null category goes too.
    query: 'source=CORNERS | chart avg(v) by x span=10, g limit=bottom1 useother=false',
    schema: [
      ['x', 'int'],
      ['g', 'string'],
      ['avg(v)', 'double'],
    ],
    ordered: true,
    expected: () =>
      chartOracle({
        row: (d) => numericBucket(d.x, 10),
        column: (d) => d.g,
        aggregate: avgV,
        combine: mean,
        limit: 1,
        bottom: true,
        useOther: false,
      }),
  },
  {
    // limit=0: nothing is folded or renamed, so the column keeps its type and its nulls.
    query: 'source=CORNERS | chart limit=0 count() by g, x span=10',
    schema: [
      ['g', 'string'],
      ['x', 'int'],
      ['count()', 'bigint'],
    ],
    ordered: true,
    expected: () =>
      chartOracle({
        row: (d) => d.g,
        column: (d) => numericBucket(d.x, 10),
        aggregate: countOf,
        combine: sum,
        limit: 0,
      }),
  },
  // 4. mvexpand of an array column: an empty array and a null one both expand to no rows (the
  //    plugin's UNNEST in an inner correlate); split(null) is null, filtering 'b' leaves []. The
  //    expanded column has the element's type (split's strings).
  {
    query:
      "source=CORNERS | eval a = filter(split(g, ','), s -> s = 'a') | mvexpand a | sort n | fields n, a",
    schema: [
      ['n', 'int'],
      ['a', 'string'],
    ],
    ordered: true,
    expected: () => byN.filter((d) => d.g === 'a').map((d) => [d.n, 'a']),
  },
  {
    query:
      "source=CORNERS | eval a = split(concat(g, '-', g), '-') | mvexpand a limit=1 | sort n | fields n, a",
    schema: [
      ['n', 'int'],
      ['a', 'string'],
    ],
    ordered: true,
    expected: () => byN.filter((d) => d.g !== null).map((d) => [d.n, d.g]),
  },
  // 5. streamstats windows and resets, as visitStreamWindow plans each form (see streamOracle).
  {
    query:
      'source=CORNERS | sort n | streamstats current=false window=2 count() as c, sum(v) as s by g | fields n, c, s',
    schema: [
      ['n', 'int'],
      ['c', 'bigint'],
      ['s', 'bigint'],
    ],
    ordered: true,
    expected: () => streamOracle({ window: 2, current: false }),
  },
  {
    query:
      'source=CORNERS | sort n | streamstats bucket_nullable=false window=3 count() as c, sum(v) as s by g | fields n, c, s',
    schema: [
      ['n', 'int'],
      ['c', 'bigint'],
      ['s', 'bigint'],
    ],
    ordered: true,
    expected: () => streamOracle({ window: 3, nullable: false }),
  },
  {
    query:
      'source=CORNERS | sort n | streamstats global=false current=false window=2 count() as c, sum(v) as s by g | fields n, c, s',
    schema: [
      ['n', 'int'],
      ['c', 'bigint'],
      ['s', 'bigint'],
    ],
    ordered: true,
    expected: () => streamOracle({ window: 2, current: false, global: false }),
  },
  {
    query:
      'source=CORNERS | sort n | streamstats bucket_nullable=false global=false window=2 count() as c, sum(v) as s by g | fields n, c, s',
    schema: [
      ['n', 'int'],
      ['c', 'bigint'],
      ['s', 'bigint'],
    ],
    ordered: true,
    expected: () => streamOracle({ window: 2, global: false, nullable: false }),
  },
  {
    query:
      'source=CORNERS | sort n | streamstats reset_before=v > 8 global=false window=2 count() as c, sum(v) as s by g | fields n, c, s',
    schema: [
      ['n', 'int'],
      ['c', 'bigint'],
      ['s', 'bigint'],
    ],
    ordered: true,
    expected: () =>
      streamOracle({ window: 2, global: false, resetBefore: (d) => d.v !== null && d.v > 8 }),
  },
  {
    query:
      'source=CORNERS | sort n | streamstats bucket_nullable=false current=false reset_after=w > 3 count() as c, sum(v) as s by g | fields n, c, s',
    schema: [
      ['n', 'int'],
      ['c', 'bigint'],
      ['s', 'bigint'],
    ],
    ordered: true,
    expected: () =>
      streamOracle({ current: false, nullable: false, resetAfter: (d) => d.w !== null && d.w > 3 }),
  },
  {
    query:
      'source=CORNERS | sort n | streamstats reset_before=x > 20 count() as c, sum(v) as s | fields n, c, s',
    schema: [
      ['n', 'int'],
      ['c', 'bigint'],
      ['s', 'bigint'],
    ],
    ordered: true,
    expected: () => streamOracle({ resetBefore: (d) => d.x !== null && d.x > 20, byG: false }),
  },
  // 6. case(): without else null, branch types widened (int and double: double), nested; a
  //    condition on a null is not true. Null in, null out elsewhere; OR/AND as SQL's three values.
  {
    query:
      "source=CORNERS | eval a = case(v > 5, 'hi', v <= 5, 'lo'), b = case(x >= 20, 1, x >= 10, 2.5 else 0), c = case(g = 'a', case(v > 5, 'p' else 'q') else 'r') | sort n | fields n, a, b, c",
    schema: [
      ['n', 'int'],
      ['a', 'string'],
      ['b', 'double'],
      ['c', 'string'],
    ],
    ordered: true,
    expected: () =>
      byN.map((d) => [
        d.n,
        d.v === null ? null : d.v > 5 ? 'hi' : 'lo',
        d.x !== null && d.x >= 20 ? 1 : d.x !== null && d.x >= 10 ? 2.5 : 0,
        d.g === 'a' ? (d.v !== null && d.v > 5 ? 'p' : 'q') : 'r',
      ]),
  },
  {
    query:
      "source=CORNERS | eval i = if(v > 5, 'y', 'n'), o = v > 5 or true, an = v > 5 and false, nb = not (v > 5), l = g like 'a%', k = mvcount(split(g, ',')), u = upper(g) | sort n | fields n, i, o, an, nb, l, k, u",
    schema: [
      ['n', 'int'],
      ['i', 'string'],
      ['o', 'boolean'],
      ['an', 'boolean'],
      ['nb', 'boolean'],
      ['l', 'boolean'],
      ['k', 'int'],
      ['u', 'string'],
    ],
    ordered: true,
    expected: () =>
      byN.map((d) => [
        d.n,
        d.v !== null && d.v > 5 ? 'y' : 'n',
        true,
        false,
        d.v === null ? null : !(d.v > 5),
        d.g === null ? null : d.g.startsWith('a'),
        d.g === null ? null : 1,
        d.g === null ? null : d.g.toUpperCase(),
      ]),
  },
];

beforeAll(async () => {
  await admin.indices.create({
    index: cornersIndex,
    body: {
      mappings: {
        properties: {
          n: { type: 'integer' },
          v: { type: 'integer' },
          w: { type: 'double' },
          x: { type: 'integer' },
          g: { type: 'keyword' },
          t: { type: 'date' },
          tags: { type: 'keyword' },
        },
      },
    },
  });
  for (const d of cornerDocs) {
    // A null x or g is left out of the document (absent, as most nulls are).
    const body = Object.fromEntries(
      Object.entries(d).filter(([k, v]) => v !== null || k === 'tags' || k === 'v' || k === 'w')
    );
    await admin.index({ index: cornersIndex, body });
  }
  await admin.indices.refresh({ index: cornersIndex });
  host = await startTestHost();
});
afterAll(async () => {
  await host?.stop();
  await names.drop(admin);
});

describe('round three: commands’ corners', () => {
  describe.each(['as written', 'streamed'])('%s', (mode) => {
    it.each(cornerCases.map((c) => [c.query, c] as const))('%s', async (_label, c) => {
      const res = await run(mode === 'streamed' ? streamed(c.query) : c.query);
      expect({ status: res.status, message: res.body.message }).toEqual({
        status: 200,
        message: undefined,
      });
      if (c.schema) expect(res.body.schema.map((s) => [s.name, s.type])).toEqual(c.schema);
      expectRowsAgree(res.body.datarows as Table, c);
    });
  });

  it.each([
    // The bucket is a partition, not a column: `as` names nothing a later command can read.
    ['source=CORNERS | eventstats count() as c by span(x, 10) as b | fields b', /b/],
    // With a window and global=true (or a reset) the plugin joins on the by fields only.
    [
      'source=CORNERS | streamstats window=2 count() as c by span(x, 10)',
      /only field or alias\(field\) is supported.*global=false/,
    ],
    [
      'source=CORNERS | streamstats reset_after=v > 5 count() as c by span(x, 10)',
      /only field or alias\(field\) is supported.*bin x span=/,
    ],
    // case() takes conditions (visitCase), as the plugin words it.
    [
      "source=CORNERS | eval a = case(v, 'x') | fields a",
      /Condition expected a boolean type, but got INTEGER: write a comparison/,
    ],
  ])('%s is refused, naming what to write instead', async (query, message) => {
    for (const q of [query, streamed(query)]) {
      const res = await run(q);
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(message);
    }
  });
});
