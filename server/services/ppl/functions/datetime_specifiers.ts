/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/**
 * What the two format dialects (MySQL-style in datetime_format.ts, POSIX strftime in
 * strftime.ts) share: an instant's parts, the formatters of its fields, and the walk over a
 * format that replaces each `%` specifier. Each dialect is then a table from its letters to
 * these fields, so a field is formatted one way whichever letter a dialect gives it.
 */
import { stringBytes } from '../memory';
import {
  calcWeek,
  civilFromDays,
  DAY_NAMES,
  dayOfWeek,
  dayOfYear,
  Instant,
  MONTH_NAMES,
  NANOS_PER_SECOND,
} from './datetime_values';

export const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

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

/** An instant being formatted: its parts, worked out once per format. */
export interface Formatting {
  at: Instant;
  p: Parts;
  /** The hour on a 12-hour clock (12 for 0 and 12). */
  h12: number;
}

export type FieldFormatter = (f: Formatting) => string;

const fields = <T extends Record<string, FieldFormatter>>(table: T): T => table;

/** Formatters of the fields both dialects name (under different letters). */
export const FIELDS = fields({
  dayName: (f) => DAY_NAMES[dayOfWeek(f.at.day) - 1],
  dayNameShort: (f) => DAY_NAMES[dayOfWeek(f.at.day) - 1].slice(0, 3),
  monthName: (f) => MONTH_NAMES[f.p.month - 1],
  monthNameShort: (f) => MONTH_NAMES[f.p.month - 1].slice(0, 3),
  year4: (f) => pad(f.p.year, 4),
  year2: (f) => pad(f.p.year % 100),
  month2: (f) => pad(f.p.month),
  day2: (f) => pad(f.p.day),
  dayOfYear3: (f) => pad(dayOfYear(f.at.day), 3),
  hour2: (f) => pad(f.p.hour),
  hour12: (f) => pad(f.h12),
  minute2: (f) => pad(f.p.minute),
  second2: (f) => pad(f.p.second),
  micros6: (f) => pad(Math.floor(f.p.nanos / 1000), 6),
  amPm: (f) => (f.p.hour < 12 ? 'AM' : 'PM'),
  time24: (f) => `${pad(f.p.hour)}:${pad(f.p.minute)}:${pad(f.p.second)}`,
  /** Week of the year, weeks starting on Sunday, 00–53. */
  weekFromSunday: (f) => pad(calcWeek(f.at.day, 4).week),
  /** Day of the week, 0 = Sunday. */
  weekday0: (f) => String(dayOfWeek(f.at.day) - 1),
});

/** How a dialect expands the text after one `%`: its output and how many characters it used. */
export type Expansion = { text: string; length: number } | null;

/**
 * The format with each `%…` replaced by `expand` of what follows the `%` (a `%` at the very end
 * stays as it is); null when any expansion is null (a specifier the caller refuses). `step` is
 * called for each specifier: a format is the user's text, as long as they like, so the caller
 * may stop at its deadline part way.
 */
export function expandSpecifiers(
  format: string,
  expand: (rest: string) => Expansion,
  step?: () => void
): string | null {
  // Pieces joined once: `+=` would keep a rope of every piece until the string is read, many
  // times the text's own size (a format of thousands of specifiers over a batch of rows).
  const parts: string[] = [];
  let literal = 0;
  for (let i = 0; i < format.length; i++) {
    if (format.charAt(i) !== '%' || i + 1 >= format.length) continue;
    if (i > literal) parts.push(format.slice(literal, i));
    step?.();
    const expanded = expand(format.slice(i + 1));
    if (expanded === null) return null;
    parts.push(expanded.text);
    i += expanded.length;
    literal = i + 1;
  }
  if (literal < format.length) parts.push(format.slice(literal));
  return parts.join('');
}

/**
 * The most bytes a format's text may take: no specifier gives more than six characters for each
 * of its own (`%r` is 11 for 2, `%W` 9 for 2), so a result is sized before it is built.
 */
export function formattedBytes(format: string): number {
  return stringBytes(format.length * 6);
}

export function formatting(at: Instant): Formatting {
  const p = partsOf(at);
  return { at, p, h12: p.hour % 12 === 0 ? 12 : p.hour % 12 };
}
