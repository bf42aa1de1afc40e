/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/**
 * The time unit words of PPL, in one table: spans (`span(@timestamp, 1h)`, `bin … span=30seconds`,
 * `timechart span=`) and relative times (`earliest=-2d@d`). `m` is minutes and `M` months (case
 * sensitive, as PPL has them); every other word is read case-insensitively.
 */

/** Calendar units of a span; `us`, `cs`, `ds` are micro-, centi- and deciseconds (bin.md). */
export type SpanUnit = 'us' | 'ms' | 'cs' | 'ds' | 's' | 'm' | 'h' | 'd' | 'w' | 'M' | 'q' | 'y';

const UNIT_WORDS: Readonly<Record<string, SpanUnit>> = {
  us: 'us',
  microsecond: 'us',
  microseconds: 'us',
  ms: 'ms',
  millisecond: 'ms',
  milliseconds: 'ms',
  cs: 'cs',
  centisecond: 'cs',
  centiseconds: 'cs',
  ds: 'ds',
  decisecond: 'ds',
  deciseconds: 'ds',
  s: 's',
  sec: 's',
  secs: 's',
  second: 's',
  seconds: 's',
  m: 'm',
  min: 'm',
  mins: 'm',
  minute: 'm',
  minutes: 'm',
  h: 'h',
  hr: 'h',
  hrs: 'h',
  hour: 'h',
  hours: 'h',
  d: 'd',
  day: 'd',
  days: 'd',
  w: 'w',
  week: 'w',
  weeks: 'w',
  mon: 'M',
  month: 'M',
  months: 'M',
  q: 'q',
  qtr: 'q',
  quarter: 'q',
  quarters: 'q',
  y: 'y',
  yr: 'y',
  year: 'y',
  years: 'y',
};

/** The unit a word names (`M` months, `m` minutes, the rest in any case); undefined if none. */
export function timeUnit(word: string): SpanUnit | undefined {
  if (word === 'M') return 'M';
  return UNIT_WORDS[word] ?? UNIT_WORDS[word.toLowerCase()];
}

/** Milliseconds of the fixed-width units; months, quarters and years follow the calendar. */
export const FIXED_UNIT_MS: Readonly<Partial<Record<SpanUnit, number>>> = {
  us: 0.001,
  ms: 1,
  cs: 10,
  ds: 100,
  s: 1000,
  m: 60_000,
  h: 3_600_000,
  d: 86_400_000,
  w: 7 * 86_400_000,
};

/** Months in one calendar unit. */
export const UNIT_MONTHS: Readonly<Partial<Record<SpanUnit, number>>> = { M: 1, q: 3, y: 12 };

export interface SpanInterval {
  size: number;
  unit?: SpanUnit;
  text: string;
}

/** `10`, `0.5`, `1h`, `30seconds`, `1M` (month), `1month`. Undefined when not an interval. */
export function parseInterval(text: string): SpanInterval | undefined {
  const m = /^(\d+(?:\.\d+)?)([a-zA-Z]*)$/.exec(text);
  if (!m) return undefined;
  const size = Number(m[1]);
  if (!(size > 0)) return undefined;
  if (m[2] === '') return { size, text };
  const unit = timeUnit(m[2]);
  return unit === undefined ? undefined : { size, unit, text };
}

/** A logarithmic span, `[<coefficient>]log[<base>]` (`log10`, `2log10`, `log2`): bounds c·bⁿ. */
export interface LogSpan {
  coefficient: number;
  base: number;
  text: string;
}

/** `log10`, `2log10`, `1.5log2`; undefined when not a log span (base > 1, coefficient > 0). */
export function parseLogSpan(text: string): LogSpan | undefined {
  const m = /^(\d+(?:\.\d+)?)?log(\d+(?:\.\d+)?)?$/i.exec(text);
  if (!m) return undefined;
  const coefficient = m[1] === undefined ? 1 : Number(m[1]);
  const base = m[2] === undefined ? 10 : Number(m[2]);
  if (!(coefficient > 0) || !(base > 1)) return undefined;
  return { coefficient, base, text };
}
