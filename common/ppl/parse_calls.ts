/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/**
 * Function calls: arguments and lambdas, and the calls with their own syntax (`cast(x as t)`,
 * `case(…)`, `like`, `extract(part FROM x)`, `position(a IN b)`, the relevance functions' field
 * lists and `name=value` options), checked against the function catalog.
 */
import type { Expr, FunctionCall, LambdaExpr, Literal, NamedArgument, RelevanceField } from './ast';
import {
  CANONICAL_FUNCTION,
  CAST_TYPES,
  CastTypeName,
  FUNCTION_ARITY,
  FUNCTIONS,
} from './language';
import { RELEVANCE_FUNCTIONS } from './functions';
import type { Token } from './tokenizer';
import type { PplType } from './types';
import { AGGREGATIONS, ExpressionParser } from './parse_expressions';

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

export class CallParser extends ExpressionParser {
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

  /**
   * coalesce's arguments, where a bare `null` is a name like any other: PPL has no null literal,
   * and the SQL plugin reads a name that is no field inside coalesce as a null of no type
   * (QualifiedNameResolver), so `coalesce(null, 3.14)` is the double 3.14.
   */
  protected parseCoalesceArguments(): Expr[] {
    const args: Expr[] = [];
    const one = (): Expr => {
      const t = this.peek();
      const after = this.tokenAt(1);
      if (
        this.isWord(t) &&
        t.text.toLowerCase() === 'null' &&
        (this.isPunct(after, ',') || this.isPunct(after, ')'))
      ) {
        this.next();
        return {
          kind: 'Field',
          name: t.text,
          quoted: false,
          optional: true,
          span: { start: t.start, end: t.end },
        };
      }
      return this.parseArgument();
    };
    if (!this.isPunct(this.peek(), ')')) {
      args.push(one());
      while (this.isPunct(this.peek(), ',')) {
        this.next();
        args.push(one());
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
    const args = written === 'coalesce' ? this.parseCoalesceArguments() : this.parseArguments();
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
