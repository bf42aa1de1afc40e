/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/**
 * PPL arithmetic (expressions.md), shared by the operators and by `add`, `subtract`, `sum`, …:
 *
 * - integer operands give an integer, computed exactly on bigints; an overflow is an error, not a
 *   wrap-around. `+`, `-`, `*` widen them first as the SQL plugin does (`int + int` is `bigint`,
 *   `smallint + smallint` is `int`; see widenArithmetic), except operands reading a lambda's
 *   parameters; `/` and `%` keep the wider operand type (`int / int` is `int`);
 * - `/` between integers truncates (legacy default); dividing by zero gives null, as `%` does;
 * - a `float` or `double` operand gives floating point;
 * - `+` on two strings concatenates (PPL registers `+` as CONCAT for strings);
 * - a string beside a number is read as a double (conversion.md: `"5" / 10` is 0.5); a string
 *   that holds no number fails the query.
 */
import type { Span } from '../../../../common/ppl/ast';
import {
  isIntegralType,
  isNumericType,
  PplType,
  widenArithmetic,
  widenNumeric,
} from '../../../../common/ppl/types';
import { PplEvaluationError, PplTypeError } from '../errors';
import {
  fromBigInt,
  inRange,
  isIntegral,
  isNumber,
  overflowMessage,
  parseJavaDouble,
  runtimeType,
  Typed,
} from './values';

export type ArithmeticOp = '+' | '-' | '*' | '/' | '%';

export function isArithmeticOp(op: string): op is ArithmeticOp {
  return op === '+' || op === '-' || op === '*' || op === '/' || op === '%';
}

/** The operand type of an operation: `+`, `-`, `*` widen integers (unless `widen` is false). */
function operationType(op: string, a: PplType, b: PplType, widen: boolean): PplType {
  return op === '/' || op === '%' ? widenNumeric(a, b) : widenArithmetic(a, b, widen);
}

export function arithmeticType(
  op: string,
  a: PplType,
  b: PplType,
  span: Span,
  widen = true
): PplType {
  if (a === 'undefined' || b === 'undefined') {
    const other = a === 'undefined' ? b : a;
    if (other === 'string') {
      return op === '+' ? 'string' : 'double';
    }
    return isNumericType(other) ? widenNumeric(other, other) : 'undefined';
  }
  if (op === '+' && a === 'string' && b === 'string') {
    return 'string';
  }
  if ((a === 'string' && isNumericType(b)) || (isNumericType(a) && b === 'string')) {
    return 'double';
  }
  if (!isNumericType(a) || !isNumericType(b)) {
    throw new PplTypeError(`cannot apply "${op}" to ${a} and ${b}`, span);
  }
  return operationType(op, a, b, widen);
}

function stringAsDouble(s: string, op: string, span: Span): Typed {
  const n = parseJavaDouble(s);
  if (n === undefined) {
    throw new PplEvaluationError(
      `cannot apply "${op}" to the string ${JSON.stringify(s)}: a string beside a number must hold a number`,
      span
    );
  }
  return { v: n, t: 'double' };
}

export function arithmetic(op: ArithmeticOp, a: Typed, b: Typed, span: Span, widen = true): Typed {
  if (a.v === null || b.v === null) {
    let t: PplType = 'undefined';
    try {
      t = arithmeticType(op, a.t, b.t, span, widen);
    } catch {
      // A null operand makes the result null whatever the other type.
    }
    return { v: null, t };
  }
  if (op === '+' && typeof a.v === 'string' && typeof b.v === 'string') {
    return { v: a.v + b.v, t: 'string' };
  }
  if (typeof a.v === 'string' && isNumber(b.v)) {
    return arithmetic(op, stringAsDouble(a.v, op, span), b, span, widen);
  }
  if (isNumber(a.v) && typeof b.v === 'string') {
    return arithmetic(op, a, stringAsDouble(b.v, op, span), span, widen);
  }
  if (!isNumber(a.v) || !isNumber(b.v)) {
    throw new PplEvaluationError(`cannot apply "${op}" to ${a.t} and ${b.t}`, span);
  }
  const ta = isNumericType(a.t) ? a.t : runtimeType(a.v);
  const tb = isNumericType(b.t) ? b.t : runtimeType(b.v);
  const type = operationType(op, ta, tb, widen);
  // Dividing by zero gives null, for `/` and `%`, integral or not.
  const byZero = (op === '/' || op === '%') && Number(b.v) === 0;
  if (isIntegralType(type) && isIntegral(a.v) && isIntegral(b.v)) {
    if (byZero) return { v: null, t: type };
    const x = BigInt(a.v);
    const y = BigInt(b.v);
    const r = INTEGER_OPS[op](x, y);
    if (!inRange(r, type)) {
      throw new PplEvaluationError(overflowMessage(`${x} ${op} ${y}`, type), span);
    }
    return { v: fromBigInt(r), t: type };
  }
  const resultType = isIntegralType(type) ? 'double' : type;
  if (byZero) return { v: null, t: resultType };
  const r = FLOATING_OPS[op](Number(a.v), Number(b.v));
  return { v: resultType === 'float' ? Math.fround(r) : r, t: resultType };
}

/** Exact on bigints; `/` truncates, as Java's integer division does. */
const INTEGER_OPS: Record<ArithmeticOp, (x: bigint, y: bigint) => bigint> = {
  '+': (x, y) => x + y,
  '-': (x, y) => x - y,
  '*': (x, y) => x * y,
  '/': (x, y) => x / y,
  '%': (x, y) => x % y,
};

const FLOATING_OPS: Record<ArithmeticOp, (x: number, y: number) => number> = {
  '+': (x, y) => x + y,
  '-': (x, y) => x - y,
  '*': (x, y) => x * y,
  '/': (x, y) => x / y,
  '%': (x, y) => x % y,
};

export function negate(x: Typed, span: Span): Typed {
  if (x.v === null) {
    return { v: null, t: x.t };
  }
  if (!isNumber(x.v)) {
    throw new PplEvaluationError(`cannot apply "-" to ${x.t}`, span);
  }
  if (typeof x.v === 'bigint' || (isIntegralType(x.t) && Number.isInteger(x.v))) {
    const r = -BigInt(x.v);
    if (!inRange(r, x.t)) {
      throw new PplEvaluationError(overflowMessage(`-(${x.v})`, x.t), span);
    }
    return { v: fromBigInt(r), t: x.t };
  }
  return { v: -x.v, t: x.t };
}
