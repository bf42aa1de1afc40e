/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/** Stats aggregations in the server, their types, and which push down: own data, by hand. */
import type { Aggregation } from '../../../../common/ppl/ast';
import { parsePpl } from '../../../../common/ppl/parser';
import type { PplRow, PplValue } from '../../../../common/ppl/types';
import { inferAggregationType, PplEvaluationError, PplTypeError } from '../evaluate';
import { accumulator } from './aggregations';
import { aggregationPushdown, pushableAggregation } from './aggregation_pushdown';
import type { SourceField } from '../source_schema';

function aggregation(text: string): Aggregation {
  const result = parsePpl(`source=x | stats ${text}`);
  if (!result.ok) throw new Error(result.error.message);
  const [command] = result.query.commands;
  if (command.kind !== 'Stats') throw new Error('not stats');
  return command.aggregations[0];
}

const TYPES = { i: 'int', d: 'double', s: 'string', t: 'timestamp', l: 'long', status: 'int' };

function aggregate(text: string, rows: PplRow[]): PplValue {
  const agg = aggregation(text);
  const acc = accumulator(agg, TYPES, inferAggregationType(agg, TYPES));
  for (const row of rows) acc.add(row);
  return acc.value();
}

const ints = (...xs: Array<number | null>) => xs.map((i) => ({ i }));

describe('aggregations over rows', () => {
  const cases: Array<[string, PplRow[], PplValue]> = [
    ['sum(i)', ints(1, 2, 3, 4), 10],
    ['avg(i)', ints(1, 2, 3, 4), 2.5],
    // Deviations from 2.5: 2.25 + 0.25 + 0.25 + 2.25 = 5.
    ['var_pop(i)', ints(1, 2, 3, 4), 1.25],
    ['var_samp(i)', ints(1, 2, 3, 4), 5 / 3],
    ['stddev_pop(i)', ints(1, 2, 3, 4), Math.sqrt(1.25)],
    ['stddev_samp(i)', ints(1, 2, 3, 4), Math.sqrt(5 / 3)],
    ['var_samp(i)', ints(7), null],
    ['var_pop(i)', ints(7), 0],
    ['stddev_pop(i)', ints(null), null],
    // Integers: the value at rank round(p/100 · (n-1)) of [1, 2, 3, 4].
    ['median(i)', ints(4, 1, 3, 2), 3],
    ['percentile(i, 0)', ints(4, 1, 3, 2), 1],
    ['percentile(i, 100)', ints(4, 1, 3, 2), 4],
    ['p25(i)', ints(4, 1, 3, 2), 2],
    ['perc99.5(i)', ints(4, 1, 3, 2), 4],
    ['percentile_approx(i, 50)', ints(9), 9],
    // Doubles interpolate: rank 1.5 of [1, 2, 4] is halfway between 2 and 4.
    ['percentile(d, 75)', [{ d: 4.0 }, { d: 1.0 }, { d: 2.0 }], 3],
    ['median(d)', [], null],
    ['count(i)', ints(null, 5), 1],
    ['count()', ints(null, 5), 2],
    ['c', ints(null, 5), 2],
    ['count(eval(status >= 400))', [{ status: 200 }, { status: 404 }, { status: 500 }, {}], 2],
    ['dc(i)', ints(1, 1, 2, null), 2],
    ['distinct_count_approx(i)', ints(1, 1, 2, null), 2],
    ['sum(i)', ints(null, null), null],
    ['sum(l)', [{ l: 9007199254740993n }, { l: 1 }], 9007199254740994n],
    ['min(s)', [{ s: 'b' }, { s: 'B' }, {}], 'B'],
    ['max(s)', [{ s: 'b' }, { s: 'B' }, {}], 'b'],
    ['first(s)', [{}, { s: 'a' }, { s: 'b' }, {}], 'a'],
    ['last(s)', [{}, { s: 'a' }, { s: 'b' }, {}], 'b'],
    ['list(i)', ints(3, null, 1, 3), ['3', '1', '3']],
    ['values(s)', [{ s: 'b' }, { s: 'a' }, { s: 'b' }], ['a', 'b']],
    ['take(i, 2)', ints(null, 7, 8, 9), [7, 8]],
    ['take(i)', ints(1, 2), [1, 2]],
    [
      'avg(t)',
      [{ t: '2024-01-01 00:00:00' }, { t: '2024-01-03 00:00:00' }, {}],
      '2024-01-02 00:00:00',
    ],
    [
      'earliest(s)',
      [
        { s: 'late', '@timestamp': '2024-01-02 00:00:00' },
        { s: 'early', '@timestamp': '2024-01-01 00:00:00' },
      ],
      'early',
    ],
    [
      'latest(s, t)',
      [
        { s: 'old', t: '2024-01-01 00:00:00' },
        { s: 'new', t: '2024-03-01 00:00:00' },
        { s: 'mid', t: '2024-02-01 00:00:00' },
      ],
      'new',
    ],
  ];
  it.each(cases)('%s over %p is %p', (text, rows, expected) => {
    const value = aggregate(text, rows);
    if (typeof expected === 'number' && !Number.isInteger(expected)) {
      expect(value).toBeCloseTo(expected, 12);
    } else {
      expect(value).toEqual(expected);
    }
  });

  it('list keeps at most 100 values', () => {
    const rows = Array.from({ length: 150 }, (_, i) => ({ i }));
    expect((aggregate('list(i)', rows) as PplValue[]).length).toBe(100);
  });

  it('variance keeps its precision around a large mean (Welford)', () => {
    const rows = [1e9 + 4, 1e9 + 7, 1e9 + 13, 1e9 + 16].map((d) => ({ d }));
    // The same spread as 4, 7, 13, 16: mean 10, squared deviations 36 + 9 + 9 + 36 = 90.
    expect(aggregate('var_samp(d)', rows)).toBeCloseTo(30, 9);
  });

  it('a percentile outside 0..100 is refused', () => {
    expect(() => aggregate('percentile(i, 101)', ints(1))).toThrow(PplEvaluationError);
  });
});

describe('aggregation types', () => {
  it.each([
    ['count(eval(i > 1))', 'bigint'],
    ['var_samp(i)', 'double'],
    ['stddev_pop(d)', 'double'],
    ['percentile(i, 50)', 'int'],
    ['p90(d)', 'double'],
    ['median(l)', 'bigint'],
    ['take(s)', 'array'],
    ['list(i)', 'array'],
    ['values(s)', 'array'],
    ['first(t)', 'timestamp'],
    ['earliest(s)', 'string'],
    ['avg(t)', 'timestamp'],
    ['distinct_count_approx(s)', 'bigint'],
  ])('stats %s is %s', (text, type) => {
    expect(inferAggregationType(aggregation(text), TYPES)).toBe(type);
  });

  it.each(['var_samp(s)', 'stddev_samp(s)', 'percentile(s, 50)', 'sum(s)'])(
    'stats %s is refused: text is not a number',
    (text) => {
      expect(() => inferAggregationType(aggregation(text), TYPES)).toThrow(PplTypeError);
    }
  );
});

describe('which aggregations push down', () => {
  it.each([
    ['count()', true],
    ['count(i)', true],
    ['sum(i)', true],
    ['avg(d)', true],
    ['min(i)', true],
    ['max(i)', true],
    ['dc(s)', true],
    ['count(eval(i > 1))', false],
    ['var_samp(i)', false],
    ['percentile(i, 50)', false],
    ['first(s)', false],
    ['values(s)', false],
    ['distinct_count_approx(s)', false],
  ])('%s: %p', (text, pushed) => {
    expect(pushableAggregation(aggregation(text))).toBe(pushed);
  });
});

describe('aggregations pushed down with their own request', () => {
  const numeric: SourceField = { name: 'n', type: 'int', mappingType: 'integer', exactField: 'n' };
  const text: SourceField = { name: 's', type: 'string', mappingType: 'keyword', exactField: 's' };

  it('var_samp reads extended_stats, null below two values', () => {
    const pushed = aggregationPushdown(aggregation('var_samp(n)'), numeric, 'double')!;
    expect(pushed.spec).toEqual({ extended_stats: { field: 'n' } });
    expect(pushed.read({ count: 4, variance_sampling: 2.5 })).toBe(2.5);
    expect(pushed.read({ count: 1, variance_sampling: 0 })).toBeNull();
  });

  it('percentile and median read one t-digest percentile, rounded for integer fields', () => {
    const p = aggregationPushdown(aggregation('p90(n)'), numeric, 'int')!;
    expect(p.spec).toEqual({ percentiles: { field: 'n', percents: [90], keyed: false } });
    expect(p.read({ values: [{ key: 90, value: 35.5 }] })).toBe(36);
    expect(p.read({ values: [{ key: 90, value: null }] })).toBeNull();
    const median = aggregationPushdown(aggregation('median(n)'), numeric, 'double')!;
    expect(median.spec).toEqual({ percentiles: { field: 'n', percents: [50], keyed: false } });
    expect(median.read({ values: [{ key: 50, value: 35.5 }] })).toBe(35.5);
  });

  it('distinct_count_approx is a cardinality, on text too', () => {
    const pushed = aggregationPushdown(aggregation('distinct_count_approx(s)'), text, 'bigint')!;
    expect(pushed.spec).toEqual({ cardinality: { field: 's', precision_threshold: 40000 } });
    expect(pushed.read({ value: 7 })).toBe(7);
  });

  it.each(['first(n)', 'values(n)', 'take(n)', 'earliest(n)', 'count(eval(n > 1))'])(
    '%s stays in the server',
    (text_) => {
      expect(aggregationPushdown(aggregation(text_), numeric, 'int')).toBeNull();
    }
  );

  it('a non-numeric field keeps variance and percentiles in the server', () => {
    expect(aggregationPushdown(aggregation('var_pop(s)'), text, 'double')).toBeNull();
    expect(aggregationPushdown(aggregation('median(s)'), text, 'string')).toBeNull();
  });
});
