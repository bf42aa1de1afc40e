/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/**
 * Expressions: `or` down to primaries, with the limits that keep recursion bounded. Function calls
 * are parse_calls.ts's.
 */
import type { BinaryExpr, Expr, FieldRef, IntervalUnit, Literal, Span } from './ast';
import type { Subsearch, SubsearchPredicate } from './commands/combining_ast';
import { AGGREGATION_FUNCTIONS, EXPRESSION_KEYWORDS } from './language';
import type { Token } from './tokenizer';
import { INTEGRAL_RANGES } from './types';
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

export abstract class ExpressionParser extends NameParser {
  /** How deeply expression parsing has recursed (see {@link MAX_EXPRESSION_NESTING}). */
  protected nesting = 0;
  /** The subsearches of the `where`/join condition or `eval` being parsed; undefined outside them. */
  protected wherePredicates: SubsearchPredicate[] | undefined;

  /** `[ <subsearch> ]`: parsed by the combining family (commands/subsearch.ts). */
  protected parseSubsearch(): Subsearch {
    return this.fail(this.peek(), 'subsearches are not supported here', []);
  }

  /**
   * `exists [ … ]`, `<values> [not] in [ … ]` inside a condition: the predicate recorded for the
   * `where`, and a placeholder field standing for its result in the condition.
   */
  private subsearchPredicate(
    kind: SubsearchPredicate['kind'],
    values: Expr[],
    negated: boolean,
    from: Span
  ): FieldRef {
    const predicates = this.wherePredicates;
    if (predicates === undefined) {
      this.fail(
        this.peek(),
        'a subsearch [ … ] in an expression is only supported in where, eval and a join condition (where … in [ … ], where exists [ … ], eval n = [ … ], join on … in [ … ])',
        []
      );
    }
    const search = this.parseSubsearch();
    const span: Span = { start: from.start, end: search.span.end };
    const slot = `\u0000subsearch${predicates.length}`;
    predicates.push({ kind, values, negated, search, slot, span });
    return { kind: 'Field', name: slot, quoted: true, span };
  }

  /** Whether `(` at the cursor opens a tuple followed by `[not] in [` (`(a, b) in [ … ]`). */
  private atTupleIn(): boolean {
    if (!this.isPunct(this.peek(), '(')) return false;
    let depth = 0;
    for (let k = 0; ; k++) {
      const t = this.tokenAt(k);
      if (this.atEnd(t) || this.isPunct(t, '|') || this.isPunct(t, '[')) return false;
      if (this.isPunct(t, '(')) depth++;
      if (this.isPunct(t, ')') && --depth === 0) {
        const after = this.isWord(this.tokenAt(k + 1), 'not') ? k + 2 : k + 1;
        return this.isWord(this.tokenAt(after), 'in') && this.isPunct(this.tokenAt(after + 1), '[');
      }
    }
  }

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
          [],
          'limit'
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
        [],
        'limit'
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
    const first = this.peek();
    if (this.isWord(first, 'exists') && this.isPunct(this.tokenAt(1), '[')) {
      this.next();
      return this.subsearchPredicate('Exists', [], false, first);
    }
    if (this.atTupleIn()) {
      this.next();
      const values = this.list(() => this.parseExpression('a value'), 'required');
      this.expectPunct(')', [',', ')']);
      const negated = this.isWord(this.peek(), 'not');
      if (negated) this.next();
      this.next();
      return this.subsearchPredicate('InSubsearch', values, negated, first);
    }
    let left = this.parseSum();
    for (;;) {
      const t = this.peek();
      const notIn = this.isWord(t, 'not') && this.isWord(this.tokenAt(1), 'in');
      if (
        (this.isWord(t, 'in') && this.isPunct(this.tokenAt(1), '[')) ||
        (notIn && this.isPunct(this.tokenAt(2), '['))
      ) {
        this.next();
        if (notIn) this.next();
        left = this.subsearchPredicate('InSubsearch', [left], notIn, left.span);
      } else if (t.kind === 'operator' && COMPARISON_OPERATORS.has(t.text)) {
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
      } else if (
        this.isWord(t, 'contains') &&
        left.kind === 'Field' &&
        (this.isWord(this.tokenAt(1)) || this.tokenAt(1).quoted === true)
      ) {
        // The SQL plugin refuses a field on the right of contains (a semantic error).
        const right = this.tokenAt(1);
        this.fail(
          { start: right.start, end: right.end },
          `the right-hand side of contains must be a string literal, found the field "${right.value ?? right.text}": write ${left.name} contains 'text', or ilike(${left.name}, concat('%', ${right.value ?? right.text}, '%')) to match another field`,
          ['string']
        );
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
    if (this.isPunct(t, '[')) {
      // A scalar subsearch (subquery.md): its one value.
      return this.subsearchPredicate('Scalar', [], false, t);
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

  protected startsInterval(): boolean {
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
  /** A function call (the name, then `(`, are next): see parse_calls.ts. */
  protected abstract parseCall(): Expr;
}
