/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/** The result type of each aggregation (aggregations.md; see aggregations.ts for the rules). */
import type { Aggregation } from '../../../../common/ppl/ast';
import { isNumericType, PplType } from '../../../../common/ppl/types';
import { PplTypeError } from '../errors';

const DATETIME = new Set<PplType>(['timestamp', 'date', 'time']);

export function aggregationType(agg: Aggregation, arg: PplType | undefined): PplType {
  const requireNumeric = () => {
    if (arg !== undefined && arg !== 'undefined' && !isNumericType(arg)) {
      throw new PplTypeError(`"${agg.funcWritten}" expects a number, found ${arg}`, agg.span);
    }
  };
  switch (agg.func) {
    case 'count':
    case 'dc':
    case 'distinct_count_approx':
      return 'bigint';
    case 'avg':
      if (arg !== undefined && DATETIME.has(arg)) return arg;
      requireNumeric();
      return 'double';
    case 'sum':
      // As the SQL plugin's type system (OpenSearchTypeSystem.deriveSumType): integers sum to
      // bigint, floating points to double.
      requireNumeric();
      if (arg === 'tinyint' || arg === 'smallint' || arg === 'int') return 'bigint';
      if (arg === 'float') return 'double';
      return arg ?? 'undefined';
    case 'var_samp':
    case 'var_pop':
    case 'stddev_samp':
    case 'stddev_pop':
      requireNumeric();
      return 'double';
    case 'take':
    case 'list':
    case 'values':
      return 'array';
    case 'percentile':
    case 'median':
      if (arg === undefined || !DATETIME.has(arg)) requireNumeric();
      return arg ?? 'undefined';
    default:
      return arg ?? 'undefined';
  }
}
