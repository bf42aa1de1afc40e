/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/**
 * The time strings of `earliest` and `latest` (condition.md): `now`, an absolute time
 * (`yyyy-MM-dd HH:mm:ss` or `MM/dd/yyyy:HH:mm:ss`), or a relative one, `(+|-)<n><unit>…[@<snap>]`
 * (`-2d@d`: two days ago, at midnight). Computed in UTC from the statement's time.
 */
import {
  addMonths,
  civilFromDays,
  daysFromCivil,
  dayOfWeek,
  instantFromMillis,
  NANOS_PER_SECOND,
  parseTimestampText,
} from './datetime_values';

const UNIT_SECONDS: Readonly<Record<string, number>> = {
  s: 1,
  sec: 1,
  secs: 1,
  second: 1,
  seconds: 1,
  m: 60,
  min: 60,
  mins: 60,
  minute: 60,
  minutes: 60,
  h: 3600,
  hr: 3600,
  hrs: 3600,
  hour: 3600,
  hours: 3600,
  d: 86400,
  day: 86400,
  days: 86400,
  w: 604800,
  week: 604800,
  weeks: 604800,
};
const UNIT_MONTHS: Readonly<Record<string, number>> = {
  M: 1,
  mon: 1,
  month: 1,
  months: 1,
  q: 3,
  qtr: 3,
  quarter: 3,
  quarters: 3,
  y: 12,
  yr: 12,
  year: 12,
  years: 12,
};

function snap(ms: number, unit: string): number | undefined {
  const at = instantFromMillis(ms);
  const c = civilFromDays(at.day);
  const dayMs = at.day * 86_400_000;
  const secondsOfDay = Math.floor(at.nanos / NANOS_PER_SECOND);
  switch (unit) {
    case 's':
    case 'sec':
    case 'second':
      return dayMs + secondsOfDay * 1000;
    case 'm':
    case 'min':
    case 'minute':
      return dayMs + Math.floor(secondsOfDay / 60) * 60_000;
    case 'h':
    case 'hr':
    case 'hour':
      return dayMs + Math.floor(secondsOfDay / 3600) * 3_600_000;
    case 'd':
    case 'day':
      return dayMs;
    case 'w':
    case 'week':
    case 'w0':
      return (at.day - (dayOfWeek(at.day) - 1)) * 86_400_000;
    case 'M':
    case 'mon':
    case 'month':
      return daysFromCivil(c.year, c.month, 1) * 86_400_000;
    case 'q':
    case 'qtr':
    case 'quarter':
      return daysFromCivil(c.year, Math.floor((c.month - 1) / 3) * 3 + 1, 1) * 86_400_000;
    case 'y':
    case 'yr':
    case 'year':
      return daysFromCivil(c.year, 1, 1) * 86_400_000;
    default: {
      const m = /^w([1-7])$/.exec(unit);
      if (!m) return undefined;
      const target = Number(m[1]) + 1;
      const back = (dayOfWeek(at.day) - target + 7) % 7;
      return (at.day - back) * 86_400_000;
    }
  }
}

/** Milliseconds since the epoch that `text` names, relative to `now`; undefined if unreadable. */
export function relativeTime(text: string, now: Date): number | undefined {
  const t = text.trim();
  if (t === 'now' || t === 'now()') return now.getTime();
  const us = /^(\d{2})\/(\d{2})\/(\d{4}):(\d{2}):(\d{2}):(\d{2})$/.exec(t);
  const absolute = parseTimestampText(
    us ? `${us[3]}-${us[1]}-${us[2]} ${us[4]}:${us[5]}:${us[6]}` : t
  );
  if (absolute !== undefined) return absolute.day * 86_400_000 + absolute.nanos / 1e6;
  // Offsets and snaps, applied in order (`-1d@d+6h`: a day back, to its midnight, then 6 hours on).
  if (!/^(?:[+-]\d*[a-zA-Z]+|@[a-zA-Z]+\d?)+$/.test(t)) return undefined;
  let ms = now.getTime();
  for (const part of t.match(/[+-]\d*[a-zA-Z]+|@[a-zA-Z]+\d?/g) ?? []) {
    if (part.startsWith('@')) {
      const snapped = snap(ms, part.slice(1));
      if (snapped === undefined) return undefined;
      ms = snapped;
      continue;
    }
    const pm = /^([+-])(\d*)([a-zA-Z]+)$/.exec(part)!;
    const n = (pm[2] === '' ? 1 : Number(pm[2])) * (pm[1] === '-' ? -1 : 1);
    const unit = pm[3];
    const seconds =
      unit === 'M' ? undefined : (UNIT_SECONDS[unit] ?? UNIT_SECONDS[unit.toLowerCase()]);
    const months = unit === 'M' ? 1 : UNIT_MONTHS[unit.toLowerCase()];
    if (seconds !== undefined) ms += n * seconds * 1000;
    else if (months !== undefined) {
      const at = addMonths(instantFromMillis(ms), n * months);
      ms = at.day * 86_400_000 + at.nanos / 1e6;
    } else return undefined;
  }
  return ms;
}
