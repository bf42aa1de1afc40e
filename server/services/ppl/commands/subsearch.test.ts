/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Subsearches in conditions, union and multisearch over rows made in memory (makeresults, no
 * cluster): each case states the rows a user would see, worked out by hand from subquery.md,
 * union.md and multisearch.md.
 */
import { parsePpl } from '../../../../common/ppl/parser';
import { BufferLimitError } from '../operators';
import {
  compileInMemory,
  inlineRows as data,
  runInMemory,
} from '../../../../test/support/ppl_in_memory';

const NOW = new Date(Date.UTC(2026, 0, 15));
const compile = (query: string, maxRows = 1000) => compileInMemory(query, { maxRows, now: NOW });
const rows = async (query: string, maxRows = 1000) =>
  (await runInMemory(query, { maxRows, now: NOW })).rows;

// Teams and their members; a member's team may have no row in teams, and one member has none.
const teams = data([
  { team: 'red', size: 2 },
  { team: 'blue', size: 5 },
  { team: 'green', size: 1 },
]);
const members = `[ ${data([
  { who: 'ann', team: 'red', age: 30 },
  { who: 'bob', team: 'red', age: 41 },
  { who: 'cy', team: 'blue', age: 25 },
  { who: 'dee', team: 'pink', age: 52 },
  { who: 'eve', team: null, age: 19 },
])} | fields who, team, age`;

describe('where … in [ … ] inside a larger condition', () => {
  it('combines with AND, OR and NOT', async () => {
    expect(
      await rows(`${teams} | where team in ${members} | fields team ] and size > 2 | fields team`)
    ).toEqual([['blue']]);
    expect(
      await rows(`${teams} | where team in ${members} | fields team ] or size = 1 | fields team`)
    ).toEqual([['red'], ['blue'], ['green']]);
    expect(
      await rows(
        `${teams} | where not (team in ${members} | where isnotnull(team) | fields team ]) | fields team`
      )
    ).toEqual([['green']]);
  });

  it('a value, not only a field, and a tuple of values', async () => {
    expect(
      await rows(
        `${teams} | where upper(team) in [ ${data([{ t: 'BLUE' }])} | fields t ] | fields team`
      )
    ).toEqual([['blue']]);
    expect(
      await rows(
        `${teams} | where (team, size) in [ ${data([
          { t: 'red', s: 2 },
          { t: 'blue', s: 9 },
        ])} | fields t, s ] | fields team`
      )
    ).toEqual([['red']]);
  });

  it('not in is null (no row) when the subsearch gives a null, as in SQL', async () => {
    // members' teams: red, red, blue, pink, null. green is not among them, but a null is.
    expect(
      await rows(`${teams} | where team not in ${members} | fields team ] | fields team`)
    ).toEqual([]);
    expect(
      await rows(
        `${teams} | where team not in ${members} | where isnotnull(team) | fields team ] | fields team`
      )
    ).toEqual([['green']]);
  });

  it('refuses a subsearch giving fewer columns than the values compared', async () => {
    await expect(
      rows(`${teams} | where (team, size) in ${members} | fields team ] | fields team`)
    ).rejects.toThrow(/the subsearch gives 1 column\(s\) to compare 2 value\(s\) with/);
  });
});

describe('where [not] exists [ … ]', () => {
  // The same members, their team under another name so that it is not the outer `team`.
  const crew = `[ ${data([
    { who: 'ann', tm: 'red', age: 30 },
    { who: 'bob', tm: 'red', age: 41 },
    { who: 'cy', tm: 'blue', age: 25 },
    { who: 'dee', tm: 'pink', age: 52 },
  ])} | fields who, tm, age`;

  it("correlated: rows for which the subsearch, with the row's values, gives a row", async () => {
    expect(await rows(`${teams} | where exists ${crew} | where tm = team ] | fields team`)).toEqual(
      [['red'], ['blue']]
    );
    expect(
      await rows(`${teams} | where not exists ${crew} | where tm = team ] | fields team`)
    ).toEqual([['green']]);
  });

  it('correlated beyond equalities, with inner-only conditions and later commands', async () => {
    // A member older than the team's size * 10: red (size 2) has bob 41 and ann 30 > 20; blue
    // (size 5) needs > 50: only dee is, and she is in pink.
    expect(
      await rows(
        `${teams} | where exists ${crew} | where tm = team and age > size * 10 | fields who ] | fields team`
      )
    ).toEqual([['red']]);
    // Inner-only: members under 40 (ann red, cy blue).
    expect(
      await rows(
        `${teams} | where exists ${crew} | where age < 40 | where team = tm | head 1 ] | fields team`
      )
    ).toEqual([['red'], ['blue']]);
    // Combined with other conditions in the same where.
    expect(
      await rows(
        `${teams} | where size > 1 and not exists ${crew} | where tm = team and age > 40 ] | fields team`
      )
    ).toEqual([['blue']]);
  });

  it('uncorrelated: all rows or none', async () => {
    expect(
      await rows(`${teams} | where exists ${crew} | where age > 50 ] | fields team`)
    ).toHaveLength(3);
    expect(await rows(`${teams} | where exists ${crew} | where age > 60 ] | fields team`)).toEqual(
      []
    );
    expect(
      await rows(`${teams} | where not exists ${crew} | where age > 60 ] | fields team`)
    ).toHaveLength(3);
  });

  it('nested: an exists inside the subsearch of an exists', async () => {
    // Teams with a member who has a badge.
    const badges = `[ ${data([{ holder: 'cy' }])} | where holder = who ]`;
    expect(
      await rows(
        `${teams} | where exists ${crew} | where exists ${badges} | where tm = team ] | fields team`
      )
    ).toEqual([['blue']]);
  });

  it('refuses a command after the correlated where that changes which rows exist', async () => {
    await expect(
      rows(`${teams} | where exists ${crew} | where tm = team | stats count() ] | fields team`)
    ).rejects.toThrow(/after the where that refers to the outer rows only where/);
  });

  it('holds at most max_rows rows of a correlated subsearch', async () => {
    const err = await rows(
      `${teams} | where exists ${crew} | where tm = team ] | fields team`,
      3
    ).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BufferLimitError);
    expect((err as Error).message).toMatch(/^exists \[ \] must hold every row/);
  });

  it('explains the mode', async () => {
    const p = await compile(`${teams} | where exists ${crew} | where tm = team ] | fields team`);
    expect(p.plan.find((s) => s.command.startsWith('where exists'))).toMatchObject({
      mode: 'buffers',
    });
  });
});

describe('union', () => {
  const young = `[ ${data([{ n: 'a', age: 20 }])} | fields n, age ]`;
  const old = `[ ${data([{ n: 'b', age: 60.5, tag: 'x' }])} | fields n, age, tag ]`;

  it('leading: every dataset, columns of all, numbers widened', async () => {
    // makeresults types 20 as int and 60.5 as float: union.md widens int and float to float.
    const p = await compile(`| union ${young} ${old}`);
    expect(p.columns).toEqual([
      { name: 'n', type: 'string' },
      { name: 'age', type: 'float' },
      { name: 'tag', type: 'string' },
    ]);
    expect(await rows(`| union ${young}, ${old}`)).toEqual([
      ['a', 20, null],
      ['b', 60.5, 'x'],
    ]);
  });

  it('a column of clashing types becomes a string; maxout caps the rows', async () => {
    const other = `[ ${data([{ n: 'c', age: 'unknown' }])} | fields n, age ]`;
    expect(await rows(`| union ${young} ${other} | fields age`)).toEqual([['20'], ['unknown']]);
    expect(await rows(`| union maxout=2 ${young} ${old} ${young}`)).toHaveLength(2);
  });

  it('mid-pipeline: the rows so far are the first dataset', async () => {
    expect(
      await rows(`${data([{ n: 'z', age: 1 }])} | fields n, age | union ${young} | sort age`)
    ).toEqual([
      ['z', 1],
      ['a', 20],
    ]);
  });

  it('refuses a leading union of one dataset', () => {
    const parsed = parsePpl(`| union ${young}`);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.error.message).toMatch(/union needs at least two datasets/);
  });
});

describe('multisearch', () => {
  it('interleaves the subsearches newest @timestamp first when each has it', async () => {
    const a = `[ ${data([
      { '@timestamp': '2026-01-01 10:00:00', v: 1 },
      { '@timestamp': '2026-01-01 08:00:00', v: 2 },
    ])} | eval @timestamp = timestamp(\`@timestamp\`) | fields @timestamp, v ]`;
    const b = `[ ${data([
      { '@timestamp': '2026-01-01 09:00:00', v: 3 },
      { '@timestamp': '2026-01-01 11:00:00', v: 4 },
    ])} | eval @timestamp = timestamp(\`@timestamp\`) | fields @timestamp, v ]`;
    expect(await rows(`| multisearch ${a} ${b} | fields v`)).toEqual([[4], [1], [3], [2]]);
  });

  it('keeps a column of clashing types apart as name0', async () => {
    const a = `[ ${data([{ k: 1 }])} | fields k ]`;
    const b = `[ ${data([{ k: 'one' }])} | fields k ]`;
    const p = await compile(`| multisearch ${a} ${b}`);
    expect(p.columns.map((c) => c.name)).toEqual(['k', 'k0']);
    expect(await rows(`| multisearch ${a} ${b}`)).toEqual([
      [1, null],
      [null, 'one'],
    ]);
  });
});

describe('appendcol', () => {
  const sizes = data([
    { k: 'a', n: 3 },
    { k: 'b', n: 7 },
    { k: 'c', n: 5 },
  ]);

  it("reads the query's source again, not the rows so far (appendcol.md)", async () => {
    // The main rows are filtered; the subsearch counts every row of the source.
    expect(
      await rows(`${sizes} | where n > 4 | fields n | appendcol [ stats count() as c ]`)
    ).toEqual([
      [7, 3],
      [5, null],
    ]);
    // A longer subsearch adds rows with only its columns.
    expect(await rows(`${sizes} | where n = 7 | fields n | appendcol [ fields k ]`)).toEqual([
      [7, 'a'],
      [null, 'b'],
      [null, 'c'],
    ]);
  });

  it('override=true replaces the values of a shared column where the subsearch has a row', async () => {
    expect(
      await rows(
        `${sizes} | fields k, n | appendcol override=true [ where n > 4 | eval n = n * 100 | fields n ]`
      )
    ).toEqual([
      ['a', 700],
      ['b', 500],
      ['c', 5],
    ]);
    expect(
      await rows(`${sizes} | fields k, n | appendcol [ where n > 4 | eval n = n * 100 | fields n ]`)
    ).toEqual([
      ['a', 3],
      ['b', 7],
      ['c', 5],
    ]);
  });
});

describe('join overwrite', () => {
  const left = `${data([
    { k: 1, c: 'x' },
    { k: 2, c: 'y' },
  ])} | fields k, c`;
  const right = `[ ${data([{ k: 1, c: 'R' }])} | fields k, c ]`;

  it("overwrite=true: a shared column is the right side's, null without a match (join.md)", async () => {
    expect(await rows(`${left} | join type=left overwrite=true k ${right}`)).toEqual([
      [1, 'R'],
      [2, null],
    ]);
    expect(await rows(`${left} | join type=left overwrite=false k ${right}`)).toEqual([
      [1, 'x'],
      [2, 'y'],
    ]);
  });
});

describe('scalar subsearch in where', () => {
  it('compares with the one value of the subsearch', async () => {
    // Average size (2 + 5 + 1) / 3 = 2.67: only blue is above.
    expect(
      await rows(`${teams} | where size > [ ${teams} | stats avg(size) ] | fields team`)
    ).toEqual([['blue']]);
    expect(
      await rows(
        `${teams} | where size = [ ${teams} | stats min(size) ] or team = 'red' | fields team`
      )
    ).toEqual([['red'], ['green']]);
  });

  it('is null without rows and an error with more than one', async () => {
    expect(
      await rows(
        `${teams} | where size > [ ${teams} | where size > 9 | fields size ] | fields team`
      )
    ).toEqual([]);
    await expect(
      rows(`${teams} | where size > [ ${teams} | fields size ] | fields team`)
    ).rejects.toThrow(/a scalar subsearch gives more than one row/);
  });
});
