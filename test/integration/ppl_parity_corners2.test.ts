/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * PPL parity, round three continued (issue #34): aggregation over object paths, spath then
 * dotted assignments, foreach accumulators, append's type rule, list()/values(), patterns
 * options. Each case runs twice through `_query` on a small index made here: as written, and with
 * `eval keep = 1 | fields - keep` after the search (no pushdown). The oracles are worked out in
 * plain JavaScript over the documents below, from the rules the plugin's docs and planner state.
 */
import { apiPaths } from '../../common/api/paths';
import type { QueryRowsResponse } from '../../common/api/codecs';
import { callApi } from '../support/api';
import { adminClient, TestNames, uniqueName } from '../support/cluster';
import { startTestHost, TestHost } from '../support/host';
import { expectRowsAgree, type Table } from '../support/oracle';
import { users } from '../support/users';

const admin = adminClient();
const names = new TestNames();
let host: TestHost;

/**
 * `OBJ` in the queries: `n` orders the rows, `address` an object (city keyword, area double; absent
 * or partly absent in some), `j` JSON text, `v` an int, `msg` a keyword log line.
 */
const objIndex = uniqueName('hosts_parity_objects');
names.track(objIndex);
interface ObjDoc {
  n: number;
  address?: { city?: string; area?: number };
  j: string;
  v: number;
  g: string;
  msg: string;
}
const docs: ObjDoc[] = [
  {
    n: 1,
    address: { city: 'Oslo', area: 10.5 },
    j: '{"a":{"b":"x"},"c":1}',
    v: 3,
    g: 'a',
    msg: 'user=12 ok',
  },
  {
    n: 2,
    address: { city: 'Oslo', area: 4.25 },
    j: '{"a":{"b":"y"},"c":2}',
    v: 10,
    g: 'b',
    msg: 'user=7 ok',
  },
  {
    n: 3,
    address: { city: 'Rome', area: 7 },
    j: '{"a":{"b":"z"}}',
    v: 3,
    g: 'a',
    msg: 'job#3 done!',
  },
  { n: 4, address: { city: 'Rome' }, j: '{"c":4}', v: 2, g: 'a', msg: 'user=45 ok' },
  { n: 5, j: '{}', v: 5, g: 'b', msg: 'job#9 done!' },
];
const byN = [...docs].sort((a, b) => a.n - b.n);

const run = (query: string) =>
  callApi<QueryRowsResponse & { message?: string }>(host.url, 'POST', apiPaths.query(), {
    caller: users.writer,
    body: { query: query.replace(/OBJ/g, objIndex), size: 10_000 },
  });
const streamed = (query: string) =>
  query.replace(/(source=OBJ\b[^|]*)/, '$1 | eval keep = 1 | fields - keep ');

interface Case {
  query: string;
  schema?: Array<[string, string]>;
  expected: () => Table;
  ordered?: boolean;
}

/** min/max over the non-null values, by key (null keys kept, as bucket_nullable=true does). */
function groupBy<T>(rows: ObjDoc[], key: (d: ObjDoc) => string | null, agg: (ds: ObjDoc[]) => T) {
  const groups = new Map<string | null, ObjDoc[]>();
  for (const d of rows) groups.set(key(d), [...(groups.get(key(d)) ?? []), d]);
  return [...groups].map(([k, ds]) => [agg(ds), k] as const);
}
const areas = (ds: ObjDoc[]) =>
  ds.map((d) => d.address?.area).filter((a): a is number => a !== undefined);
const jsonB = (d: ObjDoc): string | null => {
  const o = JSON.parse(d.j) as { a?: { b?: string } };
  return o.a?.b ?? null;
};
/** The default simple_pattern: each run of letters and digits becomes `<*>` (patterns.md). */
const simplePattern = (s: string, re = /[a-zA-Z\d]+/g) => s.replace(re, '<*>');

const cases: Case[] = [
  // 1. Aggregation over object paths: the path names the column, the types are the leaves'.
  {
    query: 'source=OBJ | stats min(address.area) by address.city',
    schema: [
      ['min(address.area)', 'double'],
      ['address.city', 'string'],
    ],
    expected: () =>
      groupBy(
        docs,
        (d) => d.address?.city ?? null,
        (ds) => (areas(ds).length ? Math.min(...areas(ds)) : null)
      ).map(([m, k]) => [m, k]),
  },
  {
    query:
      'source=OBJ | stats count() as c, max(address.area) as m, avg(address.area) as a by address.city',
    schema: [
      ['c', 'bigint'],
      ['m', 'double'],
      ['a', 'double'],
      ['address.city', 'string'],
    ],
    expected: () =>
      groupBy(
        docs,
        (d) => d.address?.city ?? null,
        (ds) => {
          const xs = areas(ds);
          return [
            ds.length,
            xs.length ? Math.max(...xs) : null,
            xs.length ? xs.reduce((s, x) => s + x, 0) / xs.length : null,
          ];
        }
      ).map(([aggs, k]) => [...aggs, k]),
  },
  // 2. spath's output named by the path; an eval to the same dotted name replaces it.
  {
    query: "source=OBJ | spath input=j a.b | eval a.b = concat(a.b, '!') | sort n | fields n, a.b",
    schema: [
      ['n', 'int'],
      ['a.b', 'string'],
    ],
    ordered: true,
    expected: () => byN.map((d) => [d.n, jsonB(d) === null ? null : `${jsonB(d)}!`]),
  },
  {
    query:
      'source=OBJ | spath input=j output=o a.b | eval o.len = length(o), x.y = v * 2 | sort n | fields n, o, o.len, x.y',
    schema: [
      ['n', 'int'],
      ['o', 'string'],
      ['o.len', 'int'],
      // + - * widen integer operands first (PPLFuncImpTable): int with int is bigint.
      ['x.y', 'bigint'],
    ],
    ordered: true,
    expected: () =>
      byN.map((d) => [d.n, jsonB(d), jsonB(d) === null ? null : jsonB(d)!.length, d.v * 2]),
  },
  // 3. foreach mode=multivalue folding into two accumulators at once.
  {
    query:
      'source=OBJ | eval nums = array(v, 2, 4), total = 0, prod = 1 | foreach mode=multivalue nums [ eval total = total + <<ITEM>>, prod = prod * <<ITEM>> ] | sort n | fields n, total, prod',
    schema: [
      ['n', 'int'],
      ['total', 'int'],
      ['prod', 'int'],
    ],
    ordered: true,
    expected: () => byN.map((d) => [d.n, d.v + 6, d.v * 8]),
  },
  // 4. append merges a name whose two sides share a type into one column.
  {
    query:
      'source=OBJ | stats count() as c by g | append [ source=OBJ | stats count() as c by address.city ]',
    schema: [
      ['c', 'bigint'],
      ['g', 'string'],
      ['address.city', 'string'],
    ],
    expected: () => [
      ...groupBy(
        docs,
        (d) => d.g,
        (ds) => ds.length
      ).map(([c, g]) => [c, g, null]),
      ...groupBy(
        docs,
        (d) => d.address?.city ?? null,
        (ds) => ds.length
      ).map(([c, k]) => [c, null, k]),
    ],
  },
  // 5. list(): every value as text in row order; values(): distinct text, sorted as text.
  {
    query: 'source=OBJ | sort n | stats list(v) as l, values(v) as u',
    schema: [
      ['l', 'array'],
      ['u', 'array'],
    ],
    expected: () => [
      [
        byN.map((d) => String(d.v)),
        [...new Set(docs.map((d) => String(d.v)))].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)),
      ],
    ],
  },
  {
    // The areas as text (a double keeps its `.0`), in row order.
    query:
      'source=OBJ | sort n | stats values(address.city) as cities, list(address.area) as areas by g',
    schema: [
      ['cities', 'array'],
      ['areas', 'array'],
      ['g', 'string'],
    ],
    expected: () =>
      [...new Set(docs.map((d) => d.g))].map((g) => {
        const ds = byN.filter((d) => d.g === g);
        const cities = [
          ...new Set(ds.map((d) => d.address?.city).filter((c): c is string => c !== undefined)),
        ].sort();
        const list = areas(ds).map((a) => (Number.isInteger(a) ? `${a}.0` : String(a)));
        return [cities, list, g];
      }),
  },
  // 6. patterns: new_field and a custom pattern in label mode; aggregation mode's counts.
  {
    query:
      "source=OBJ | patterns new_field='shape' pattern='[0-9]+' msg | sort n | fields n, shape",
    schema: [
      ['n', 'int'],
      ['shape', 'string'],
    ],
    ordered: true,
    expected: () => byN.map((d) => [d.n, simplePattern(d.msg, /[0-9]+/g)]),
  },
  {
    query:
      'source=OBJ | patterns mode=aggregation max_sample_count=1 msg | fields patterns_field, pattern_count',
    schema: [
      ['patterns_field', 'string'],
      ['pattern_count', 'bigint'],
    ],
    expected: () => {
      const counts = new Map<string, number>();
      for (const d of docs) {
        const p = simplePattern(d.msg);
        counts.set(p, (counts.get(p) ?? 0) + 1);
      }
      return [...counts];
    },
  },
  {
    // With numbered tokens, label mode adds `tokens`: each `<tokenN>` and what it held in the row.
    query:
      "source=OBJ | patterns msg pattern='[0-9]+' show_numbered_token=true | sort n | fields n, patterns_field, tokens",
    ordered: true,
    expected: () =>
      byN.map((d) => [
        d.n,
        d.msg.replace(/[0-9]+/, '<token1>'),
        // A map cell: the oracle's cells are scalars and arrays, so this one is cast.
        { '<token1>': [d.msg.match(/[0-9]+/)![0]] } as unknown as Table[number][number],
      ]),
  },
  {
    // simple_pattern groups by (pattern, by…): the keys come first in the aggregate's columns.
    query: "source=OBJ | patterns msg by g pattern='[0-9]+' mode=aggregation",
    schema: [
      ['patterns_field', 'string'],
      ['g', 'string'],
      ['pattern_count', 'bigint'],
      ['sample_logs', 'array'],
    ],
    expected: () => {
      const groups = new Map<string, [string, string, number, string[]]>();
      for (const d of byN) {
        const p = simplePattern(d.msg, /[0-9]+/g);
        const key = `${p}\u0000${d.g}`;
        const g = groups.get(key) ?? [p, d.g, 0, []];
        g[2]++;
        g[3].push(d.msg);
        groups.set(key, g);
      }
      return [...groups.values()];
    },
  },
];

beforeAll(async () => {
  await admin.indices.create({
    index: objIndex,
    body: {
      mappings: {
        properties: {
          n: { type: 'integer' },
          address: {
            properties: { city: { type: 'keyword' }, area: { type: 'double' } },
          },
          j: { type: 'keyword' },
          v: { type: 'integer' },
          g: { type: 'keyword' },
          msg: { type: 'keyword' },
        },
      },
    },
  });
  for (const d of docs) await admin.index({ index: objIndex, body: d });
  await admin.indices.refresh({ index: objIndex });
  host = await startTestHost();
});
afterAll(async () => {
  await host?.stop();
  await names.drop(admin);
});

describe('round three: commands’ corners, continued', () => {
  describe.each(['as written', 'streamed'])('%s', (mode) => {
    it.each(cases.map((c) => [c.query, c] as const))('%s', async (_label, c) => {
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
    // SchemaUnifier: one name, two SQL types on the two sides (no widening, not even int→bigint).
    [
      'source=OBJ | fields n, v | append [ source=OBJ | eval v = v * 1.5 | fields v ]',
      /Unable to process column 'v' due to incompatible types: 'INTEGER' and 'DOUBLE'/,
    ],
    [
      'source=OBJ | stats count() as c by g | appendpipe [ eval c = 1 ]',
      /Unable to process column 'c' due to incompatible types: 'BIGINT' and 'INTEGER'/,
    ],
    [
      'source=OBJ | fields n, g | append [ source=OBJ | eval g = 1 | fields g ]',
      /Unable to process column 'g' due to incompatible types: 'VARCHAR' and 'INTEGER'/,
    ],
  ])('%s is refused, naming what to write instead', async (query, message) => {
    for (const q of [query, streamed(query)]) {
      const res = await run(q);
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(message);
      expect(res.body.message).toMatch(/cast|rename/);
    }
  });
});
