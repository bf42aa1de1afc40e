/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * The options of bin, streamstats, timechart and chart over rows made in memory (makeresults, no
 * cluster). Every expected value is worked out by hand from bin.md / streamstats.md /
 * timechart.md / chart.md; the arithmetic is written next to the case.
 */
import { BufferLimitError } from '../operators';
import {
  compileInMemory,
  inlineRows as data,
  runInMemory,
} from '../../../../test/support/ppl_in_memory';

const NOW = new Date(Date.UTC(2026, 0, 15, 10, 30));
const compile = (query: string, maxRows = 1000) => compileInMemory(query, { maxRows, now: NOW });
const rows = async (query: string, maxRows = 1000) =>
  (await runInMemory(query, { maxRows, now: NOW })).rows;

const column = async (query: string) => (await rows(query)).map((r) => r[0]);
// min 3, max 150: a range of 147.
const sizes = `${data([{ n: 12 }, { n: 47 }, { n: 3 }, { n: 88 }, { n: 150 }, { n: null }])}`;
const times = `${data([
  { t: '2026-01-15 10:05:00', n: 3 },
  { t: '2026-01-15 11:59:59', n: 7 },
  { t: '2026-01-16 00:00:00', n: 5 },
])} | eval t = cast(t as timestamp)`;

describe('bin options', () => {
  it('bins=<n>: the power of ten above range/n, one up when the bins would exceed n', async () => {
    // 147/5 = 29.4 → 100 (2 bins).
    expect(await column(`${sizes} | bin n bins=5 | fields n`)).toEqual([
      '0-100',
      '0-100',
      '0-100',
      '0-100',
      '100-200',
      null,
    ]);
    // 147/20 = 7.35 → 10: 15 bins, 16 as 150 sits on a boundary, ≤ 20.
    expect(await column(`${sizes} | bin n bins=20 | fields n`)).toEqual([
      '10-20',
      '40-50',
      '0-10',
      '80-90',
      '150-160',
      null,
    ]);
    // 147/15 = 9.8 → 10, but 16 bins > 15 → 100.
    expect((await column(`${sizes} | bin n bins=15 | fields n`))[0]).toBe('0-100');
  });

  it('minspan: the power of ten below the range unless smaller than minspan', async () => {
    expect((await column(`${sizes} | bin n minspan=5 | fields n`))[4]).toBe('100-200');
    // 100 < 150 → the power of ten above 150.
    expect((await column(`${sizes} | bin n minspan=150 | fields n`))[4]).toBe('0-1000');
  });

  it('start/end widen the range (never narrow it), an exact power of ten a step less', async () => {
    // [0, 1000]: 1000 is a power of ten → 100.
    expect(await column(`${sizes} | bin n start=0 end=1000 | fields n`)).toEqual([
      '0-100',
      '0-100',
      '0-100',
      '0-100',
      '100-200',
      null,
    ]);
    // end=20 is inside the data: the range stays [3, 150] → 100.
    expect((await column(`${sizes} | bin n end=20 | fields n`))[4]).toBe('100-200');
    // [-2000, 150]: 2150 → 1000, from -2000.
    expect((await column(`${sizes} | bin n start=-2000 | fields n`))[0]).toBe('0-1000');
  });

  it('no option: the power of ten below the range, as doubles', async () => {
    expect((await column(`${sizes} | bin n | fields n`)).slice(0, 5)).toEqual([
      '0.0-100.0',
      '0.0-100.0',
      '0.0-100.0',
      '0.0-100.0',
      '100.0-200.0',
    ]);
  });

  it('log spans: c·bᵏ ≤ v < c·bᵏ⁺¹, no bucket at or below zero', async () => {
    expect(await column(`${sizes} | bin n span=log10 | fields n`)).toEqual([
      '10.0-100.0',
      '10.0-100.0',
      '1.0-10.0',
      '10.0-100.0',
      '100.0-1000.0',
      null,
    ]);
    // n/2: 6, 23.5, 1.5, 44, 75.
    expect((await column(`${sizes} | bin n span=2log10 | fields n`)).slice(0, 5)).toEqual([
      '2.0-20.0',
      '20.0-200.0',
      '2.0-20.0',
      '20.0-200.0',
      '20.0-200.0',
    ]);
    expect(await column(`${data([{ n: 0 }, { n: 8 }])} | bin n span=log2 | fields n`)).toEqual([
      'Invalid',
      '8.0-16.0',
    ]);
  });

  it('aligntime: from the earliest day plus an offset, the earliest row, or epoch seconds', async () => {
    // @d+1h: 2026-01-15 01:00, 2h steps.
    expect(await column(`${times} | bin t span=2h aligntime=@d+1h | fields t`)).toEqual([
      '2026-01-15 09:00:00',
      '2026-01-15 11:00:00',
      '2026-01-15 23:00:00',
    ]);
    expect(await column(`${times} | bin t span=1h aligntime=earliest | fields t`)).toEqual([
      '2026-01-15 10:05:00',
      '2026-01-15 11:05:00',
      '2026-01-15 23:05:00',
    ]);
    // 1800 s: half past the hour.
    expect(await column(`${times} | bin t span=1h aligntime=1800 | fields t`)).toEqual([
      '2026-01-15 09:30:00',
      '2026-01-15 11:30:00',
      '2026-01-15 23:30:00',
    ]);
    // A day span is not moved; no option on a time field is 1h.
    expect((await column(`${times} | bin t span=1d aligntime=1800 | fields t`))[2]).toBe(
      '2026-01-16 00:00:00'
    );
    expect(await column(`${times} | bin t | fields t`)).toEqual([
      '2026-01-15 10:00:00',
      '2026-01-15 11:00:00',
      '2026-01-16 00:00:00',
    ]);
  });

  it('what needs the range buffers, bounded by max_rows; fixed spans stream', async () => {
    const modes = async (q: string) => (await compile(q)).plan.map((s) => s.mode);
    expect(await modes(`${sizes} | bin n bins=5`)).toContain('buffers');
    expect(await modes(`${sizes} | bin n span=10`)).not.toContain('buffers');
    expect(await modes(`${times} | bin t span=1h aligntime=1800`)).not.toContain('buffers');
    await expect(rows(`${sizes} | bin n bins=5`, 3)).rejects.toThrow(BufferLimitError);
  });

  it('bins text by the numbers it holds; other text has no bucket', async () => {
    const text = data([{ s: '12' }, { s: '250' }, { s: 'n/a' }, { s: '' }]);
    expect(await column(`${text} | bin s span=100 | fields s`)).toEqual([
      '0-100',
      '200-300',
      null,
      null,
    ]);
    // 12…250: 238/2 = 119 → 1000.
    expect(await column(`${text} | bin s bins=2 | fields s`)).toEqual([
      '0-1000',
      '0-1000',
      null,
      null,
    ]);
  });

  it('refuses numeric options on a time field, and non-numeric fields', async () => {
    // bins on time only as an index's stats group (an auto_date_histogram), as the SQL plugin.
    await expect(rows(`${times} | bin t bins=5 | stats count() by t`)).rejects.toThrow(
      /bins on a time field needs the binned field as a group of the stats right after it/
    );
    await expect(rows(`${times} | bin t minspan=5`)).rejects.toThrow(/minspan bins numeric fields/);
    await expect(rows(`${data([{ s: true }])} | bin s bins=5`)).rejects.toThrow(
      /bins numeric, time and text fields; "s" is boolean/
    );
  });
});

describe('streamstats options', () => {
  const seq = data([
    { g: 'a', v: 1 },
    { g: 'a', v: 2 },
    { g: 'b', v: 3 },
    { g: 'a', v: 4 },
    { g: 'b', v: 5 },
  ]);

  it('reset_after resets every group after the row (it may read the new aggregate)', async () => {
    // a: 1, 3 → reset; b: 3; a: 4; b: 3+5.
    expect(
      await column(`${seq} | streamstats reset_after=v=2 sum(v) as s by g | fields s`)
    ).toEqual([1, 3, 3, 4, 8]);
    // 1, 3, 6 → reset, 4, 9 → reset.
    expect(await column(`${seq} | streamstats reset_after=s>4 sum(v) as s | fields s`)).toEqual([
      1, 3, 6, 4, 9,
    ]);
  });

  it('reset_before resets before the row, windows too', async () => {
    expect(await column(`${seq} | streamstats reset_before=v>3 count() as c | fields c`)).toEqual([
      1, 2, 3, 1, 1,
    ]);
    // window=2 of sums: 1, 3, 5 | reset at 4: 4 | reset at 5: 5.
    expect(
      await column(`${seq} | streamstats window=2 reset_before=v>3 sum(v) as s | fields s`)
    ).toEqual([1, 3, 5, 4, 5]);
  });

  it('runs the aggregations of stats: variances, running and windowed', async () => {
    // Population variance of 1…k: 0, 0.25, 2/3, 1.25, 2.
    const vp = await column(`${seq} | streamstats var_pop(v) as x | fields x`);
    [0, 0.25, 2 / 3, 1.25, 2].forEach((x, i) => expect(vp[i]).toBeCloseTo(x, 12));
    // Sample variance of two neighbours (x, x+1 or x+2): none for one value.
    const vs = await column(`${seq} | streamstats window=2 var_samp(v) as x | fields x`);
    expect(vs).toEqual([null, 0.5, 0.5, 0.5, 0.5]);
    expect(await column(`${seq} | streamstats current=false values(g) as x | fields x`)).toEqual([
      [],
      ['a'],
      ['a'],
      ['a', 'b'],
      ['a', 'b'],
    ]);
  });

  it('bucket_nullable=false leaves rows with a null group out', async () => {
    const q = data([
      { g: 'a', v: 1 },
      { g: null, v: 2 },
      { g: 'a', v: 3 },
    ]);
    expect(
      await column(`${q} | streamstats bucket_nullable=false sum(v) as s by g | fields s`)
    ).toEqual([1, null, 4]);
    expect(await column(`${q} | streamstats sum(v) as s by g | fields s`)).toEqual([1, 2, 4]);
  });
});

describe('eventstats bucket_nullable', () => {
  it('false: rows with a null by value get null aggregates', async () => {
    const q = data([
      { g: 'a', v: 1 },
      { g: null, v: 2 },
      { g: 'a', v: 3 },
    ]);
    expect(
      await column(`${q} | eventstats bucket_nullable=false sum(v) as s by g | fields s`)
    ).toEqual([4, null, 4]);
    expect(await column(`${q} | eventstats sum(v) as s by g | fields s`)).toEqual([4, 2, 4]);
  });
});

describe('timechart rate functions and chart span', () => {
  it('per_minute, per_second, per_day: the sum scaled by unit / span seconds', async () => {
    expect(await rows(`${times} | timechart timefield=t span=1h per_minute(n)`)).toEqual([
      ['2026-01-15 10:00:00', (3 * 60) / 3600],
      ['2026-01-15 11:00:00', (7 * 60) / 3600],
      ['2026-01-16 00:00:00', (5 * 60) / 3600],
    ]);
    expect(await rows(`${times} | timechart timefield=t span=1d per_second(n) as r`)).toEqual([
      ['2026-01-15 00:00:00', 10 / 86400],
      ['2026-01-16 00:00:00', 5 / 86400],
    ]);
    // A month span: January has 31 days.
    expect(await rows(`${times} | timechart timefield=t span=1M per_day(n)`)).toEqual([
      ['2026-01-01 00:00:00', 15 / 31],
    ]);
  });

  it('a rate function takes a number', async () => {
    await expect(
      rows(`${times} | eval s = 'x' | timechart timefield=t per_hour(s)`)
    ).rejects.toThrow(/per_hour takes a number, not string/);
  });

  it('chart keeps the backticks a split was written with in its column name', async () => {
    const pipeline = await compile(`${times} | eval g = 'x' | chart count() over \`n\` by \`g\``);
    expect(pipeline.columns.map((c) => c.name)).toEqual(['`n`', '`g`', 'count()']);
    expect(
      await rows(`${times} | eval g = 'x' | chart count() over n by \`g\` | where n = 3`)
    ).toEqual([[3, 'x', 1]]);
  });

  it('chart span= buckets the row split', async () => {
    // n: 3 → 0; 7, 5 → 5.
    expect(await rows(`${times} | chart sum(n) by n span=5`)).toEqual([
      [0, 3],
      [5, 12],
    ]);
    expect(await rows(`${times} | chart count() over t span=1d`)).toEqual([
      ['2026-01-15 00:00:00', 2],
      ['2026-01-16 00:00:00', 1],
    ]);
  });
});

describe('patterns methods and modes', () => {
  const events = data([
    { m: 'user 12 logged in' },
    { m: 'disk full on sda1' },
    { m: 'user 7 logged in' },
    { m: null },
  ]);

  it('simple_pattern labels: each match becomes <*>, a null message an empty pattern', async () => {
    expect(await column(`${events} | patterns m | fields patterns_field`)).toEqual([
      '<*> <*> <*> <*>',
      '<*> <*> <*> <*>',
      '<*> <*> <*> <*>',
      '',
    ]);
    expect(await column(`${events} | patterns m pattern='[0-9]' | fields patterns_field`)).toEqual([
      'user <*><*> logged in',
      'disk full on sda<*>',
      'user <*> logged in',
      '',
    ]);
  });

  it('show_numbered_token in label mode adds tokens: what each <tokenN> held in the row', async () => {
    expect(
      await rows(
        `${events} | patterns m pattern='[0-9]+' show_numbered_token=true | fields patterns_field, tokens`
      )
    ).toEqual([
      ['user <token1> logged in', { '<token1>': ['12'] }],
      ['disk full on sda<token1>', { '<token1>': ['1'] }],
      ['user <token1> logged in', { '<token1>': ['7'] }],
      ['', {}],
    ]);
  });

  it('aggregation by a field: simple_pattern puts the pattern, then the keys, then the counts', async () => {
    const grouped = `${data([
      { m: 'a 1', g: 'x' },
      { m: 'a 2', g: 'y' },
    ])} | patterns m by g pattern='[0-9]' mode=aggregation`;
    const names = async (q: string) => (await compile(q)).columns.map((c) => c.name);
    expect(await names(grouped)).toEqual(['patterns_field', 'g', 'pattern_count', 'sample_logs']);
    expect(await names(`${grouped} show_numbered_token=true`)).toEqual([
      'g',
      'patterns_field',
      'pattern_count',
      'tokens',
      'sample_logs',
    ]);
  });

  it('mode=aggregation: a row per pattern with its count and samples, in pattern order', async () => {
    expect(
      await rows(`${events} | patterns m pattern='[0-9]+' mode=aggregation max_sample_count=1`)
    ).toEqual([
      ['disk full on sda<*>', 1, ['disk full on sda1']],
      ['user <*> logged in', 2, ['user 12 logged in']],
    ]);
    expect(
      await rows(
        `${events} | patterns m pattern='[0-9]+' mode=aggregation show_numbered_token=true | where pattern_count > 1`
      )
    ).toEqual([
      [
        'user <token1> logged in',
        2,
        { '<token1>': ['12', '7'] },
        ['user 12 logged in', 'user 7 logged in'],
      ],
    ]);
  });

  const logs = data([
    { m: 'conn from 10.0.0.1 ok' },
    { m: 'conn from 10.0.0.2 ok' },
    { m: 'conn from 10.0.0.3 failed' },
    { m: 'login alice took 31ms' },
    { m: 'login bob took 7ms' },
  ]);

  it('brain: addresses replaced first; rarer words at positions with many values vary', async () => {
    // Every position has at most 4 distinct words: with the default threshold (5) all stay.
    expect(await column(`${logs} | patterns m method=brain | fields patterns_field`)).toEqual([
      'conn from <*IP*> ok',
      'conn from <*IP*> ok',
      'conn from <*IP*> failed',
      'login alice took 31ms',
      'login bob took 7ms',
    ]);
    // Threshold 2: the last word (4 values) and the second (3 values) vary where they are rarer
    // than the message's root frequency (3 for "conn from <*IP*>", 2 for "login … took").
    expect(
      await rows(`${logs} | patterns m method=brain mode=aggregation variable_count_threshold=2`)
    ).toEqual([
      [
        'conn from <*IP*> <*>',
        3,
        ['conn from 10.0.0.1 ok', 'conn from 10.0.0.2 ok', 'conn from 10.0.0.3 failed'],
      ],
      ['login <*> took <*>', 2, ['login alice took 31ms', 'login bob took 7ms']],
    ]);
  });

  it('brain and aggregation buffer, bounded by max_rows', async () => {
    await expect(rows(`${logs} | patterns m method=brain`, 4)).rejects.toThrow(BufferLimitError);
    const plan = (await compile(`${logs} | patterns m mode=aggregation`)).plan;
    expect(plan.map((s) => s.mode)).toContain('buffers');
  });
});

describe('spath without a path', () => {
  const docs =
    `${data([{ i: 1 }, { i: 2 }, { i: 3 }])} | eval j = case(i = 1, '{"a":10,"n":{"x":"p"},"c":30}', ` +
    `i = 2, '{"a":11,"n.x":"q","n":{"x":"r"},"l":[1,2]}' else 'not json'), c = 1 | fields j, c`;

  it('extracts every key as text (spath.md): dotted through objects, several values as [a, b]', async () => {
    // A repeated key, an array's elements, or a column that exists: one text cell.
    expect(await rows(`${docs} | spath input=j | fields a, n.x, c, \`l{}\``)).toEqual([
      ['10', 'p', '[1, 30]', null],
      ['11', '[q, r]', '1', '[1, 2]'],
      [null, null, '1', null],
    ]);
    // output=: the keys below a prefix.
    expect(await rows(`${docs} | spath input=j output=d | fields d.a, d.c, c | head 1`)).toEqual([
      ['10', '30', 1],
    ]);
  });

  it('its columns follow the data', async () => {
    const pipeline = await compile(`${docs} | spath input=j`);
    expect(pipeline.columns.map((c) => [c.name, c.type])).toEqual([
      ['j', 'string'],
      ['c', 'string'],
      ['a', 'string'],
      ['n.x', 'string'],
      ['l{}', 'string'],
    ]);
    expect(pipeline.plan.map((s) => s.mode)).toContain('buffers');
  });

  it('holds at most max_rows', async () => {
    await expect(rows(`${docs} | spath input=j`, 2)).rejects.toThrow(BufferLimitError);
  });

  it('with a path: every element of an array ({}) and keys written in brackets', async () => {
    const q =
      `${data([{ i: 1 }])} | eval j = '{"l":[{"v":1},{"v":2}],"a.b":{"c d":true}}' ` +
      `| spath input=j output=all l{} | spath input=j output=vs l{}.v | spath input=j output=e "['a.b']['c d']" | fields all, vs, e`;
    expect(await rows(q)).toEqual([['[{"v":1},{"v":2}]', '[1,2]', 'true']]);
  });
});

describe('convert time and duration functions', () => {
  const one = `${data([{ k: 1 }])}`;
  // 1066507633 s after the epoch, by the platform's own clock arithmetic.
  const at = new Date(1066507633 * 1000).toISOString();
  const [day, time] = [at.slice(0, 10), at.slice(11, 19)];

  it('ctime and mktime in the default and a given timeformat, in UTC', async () => {
    const [y, m, d] = day.split('-');
    expect(await column(`${one} | eval t = 1066507633 | convert ctime(t) | fields t`)).toEqual([
      `${m}/${d}/${y} ${time}`,
    ]);
    expect(
      await column(
        `${one} | eval t = 1066507633 | convert timeformat="%Y-%m-%d %H:%M:%S" ctime(t) as s | fields s`
      )
    ).toEqual([`${day} ${time}`]);
    expect(
      await column(`${one} | eval s = '${m}/${d}/${y} ${time}' | convert mktime(s) | fields s`)
    ).toEqual([1066507633]);
    expect(
      await column(
        `${one} | eval s = '2000-01-01 00:00:00' | convert timeformat="%Y-%m-%d %H:%M:%S" mktime(s) | fields s`
      )
    ).toEqual([Date.UTC(2000, 0, 1) / 1000]);
    expect(await column(`${one} | eval s = 'soon' | convert mktime(s) | fields s`)).toEqual([null]);
  });

  it('dur2sec reads [D+]HH:MM:SS, mstime [MM:]SS.SSS', async () => {
    expect(
      await rows(
        `${one} | eval a = '01:23:45', b = '2+01:00:00', c = '03:45.5', d = '12.25' | convert dur2sec(a), dur2sec(b), mstime(c), mstime(d) | fields a, b, c, d`
      )
    ).toEqual([[3600 + 23 * 60 + 45, 2 * 86400 + 3600, 3 * 60 + 45.5, 12.25]]);
  });
});

describe('wildcards in backticks', () => {
  const q = data([{ '@t': 1, '@u': 2, v: 3 }]);

  it('fields `*` and rename `@*` treat the star as a wildcard', async () => {
    expect(await rows(`${q} | fields \`*\``)).toEqual([['2026-01-15 10:30:00', 1, 2, 3]]);
    expect(await rows(`${q} | rename \`@*\` as at_* | fields at_t, at_u, v`)).toEqual([[1, 2, 3]]);
  });
});
