/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Subsearches in a join's condition (subquery.md's "as join filter") over rows made in memory
 * (makeresults, no cluster). The predicate is part of the join condition, checked on each pair
 * the equalities pair up: a pair failing it is no match (a left join's row then gets nulls).
 * Each expected table is worked out by hand from the rows below.
 */
import { QueryMemoryExceededError } from '../memory';
import { BufferLimitError } from '../operators';
import {
  compileInMemory,
  inlineRows as data,
  runInMemory,
} from '../../../../test/support/ppl_in_memory';

const NOW = new Date(Date.UTC(2026, 0, 15));
const compile = (query: string, maxRows = 1000, memoryBytes?: number) =>
  compileInMemory(query, { maxRows, memoryBytes, now: NOW });
const rows = async (query: string, maxRows = 1000, memoryBytes?: number) =>
  (await runInMemory(query, { maxRows, memoryBytes, now: NOW })).rows;

// Employees (the left side); average salary (100 + 300 + 200 + 500 + 250) / 5 = 270.
const emp = `${data([
  { id: 1, name: 'ann', dept: 10, sal: 100 },
  { id: 2, name: 'bob', dept: 10, sal: 300 },
  { id: 3, name: 'cy', dept: 20, sal: 200 },
  { id: 4, name: 'dee', dept: 30, sal: 500 },
  { id: 5, name: 'eve', dept: 20, sal: 250 },
])} | fields id, name, dept, sal`;
// Departments (the right side): nobody works in 40, and 30 has no row.
const dept = `[ ${data([
  { dept: 10, dname: 'ops' },
  { dept: 20, dname: 'dev' },
  { dept: 40, dname: 'hr' },
])} | fields dept, dname ]`;
// Who gets a bonus: ann, cy, and someone not employed.
const bonus = `[ ${data([{ who: 'ann' }, { who: 'cy' }, { who: 'zed' }])} | fields who ]`;
const on = (type: string, condition: string) =>
  `${emp} | ${type} join left=e right=d on e.dept = d.dept AND ${condition} ${dept}`;

describe('in [ … ] in the join condition, every join type', () => {
  // Pairs by dept: ann-ops, bob-ops, cy-dev, eve-dev (dee has none, hr nobody). The bonus keeps
  // ann-ops and cy-dev.
  const inBonus = 'e.name in ' + bonus;
  it.each([
    [
      'inner',
      [
        [1, 'ops'],
        [3, 'dev'],
      ],
    ],
    [
      'left',
      [
        [1, 'ops'],
        [2, null],
        [3, 'dev'],
        [4, null],
        [5, null],
      ],
    ],
    [
      'right',
      [
        [1, 'ops'],
        [3, 'dev'],
        [null, 'hr'],
      ],
    ],
    [
      'full',
      [
        [1, 'ops'],
        [2, null],
        [3, 'dev'],
        [4, null],
        [5, null],
        [null, 'hr'],
      ],
    ],
  ])('%s join', async (type, want) => {
    expect(await rows(`${on(type, inBonus)} | fields id, dname`)).toEqual(want);
  });

  it('semi and anti joins keep the left rows with (without) a pair meeting it', async () => {
    expect(await rows(`${on('left semi', inBonus)} | fields id`)).toEqual([[1], [3]]);
    expect(await rows(`${on('left anti', inBonus)} | fields id`)).toEqual([[2], [4], [5]]);
  });

  it('the where syntax means the same', async () => {
    expect(
      await rows(
        `${emp} | join left=e right=d where e.dept = d.dept AND e.name in ${bonus} ${dept} | fields id, dname`
      )
    ).toEqual([
      [1, 'ops'],
      [3, 'dev'],
    ]);
  });

  it('not in: the other pairs; null in the subsearch makes it null for the rest (no match)', async () => {
    expect(await rows(`${on('inner', `e.name not in ${bonus}`)} | fields id, dname`)).toEqual([
      [2, 'ops'],
      [5, 'dev'],
    ]);
    const withNull = `[ ${data([{ who: 'ann' }, { who: null }])} | fields who ]`;
    expect(await rows(`${on('inner', `e.name not in ${withNull}`)} | fields id`)).toEqual([]);
    expect(await rows(`${on('inner', `e.name in ${withNull}`)} | fields id`)).toEqual([[1]]);
  });

  it("a right side's field, bare or qualified, and a tuple of both sides", async () => {
    const dev = `[ ${data([{ x: 'dev' }])} | fields x ]`;
    const want = [
      [3, 'dev'],
      [5, 'dev'],
    ];
    expect(await rows(`${on('inner', `dname in ${dev}`)} | fields id, dname`)).toEqual(want);
    expect(await rows(`${on('inner', `d.dname in ${dev}`)} | fields id, dname`)).toEqual(want);
    const pairs = `[ ${data([
      { n: 'ann', d: 'ops' },
      { n: 'cy', d: 'ops' },
    ])} | fields n, d ]`;
    expect(await rows(`${on('inner', `(e.name, d.dname) in ${pairs}`)} | fields id`)).toEqual([
      [1],
    ]);
  });

  it('inside OR, and as the whole condition (every pair checked)', async () => {
    expect(
      await rows(`${on('inner', `(e.name in ${bonus} OR e.sal > 400)`)} | fields id, dname`)
    ).toEqual([
      [1, 'ops'],
      [3, 'dev'],
    ]);
    // No equality: ann and cy each with the three departments.
    expect(
      await rows(`${emp} | join left=e right=d on e.name in ${bonus} ${dept} | fields id, dname`)
    ).toEqual([
      [1, 'ops'],
      [1, 'dev'],
      [1, 'hr'],
      [3, 'ops'],
      [3, 'dev'],
      [3, 'hr'],
    ]);
  });
});

describe('exists and scalar subsearches in the join condition', () => {
  it('exists: all pairs or none; a left join keeps its rows with nulls', async () => {
    const some = `exists [ ${emp} | where sal > 400 ]`;
    const none = `exists [ ${emp} | where sal > 1000 ]`;
    expect(await rows(`${on('inner', some)} | fields id, dname`)).toEqual([
      [1, 'ops'],
      [2, 'ops'],
      [3, 'dev'],
      [5, 'dev'],
    ]);
    expect(await rows(`${on('inner', none)} | fields id`)).toEqual([]);
    expect(await rows(`${on('left', none)} | fields id, dname`)).toEqual([
      [1, null],
      [2, null],
      [3, null],
      [4, null],
      [5, null],
    ]);
    expect(await rows(`${on('inner', `not ${none}`)} | fields id`)).toEqual([[1], [2], [3], [5]]);
  });

  it('a scalar: salaries above the average (270)', async () => {
    const avg = `[ ${emp} | stats avg(sal) ]`;
    expect(await rows(`${on('inner', `e.sal > ${avg}`)} | fields id, dname`)).toEqual([[2, 'ops']]);
    expect(await rows(`${on('left', `e.sal > ${avg}`)} | fields id, dname`)).toEqual([
      [1, null],
      [2, 'ops'],
      [3, null],
      [4, null],
      [5, null],
    ]);
    await expect(rows(`${on('inner', `e.sal > [ ${emp} | fields sal ]`)}`)).rejects.toThrow(
      /a scalar subsearch gives more than one row/
    );
  });

  it("a subsearch's own field of the same name as a side's is its own (not correlated)", async () => {
    expect(
      await rows(`${on('inner', `exists ${dept.slice(0, -2)} | where dept = 40 ]`)} | fields id`)
    ).toEqual([[1], [2], [3], [5]]);
  });
});

describe('refused and bounded', () => {
  it.each([
    [`exists [ ${data([{ who: 'ann' }])} | where who = e.name ]`, 'e.name'],
    [`e.name in [ ${data([{ who: 'ann' }])} | where who = d.dname | fields who ]`, 'd.dname'],
    [`e.sal > [ ${data([{ x: 1 }])} | where x = dept | stats count() ]`, 'dept'],
  ])('a correlated subsearch: %s', async (condition, field) => {
    await expect(rows(on('inner', condition))).rejects.toThrow(
      new RegExp(
        `A subsearch in a join condition cannot refer to the joined rows \\("${field.replace('.', '\\.')}"\\): ` +
          'correlated subsearches are not supported there\\. Filter a side instead'
      )
    );
  });

  it('a field of neither side nor the subsearch is unknown, as anywhere', async () => {
    await expect(rows(on('inner', `exists [ ${emp} | where nope = 1 ]`))).rejects.toThrow(
      /Unknown field "nope"/
    );
  });

  it("holds at most max_rows of an in subsearch's rows", async () => {
    const err = await rows(`${on('inner', `e.name in [ ${emp} | fields name ]`)}`, 3).catch(
      (e: unknown) => e
    );
    expect(err).toBeInstanceOf(BufferLimitError);
    expect((err as Error).message).toMatch(/^join … in \[ \] must hold every row/);
  });

  it("an in subsearch's rows and set count against the query's memory, as a where's", async () => {
    // 3000 distinct keys of about 220 characters: about 1.8 MB held while the set is made (the
    // eval before it holds less than 1 MB at a time).
    const big = `[ makeresults count=3000 | eval k = concat("${'x'.repeat(200)}", cast(rand() as string)) | fields k ]`;
    const join = `${on('inner', `e.name in ${big}`)} | fields id`;
    const where = `${emp} | where name in ${big} | fields id`;
    const tight = 1_300_000;
    const errJoin = await rows(join, 10_000, tight).catch((e: unknown) => e);
    const errWhere = await rows(where, 10_000, tight).catch((e: unknown) => e);
    expect(errJoin).toBeInstanceOf(QueryMemoryExceededError);
    expect(errWhere).toBeInstanceOf(QueryMemoryExceededError);
    expect((errJoin as Error).message).toMatch(
      /^"join … in \[ \]" needs more server memory than one query may hold: .* set by lookups\.query\.max_memory_bytes/
    );
    expect((errWhere as Error).message).toMatch(
      /^"where … in \[ \]" needs more server memory than one query may hold: .* set by lookups\.query\.max_memory_bytes/
    );
    // With room for them, both run (no key matches a name).
    expect(await rows(join, 10_000, 4_000_000)).toEqual([]);
    expect(await rows(where, 10_000, 4_000_000)).toEqual([]);
  });
});

describe('explain', () => {
  it("names the condition's subsearch in the join's step", async () => {
    const p = await compile(on('inner', `e.name in ${bonus} AND exists [ ${emp} ]`));
    expect(p.plan.find((s) => s.command.startsWith('inner join'))).toEqual({
      command: expect.any(String),
      mode: 'buffers',
      detail:
        "the right side held in the server (at most 1000 rows); in the condition, the subsearch's who held in the server (at most 1000 rows); in the condition, the subsearch runs once, until its first row",
    });
  });
});
