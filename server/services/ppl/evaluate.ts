/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/**
 * Evaluates PPL expressions over rows, and infers their types, with PPL 3.x semantics (the
 * Calcite engine with `plugins.ppl.syntax.legacy.preferred=true`, the default):
 *
 * - Nulls: arithmetic, comparisons, string functions, `LIKE`, `IN`, `BETWEEN` on a null give null.
 *   `AND`, `OR`, `XOR`, `NOT` use three-valued logic (`false AND null` is false, `true OR null` is
 *   true, `null XOR x` is null). `where` keeps a row only when its condition is exactly true
 *   ({@link evaluatePredicate}). `isnull`, `isnotnull`, `IS [NOT] NULL` never give null. A missing
 *   field reads as null (PPL does not tell null from missing: condition.md).
 * - Arithmetic (expressions.md): integer operands give an integer (`int op int` is `int`, `bigint`
 *   if either is); an overflow is an error, not a wrap-around. `/` between integers truncates
 *   (legacy default); dividing by zero gives null, as `%` by zero does. A `float` or `double`
 *   operand gives floating point. `+` on two strings concatenates (PPL registers `+` as CONCAT for
 *   strings).
 * - Comparisons: numbers compare as numbers whatever their types; strings compare by UTF-16 code
 *   units (Java's `compareTo`); `false < true`. A number against a numeric string compares as
 *   numbers, anything else as the two values' text.
 * - `LIKE`: `%` any run, `_` one character, `\` escapes; case-insensitive unless `like(x, p, true)`
 *   (string.md: `case_sensitive` defaults to false when `legacy.preferred` is true).
 * - `if(c, a, b)` gives `b` unless `c` is exactly true; `case` takes the first branch whose
 *   condition is exactly true, else its `else`, else null. Their results, like `coalesce` and
 *   `ifnull`, take the least restrictive common type of the branches (numbers widen, a mix with
 *   strings becomes strings).
 * - String functions (string.md, Calcite's implementations): `length` counts characters (UTF-16
 *   code units, Calcite's CHAR_LENGTH; the docs say bytes, the engine counts characters); `concat`
 *   is null if any argument is; `concat_ws` skips null arguments and is null only for a null
 *   separator; `trim`/`ltrim`/`rtrim` remove spaces; `substring(s, start[, len])` is 1-based with
 *   SQL's rules (a start below 1 eats into the length, a negative length is an error);
 *   `replace(s, regex, replacement)` takes a Java regular expression (`\Q…\E`, `(?<name>…)`, `$1`,
 *   `${name}`, and `\1` in the replacement) and replaces every match. It runs on RE2, in linear
 *   time: backreferences and lookaround are refused (regex.ts).
 * - A string beside a number in arithmetic is read as a double (conversion.md: `"5" / 10` is 0.5);
 *   a string that holds no number fails the query.
 * - Math (math.md): `abs`, `ceil`, `floor`, `round` keep the argument's type; `round(x, d)` rounds
 *   half away from zero on the decimal digits Java prints (`round(2.675, 2)` is 2.68), `d` may be
 *   negative.
 * - `cast` (conversion.md): to `string` booleans give `TRUE`/`FALSE`, doubles Java's text (`1.0`);
 *   to a number, booleans give 1/0, strings must hold a number, decimals truncate toward zero, and
 *   out-of-range values are errors; to `boolean`, numbers give `v != 0` and strings must read
 *   `true`/`false`; `date`, `time`, `timestamp` read `yyyy-MM-dd[ HH:mm:ss[.fraction]]`.
 *
 * Integer or floating point is decided by types: literals carry theirs, and a field's comes from
 * `options.types` when given (pass the column types: a `double` column holding 5 must divide as a
 * double). Without it a field's type is read off its value: an integral number is `int` (or
 * `bigint` beyond 32 bits), any other number `double`.
 */
import type {
  Aggregation,
  CastExpr,
  Expr,
  FieldRef,
  LikeExpr,
  Span,
} from '../../../common/ppl/ast';
import { javaDoubleToString } from '../../../common/substrate/java_double';
import {
  commonType,
  INTEGRAL_RANGES,
  isIntegralType,
  isNumericType,
  PplRow,
  PplType,
  PplValue,
  toPplType,
  widenNumeric,
} from '../../../common/ppl/types';
import { checkValueDepth, PplEvaluationError, PplTypeError } from './errors';
import { likeMatches, replaceAll } from './regex';

export { PplEvaluationError, PplTypeError } from './errors';

export type TypeMap = ReadonlyMap<string, string> | Readonly<Record<string, string>>;

export interface EvaluateOptions {
  /** Column types, by PPL name (`bigint`, `double`, …) or OpenSearch mapping type (`long`, …). */
  types?: TypeMap;
}

interface Typed {
  v: PplValue;
  t: PplType;
}

const hasOwn = (o: object, k: string): boolean => Object.prototype.hasOwnProperty.call(o, k);

function lookupType(types: TypeMap | undefined, name: string): string | undefined {
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

/** The type a value shows by itself (see the module comment). */
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
// Numbers and text

const isNumber = (v: PplValue): v is number | bigint =>
  typeof v === 'number' || typeof v === 'bigint';
const isIntegral = (v: number | bigint): boolean => typeof v === 'bigint' || Number.isInteger(v);

/** A bigint as a number when that is exact, else as a bigint. */
function fromBigInt(v: bigint): number | bigint {
  return v >= BigInt(Number.MIN_SAFE_INTEGER) && v <= BigInt(Number.MAX_SAFE_INTEGER)
    ? Number(v)
    : v;
}

function inRange(v: bigint, type: PplType): boolean {
  const range = INTEGRAL_RANGES[type as keyof typeof INTEGRAL_RANGES] ?? INTEGRAL_RANGES.bigint;
  return v >= range[0] && v <= range[1];
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
      // JSON.stringify recurses: a value nested thousands deep would overflow the stack.
      checkValueDepth(v);
      return JSON.stringify(v, (_k, x: unknown) => (typeof x === 'bigint' ? x.toString() : x));
  }
}

/** Java's `Double.parseDouble` syntax (after trimming). */
const JAVA_DOUBLE = /^[+-]?(NaN|Infinity|(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?[fFdD]?)$/;

function parseJavaDouble(s: string): number | undefined {
  const t = s.trim();
  return JAVA_DOUBLE.test(t) ? Number(t.replace(/[fFdD]$/, '')) : undefined;
}

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

/** The order of two non-null values (see the module comment), or null if either is null. */
export function compareValues(a: PplValue, b: PplValue, ta?: PplType, tb?: PplType): number | null {
  if (a === null || b === null) {
    return null;
  }
  if (isNumber(a) && isNumber(b)) {
    return compareNumbers(a, b);
  }
  if (typeof a === 'string' && typeof b === 'string') {
    return compareText(a, b);
  }
  if (typeof a === 'boolean' && typeof b === 'boolean') {
    return Number(a) - Number(b);
  }
  if (isNumber(a) && typeof b === 'string') {
    const n = parseJavaDouble(b);
    if (n !== undefined) {
      return compareNumbers(a, n);
    }
  }
  if (typeof a === 'string' && isNumber(b)) {
    const n = parseJavaDouble(a);
    if (n !== undefined) {
      return compareNumbers(n, b);
    }
  }
  return compareText(toPplString(a, ta), toPplString(b, tb));
}

// ---------------------------------------------------------------------------------------------
// LIKE

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

// ---------------------------------------------------------------------------------------------
// Rounding and dates

/** Rounds half away from zero at `d` decimals, on the digits Java prints for the double. */
function roundDouble(x: number, d: number): number {
  if (!Number.isFinite(x) || x === 0) {
    return x;
  }
  const [mantissa, e] = Math.abs(x).toExponential().split('e');
  const digits = mantissa.replace('.', '');
  const exponent = Number(e);
  const keep = exponent + 1 + d;
  if (keep >= digits.length) {
    return x;
  }
  if (keep < 0) {
    return 0;
  }
  let n = BigInt(digits.slice(0, keep) || '0');
  if (digits.charAt(keep) >= '5') {
    n += 1n;
  }
  const result = Number(`${n}e${exponent + 1 - keep}`);
  return result === 0 ? 0 : x < 0 ? -result : result;
}

function roundInteger(x: bigint, d: number): bigint {
  if (d >= 0) {
    return x;
  }
  const p = 10n ** BigInt(-d);
  const negative = x < 0n;
  const abs = negative ? -x : x;
  let q = abs / p;
  if ((abs % p) * 2n >= p) {
    q += 1n;
  }
  return (negative ? -q : q) * p;
}

const DATE_TIME =
  /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:?\d{2})?)?$/;
const TIME_ONLY = /^(\d{1,2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?$/;
const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** `yyyy-MM-dd[ HH:mm:ss[.fraction]]` (or ISO with `T` and a zone) as PPL's timestamp text. */
function parseTimestamp(s: string): { date: string; time: string } | undefined {
  const m = DATE_TIME.exec(s.trim());
  if (!m) {
    return undefined;
  }
  let [year, month, day, hour, minute, second] = [m[1], m[2], m[3], m[4], m[5], m[6]].map((x) =>
    x === undefined ? 0 : Number(x)
  );
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) {
    return undefined;
  }
  if (hour > 23 || minute > 59 || second > 59) {
    return undefined;
  }
  const fraction = (m[7] ?? '').replace(/0+$/, '');
  const zone = m[8];
  if (zone !== undefined && zone !== 'Z') {
    const sign = zone.charAt(0) === '-' ? -1 : 1;
    const digits = zone.slice(1).replace(':', '');
    const offset = sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2)));
    const utc = new Date(Date.UTC(year, month - 1, day, hour, minute - offset, second));
    [year, month, day, hour, minute, second] = [
      utc.getUTCFullYear(),
      utc.getUTCMonth() + 1,
      utc.getUTCDate(),
      utc.getUTCHours(),
      utc.getUTCMinutes(),
      utc.getUTCSeconds(),
    ];
  }
  return {
    date: `${pad(year, 4)}-${pad(month)}-${pad(day)}`,
    time: `${pad(hour)}:${pad(minute)}:${pad(second)}${fraction === '' ? '' : `.${fraction}`}`,
  };
}

function parseTime(s: string): string | undefined {
  const m = TIME_ONLY.exec(s.trim());
  if (!m) {
    return parseTimestamp(s)?.time;
  }
  const [hour, minute, second] = [m[1], m[2], m[3]].map((x) => (x === undefined ? 0 : Number(x)));
  if (hour > 23 || minute > 59 || second > 59) {
    return undefined;
  }
  const fraction = (m[4] ?? '').replace(/0+$/, '');
  return `${pad(hour)}:${pad(minute)}:${pad(second)}${fraction === '' ? '' : `.${fraction}`}`;
}

// ---------------------------------------------------------------------------------------------
// Types

type FieldTypeOf = (field: FieldRef) => PplType;

function arithmeticType(op: string, a: PplType, b: PplType, span: Span): PplType {
  if (a === 'undefined' || b === 'undefined') {
    const other = a === 'undefined' ? b : a;
    return isNumericType(other) || (op === '+' && other === 'string') ? other : 'undefined';
  }
  if (op === '+' && a === 'string' && b === 'string') {
    return 'string';
  }
  if ((a === 'string' && isNumericType(b)) || (isNumericType(a) && b === 'string')) {
    // PPL's implicit conversion (conversion.md): a string beside a number is read as a double.
    return 'double';
  }
  if (!isNumericType(a) || !isNumericType(b)) {
    throw new PplTypeError(`cannot apply "${op}" to ${a} and ${b}`, span);
  }
  return widenNumeric(a, b);
}

function requireBooleanType(t: PplType, what: string, span: Span): void {
  if (t !== 'boolean' && t !== 'undefined') {
    throw new PplTypeError(`${what} expects a boolean, found ${t}`, span);
  }
}

function typeOf(expr: Expr, fieldType: FieldTypeOf): PplType {
  switch (expr.kind) {
    case 'Literal':
      return expr.literalType;
    case 'Field':
      return fieldType(expr);
    case 'Binary': {
      const l = typeOf(expr.left, fieldType);
      const r = typeOf(expr.right, fieldType);
      switch (expr.op) {
        case '+':
        case '-':
        case '*':
        case '/':
        case '%':
          return arithmeticType(expr.op, l, r, expr.span);
        case 'AND':
        case 'OR':
        case 'XOR':
          requireBooleanType(l, expr.op, expr.left.span);
          requireBooleanType(r, expr.op, expr.right.span);
          return 'boolean';
        default:
          return 'boolean';
      }
    }
    case 'Unary': {
      const t = typeOf(expr.operand, fieldType);
      if (expr.op === 'NOT') {
        requireBooleanType(t, 'NOT', expr.operand.span);
        return 'boolean';
      }
      if (t !== 'undefined' && !isNumericType(t)) {
        throw new PplTypeError(`cannot apply "${expr.op}" to ${t}`, expr.span);
      }
      return t;
    }
    case 'In':
    case 'Between':
    case 'Like':
    case 'IsNull':
      // Operands are still checked, so that an unknown field inside is reported.
      for (const e of subExpressions(expr)) {
        typeOf(e, fieldType);
      }
      return 'boolean';
    case 'Case': {
      const types: PplType[] = [];
      for (const b of expr.branches) {
        typeOf(b.when, fieldType);
        types.push(typeOf(b.then, fieldType));
      }
      if (expr.otherwise !== undefined) {
        types.push(typeOf(expr.otherwise, fieldType));
      }
      return commonType(types);
    }
    case 'Cast':
      typeOf(expr.expr, fieldType);
      return expr.targetType;
    case 'Call': {
      const args = expr.args.map((a) => typeOf(a, fieldType));
      switch (expr.name) {
        case 'isnull':
        case 'isnotnull':
          return 'boolean';
        case 'ifnull':
        case 'coalesce':
          return commonType(args);
        case 'if':
          return commonType(args.slice(1));
        case 'length':
          return 'int';
        case 'abs':
        case 'ceil':
        case 'floor':
        case 'round':
          if (args[0] !== 'undefined' && !isNumericType(args[0])) {
            throw new PplTypeError(
              `"${expr.name}" expects a number, found ${args[0]}`,
              expr.args[0].span
            );
          }
          return args[0];
        default:
          return 'string';
      }
    }
  }
}

function subExpressions(expr: Expr): Expr[] {
  switch (expr.kind) {
    case 'In':
      return [expr.expr, ...expr.values];
    case 'Between':
      return [expr.expr, expr.low, expr.high];
    case 'Like':
      return [expr.expr, expr.pattern];
    case 'IsNull':
      return [expr.expr];
    default:
      return [];
  }
}

function fieldTypesFrom(inputTypes: TypeMap): FieldTypeOf {
  return (field) => {
    const t = lookupType(inputTypes, field.name);
    if (t === undefined) {
      throw new PplTypeError(`unknown field "${field.name}"`, field.span);
    }
    return toPplType(t);
  };
}

/**
 * The PPL type of an expression's result (the name PPL's response schema uses), given the types
 * of the input columns. Throws {@link PplTypeError} for an unknown field or mismatched operands.
 */
export function inferType(expr: Expr, inputTypes: TypeMap): PplType {
  return typeOf(expr, fieldTypesFrom(inputTypes));
}

/** The type of an aggregation's column (aggregations.md): `count`/`dc` bigint, `avg` double, … */
export function inferAggregationType(agg: Aggregation, inputTypes: TypeMap): PplType {
  const arg = agg.arg === undefined ? undefined : inferType(agg.arg, inputTypes);
  switch (agg.func) {
    case 'count':
    case 'dc':
      return 'bigint';
    case 'avg':
      return 'double';
    case 'sum':
      if (arg !== undefined && arg !== 'undefined' && !isNumericType(arg)) {
        throw new PplTypeError(`"sum" expects a number, found ${arg}`, agg.span);
      }
      return arg ?? 'undefined';
    default:
      return arg ?? 'undefined';
  }
}

// ---------------------------------------------------------------------------------------------
// Evaluation

/** A value converted to a (wider or text) result type: for `if`, `case`, `coalesce`, `ifnull`. */
function coerceTo(x: Typed, type: PplType): Typed {
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

class Evaluator {
  private readonly fieldType: FieldTypeOf;

  constructor(
    private readonly row: PplRow,
    private readonly types: TypeMap | undefined
  ) {
    this.fieldType = (field) => this.readField(field).t;
  }

  private readField(field: FieldRef): Typed {
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
  private staticType(expr: Expr): PplType {
    try {
      return typeOf(expr, this.fieldType);
    } catch {
      return 'undefined';
    }
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
      case 'Unary':
        return this.unary(expr.op, this.eval(expr.operand), expr.span);
      case 'Binary':
        return this.binary(expr.op, expr.left, expr.right, expr.span);
      case 'In': {
        const x = this.eval(expr.expr);
        if (x.v === null) {
          return { v: null, t: 'boolean' };
        }
        const found = expr.values.some((lit) => {
          const y = this.eval(lit);
          return compareValues(x.v, y.v, x.t, y.t) === 0;
        });
        return { v: found !== expr.negated, t: 'boolean' };
      }
      case 'Between': {
        const x = this.eval(expr.expr);
        const low = this.eval(expr.low);
        const high = this.eval(expr.high);
        const a = compareValues(x.v, low.v, x.t, low.t);
        const b = compareValues(x.v, high.v, x.t, high.t);
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
        return { v: castValue(this.eval(expr.expr), expr), t: expr.targetType };
      case 'Call':
        return this.call(expr.name, expr.args, expr);
    }
  }

  private unary(op: 'NOT' | '-' | '+', x: Typed, span: Span): Typed {
    if (op === 'NOT') {
      return { v: not(booleanOf(x, 'NOT', span)), t: 'boolean' };
    }
    if (x.v === null) {
      return { v: null, t: x.t };
    }
    if (!isNumber(x.v)) {
      throw new PplEvaluationError(`cannot apply "${op}" to ${x.t}`, span);
    }
    if (op === '+') {
      return x;
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
        const c = compareValues(a.v, b.v, a.t, b.t);
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
        return arithmetic(op, a, b, span);
    }
  }

  private like(expr: LikeExpr): Typed {
    const x = this.eval(expr.expr);
    const p = this.eval(expr.pattern);
    if (x.v === null || p.v === null) {
      return { v: null, t: 'boolean' };
    }
    return {
      v: likeMatches(toPplString(x.v, x.t), toPplString(p.v, p.t), expr.caseSensitive === true),
      t: 'boolean',
    };
  }

  private call(name: string, args: Expr[], expr: Expr): Typed {
    // Lazy: only the branch taken is evaluated.
    if (name === 'if') {
      const type = this.staticType(expr);
      return coerceTo(this.eval(this.eval(args[0]).v === true ? args[1] : args[2]), type);
    }
    if (name === 'coalesce' || name === 'ifnull') {
      const type = this.staticType(expr);
      for (const a of args) {
        const x = this.eval(a);
        if (x.v !== null) {
          return coerceTo(x, type);
        }
      }
      return { v: null, t: type };
    }
    const values = args.map((a) => this.eval(a));
    const span = expr.span;
    const [first] = values;
    switch (name) {
      case 'isnull':
        return { v: first.v === null, t: 'boolean' };
      case 'isnotnull':
        return { v: first.v !== null, t: 'boolean' };
      case 'concat':
        return {
          v: values.some((x) => x.v === null)
            ? null
            : values.map((x) => toPplString(x.v, x.t)).join(''),
          t: 'string',
        };
      case 'concat_ws': {
        if (first.v === null) {
          return { v: null, t: 'string' };
        }
        const parts = values.slice(1).filter((x) => x.v !== null);
        return {
          v: parts.map((x) => toPplString(x.v, x.t)).join(toPplString(first.v, first.t)),
          t: 'string',
        };
      }
      default:
        break;
    }
    if (values.some((x) => x.v === null)) {
      return { v: null, t: this.staticType(expr) };
    }
    const text = (x: Typed): string => toPplString(x.v, x.t);
    const int = (x: Typed, what: string): number => {
      if (!isNumber(x.v)) {
        throw new PplEvaluationError(`"${name}" expects a number for ${what}, found ${x.t}`, span);
      }
      return Math.trunc(Number(x.v));
    };
    switch (name) {
      case 'lower':
        return { v: text(first).toLowerCase(), t: 'string' };
      case 'upper':
        return { v: text(first).toUpperCase(), t: 'string' };
      case 'trim':
        return { v: text(first).replace(/^ +| +$/g, ''), t: 'string' };
      case 'ltrim':
        return { v: text(first).replace(/^ +/, ''), t: 'string' };
      case 'rtrim':
        return { v: text(first).replace(/ +$/, ''), t: 'string' };
      case 'length':
        return { v: text(first).length, t: 'int' };
      case 'substring':
        return {
          v: substring(
            text(first),
            int(values[1], 'the start'),
            values[2] === undefined ? undefined : int(values[2], 'the length'),
            span
          ),
          t: 'string',
        };
      case 'replace':
        return {
          v: replaceAll(text(first), text(values[1]), text(values[2]), span),
          t: 'string',
        };
      default:
        return mathFunction(
          name,
          first,
          values[1] === undefined ? 0 : int(values[1], 'the scale'),
          span
        );
    }
  }
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

function not(a: boolean | null): boolean | null {
  return a === null ? null : !a;
}

function booleanOf(x: Typed, what: string, span: Span): boolean | null {
  if (x.v === null || typeof x.v === 'boolean') {
    return x.v;
  }
  throw new PplEvaluationError(`${what} expects a boolean, found ${x.t}`, span);
}

/** A string operand of arithmetic beside a number: PPL reads it as a double, or fails the query. */
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

function arithmetic(op: string, a: Typed, b: Typed, span: Span): Typed {
  if (a.v === null || b.v === null) {
    let t: PplType = 'undefined';
    try {
      t = arithmeticType(op, a.t, b.t, span);
    } catch {
      // A null operand makes the result null whatever the other type.
    }
    return { v: null, t };
  }
  if (op === '+' && typeof a.v === 'string' && typeof b.v === 'string') {
    return { v: a.v + b.v, t: 'string' };
  }
  if (typeof a.v === 'string' && isNumber(b.v)) {
    return arithmetic(op, stringAsDouble(a.v, op, span), b, span);
  }
  if (isNumber(a.v) && typeof b.v === 'string') {
    return arithmetic(op, a, stringAsDouble(b.v, op, span), span);
  }
  if (!isNumber(a.v) || !isNumber(b.v)) {
    throw new PplEvaluationError(`cannot apply "${op}" to ${a.t} and ${b.t}`, span);
  }
  const ta = isNumericType(a.t) ? a.t : runtimeType(a.v);
  const tb = isNumericType(b.t) ? b.t : runtimeType(b.v);
  const type = widenNumeric(ta, tb);
  if (isIntegralType(type) && isIntegral(a.v) && isIntegral(b.v)) {
    const x = BigInt(a.v);
    const y = BigInt(b.v);
    let r: bigint;
    switch (op) {
      case '+':
        r = x + y;
        break;
      case '-':
        r = x - y;
        break;
      case '*':
        r = x * y;
        break;
      case '/':
        if (y === 0n) {
          return { v: null, t: type };
        }
        r = x / y;
        break;
      default:
        if (y === 0n) {
          return { v: null, t: type };
        }
        r = x % y;
    }
    if (!inRange(r, type)) {
      throw new PplEvaluationError(overflowMessage(`${x} ${op} ${y}`, type), span);
    }
    return { v: fromBigInt(r), t: type };
  }
  const resultType = isIntegralType(type) ? 'double' : type;
  const x = Number(a.v);
  const y = Number(b.v);
  let r: number;
  switch (op) {
    case '+':
      r = x + y;
      break;
    case '-':
      r = x - y;
      break;
    case '*':
      r = x * y;
      break;
    case '/':
      if (y === 0) {
        return { v: null, t: resultType };
      }
      r = x / y;
      break;
    default:
      if (y === 0) {
        return { v: null, t: resultType };
      }
      r = x % y;
  }
  return { v: resultType === 'float' ? Math.fround(r) : r, t: resultType };
}

/**
 * An integer result out of its type's range. Java's `long` arithmetic would wrap silently
 * (`Long.MAX_VALUE + 1` is `Long.MIN_VALUE`), a wrong number that looks right; this engine fails
 * the query at the expression instead (a 400 "long overflow"), as Java's `Math.addExact` does.
 */
function overflowMessage(what: string, type: PplType): string {
  const name = type === 'bigint' ? 'long' : 'integer';
  const bits = type === 'bigint' ? '64-bit long' : `${type}`;
  return `${name} overflow: ${what} does not fit in ${bits}; cast an operand to double for an approximate result`;
}

/** SQL's SUBSTRING (Calcite's `SqlFunctions.substring`): 1-based, a start below 1 eats the length. */
function substring(s: string, start: number, length: number | undefined, span: Span): string {
  if (length === undefined) {
    return start <= 1 ? s : start > s.length ? '' : s.slice(start - 1);
  }
  if (length < 0) {
    throw new PplEvaluationError(`substring length must not be negative, found ${length}`, span);
  }
  const end = start + length;
  if (start > s.length || end < 1) {
    return '';
  }
  return s.slice(Math.max(start, 1) - 1, Math.min(end, s.length + 1) - 1);
}

function mathFunction(name: string, x: Typed, scale: number, span: Span): Typed {
  if (!isNumber(x.v)) {
    throw new PplEvaluationError(`"${name}" expects a number, found ${x.t}`, span);
  }
  const type = isNumericType(x.t) ? x.t : runtimeType(x.v);
  if (isIntegralType(type) && isIntegral(x.v)) {
    const v = BigInt(x.v);
    let r = v;
    if (name === 'abs') {
      r = v < 0n ? -v : v;
    } else if (name === 'round') {
      r = roundInteger(v, scale);
    }
    if (!inRange(r, type)) {
      throw new PplEvaluationError(overflowMessage(`${name}(${v})`, type), span);
    }
    return { v: fromBigInt(r), t: type };
  }
  const n = Number(x.v);
  const r =
    name === 'abs'
      ? Math.abs(n)
      : name === 'ceil'
        ? Math.ceil(n)
        : name === 'floor'
          ? Math.floor(n)
          : roundDouble(n, scale);
  return { v: type === 'float' ? Math.fround(r) : r, t: isIntegralType(type) ? 'double' : type };
}

function castValue(x: Typed, node: CastExpr): PplValue {
  const { v } = x;
  if (v === null) {
    return null;
  }
  const target = node.targetType;
  const refuse = (why = ''): never => {
    throw new PplEvaluationError(
      `cannot cast ${typeof v === 'string' ? JSON.stringify(v) : toPplString(v, x.t)} to ${target}${why}`,
      node.span
    );
  };
  switch (target) {
    case 'string':
      return toPplString(v, x.t);
    case 'int':
    case 'bigint': {
      let n: bigint;
      if (typeof v === 'boolean') {
        n = v ? 1n : 0n;
      } else if (typeof v === 'bigint') {
        n = v;
      } else if (typeof v === 'number') {
        if (!Number.isFinite(v)) {
          return refuse();
        }
        n = BigInt(Math.trunc(v));
      } else if (typeof v === 'string' && /^[+-]?\d+$/.test(v.trim())) {
        n = BigInt(v.trim());
      } else {
        return refuse();
      }
      return inRange(n, target) ? fromBigInt(n) : refuse(': out of range');
    }
    case 'float':
    case 'double': {
      let n: number | undefined;
      if (typeof v === 'boolean') {
        n = v ? 1 : 0;
      } else if (isNumber(v)) {
        n = Number(v);
      } else if (typeof v === 'string') {
        n = parseJavaDouble(v);
      }
      if (n === undefined) {
        return refuse();
      }
      return target === 'float' ? Math.fround(n) : n;
    }
    case 'boolean':
      if (typeof v === 'boolean') {
        return v;
      }
      if (isNumber(v)) {
        return typeof v === 'bigint' ? v !== 0n : v !== 0;
      }
      if (typeof v === 'string') {
        const s = v.trim().toLowerCase();
        if (s === 'true' || s === 'false') {
          return s === 'true';
        }
      }
      return refuse();
    case 'date':
    case 'timestamp': {
      const parsed = typeof v === 'string' ? parseTimestamp(v) : undefined;
      if (parsed === undefined) {
        return refuse();
      }
      return target === 'date' ? parsed.date : `${parsed.date} ${parsed.time}`;
    }
    case 'time': {
      const parsed = typeof v === 'string' ? parseTime(v) : undefined;
      return parsed === undefined ? refuse() : parsed;
    }
    default:
      return refuse();
  }
}

/**
 * The value of an expression for one row. Throws {@link PplEvaluationError} for an overflow, a
 * failed cast, a bad regular expression, or operands of the wrong kind.
 */
export function evaluate(expr: Expr, row: PplRow, options: EvaluateOptions = {}): PplValue {
  return new Evaluator(row, options.types).eval(expr).v;
}

/** Whether a `where` keeps the row: only when the condition is exactly true (not null, not false). */
export function evaluatePredicate(expr: Expr, row: PplRow, options: EvaluateOptions = {}): boolean {
  return evaluate(expr, row, options) === true;
}
