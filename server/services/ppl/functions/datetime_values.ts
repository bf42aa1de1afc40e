/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/**
 * Dates and times as PPL shows them, on a proleptic Gregorian calendar in UTC, computed by hand
 * (no `Date` getters): the host's time zone can never leak into a result.
 *
 * An instant is a day number since 1970-01-01 and the nanoseconds into that day. Text forms:
 * timestamp `yyyy-MM-dd HH:mm:ss[.fraction]`, date `yyyy-MM-dd`, time `HH:mm:ss[.fraction]`, the
 * fraction without trailing zeros, as PPL displays them.
 */
import type { PplType } from '../../../../common/ppl/types';

export const NANOS_PER_SECOND = 1_000_000_000;
export const NANOS_PER_DAY = 86_400 * NANOS_PER_SECOND;

export interface Instant {
  day: number;
  /** 0 ≤ nanos < NANOS_PER_DAY. */
  nanos: number;
}

export interface Civil {
  year: number;
  month: number;
  day: number;
}

/** Days since 1970-01-01 of a civil date (Howard Hinnant's `days_from_civil`). */
export function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const mp = (month + 9) % 12;
  const doy = Math.floor((153 * mp + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

export function civilFromDays(days: number): Civil {
  const z = days + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor(
    (doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365
  );
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  return { year: yoe + era * 400 + (month <= 2 ? 1 : 0), month, day };
}

export const isLeapYear = (y: number): boolean => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;

export function daysInMonth(year: number, month: number): number {
  return [31, isLeapYear(year) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
}

export const daysInYear = (y: number): number => (isLeapYear(y) ? 366 : 365);

/** 1 = Sunday … 7 = Saturday (1970-01-01 was a Thursday). */
export const dayOfWeek = (day: number): number => ((((day + 4) % 7) + 7) % 7) + 1;

export function dayOfYear(day: number): number {
  const { year } = civilFromDays(day);
  return day - daysFromCivil(year, 1, 1) + 1;
}

export function instantFromMillis(ms: number): Instant {
  const day = Math.floor(ms / 86_400_000);
  return { day, nanos: (ms - day * 86_400_000) * 1_000_000 };
}

/** An instant moved by whole nanoseconds (may cross days). */
export function addNanos(at: Instant, nanos: number): Instant {
  const total = at.nanos + nanos;
  const days = Math.floor(total / NANOS_PER_DAY);
  return { day: at.day + days, nanos: total - days * NANOS_PER_DAY };
}

/** Seconds since the epoch, fraction included. */
export const epochSeconds = (at: Instant): number => at.day * 86_400 + at.nanos / NANOS_PER_SECOND;

const pad = (n: number, width = 2): string =>
  n < 0 ? `-${String(-n).padStart(width, '0')}` : String(n).padStart(width, '0');

function fractionText(nanos: number): string {
  const f = nanos % NANOS_PER_SECOND;
  if (f === 0) {
    return '';
  }
  return `.${String(f).padStart(9, '0').replace(/0+$/, '')}`;
}

/** A date past what PPL shows (years 0 to 9999); the evaluator reports it at the call. */
export class DatetimeRangeError extends RangeError {}

export function formatDate(day: number): string {
  const c = civilFromDays(day);
  if (!(c.year >= 0 && c.year <= 9999)) {
    throw new DatetimeRangeError('the result is outside the years 0 to 9999');
  }
  return `${pad(c.year, 4)}-${pad(c.month)}-${pad(c.day)}`;
}

export function formatTime(nanos: number): string {
  const s = Math.floor(nanos / NANOS_PER_SECOND);
  return `${pad(Math.floor(s / 3600))}:${pad(Math.floor(s / 60) % 60)}:${pad(s % 60)}${fractionText(nanos)}`;
}

export const formatTimestamp = (at: Instant): string =>
  `${formatDate(at.day)} ${formatTime(at.nanos)}`;

const DATE_TIME =
  /^(\d{4})-(\d{1,2})-(\d{1,2})(?:(?:[ T])(\d{1,2}):(\d{1,2})(?::(\d{1,2})(?:\.(\d{1,9}))?)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/;
const TIME_ONLY = /^(\d{1,2}):(\d{1,2})(?::(\d{1,2})(?:\.(\d{1,9}))?)?$/;

function fractionNanos(text: string | undefined): number {
  return text === undefined ? 0 : Number(text.padEnd(9, '0'));
}

/** A `[+|-]HH:mm` offset in minutes, or undefined. */
export function parseOffset(zone: string): number | undefined {
  const m = /^([+-])(\d{1,2}):?(\d{2})$/.exec(zone.trim());
  if (!m) {
    return undefined;
  }
  const minutes = Number(m[2]) * 60 + Number(m[3]);
  if (Number(m[3]) > 59) {
    return undefined;
  }
  return m[1] === '-' ? -minutes : minutes;
}

/**
 * `yyyy-MM-dd[ HH:mm[:ss[.fraction]]]` (or ISO with `T` and a zone, moved to UTC) as an instant;
 * undefined for anything else, including impossible dates (April 31st).
 */
export function parseTimestampText(s: string): Instant | undefined {
  const m = DATE_TIME.exec(s.trim());
  if (!m) {
    return undefined;
  }
  const [year, month, dom] = [m[1], m[2], m[3]].map(Number);
  const [hour, minute, second] = [m[4], m[5], m[6]].map((x) => (x === undefined ? 0 : Number(x)));
  if (month < 1 || month > 12 || dom < 1 || dom > daysInMonth(year, month)) {
    return undefined;
  }
  if (hour > 23 || minute > 59 || second > 59) {
    return undefined;
  }
  const at: Instant = {
    day: daysFromCivil(year, month, dom),
    nanos: ((hour * 60 + minute) * 60 + second) * NANOS_PER_SECOND + fractionNanos(m[7]),
  };
  const zone = m[8];
  if (zone === undefined || zone === 'Z') {
    return at;
  }
  const offset = parseOffset(zone);
  return offset === undefined ? undefined : addNanos(at, -offset * 60 * NANOS_PER_SECOND);
}

/** `HH:mm[:ss[.fraction]]` (or the time of a timestamp text) as nanoseconds into the day. */
export function parseTimeText(s: string): number | undefined {
  const m = TIME_ONLY.exec(s.trim());
  if (!m) {
    return parseTimestampText(s)?.nanos;
  }
  const [hour, minute, second] = [m[1], m[2], m[3]].map((x) => (x === undefined ? 0 : Number(x)));
  if (hour > 23 || minute > 59 || second > 59) {
    return undefined;
  }
  return ((hour * 60 + minute) * 60 + second) * NANOS_PER_SECOND + fractionNanos(m[4]);
}

/**
 * A date, time or timestamp value (or a string holding one) as an instant: a date at midnight, a
 * time on `today` (datetime.md: "If the argument is TIME, today's date is used").
 */
export function toInstant(v: string, t: PplType, today: number): Instant | undefined {
  if (t === 'time') {
    const nanos = parseTimeText(v);
    return nanos === undefined ? undefined : { day: today, nanos };
  }
  const at = parseTimestampText(v);
  if (at !== undefined || t !== 'string') {
    return at;
  }
  const nanos = TIME_ONLY.test(v.trim()) ? parseTimeText(v) : undefined;
  return nanos === undefined ? undefined : { day: today, nanos };
}

/** The sortable timestamp text of a datetime value, for comparisons across date/time types. */
export function comparableDatetime(v: string, t: PplType, today: number): string | undefined {
  const at = toInstant(v, t, today);
  return at === undefined
    ? undefined
    : `${String(at.day + 1e9).padStart(12, '0')}:${String(at.nanos).padStart(14, '0')}`;
}

// ---------------------------------------------------------------------------------------------
// Weeks (MySQL's calc_week, which PPL's WEEK, YEARWEEK and %U %u %V %v %X %x follow)

const WEEK_MONDAY_FIRST = 1;
const WEEK_YEAR = 2;
const WEEK_FIRST_WEEKDAY = 4;

/** The behaviour flags of a WEEK() mode 0…7. */
export function weekMode(mode: number): number {
  let format = mode & 7;
  if ((format & WEEK_MONDAY_FIRST) === 0) {
    format ^= WEEK_FIRST_WEEKDAY;
  }
  return format;
}

/** MySQL's `calc_weekday`: 0 = Monday (or 0 = Sunday when `sundayFirst`). */
const weekdayOf = (day: number, sundayFirst: boolean): number =>
  (((day + (sundayFirst ? 4 : 3)) % 7) + 7) % 7;

/** The week number and its year of `day` under the behaviour flags (see {@link weekMode}). */
export function calcWeek(day: number, behaviour: number): { week: number; year: number } {
  const c = civilFromDays(day);
  const mondayFirst = (behaviour & WEEK_MONDAY_FIRST) !== 0;
  let weekYear = (behaviour & WEEK_YEAR) !== 0;
  const firstWeekday = (behaviour & WEEK_FIRST_WEEKDAY) !== 0;
  let year = c.year;
  let firstDay = daysFromCivil(year, 1, 1);
  let weekday = weekdayOf(firstDay, !mondayFirst);
  if (c.month === 1 && c.day <= 7 - weekday) {
    if (!weekYear && ((firstWeekday && weekday !== 0) || (!firstWeekday && weekday >= 4))) {
      return { week: 0, year };
    }
    weekYear = true;
    year--;
    const days = daysInYear(year);
    firstDay -= days;
    weekday = (weekday + 53 * 7 - days) % 7;
  }
  let days: number;
  if ((firstWeekday && weekday !== 0) || (!firstWeekday && weekday >= 4)) {
    days = day - (firstDay + (7 - weekday));
  } else {
    days = day - (firstDay - weekday);
  }
  if (weekYear && days >= 52 * 7) {
    weekday = (weekday + daysInYear(year)) % 7;
    if ((!firstWeekday && weekday < 4) || (firstWeekday && weekday === 0)) {
      return { week: 1, year: year + 1 };
    }
  }
  return { week: Math.floor(days / 7) + 1, year };
}

export const week = (day: number, mode: number): number => calcWeek(day, weekMode(mode)).week;

export function yearWeek(day: number, mode: number): number {
  const { week: w, year } = calcWeek(day, weekMode(mode) | WEEK_YEAR);
  return year * 100 + w;
}

// ---------------------------------------------------------------------------------------------
// Names

export const DAY_NAMES = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
];
export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

// ---------------------------------------------------------------------------------------------
// Calendar arithmetic

/** Adds months, clamping the day to the month's end (Jan 31 + 1 month is Feb 28/29). */
export function addMonths(at: Instant, months: number): Instant {
  const c = civilFromDays(at.day);
  const total = c.year * 12 + (c.month - 1) + months;
  const year = Math.floor(total / 12);
  const month = total - year * 12 + 1;
  const dom = Math.min(c.day, daysInMonth(year, month));
  return { day: daysFromCivil(year, month, dom), nanos: at.nanos };
}

export type TimeUnit =
  'MICROSECOND' | 'SECOND' | 'MINUTE' | 'HOUR' | 'DAY' | 'WEEK' | 'MONTH' | 'QUARTER' | 'YEAR';

export const TIME_UNITS: readonly TimeUnit[] = [
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

const UNIT_NANOS: Partial<Record<TimeUnit, number>> = {
  MICROSECOND: 1000,
  SECOND: NANOS_PER_SECOND,
  MINUTE: 60 * NANOS_PER_SECOND,
  HOUR: 3600 * NANOS_PER_SECOND,
  DAY: NANOS_PER_DAY,
  WEEK: 7 * NANOS_PER_DAY,
};

export function addUnits(at: Instant, unit: TimeUnit, amount: number): Instant {
  const nanos = UNIT_NANOS[unit];
  if (nanos !== undefined) {
    return addNanos(at, amount * nanos);
  }
  const months = unit === 'MONTH' ? amount : unit === 'QUARTER' ? amount * 3 : amount * 12;
  return addMonths(at, months);
}

/** Whole months from `a` to `b`, as MySQL's TIMESTAMPDIFF counts them (partial months drop). */
function monthsBetween(a: Instant, b: Instant): number {
  const ca = civilFromDays(a.day);
  const cb = civilFromDays(b.day);
  let months = (cb.year - ca.year) * 12 + (cb.month - ca.month);
  const restA = ca.day * NANOS_PER_DAY + a.nanos;
  const restB = cb.day * NANOS_PER_DAY + b.nanos;
  if (months > 0 && restB < restA) {
    months--;
  } else if (months < 0 && restB > restA) {
    months++;
  }
  return months;
}

/** TIMESTAMPDIFF: whole `unit`s from `a` to `b`, truncated toward zero. */
export function unitsBetween(a: Instant, b: Instant, unit: TimeUnit): number {
  const nanos = UNIT_NANOS[unit];
  if (nanos !== undefined) {
    const diff = (b.day - a.day) * NANOS_PER_DAY + (b.nanos - a.nanos);
    return Math.trunc(diff / nanos);
  }
  const months = monthsBetween(a, b);
  return unit === 'MONTH'
    ? months
    : unit === 'QUARTER'
      ? Math.trunc(months / 3)
      : Math.trunc(months / 12);
}
