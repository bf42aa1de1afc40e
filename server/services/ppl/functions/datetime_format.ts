/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/**
 * Date and time text with MySQL-style specifiers (`date_format`, `time_format`, `str_to_date`,
 * `from_unixtime`, `get_format`), in UTC. POSIX-style `strftime` is strftime.ts.
 */
import {
  calcWeek,
  DAY_NAMES,
  daysFromCivil,
  daysInMonth,
  Instant,
  MONTH_NAMES,
  NANOS_PER_SECOND,
} from './datetime_values';
import { expandSpecifiers, FIELDS, FieldFormatter, formatting, pad } from './datetime_specifiers';

function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${['th', 'st', 'nd', 'rd'][n % 10] ?? 'th'}`;
}

/** MySQL's specifiers (DATE_FORMAT's table). */
const MYSQL_SPECIFIERS: Readonly<Record<string, FieldFormatter>> = {
  a: FIELDS.dayNameShort,
  b: FIELDS.monthNameShort,
  c: (f) => String(f.p.month),
  D: (f) => ordinal(f.p.day),
  d: FIELDS.day2,
  e: (f) => String(f.p.day),
  f: FIELDS.micros6,
  H: FIELDS.hour2,
  h: FIELDS.hour12,
  I: FIELDS.hour12,
  i: FIELDS.minute2,
  j: FIELDS.dayOfYear3,
  k: (f) => String(f.p.hour),
  l: (f) => String(f.h12),
  M: FIELDS.monthName,
  m: FIELDS.month2,
  p: FIELDS.amPm,
  r: (f) => `${pad(f.h12)}:${pad(f.p.minute)}:${pad(f.p.second)} ${FIELDS.amPm(f)}`,
  S: FIELDS.second2,
  s: FIELDS.second2,
  T: FIELDS.time24,
  U: FIELDS.weekFromSunday,
  u: (f) => pad(calcWeek(f.at.day, 1).week),
  V: (f) => pad(calcWeek(f.at.day, 6).week),
  v: (f) => pad(calcWeek(f.at.day, 3).week),
  W: FIELDS.dayName,
  w: FIELDS.weekday0,
  X: (f) => pad(calcWeek(f.at.day, 6).year, 4),
  x: (f) => pad(calcWeek(f.at.day, 3).year, 4),
  Y: FIELDS.year4,
  y: FIELDS.year2,
};

const TIME_SPECIFIERS = new Set(['f', 'H', 'h', 'I', 'i', 'k', 'l', 'p', 'r', 'S', 's', 'T', '%']);

/**
 * MySQL's DATE_FORMAT. With `timeOnly` (TIME_FORMAT), a date specifier makes the result null.
 * An unknown specifier gives its letter.
 */
export function mysqlFormat(
  at: Instant,
  format: string,
  timeOnly = false,
  step?: () => void
): string | null {
  const f = formatting(at);
  return expandSpecifiers(
    format,
    (rest) => {
      const s = rest.charAt(0);
      if (timeOnly && !TIME_SPECIFIERS.has(s) && /[a-zA-Z]/.test(s)) return null;
      const field = MYSQL_SPECIFIERS[s];
      return { text: field ? field(f) : s, length: 1 };
    },
    step
  );
}

/** GET_FORMAT's table (MySQL's). */
export const GET_FORMATS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  DATE: {
    USA: '%m.%d.%Y',
    JIS: '%Y-%m-%d',
    ISO: '%Y-%m-%d',
    EUR: '%d.%m.%Y',
    INTERNAL: '%Y%m%d',
  },
  TIMESTAMP: {
    USA: '%Y-%m-%d %H.%i.%s',
    JIS: '%Y-%m-%d %H:%i:%s',
    ISO: '%Y-%m-%d %H:%i:%s',
    EUR: '%Y-%m-%d %H.%i.%s',
    INTERNAL: '%Y%m%d%H%i%s',
  },
  TIME: {
    USA: '%h:%i:%s %p',
    JIS: '%H:%i:%s',
    ISO: '%H:%i:%s',
    EUR: '%H.%i.%s',
    INTERNAL: '%H%i%s',
  },
};

/**
 * MySQL's STR_TO_DATE: the instant `text` holds under `format`, or undefined when it does not
 * match, a date field is 0, or the date is impossible. Fields not in the format default to 0
 * (the date to `today` when the format has no date field at all).
 */
export function mysqlParse(
  text: string,
  format: string,
  today: number,
  step?: () => void
): Instant | undefined {
  let year: number | undefined;
  let month: number | undefined;
  let day: number | undefined;
  let yday: number | undefined;
  let hour = 0;
  let minute = 0;
  let second = 0;
  let nanos = 0;
  let pm: boolean | undefined;
  let pos = 0;
  const digits = (max: number): number | undefined => {
    const m = new RegExp(`^\\d{1,${max}}`).exec(text.slice(pos));
    if (!m) return undefined;
    pos += m[0].length;
    return Number(m[0]);
  };
  const name = (names: readonly string[], abbreviated: boolean): number | undefined => {
    const rest = text.slice(pos).toLowerCase();
    const i = names.findIndex((n) =>
      rest.startsWith((abbreviated ? n.slice(0, 3) : n).toLowerCase())
    );
    if (i < 0) return undefined;
    pos += abbreviated ? 3 : names[i].length;
    return i;
  };
  for (let i = 0; i < format.length; i++) {
    step?.();
    const c = format.charAt(i);
    if (c !== '%' || i + 1 >= format.length) {
      if (/\s/.test(c)) {
        while (pos < text.length && /\s/.test(text.charAt(pos))) pos++;
        continue;
      }
      if (text.charAt(pos) !== c) return undefined;
      pos++;
      continue;
    }
    const s = format.charAt(++i);
    let v: number | undefined;
    switch (s) {
      case 'Y':
        v = year = digits(4);
        break;
      case 'y':
        v = digits(2);
        if (v !== undefined) year = v < 70 ? 2000 + v : 1900 + v;
        break;
      case 'm':
      case 'c':
        v = month = digits(2);
        break;
      case 'M':
        v = name(MONTH_NAMES, false);
        if (v !== undefined) month = v + 1;
        break;
      case 'b':
        v = name(MONTH_NAMES, true);
        if (v !== undefined) month = v + 1;
        break;
      case 'd':
      case 'e':
        v = day = digits(2);
        break;
      case 'D':
        v = day = digits(2);
        if (v !== undefined) pos += /^(st|nd|rd|th)/i.test(text.slice(pos)) ? 2 : 0;
        break;
      case 'j':
        v = yday = digits(3);
        break;
      case 'H':
      case 'k':
      case 'h':
      case 'I':
      case 'l':
        v = hour = digits(2) ?? -1;
        break;
      case 'i':
        v = minute = digits(2) ?? -1;
        break;
      case 'S':
      case 's':
        v = second = digits(2) ?? -1;
        break;
      case 'f': {
        const m = /^\d{1,6}/.exec(text.slice(pos));
        v = m ? Number(m[0].padEnd(6, '0')) : undefined;
        if (m) {
          pos += m[0].length;
          nanos = (v as number) * 1000;
        }
        break;
      }
      case 'p': {
        const ap = text.slice(pos, pos + 2).toUpperCase();
        if (ap !== 'AM' && ap !== 'PM') return undefined;
        pm = ap === 'PM';
        pos += 2;
        v = 0;
        break;
      }
      case 'W':
        v = name(DAY_NAMES, false);
        break;
      case 'a':
        v = name(DAY_NAMES, true);
        break;
      case 'T': {
        const m = /^(\d{1,2}):(\d{1,2}):(\d{1,2})/.exec(text.slice(pos));
        if (!m) return undefined;
        [hour, minute, second] = [m[1], m[2], m[3]].map(Number);
        pos += m[0].length;
        v = 0;
        break;
      }
      case '%':
        v = text.charAt(pos) === '%' ? 0 : undefined;
        pos++;
        break;
      default:
        v = text.charAt(pos) === s ? 0 : undefined;
        pos++;
    }
    if (v === undefined || v < 0) return undefined;
  }
  if (pm !== undefined) {
    if (hour < 1 || hour > 12) return undefined;
    hour = (hour % 12) + (pm ? 12 : 0);
  }
  if (hour > 23 || minute > 59 || second > 59) return undefined;
  let dayNumber: number;
  if (year === undefined && month === undefined && day === undefined && yday === undefined) {
    dayNumber = today;
  } else if (yday !== undefined && year !== undefined && month === undefined && day === undefined) {
    if (yday < 1) return undefined;
    dayNumber = daysFromCivil(year, 1, 1) + yday - 1;
  } else {
    if (!year || !month || !day) return undefined;
    if (month > 12 || day > daysInMonth(year, month)) return undefined;
    dayNumber = daysFromCivil(year, month, day);
  }
  return {
    day: dayNumber,
    nanos: ((hour * 60 + minute) * 60 + second) * NANOS_PER_SECOND + nanos,
  };
}
