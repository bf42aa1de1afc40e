/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/**
 * The scalar function registry: one entry per function of the catalog (common/ppl/functions, which
 * holds each name, arity, signature and one-line doc for the parser and the editor), giving its
 * result type, its null rule and its implementation. Each family's file exports a record keyed by
 * the catalog's names, so TypeScript refuses a catalog entry without an implementation.
 */
import type { Expr, FunctionCall, Span } from '../../../../common/ppl/ast';
import type { FunctionFamilyEntries } from '../../../../common/ppl/functions/catalog';
import {
  engineTypeList,
  isNumericType,
  leastRestrictiveType,
  PplType,
  PplValue,
} from '../../../../common/ppl/types';
import { PplEvaluationError, PplTypeError } from '../errors';
import { isNumber, parseJavaDouble, toPplString, Typed } from './values';

/** Where a call stands, for type errors. */
export interface CallSite {
  name: string;
  span: Span;
  argSpans: Span[];
}

/** What an implementation may use besides its arguments. */
export interface CallContext extends CallSite {
  /** The statement's time (NOW()): one value for the whole query. */
  now: Date;
  /** Today's day number (days since 1970-01-01, UTC). */
  today: number;
  /** The current time (SYSDATE()): read when called. */
  clock(): Date;
  /**
   * Called on each step of a loop over the input (format specifiers, array elements, a lambda's
   * calls): throws once the query's deadline has passed, so one row cannot hold the server.
   */
  checkpoint(): void;
  /** Throws when a value of `bytes` would not fit the query's memory (before building it). */
  ensureRoom(bytes: number): void;
}

/** Evaluation hooks for functions that evaluate their own arguments (lazily, or with lambdas). */
export interface LazyEvaluator {
  ctx: CallContext;
  eval(expr: Expr): Typed;
  /** Evaluates with names bound to values (a lambda's parameters, mvmap's element). */
  evalWith(expr: Expr, bindings: ReadonlyMap<string, Typed>): Typed;
  staticType(expr: Expr): PplType;
}

export type StaticTypeOf = (expr: Expr, bindings?: ReadonlyMap<string, PplType>) => PplType;

export interface ScalarFunction {
  /**
   * The result type from the argument types (`undefined` for a null); throws
   * {@link PplTypeError} at the argument when its type cannot be used.
   */
  type?(args: PplType[], site: CallSite): PplType;
  /** For functions whose arguments are not plain values (lambdas, mvmap's expression). */
  typeCall?(call: FunctionCall, typeOf: StaticTypeOf): PplType;
  /**
   * `propagate` (the default): a null argument gives null without calling `apply`. `custom`:
   * `apply` sees the nulls.
   */
  nulls?: 'propagate' | 'custom';
  apply?(args: Typed[], ctx: CallContext): PplValue;
  /**
   * For a function whose result can outgrow its arguments (concat, replace, …): an upper bound
   * of the result's bytes (memory.ts's sizes), checked against the query's memory before `apply`
   * builds it. Arguments are not null here unless `nulls` is `custom`.
   */
  outputBytes?(args: Typed[]): number;
  /** Evaluates its own arguments; used instead of `apply`. */
  lazy?(call: FunctionCall, ev: LazyEvaluator): Typed;
}

export type FamilyImplementations<T extends FunctionFamilyEntries> = {
  readonly [K in keyof T]: ScalarFunction;
};

// ---------------------------------------------------------------------------------------------
// Helpers shared by the families

export function typeError(site: CallSite, index: number, expected: string, found: PplType): never {
  throw new PplTypeError(
    `"${site.name}" expects ${expected} for argument ${index + 1}, found ${found}`,
    site.argSpans[index] ?? site.span
  );
}

/** A failure of the call at its position, the message prefixed with the function's name. */
export function evaluationError(ctx: CallSite, message: string): never {
  throw new PplEvaluationError(`${ctx.name}: ${message}`, ctx.span);
}

/** A numeric argument; a string is accepted too (read as a double, PPL's implicit cast). */
export function requireNumeric(args: PplType[], site: CallSite, ...indexes: number[]): void {
  for (const i of indexes) {
    const t = args[i];
    if (t !== undefined && t !== 'undefined' && !isNumericType(t) && t !== 'string') {
      typeError(site, i, 'a number', t);
    }
  }
}

export function requireString(args: PplType[], site: CallSite, ...indexes: number[]): void {
  for (const i of indexes) {
    const t = args[i];
    if (t === 'interval') {
      typeError(site, i, 'a string', t);
    }
  }
}

/** A number from an argument: strings are read as doubles, or the query fails. */
export function numberArg(x: Typed, ctx: CallSite): number | bigint {
  if (isNumber(x.v)) {
    return x.v;
  }
  if (typeof x.v === 'string') {
    const n = parseJavaDouble(x.v);
    if (n !== undefined) {
      return n;
    }
    throw new PplEvaluationError(
      `"${ctx.name}" expects a number, found the string ${JSON.stringify(x.v)}`,
      ctx.span
    );
  }
  if (typeof x.v === 'boolean') {
    return x.v ? 1 : 0;
  }
  throw new PplEvaluationError(`"${ctx.name}" expects a number, found ${x.t}`, ctx.span);
}

export const doubleArg = (x: Typed, ctx: CallSite): number => Number(numberArg(x, ctx));

/** An integer argument (truncated toward zero). */
export function intArg(x: Typed, ctx: CallSite): number {
  const n = doubleArg(x, ctx);
  if (!Number.isFinite(n)) {
    throw new PplEvaluationError(`"${ctx.name}" expects a finite integer, found ${n}`, ctx.span);
  }
  return Math.trunc(n);
}

export const textArg = (x: Typed): string => toPplString(x.v, x.t);

/** The type every argument of a constant-typed function returns. */
export const returns = (type: PplType) => (): PplType => type;

/**
 * The least restrictive type of `types`, or a {@link PplTypeError} saying that `what` has none
 * and how to give it one.
 */
export function requireCommonType(types: PplType[], what: string, span: Span): PplType {
  const common = leastRestrictiveType(types);
  if (common !== undefined) return common;
  throw new PplTypeError(
    `${what} must have a common type, but got ${engineTypeList(types)}: cast them to one type, e.g. cast(… as string)`,
    span
  );
}
