/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/**
 * Date and time functions (datetime.md), in UTC whatever the host's zone. Arguments may be
 * `date`, `time` or `timestamp` values or strings holding one; a time is taken on today's date
 * and a date at midnight where a timestamp is needed. A string that holds no date fails the
 * query at the call (a 400), except where the docs give null (`convert_tz`, `datetime`,
 * `str_to_date`, out-of-range Unix times).
 */
import { DATETIME_FUNCTIONS } from '../../../../common/ppl/functions';
import { isNumericType, PplType, PplValue } from '../../../../common/ppl/types';
import {
  addNanos,
  addUnits,
  civilFromDays,
  DAY_NAMES,
  dayOfWeek,
  dayOfYear,
  daysFromCivil,
  daysInMonth,
  epochSeconds,
  formatDate,
  formatTime,
  formatTimestamp,
  Instant,
  instantFromMillis,
  MONTH_NAMES,
  NANOS_PER_DAY,
  NANOS_PER_SECOND,
  parseTimestampText,
  toInstant,
  unitsBetween,
  week,
  yearWeek,
} from './datetime_values';
import { GET_FORMATS, mysqlFormat, mysqlParse } from './datetime_format';
import { formattedBytes } from './datetime_specifiers';
import { strftime } from './strftime';
import {
  dayOf,
  EXTRACT_FORMATS,
  fromUnix,
  instant,
  instantOfDateOrNumber,
  intervalOf,
  offsetOf,
  period,
  requireDatetime,
  timeOf,
  unitArg,
} from './datetime_args';
import {
  CallContext,
  doubleArg,
  evaluationError,
  FamilyImplementations,
  intArg,
  requireNumeric,
  returns,
  ScalarFunction,
  textArg,
  typeError,
} from './registry';
import { isNumber, Typed } from './values';

/** A function of one datetime argument. */
function of(
  type: PplType,
  f: (at: Instant, x: Typed, ctx: CallContext) => PplValue
): ScalarFunction {
  return {
    type(args, site) {
      requireDatetime(args, site, 0);
      return type;
    },
    apply: ([x], ctx) => f(instant(x, ctx), x, ctx),
  };
}

const now = (ctx: CallContext): Instant => {
  const at = instantFromMillis(ctx.now.getTime());
  return { day: at.day, nanos: Math.floor(at.nanos / NANOS_PER_SECOND) * NANOS_PER_SECOND };
};

function shift(sign: 1 | -1, kind: 'adddate' | 'date_add'): ScalarFunction {
  return {
    type(args, site) {
      requireDatetime(args, site, 0);
      if (args[1] !== 'interval' && args[1] !== 'undefined' && !isNumericType(args[1])) {
        typeError(site, 1, 'an INTERVAL or a number of days', args[1]);
      }
      return kind === 'adddate' && args[1] !== 'interval' && args[0] === 'date'
        ? 'date'
        : 'timestamp';
    },
    apply([x, by], ctx) {
      const { unit, amount } = intervalOf(by, ctx);
      const at = addUnits(instant(x, ctx), unit, sign * amount);
      return kind === 'adddate' && by.t !== 'interval' && x.t === 'date'
        ? formatDate(at.day)
        : formatTimestamp(at);
    },
  };
}

function timeShift(sign: 1 | -1): ScalarFunction {
  return {
    type(args, site) {
      requireDatetime(args, site, 0, 1);
      return args[0] === 'time' ? 'time' : 'timestamp';
    },
    apply([a, b], ctx) {
      const at = addNanos(instant(a, ctx), sign * timeOf(b, ctx));
      return a.t === 'time' ? formatTime(at.nanos) : formatTimestamp(at);
    },
  };
}

/** A format is the user's text: its walk may stop at the query's deadline. */
const step = (ctx: CallContext) => () => ctx.checkpoint();

const civil = (at: Instant) => civilFromDays(at.day);
const seconds = (at: Instant) => Math.floor(at.nanos / NANOS_PER_SECOND);

export const datetimeFunctions: FamilyImplementations<typeof DATETIME_FUNCTIONS.functions> = {
  adddate: shift(1, 'adddate'),
  subdate: shift(-1, 'adddate'),
  date_add: shift(1, 'date_add'),
  date_sub: shift(-1, 'date_add'),
  addtime: timeShift(1),
  subtime: timeShift(-1),
  convert_tz: {
    type(args, site) {
      requireDatetime(args, site, 0);
      return 'timestamp';
    },
    apply([x, from, to]) {
      const at = typeof x.v === 'string' ? parseTimestampText(x.v) : undefined;
      const a = offsetOf(textArg(from));
      const b = offsetOf(textArg(to));
      if (at === undefined || a === undefined || b === undefined) return null;
      return formatTimestamp(addNanos(at, (b - a) * 60 * NANOS_PER_SECOND));
    },
  },
  curdate: { type: returns('date'), apply: (_, ctx) => formatDate(now(ctx).day) },
  curtime: { type: returns('time'), apply: (_, ctx) => formatTime(now(ctx).nanos) },
  now: { type: returns('timestamp'), apply: (_, ctx) => formatTimestamp(now(ctx)) },
  sysdate: {
    type(args, site) {
      requireNumeric(args, site, 0);
      return 'timestamp';
    },
    apply([precision], ctx) {
      const digits = precision === undefined ? 0 : intArg(precision, ctx);
      if (digits < 0 || digits > 6) return evaluationError(ctx, 'the precision must be 0 to 6');
      const at = instantFromMillis(ctx.clock().getTime());
      const text = formatTimestamp({
        day: at.day,
        nanos: at.nanos - (at.nanos % NANOS_PER_SECOND),
      });
      if (digits === 0) return text;
      // SYSDATE(p) shows exactly p digits (trailing zeros kept).
      const fraction = String(at.nanos % NANOS_PER_SECOND)
        .padStart(9, '0')
        .slice(0, digits);
      return `${text}.${fraction}`;
    },
  },
  date: of('date', (at) => formatDate(at.day)),
  time: of('time', (at) => formatTime(at.nanos)),
  timestamp: {
    type(args, site) {
      requireDatetime(args, site, 0, 1);
      return 'timestamp';
    },
    apply([x, plus], ctx) {
      const at = instant(x, ctx);
      return formatTimestamp(plus === undefined ? at : addNanos(at, timeOf(plus, ctx)));
    },
  },
  datetime: {
    type(args, site) {
      requireDatetime(args, site, 0);
      return 'timestamp';
    },
    apply([x, zone], ctx) {
      const at = typeof x.v === 'string' ? toInstant(x.v, x.t, ctx.today) : undefined;
      if (at === undefined) return null;
      if (zone === undefined) return formatTimestamp(at);
      const offset = offsetOf(textArg(zone));
      return offset === undefined
        ? null
        : formatTimestamp(addNanos(at, offset * 60 * NANOS_PER_SECOND));
    },
  },
  date_format: {
    type(args, site) {
      requireDatetime(args, site, 0);
      return 'string';
    },
    outputBytes: ([, f]) => formattedBytes(textArg(f)),
    apply: ([x, f], ctx) => mysqlFormat(instant(x, ctx), textArg(f), false, step(ctx)),
  },
  time_format: {
    type(args, site) {
      requireDatetime(args, site, 0);
      return 'string';
    },
    outputBytes: ([, f]) => formattedBytes(textArg(f)),
    apply: ([x, f], ctx) => mysqlFormat(instant(x, ctx), textArg(f), true, step(ctx)),
  },
  datediff: {
    type(args, site) {
      requireDatetime(args, site, 0, 1);
      return 'bigint';
    },
    apply: ([a, b], ctx) => dayOf(a, ctx) - dayOf(b, ctx),
  },
  dayofmonth: of('int', (at) => civil(at).day),
  dayname: of('string', (at) => DAY_NAMES[dayOfWeek(at.day) - 1]),
  dayofweek: of('int', (at) => dayOfWeek(at.day)),
  dayofyear: of('int', (at) => dayOfYear(at.day)),
  weekday: of('int', (at) => (dayOfWeek(at.day) + 5) % 7),
  month: of('int', (at) => civil(at).month),
  monthname: of('string', (at) => MONTH_NAMES[civil(at).month - 1]),
  quarter: of('int', (at) => Math.floor((civil(at).month - 1) / 3) + 1),
  year: of('int', (at) => civil(at).year),
  hour: of('int', (at) => Math.floor(seconds(at) / 3600)),
  minute: of('int', (at) => Math.floor(seconds(at) / 60) % 60),
  minute_of_day: of('int', (at) => Math.floor(seconds(at) / 60)),
  second: of('int', (at) => seconds(at) % 60),
  microsecond: of('int', (at) => Math.floor((at.nanos % NANOS_PER_SECOND) / 1000)),
  time_to_sec: of('bigint', (at) => seconds(at)),
  last_day: of('date', (at) => {
    const c = civil(at);
    return formatDate(daysFromCivil(c.year, c.month, daysInMonth(c.year, c.month)));
  }),
  to_days: {
    type(args, site) {
      if (!isNumericType(args[0])) requireDatetime(args, site, 0);
      return 'bigint';
    },
    apply([x], ctx) {
      const at = instantOfDateOrNumber(x, ctx);
      return at === undefined ? null : at.day + 719528;
    },
  },
  to_seconds: {
    type(args, site) {
      if (!isNumericType(args[0])) requireDatetime(args, site, 0);
      return 'bigint';
    },
    apply([x], ctx) {
      const at = instantOfDateOrNumber(x, ctx);
      return at === undefined ? null : (at.day + 719528) * 86400 + seconds(at);
    },
  },
  from_days: {
    type(args, site) {
      requireNumeric(args, site, 0);
      return 'date';
    },
    apply: ([n], ctx) => formatDate(intArg(n, ctx) - 719528),
  },
  unix_timestamp: {
    type(args, site) {
      if (args.length > 0 && !isNumericType(args[0])) requireDatetime(args, site, 0);
      return 'double';
    },
    apply([x], ctx) {
      const at = x === undefined ? now(ctx) : instantOfDateOrNumber(x, ctx);
      if (at === undefined) return null;
      const s = epochSeconds(at);
      return s >= 0 && s < 32536771200 ? s : null;
    },
  },
  from_unixtime: {
    type(args, site) {
      requireNumeric(args, site, 0);
      return args.length > 1 ? 'string' : 'timestamp';
    },
    apply([x, format], ctx) {
      const at = fromUnix(doubleArg(x, ctx));
      if (at === undefined) return null;
      return format === undefined
        ? formatTimestamp(at)
        : mysqlFormat(at, textArg(format), false, step(ctx));
    },
  },
  strftime: {
    type(args, site) {
      if (args[0] === 'string')
        typeError(
          site,
          0,
          'a number or a date/time value (use unix_timestamp() for text)',
          'string'
        );
      if (!isNumericType(args[0])) requireDatetime(args, site, 0);
      return 'string';
    },
    outputBytes: ([, format]) => formattedBytes(textArg(format)),
    apply([x, format], ctx) {
      let at: Instant | undefined;
      if (isNumber(x.v)) {
        let s = Number(x.v);
        if (Math.abs(s) > 100000000000) s /= 1000;
        const day = Math.floor(s / 86400);
        at = { day, nanos: Math.round((s - day * 86400) * 1e6) * 1000 };
      } else {
        at = instant(x, ctx);
      }
      return strftime(at, textArg(format), step(ctx));
    },
  },
  str_to_date: {
    type: returns('timestamp'),
    apply: ([s, f], ctx) => {
      const at = mysqlParse(textArg(s), textArg(f), ctx.today, step(ctx));
      return at === undefined ? null : formatTimestamp(at);
    },
  },
  get_format: {
    type: returns('string'),
    apply([kind, standard], ctx) {
      const k = textArg(kind).toUpperCase();
      const table = GET_FORMATS[k === 'DATETIME' ? 'TIMESTAMP' : k];
      if (table === undefined)
        return evaluationError(ctx, 'the first argument must be DATE, TIME or TIMESTAMP');
      return table[textArg(standard).toUpperCase()] ?? null;
    },
  },
  makedate: {
    type(args, site) {
      requireNumeric(args, site, 0, 1);
      return 'date';
    },
    apply([y, d], ctx) {
      let year = Math.round(doubleArg(y, ctx));
      const doy = Math.round(doubleArg(d, ctx));
      if (year < 0 || doy <= 0) return null;
      if (year === 0) year = 2000;
      return formatDate(daysFromCivil(year, 1, 1) + doy - 1);
    },
  },
  maketime: {
    type(args, site) {
      requireNumeric(args, site, 0, 1, 2);
      return 'time';
    },
    apply([h, m, s], ctx) {
      const hour = Math.round(doubleArg(h, ctx));
      const minute = Math.round(doubleArg(m, ctx));
      const second = doubleArg(s, ctx);
      if (hour < 0 || hour > 23 || minute < 0 || minute > 59 || second < 0 || second >= 60)
        return null;
      const nanos = Math.round(second * 1e9);
      return formatTime((hour * 3600 + minute * 60) * NANOS_PER_SECOND + nanos);
    },
  },
  period_add: {
    type(args, site) {
      requireNumeric(args, site, 0, 1);
      return 'int';
    },
    apply([p, n], ctx) {
      const months = period(intArg(p, ctx)) + intArg(n, ctx);
      return Math.floor(months / 12) * 100 + (months % 12) + 1;
    },
  },
  period_diff: {
    type(args, site) {
      requireNumeric(args, site, 0, 1);
      return 'int';
    },
    apply: ([a, b], ctx) => period(intArg(a, ctx)) - period(intArg(b, ctx)),
  },
  sec_to_time: {
    type(args, site) {
      requireNumeric(args, site, 0);
      return 'time';
    },
    apply([n], ctx) {
      const seconds = doubleArg(n, ctx);
      if (!Number.isFinite(seconds)) return null;
      const total = Math.round((seconds % 86400) * 1e9);
      return formatTime(((total % NANOS_PER_DAY) + NANOS_PER_DAY) % NANOS_PER_DAY);
    },
  },
  timediff: {
    type(args, site) {
      requireDatetime(args, site, 0, 1);
      return 'time';
    },
    apply([a, b], ctx) {
      const diff = timeOf(a, ctx) - timeOf(b, ctx);
      return formatTime(((diff % NANOS_PER_DAY) + NANOS_PER_DAY) % NANOS_PER_DAY);
    },
  },
  timestampadd: {
    type(args, site) {
      requireNumeric(args, site, 1);
      requireDatetime(args, site, 2);
      return 'timestamp';
    },
    apply: ([unit, n, x], ctx) =>
      formatTimestamp(addUnits(instant(x, ctx), unitArg(unit, ctx), intArg(n, ctx))),
  },
  timestampdiff: {
    type(args, site) {
      requireDatetime(args, site, 1, 2);
      return 'bigint';
    },
    apply: ([unit, a, b], ctx) =>
      unitsBetween(instant(a, ctx), instant(b, ctx), unitArg(unit, ctx)),
  },
  week: {
    type(args, site) {
      requireDatetime(args, site, 0);
      requireNumeric(args, site, 1);
      return 'int';
    },
    apply: ([x, mode], ctx) => week(dayOf(x, ctx), mode === undefined ? 0 : intArg(mode, ctx)),
  },
  yearweek: {
    type(args, site) {
      requireDatetime(args, site, 0);
      requireNumeric(args, site, 1);
      return 'int';
    },
    apply: ([x, mode], ctx) => yearWeek(dayOf(x, ctx), mode === undefined ? 0 : intArg(mode, ctx)),
  },
  extract: {
    type(args, site) {
      requireDatetime(args, site, 1);
      return 'bigint';
    },
    apply([part, x], ctx) {
      const p = textArg(part).toUpperCase();
      const at = instant(x, ctx);
      if (p === 'WEEK') return week(at.day, 0);
      if (p === 'QUARTER') return Math.floor((civil(at).month - 1) / 3) + 1;
      const format = EXTRACT_FORMATS[p];
      if (format === undefined) return evaluationError(ctx, `unknown part "${p}"`);
      return Number(mysqlFormat(at, format));
    },
  },
};
