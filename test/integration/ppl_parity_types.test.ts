/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * PPL parity, round three (issue #34): types and casts as the SQL plugin gives them. Each case
 * runs twice through `_query` on a small index made here: as written, and with its search
 * followed by `eval keep = 1 | fields - keep`, which stops the pushdown so the same commands run
 * in the server. Both answers must carry the engine's column types and the oracle's rows, worked
 * out in plain JavaScript over the documents below.
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
 * `TYPES` in the queries: `day` a date field with a date-only format, `clock` one with a time-only
 * format, `when` a plain date field, `small` a short, `s` text that may or may not read as a
 * boolean, `f` a double.
 */
const typesIndex = uniqueName('hosts_parity_types');
names.track(typesIndex);
interface TypesDoc {
  n: number;
  small: number;
  day: string;
  clock: string;
  when: string;
  s: string;
  f: number;
}
/** `secs` an epoch_second date (a timestamp), `nday` a date_nanos with a date-only format. */
const epochOf = (d: TypesDoc) => Date.parse(d.when) / 1000;
const typeDocs: TypesDoc[] = [
  {
    n: 1,
    small: 3,
    day: '2025-06-01',
    clock: '08:15:00',
    when: '2025-06-01T08:15:00Z',
    s: 'true',
    f: 0,
  },
  {
    n: 2,
    small: 4,
    day: '2025-06-02',
    clock: '17:45:30',
    when: '2025-06-02T17:45:30Z',
    s: ' False ',
    f: 2.5,
  },
  {
    n: 3,
    small: 5,
    day: '2025-06-02',
    clock: '23:59:59',
    when: '2025-06-02T23:59:59Z',
    s: '1',
    f: -1,
  },
  {
    n: 4,
    small: 6,
    day: '2025-06-05',
    clock: '00:00:01',
    when: '2025-06-05T00:00:01Z',
    s: 'yes',
    f: 7,
  },
];
const byN = [...typeDocs].sort((a, b) => a.n - b.n);
const shownWhen = (d: TypesDoc) => d.when.replace('T', ' ').replace('Z', '');

const run = (query: string) =>
  callApi<QueryRowsResponse & { message?: string }>(host.url, 'POST', apiPaths.query(), {
    caller: users.writer,
    body: { query: query.replace(/TYPES/g, typesIndex), size: 10_000 },
  });
const streamed = (query: string) =>
  query.replace(/(source=TYPES\b[^|]*)/, '$1 | eval keep = 1 | fields - keep ');

interface TypedCase {
  query: string;
  schema: Array<[string, string]>;
  expected: () => Table;
  ordered?: boolean;
}

/** How many documents have each value of `key`, as `[count, value]` rows. */
function countsBy(key: (d: TypesDoc) => Cell): Table {
  const counts = new Map<Cell, number>();
  for (const d of typeDocs) counts.set(key(d), (counts.get(key(d)) ?? 0) + 1);
  return [...counts].map(([v, c]) => [c, v]);
}

/** calcite's SqlFunctions.toBoolean(String): true/false in any case between spaces, else null. */
const booleanText = (s: string): boolean | null => {
  const t = s.replace(/^ +| +$/g, '').toLowerCase();
  return t === 'true' ? true : t === 'false' ? false : null;
};

const typeCases: TypedCase[] = [
  {
    // OpenSearchDateType: a date-only format makes a date, a time-only format a time.
    query: 'source=TYPES | sort n | fields n, day, clock, when',
    schema: [
      ['n', 'int'],
      ['day', 'date'],
      ['clock', 'time'],
      ['when', 'timestamp'],
    ],
    ordered: true,
    expected: () => byN.map((d) => [d.n, d.day, d.clock, shownWhen(d)]),
  },
  {
    // An epoch format reads instants (a timestamp, shown in UTC); a date_nanos field is a date
    // by its format as a date field is.
    query: 'source=TYPES | sort n | fields n, secs, nday',
    schema: [
      ['n', 'int'],
      ['secs', 'timestamp'],
      ['nday', 'date'],
    ],
    ordered: true,
    expected: () => byN.map((d) => [d.n, shownWhen(d), d.day]),
  },
  {
    // span() keeps its field's type (SpanFunction): a date field's buckets are dates.
    query: 'source=TYPES | stats count() as c by span(day, 1d) as d',
    schema: [
      ['c', 'bigint'],
      ['d', 'date'],
    ],
    expected: () => countsBy((d) => d.day),
  },
  {
    query: 'source=TYPES | stats count() as c by clock',
    schema: [
      ['c', 'bigint'],
      ['clock', 'time'],
    ],
    expected: () => countsBy((d) => d.clock),
  },
  {
    query: "source=TYPES | where clock > '12:00:00' | sort n | fields n, clock",
    schema: [
      ['n', 'int'],
      ['clock', 'time'],
    ],
    ordered: true,
    expected: () => byN.filter((d) => d.clock > '12:00:00').map((d) => [d.n, d.clock]),
  },
  {
    // + - * widen integer operands first (PPLFuncImpTable): int with int is bigint, short with
    // short int; / keeps int; sum(…) is a balanced tree of +.
    query:
      'source=TYPES | eval t = sum(n, 1, 2), m = n * 2, q = small + small, h = n / 2, one = sum(n) | fields t, m, q, h, one',
    schema: [
      ['t', 'bigint'],
      ['m', 'bigint'],
      ['q', 'int'],
      ['h', 'int'],
      ['one', 'int'],
    ],
    expected: () => typeDocs.map((d) => [d.n + 3, d.n * 2, d.small * 2, Math.trunc(d.n / 2), d.n]),
  },
  {
    // reduce is typed from its lambdas: a double step makes a double; acc + x over ints stays int.
    query:
      'source=TYPES | eval a = array(n, 2), r = reduce(a, 0, (acc, x) -> acc * 10.0 + x), i = reduce(a, 0, (acc, x) -> acc + x) | fields r, i',
    schema: [
      ['r', 'double'],
      ['i', 'int'],
    ],
    expected: () => typeDocs.map((d) => [d.n * 10 + 2, d.n + 2]),
  },
  {
    // The safe cast: text that is no boolean is null, a field holding "1" too (only the literal
    // '1' is true); a number is v != 0.
    query:
      "source=TYPES | sort n | eval b = cast(s as boolean), one = cast('1' as boolean), z = cast(f as boolean), k = cast(s as int) | fields n, b, one, z, k",
    schema: [
      ['n', 'int'],
      ['b', 'boolean'],
      ['one', 'boolean'],
      ['z', 'boolean'],
      ['k', 'int'],
    ],
    ordered: true,
    expected: () =>
      byN.map((d) => [
        d.n,
        booleanText(d.s),
        true,
        d.f !== 0,
        /^\s*\d+\s*$/.test(d.s) ? Number(d.s) : null,
      ]),
  },
  {
    // Inside coalesce `null` names no field: a null of no type, so the common type is the rest's.
    query: 'source=TYPES | eval c = coalesce(null, f), e = coalesce(null, n, f) | fields c, e',
    schema: [
      ['c', 'double'],
      ['e', 'double'],
    ],
    expected: () => typeDocs.map((d) => [d.f, d.n]),
  },
  {
    query: "source=TYPES | where day = '2025-06-02' | sort n | fields n, day",
    schema: [
      ['n', 'int'],
      ['day', 'date'],
    ],
    ordered: true,
    expected: () => byN.filter((d) => d.day === '2025-06-02').map((d) => [d.n, d.day]),
  },
  {
    // Null in, null out across the families (z a null string, i a null int: PPL has no null
    // literal); concat_ws skips nulls, the condition functions test them.
    query:
      "source=TYPES | eval z = nullif(s, s), i = nullif(n, n) | eval c = concat('x', z), w = concat_ws('-', s, z), l = length(z), u = substring(z, 1), a = abs(i), p = i + 1, q = pow(i, 2), d = date(z), y = year(z) | fields c, w, l, u, a, p, q, d, y",
    schema: [
      ['c', 'string'],
      ['w', 'string'],
      ['l', 'int'],
      ['u', 'string'],
      ['a', 'int'],
      ['p', 'bigint'],
      ['q', 'double'],
      ['d', 'date'],
      ['y', 'int'],
    ],
    expected: () => typeDocs.map((d) => [null, d.s, null, null, null, null, null, null, null]),
  },
  {
    query:
      "source=TYPES | eval z = nullif(s, s), i = nullif(n, n) | eval e = isnull(z), f = ifnull(z, 'none'), m = isempty(z), v = json_valid(z), k = mvappend(z, 'k'), r = array(z, 'k'), h = md5(z), t = tostring(i), o = tonumber(z), b = cast(z as boolean) | fields e, f, m, v, k, r, h, t, o, b",
    schema: [
      ['e', 'boolean'],
      ['f', 'string'],
      ['m', 'boolean'],
      ['v', 'boolean'],
      ['k', 'array'],
      ['r', 'array'],
      ['h', 'string'],
      ['t', 'string'],
      ['o', 'double'],
      ['b', 'boolean'],
    ],
    expected: () =>
      typeDocs.map(() => [true, 'none', true, null, ['k'], [null, 'k'], null, null, null, null]),
  },
];

beforeAll(async () => {
  await admin.indices.create({
    index: typesIndex,
    body: {
      mappings: {
        properties: {
          n: { type: 'integer' },
          small: { type: 'short' },
          day: { type: 'date', format: 'yyyy-MM-dd' },
          clock: { type: 'date', format: 'HH:mm:ss' },
          when: { type: 'date' },
          s: { type: 'keyword' },
          f: { type: 'double' },
          secs: { type: 'date', format: 'epoch_second' },
          nday: { type: 'date_nanos', format: 'strict_date' },
        },
      },
    },
  });
  for (const d of typeDocs)
    await admin.index({ index: typesIndex, body: { ...d, secs: epochOf(d), nday: d.day } });
  await admin.indices.refresh({ index: typesIndex });
  host = await startTestHost();
});
afterAll(async () => {
  await host?.stop();
  await names.drop(admin);
});

describe('round three: types and casts', () => {
  describe.each(['as written', 'streamed'])('%s', (mode) => {
    it.each(typeCases.map((c) => [c.query, c] as const))('%s', async (_label, c) => {
      const res = await run(mode === 'streamed' ? streamed(c.query) : c.query);
      expect({ status: res.status, message: res.body.message }).toEqual({
        status: 200,
        message: undefined,
      });
      expect(res.body.schema.map((s) => [s.name, s.type])).toEqual(c.schema);
      expectRowsAgree(res.body.datarows as Table, c);
    });
  });

  it.each([
    // Calcite's ARRAY infers no element type for a number beside a boolean.
    [
      'source=TYPES | eval a = array(n, true) | fields a',
      /array\(\) cannot infer one element type for its values \[INTEGER, BOOLEAN\]: give them one type, e\.g\. with cast\(true as int\)/,
    ],
    [
      'source=TYPES | eval x = cast(n as ip) | fields x',
      /Cannot convert INTEGER to IP, only STRING and IP types are supported: cast an address string/,
    ],
    [
      "source=TYPES | eval x = 'abc' | where s contains x | fields n",
      /the right-hand side of contains must be a string literal, found the field "x": write s contains 'text', or ilike\(s, concat\('%', x, '%'\)\)/,
    ],
    [
      "source=TYPES | eval x = case(n > 2, 'big' else 0) | fields x",
      /case branches must have a common type, but got \[STRING, INTEGER\]: cast them to one type/,
    ],
    [
      "source=TYPES | eval x = if(n, 'a', 'b') | fields x",
      /IF function expects \{\[BOOLEAN,ANY,ANY\]\}, but got \[INTEGER,STRING,STRING\]/,
    ],
  ])('%s is refused, naming what to write instead', async (query, message) => {
    for (const q of [query, streamed(query)]) {
      const res = await run(q);
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(message);
    }
  });
});
