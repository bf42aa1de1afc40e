/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/** The aggregations of `stats` (docs/user/ppl/functions/aggregations.md). */
import { fn, FunctionInfo } from './catalog';

export const AGGREGATION_CATALOG = {
  count: fn(
    [0, 1],
    'count([expr]) | count(eval(condition)) -> bigint',
    'Rows, or non-null values, or rows where the condition holds.',
    ['c']
  ),
  sum: fn([1, 1], 'sum(x) -> type of x', 'Sum of the non-null values.'),
  avg: fn([1, 1], 'avg(x) -> double', 'Mean of the non-null values.'),
  max: fn([1, 1], 'max(x) -> type of x', 'Largest value (last in order for text).'),
  min: fn([1, 1], 'min(x) -> type of x', 'Smallest value (first in order for text).'),
  var_samp: fn([1, 1], 'var_samp(x) -> double', 'Sample variance.'),
  var_pop: fn([1, 1], 'var_pop(x) -> double', 'Population variance.'),
  stddev_samp: fn([1, 1], 'stddev_samp(x) -> double', 'Sample standard deviation.'),
  stddev_pop: fn([1, 1], 'stddev_pop(x) -> double', 'Population standard deviation.'),
  dc: fn([1, 1], 'dc(x) -> bigint', 'Number of distinct values.', ['distinct_count']),
  distinct_count_approx: fn(
    [1, 1],
    'distinct_count_approx(x) -> bigint',
    'Approximate number of distinct values.'
  ),
  earliest: fn(
    [1, 2],
    'earliest(field[, time_field]) -> type of field',
    'The value at the earliest @timestamp (or time_field).'
  ),
  latest: fn(
    [1, 2],
    'latest(field[, time_field]) -> type of field',
    'The value at the latest @timestamp (or time_field).'
  ),
  take: fn([1, 2], 'take(field[, size]) -> array', 'Up to size (10) values.'),
  percentile: fn(
    [2, 2],
    'percentile(x, p) | perc<p>(x) | p<p>(x) -> type of x',
    'The p-th percentile (0 to 100).',
    ['percentile_approx']
  ),
  median: fn([1, 1], 'median(x) -> type of x', 'The 50th percentile.'),
  first: fn([1, 1], 'first(field) -> type of field', 'The first non-null value in document order.'),
  last: fn([1, 1], 'last(field) -> type of field', 'The last non-null value in document order.'),
  list: fn([1, 1], 'list(x) -> array', 'Up to 100 values as strings, in order, duplicates kept.'),
  values: fn([1, 1], 'values(x) -> array', 'The distinct values as strings, sorted.'),
} as const;

export type AggregationName = keyof typeof AGGREGATION_CATALOG;

export const AGGREGATION_INFO: Readonly<Record<string, FunctionInfo>> = AGGREGATION_CATALOG;

/** `perc95`, `p99.5`: a percentile shortcut's percent, or undefined for another name. */
export function percentileShortcut(name: string): number | undefined {
  const m = /^(?:perc|p)(\d+(?:\.\d+)?)$/.exec(name.toLowerCase());
  if (!m) return undefined;
  const p = Number(m[1]);
  return p >= 0 && p <= 100 ? p : undefined;
}
