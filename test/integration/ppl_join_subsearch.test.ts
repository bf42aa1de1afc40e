/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Subsearches inside a join's condition (subquery.md's "as join filter", issue #25) through
 * `_query`, on three small indices made here. As the SQL plugin plans it (its
 * testInSubqueryAsJoinFilter: `LogicalJoin(condition=[AND(=(…), IN(…))])`), the predicate is
 * part of the join condition, checked on each pair of rows the equality pairs up: a pair failing
 * it is no match, so a left join's row keeps nulls. Each expected table is worked out here in
 * plain JavaScript by pairing the documents. Also: a correlated subsearch is refused saying the
 * way out, the subsearch's rows stop at max_rows and within the query's memory, `_explain`.
 */
import { writeFileSync, mkdtempSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { apiPaths } from '../../common/api/paths';
import type { QueryRowsResponse } from '../../common/api/codecs';
import { callApi } from '../support/api';
import { adminClient, TestNames, uniqueName } from '../support/cluster';
import { startTestHost, TestHost } from '../support/host';
import { expectRowsAgree, type Cell, type OracleCase, type Table } from '../support/oracle';
import { users } from '../support/users';

const admin = adminClient();
const names = new TestNames();
let host: TestHost;
let smallHost: TestHost;
let tightHost: TestHost;

// `hosts*` indices are the ones the test users may read (scripts/opensearch/security.ts).
const EMP = uniqueName('hosts_jsub_emp');
const DEPT = uniqueName('hosts_jsub_dept');
const BONUS = uniqueName('hosts_jsub_bonus');
names.track(EMP, DEPT, BONUS);

interface Emp {
  id: number;
  name: string;
  dept?: number;
  sal: number;
}
interface Dept {
  dept: number;
  dname: string;
}
const emps: Emp[] = [
  { id: 1, name: 'ann', dept: 10, sal: 4000 },
  { id: 2, name: 'bob', dept: 10, sal: 2500 },
  { id: 3, name: 'cy', dept: 20, sal: 3000 },
  { id: 4, name: 'dee', dept: 30, sal: 6000 },
  { id: 5, name: 'eve', dept: 20, sal: 1500 },
  { id: 6, name: 'fay', sal: 2000 },
];
const depts: Dept[] = [
  { dept: 10, dname: 'ops' },
  { dept: 20, dname: 'dev' },
  { dept: 40, dname: 'hr' },
];
const bonuses = [
  { who: 'ann', amount: 1500 },
  { who: 'cy', amount: 800 },
  { who: 'eve', amount: 2000 },
  { who: 'zed', amount: 3000 },
];

type Pair = [Emp | null, Dept | null];
/**
 * The pairs a join gives: each employee with each department of its dept for which `meets`
 * holds; without one, a left or full join keeps the employee with nulls; a right or full join
 * then adds each department no pair took.
 */
function joined(type: 'inner' | 'left' | 'right' | 'full', meets: (e: Emp, d: Dept) => boolean) {
  const pairs: Pair[] = [];
  const taken = new Set<Dept>();
  for (const e of emps) {
    const found = depts.filter((d) => e.dept !== undefined && e.dept === d.dept && meets(e, d));
    for (const d of found) {
      pairs.push([e, d]);
      taken.add(d);
    }
    if (found.length === 0 && (type === 'left' || type === 'full')) pairs.push([e, null]);
  }
  if (type === 'right' || type === 'full')
    for (const d of depts) if (!taken.has(d)) pairs.push([null, d]);
  return pairs;
}
const idAndDept = (pairs: Pair[]): Table =>
  pairs.map(([e, d]) => [e?.id ?? null, d?.dname ?? null] as Cell[]);
const bonusOver = (amount: number) =>
  new Set(bonuses.filter((b) => b.amount > amount).map((b) => b.who));
const avgSal = emps.reduce((s, e) => s + e.sal, 0) / emps.length;

const cases: OracleCase[] = [
  {
    // The SQL plugin's testInSubqueryAsJoinFilter, on these indices.
    query:
      'source=EMP | inner join left=e, right=d ON e.dept = d.dept AND e.name in [ source=BONUS | where amount > 1000 | fields who ] DEPT | sort - e.id | fields e.id, e.name',
    ordered: true,
    expected: () =>
      joined('inner', (e) => bonusOver(1000).has(e.name))
        .map(([e]) => [e!.id, e!.name] as Cell[])
        .sort((a, b) => (b[0] as number) - (a[0] as number)),
  },
  {
    // subquery.md's form: `on l.a = r.a AND r.a in [ … ]`, the right side's field.
    query:
      'source=EMP | inner join left = l right = r on l.dept = r.dept AND r.dname in [ source = DEPT | where dept < 15 | fields dname ] DEPT | fields l.id, r.dname',
    expected: () => idAndDept(joined('inner', (_e, d) => d.dept < 15)),
  },
  {
    // A left join: pairs the subsearch rejects are no match, the employee keeps nulls.
    query:
      'source=EMP | left join left=e right=d on e.dept = d.dept AND e.name in [ source=BONUS | fields who ] DEPT | fields id, dname',
    expected: () => idAndDept(joined('left', (e) => bonusOver(0).has(e.name))),
  },
  {
    query:
      'source=EMP | right join left=e right=d on e.dept = d.dept AND e.name not in [ source=BONUS | where amount > 1000 | fields who ] DEPT | fields id, dname',
    expected: () => idAndDept(joined('right', (e) => !bonusOver(1000).has(e.name))),
  },
  {
    query:
      'source=EMP | full join left=e right=d where e.dept = d.dept AND e.name in [ source=BONUS | where amount > 1000 | fields who ] DEPT | fields id, dname',
    expected: () => idAndDept(joined('full', (e) => bonusOver(1000).has(e.name))),
  },
  {
    query:
      'source=EMP | left semi join left=e right=d on e.dept = d.dept AND e.name in [ source=BONUS | fields who ] DEPT | fields id',
    expected: () =>
      [...new Set(joined('inner', (e) => bonusOver(0).has(e.name)).map(([e]) => e!.id))].map(
        (id) => [id]
      ),
  },
  {
    query:
      'source=EMP | left anti join left=e right=d on e.dept = d.dept AND e.name in [ source=BONUS | fields who ] DEPT | fields id',
    expected: () => {
      const kept = new Set(joined('inner', (e) => bonusOver(0).has(e.name)).map(([e]) => e!.id));
      return emps.filter((e) => !kept.has(e.id)).map((e) => [e.id]);
    },
  },
  {
    // exists: some bonus over 2500 (zed's): every pair meets it.
    query:
      'source=EMP | inner join left=e right=d on e.dept = d.dept AND exists [ source=BONUS | where amount > 2500 ] DEPT | fields id, dname',
    expected: () => idAndDept(joined('inner', () => bonuses.some((b) => b.amount > 2500))),
  },
  {
    // None over 5000: no pair meets it; the left join keeps every employee with nulls.
    query:
      'source=EMP | left join left=e right=d on e.dept = d.dept AND exists [ source=BONUS | where amount > 5000 ] DEPT | fields id, dname',
    expected: () => idAndDept(joined('left', () => bonuses.some((b) => b.amount > 5000))),
  },
  {
    query:
      'source=EMP | inner join left=e right=d on e.dept = d.dept AND not exists [ source=BONUS | where amount > 5000 ] DEPT | fields id, dname',
    expected: () => idAndDept(joined('inner', () => !bonuses.some((b) => b.amount > 5000))),
  },
  {
    // A scalar: salaries above the average.
    query:
      'source=EMP | left join left=e right=d on e.dept = d.dept AND e.sal > [ source=EMP | stats avg(sal) ] DEPT | fields id, dname',
    expected: () => idAndDept(joined('left', (e) => e.sal > avgSal)),
  },
  {
    // Qualified names of both sides in one tuple.
    query:
      'source=EMP | inner join left=e right=d on e.dept = d.dept AND (e.name, d.dname) in [ source=EMP | where sal >= 3000 | eval dn = if(dept = 10, "ops", "dev") | fields name, dn ] DEPT | fields e.id, d.dname',
    expected: () =>
      idAndDept(
        joined('inner', (e, d) =>
          emps.some(
            (x) => x.sal >= 3000 && x.name === e.name && (x.dept === 10 ? 'ops' : 'dev') === d.dname
          )
        )
      ),
  },
];

const withIndices = (query: string) =>
  query
    .replace(/EMP/g, EMP)
    .replace(/DEPT\b/g, DEPT)
    .replace(/BONUS/g, BONUS);

const run = (query: string, on = () => host) =>
  callApi<QueryRowsResponse & { message?: string; attributes?: Record<string, unknown> }>(
    on().url,
    'POST',
    apiPaths.query(),
    { caller: users.writer, body: { query: withIndices(query), size: 10_000 } }
  );

function hostConfig(lookups: Record<string, unknown>): string {
  const file = join(mkdtempSync(join(tmpdir(), 'lookups-join-sub-')), 'host.json');
  writeFileSync(file, JSON.stringify({ plugins: { lookups } }));
  return file;
}

async function makeIndex(index: string, properties: Record<string, string>, docs: object[]) {
  await admin.indices.create({
    index,
    body: {
      mappings: {
        properties: Object.fromEntries(
          Object.entries(properties).map(([f, type]) => [f, { type }])
        ),
      },
    },
  });
  for (const body of docs) await admin.index({ index, body });
  await admin.indices.refresh({ index });
}

beforeAll(async () => {
  await makeIndex(EMP, { id: 'integer', name: 'keyword', dept: 'integer', sal: 'integer' }, emps);
  await makeIndex(DEPT, { dept: 'integer', dname: 'keyword' }, depts);
  await makeIndex(BONUS, { who: 'keyword', amount: 'integer' }, bonuses);
  [host, smallHost, tightHost] = await Promise.all([
    startTestHost(),
    startTestHost({ LOOKUPS_MAX_ROWS: '1000' }),
    startTestHost({
      LOOKUPS_HOST_CONFIG: hostConfig({ query: { max_memory_bytes: 2 * 1024 * 1024 } }),
    }),
  ]);
});
afterAll(async () => {
  await Promise.all([host?.stop(), smallHost?.stop(), tightHost?.stop()]);
  await names.drop(admin);
});

describe('subsearches in a join condition', () => {
  it.each(cases.map((c) => [c.query, c] as const))('%s', async (_label, c) => {
    const res = await run(c.query);
    expect({ status: res.status, message: res.body.message }).toEqual({
      status: 200,
      message: undefined,
    });
    expect(c.expected().length).toBeGreaterThan(0);
    expectRowsAgree(res.body.datarows as Table, c);
  });
});

describe('refused and bounded', () => {
  it.each([
    [
      'source=EMP | inner join left=e right=d on e.dept = d.dept AND exists [ source=BONUS | where who = e.name ] DEPT',
      'e.name',
    ],
    [
      'source=EMP | left join left=e right=d on e.dept = d.dept AND e.sal > [ source=BONUS | where amount < d.dept | stats max(amount) ] DEPT',
      'd.dept',
    ],
  ])('a correlated subsearch is a 400 saying the way out: %s', async (query, field) => {
    const res = await run(query);
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(
      `A subsearch in a join condition cannot refer to the joined rows ("${field}"): ` +
        'correlated subsearches are not supported there. Filter a side instead: ' +
        '"where … in [ … ]" or "where exists [ … ]" before the join'
    );
  });

  it('the subsearch holds at most max_rows rows', async () => {
    const res = await run(
      'source=EMP | join left=e right=d on e.dept = d.dept AND e.name in [ source=web_logs | fields host ] DEPT',
      () => smallHost
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/must hold every row/);
  });

  it("a subsearch over the query's memory budget is the same 400 as a where's", async () => {
    const sub = '[ source=web_logs | eval k = concat(user_agent, path, host) | fields k ]';
    const joinQuery = `source=EMP | join left=e right=d on e.dept = d.dept AND e.name in ${sub} DEPT`;
    const whereQuery = `source=EMP | where name in ${sub}`;
    for (const query of [joinQuery, whereQuery]) {
      const res = await run(query, () => tightHost);
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(
        /needs more server memory than one query may hold: .* set by lookups\.query\.max_memory_bytes/
      );
      expect(res.body.attributes).toMatchObject({ reason: 'query_memory_exceeded' });
      // Within the default budget the same query runs (no employee is named like a log line).
      const roomy = await run(query);
      expect({ status: roomy.status, rows: roomy.body.datarows }).toEqual({
        status: 200,
        rows: [],
      });
    }
  });
});

describe('explain', () => {
  it("the join's step names the condition's subsearch", async () => {
    const res = await callApi<{ plan: Array<{ command: string; mode: string; detail?: string }> }>(
      host.url,
      'POST',
      apiPaths.explain(),
      {
        caller: users.writer,
        body: {
          query: withIndices(
            'source=EMP | join left=e right=d on e.dept = d.dept AND e.name in [ source=BONUS | fields who ] DEPT'
          ),
        },
      }
    );
    expect(res.status).toBe(200);
    const step = res.body.plan.find((s) => s.command.startsWith('join'));
    expect(step).toMatchObject({
      mode: 'buffers',
      detail: expect.stringMatching(
        /^the right side held in the server \(at most \d+ rows\); in the condition, the subsearch's who held in the server \(at most \d+ rows\)$/
      ),
    });
  });
});
