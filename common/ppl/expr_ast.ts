/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/**
 * The nodes every family of the syntax tree shares: spans, field references and patterns,
 * expressions, aggregations and sort keys. Types only, importing no other part of the tree, so
 * the family modules (commands/*_ast.ts) build on them without an import cycle; ast.ts
 * re-exports them.
 */
import type { CastTypeName } from './language';
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

export interface SortKey {
  field: FieldRef;
  order: 'asc' | 'desc';
  /** `sort num(f)` and friends: how to compare the values; absent for a plain field. */
  as?: 'auto' | 'str' | 'ip' | 'num';
  /** How the order was written: `-f` (prefix), `f desc` (suffix), or not at all. */
  notation: 'prefix' | 'suffix' | 'none';
  span: Span;
}
