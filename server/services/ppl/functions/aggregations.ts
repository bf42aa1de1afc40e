/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/**
 * The aggregations of `stats` computed in the server (aggregations.md), and their result types.
 * Nulls are ignored by all of them (`count(x)` counts non-null values). Results:
 *
 * - `count`, `dc`, `distinct_count_approx`: bigint (`dc` here is exact);
 * - `sum`: the argument's type, exact on integers; `avg`: double (for a date, time or timestamp,
 *   the mean instant in the argument's type); `var_*`, `stddev_*`: double, null without enough
 *   values (Welford's method, so that large values keep their precision);
 * - `min`, `max`, `first`, `last`, `earliest`, `latest`, `percentile`, `median`: the argument's
 *   type; `percentile` over integers takes the value at rank round(p/100 · (n-1)), over doubles
 *   interpolates linearly between the two nearest ranks;
 * - `take`, `list` (≤ 100, as text, duplicates kept), `values` (distinct text, sorted): arrays.
 */
import type { Aggregation } from '../../../../common/ppl/ast';
import { isIntegralType, PplRow, PplType, PplValue } from '../../../../common/ppl/types';
import { PplEvaluationError } from '../errors';
import { evaluatePredicate, evaluateTyped } from '../evaluate';
import {
  comparableDatetime,
  formatDate,
  formatTime,
  formatTimestamp,
  toInstant,
} from './datetime_values';
import { compareValues, fromBigInt, readField, toPplString, Typed, TypeMap } from './values';
import type { QueryBudget } from '../budget';
import { stringBytes, valueBytes } from '../memory';

/** Values one aggregation may hold (percentile, take, list, values) before it stops the query. */
export const MAX_HELD_VALUES = 1_000_000;

const DATETIME = new Set<PplType>(['timestamp', 'date', 'time']);

export interface Accumulator {
  /** Adds a row; answers the bytes it holds more for it (values kept), if any. */
  add(row: PplRow): number | void;
  value(): PplValue;
}

/** A value kept in a set or list: the value and its entry. */
const ENTRY = 40;

function tooMany(agg: Aggregation): never {
  throw new PplEvaluationError(
    `"${agg.name}" would hold more than ${MAX_HELD_VALUES} values; filter or group further`,
    agg.span
  );
}

function constantParam(agg: Aggregation, index: number, types: TypeMap, fallback: number): number {
  const p = agg.params?.[index];
  if (p === undefined) return fallback;
  const v = evaluateTyped(p, {}, { types }).v;
  if (typeof v !== 'number' && typeof v !== 'bigint') {
    throw new PplEvaluationError(`"${agg.funcWritten}" expects a number here`, p.span);
  }
  return Number(v);
}

/** The server-side accumulator of one aggregation, for one group. */
export function accumulator(
  agg: Aggregation,
  types: TypeMap,
  outType: PplType,
  options: { now?: Date; budget?: QueryBudget; command?: string } = {}
): Accumulator {
  const now = options.now ?? new Date();
  const evaluation = { types, now, budget: options.budget, command: options.command };
  const read = (row: PplRow): Typed =>
    agg.arg ? evaluateTyped(agg.arg, row, evaluation) : { v: 1, t: 'int' };
  switch (agg.func) {
    case 'count': {
      let n = 0;
      const counts = agg.countEval
        ? (row: PplRow) => agg.arg !== undefined && evaluatePredicate(agg.arg, row, evaluation)
        : (row: PplRow) => read(row).v !== null;
      return { add: (row) => void (counts(row) && n++), value: () => n };
    }
    case 'dc':
    case 'distinct_count_approx': {
      const seen = new Set<string>();
      return {
        add: (row) => {
          const x = read(row);
          if (x.v === null) return 0;
          const text = toPplString(x.v, x.t);
          if (seen.has(text)) return 0;
          seen.add(text);
          return ENTRY + stringBytes(text.length);
        },
        value: () => seen.size,
      };
    }
    case 'sum': {
      let exact = 0n;
      let float = 0;
      let n = 0;
      const integral = isIntegralType(outType);
      return {
        add: (row) => {
          const { v } = read(row);
          if (v === null) return;
          n++;
          if (integral && (typeof v === 'bigint' || Number.isInteger(v)))
            exact += BigInt(v as number | bigint);
          else float += Number(v);
        },
        value: () =>
          n === 0 ? null : integral ? fromBigInt(exact + BigInt(Math.round(float))) : float,
      };
    }
    case 'avg': {
      if (DATETIME.has(outType)) return datetimeMean(read, outType, now);
      let sum = 0;
      let n = 0;
      return {
        add: (row) => {
          const { v } = read(row);
          if (v === null) return;
          sum += Number(v);
          n++;
        },
        value: () => (n === 0 ? null : sum / n),
      };
    }
    case 'var_samp':
    case 'var_pop':
    case 'stddev_samp':
    case 'stddev_pop': {
      let n = 0;
      let mean = 0;
      let m2 = 0;
      const sample = agg.func.endsWith('_samp');
      const root = agg.func.startsWith('stddev');
      return {
        add: (row) => {
          const { v } = read(row);
          if (v === null) return;
          const x = Number(v);
          n++;
          const delta = x - mean;
          mean += delta / n;
          m2 += delta * (x - mean);
        },
        value: () => {
          const d = sample ? n - 1 : n;
          if (d <= 0) return null;
          const variance = m2 / d;
          return root ? Math.sqrt(variance) : variance;
        },
      };
    }
    case 'min':
    case 'max': {
      let best: PplValue = null;
      const sign = agg.func === 'min' ? 1 : -1;
      return {
        add: (row) => {
          const x = read(row);
          if (x.v === null) return;
          if (best === null || sign * (compareValues(x.v, best, x.t, x.t) ?? 0) < 0) best = x.v;
        },
        value: () => best,
      };
    }
    case 'first':
    case 'last': {
      let chosen: PplValue = null;
      return {
        add: (row) => {
          const { v } = read(row);
          if (v !== null && (agg.func === 'last' || chosen === null)) chosen = v;
        },
        value: () => chosen,
      };
    }
    case 'earliest':
    case 'latest': {
      const timeField = agg.params?.[0];
      const today = Math.floor(now.getTime() / 86_400_000);
      let bestTime: string | undefined;
      let chosen: PplValue = null;
      return {
        add: (row) => {
          const { v } = read(row);
          if (v === null) return;
          const t =
            timeField === undefined
              ? { v: readField(row, '@timestamp'), t: 'timestamp' as PplType }
              : evaluateTyped(timeField, row, evaluation);
          if (typeof t.v !== 'string') return;
          const key = comparableDatetime(t.v, t.t === 'undefined' ? 'string' : t.t, today);
          if (key === undefined) return;
          if (
            bestTime === undefined ||
            (agg.func === 'earliest' ? key < bestTime : key > bestTime)
          ) {
            bestTime = key;
            chosen = v;
          }
        },
        value: () => chosen,
      };
    }
    case 'take':
    case 'list': {
      const limit = agg.func === 'list' ? 100 : constantParam(agg, 0, types, 10);
      const held: PplValue[] = [];
      return {
        add: (row) => {
          if (held.length >= limit) return 0;
          const x = read(row);
          if (x.v === null) return 0;
          const kept = agg.func === 'list' ? toPplString(x.v, x.t) : x.v;
          held.push(kept);
          return 8 + valueBytes(kept);
        },
        value: () => held,
      };
    }
    case 'values': {
      const seen = new Set<string>();
      return {
        add: (row) => {
          const x = read(row);
          if (x.v === null) return 0;
          const text = toPplString(x.v, x.t);
          if (seen.has(text)) return 0;
          seen.add(text);
          if (seen.size > MAX_HELD_VALUES) tooMany(agg);
          return ENTRY + stringBytes(text.length);
        },
        value: () => [...seen].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)),
      };
    }
    case 'percentile':
    case 'median': {
      const p = agg.func === 'median' ? 50 : constantParam(agg, 0, types, 50);
      if (!(p >= 0 && p <= 100)) {
        throw new PplEvaluationError(`the percentile must be from 0 to 100, found ${p}`, agg.span);
      }
      const held: number[] = [];
      return {
        add: (row) => {
          const { v } = read(row);
          if (v === null) return 0;
          held.push(Number(v));
          if (held.length > MAX_HELD_VALUES) tooMany(agg);
          return 8;
        },
        value: () => percentile(held, p, isIntegralType(outType)),
      };
    }
  }
}

/** The p-th percentile (see the module comment); null for no values. */
export function percentile(values: number[], p: number, integral: boolean): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = (p / 100) * (sorted.length - 1);
  if (integral) return sorted[Math.round(rank)];
  const low = Math.floor(rank);
  const high = Math.ceil(rank);
  return sorted[low] + (sorted[high] - sorted[low]) * (rank - low);
}

function datetimeMean(read: (row: PplRow) => Typed, type: PplType, now: Date): Accumulator {
  const today = Math.floor(now.getTime() / 86_400_000);
  let sum = 0;
  let n = 0;
  return {
    add: (row) => {
      const x = read(row);
      if (typeof x.v !== 'string') return;
      const at = toInstant(x.v, x.t, today);
      if (at === undefined) return;
      sum += (type === 'time' ? 0 : at.day * 86_400e3) + at.nanos / 1e6;
      n++;
    },
    value: () => {
      if (n === 0) return null;
      const ms = Math.round(sum / n);
      const day = Math.floor(ms / 86_400e3);
      const at = { day, nanos: (ms - day * 86_400e3) * 1e6 };
      return type === 'date'
        ? formatDate(at.day)
        : type === 'time'
          ? formatTime(at.nanos)
          : formatTimestamp(at);
    },
  };
}
