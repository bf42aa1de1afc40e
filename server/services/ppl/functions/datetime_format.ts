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
  civilFromDays,
  DAY_NAMES,
  dayOfWeek,
  dayOfYear,
  daysFromCivil,
  daysInMonth,
  Instant,
  MONTH_NAMES,
  NANOS_PER_SECOND,
} from './datetime_values';

export const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${['th', 'st', 'nd', 'rd'][n % 10] ?? 'th'}`;
}

export interface Parts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  nanos: number;
}

export function partsOf(at: Instant): Parts {
  const c = civilFromDays(at.day);
  const s = Math.floor(at.nanos / NANOS_PER_SECOND);
  return {
    year: c.year,
    month: c.month,
    day: c.day,
    hour: Math.floor(s / 3600),
    minute: Math.floor(s / 60) % 60,
    second: s % 60,
    nanos: at.nanos % NANOS_PER_SECOND,
  };
}

const TIME_SPECIFIERS = new Set(['f', 'H', 'h', 'I', 'i', 'k', 'l', 'p', 'r', 'S', 's', 'T', '%']);

/**
 * MySQL's DATE_FORMAT. With `timeOnly` (TIME_FORMAT), a date specifier makes the result null.
 */
export function mysqlFormat(at: Instant, format: string, timeOnly = false): string | null {
  const p = partsOf(at);
  const h12 = p.hour % 12 === 0 ? 12 : p.hour % 12;
  let out = '';
  for (let i = 0; i < format.length; i++) {
    const c = format.charAt(i);
    if (c !== '%' || i + 1 >= format.length) {
      out += c;
      continue;
    }
    const s = format.charAt(++i);
    if (timeOnly && !TIME_SPECIFIERS.has(s) && /[a-zA-Z]/.test(s)) {
      return null;
    }
    switch (s) {
      case 'a':
        out += DAY_NAMES[dayOfWeek(at.day) - 1].slice(0, 3);
        break;
      case 'b':
        out += MONTH_NAMES[p.month - 1].slice(0, 3);
        break;
      case 'c':
        out += String(p.month);
        break;
      case 'D':
        out += ordinal(p.day);
        break;
      case 'd':
        out += pad(p.day);
        break;
      case 'e':
        out += String(p.day);
        break;
      case 'f':
        out += pad(Math.floor(p.nanos / 1000), 6);
        break;
      case 'H':
        out += pad(p.hour);
        break;
      case 'h':
      case 'I':
        out += pad(h12);
        break;
      case 'i':
        out += pad(p.minute);
        break;
      case 'j':
        out += pad(dayOfYear(at.day), 3);
        break;
      case 'k':
        out += String(p.hour);
        break;
      case 'l':
        out += String(h12);
        break;
      case 'M':
        out += MONTH_NAMES[p.month - 1];
        break;
      case 'm':
        out += pad(p.month);
        break;
      case 'p':
        out += p.hour < 12 ? 'AM' : 'PM';
        break;
      case 'r':
        out += `${pad(h12)}:${pad(p.minute)}:${pad(p.second)} ${p.hour < 12 ? 'AM' : 'PM'}`;
        break;
      case 'S':
      case 's':
        out += pad(p.second);
        break;
      case 'T':
        out += `${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}`;
        break;
      case 'U':
        out += pad(calcWeek(at.day, 4).week);
        break;
      case 'u':
        out += pad(calcWeek(at.day, 1).week);
        break;
      case 'V':
        out += pad(calcWeek(at.day, 6).week);
        break;
      case 'v':
        out += pad(calcWeek(at.day, 3).week);
        break;
      case 'W':
        out += DAY_NAMES[dayOfWeek(at.day) - 1];
        break;
      case 'w':
        out += String(dayOfWeek(at.day) - 1);
        break;
      case 'X':
        out += pad(calcWeek(at.day, 6).year, 4);
        break;
      case 'x':
        out += pad(calcWeek(at.day, 3).year, 4);
        break;
      case 'Y':
        out += pad(p.year, 4);
        break;
      case 'y':
        out += pad(p.year % 100);
        break;
      default:
        out += s;
    }
  }
  return out;
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
export function mysqlParse(text: string, format: string, today: number): Instant | undefined {
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
