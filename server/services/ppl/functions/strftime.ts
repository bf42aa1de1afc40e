/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/** POSIX-style STRFTIME (datetime.md's table), in UTC with English abbreviations. */
import {
  calcWeek,
  DAY_NAMES,
  dayOfWeek,
  dayOfYear,
  epochSeconds,
  Instant,
  MONTH_NAMES,
} from './datetime_values';
import { pad, partsOf } from './datetime_format';

const spacePad = (n: number): string => String(n).padStart(2, ' ');

export function strftime(at: Instant, format: string): string {
  const p = partsOf(at);
  const h12 = p.hour % 12 === 0 ? 12 : p.hour % 12;
  const dayName = DAY_NAMES[dayOfWeek(at.day) - 1].slice(0, 3);
  const monthName = MONTH_NAMES[p.month - 1].slice(0, 3);
  const iso = calcWeek(at.day, 3 | 2);
  let out = '';
  for (let i = 0; i < format.length; i++) {
    const c = format.charAt(i);
    if (c !== '%' || i + 1 >= format.length) {
      out += c;
      continue;
    }
    const rest = format.slice(i + 1);
    const precision = /^(\d)([NQ])/.exec(rest);
    if (precision) {
      const digits = Number(precision[1]);
      const n = precision[2] === 'Q' && ![3, 6, 9].includes(digits) ? 3 : digits;
      out += pad(p.nanos, 9).slice(0, Math.max(1, Math.min(9, n)));
      i += 2;
      continue;
    }
    const colons = /^(:{1,3})z/.exec(rest);
    if (colons) {
      out += colons[1].length === 1 ? '+00:00' : colons[1].length === 2 ? '+00:00:00' : '+00';
      i += colons[0].length;
      continue;
    }
    if (rest.startsWith('Ez')) {
      out += '+0';
      i += 2;
      continue;
    }
    const s = format.charAt(++i);
    switch (s) {
      case 'a':
      case 'A':
        out += dayName;
        break;
      case 'b':
      case 'B':
        out += monthName;
        break;
      case 'c':
        out += `${dayName} ${monthName} ${pad(p.day)} ${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)} ${p.year}`;
        break;
      case 'C':
        out += pad(Math.floor(p.year / 100));
        break;
      case 'd':
        out += pad(p.day);
        break;
      case 'e':
        out += spacePad(p.day);
        break;
      case 'f':
        out += pad(Math.floor(p.nanos / 1000), 6);
        break;
      case 'F':
        out += `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}`;
        break;
      case 'g':
        out += pad(iso.year % 100);
        break;
      case 'G':
        out += pad(iso.year, 4);
        break;
      case 'H':
        out += pad(p.hour);
        break;
      case 'I':
        out += pad(h12);
        break;
      case 'j':
        out += pad(dayOfYear(at.day), 3);
        break;
      case 'k':
        out += spacePad(p.hour);
        break;
      case 'm':
        out += pad(p.month);
        break;
      case 'M':
        out += pad(p.minute);
        break;
      case 'N':
        out += pad(p.nanos, 9);
        break;
      case 'Q':
        out += pad(Math.floor(p.nanos / 1e6), 3);
        break;
      case 'p':
        out += p.hour < 12 ? 'AM' : 'PM';
        break;
      case 's':
        out += String(Math.floor(epochSeconds(at)));
        break;
      case 'S':
        out += pad(p.second);
        break;
      case 'T':
      case 'X':
        out += `${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}`;
        break;
      case 'U':
        out += pad(calcWeek(at.day, 4).week);
        break;
      case 'V':
        out += pad(iso.week);
        break;
      case 'w':
        out += String(dayOfWeek(at.day) - 1);
        break;
      case 'x':
        out += `${pad(p.month)}/${pad(p.day)}/${pad(p.year, 4)}`;
        break;
      case 'y':
        out += pad(p.year % 100);
        break;
      case 'Y':
        out += String(p.year);
        break;
      case 'z':
        out += '+0000';
        break;
      case 'Z':
        out += 'UTC';
        break;
      case '%':
        out += '%';
        break;
      default:
        out += `%${s}`;
    }
  }
  return out;
}
