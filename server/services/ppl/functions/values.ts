/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/**
 * PPL values with their types, and the rules every function shares: how a value reads as text
 * (Java's), how two values compare, how a string reads as a number.
 *
 * Integers are JavaScript numbers while they are safe integers and `bigint` beyond; `timestamp`,
 * `date` and `time` values are strings in PPL's display form (`2024-01-31 12:00:00`), as PPL
 * returns them (see common/ppl/types.ts).
 */
import { javaDoubleToString } from '../../../../common/substrate/java_double';
import {
  INTEGRAL_RANGES,
  isIntegralType,
  PplRow,
  PplType,
  PplValue,
} from '../../../../common/ppl/types';
import { checkValueDepth } from '../errors';

/** A value with its PPL type. */
export interface Typed {
  v: PplValue;
  t: PplType;
}

export type TypeMap = ReadonlyMap<string, string> | Readonly<Record<string, string>>;

export const hasOwn = (o: object, k: string): boolean => Object.prototype.hasOwnProperty.call(o, k);

export function lookupType(types: TypeMap | undefined, name: string): string | undefined {
  if (types === undefined) {
    return undefined;
  }
  if (types instanceof Map) {
    return types.get(name);
  }
  const record = types as Readonly<Record<string, string>>;
  return hasOwn(record, name) ? record[name] : undefined;
}

/** A row's value for a (possibly dotted) field: the flat key first, then the nested path. */
export function readField(row: PplRow, name: string): PplValue {
  if (hasOwn(row, name)) {
    return row[name] ?? null;
  }
  let current: PplValue | undefined = row as { [key: string]: PplValue };
  for (const part of name.split('.')) {
    // Through an array of objects, its first element (datatypes.md).
    if (Array.isArray(current)) current = current[0];
    if (
      current === null ||
      typeof current !== 'object' ||
      Array.isArray(current) ||
      !hasOwn(current, part)
    ) {
      return null;
    }
    current = (current as { [key: string]: PplValue })[part];
  }
  return current ?? null;
}

/** The type a value shows by itself: an integral number is `int` (or `bigint` beyond 32 bits). */
export function runtimeType(v: PplValue): PplType {
  if (v === null) {
    return 'undefined';
  }
  switch (typeof v) {
    case 'boolean':
      return 'boolean';
    case 'string':
      return 'string';
    case 'bigint':
      return 'bigint';
    case 'number':
      if (Number.isInteger(v) && !Object.is(v, -0)) {
        return v >= -2147483648 && v <= 2147483647 ? 'int' : 'bigint';
      }
      return 'double';
    default:
      return Array.isArray(v) ? 'array' : 'struct';
  }
}

// ---------------------------------------------------------------------------------------------
// Numbers

export const isNumber = (v: PplValue): v is number | bigint =>
  typeof v === 'number' || typeof v === 'bigint';
export const isIntegral = (v: number | bigint): boolean =>
  typeof v === 'bigint' || Number.isInteger(v);

/** A bigint as a number when that is exact, else as a bigint. */
export function fromBigInt(v: bigint): number | bigint {
  return v >= BigInt(Number.MIN_SAFE_INTEGER) && v <= BigInt(Number.MAX_SAFE_INTEGER)
    ? Number(v)
    : v;
}

export function inRange(v: bigint, type: PplType): boolean {
  const range = INTEGRAL_RANGES[type as keyof typeof INTEGRAL_RANGES] ?? INTEGRAL_RANGES.bigint;
  return v >= range[0] && v <= range[1];
}

/**
 * An integer result out of its type's range. Java's `long` arithmetic would wrap silently
 * (`Long.MAX_VALUE + 1` is `Long.MIN_VALUE`), a wrong number that looks right; this engine fails
 * the query at the expression instead (a 400 "long overflow"), as Java's `Math.addExact` does.
 */
export function overflowMessage(what: string, type: PplType): string {
  const name = type === 'bigint' ? 'long' : 'integer';
  const bits = type === 'bigint' ? '64-bit long' : `${type}`;
  return `${name} overflow: ${what} does not fit in ${bits}; cast an operand to double for an approximate result`;
}

/** Java's text for a number in plain or `d.dddE<n>` notation, from its decimal digits. */
function javaDecimalText(negative: boolean, digits: string, exponent: number): string {
  let body: string;
  if (exponent >= -3 && exponent < 7) {
    if (exponent >= 0) {
      const whole = digits.slice(0, exponent + 1).padEnd(exponent + 1, '0');
      body = `${whole}.${digits.slice(exponent + 1) || '0'}`;
    } else {
      body = `0.${'0'.repeat(-exponent - 1)}${digits}`;
    }
  } else {
    body = `${digits.charAt(0)}.${digits.slice(1) || '0'}E${exponent}`;
  }
  return negative ? `-${body}` : body;
}

/** Java's `Float.toString` for a float value: the shortest digits that read back to the float. */
export function javaFloatToString(x: number): string {
  if (Number.isNaN(x)) {
    return 'NaN';
  }
  if (!Number.isFinite(x)) {
    return x > 0 ? 'Infinity' : '-Infinity';
  }
  if (x === 0) {
    return Object.is(x, -0) ? '-0.0' : '0.0';
  }
  const f = Math.fround(x);
  let text = Math.abs(f).toExponential();
  for (let p = 1; p <= 9; p++) {
    const candidate = Math.abs(f).toExponential(p - 1);
    if (Math.fround(Number(candidate)) === Math.abs(f)) {
      text = candidate;
      break;
    }
  }
  const [mantissa, exponent] = text.split('e');
  const digits = mantissa.replace('.', '').replace(/0+$/, '') || '0';
  return javaDecimalText(f < 0, digits, Number(exponent));
}

/** A value as compact JSON text, bigints as their exact digits. */
export function jsonText(v: PplValue): string {
  checkValueDepth(v);
  const write = (x: PplValue): string => {
    if (x === null) return 'null';
    if (typeof x === 'bigint') return x.toString();
    if (typeof x === 'number') return Number.isFinite(x) ? JSON.stringify(x) : 'null';
    if (typeof x !== 'object') return JSON.stringify(x);
    if (Array.isArray(x)) return `[${x.map(write).join(',')}]`;
    return `{${Object.entries(x)
      .map(([k, e]) => `${JSON.stringify(k)}:${write(e)}`)
      .join(',')}}`;
  };
  return write(v);
}

/** A value as PPL writes it as text (`cast(x as string)`, `concat`). */
export function toPplString(v: PplValue, type: PplType = runtimeType(v)): string {
  if (v === null) {
    return 'null';
  }
  switch (typeof v) {
    case 'boolean':
      return v ? 'TRUE' : 'FALSE';
    case 'string':
      return v;
    case 'bigint':
      return v.toString();
    case 'number':
      if (type === 'float') {
        return javaFloatToString(v);
      }
      if (isIntegralType(type) && Number.isInteger(v)) {
        return String(v);
      }
      return javaDoubleToString(v);
    default:
      checkValueDepth(v);
      return JSON.stringify(v, (_k, x: unknown) => (typeof x === 'bigint' ? x.toString() : x));
  }
}

/** Java's `Double.parseDouble` syntax (after trimming). */
const JAVA_DOUBLE = /^[+-]?(NaN|Infinity|(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?[fFdD]?)$/;

export function parseJavaDouble(s: string): number | undefined {
  const t = s.trim();
  return JAVA_DOUBLE.test(t) ? Number(t.replace(/[fFdD]$/, '')) : undefined;
}

// ---------------------------------------------------------------------------------------------
// Comparison

function compareNumbers(x: number | bigint, y: number | bigint): number {
  if (typeof x === 'bigint' || typeof y === 'bigint') {
    if (isIntegral(x) && isIntegral(y)) {
      const a = BigInt(x);
      const b = BigInt(y);
      return a < b ? -1 : a > b ? 1 : 0;
    }
  }
  const a = Number(x);
  const b = Number(y);
  return a < b ? -1 : a > b ? 1 : 0;
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

const DATETIME_TYPES = new Set<PplType>(['timestamp', 'date', 'time']);

/**
 * A date, time or timestamp as a sortable timestamp text: a date is midnight (expressions.md:
 * "A DATE value is interpreted as midnight on that date"), a time is on `today`.
 */
export type DatetimeNormalizer = (v: string, t: PplType) => string | undefined;

/**
 * The order of two non-null values, or null if either is null or they cannot be compared
 * (conversion.md: a number against a string that holds no number compares as null).
 * Numbers compare as numbers whatever their types; strings by UTF-16 code units (Java's
 * `compareTo`); `false < true`; a date, time or timestamp against another (or a string) as
 * timestamps when `normalize` is given.
 */
export function compareValues(
  a: PplValue,
  b: PplValue,
  ta?: PplType,
  tb?: PplType,
  normalize?: DatetimeNormalizer
): number | null {
  if (a === null || b === null) {
    return null;
  }
  if (isNumber(a) && isNumber(b)) {
    return compareNumbers(a, b);
  }
  if (typeof a === 'string' && typeof b === 'string') {
    if (
      normalize !== undefined &&
      ((ta !== undefined && DATETIME_TYPES.has(ta)) || (tb !== undefined && DATETIME_TYPES.has(tb)))
    ) {
      const x = normalize(a, ta ?? 'string');
      const y = normalize(b, tb ?? 'string');
      if (x !== undefined && y !== undefined) {
        return compareText(x, y);
      }
    }
    return compareText(a, b);
  }
  if (typeof a === 'boolean' && typeof b === 'boolean') {
    return Number(a) - Number(b);
  }
  if (isNumber(a) && typeof b === 'string') {
    const n = parseJavaDouble(b);
    return n === undefined ? null : compareNumbers(a, n);
  }
  if (typeof a === 'string' && isNumber(b)) {
    const n = parseJavaDouble(a);
    return n === undefined ? null : compareNumbers(n, b);
  }
  return compareText(toPplString(a, ta), toPplString(b, tb));
}

/** Whether two values are equal for grouping and dedup (`1` and `1.0` are; nulls are). */
export function sameValue(a: PplValue, b: PplValue): boolean {
  if (a === null || b === null) {
    return a === b;
  }
  return compareValues(a, b) === 0;
}

/** A value converted to a (wider or text) result type: for `if`, `case`, `coalesce`, `ifnull`. */
export function coerceTo(x: Typed, type: PplType): Typed {
  if (x.v === null || x.t === type || type === 'undefined') {
    return { v: x.v, t: type === 'undefined' ? x.t : type };
  }
  if (type === 'string') {
    return { v: toPplString(x.v, x.t), t: type };
  }
  if ((type === 'double' || type === 'float') && isNumber(x.v)) {
    const n = Number(x.v);
    return { v: type === 'float' ? Math.fround(n) : n, t: type };
  }
  return { v: x.v, t: type };
}
