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

export type TimewrapUnit = 'second' | 'minute' | 'hour' | 'day' | 'week';

/**
 * `timewrap <span> [align=end|now]` after `timechart` (timewrap.md): each period of the span a
 * column of its own, the rows one per offset within a period. `range` is the time range the
 * query's `where` gives the timechart's time field (its bounds as written), which fixes the
 * periods, and so the columns, before anything runs.
 */
export interface TimewrapCommand {
  kind: 'Timewrap';
  size: number;
  unit: TimewrapUnit;
  align: 'end' | 'now';
  range: { start?: string; end?: string };
  span: Span;
}
