/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/** The syntax tree of `xyseries` and `timewrap`: types only, apart from their parser (pivot.ts). */
import type { FieldRef, Span } from '../expr_ast';

/**
 * `xyseries [sep=<s>] [format=<s>] <x> <name-field> in ("v", …) <value-field>[, …]`: columns named
 * `<value-field><sep><v>` (sep default ": "), or `format` with `$AGG$` and `$VAL$` in it.
 */
export interface XySeriesCommand {
  kind: 'XySeries';
  x: FieldRef;
  nameField: FieldRef;
  /** The pivot values, as text (the name field's values are compared as strings). */
  values: string[];
  dataFields: FieldRef[];
  sep: string;
  format?: string;
  span: Span;
}

/** timewrap's units: the fixed-length ones and the calendar ones (month, quarter, year). */
export type TimewrapUnit =
  'second' | 'minute' | 'hour' | 'day' | 'week' | 'month' | 'quarter' | 'year';

/**
 * `timewrap <span> [align=end|now] [series=relative|short|exact] [time_format="…"]` after
 * `timechart` (timewrap.md; the SQL plugin's Timewrap): each period of the span a column of its
 * own, counted back from the latest row, the rows one per offset within a period. `reference` is
 * the upper bound the query's `where` gives `@timestamp` or `timestamp` (as written), which with
 * `align=end` names the periods; without one, or with `align=now`, the query's start does.
 */
export interface TimewrapCommand {
  kind: 'Timewrap';
  size: number;
  unit: TimewrapUnit;
  align: 'end' | 'now';
  /** `relative` names periods `<N><unit>s_before` / `latest_<unit>`; `short` and `exact` `s<N>`. */
  series: 'relative' | 'short' | 'exact';
  /** `time_format`: accepted; `exact` is named as `short` (as in the SQL plugin, which has it to do). */
  timeFormat?: string;
  /** That bound, in epoch seconds. */
  reference?: number;
  span: Span;
}
