/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/**
 * Which `stats` aggregations OpenSearch answers exactly as PPL does (pipeline.ts builds their
 * DSL: `value_count`, `cardinality`, `sum`, `avg`, `min`, `max`). The others (variance,
 * percentiles, first/last, list, values, count(eval(…)), …) are computed in the server, where
 * the result is exact and in PPL's order semantics.
 */
import type { Aggregation, AggregationFunction } from '../../../../common/ppl/ast';

const PUSHED: ReadonlySet<AggregationFunction> = new Set<AggregationFunction>([
  'count',
  'dc',
  'sum',
  'avg',
  'min',
  'max',
]);

export function pushableAggregation(agg: Aggregation): boolean {
  return PUSHED.has(agg.func) && agg.countEval !== true && (agg.params ?? []).length === 0;
}
