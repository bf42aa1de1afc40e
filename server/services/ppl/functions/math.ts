/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/**
 * Math (math.md): `abs`, `ceil`, `floor`, `round`, `sign` keep the argument's type (integers stay
 * exact, bigints included); the transcendental functions give doubles, and null where the result
 * is undefined (`sqrt(-1)`, `ln(0)`, `acos(2)`); `round(x, d)` rounds half away from zero on the
 * decimal digits Java prints (`round(2.675, 2)` is 2.68), `d` may be negative; `rand(n)` repeats
 * `new Random(n ^ (n << 16)).nextDouble()`, as Calcite seeds it. `add` … `divide`, `mod` and the eval forms `sum`, `avg`,
 * `max`, `min` follow the operators' rules (arithmetic.ts).
 */
import { MATH_FUNCTIONS } from '../../../../common/ppl/functions';
import {
  commonType,
  isIntegralType,
  isNumericType,
  PplType,
  PplValue,
  widenArithmetic,
} from '../../../../common/ppl/types';
import { PplEvaluationError } from '../errors';
import { arithmetic, arithmeticType } from './arithmetic';
import {
  CallContext,
  doubleArg,
  evaluationError,
  FamilyImplementations,
  intArg,
  numberArg,
  requireNumeric,
  ScalarFunction,
  textArg,
  typeError,
} from './registry';
import {
  coerceTo,
  compareValues,
  fromBigInt,
  inRange,
  isIntegral,
  overflowMessage,
  runtimeType,
  Typed,
} from './values';

/** Rounds half away from zero at `d` decimals, on the digits Java prints for the double. */
/** Calcite's TRUNCATE of a double: toward zero to `d` decimals, on the decimal digits. */
export function truncateDouble(x: number, d: number): number {
  if (!Number.isFinite(x) || x === 0) return x;
  const [mantissa, e] = Math.abs(x).toExponential().split('e');
  const digits = mantissa.replace('.', '');
  const exponent = Number(e);
  const keep = exponent + 1 + d;
  if (keep >= digits.length) return x;
  if (keep <= 0) return 0;
  const result = Number(`${digits.slice(0, keep)}e${exponent + 1 - keep}`);
  return x < 0 ? -result : result;
}

function truncateInteger(x: bigint, d: number): bigint {
  if (d >= 0) return x;
  if (d < -20) return 0n;
  const p = 10n ** BigInt(-d);
  // BigInt division truncates toward zero.
  return (x / p) * p;
}

export function roundDouble(x: number, d: number): number {
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
  if (d < -20) {
    // Every 64-bit integer is below 10^20 in magnitude: it rounds to 0 (and 10n ** 10^9 never runs).
    return 0n;
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

/** The numeric type of an argument (a string reads as a double). */
function numericType(t: PplType): PplType {
  return t === 'string' ? 'double' : t;
}

/** A function keeping its argument's type: exact on integers, `onDouble` otherwise. */
function typeKeeping(
  onInteger: (x: bigint, args: Typed[], ctx: CallContext) => bigint,
  onDouble: (x: number, args: Typed[], ctx: CallContext) => number
): ScalarFunction {
  return {
    type(args, site) {
      requireNumeric(args, site, 0, 1);
      return numericType(args[0]);
    },
    apply(args, ctx) {
      const [x] = args;
      const n = numberArg(x, ctx);
      const type = isNumericType(x.t) ? x.t : runtimeType(n);
      if (isIntegralType(type) && isIntegral(n)) {
        const r = onInteger(BigInt(n), args, ctx);
        if (!inRange(r, type)) {
          throw new PplEvaluationError(overflowMessage(`${ctx.name}(${n})`, type), ctx.span);
        }
        return fromBigInt(r);
      }
      const r = onDouble(Number(n), args, ctx);
      return type === 'float' ? Math.fround(r) : r;
    },
  };
}

/** A double function of doubles; a NaN or infinite result is null. */
function double(f: (...xs: number[]) => number): ScalarFunction {
  return {
    type(args, site) {
      requireNumeric(args, site, ...args.map((_, i) => i));
      return 'double';
    },
    apply(args, ctx) {
      const r = f(...args.map((a) => doubleArg(a, ctx)));
      return Number.isFinite(r) ? r : null;
    },
  };
}

function binary(op: '+' | '-' | '*' | '/' | '%'): ScalarFunction {
  return {
    type: (args, site) => {
      requireNumeric(args, site, 0, 1);
      return arithmeticType(op, numericType(args[0]), numericType(args[1]), site.span);
    },
    apply: ([a, b], ctx) => arithmetic(op, a, b, ctx.span).v,
  };
}

/** Java's `java.util.Random(seed).nextDouble()`. */
function javaRandom(seed: bigint): number {
  const mask = (1n << 48n) - 1n;
  let s = (seed ^ 0x5deece66dn) & mask;
  const next = (bits: bigint): bigint => {
    s = (s * 0x5deece66dn + 0xbn) & mask;
    return s >> (48n - bits);
  };
  const high = next(26n);
  const low = next(27n);
  return Number((high << 27n) + low) * 2 ** -53;
}

/** Calcite's RAND(seed) seeds `new Random(seed ^ (seed << 16))`. */
const calciteSeed = (seed: bigint): bigint => BigInt.asIntN(32, seed ^ (seed << 16n));

const CRC_TABLE: readonly number[] = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(text: string): number {
  let crc = 0xffffffff;
  for (const byte of Buffer.from(text, 'utf8')) crc = CRC_TABLE[(crc ^ byte) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

const DIGITS = '0123456789abcdefghijklmnopqrstuvwxyz';

/** MySQL's CONV: reads the longest valid prefix in `from`, writes in `to` (lower case). */
function conv(text: string, from: number, to: number): string | null {
  if (Math.abs(from) < 2 || Math.abs(from) > 36 || Math.abs(to) < 2 || Math.abs(to) > 36) {
    return null;
  }
  const t = text.trim().toLowerCase();
  const negative = t.startsWith('-');
  let value = 0n;
  for (const c of negative ? t.slice(1) : t) {
    const d = DIGITS.indexOf(c);
    if (d < 0 || d >= Math.abs(from)) break;
    value = value * BigInt(Math.abs(from)) + BigInt(d);
  }
  return `${negative && value !== 0n ? '-' : ''}${value.toString(Math.abs(to))}`;
}

/** The eval forms of MAX and MIN (statistical.md): strings rank above numbers. */
function extreme(which: 'max' | 'min'): ScalarFunction {
  const pick = (args: PplType[]): PplType => {
    const strings = args.filter((t) => t === 'string');
    const numbers = args.filter(isNumericType);
    if (which === 'max') return strings.length > 0 ? 'string' : commonType(numbers);
    return numbers.length > 0 ? commonType(numbers) : commonType(args);
  };
  return {
    type: (args) => pick(args),
    apply(args) {
      const rank = (x: Typed): number => (typeof x.v === 'string' ? 1 : 0);
      let best = args[0];
      for (const x of args.slice(1)) {
        const c = rank(x) !== rank(best) ? rank(x) - rank(best) : (compareValues(x.v, best.v) ?? 0);
        if (which === 'max' ? c > 0 : c < 0) best = x;
      }
      return coerceTo(best, pick(args.map((a) => a.t))).v;
    },
  };
}

/**
 * The eval form `sum(a, b, …)`: the SQL plugin's parser rewrites it to additions in a balanced
 * tree (`(a + b) + (c + d)`), each widening integers as `+` does, so `sum(1, 2, 3)` is a bigint.
 */
function balancedSum<T>(items: T[], add: (a: T, b: T) => T): T {
  if (items.length === 1) return items[0];
  const mid = Math.floor(items.length / 2);
  return add(balancedSum(items.slice(0, mid), add), balancedSum(items.slice(mid), add));
}

function fold(args: Typed[], ctx: CallContext): Typed {
  return balancedSum(args, (a, b) => arithmetic('+', a, b, ctx.span));
}

export const mathFunctions: FamilyImplementations<typeof MATH_FUNCTIONS.functions> = {
  abs: typeKeeping(
    (x) => (x < 0n ? -x : x),
    (x) => Math.abs(x)
  ),
  ceil: typeKeeping(
    (x) => x,
    (x) => Math.ceil(x)
  ),
  floor: typeKeeping(
    (x) => x,
    (x) => Math.floor(x)
  ),
  round: typeKeeping(
    (x, args, ctx) => roundInteger(x, args[1] === undefined ? 0 : intArg(args[1], ctx)),
    (x, args, ctx) => roundDouble(x, args[1] === undefined ? 0 : intArg(args[1], ctx))
  ),
  truncate: typeKeeping(
    (x, args, ctx) => truncateInteger(x, intArg(args[1], ctx)),
    (x, args, ctx) => truncateDouble(x, intArg(args[1], ctx))
  ),
  sign: typeKeeping(
    (x) => (x > 0n ? 1n : x < 0n ? -1n : 0n),
    (x) => Math.sign(x)
  ),
  add: binary('+'),
  subtract: binary('-'),
  multiply: binary('*'),
  divide: binary('/'),
  mod: binary('%'),
  sum: {
    type(args, site) {
      requireNumeric(args, site, ...args.map((_, i) => i));
      return balancedSum(args.map(numericType), (a, b) =>
        a === 'undefined' ? b : b === 'undefined' ? a : widenArithmetic(a, b)
      );
    },
    apply: (args, ctx) => fold(args, ctx).v,
  },
  avg: {
    type(args, site) {
      requireNumeric(args, site, ...args.map((_, i) => i));
      return 'double';
    },
    apply: (args, ctx) => args.reduce((acc, x) => acc + doubleArg(x, ctx), 0) / args.length,
  },
  max: extreme('max'),
  min: extreme('min'),
  acos: double((x) => Math.acos(x)),
  asin: double((x) => Math.asin(x)),
  atan: double((y, x) => (x === undefined ? Math.atan(y) : Math.atan2(y, x))),
  atan2: double((y, x) => Math.atan2(y, x)),
  cbrt: double((x) => Math.cbrt(x)),
  cos: double((x) => Math.cos(x)),
  cosh: double((x) => Math.cosh(x)),
  cot: {
    type: double(() => 0).type,
    apply([x], ctx) {
      const n = doubleArg(x, ctx);
      if (n === 0)
        return evaluationError(ctx, 'the cotangent of 0 is undefined (division by zero)');
      return 1 / Math.tan(n);
    },
  },
  // Java's Math.toDegrees / toRadians multiply by a constant (the last digit differs from x*180/π).
  degrees: double((x) => x * 57.29577951308232),
  radians: double((x) => x * 0.017453292519943295),
  e: double(() => Math.E),
  pi: double(() => Math.PI),
  exp: double((x) => Math.exp(x)),
  expm1: double((x) => Math.expm1(x)),
  ln: double((x) => (x > 0 ? Math.log(x) : NaN)),
  log: double((a, b) =>
    b === undefined
      ? a > 0
        ? Math.log(a)
        : NaN
      : a > 0 && a !== 1 && b > 0
        ? Math.log(b) / Math.log(a)
        : NaN
  ),
  log2: double((x) => (x > 0 ? Math.log2(x) : NaN)),
  log10: double((x) => (x > 0 ? Math.log10(x) : NaN)),
  pow: double((x, y) => Math.pow(x, y)),
  sqrt: double((x) => (x >= 0 ? Math.sqrt(x) : NaN)),
  sin: double((x) => Math.sin(x)),
  sinh: double((x) => Math.sinh(x)),
  rint: double((x) => {
    const r = Math.round(x);
    return Math.abs(x % 1) === 0.5 && r % 2 !== 0 ? r - 1 : r;
  }),
  rand: {
    type(args, site) {
      requireNumeric(args, site, 0);
      return 'double';
    },
    nulls: 'custom',
    apply: ([seed], ctx) =>
      seed === undefined || seed.v === null
        ? Math.random()
        : javaRandom(calciteSeed(BigInt(intArg(seed, ctx)))),
  },
  crc32: {
    type(args, site) {
      if (args[0] === 'array' || args[0] === 'struct') typeError(site, 0, 'a string', args[0]);
      return 'bigint';
    },
    apply: ([s]): PplValue => crc32(textArg(s)),
  },
  conv: {
    type(args, site) {
      requireNumeric(args, site, 1, 2);
      return 'string';
    },
    apply: ([x, from, to], ctx) => conv(textArg(x), intArg(from, ctx), intArg(to, ctx)),
  },
};
