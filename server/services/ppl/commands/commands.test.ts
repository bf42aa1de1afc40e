/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * The new command families over rows made in memory (makeresults, no cluster): each case states
 * the rows a user would see, worked out by hand from the documented semantics.
 */
import {
  compileInMemory,
  inlineRows as data,
  runInMemory,
} from '../../../../test/support/ppl_in_memory';
import { BufferLimitError } from '../operators';
import { grokToRegex } from './grok';
import { resolveTimeModifier } from './search';
import { replaceWildcard } from './shaping';
import { timeBucket } from './buckets';
import { movingAverage } from './windows';

const NOW = new Date(Date.UTC(2026, 0, 15, 10, 30));
const rows = async (query: string, maxRows = 1000) =>
  (await runInMemory(query, { maxRows, now: NOW })).rows;
const columns = async (query: string) => (await compileInMemory(query)).columns.map((c) => c.name);

const logs = data([
  { msg: 'GET /a/1 200', n: 3, t: '2026-01-15 10:05:00' },
  { msg: 'POST /b/22 500', n: 7, t: '2026-01-15 11:59:59' },
  { msg: 'GET /a/3 404', n: 5, t: '2026-01-16 00:00:00' },
]);

describe('shaping', () => {
  it('reverse flips a sort; else orders by @timestamp, newest first; else changes nothing', async () => {
    expect(await rows(`${logs} | sort n | eval m = n | reverse | fields n`)).toEqual([
      [7],
      [5],
      [3],
    ]);
    // t: 10:05 (n 3), 11:59:59 (n 7), the next day (n 5).
    expect(
      await rows(`${logs} | eval \`@timestamp\` = cast(t as timestamp) | reverse | fields n`)
    ).toEqual([[5], [7], [3]]);
    expect(await rows(`${logs} | reverse | fields n`)).toEqual([[3], [7], [5]]);
    // An aggregation undoes the sort before it (reverse.md).
    expect(await rows(`${logs} | sort - n | stats count() by n | reverse | fields n`)).toEqual([
      [3],
      [5],
      [7],
    ]);
  });

  it('fillnull with/using/value replace only nulls', async () => {
    const q = data([
      { a: 'x', b: null },
      { a: null, b: 'y' },
    ]);
    expect(await rows(`${q} | fillnull with '-' in a | fields a, b`)).toEqual([
      ['x', null],
      ['-', 'y'],
    ]);
    expect(await rows(`${q} | fillnull using a = 'A', b = 'B' | fields a, b`)).toEqual([
      ['x', 'B'],
      ['A', 'y'],
    ]);
    expect(await rows(`${q} | fillnull value='?' | fields a, b`)).toEqual([
      ['x', '?'],
      ['?', 'y'],
    ]);
  });

  it('fillnull refuses a value of another type than the field', async () => {
    await expect(
      rows(`${logs} | eval m = cast(n as string) | fillnull with 0 in m`)
    ).rejects.toThrow(/does not match the type of "m"/);
  });

  it('replace: plain text everywhere, wildcards on the whole value', () => {
    expect(replaceWildcard('a-b-a', 'a', 'Z')).toBe('Z-b-Z');
    expect(replaceWildcard('880 Main Lane', '* Lane', 'Lane *')).toBe('Lane 880 Main');
    expect(replaceWildcard('1 2 3', '* *', '*_*')).toBe('1_2 3');
    expect(replaceWildcard('abc', 'x*', 'y')).toBe('abc');
    expect(replaceWildcard('a*b', 'a\\*b', 'lit')).toBe('lit');
    expect(replaceWildcard('any', '*', 'fixed')).toBe('fixed');
  });

  it('mvexpand gives one row per element', async () => {
    const arrays = `${logs} | rex field=msg "(?<d>[0-9])" max_match=2`;
    expect(await rows(`${arrays} | mvexpand d | fields n, d`)).toEqual([
      [3, '1'],
      [3, '2'],
      [7, '2'],
      [7, '2'],
      [5, '3'],
      [5, '4'],
    ]);
    expect(await rows(`${arrays} | mvexpand d limit=1 | fields n, d`)).toEqual([
      [3, '1'],
      [7, '2'],
      [5, '3'],
    ]);
  });

  it('addtotals adds a row total; addcoltotals a totals row last', async () => {
    const q = data([
      { a: 1, b: 2, s: 'x' },
      { a: 3, b: 4, s: 'y' },
    ]);
    expect(await rows(`${q} | addtotals a, b | fields s, Total`)).toEqual([
      ['x', 3],
      ['y', 7],
    ]);
    // With col=true the totals row sums the columns, not the row totals (addtotals.md).
    expect(await rows(`${q} | addtotals col=true labelfield=s a, b | fields s, a, Total`)).toEqual([
      ['x', 1, 3],
      ['y', 3, 7],
      ['Total', 4, null],
    ]);
    expect(await rows(`${q} | addcoltotals labelfield=s label=sum a | fields s, a`)).toEqual([
      ['x', 1],
      ['y', 3],
      ['sum', 4],
    ]);
  });

  it('transpose turns rows into columns', async () => {
    const q = data([
      { a: 1, b: 'p' },
      { a: 2, b: 'q' },
    ]);
    expect(await columns(`${q} | fields a, b | transpose 2`)).toEqual(['column', 'row 1', 'row 2']);
    expect(await rows(`${q} | fields a, b | transpose 2`)).toEqual([
      ['a', '1', '2'],
      ['b', 'p', 'q'],
    ]);
  });

  it('a buffering command stops at max_rows', async () => {
    await expect(rows(`makeresults count=20 | reverse`, 10)).rejects.toBeInstanceOf(
      BufferLimitError
    );
    await expect(rows(`makeresults count=20 | eventstats count() as c`, 10)).rejects.toBeInstanceOf(
      BufferLimitError
    );
  });
});

describe('extraction', () => {
  it('parse matches the whole value; no match gives empty strings', async () => {
    expect(
      await rows(`${logs} | parse msg '(?<verb>GET) (?<path>\\\\S+) .*' | fields verb, path`)
    ).toEqual([
      ['GET', '/a/1'],
      ['', ''],
      ['GET', '/a/3'],
    ]);
  });

  it('rex extracts the first match, or several as arrays, or null', async () => {
    expect(await rows(`${logs} | rex field=msg "/(?<seg>[a-z])/" | fields seg`)).toEqual([
      ['a'],
      ['b'],
      ['a'],
    ]);
    expect(await rows(`${logs} | rex field=msg "(?<d>[0-9])" max_match=2 | fields d`)).toEqual([
      [['1', '2']],
      [['2', '2']],
      [['3', '4']],
    ]);
    expect(await rows(`${logs} | rex field=msg "(?<x>zzz)" | fields x`)).toEqual([
      [null],
      [null],
      [null],
    ]);
  });

  it('rex offset_field records where each group matched (end inclusive)', async () => {
    expect(
      await rows(
        `${logs} | head 1 | rex field=msg "(?<v>[A-Z]+) (?<p>/[a-z])" offset_field=pos | fields pos`
      )
    ).toEqual([['p=4-5&v=0-2']]);
  });

  it('rex mode=sed substitutes the first match, or all with g, and transliterates with y', async () => {
    expect(
      await rows(`${logs} | head 1 | rex field=msg mode=sed "s/[0-9]/#/" | fields msg`)
    ).toEqual([['GET /a/# 200']]);
    expect(
      await rows(`${logs} | head 1 | rex field=msg mode=sed "s/[0-9]/#/g" | fields msg`)
    ).toEqual([['GET /a/# ###']]);
    expect(
      await rows(`${logs} | head 1 | rex field=msg mode=sed "y/GET/get/" | fields msg`)
    ).toEqual([['get /a/1 200']]);
  });

  it('rex refuses group names with underscores and patterns RE2 cannot run', async () => {
    await expect(rows(`${logs} | rex field=msg "(?<a_b>x)"`)).rejects.toThrow(
      /Invalid capture group name "a_b"/
    );
    await expect(rows(`${logs} | rex field=msg "(?<a>x)(?=y)"`)).rejects.toThrow(/lookahead/);
  });

  it('regex keeps (or drops) the rows whose value contains a match', async () => {
    expect(await rows(`${logs} | regex msg="^GET" | fields n`)).toEqual([[3], [5]]);
    expect(await rows(`${logs} | regex msg!="^GET" | fields n`)).toEqual([[7]]);
  });

  it('grok names its groups from %{PATTERN:name}', async () => {
    expect(
      await rows(
        `${logs} | grok msg '%{WORD:verb} %{NOTSPACE:path} %{INT:code}' | fields verb, code`
      )
    ).toEqual([
      ['GET', '200'],
      ['POST', '500'],
      ['GET', '404'],
    ]);
    // An unnamed pattern of the query is a column of its own name; inner names as well.
    expect(
      await rows(`${logs} | grok msg '%{WORD} %{NOTSPACE:path} %{INT}' | fields WORD, path, INT`)
    ).toEqual([
      ['GET', '/a/1', '200'],
      ['POST', '/b/22', '500'],
      ['GET', '/a/3', '404'],
    ]);
    expect(grokToRegex('%{WORD} %{WORD}')).toBe('(?P<WORD>\\b\\w+\\b) (?:\\b\\w+\\b)');
    expect(grokToRegex('%{NOPE:x}')).toEqual({
      error: expect.stringMatching(/unknown grok pattern %\{NOPE\}/),
    });
  });

  it('patterns turns each run of letters and digits into <*> by default', async () => {
    expect(await rows(`${logs} | head 1 | patterns msg | fields patterns_field`)).toEqual([
      ['<*> /<*>/<*> <*>'],
    ]);
  });
});

describe('buckets and windows', () => {
  it('stats by span(): numeric and time buckets, the span first', async () => {
    expect(await rows(`${logs} | stats count() as c by span(n, 4) as b`)).toEqual([
      [1, 0],
      [2, 4],
    ]);
    expect(await columns(`${logs} | stats count() by msg, span(n, 4)`)).toEqual([
      'count()',
      'span(n,4)',
      'msg',
    ]);
    expect(
      await rows(`${logs} | eval ts = cast(t as timestamp) | stats sum(n) by span(ts, 1d)`)
    ).toEqual([
      [10, '2026-01-15 00:00:00'],
      [5, '2026-01-16 00:00:00'],
    ]);
  });

  it('time buckets: fixed units from the epoch, months by the calendar', () => {
    const at = Date.UTC(2026, 4, 17, 13, 47, 12);
    expect(timeBucket(at, { size: 15, unit: 'm', text: '15m' })).toBe(
      Date.UTC(2026, 4, 17, 13, 45)
    );
    expect(timeBucket(at, { size: 1, unit: 'M', text: '1M' })).toBe(Date.UTC(2026, 4, 1));
    expect(timeBucket(at, { size: 1, unit: 'q', text: '1q' })).toBe(Date.UTC(2026, 3, 1));
    expect(timeBucket(at, { size: 1, unit: 'y', text: '1y' })).toBe(Date.UTC(2026, 0, 1));
  });

  it('bin gives ranges for numbers', async () => {
    expect(await rows(`${logs} | bin n span=5 | fields n`)).toEqual([['0-5'], ['5-10'], ['5-10']]);
  });

  it('eventstats adds the group aggregate to every row', async () => {
    expect(
      await rows(
        `${logs} | rex field=msg "(?<verb>[A-Z]+)" | eventstats sum(n) as s by verb | fields verb, s`
      )
    ).toEqual([
      ['GET', 8],
      ['POST', 7],
      ['GET', 8],
    ]);
  });

  it('streamstats: running, windowed, without the current row', async () => {
    expect(await rows(`${logs} | streamstats sum(n) as s | fields s`)).toEqual([[3], [10], [15]]);
    expect(await rows(`${logs} | streamstats window=2 avg(n) as a | fields a`)).toEqual([
      [3],
      [5],
      [6],
    ]);
    expect(await rows(`${logs} | streamstats current=false max(n) as m | fields m`)).toEqual([
      [null],
      [3],
      [7],
    ]);
  });

  it('mvexpand: an array column that is empty or null gives no rows; other columns stay', async () => {
    const q = data([
      { n: 1, g: 'a,b' },
      { n: 2, g: null },
      { n: 3, g: 'b' },
    ]);
    expect(
      await rows(`${q} | eval a = filter(split(g, ','), s -> s = 'a') | mvexpand a | fields n, a`)
    ).toEqual([[1, 'a']]);
    // The expanded column holds elements: of split()'s strings, of array()'s common type.
    const typed = async (query: string) =>
      (await compileInMemory(query)).columns.map((c) => [c.name, c.type]);
    expect(await typed(`${q} | eval a = split(g, ',') | mvexpand a | fields a`)).toEqual([
      ['a', 'string'],
    ]);
    expect(await typed(`${q} | eval a = array(1, 2.5) | mvexpand a | fields a`)).toEqual([
      ['a', 'double'],
    ]);
    expect(await rows(`${q} | mvexpand g | fields n, g`)).toEqual([
      [1, 'a,b'],
      [2, null],
      [3, 'b'],
    ]);
  });

  it('streamstats as the plugin plans each form: the self-join counts an empty frame as one row', async () => {
    const q = data([
      { g: 'a', v: 1 },
      { g: 'b', v: 2 },
      { g: null, v: 3 },
      { g: 'a', v: 4 },
    ]);
    // global=true, a window and by: a left join on the group, so count() of nothing is 1.
    expect(
      await rows(
        `${q} | streamstats current=false window=2 count() as c, sum(v) as s by g | fields c, s`
      )
    ).toEqual([
      [1, null],
      [1, null],
      [1, null],
      [1, null],
    ]);
    // With a reset the window counts every row (the second a is 3 rows after the first, out of
    // it, global=false or not); an excluded null key aggregates nothing.
    expect(
      await rows(
        `${q} | streamstats bucket_nullable=false global=false window=3 reset_after=v > 9 count() as c by g | fields c`
      )
    ).toEqual([[1], [1], [0], [1]]);
  });

  it('trendline leaves out rows whose averaged field is null; the windows skip them', async () => {
    const gaps = data([{ n: 2 }, { n: null }, { n: 4 }, { n: 9 }]);
    expect(await rows(`${gaps} | trendline sma(2, n) as s | fields n, s`)).toEqual([
      [2, null],
      [4, 3],
      [9, 6.5],
    ]);
    expect(movingAverage('wma', [1, 2, 4])).toBe((1 + 4 + 12) / 6);
    expect(movingAverage('sma', [1, 2, 4])).toBe(7 / 3);
  });

  it('eventstats / streamstats by span(): a partition, no column, null its own group', async () => {
    const q = data([{ x: 3 }, { x: 14 }, { x: null }, { x: 17 }]);
    expect(await rows(`${q} | eventstats count() as c by span(x, 10) as b | fields x, c`)).toEqual([
      [3, 1],
      [14, 2],
      [null, 1],
      [17, 2],
    ]);
    expect(await columns(`${q} | eventstats count() as c by span(x, 10) as b`)).not.toContain('b');
    expect(
      await rows(`${q} | streamstats bucket_nullable=false count() as c by span(x, 10) | fields c`)
    ).toEqual([[1], [1], [null], [2]]);
    await expect(rows(`${q} | streamstats window=2 count() by span(x, 10)`)).rejects.toThrow(
      /only field or alias\(field\) is supported/
    );
  });

  it('trendline sma and wma', async () => {
    expect(await rows(`${logs} | trendline sma(2, n) as s wma(2, n) as w | fields s, w`)).toEqual([
      [null, null],
      [5, 17 / 3],
      [6, 17 / 3],
    ]);
  });
});

describe('combining', () => {
  const left = `${data([
    { k: 1, a: 'x' },
    { k: 2, a: 'y' },
    { k: 3, a: 'z' },
  ])} | fields k, a`;
  const right = `[ ${data([
    { k: 1, b: 'p' },
    { k: 3, b: 'q' },
    { k: 3, b: 'r' },
  ])} | fields k, b ]`;

  it('join on a field list: inner, left, semi, anti', async () => {
    expect(await rows(`${left} | join k ${right} | fields k, a, b`)).toEqual([
      [1, 'x', 'p'],
      [3, 'z', 'q'],
      [3, 'z', 'r'],
    ]);
    expect(await rows(`${left} | join type=left max=1 k ${right} | fields k, b`)).toEqual([
      [1, 'p'],
      [2, null],
      [3, 'q'],
    ]);
    expect(await rows(`${left} | join type=semi k ${right} | fields k`)).toEqual([[1], [3]]);
    expect(await rows(`${left} | join type=anti k ${right} | fields k`)).toEqual([[2]]);
  });

  it('join on <field>: the shorthand of the equality by name, both columns kept', async () => {
    const query = `${left} | left outer join on k ${right}`;
    expect(await columns(query)).toEqual(['k', 'a', 'right.k', 'b']);
    expect(await rows(query)).toEqual([
      [1, 'x', 1, 'p'],
      [2, 'y', null, null],
      [3, 'z', 3, 'q'],
      [3, 'z', 3, 'r'],
    ]);
    expect(await rows(`${left} | join on k ${right} as s | fields s.k, b`)).toEqual([
      [1, 'p'],
      [3, 'q'],
      [3, 'r'],
    ]);
  });

  it('scalar subsearches in eval and where, correlated by conditions on outer fields', async () => {
    const inner = `[ ${data([
      { k: 1, v: 5 },
      { k: 3, v: 7 },
      { k: 3, v: 9 },
    ])} | fields k, v | rename k as j`;
    expect(await rows(`${left} | eval m = ${inner} | stats max(v) ] | fields k, m`)).toEqual([
      [1, 9],
      [2, 9],
      [3, 9],
    ]);
    // Each outer row its group's value; no group: the value over no rows.
    expect(
      await rows(
        `${left} | eval n = ${inner} | where j = k | stats count() ], m = ${inner} | where j = k | stats max(v) ] | fields k, n, m`
      )
    ).toEqual([
      [1, 1, 5],
      [2, 0, null],
      [3, 2, 9],
    ]);
    expect(
      await rows(`${left} | where k <= ${inner} | where j = k | stats count() ] | fields a`)
    ).toEqual([['x']]);
    // Any other condition on outer fields picks each outer row's inner rows (subquery.md).
    expect(
      await rows(`${left} | eval n = ${inner} | where j > k | stats count() ] | fields k, n`)
    ).toEqual([
      [1, 2],
      [2, 2],
      [3, 0],
    ]);
    expect(
      await rows(
        `${left} | eval m = ${inner} | where j = k or v = 5 | stats max(v) ] | fields k, m`
      )
    ).toEqual([
      [1, 5],
      [2, 5],
      [3, 9],
    ]);
    expect(
      await rows(
        `${left} | where ${inner} | where j = k and v > k * 2 | stats count() ] > 0 | fields k`
      )
    ).toEqual([[1], [3]]);
  });

  it('a cross join streams its pairs in batches, never all at once', async () => {
    const query =
      'makeresults count=30 | eval a = 1 | fields a | cross join on 1 = 1 [ makeresults count=100 | eval b = 2 | fields b ]';
    const pipeline = await compileInMemory(query);
    const sizes: number[] = [];
    for await (const batch of pipeline.run()) sizes.push(batch.length);
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(3000);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(1000);
  });

  it('join on a condition keeps the left names and qualifies the clashing right ones', async () => {
    // As the SQL plugin's planner: only the right side's clashing column takes its alias.
    expect(await columns(`${left} | join left=l, right=r on l.k = r.k ${right}`)).toEqual([
      'k',
      'a',
      'r.k',
      'b',
    ]);
    // A qualified name reads its side's column, shown under the column's name.
    expect(
      await columns(`${left} | join left=l right=r on l.k = r.k ${right} | fields l.a, r.b`)
    ).toEqual(['a', 'b']);
    expect(
      await rows(
        `${left} | join left=l right=r on l.k = r.k ${right} | where r.b = 'q' | fields l.a`
      )
    ).toEqual([['z']]);
    expect(
      await rows(
        `${left} | right join left=l right=r on l.k = r.k AND r.b != 'q' ${right} | fields l.k, r.k, b`
      )
    ).toEqual([
      [1, 1, 'p'],
      [3, 3, 'r'],
      [null, 3, 'q'],
    ]);
  });

  it('where … in [ subsearch ] keeps the rows whose value the subsearch gives', async () => {
    expect(
      await rows(`${left} | where k in [ ${data([{ v: 3 }, { v: 1 }])} | fields v ] | fields a`)
    ).toEqual([['x'], ['z']]);
    expect(
      await rows(`${left} | where k not in [ ${data([{ v: 3 }])} | fields v ] | fields a`)
    ).toEqual([['x'], ['y']]);
    expect(await rows(`${left} | where k in (1, 2) | fields a`)).toEqual([['x'], ['y']]);
  });

  it('foreach runs its template once per matching field', async () => {
    const q = `${data([{ size_a: 1, size_b: 2, other: 5 }])} | fields size_a, size_b, other`;
    expect(
      await rows(
        `${q} | foreach size_* [ eval <<FIELD>>_x2 = <<FIELD>> * 2, copy_<<MATCHSTR>> = <<FIELD>> ]`
      )
    ).toEqual([[1, 2, 5, 2, 1, 4, 2]]);
    expect(await columns(`${q} | foreach other size_a [ eval <<FIELD>> = <<FIELD>> + 1 ]`)).toEqual(
      ['size_a', 'size_b', 'other']
    );
    expect(await rows(`${q} | foreach fieldstr='F' other [ eval F = F * 10 ]`)).toEqual([
      [1, 2, 50],
    ]);
  });

  it('multisearch gives the rows of each subsearch, columns of all', async () => {
    expect(
      await rows(
        `| multisearch [ ${data([{ a: 1 }])} | fields a] [ ${data([{ b: 'x' }, { b: 'y' }])} | fields b]`
      )
    ).toEqual([
      [1, null],
      [null, 'x'],
      [null, 'y'],
    ]);
  });

  it('append and appendpipe add rows after the rows so far', async () => {
    expect(await rows(`${left} | fields k | append [ ${data([{ z: 9 }])} | fields z ]`)).toEqual([
      [1, null],
      [2, null],
      [3, null],
      [null, 9],
    ]);
    expect(await rows(`${left} | fields k | appendpipe [ stats sum(k) as k ]`)).toEqual([
      [1],
      [2],
      [3],
      [6],
    ]);
  });

  it('append and appendpipe refuse a name whose two sides differ in type, as the plugin does', async () => {
    for (const q of [
      `${left} | fields k | append [ ${data([{ z: 9 }])} | eval k = 'text' | fields k ]`,
      `${left} | fields k | appendpipe [ eval k = k * 1.5 ]`,
    ])
      await expect(rows(q)).rejects.toThrow(
        /Unable to process column 'k' due to incompatible types/
      );
    // One type on both sides merges into one column.
    expect(await rows(`${left} | fields k | appendpipe [ eval k = k + 10 ]`)).toHaveLength(6);
  });
});

describe('search time modifiers', () => {
  const now = new Date(Date.UTC(2026, 0, 15, 10, 30, 45));
  it.each([
    ['now', Date.UTC(2026, 0, 15, 10, 30, 45)],
    ['-7d', Date.UTC(2026, 0, 8, 10, 30, 45)],
    ['-1h@h', Date.UTC(2026, 0, 15, 9)],
    ['+1d@d', Date.UTC(2026, 0, 16)],
    ['@month', Date.UTC(2026, 0, 1)],
    ['-1month@month', Date.UTC(2025, 11, 1)],
    ['2024-12-31 23:59:59', Date.UTC(2024, 11, 31, 23, 59, 59)],
    ['12/31/2024:23:59:59', Date.UTC(2024, 11, 31, 23, 59, 59)],
    ['1754020061', 1754020061000],
  ])('%s', (text, want) => {
    expect(resolveTimeModifier(text, now)?.getTime()).toBe(want);
  });
  it('refuses what is no time', () => {
    expect(resolveTimeModifier('-3parsecs', now)).toBeUndefined();
  });
});

describe('convert, spath, appendcol, typed sorts', () => {
  it.each([
    ['auto', '1,234', 1234],
    ['auto', '100m', 102400],
    ['auto', '2.5 sec', 2.5],
    ['auto', 'abc', null],
    ['num', '1,234', 1234],
    ['num', '12abc,5', 12],
    ['rmcomma', '1,234.5', 1234.5],
    ['rmcomma', '1,2x', null],
    ['rmunit', '2.000 sec', 2],
    ['memk', '3g', 3 * 1024 * 1024],
    ['memk', '7', 7],
  ])('convert %s(%j) is %j', async (func, text, want) => {
    expect(await rows(`${data([{ v: text }])} | convert ${func}(v) as out | fields out`)).toEqual([
      [want],
    ]);
  });

  it('nomv joins an array with newlines; mvcombine makes one', async () => {
    expect(
      await rows(`${logs} | rex field=msg "(?<d>[0-9])" max_match=2 | nomv d | fields d`)
    ).toEqual([['1\n2'], ['2\n2'], ['3\n4']]);
    expect(await rows(`${logs} | eval g = 'all' | fields g, n | mvcombine n`)).toEqual([
      ['all', [3, 7, 5]],
    ]);
  });

  it('convert none(f) as g keeps the value under a new name', async () => {
    expect(await rows(`${logs} | head 1 | convert none(n) as m | fields n, m`)).toEqual([[3, 3]]);
  });

  it('spath reads one path out of JSON text', async () => {
    const q = `${data([{ k: 1 }, { k: 2 }])} | eval j = if(k = 1, '{"a":{"b":[10,{"c":"x"}]}}', 'not json')`;
    expect(await rows(`${q} | spath input=j path=a.b{1}.c | fields \`a.b{1}.c\``)).toEqual([
      ['x'],
      [null],
    ]);
    expect(await rows(`${q} | spath input=j output=first a.b[0] | fields first`)).toEqual([
      ['10'],
      [null],
    ]);
    expect(await rows(`${q} | spath input=j output=o a | fields o`)).toEqual([
      ['{"b":[10,{"c":"x"}]}'],
      [null],
    ]);
  });

  it('appendcol joins the commands rows side by side', async () => {
    expect(await rows(`${logs} | fields n | appendcol [ eval m = n * 10 | fields m ]`)).toEqual([
      [3, 30],
      [7, 70],
      [5, 50],
    ]);
    expect(await rows(`${logs} | fields n | appendcol [ stats sum(n) as total ]`)).toEqual([
      [3, 15],
      [7, null],
      [5, null],
    ]);
  });

  it('sort num(), str() and ip() compare as told', async () => {
    const q = data([{ v: '10' }, { v: '9' }, { v: '10.0.0.2' }, { v: '9.0.0.1' }]);
    expect(
      await rows(`${data([{ v: '10' }, { v: '9' }, { v: '100' }])} | sort num(v) | fields v`)
    ).toEqual([['9'], ['10'], ['100']]);
    expect(
      await rows(`${data([{ v: 10 }, { v: 9 }, { v: 100 }])} | sort str(v) | fields v`)
    ).toEqual([[10], [100], [9]]);
    expect(await rows(`${q} | where like(v, '%.%') | sort - ip(v) | fields v`)).toEqual([
      ['10.0.0.2'],
      ['9.0.0.1'],
    ]);
  });
});
