/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/** Expressions: `or` down to primaries, with the limits that keep recursion bounded. */
import type {
  BinaryExpr,
  Expr,
  FieldRef,
  FunctionCall,
  IntervalUnit,
  LambdaExpr,
  Literal,
  NamedArgument,
  RelevanceField,
} from './ast';
import {
  AGGREGATION_FUNCTIONS,
  CANONICAL_FUNCTION,
  CAST_TYPES,
  CastTypeName,
  EXPRESSION_KEYWORDS,
  FUNCTION_ARITY,
  FUNCTIONS,
} from './language';
import { RELEVANCE_FUNCTIONS } from './functions';
import type { Token } from './tokenizer';
import { INTEGRAL_RANGES, PplType } from './types';
import { NameParser } from './parse_names';

/**
 * Limits that keep a query's parse, and every recursive walk of its tree, far from the stack's end
 * (a RangeError would be a 500). Generous for any query a person writes.
 */
/** Parentheses, `NOT`s, signs and function calls nested in each other. */
export const MAX_EXPRESSION_NESTING = 200;
/** Levels of one expression's tree: a chain of operators (`a + b + …`) counts one per operator. */
export const MAX_EXPRESSION_DEPTH = 1000;
/** Commands after the first (`source=…` or `makeresults`), `outputlookup` included. */
export const MAX_COMMANDS = 1000;

export const AGGREGATIONS = new Set<string>(AGGREGATION_FUNCTIONS);
const RESERVED_IN_EXPRESSIONS = new Set(EXPRESSION_KEYWORDS);
const COMPARISON_OPERATORS = new Set(['=', '==', '!=', '<', '<=', '>', '>=']);
const CAST_TARGETS: Readonly<Record<CastTypeName, PplType>> = {
  int: 'int',
  integer: 'int',
  long: 'bigint',
  float: 'float',
  double: 'double',
  string: 'string',
  boolean: 'boolean',
  date: 'date',
  time: 'time',
  timestamp: 'timestamp',
  ip: 'ip',
};

const INTERVAL_UNITS: readonly IntervalUnit[] = [
  'MICROSECOND',
  'SECOND',
  'MINUTE',
  'HOUR',
  'DAY',
  'WEEK',
  'MONTH',
  'QUARTER',
  'YEAR',
];

/** Functions whose first argument is a bare word naming a unit or a type (`timestampadd(DAY, …)`). */
const UNIT_ARGUMENT_FUNCTIONS = new Set(['timestampadd', 'timestampdiff', 'get_format']);

/** `extract(part FROM …)` parts. */
const EXTRACT_PARTS = [
  'MICROSECOND',
  'SECOND',
  'MINUTE',
  'HOUR',
  'DAY',
  'WEEK',
  'MONTH',
  'QUARTER',
  'YEAR',
  'SECOND_MICROSECOND',
  'MINUTE_MICROSECOND',
  'MINUTE_SECOND',
  'HOUR_MICROSECOND',
  'HOUR_SECOND',
  'HOUR_MINUTE',
  'DAY_MICROSECOND',
  'DAY_SECOND',
  'DAY_MINUTE',
  'DAY_HOUR',
  'YEAR_MONTH',
];

const RELEVANCE = new Set<string>(
  Object.entries(RELEVANCE_FUNCTIONS.functions).flatMap(([name, info]) => [
    name,
    ...(info.aliases ?? []),
  ])
);

/** The direct sub-expressions of `expr`. */
function children(expr: Expr): Expr[] {
  switch (expr.kind) {
    case 'Binary':
      return [expr.left, expr.right];
    case 'Unary':
      return [expr.operand];
    case 'Call':
      return expr.args;
    case 'In':
      return [expr.expr, ...expr.values];
    case 'Between':
      return [expr.expr, expr.low, expr.high];
    case 'Like':
      return [expr.expr, expr.pattern];
    case 'IsNull':
    case 'Cast':
      return [expr.expr];
    case 'Lambda':
      return [expr.body];
    case 'Interval':
      return [expr.value];
    case 'Case':
      return [
        ...expr.branches.flatMap((b) => [b.when, b.then]),
        ...(expr.otherwise === undefined ? [] : [expr.otherwise]),
      ];
    default:
      return [];
  }
}

/** Whether the tree is deeper than {@link MAX_EXPRESSION_DEPTH}, walked without recursion. */
function tooDeep(root: Expr): boolean {
  const stack: Array<[Expr, number]> = [[root, 1]];
  while (stack.length > 0) {
    const [expr, depth] = stack.pop()!;
    if (depth > MAX_EXPRESSION_DEPTH) {
      return true;
    }
    for (const child of children(expr)) {
      stack.push([child, depth + 1]);
    }
  }
  return false;
}

export class ExpressionParser extends NameParser {
  /** How deeply expression parsing has recursed (see {@link MAX_EXPRESSION_NESTING}). */
  protected nesting = 0;

  // -------------------------------------------------------------------------------------------
  // Expressions

  /** An expression; `what` names it in the error when there is none. */
  protected parseExpression(what: string): Expr {
    const start = this.peek();
    if (this.endsCommand(start)) {
      return this.expected(what, ['expression']);
    }
    const expr = this.nested(start, () => this.parseOr());
    if (this.nesting === 0) {
      if (tooDeep(expr)) {
        this.fail(
          expr.span,
          `this expression is more than ${MAX_EXPRESSION_DEPTH} levels deep (each operator in a chain ` +
            'is a level): split it over several eval commands, or use IN (…) for a list of values',
          []
        );
      }
    }
    return expr;
  }

  /** Parses one level deeper, refusing past {@link MAX_EXPRESSION_NESTING} at `at`. */
  protected nested<T>(at: Token, parse: () => T): T {
    if (this.nesting >= MAX_EXPRESSION_NESTING) {
      this.fail(
        at,
        `expressions nest more than ${MAX_EXPRESSION_NESTING} levels deep here (parentheses, NOT, ` +
          'signs and function calls count): simplify the expression',
        []
      );
    }
    this.nesting++;
    try {
      return parse();
    } finally {
      this.nesting--;
    }
  }

  protected binary(op: BinaryExpr['op'], left: Expr, right: Expr): BinaryExpr {
    return {
      kind: 'Binary',
      op,
      left,
      right,
      span: { start: left.span.start, end: right.span.end },
    };
  }

  protected parseOr(): Expr {
    let left = this.parseXor();
    while (this.isWord(this.peek(), 'or')) {
      this.next();
      left = this.binary('OR', left, this.parseXor());
    }
    return left;
  }

  protected parseXor(): Expr {
    let left = this.parseAnd();
    while (this.isWord(this.peek(), 'xor')) {
      this.next();
      left = this.binary('XOR', left, this.parseAnd());
    }
    return left;
  }

  protected parseAnd(): Expr {
    let left = this.parseNot();
    while (this.isWord(this.peek(), 'and')) {
      this.next();
      left = this.binary('AND', left, this.parseNot());
    }
    return left;
  }

  protected parseNot(): Expr {
    const t = this.peek();
    if (this.isWord(t, 'not')) {
      this.next();
      const operand = this.nested(t, () => this.parseNot());
      return { kind: 'Unary', op: 'NOT', operand, span: { start: t.start, end: operand.span.end } };
    }
    return this.parsePredicate();
  }

  protected parsePredicate(): Expr {
    let left = this.parseSum();
    for (;;) {
      const t = this.peek();
      if (t.kind === 'operator' && COMPARISON_OPERATORS.has(t.text)) {
        this.next();
        const op = (t.text === '==' ? '=' : t.text) as BinaryExpr['op'];
        left = this.binary(op, left, this.parseSum());
      } else if (this.isWord(t, 'like', 'ilike')) {
        this.next();
        const pattern = this.parseSum();
        left = {
          kind: 'Like',
          expr: left,
          pattern,
          ...(t.text.toLowerCase() === 'ilike' ? { caseSensitive: false } : {}),
          syntax: 'operator',
          span: { start: left.span.start, end: pattern.span.end },
        };
      } else if (this.isWord(t, 'contains') && this.tokenAt(1).kind === 'string') {
        // condition.md: `field contains 'text'` is `field ILIKE '%text%'` (the text taken literally).
        this.next();
        const lit = this.stringLiteral(this.next());
        const escaped = String(lit.value).replace(/[\\%_]/g, (c) => `\\${c}`);
        left = {
          kind: 'Like',
          expr: left,
          pattern: { ...lit, value: `%${escaped}%` },
          caseSensitive: false,
          syntax: 'operator',
          span: { start: left.span.start, end: lit.span.end },
        };
      } else if (this.isWord(t, 'is')) {
        this.next();
        let negated = false;
        if (this.isWord(this.peek(), 'not')) {
          this.next();
          negated = true;
        }
        if (!this.isWord(this.peek(), 'null')) {
          this.expected('"null"', ['null']);
        }
        const end = this.next();
        left = {
          kind: 'IsNull',
          expr: left,
          negated,
          span: { start: left.span.start, end: end.end },
        };
      } else if (
        this.isWord(t, 'in', 'between') ||
        (this.isWord(t, 'not') && this.isWord(this.tokenAt(1), 'in', 'between'))
      ) {
        const negated = this.isWord(t, 'not');
        if (negated) {
          this.next();
        }
        const keyword = this.next().text.toLowerCase();
        if (keyword === 'in') {
          this.expectPunct('(');
          const values = this.list(() => this.parseListLiteral(), 'required');
          const close = this.expectPunct(')', [',', ')']);
          left = {
            kind: 'In',
            expr: left,
            values,
            negated,
            span: { start: left.span.start, end: close.end },
          };
        } else {
          const low = this.parseSum();
          this.expectWord('and');
          const high = this.parseSum();
          left = {
            kind: 'Between',
            expr: left,
            low,
            high,
            negated,
            span: { start: left.span.start, end: high.span.end },
          };
        }
      } else {
        return left;
      }
    }
  }

  protected parseListLiteral(): Literal {
    const t = this.peek();
    if (this.isOp(t, '-') || this.isOp(t, '+')) {
      if (this.tokenAt(1).kind === 'number' && this.tokenAt(1).start === t.end) {
        this.next();
        return this.numberLiteral(this.next(), t);
      }
    } else if (t.kind === 'number') {
      return this.numberLiteral(this.next());
    } else if (t.kind === 'string') {
      return this.stringLiteral(this.next());
    } else if (this.isWord(t, 'true', 'false')) {
      return this.booleanLiteral(this.next());
    }
    return this.expected('a literal value (IN lists hold numbers, strings, true or false)', [
      'literal',
    ]);
  }

  protected parseSum(): Expr {
    let left = this.parseProduct();
    for (;;) {
      const t = this.peek();
      if (this.isOp(t, '+') || this.isOp(t, '-')) {
        this.next();
        left = this.binary(t.text as '+' | '-', left, this.parseProduct());
      } else {
        return left;
      }
    }
  }

  protected parseProduct(): Expr {
    let left = this.parseUnary();
    for (;;) {
      const t = this.peek();
      if (this.isOp(t, '*') || this.isOp(t, '/') || this.isOp(t, '%')) {
        this.next();
        left = this.binary(t.text as '*' | '/' | '%', left, this.parseUnary());
      } else {
        return left;
      }
    }
  }

  protected parseUnary(): Expr {
    const t = this.peek();
    if (this.isOp(t, '-') || this.isOp(t, '+')) {
      this.next();
      const n = this.peek();
      if (n.kind === 'number') {
        // A signed number is one literal, as PPL's `integerLiteral: (PLUS | MINUS)? INTEGER_LITERAL`:
        // `-2147483648` is an `int`.
        return this.numberLiteral(this.next(), t);
      }
      if (this.endsCommand(n)) {
        this.expected('an expression', ['expression']);
      }
      const operand = this.nested(t, () => this.parseUnary());
      return {
        kind: 'Unary',
        op: t.text as '-' | '+',
        operand,
        span: { start: t.start, end: operand.span.end },
      };
    }
    return this.parsePrimary();
  }

  protected numberLiteral(t: Token, sign?: Token): Literal {
    const negative = sign !== undefined && sign.text === '-';
    const text = `${negative ? '-' : ''}${t.text}`;
    const span = { start: (sign ?? t).start, end: t.end };
    if (/^\d+$/.test(t.text)) {
      const v = BigInt(text);
      const [intLo, intHi] = INTEGRAL_RANGES.int;
      const [longLo, longHi] = INTEGRAL_RANGES.bigint;
      if (v < longLo || v > longHi) {
        this.fail(span, `the integer ${text} is out of range (PPL integers are 64-bit)`, []);
      }
      const literalType = v >= intLo && v <= intHi ? 'int' : 'bigint';
      return { kind: 'Literal', literalType, value: Number(v), text, span };
    }
    const suffix = t.text.slice(-1).toLowerCase();
    const digits = suffix === 'f' || suffix === 'd' ? text.slice(0, -1) : text;
    const value = Number(digits);
    if (suffix === 'f') {
      return { kind: 'Literal', literalType: 'float', value: Math.fround(value), text, span };
    }
    return { kind: 'Literal', literalType: 'double', value, text, span };
  }

  protected stringLiteral(t: Token): Literal {
    return {
      kind: 'Literal',
      literalType: 'string',
      value: t.value ?? '',
      text: t.text,
      span: { start: t.start, end: t.end },
    };
  }

  protected booleanLiteral(t: Token): Literal {
    return {
      kind: 'Literal',
      literalType: 'boolean',
      value: t.text.toLowerCase() === 'true',
      text: t.text,
      span: { start: t.start, end: t.end },
    };
  }

  protected parsePrimary(): Expr {
    const t = this.peek();
    if (t.kind === 'number') {
      return this.numberLiteral(this.next());
    }
    if (t.kind === 'string') {
      return this.stringLiteral(this.next());
    }
    if (this.isPunct(t, '(')) {
      this.next();
      const inner = this.parseExpression('an expression');
      this.expectPunct(')');
      return inner;
    }
    if (this.isWord(t)) {
      const word = t.text.toLowerCase();
      if (word === 'true' || word === 'false') {
        return this.booleanLiteral(this.next());
      }
      if (word === 'interval' && this.startsInterval()) {
        return this.parseInterval();
      }
      if (this.isPunct(this.tokenAt(1), '(')) {
        return this.parseCall();
      }
      if (RESERVED_IN_EXPRESSIONS.has(word)) {
        const hint =
          word === 'null'
            ? ': test for null with "x IS NULL" or isnull(x)'
            : ' (quote a field so named in backticks)';
        return this.expected(`an expression${hint}`, ['expression']);
      }
      return this.parseFieldInExpression();
    }
    if (t.quoted === true) {
      return this.parseFieldInExpression();
    }
    return this.expected('an expression', ['expression']);
  }

  /** `a`, `geo.city`, `` `a b` ``, `` geo.`my city` ``: parts joined by adjacent dots. */
  protected parseFieldInExpression(): FieldRef {
    const first = this.next();
    let name = first.quoted === true ? (first.value ?? '') : first.text;
    let quoted = first.quoted === true;
    let last = first;
    for (;;) {
      const dot = this.tokenAt(0);
      const part = this.tokenAt(1);
      if (
        this.isPunct(dot, '.') &&
        dot.start === last.end &&
        part.start === dot.end &&
        part.error === undefined &&
        (this.isWord(part) || part.quoted === true)
      ) {
        this.next();
        last = this.next();
        name += `.${last.quoted === true ? (last.value ?? '') : last.text}`;
        quoted = quoted || last.quoted === true;
      } else {
        break;
      }
    }
    if (name === '') {
      this.fail(first, 'the field name is empty', ['field name']);
    }
    return { kind: 'Field', name, quoted, span: { start: first.start, end: last.end } };
  }

  protected parseArguments(): Expr[] {
    const args: Expr[] = [];
    if (!this.isPunct(this.peek(), ')')) {
      args.push(this.parseArgument());
      while (this.isPunct(this.peek(), ',')) {
        this.next();
        args.push(this.parseArgument());
      }
    }
    return args;
  }

  /** An argument: an expression, or a lambda `x -> …` / `(a, b) -> …`. */
  protected parseArgument(): Expr {
    const params = this.lambdaParameters();
    if (params === undefined) {
      return this.parseExpression('an argument');
    }
    const start = this.peek();
    const names: string[] = [];
    if (this.isPunct(start, '(')) {
      this.next();
      for (let i = 0; i < params; i++) {
        names.push(this.next().text);
        if (i < params - 1) this.next();
      }
      this.next();
    } else {
      names.push(this.next().text);
    }
    this.next(); // "->"
    const body = this.parseExpression('the body of the lambda');
    const lambda: LambdaExpr = {
      kind: 'Lambda',
      params: names,
      body,
      span: { start: start.start, end: body.span.end },
    };
    return lambda;
  }

  /** How many parameters a lambda starting here has, or undefined when none starts here. */
  private lambdaParameters(): number | undefined {
    const t = this.tokenAt(0);
    if (this.isWord(t) && this.isOp(this.tokenAt(1), '->')) {
      return 1;
    }
    if (!this.isPunct(t, '(')) {
      return undefined;
    }
    let i = 1;
    let n = 0;
    for (;;) {
      if (!this.isWord(this.tokenAt(i))) return undefined;
      n++;
      i++;
      if (this.isPunct(this.tokenAt(i), ',')) {
        i++;
        continue;
      }
      if (this.isPunct(this.tokenAt(i), ')') && this.isOp(this.tokenAt(i + 1), '->')) return n;
      return undefined;
    }
  }

  /** Whether `interval` here starts `INTERVAL <expr> <unit>` (rather than naming a field). */
  private startsInterval(): boolean {
    const isUnit = (t: Token) =>
      this.isWord(t) && INTERVAL_UNITS.includes(t.text.toUpperCase() as IntervalUnit);
    const next = this.tokenAt(1);
    // A number after the word can only be an interval's (then the unit is checked, with the list).
    if (next.kind === 'number') return true;
    if ((this.isOp(next, '-') || this.isOp(next, '+')) && this.tokenAt(2).kind === 'number') {
      // `INTERVAL -2 HOUR`, but `interval - 2` subtracts from a field.
      return isUnit(this.tokenAt(3));
    }
    return this.isWord(next) && !this.isPunct(this.tokenAt(2), '(') && isUnit(this.tokenAt(2));
  }

  protected parseInterval(): Expr {
    const start = this.next();
    const value = this.parseUnary();
    const t = this.peek();
    const unit = t.text.toUpperCase() as IntervalUnit;
    if (!this.isWord(t) || !INTERVAL_UNITS.includes(unit)) {
      return this.expected(`an interval unit (${INTERVAL_UNITS.join(', ')})`, [...INTERVAL_UNITS]);
    }
    this.next();
    return { kind: 'Interval', value, unit, span: { start: start.start, end: t.end } };
  }

  /** `extract(part FROM expr)`. */
  private parseExtract(nameToken: Token): Expr {
    const t = this.peek();
    const part = t.text.toUpperCase();
    if (!this.isWord(t) || !EXTRACT_PARTS.includes(part)) {
      return this.expected(`a part to extract (${EXTRACT_PARTS.join(', ')})`, EXTRACT_PARTS);
    }
    this.next();
    this.expectWord('from');
    const from = this.parseExpression('a date or time');
    this.expectPunct(')');
    const partLiteral: Literal = {
      kind: 'Literal',
      literalType: 'string',
      value: part,
      text: t.text,
      span: { start: t.start, end: t.end },
    };
    return this.call(nameToken, 'extract', [partLiteral, from]);
  }

  /** `position(substr IN str)`. */
  private parsePosition(nameToken: Token): Expr {
    const sub = this.parseSum();
    this.expectWord('in');
    const str = this.parseSum();
    this.expectPunct(')');
    return this.call(nameToken, 'position', [sub, str]);
  }

  private call(nameToken: Token, name: string, args: Expr[], extra: Partial<FunctionCall> = {}) {
    const call: FunctionCall = {
      kind: 'Call',
      name,
      args,
      ...extra,
      nameSpan: { start: nameToken.start, end: nameToken.end },
      span: this.spanFrom(nameToken),
    };
    return call;
  }

  /**
   * A relevance function's arguments: an optional `[f1 ^ 2, 'f2']` field list, positional
   * expressions, and `name=value` options.
   */
  private parseRelevance(nameToken: Token, name: string): Expr {
    let fields: RelevanceField[] | undefined;
    const args: Expr[] = [];
    const options: NamedArgument[] = [];
    let first = true;
    while (!this.isPunct(this.peek(), ')')) {
      if (!first) this.expectPunct(',', [',', ')']);
      first = false;
      const t = this.peek();
      if (this.isPunct(t, '[') && fields === undefined && args.length === 0) {
        fields = this.parseRelevanceFields();
      } else if (this.isWord(t) && this.isOp(this.tokenAt(1), '=')) {
        this.next();
        this.next();
        const v = this.next();
        const value =
          v.kind === 'string'
            ? (v.value ?? '')
            : v.kind === 'number'
              ? Number(v.text)
              : this.isWord(v, 'true', 'false')
                ? v.text.toLowerCase() === 'true'
                : v.text;
        options.push({ name: t.text.toLowerCase(), value, span: { start: t.start, end: v.end } });
      } else {
        args.push(this.parseExpression('an argument'));
      }
    }
    this.expectPunct(')');
    return this.call(nameToken, name, args, {
      options,
      ...(fields === undefined ? {} : { fields }),
    });
  }

  private parseRelevanceFields(): RelevanceField[] {
    this.expectPunct('[');
    const fields: RelevanceField[] = [];
    while (!this.isPunct(this.peek(), ']')) {
      if (fields.length > 0) this.expectPunct(',', [',', ']']);
      const t = this.next();
      let fieldName = t.kind === 'string' || t.quoted === true ? (t.value ?? '') : t.text;
      // A bare pattern (`title*`) is several tokens: join the adjacent ones.
      while (this.peek().start === this.previous().end && this.isOp(this.peek(), '*')) {
        fieldName += this.next().text;
      }
      let boost: number | undefined;
      if (this.isOp(this.peek(), '^')) {
        this.next();
        const b = this.next();
        if (b.kind !== 'number') this.fail(b, 'a field boost must be a number', ['number']);
        boost = Number(b.text);
      } else if (this.peek().kind === 'number') {
        boost = Number(this.next().text);
      }
      fields.push({
        name: fieldName,
        ...(boost === undefined ? {} : { boost }),
        span: { start: t.start, end: this.previous().end },
      });
    }
    this.expectPunct(']');
    return fields;
  }

  protected parseCall(): Expr {
    const nameToken = this.next();
    const written = nameToken.text.toLowerCase();
    this.next(); // "("
    if (written === 'cast') {
      return this.parseCast(nameToken);
    }
    if (written === 'case') {
      return this.parseCase(nameToken);
    }
    if (written === 'extract') {
      return this.parseExtract(nameToken);
    }
    if (written === 'position') {
      return this.parsePosition(nameToken);
    }
    if (RELEVANCE.has(written)) {
      return this.parseRelevance(nameToken, CANONICAL_FUNCTION[written] ?? written);
    }
    const arity = FUNCTION_ARITY[written];
    if (arity === undefined) {
      if (AGGREGATIONS.has(written)) {
        this.fail(nameToken, `the aggregation "${nameToken.text}" can only be used in "stats"`, [
          ...FUNCTIONS,
        ]);
      }
      this.fail(
        nameToken,
        `unknown function "${nameToken.text}" (the query editor's completion lists the functions)`,
        [...FUNCTIONS]
      );
    }
    const args = this.parseArguments();
    this.expectPunct(')', args.length > 0 ? [',', ')'] : [')']);
    const span = this.spanFrom(nameToken);
    const first = args[0];
    if (written === 'coalesce') {
      args.forEach((a, i) => {
        if (a.kind === 'Field') args[i] = { ...a, optional: true };
      });
    }
    if (UNIT_ARGUMENT_FUNCTIONS.has(written) && first?.kind === 'Field' && !first.quoted) {
      // `timestampadd(DAY, …)`, `get_format(DATE, …)`: the word is a unit, not a field.
      args[0] = {
        kind: 'Literal',
        literalType: 'string',
        value: first.name.toUpperCase(),
        text: first.name,
        span: first.span,
      };
    }
    const [min, max] = arity;
    if (args.length < min || args.length > max) {
      const takes =
        min === max
          ? `${min} argument${min === 1 ? '' : 's'}`
          : max === Infinity
            ? `at least ${min} argument${min === 1 ? '' : 's'}`
            : `${min} to ${max} arguments`;
      this.fail(span, `"${written}" takes ${takes}, found ${args.length}`, []);
    }
    if (written === 'like' || written === 'ilike') {
      let caseSensitive: boolean | undefined = written === 'ilike' ? false : undefined;
      if (args.length === 3) {
        const flag = args[2];
        if (flag.kind !== 'Literal' || flag.literalType !== 'boolean') {
          this.fail(flag.span, 'the third argument of like must be true or false', [
            'true',
            'false',
          ]);
        }
        caseSensitive = flag.value === true;
      }
      return {
        kind: 'Like',
        expr: args[0],
        pattern: args[1],
        ...(caseSensitive === undefined ? {} : { caseSensitive }),
        syntax: written,
        span,
      };
    }
    return {
      kind: 'Call',
      name: CANONICAL_FUNCTION[written] ?? written,
      args,
      nameSpan: { start: nameToken.start, end: nameToken.end },
      span,
    };
  }

  protected parseCast(nameToken: Token): Expr {
    const expr = this.parseExpression('an expression to cast');
    this.expectWord('as');
    const t = this.peek();
    const typeName = t.text.toLowerCase();
    if (!this.isWord(t) || !(CAST_TYPES as readonly string[]).includes(typeName)) {
      return this.expected(`a type (${CAST_TYPES.join(', ')})`, [...CAST_TYPES]);
    }
    this.next();
    this.expectPunct(')');
    return {
      kind: 'Cast',
      expr,
      typeName: typeName as CastTypeName,
      targetType: CAST_TARGETS[typeName as CastTypeName],
      typeSpan: { start: t.start, end: t.end },
      span: this.spanFrom(nameToken),
    };
  }

  protected parseCase(nameToken: Token): Expr {
    const branches: Array<{ when: Expr; then: Expr }> = [];
    let otherwise: Expr | undefined;
    for (;;) {
      const when = this.parseExpression('a condition');
      this.expectPunct(',');
      const then = this.parseExpression('a value');
      branches.push({ when, then });
      const t = this.peek();
      if (this.isPunct(t, ',')) {
        this.next();
        continue;
      }
      if (this.isWord(t, 'else')) {
        this.next();
        otherwise = this.parseExpression('a value');
      }
      this.expectPunct(')', otherwise === undefined ? [',', 'else', ')'] : [')']);
      break;
    }
    return {
      kind: 'Case',
      branches,
      ...(otherwise === undefined ? {} : { otherwise }),
      span: this.spanFrom(nameToken),
    };
  }
}
