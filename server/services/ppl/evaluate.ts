/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/**
 * Evaluates PPL expressions over rows with PPL 3.x semantics (the Calcite engine with
 * `plugins.ppl.syntax.legacy.preferred=true`, the default). The operators live here; every
 * function is an entry of the registry (functions/), one file per family.
 *
 * - Nulls: arithmetic, comparisons, `LIKE`, `IN`, `BETWEEN` on a null give null, as most
 *   functions do (their null rule says). `AND`, `OR`, `XOR`, `NOT` use three-valued logic
 *   (`false AND null` is false, `true OR null` is true). `where` keeps a row only when its
 *   condition is exactly true. A missing field reads as null (condition.md).
 * - Arithmetic: see functions/arithmetic.ts (exact integers, overflow is an error, strings beside
 *   numbers read as doubles).
 * - Comparisons: numbers as numbers whatever their types; strings by UTF-16 code units; a number
 *   against a numeric string as numbers, against any other string null (conversion.md); dates,
 *   times and timestamps against each other as timestamps (a date is midnight, a time today).
 * - `LIKE`: `%` any run, `_` one character, `\` escapes; case-insensitive unless `like(x, p, true)`.
 *
 * Integer or floating point is decided by types: literals carry theirs, and a field's comes from
 * `options.types` when given (pass the column types: a `double` column holding 5 must divide as a
 * double). Without it a field's type is read off its value. Dates and times are in UTC whatever
 * the host's time zone.
 */
import type { Expr, FieldRef, FunctionCall, LikeExpr, Span } from '../../../common/ppl/ast';
import { isNumericType, PplRow, PplType, PplValue, toPplType } from '../../../common/ppl/types';
import { PplEvaluationError } from './errors';
import { likeMatches } from './regex';
import { arithmetic, isArithmeticOp, negate } from './functions/arithmetic';
import { castValue } from './functions/conversion';
import { comparableDatetime } from './functions/datetime_values';
import { coerceTo, scalarFunction } from './functions';
import type { CallContext, LazyEvaluator } from './functions/registry';
import {
  compareValues,
  fromBigInt,
  lookupType,
  parseJavaDouble,
  readField,
  runtimeType,
  toPplString,
  Typed,
  TypeMap,
} from './functions/values';
import { readsBinding, typeOf } from './infer';
import type { QueryBudget } from './budget';
import { stringBytes } from './memory';

export { PplEvaluationError, PplTypeError } from './errors';
export {
  compareValues,
  javaFloatToString,
  readField,
  runtimeType,
  toPplString,
} from './functions/values';
export type { TypeMap } from './functions/values';
export { checkBetweens, inferAggregationType, inferType } from './infer';

export interface EvaluateOptions {
  /** Column types, by PPL name (`bigint`, `double`, …) or OpenSearch mapping type (`long`, …). */
  types?: TypeMap;
  /** The statement's time (what NOW() gives); the moment of the call by default. */
  now?: Date;
  /**
   * The query's budget: functions look at its deadline as they loop, and a value that would not
   * fit its memory is refused before it is built. None: unbounded (tests, constant folding).
   */
  budget?: QueryBudget;
  /** The command evaluating, named when a value would not fit (`eval`, `where`, …). */
  command?: string;
}

const DAY_MS = 86_400_000;

/**
 * A LIKE pattern as a matcher: `%` any run, `_` one character, `\` escapes. It never backtracks
 * (see regex.ts), so a user's pattern cannot stall the server.
 */
export function likeToRegExp(
  pattern: string,
  caseSensitive: boolean
): { test(s: string): boolean } {
  return { test: (text: string) => likeMatches(text, pattern, caseSensitive) };
}

function and(a: boolean | null, b: boolean | null): boolean | null {
  if (a === false || b === false) {
    return false;
  }
  return a === null || b === null ? null : true;
}

function or(a: boolean | null, b: boolean | null): boolean | null {
  if (a === true || b === true) {
    return true;
  }
  return a === null || b === null ? null : false;
}

function booleanOf(x: Typed, what: string, span: Span): boolean | null {
  if (x.v === null || typeof x.v === 'boolean') {
    return x.v;
  }
  throw new PplEvaluationError(`${what} expects a boolean, found ${x.t}`, span);
}

/** What a function sees of its call; the spans and the clock are read only when needed. */
class CallFrame implements CallContext {
  constructor(
    private readonly call: FunctionCall,
    private readonly evaluator: Evaluator
  ) {}

  get name(): string {
    return this.call.name;
  }

  get span(): Span {
    return this.call.span;
  }

  get argSpans(): Span[] {
    return this.call.args.map((a) => a.span);
  }

  get now(): Date {
    return this.evaluator.now;
  }

  get today(): number {
    return this.evaluator.today;
  }

  clock(): Date {
    return new Date();
  }

  checkpoint(): void {
    this.evaluator.options.budget?.checkpoint();
  }

  ensureRoom(bytes: number): void {
    const { budget, command } = this.evaluator.options;
    budget?.memory.ensureRoom(bytes, command ?? this.call.name);
  }
}

/** The evaluator as a function that evaluates its own arguments sees it. */
class LazyFrame implements LazyEvaluator {
  constructor(
    readonly ctx: CallContext,
    private readonly evaluator: Evaluator
  ) {}

  eval(expr: Expr): Typed {
    return this.evaluator.eval(expr);
  }

  evalWith(expr: Expr, bindings: ReadonlyMap<string, Typed>): Typed {
    return this.evaluator.with(bindings).eval(expr);
  }

  staticType(expr: Expr): PplType {
    return this.evaluator.staticType(expr);
  }
}

class Evaluator {
  private nowValue: Date | undefined;
  private readonly fieldType = (field: FieldRef): PplType => this.readField(field).t;

  private readonly types: TypeMap | undefined;

  constructor(
    private readonly row: PplRow,
    readonly options: EvaluateOptions,
    private readonly bindings: ReadonlyMap<string, Typed> | undefined = undefined
  ) {
    this.types = options.types;
    this.nowValue = options.now;
  }

  /** The statement's time: given, or read once when first needed. */
  get now(): Date {
    this.nowValue ??= new Date();
    return this.nowValue;
  }

  get today(): number {
    return Math.floor(this.now.getTime() / DAY_MS);
  }

  /** An evaluator of the same row with more names bound. */
  with(bindings: ReadonlyMap<string, Typed>): Evaluator {
    const merged = new Map(this.bindings ?? []);
    for (const [k, v] of bindings) merged.set(k, v);
    return new Evaluator(this.row, { ...this.options, now: this.now }, merged);
  }

  private readField(field: FieldRef): Typed {
    const bound = this.bindings?.get(field.name);
    if (bound !== undefined) {
      return bound;
    }
    let v = readField(this.row, field.name);
    const declared = lookupType(this.types, field.name);
    const t = declared === undefined ? 'undefined' : toPplType(declared);
    if (t === 'undefined') {
      return { v, t: runtimeType(v) };
    }
    if (isNumericType(t) && typeof v === 'string') {
      // A numeric column whose source document held the number as text.
      v = parseJavaDouble(v) ?? null;
    }
    return { v, t };
  }

  /** The static type of a sub-expression, with this row's field types. */
  staticType(expr: Expr): PplType {
    try {
      return typeOf(expr, this.fieldType);
    } catch {
      return 'undefined';
    }
  }

  private compare(a: Typed, b: Typed): number | null {
    return compareValues(a.v, b.v, a.t, b.t, (v, t) => comparableDatetime(v, t, this.today));
  }

  eval(expr: Expr): Typed {
    switch (expr.kind) {
      case 'Literal':
        if (expr.literalType === 'int' || expr.literalType === 'bigint') {
          return { v: fromBigInt(BigInt(expr.text)), t: expr.literalType };
        }
        return { v: expr.value, t: expr.literalType };
      case 'Field':
        return this.readField(expr);
      case 'Unary': {
        const x = this.eval(expr.operand);
        if (expr.op === 'NOT') {
          const b = booleanOf(x, 'NOT', expr.span);
          return { v: b === null ? null : !b, t: 'boolean' };
        }
        if (x.v !== null && typeof x.v !== 'number' && typeof x.v !== 'bigint') {
          throw new PplEvaluationError(`cannot apply "${expr.op}" to ${x.t}`, expr.span);
        }
        return expr.op === '+' ? x : negate(x, expr.span);
      }
      case 'Binary':
        return this.binary(expr.op, expr.left, expr.right, expr.span);
      case 'In': {
        const x = this.eval(expr.expr);
        if (x.v === null) {
          return { v: null, t: 'boolean' };
        }
        const found = expr.values.some((lit) => this.compare(x, this.eval(lit)) === 0);
        return { v: found !== expr.negated, t: 'boolean' };
      }
      case 'Between': {
        const x = this.eval(expr.expr);
        const a = this.compare(x, this.eval(expr.low));
        const b = this.compare(x, this.eval(expr.high));
        const inside = and(a === null ? null : a >= 0, b === null ? null : b <= 0);
        return { v: inside === null ? null : inside !== expr.negated, t: 'boolean' };
      }
      case 'Like':
        return this.like(expr);
      case 'IsNull': {
        const x = this.eval(expr.expr);
        return { v: (x.v === null) !== expr.negated, t: 'boolean' };
      }
      case 'Case': {
        const type = this.staticType(expr);
        for (const branch of expr.branches) {
          if (this.eval(branch.when).v === true) {
            return coerceTo(this.eval(branch.then), type);
          }
        }
        return expr.otherwise === undefined
          ? { v: null, t: type }
          : coerceTo(this.eval(expr.otherwise), type);
      }
      case 'Cast':
        return {
          v: castValue(
            this.eval(expr.expr),
            expr.targetType,
            expr.span,
            expr.expr.kind === 'Literal'
          ),
          t: expr.targetType,
        };
      case 'Call':
        return this.call(expr);
      case 'Interval': {
        const x = this.eval(expr.value);
        return { v: x.v === null ? null : { unit: expr.unit, amount: x.v }, t: 'interval' };
      }
      case 'Lambda':
        throw new PplEvaluationError(
          'a lambda (x -> …) is only an argument of filter, transform, reduce, forall or exists',
          expr.span
        );
    }
  }

  private binary(op: string, left: Expr, right: Expr, span: Span): Typed {
    if (op === 'AND' || op === 'OR' || op === 'XOR') {
      const a = booleanOf(this.eval(left), op, left.span);
      if (op === 'AND' && a === false) {
        return { v: false, t: 'boolean' };
      }
      if (op === 'OR' && a === true) {
        return { v: true, t: 'boolean' };
      }
      const b = booleanOf(this.eval(right), op, right.span);
      const v =
        op === 'AND'
          ? and(a, b)
          : op === 'OR'
            ? or(a, b)
            : a === null || b === null
              ? null
              : a !== b;
      return { v, t: 'boolean' };
    }
    const a = this.eval(left);
    const b = this.eval(right);
    switch (op) {
      case '=':
      case '!=':
      case '<':
      case '<=':
      case '>':
      case '>=': {
        const c = this.compare(a, b);
        if (c === null) {
          return { v: null, t: 'boolean' };
        }
        const v =
          op === '='
            ? c === 0
            : op === '!='
              ? c !== 0
              : op === '<'
                ? c < 0
                : op === '<='
                  ? c <= 0
                  : op === '>'
                    ? c > 0
                    : c >= 0;
        return { v, t: 'boolean' };
      }
      default:
        if (!isArithmeticOp(op)) throw new PplEvaluationError(`unknown operator "${op}"`, span);
        return arithmetic(
          op,
          a,
          b,
          span,
          !readsBinding(left, this.bindings) && !readsBinding(right, this.bindings)
        );
    }
  }

  private like(expr: LikeExpr): Typed {
    const x = this.eval(expr.expr);
    const p = this.eval(expr.pattern);
    if (x.v === null || p.v === null) {
      return { v: null, t: 'boolean' };
    }
    return {
      v: likeMatches(
        toPplString(x.v, x.t),
        toPplString(p.v, p.t),
        expr.caseSensitive === true,
        this.options.budget && (() => this.options.budget!.checkpoint())
      ),
      t: 'boolean',
    };
  }

  private call(call: FunctionCall): Typed {
    const impl = scalarFunction(call.name);
    if (impl === undefined) {
      throw new PplEvaluationError(`unknown function "${call.name}"`, call.nameSpan);
    }
    const ctx = new CallFrame(call, this);
    if (impl.lazy !== undefined) {
      const lazy = impl.lazy;
      return this.located(call, () => lazy(call, new LazyFrame(ctx, this)));
    }
    const values = call.args.map((a) => this.eval(a));
    const type =
      impl.type !== undefined
        ? impl.type(
            values.map((x) => x.t),
            ctx
          )
        : impl.typeCall !== undefined
          ? this.staticType(call)
          : 'undefined';
    if ((impl.nulls ?? 'propagate') === 'propagate' && values.some((x) => x.v === null)) {
      return { v: null, t: type };
    }
    // A result that can outgrow its arguments (concat, replace, …) is sized before it is built.
    if (impl.outputBytes !== undefined && this.options.budget !== undefined) {
      ctx.ensureRoom(impl.outputBytes(values));
    }
    const result = this.located(call, () => ({
      v: impl.apply === undefined ? null : impl.apply(values, ctx),
      t: type,
    }));
    if (typeof result.v === 'string' && this.options.budget !== undefined) {
      ctx.ensureRoom(stringBytes(result.v.length));
    }
    return result;
  }

  /** Runs a call, reporting a RangeError (a date out of range, …) as the query's error at it. */
  private located(call: FunctionCall, run: () => Typed): Typed {
    try {
      return run();
    } catch (error) {
      if (error instanceof RangeError) {
        throw new PplEvaluationError(`${call.name}: ${error.message}`, call.span);
      }
      throw error;
    }
  }
}

/**
 * The value and type of an expression for one row. Throws {@link PplEvaluationError} for an
 * overflow, a failed cast, a bad regular expression, or operands of the wrong kind.
 */
export function evaluateTyped(expr: Expr, row: PplRow, options: EvaluateOptions = {}): Typed {
  return new Evaluator(row, options).eval(expr);
}

export function evaluate(expr: Expr, row: PplRow, options: EvaluateOptions = {}): PplValue {
  return evaluateTyped(expr, row, options).v;
}

/** Whether a `where` keeps the row: only when the condition is exactly true (not null, not false). */
export function evaluatePredicate(expr: Expr, row: PplRow, options: EvaluateOptions = {}): boolean {
  return evaluate(expr, row, options) === true;
}
