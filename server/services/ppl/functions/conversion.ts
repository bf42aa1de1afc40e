/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/**
 * Conversion (conversion.md): `cast`, `tostring`, `tonumber`.
 *
 * `cast` is the SQL plugin's safe cast (CalciteRexNodeVisitor.visitCast): a value that does not
 * convert to a number or a boolean gives null, never an error. To `string` it writes booleans
 * `TRUE`/`FALSE` and doubles as Java does (`1.0`); to a number, booleans give 1/0, strings must
 * hold a number as Java parses it (`'1.5'` is no int), decimals truncate toward zero, and a value
 * out of the type's range is null; to `boolean`, numbers give `v != 0`, strings read
 * `true`/`false` in any case between spaces, and the one-character literals `'1'` and `'0'` give
 * true and false (ExtendedRexBuilder.makeCast: only as literals, a field holding `1` is null);
 * `date`, `time`, `timestamp` go through DATE(), TIME(), TIMESTAMP() (which refuse what they
 * cannot read: `yyyy-MM-dd[ HH:mm:ss[.fraction]]`, or the part of a date/time value); `ip` takes
 * an IPv4 or IPv6 address string and gives its canonical text (RFC 5952), and refuses other types.
 */
import type { Span } from '../../../../common/ppl/ast';
import { CONVERSION_FUNCTIONS } from '../../../../common/ppl/functions';
import { ENGINE_TYPE_NAMES, isNumericType, PplType, PplValue } from '../../../../common/ppl/types';
import { PplEvaluationError } from '../errors';
import {
  formatDate,
  formatTime,
  formatTimestamp,
  parseTimeText,
  parseTimestampText,
} from './datetime_values';
import { canonicalIp } from './ip_values';
import {
  CallContext,
  doubleArg,
  evaluationError,
  FamilyImplementations,
  requireNumeric,
  returns,
  textArg,
  typeError,
} from './registry';
import { fromBigInt, inRange, isNumber, parseJavaDouble, toPplString, Typed } from './values';

/** Java's String.trim: the characters up to U+0020 at both ends. */
function javaTrim(s: string): string {
  let start = 0;
  let end = s.length;
  while (start < end && s.charCodeAt(start) <= 0x20) start++;
  while (end > start && s.charCodeAt(end - 1) <= 0x20) end--;
  return s.slice(start, end);
}

/** Calcite's SqlFunctions.toBoolean(String): `true`/`false` in any case, between spaces. */
function booleanText(s: string, literal: boolean): boolean | null {
  if (literal && s.length === 1 && (s === '1' || s === '0')) {
    return s === '1';
  }
  const t = s.replace(/^ +| +$/g, '').toLowerCase();
  return t === 'true' ? true : t === 'false' ? false : null;
}

/**
 * `cast(x as target)`. `literal`: x was written as a literal (the SQL plugin reads the
 * one-character literals '1' and '0' as booleans).
 */
export function castValue(x: Typed, target: PplType, span: Span, literal = false): PplValue {
  const { v } = x;
  if (v === null) {
    return null;
  }
  const refuse = (why = ''): never => {
    throw new PplEvaluationError(
      `cannot cast ${typeof v === 'string' ? JSON.stringify(v) : toPplString(v, x.t)} to ${target}${why}`,
      span
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
          return null;
        }
        n = BigInt(Math.trunc(v));
      } else if (typeof v === 'string' && /^[+-]?\d+$/.test(javaTrim(v))) {
        n = BigInt(javaTrim(v));
      } else {
        return null;
      }
      return inRange(n, target) ? fromBigInt(n) : null;
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
        return null;
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
      return typeof v === 'string' ? booleanText(v, literal) : null;
    case 'date':
    case 'timestamp': {
      if (isNumber(v)) {
        return refuse(': a number is no date; from_unixtime(x) reads seconds since the epoch');
      }
      if (x.t === 'time') {
        return refuse(": a time has no date; write timestamp(concat(<date>, ' ', <time>))");
      }
      const at = typeof v === 'string' ? parseTimestampText(v) : undefined;
      if (at === undefined) {
        return refuse(': write it as yyyy-MM-dd or yyyy-MM-dd HH:mm:ss[.fraction]');
      }
      return target === 'date' ? formatDate(at.day) : formatTimestamp(at);
    }
    case 'time': {
      // A date has no time: TIME(date) is midnight (datatypes.md, "Conversion from DATE").
      const nanos = x.t === 'date' ? 0 : typeof v === 'string' ? parseTimeText(v) : undefined;
      return nanos === undefined
        ? refuse(': write it as HH:mm:ss[.fraction] or yyyy-MM-dd HH:mm:ss')
        : formatTime(nanos);
    }
    case 'ip': {
      if (typeof v !== 'string') {
        const name = ENGINE_TYPE_NAMES[x.t] ?? x.t.toUpperCase();
        throw new PplEvaluationError(
          `Cannot convert ${name} to IP, only STRING and IP types are supported: cast an address string, e.g. cast('10.0.0.1' as ip)`,
          span
        );
      }
      const ip = canonicalIp(v);
      return ip === undefined ? refuse(': not an IPv4 or IPv6 address') : ip;
    }
    default:
      return refuse();
  }
}

const DIGITS = '0123456789abcdefghijklmnopqrstuvwxyz';

function pad2(n: number): string {
  return String(n).padStart(2, '0');
}

/** `HH:MM:SS` of a number of seconds (hours past 24 keep counting). */
function duration(seconds: number): string {
  const s = Math.trunc(seconds);
  const sign = s < 0 ? '-' : '';
  const a = Math.abs(s);
  return `${sign}${pad2(Math.floor(a / 3600))}:${pad2(Math.floor(a / 60) % 60)}:${pad2(a % 60)}`;
}

function commas(n: number | bigint): string {
  if (typeof n === 'bigint' || Number.isInteger(n)) {
    return BigInt(n).toLocaleString('en-US');
  }
  return n.toLocaleString('en-US', { minimumFractionDigits: 0, maximumFractionDigits: 2 });
}

function integralText(n: number | bigint, base: number, ctx: CallContext): string {
  if (typeof n === 'number' && !Number.isFinite(n)) {
    return evaluationError(ctx, `${n} has no ${base === 2 ? 'binary' : 'hexadecimal'} form`);
  }
  const i = typeof n === 'bigint' ? n : BigInt(Math.trunc(n));
  return i.toString(base);
}

export const conversionFunctions: FamilyImplementations<typeof CONVERSION_FUNCTIONS.functions> = {
  tostring: {
    type: returns('string'),
    apply: ([x, format], ctx) => {
      if (format === undefined) {
        return toPplString(x.v, x.t);
      }
      const f = textArg(format).toLowerCase();
      const n = (): number | bigint => {
        if (isNumber(x.v)) return x.v;
        const parsed = typeof x.v === 'string' ? parseJavaDouble(x.v) : undefined;
        return parsed ?? evaluationError(ctx, `the "${f}" format needs a number, found ${x.t}`);
      };
      switch (f) {
        case 'binary':
          return integralText(n(), 2, ctx);
        case 'hex':
          return integralText(n(), 16, ctx);
        case 'commas':
          return commas(n());
        case 'duration':
          return duration(Number(n()));
        case 'duration_millis':
          return duration(Number(n()) / 1000);
        default:
          return evaluationError(
            ctx,
            `unknown format "${f}": use binary, hex, commas, duration or duration_millis`
          );
      }
    },
  },
  tonumber: {
    type(args, site) {
      if (args[0] !== 'string' && args[0] !== 'undefined' && !isNumericType(args[0])) {
        typeError(site, 0, 'a string', args[0]);
      }
      requireNumeric(args, site, 1);
      return 'double';
    },
    apply: ([x, baseArg], ctx) => {
      const base = baseArg === undefined ? 10 : doubleArg(baseArg, ctx);
      if (!Number.isInteger(base) || base < 2 || base > 36) {
        return evaluationError(ctx, `the base must be an integer from 2 to 36, found ${base}`);
      }
      const s = textArg(x).trim();
      if (base === 10) {
        const d = parseJavaDouble(s);
        return d === undefined || !Number.isFinite(d) ? null : d;
      }
      const m = /^([+-]?)([0-9a-z]+)$/i.exec(s);
      if (
        !m ||
        [...m[2].toLowerCase()].some((c) => DIGITS.indexOf(c) < 0 || DIGITS.indexOf(c) >= base)
      ) {
        return null;
      }
      let value = 0n;
      for (const c of m[2].toLowerCase()) value = value * BigInt(base) + BigInt(DIGITS.indexOf(c));
      if (m[1] === '-') value = -value;
      return inRange(value, 'bigint') ? Number(value) : null;
    },
  },
};
