/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/** The syntax tree of `timechart` and `chart`: types only, apart from their parser (charts.ts). */
import type { Aggregation, FieldRef, Span } from '../expr_ast';
import type { SpanInterval } from '../time_units';

/**
 * `timechart [timefield=f] [span=<interval>] [limit=<n>] [useother=<bool>] [usenull=<bool>]
 * [nullstr=<s>] <aggregation> [by <field>]`: one row per time bucket (and by value), unpivoted.
 */
export interface TimechartCommand {
  kind: 'Timechart';
  timeField: FieldRef;
  interval: SpanInterval;
  /** Top by values kept (by the sum of the aggregate over all buckets); 0 keeps all. Default 10. */
  limit: number;
  useOther: boolean;
  useNull: boolean;
  nullStr: string;
  /** For a rate function, `sum` of its argument, scaled by `rate` below. */
  aggregation: Aggregation;
  /** `per_second` … `per_day`: the seconds of its unit (the sum is scaled by unit / span). */
  rate?: number;
  by?: FieldRef;
  span: Span;
}

/**
 * `chart [limit=[top|bottom]<n>] [useother=] [usenull=] [nullstr=] [otherstr=] <aggregation>
 * [by <row> [span=<interval>] [<column>]] | [over <row> [span=<interval>]] [by <column>]`: rows per
 * (row, column) pair, unpivoted; `span=` buckets the row split as `span()` does.
 */
export interface ChartCommand {
  kind: 'Chart';
  aggregation: Aggregation;
  row?: FieldRef;
  rowSpan?: SpanInterval;
  column?: FieldRef;
  /** `span=` after the column field: its buckets are the categories. */
  columnSpan?: SpanInterval;
  limit: number;
  bottom: boolean;
  useOther: boolean;
  useNull: boolean;
  nullStr: string;
  otherStr: string;
  span: Span;
}
