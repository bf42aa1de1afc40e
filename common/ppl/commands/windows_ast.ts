/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/**
 * The syntax tree of the window and bucket commands (`span()` buckets, `bin`, `eventstats`,
 * `streamstats`, `trendline`, and those of charts_ast.ts): types only, so ast.ts names them
 * without importing the parser (windows.ts).
 */
import type { Aggregation, Expr, FieldRef, SortKey, Span } from '../expr_ast';
import type { LogSpan, SpanInterval } from '../time_units';
import type { ChartCommand, TimechartCommand } from './charts_ast';

/** `span(<field>, <interval>) [as <alias>]` in `stats … by`: the bucket's lower bound. */
export interface SpanBucket {
  kind: 'Span';
  field: FieldRef;
  interval: SpanInterval;
  /** The column: the alias, else the text as written. */
  name: string;
  span: Span;
}

/** Where `bin … aligntime=` anchors time buckets (bin.md). */
export type BinAlignTime =
  | { kind: 'earliest' | 'latest' }
  | { kind: 'epoch'; ms: number }
  /** `@d`, `@d+3h`, `@d-30m`: the start of the earliest row's day, plus the offset. */
  | { kind: 'day'; offsetMs: number };

/**
 * `bin <field> [span=<interval>|span=[c]log[b]] [minspan=<n>] [bins=<n>] [aligntime=…]
 * [start=<n>] [end=<n>] [as <alias>]`. Width precedence (bin.md): span > minspan > bins >
 * start/end > the default (a power of ten below the range).
 */
export interface BinCommand {
  kind: 'Bin';
  field: FieldRef;
  interval?: SpanInterval;
  logSpan?: LogSpan;
  minSpan?: number;
  bins?: number;
  start?: number;
  end?: number;
  alignTime?: BinAlignTime;
  alias?: FieldRef;
  span: Span;
}

/** `eventstats [bucket_nullable=<bool>] agg, … [by f, …]`: every row kept, with its group's aggregates. */
export interface EventStatsCommand {
  kind: 'EventStats';
  aggregations: Aggregation[];
  by: FieldRef[];
  /** `by span(f, n) [as b]`: rows grouped by f's bucket too; no column is added (a window's partition). */
  bucket?: SpanBucket;
  /** false: rows with a null by value form no group (their aggregates are null). */
  bucketNullable: boolean;
  span: Span;
}

/**
 * `streamstats [bucket_nullable=<bool>] [current=<bool>] [window=<n>] [global=<bool>]
 * [reset_before=<cond>] [reset_after=<cond>] agg, … [by f, …]`: running aggregates.
 */
export interface StreamStatsCommand {
  kind: 'StreamStats';
  aggregations: Aggregation[];
  by: FieldRef[];
  /** `by span(f, n) [as b]`, as eventstats's. */
  bucket?: SpanBucket;
  /** Rows whose by values include null: in a group of their own (true, default) or left out. */
  bucketNullable: boolean;
  /** Every state (and window) starts afresh before a row where this holds. */
  resetBefore?: Expr;
  /** … or after a row where this holds (it may read the row's new aggregates). */
  resetAfter?: Expr;
  /** Include the row itself (default true). */
  current: boolean;
  /** Rows in the window; 0 (default) means all rows so far. */
  window: number;
  /** With `by` and a window: one window over all rows (true, default) or one per group. */
  global: boolean;
  span: Span;
}

/** `trendline [sort <key>] sma|wma(<n>, <field>) [as <alias>] …`: moving averages. */
export interface TrendlineCommand {
  kind: 'Trendline';
  sort?: SortKey;
  averages: Array<{
    method: 'sma' | 'wma';
    periods: number;
    field: FieldRef;
    name: string;
    span: Span;
  }>;
  span: Span;
}

export type WindowCommand =
  | ChartCommand
  | BinCommand
  | EventStatsCommand
  | StreamStatsCommand
  | TrendlineCommand
  | TimechartCommand;
