/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Buckets of values, shared by `span()`, `bin`, `timechart` and `chart`: time buckets (fixed
 * units from the epoch or an anchor, months/quarters/years by the calendar), numeric buckets,
 * and the `lo-hi` labels `bin` gives numbers.
 */
import { isNumericType, type PplType, type PplValue } from '../../../../common/ppl/types';
import { FIXED_UNIT_MS, UNIT_MONTHS, type SpanInterval } from '../../../../common/ppl/time_units';
import { javaDoubleToString } from '../../../../common/substrate/java_double';
import { shownTimestamp } from '../../document_scan';
import { formatTimestampValue } from '../plan_context';

export const isTimeType = (t: PplType) => t === 'timestamp' || t === 'date';

/** `yyyy-MM-dd` of a time in milliseconds (UTC). */
const dateText = (ms: number) => new Date(ms).toISOString().slice(0, 10);
/** `HH:mm:ss[.fraction]` of milliseconds since midnight. */
const timeText = (ms: number) => shownTimestamp(new Date(ms).toISOString().slice(11, 23));
const DAY_MS = 86_400_000;

const INTEGRAL = ['tinyint', 'smallint', 'int', 'bigint'];

/** Milliseconds since the epoch of a timestamp value (`yyyy-MM-dd HH:mm:ss[.fff]` or a number). */
export function timestampMs(v: PplValue): number | null {
  if (v === null) return null;
  if (typeof v === 'number') return v;
  const text = String(v);
  const ms = Date.parse(/[zZ]|[+-]\d\d:?\d\d$/.test(text) ? text : `${text.replace(' ', 'T')}Z`);
  return Number.isNaN(ms) ? null : ms;
}

/** The width in milliseconds of a fixed-unit interval; undefined for months, quarters, years. */
export function fixedWidthMs(interval: SpanInterval): number | undefined {
  const unit = FIXED_UNIT_MS[interval.unit!];
  return unit === undefined ? undefined : unit * interval.size;
}

/**
 * The start of the bucket `ms` falls in: fixed units counted from `anchorMs` (the epoch unless
 * aligned), months/quarters/years by the calendar.
 */
export function timeBucket(ms: number, interval: SpanInterval, anchorMs = 0): number {
  const width = fixedWidthMs(interval);
  if (width !== undefined) return anchorMs + Math.floor((ms - anchorMs) / width) * width;
  const d = new Date(ms);
  const months = d.getUTCFullYear() * 12 + d.getUTCMonth();
  const span = interval.size * UNIT_MONTHS[interval.unit!]!;
  const start = Math.floor(months / span) * span;
  return Date.UTC(Math.floor(start / 12), start % 12, 1);
}

/** The end (exclusive) of the time bucket starting at `startMs`. */
export function timeBucketEnd(startMs: number, interval: SpanInterval): number {
  const width = fixedWidthMs(interval);
  if (width !== undefined) return startMs + width;
  const d = new Date(startMs);
  const span = interval.size * UNIT_MONTHS[interval.unit!]!;
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + span, 1);
}

/** A bucketing function for a column of type `type`; an error message when the two do not fit. */
export function bucketer(
  interval: SpanInterval,
  type: PplType,
  anchorMs = 0
): { bucket: (v: PplValue) => PplValue; type: PplType } | string {
  if (isTimeType(type) || type === 'time') {
    if (interval.unit === undefined)
      return 'a time field needs a span with a unit (such as 1h or 1d)';
    if (!Number.isInteger(interval.size)) return 'a time span must be a whole number of units';
    // As the SQL plugin's span(): the bucket has the field's type (a date's is a date, a
    // time's a time of day).
    if (type === 'time') {
      const width = fixedWidthMs(interval);
      if (width === undefined || width > DAY_MS)
        return `a time of day takes a span of at most a day, not "${interval.text}"`;
      return {
        type: 'time',
        bucket: (v) => {
          const ms = v === null ? null : timestampMs(`1970-01-01 ${String(v)}`);
          return ms === null ? null : timeText(Math.floor(ms / width) * width);
        },
      };
    }
    const date = type === 'date';
    return {
      type,
      bucket: (v) => {
        const ms = timestampMs(v);
        if (ms === null) return null;
        const start = timeBucket(ms, interval, anchorMs);
        return date ? dateText(start) : formatTimestampValue(start);
      },
    };
  }
  if (isNumericType(type) || type === 'undefined') {
    if (interval.unit !== undefined)
      return `a numeric field takes a plain number as span, not "${interval.text}"`;
    const size = interval.size;
    const integral = Number.isInteger(size) && INTEGRAL.includes(type);
    return {
      type: integral ? type : 'double',
      bucket: (v) => {
        if (v === null) return null;
        const n = Number(v);
        if (Number.isNaN(n)) return null;
        return Math.floor(n / size) * size;
      },
    };
  }
  return `span works on numeric and time fields, not ${type}`;
}

/** `lo-hi` as `bin span=` labels a bucket: integers on integral fields, doubles otherwise. */
export const spanRangeText = (lo: number, hi: number, integral: boolean) =>
  integral ? `${lo}-${hi}` : `${javaDoubleToString(lo)}-${javaDoubleToString(hi)}`;

/**
 * `lo-hi` as `bin bins=`/`minspan=`/`start=`/`end=` label a bucket: whole numbers when the width
 * and the bounds are whole, else as many decimals as the width needs (1 from 1 up, 2 from 0.1,
 * 3 from 0.01, else 4).
 */
export function widthRangeText(lo: number, hi: number, width: number): string {
  const whole = (x: number) => Math.abs(x - Math.round(x)) < 1e-10;
  if (Number.isInteger(width) && whole(lo) && whole(hi))
    return `${Math.round(lo)}-${Math.round(hi)}`;
  const places = width >= 1 ? 1 : width >= 0.1 ? 2 : width >= 0.01 ? 3 : 4;
  return `${lo.toFixed(places)}-${hi.toFixed(places)}`;
}
