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
import { FIXED_UNIT_MS, timeUnit, UNIT_MONTHS } from '../../../../common/ppl/time_units';

function snap(ms: number, unit: string): number | undefined {
  const at = instantFromMillis(ms);
  const c = civilFromDays(at.day);
  const dayMs = at.day * 86_400_000;
  const secondsOfDay = Math.floor(at.nanos / NANOS_PER_SECOND);
  switch (timeUnit(unit)) {
    case 's':
      return dayMs + secondsOfDay * 1000;
    case 'm':
      return dayMs + Math.floor(secondsOfDay / 60) * 60_000;
    case 'h':
      return dayMs + Math.floor(secondsOfDay / 3600) * 3_600_000;
    case 'd':
      return dayMs;
    case 'w':
      return (at.day - (dayOfWeek(at.day) - 1)) * 86_400_000;
    case 'M':
      return daysFromCivil(c.year, c.month, 1) * 86_400_000;
    case 'q':
      return daysFromCivil(c.year, Math.floor((c.month - 1) / 3) * 3 + 1, 1) * 86_400_000;
    case 'y':
      return daysFromCivil(c.year, 1, 1) * 86_400_000;
    default: {
      const m = /^w([0-7])$/.exec(unit);
      if (!m) return undefined;
      if (m[1] === '0') return (at.day - (dayOfWeek(at.day) - 1)) * 86_400_000;
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
    const unit = timeUnit(pm[3]);
    const fixed = unit === undefined ? undefined : FIXED_UNIT_MS[unit];
    const months = unit === undefined ? undefined : UNIT_MONTHS[unit];
    if (fixed !== undefined) ms += n * fixed;
    else if (months !== undefined) {
      const at = addMonths(instantFromMillis(ms), n * months);
      ms = at.day * 86_400_000 + at.nanos / 1e6;
    } else return undefined;
  }
  return ms;
}
