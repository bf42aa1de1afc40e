/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/**
 * Which `stats` aggregations OpenSearch answers as PPL does, and how:
 *
 * - `builtin`: `count`, `dc`, `sum`, `avg`, `min`, `max`, whose DSL pipeline.ts builds
 *   (`value_count`, `cardinality`, …);
 * - an own request and reader: `var_*`/`stddev_*` (`extended_stats`), and the approximations PPL
 *   itself documents: `percentile`/`median` (`percentiles`, a t-digest, as the real engine) and
 *   `distinct_count_approx` (`cardinality`);
 * - null: computed in the server (`count(eval(…))`, `first`, `last`, `list`, `values`, `take`,
 *   `earliest`, `latest`, an expression argument, a non-numeric field).
 */
import type { Aggregation, AggregationFunction } from '../../../../common/ppl/ast';
import { isIntegralType, isNumericType, PplType, PplValue } from '../../../../common/ppl/types';
import type { SourceField } from '../source_schema';

type Dsl = Record<string, unknown>;

export interface PushedAggregation {
  spec: Dsl;
  /** The column's value from the aggregation's response. */
  read(result: unknown): PplValue;
}

const BUILTIN: ReadonlySet<AggregationFunction> = new Set<AggregationFunction>([
  'count',
  'dc',
  'sum',
  'avg',
  'min',
  'max',
]);

const EXTENDED_STATS: Partial<Record<AggregationFunction, string>> = {
  var_samp: 'variance_sampling',
  var_pop: 'variance_population',
  stddev_samp: 'std_deviation_sampling',
  stddev_pop: 'std_deviation_population',
};

const finite = (v: unknown): number | null =>
  typeof v === 'number' && Number.isFinite(v) ? v : null;

/** Whether pipeline.ts's own DSL answers the aggregation. */
export function pushableAggregation(agg: Aggregation): boolean {
  return BUILTIN.has(agg.func) && agg.countEval !== true && (agg.params ?? []).length === 0;
}

/** The request and reader for an aggregation pipeline.ts does not build, or null. */
export function aggregationPushdown(
  agg: Aggregation,
  field: SourceField | undefined,
  type: PplType
): PushedAggregation | null {
  if (
    field?.exactField == null ||
    (!isNumericType(field.type) && agg.func !== 'distinct_count_approx')
  ) {
    return null;
  }
  const name = field.exactField;
  const statistic = EXTENDED_STATS[agg.func];
  if (statistic !== undefined) {
    const sample = agg.func.endsWith('_samp');
    return {
      spec: { extended_stats: { field: name } },
      read: (r) => {
        const stats = r as Record<string, unknown>;
        const count = Number(stats.count ?? 0);
        return count === 0 || (sample && count < 2) ? null : finite(stats[statistic]);
      },
    };
  }
  if (agg.func === 'percentile' || agg.func === 'median') {
    const p = agg.func === 'median' ? 50 : agg.params?.[0];
    const percent = typeof p === 'number' ? p : p?.kind === 'Literal' ? Number(p.value) : NaN;
    if (!(percent >= 0 && percent <= 100)) return null;
    return {
      spec: { percentiles: { field: name, percents: [percent], keyed: false } },
      read: (r) => {
        const v = finite((r as { values?: Array<{ value: unknown }> }).values?.[0]?.value);
        return v === null ? null : isIntegralType(type) ? Math.round(v) : v;
      },
    };
  }
  if (agg.func === 'distinct_count_approx') {
    return {
      spec: { cardinality: { field: name, precision_threshold: 40000 } },
      read: (r) => finite((r as { value?: unknown }).value),
    };
  }
  return null;
}
