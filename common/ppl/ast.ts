/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/**
 * The typed syntax tree of a PPL query, as `parsePpl` builds it and the planner consumes it.
 *
 * Every node carries `span`: 0-based offsets into the query text, `end` exclusive, so that a
 * later error (an unknown field, a type mismatch) can point at the exact text. The tree is plain
 * data (no classes). One place may hold a `bigint`: `MakeResults.inline.rows`, for a JSON or CSV
 * integer beyond 2^53; give `JSON.stringify` a replacer for it (e.g. for `_explain`).
 *
 * Where PPL has a default, the node holds the effective value and, under `written`, what the query
 * actually said: the planner acts on the first, and messages and round-trips use the second.
 */
import type {
  CombiningCommand,
  MultiSearch,
  SubsearchPredicate,
  SubsearchSource,
} from './commands/combining_ast';
import type { ExtractionCommand } from './commands/extraction_ast';
import type { ForeachCommand } from './commands/foreach_ast';
import type { GraphLookupCommand, GraphLookupSource } from './commands/graphlookup_ast';
import type { TimewrapCommand, XySeriesCommand } from './commands/pivot_ast';
import type { SearchExpr } from './commands/search_ast';
import type { ShapingCommand } from './commands/shaping_ast';
import type { SpanBucket, WindowCommand } from './commands/windows_ast';
import type { OutputLookupOption } from './language';
import type { InlineTable } from './makeresults';
import type { Span, FieldRef, Expr, FieldPattern, Aggregation, SortKey } from './expr_ast';

export type {
  Span,
  LiteralType,
  Literal,
  FieldRef,
  ArithmeticOperator,
  ComparisonOperator,
  LogicalOperator,
  BinaryExpr,
  UnaryExpr,
  FunctionCall,
  NamedArgument,
  RelevanceField,
  LambdaExpr,
  IntervalUnit,
  IntervalExpr,
  InExpr,
  BetweenExpr,
  LikeExpr,
  IsNullExpr,
  CaseExpr,
  CastExpr,
  Expr,
  FieldPattern,
  AggregationFunction,
  Aggregation,
  SortKey,
} from './expr_ast';

// ---------------------------------------------------------------------------------------------
// Leading commands

/** An index, alias or pattern (`logs-*`, `.hidden`, `cluster:index`, `` `a,b` ``). */
export interface IndexName {
  name: string;
  quoted: boolean;
  span: Span;
}

/** `[search] source=<index>[, <index>…]` (or `index=`). */
export interface SourceCommand {
  kind: 'Source';
  /** Whether the query started with the optional `search` keyword. */
  search: boolean;
  /** `describe <index>` reads the index's columns as rows (describe.md). */
  keyword: 'source' | 'index' | 'describe';
  indices: IndexName[];
  /** `source=x as a`: the name `a.field` refers to (in join conditions). */
  alias?: string;
  /** The search expression before or after `source=` (terms side by side are ANDed). */
  filter?: SearchExpr;
  span: Span;
}

/**
 * `makeresults [count=<n>] [format=csv|json data=<string>]`: rows made in memory (see
 * makeresults.ts for what rows each form gives).
 */
export interface MakeResults {
  kind: 'MakeResults';
  /** Rows to make when there is no data: 1 by default, a negative count gives 0. */
  count: number;
  format?: 'csv' | 'json';
  /** The `data=` string, unescaped. */
  data?: string;
  /** The rows of `data=`, parsed and typed. Present exactly when `format` and `data` are. */
  inline?: InlineTable;
  written: { count?: number; format?: 'csv' | 'json'; data?: string };
  span: Span;
}

// ---------------------------------------------------------------------------------------------
// Piped commands

export interface WhereCommand {
  kind: 'Where';
  condition: Expr;
  span: Span;
}

/** `fields [+|-] a, b c*`: commas between fields are optional, as in PPL 3.x. */
export interface FieldsCommand {
  kind: 'Fields';
  mode: 'include' | 'exclude';
  /** Whether `+` or `-` was written. */
  signWritten: boolean;
  fields: FieldPattern[];
  span: Span;
}

export interface RenameCommand {
  kind: 'Rename';
  renames: Array<{ from: FieldPattern; to: FieldPattern; span: Span }>;
  /** Made by the planner, not written (a qualified stats group's name): no `_explain` step. */
  implicit?: boolean;
  span: Span;
}

export interface EvalCommand {
  kind: 'Eval';
  assignments: Array<{ field: FieldRef; expr: Expr; span: Span }>;
  /** Subsearches in the expressions (`eval n = [ source=… | stats count() ]`, subquery.md). */
  subsearches?: SubsearchPredicate[];
  span: Span;
}

/** `stats [bucket_nullable=<bool>] agg [as alias], … [by f1, f2]`. */
export interface StatsCommand {
  kind: 'Stats';
  aggregations: Aggregation[];
  by: FieldRef[];
  /** `span(field, interval)` in the by clause: always the first group key, as in PPL. */
  bucket?: SpanBucket;
  /** Keep a group for null keys. Default true (PPL 3.x default, `legacy.preferred=true`). */
  bucketNullable: boolean;
  written: { bucketNullable?: boolean };
  span: Span;
}

/** `dedup [n] f1, f2 [keepempty=<bool>] [consecutive=<bool>]`. */
export interface DedupCommand {
  kind: 'Dedup';
  /** How many rows to keep per combination; at least 1, default 1. */
  count: number;
  fields: FieldRef[];
  keepEmpty: boolean;
  consecutive: boolean;
  written: { count?: number; keepEmpty?: boolean; consecutive?: boolean };
  span: Span;
}

/** `sort [count] [+|-]f, …` or `sort [count] f [asc|desc|a|d], …`. */
export interface SortCommand {
  kind: 'Sort';
  /** Rows to keep after sorting; 0 (the default, and any count <= 0) keeps all. */
  count: number;
  keys: SortKey[];
  span: Span;
}

/** `head [[limit=]n] [from m]`. */
export interface HeadCommand {
  kind: 'Head';
  /** Default 10. */
  size: number;
  /** Rows to skip first; default 0. */
  from: number;
  written: { size?: number; from?: number };
  span: Span;
}

/** `top`/`rare [[limit=]n] [countfield='c'] [showcount=<bool>] [usenull=<bool>] f, … [by g, …]`. */
export interface TopRareCommand {
  kind: 'Top' | 'Rare';
  /** Default 10. */
  limit: number;
  fields: FieldRef[];
  by: FieldRef[];
  /** Default `count`. */
  countField: string;
  /** Default true. */
  showCount: boolean;
  /** Default true (PPL 3.x default, `legacy.preferred=true`). */
  useNull: boolean;
  written: { limit?: number; countField?: string; showCount?: boolean; useNull?: boolean };
  span: Span;
}

/**
 * `lookup <table> <key> [as <sourceKey>], … [replace|append|output <field> [as <outputField>], …]`
 * (docs/user/ppl/cmd/lookup.md). `output` is a synonym of `replace`.
 */
export interface LookupCommand {
  kind: 'Lookup';
  table: IndexName;
  /** `lookupField` is the key in the lookup table, `sourceField` the one in the rows (default: same). */
  mappings: Array<{ lookupField: FieldRef; sourceField: FieldRef; span: Span }>;
  /** `replace` overwrites, `append` fills only nulls. Default `replace`. */
  strategy: 'replace' | 'append';
  strategyWritten?: 'replace' | 'append' | 'output' | 'outputnew';
  /**
   * Fields to take from the lookup table and the name to give each in the rows. Empty: every field
   * of the table but the keys.
   */
  outputs: Array<{ inputField: FieldRef; outputField: FieldRef; span: Span }>;
  span: Span;
}

export type Command =
  | WhereCommand
  | FieldsCommand
  | RenameCommand
  | EvalCommand
  | StatsCommand
  | DedupCommand
  | SortCommand
  | HeadCommand
  | TopRareCommand
  | LookupCommand
  | ShapingCommand
  | ExtractionCommand
  | WindowCommand
  | XySeriesCommand
  | TimewrapCommand
  | CombiningCommand
  | ForeachCommand
  | GraphLookupCommand;

export interface OutputLookupOptionNode {
  name: OutputLookupOption;
  /** The `name=value` text. */
  span: Span;
  valueSpan: Span;
}

/**
 * `outputlookup [append=<bool>] [override_if_empty=<bool>] [key_field=f1, f2] [max=<n>] <name>`:
 * writes the rows into lookup `<name>` (see the substrate contract). Always the last command.
 */
export interface OutputLookup {
  kind: 'OutputLookup';
  /** The lookup name, checked against the lookup-name rules. */
  name: string;
  nameQuoted: boolean;
  nameSpan: Span;
  /** Effective: as written, else true when `key_field` is given, else false. */
  append: boolean;
  /** Effective: as written, else true. */
  overrideIfEmpty: boolean;
  /** Empty when not given. */
  keyFields: FieldRef[];
  /** At least 1 when given; absent means no limit of the user's (the server's ceiling still holds). */
  max?: number;
  written: {
    append?: boolean;
    overrideIfEmpty?: boolean;
    keyFields?: FieldRef[];
    max?: number;
  };
  /** The options in the order written. */
  options: OutputLookupOptionNode[];
  span: Span;
}

export interface Query {
  kind: 'Query';
  source: SourceCommand | MakeResults | MultiSearch | SubsearchSource | GraphLookupSource;
  commands: Command[];
  output?: OutputLookup;
  span: Span;
}
