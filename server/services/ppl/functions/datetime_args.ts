/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/**
 * Reading the arguments of date and time functions: a value (or a string holding one) as an
 * instant, intervals, UTC offsets, YYYYMMDD numbers, Unix seconds, periods and units.
 */
import type { PplObject, PplType } from '../../../../common/ppl/types';
import {
  daysFromCivil,
  daysInMonth,
  Instant,
  NANOS_PER_SECOND,
  parseOffset,
  TimeUnit,
  TIME_UNITS,
  toInstant,
} from './datetime_values';
import { CallContext, CallSite, doubleArg, evaluationError, textArg, typeError } from './registry';
import { isNumber, Typed } from './values';

export const DATETIME_TYPES = new Set<PplType>([
  'timestamp',
  'date',
  'time',
  'string',
  'undefined',
]);

export function requireDatetime(args: PplType[], site: CallSite, ...indexes: number[]): void {
  for (const i of indexes) {
    const t = args[i];
    if (t !== undefined && !DATETIME_TYPES.has(t)) {
      typeError(site, i, 'a date, time or timestamp', t);
    }
  }
}

/** An argument as an instant (a time on today's date, a date at midnight), or a 400. */
export function instant(x: Typed, ctx: CallContext): Instant {
  const at = typeof x.v === 'string' ? toInstant(x.v, x.t, ctx.today) : undefined;
  if (at === undefined) {
    return evaluationError(
      ctx,
      `cannot read ${typeof x.v === 'string' ? JSON.stringify(x.v) : x.t} as a date or time (yyyy-MM-dd[ HH:mm:ss[.fraction]] or HH:mm:ss)`
    );
  }
  return at;
}

/** A date argument's day number. */
export const dayOf = (x: Typed, ctx: CallContext): number => instant(x, ctx).day;

/** The nanoseconds into the day of an argument (a date's are 0). */
export function timeOf(x: Typed, ctx: CallContext): number {
  return x.t === 'date' ? 0 : instant(x, ctx).nanos;
}

/** An interval value (the evaluator gives `{unit, amount}`) or a number of days. */
export function intervalOf(x: Typed, ctx: CallContext): { unit: TimeUnit; amount: number } {
  const interval =
    x.t === 'interval' && x.v !== null && typeof x.v === 'object' && !Array.isArray(x.v)
      ? { unit: (x.v as PplObject).unit as TimeUnit, amount: (x.v as PplObject).amount }
      : { unit: 'DAY' as TimeUnit, amount: x.v };
  const amount = doubleArg({ v: interval.amount, t: 'double' }, ctx);
  // Beyond ±10^8 days (±270,000 years) no date can be shown.
  if (!Number.isFinite(amount) || Math.abs(amount) > 1e11) {
    return evaluationError(ctx, `the interval ${amount} is out of range`);
  }
  return { unit: interval.unit, amount };
}

/** A UTC offset in the range the docs give (-13:59 to +14:00), in minutes. */
export function offsetOf(text: string): number | undefined {
  const m = parseOffset(text);
  return m === undefined || m < -(13 * 60 + 59) || m > 14 * 60 ? undefined : m;
}

/** A YYMMDD[hhmmss] or YYYYMMDD[hhmmss] number as an instant (unix_timestamp, to_seconds). */
export function instantOfNumber(n: number): Instant | undefined {
  const whole = Math.trunc(n);
  const fraction = n - whole;
  let text = String(whole);
  let time = '000000';
  if (text.length > 8) {
    time = text.slice(-6);
    text = text.slice(0, -6);
  }
  if (text.length <= 6) text = text.padStart(6, '0');
  let year: number;
  if (text.length === 6) {
    const yy = Number(text.slice(0, 2));
    year = yy < 70 ? 2000 + yy : 1900 + yy;
  } else {
    year = Number(text.slice(0, text.length - 4));
  }
  const month = Number(text.slice(-4, -2));
  const day = Number(text.slice(-2));
  const [h, mi, s] = [time.slice(0, 2), time.slice(2, 4), time.slice(4)].map(Number);
  if (
    month < 1 ||
    month > 12 ||
    day < 1 ||
    day > daysInMonth(year, month) ||
    h > 23 ||
    mi > 59 ||
    s > 59
  ) {
    return undefined;
  }
  return {
    day: daysFromCivil(year, month, day),
    nanos: ((h * 60 + mi) * 60 + s) * NANOS_PER_SECOND + Math.round(fraction * NANOS_PER_SECOND),
  };
}

export function instantOfDateOrNumber(x: Typed, ctx: CallContext): Instant | undefined {
  if (isNumber(x.v)) return instantOfNumber(Number(x.v));
  return instant(x, ctx);
}

/** Unix seconds to an instant, within 1970-01-01 … 3001-01-18 23:59:59.999999, else undefined. */
export function fromUnix(seconds: number): Instant | undefined {
  if (!(seconds >= 0 && seconds < 32536771200)) return undefined;
  const day = Math.floor(seconds / 86400);
  return { day, nanos: Math.round((seconds - day * 86400) * 1e6) * 1000 };
}

export function period(p: number): number {
  const year = Math.floor(p / 100);
  const month = p % 100;
  const fullYear = year < 70 ? 2000 + year : year < 100 ? 1900 + year : year;
  return fullYear * 12 + month - 1;
}

export function unitArg(x: Typed, ctx: CallContext): TimeUnit {
  const unit = textArg(x).toUpperCase() as TimeUnit;
  if (!TIME_UNITS.includes(unit)) {
    return evaluationError(
      ctx,
      `unknown unit "${textArg(x)}": use one of ${TIME_UNITS.join(', ')}`
    );
  }
  return unit;
}

export const EXTRACT_FORMATS: Readonly<Record<string, string>> = {
  MICROSECOND: '%f',
  SECOND: '%s',
  MINUTE: '%i',
  HOUR: '%H',
  DAY: '%d',
  MONTH: '%m',
  YEAR: '%Y',
  SECOND_MICROSECOND: '%s%f',
  MINUTE_MICROSECOND: '%i%s%f',
  MINUTE_SECOND: '%i%s',
  HOUR_MICROSECOND: '%H%i%s%f',
  HOUR_SECOND: '%H%i%s',
  HOUR_MINUTE: '%H%i',
  DAY_MICROSECOND: '%d%H%i%s%f',
  DAY_SECOND: '%d%H%i%s',
  DAY_MINUTE: '%d%H%i',
  DAY_HOUR: '%d%H',
  YEAR_MONTH: '%Y%m',
};
