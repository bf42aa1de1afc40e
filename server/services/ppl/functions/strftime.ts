/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/** POSIX-style STRFTIME (datetime.md's table), in UTC with English abbreviations. */
import { calcWeek, epochSeconds, Instant } from './datetime_values';
import {
  expandSpecifiers,
  Expansion,
  FIELDS,
  FieldFormatter,
  Formatting,
  formatting,
  pad,
} from './datetime_specifiers';

const spacePad = (n: number): string => String(n).padStart(2, ' ');
const isoWeek = (f: Formatting) => calcWeek(f.at.day, 3 | 2);

/** The POSIX specifiers of one letter. */
const POSIX_SPECIFIERS: Readonly<Record<string, FieldFormatter>> = {
  a: FIELDS.dayNameShort,
  A: FIELDS.dayNameShort,
  b: FIELDS.monthNameShort,
  B: FIELDS.monthNameShort,
  c: (f) =>
    `${FIELDS.dayNameShort(f)} ${FIELDS.monthNameShort(f)} ${pad(f.p.day)} ${FIELDS.time24(f)} ${f.p.year}`,
  C: (f) => pad(Math.floor(f.p.year / 100)),
  d: FIELDS.day2,
  e: (f) => spacePad(f.p.day),
  f: FIELDS.micros6,
  F: (f) => `${pad(f.p.year, 4)}-${pad(f.p.month)}-${pad(f.p.day)}`,
  g: (f) => pad(isoWeek(f).year % 100),
  G: (f) => pad(isoWeek(f).year, 4),
  H: FIELDS.hour2,
  I: FIELDS.hour12,
  j: FIELDS.dayOfYear3,
  k: (f) => spacePad(f.p.hour),
  m: FIELDS.month2,
  M: FIELDS.minute2,
  N: (f) => pad(f.p.nanos, 9),
  Q: (f) => pad(Math.floor(f.p.nanos / 1e6), 3),
  p: FIELDS.amPm,
  s: (f) => String(Math.floor(epochSeconds(f.at))),
  S: FIELDS.second2,
  T: FIELDS.time24,
  X: FIELDS.time24,
  U: FIELDS.weekFromSunday,
  V: (f) => pad(isoWeek(f).week),
  w: FIELDS.weekday0,
  x: (f) => `${pad(f.p.month)}/${pad(f.p.day)}/${pad(f.p.year, 4)}`,
  y: FIELDS.year2,
  Y: (f) => String(f.p.year),
  z: () => '+0000',
  Z: () => 'UTC',
  '%': () => '%',
};

/** Specifiers longer than one letter: `%3N` (sub-second digits), `%:z` offsets, `%Ez`. */
function longSpecifier(rest: string, f: Formatting): Expansion {
  const precision = /^(\d)([NQ])/.exec(rest);
  if (precision) {
    const digits = Number(precision[1]);
    const n = precision[2] === 'Q' && ![3, 6, 9].includes(digits) ? 3 : digits;
    return { text: pad(f.p.nanos, 9).slice(0, Math.max(1, Math.min(9, n))), length: 2 };
  }
  const colons = /^(:{1,3})z/.exec(rest);
  if (colons) {
    const offsets = ['+00:00', '+00:00:00', '+00'];
    return { text: offsets[colons[1].length - 1], length: colons[0].length };
  }
  return rest.startsWith('Ez') ? { text: '+0', length: 2 } : null;
}

export function strftime(at: Instant, format: string, step?: () => void): string {
  const f = formatting(at);
  return (
    expandSpecifiers(
      format,
      (rest) => {
        const long = longSpecifier(rest, f);
        if (long) return long;
        const s = rest.charAt(0);
        const field = POSIX_SPECIFIERS[s];
        return { text: field ? field(f) : `%${s}`, length: 1 };
      },
      step
    ) ?? ''
  );
}
