/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * The column split's limit as the SQL plugin's visitChart applies it (chart and timechart both):
 * categories ranked by the sum of their aggregates (a null category takes no rank), the rest
 * folded into OTHER (or dropped with useother=false, the null category too), and the folded
 * groups aggregated again from their aggregates: min/earliest by min, max/latest by max, avg by
 * the average of the averages, every other function by the sum.
 */
import type { AggregationFunction } from '../../../../common/ppl/ast';
import type { PplValue } from '../../../../common/ppl/types';
import { compareValues } from '../functions/values';

/** One (row, column) group of the first aggregation: its keys and its aggregate. */
export interface SplitGroup {
  row: PplValue;
  column: PplValue;
  value: PplValue;
}

export interface FoldOptions {
  limit: number;
  bottom: boolean;
  useOther: boolean;
  useNull: boolean;
  nullStr: string;
  otherStr: string;
}

const isNumber = (v: PplValue): v is number | bigint =>
  typeof v === 'number' || typeof v === 'bigint';

/** Adds numbers, bigints staying exact while they are all bigints. */
function sumOf(values: Array<number | bigint>): number | bigint {
  if (values.every((v) => typeof v === 'bigint'))
    return (values as bigint[]).reduce((s, v) => s + v, 0n);
  return values.reduce<number>((s, v) => s + Number(v), 0);
}

/** The second aggregation of a folded group's aggregates (nulls ignored, as SQL's). */
export function reaggregate(func: AggregationFunction, values: PplValue[]): PplValue {
  const present = values.filter((v) => v !== null);
  if (present.length === 0) return null;
  if (present.length === 1) return present[0];
  const pick = (sign: number) =>
    present.reduce((best, v) => ((compareValues(v, best) ?? 0) * sign < 0 ? v : best));
  if (func === 'min' || func === 'earliest') return pick(1);
  if (func === 'max' || func === 'latest') return pick(-1);
  const numbers = present.filter(isNumber);
  // Not numbers (list, values, take…): the plugin's SUM has no answer; the first one stands.
  if (numbers.length < present.length) return present[0];
  if (func === 'avg') return Number(sumOf(numbers)) / numbers.length;
  return sumOf(numbers);
}

/**
 * The column categories kept, in rank order: by the sum of their groups' aggregates (highest
 * first, or lowest with `bottom`; a category whose aggregates are all null last), ties by name.
 */
export function rankCategories(groups: SplitGroup[], limit: number, bottom: boolean): string[] {
  const totals = new Map<string, Array<number | bigint>>();
  for (const g of groups) {
    if (g.column === null) continue;
    const k = String(g.column);
    const list = totals.get(k) ?? [];
    if (isNumber(g.value)) list.push(g.value);
    totals.set(k, list);
  }
  const ranked = [...totals].map(([k, vs]) => ({
    k,
    total: vs.length ? Number(sumOf(vs)) : null,
  }));
  ranked.sort((a, b) => {
    if (a.total === null || b.total === null) {
      if (a.total !== b.total) return a.total === null ? 1 : -1;
    } else if (a.total !== b.total) return bottom ? a.total - b.total : b.total - a.total;
    return a.k < b.k ? -1 : a.k > b.k ? 1 : 0;
  });
  return ranked.slice(0, limit).map((r) => r.k);
}

/**
 * The groups after the limit: a kept category as it is, a null one `nullStr`, the rest
 * `otherStr` (or left out with `useOther` false, the null category with them), each (row,
 * category) aggregated again. Ordered by row, then category (nulls last).
 */
export function foldCategories(
  groups: SplitGroup[],
  func: AggregationFunction,
  options: FoldOptions
): SplitGroup[] {
  const kept = new Set(rankCategories(groups, options.limit, options.bottom));
  const folded = new Map<string, { row: PplValue; column: PplValue; values: PplValue[] }>();
  for (const g of groups) {
    const column = g.column === null ? null : String(g.column);
    const inTop = column !== null && kept.has(column);
    if (!options.useOther && !inTop) continue;
    const shown = column === null ? options.nullStr : inTop ? column : options.otherStr;
    const key = JSON.stringify([typeof g.row === 'bigint' ? `${g.row}n` : g.row, shown]);
    const entry = folded.get(key) ?? { row: g.row, column: shown, values: [] };
    entry.values.push(g.value);
    folded.set(key, entry);
  }
  return [...folded.values()].map((e) => ({
    row: e.row,
    column: e.column,
    value: reaggregate(func, e.values),
  }));
}

/** Chart's output order: by row, then column, nulls last in both. */
export function compareSplitGroups(a: SplitGroup, b: SplitGroup): number {
  for (const [x, y] of [
    [a.row, b.row],
    [a.column, b.column],
  ] as const) {
    if (x === null || y === null) {
      if (x !== y) return x === null ? 1 : -1;
      continue;
    }
    const c = compareValues(x, y) ?? 0;
    if (c !== 0) return c;
  }
  return 0;
}
