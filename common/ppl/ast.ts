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
import type { CombiningCommand, MultiSearch } from './commands/combining_ast';
import type { ExtractionCommand } from './commands/extraction';
import type { ForeachCommand } from './commands/foreach_ast';
import type { TimewrapCommand, XySeriesCommand } from './commands/pivot';
import type { SearchExpr } from './commands/search_ast';
import type { ShapingCommand } from './commands/shaping';
import type { SpanBucket, WindowCommand } from './commands/windows';
import type { CastTypeName, OutputLookupOption } from './language';
import type { InlineTable } from './makeresults';
import type { PplType } from './types';

export interface Span {
  /** 0-based offset of the first character. */
  start: number;
  /** 0-based offset just past the last character. */
  end: number;
}

// ---------------------------------------------------------------------------------------------
// Expressions

export type LiteralType = 'int' | 'bigint' | 'float' | 'double' | 'string' | 'boolean';

/**
 * A literal. Integer literals are `int` when they fit in 32 bits and `bigint` otherwise, as PPL
 * types them (`AstExpressionBuilder.visitIntegerLiteral`). A `bigint` beyond 2^53 is not exact in
 * `value`: `text` keeps its exact digits (the evaluator reads those).
 */
export interface Literal {
  kind: 'Literal';
  literalType: LiteralType;
  value: string | number | boolean;
  /** The source text (for a number: its exact digits, sign included). */
  text: string;
  span: Span;
}

/** A field reference: `a`, `geo.city`, `` `my field` ``, `@timestamp`. */
export interface FieldRef {
  kind: 'Field';
  /** The name, dotted path parts joined by `.`, without backticks. */
  name: string;
  /** True when any part was written in backticks. */
  quoted: boolean;
  /**
   * An argument of `coalesce`, which may name a field that does not exist (condition.md: it reads
   * as null there, not as an unknown field).
   */
  optional?: boolean;
  span: Span;
}

export type ArithmeticOperator = '+' | '-' | '*' | '/' | '%';
export type ComparisonOperator = '=' | '!=' | '<' | '<=' | '>' | '>=';
export type LogicalOperator = 'AND' | 'OR' | 'XOR';

export interface BinaryExpr {
  kind: 'Binary';
  /** `==` is stored as `=`: PPL treats them alike. */
  op: ArithmeticOperator | ComparisonOperator | LogicalOperator;
  left: Expr;
  right: Expr;
  span: Span;
}

export interface UnaryExpr {
  kind: 'Unary';
  op: 'NOT' | '-' | '+';
  operand: Expr;
  span: Span;
}

/** A scalar function call (`lower(x)`, `round(x, 2)`, …). `case`, `cast`, `like` have own nodes. */
export interface FunctionCall {
  kind: 'Call';
  /** The canonical lower-case name: `substr` is stored as `substring`, `ceiling` as `ceil`. */
  name: string;
  args: Expr[];
  /** `name=value` arguments (relevance functions' options), in the order written. */
  options?: NamedArgument[];
  /** The `[f1 ^ 2, f2]` field list of `multi_match`, `query_string`, `simple_query_string`. */
  fields?: RelevanceField[];
  nameSpan: Span;
  span: Span;
}

export interface NamedArgument {
  /** Lower case. */
  name: string;
  value: string | number | boolean;
  span: Span;
}

export interface RelevanceField {
  /** A field name or pattern (`*`, `title*`). */
  name: string;
  boost?: number;
  span: Span;
}

/** `x -> x > 0`, `(acc, x) -> acc + x`: the function argument of `filter`, `reduce`, … */
export interface LambdaExpr {
  kind: 'Lambda';
  params: string[];
  body: Expr;
  span: Span;
}

export type IntervalUnit =
  'MICROSECOND' | 'SECOND' | 'MINUTE' | 'HOUR' | 'DAY' | 'WEEK' | 'MONTH' | 'QUARTER' | 'YEAR';

/** `INTERVAL 1 DAY`: the second argument of `date_add`, `adddate`, `date_sub`, `subdate`. */
export interface IntervalExpr {
  kind: 'Interval';
  value: Expr;
  unit: IntervalUnit;
  span: Span;
}

/** `x IN (1, 2)`, `x NOT IN ('a', 'b')`: the list holds literals only, as in PPL. */
export interface InExpr {
  kind: 'In';
  expr: Expr;
  values: Literal[];
  negated: boolean;
  span: Span;
}

/** `x BETWEEN low AND high`, `x NOT BETWEEN low AND high` (bounds included). */
export interface BetweenExpr {
  kind: 'Between';
  expr: Expr;
  low: Expr;
  high: Expr;
  negated: boolean;
  span: Span;
}

/**
 * `x LIKE 'pat%'`, `like(x, 'pat%')`, `like(x, 'pat%', true)`, `ilike(x, 'pat%')`. `%` matches any
 * run of characters, `_` one character, `\` escapes the next one.
 */
export interface LikeExpr {
  kind: 'Like';
  expr: Expr;
  pattern: Expr;
  /**
   * As written: `true`/`false` from the third argument of `like`, `false` for `ilike`, undefined
   * otherwise. Undefined means case-insensitive, PPL 3.x's default (see evaluate.ts).
   */
  caseSensitive?: boolean;
  syntax: 'operator' | 'like' | 'ilike';
  span: Span;
}

/** `x IS NULL`, `x IS NOT NULL`. */
export interface IsNullExpr {
  kind: 'IsNull';
  expr: Expr;
  negated: boolean;
  span: Span;
}

/** `case(c1, v1, c2, v2 else v)`: the first branch whose condition is true, else `otherwise`. */
export interface CaseExpr {
  kind: 'Case';
  branches: Array<{ when: Expr; then: Expr }>;
  otherwise?: Expr;
  span: Span;
}

/** `cast(x as type)`. */
export interface CastExpr {
  kind: 'Cast';
  expr: Expr;
  /** As written, lower case (`integer` and `int` are both kept as written). */
  typeName: CastTypeName;
  /** The PPL type of the result (`int`, `bigint`, `double`, …). */
  targetType: PplType;
  typeSpan: Span;
  span: Span;
}

export type Expr =
  | Literal
  | FieldRef
  | BinaryExpr
  | UnaryExpr
  | FunctionCall
  | InExpr
  | BetweenExpr
  | LikeExpr
  | IsNullExpr
  | CaseExpr
  | CastExpr
  | LambdaExpr
  | IntervalExpr;

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

/** A field name that may hold `*` wildcards (in `fields` and `rename`). */
export interface FieldPattern {
  kind: 'FieldPattern';
  /** The name or pattern, without backticks. */
  pattern: string;
  /** True when the pattern holds a `*` (written outside backticks). */
  wildcard: boolean;
  quoted: boolean;
  span: Span;
}

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
  span: Span;
}

export interface EvalCommand {
  kind: 'Eval';
  assignments: Array<{ field: FieldRef; expr: Expr; span: Span }>;
  span: Span;
}

export type AggregationFunction =
  | 'count'
  | 'dc'
  | 'sum'
  | 'avg'
  | 'min'
  | 'max'
  | 'var_samp'
  | 'var_pop'
  | 'stddev_samp'
  | 'stddev_pop'
  | 'distinct_count_approx'
  | 'earliest'
  | 'latest'
  | 'take'
  | 'percentile'
  | 'median'
  | 'first'
  | 'last'
  | 'list'
  | 'values';

export interface Aggregation {
  kind: 'Aggregation';
  /** Canonical: `c` is stored as `count`, `distinct_count` as `dc`, `perc95` as `percentile`. */
  func: AggregationFunction;
  /** The name as written, lower case (`c`, `count`, `distinct_count`, …). */
  funcWritten: string;
  /** Absent for `count()`, `count`, `c`: count every row. */
  arg?: Expr;
  /** `count(eval(condition))`: `arg` is a condition, and only rows where it is true count. */
  countEval?: boolean;
  /**
   * Further arguments: `earliest`/`latest`'s time field, `take`'s size, `percentile`'s percent
   * (also from `perc95(x)`, `p99.5(x)`, and 50 for `median`).
   */
  params?: Expr[];
  alias?: string;
  /**
   * The output column: the alias, or else the aggregation's text exactly as written (`count()`,
   * `avg(balance)`), as PPL names it (`AstBuilder.parseAggTerms` takes `getTextInQuery`).
   */
  name: string;
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

export interface SortKey {
  field: FieldRef;
  order: 'asc' | 'desc';
  /** `sort num(f)` and friends: how to compare the values; absent for a plain field. */
  as?: 'auto' | 'str' | 'ip' | 'num';
  /** How the order was written: `-f` (prefix), `f desc` (suffix), or not at all. */
  notation: 'prefix' | 'suffix' | 'none';
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
  | ForeachCommand;

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
  source: SourceCommand | MakeResults | MultiSearch;
  commands: Command[];
  output?: OutputLookup;
  span: Span;
}
