/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/**
 * The PPL type of a `date` / `date_nanos` field, from its mapping's `format`, as the SQL plugin's
 * OpenSearchDateType decides it: a field whose formats read only a calendar date (`strict_date`,
 * `yyyy-MM-dd`) is a `date`, one whose formats read only a time of day (`hour_minute_second`,
 * `HH:mm:ss`) is a `time`, and every other field (no format, a date-time or epoch format, date and
 * time formats mixed, an incomplete date such as `year_month`) is a `timestamp`.
 */

type DateFieldType = 'timestamp' | 'date' | 'time';

const names = (text: string) => new Set(text.split(/\s+/).filter(Boolean));

/** Named formats that read a full date and time, and the epoch formats. */
const DATETIME_FORMATS = names(`
  iso8601 basic_date_time basic_date_time_no_millis basic_ordinal_date_time
  basic_ordinal_date_time_no_millis basic_week_date_time strict_basic_week_date_time
  basic_week_date_time_no_millis strict_basic_week_date_time_no_millis basic_week_date
  strict_basic_week_date date_optional_time strict_date_optional_time
  strict_date_optional_time_nanos date_time strict_date_time date_time_no_millis
  strict_date_time_no_millis date_hour_minute_second_fraction
  strict_date_hour_minute_second_fraction date_hour_minute_second_millis
  strict_date_hour_minute_second_millis date_hour_minute_second strict_date_hour_minute_second
  date_hour_minute strict_date_hour_minute date_hour strict_date_hour ordinal_date_time
  strict_ordinal_date_time ordinal_date_time_no_millis strict_ordinal_date_time_no_millis
  week_date_time strict_week_date_time week_date_time_no_millis strict_week_date_time_no_millis
  epoch_millis epoch_second epoch_micros
`);

/** Named formats that read a year, month and day only. */
const DATE_FORMATS = names(`
  basic_date basic_ordinal_date date strict_date year_month_day strict_year_month_day
  ordinal_date strict_ordinal_date week_date strict_week_date weekyear_week_day
  strict_weekyear_week_day
`);

/** Named formats that read an hour, minute and second only. */
const TIME_FORMATS = names(`
  basic_time basic_time_no_millis basic_t_time basic_t_time_no_millis time strict_time
  time_no_millis strict_time_no_millis hour_minute_second_fraction
  strict_hour_minute_second_fraction hour_minute_second_millis strict_hour_minute_second_millis
  hour_minute_second strict_hour_minute_second hour_minute strict_hour_minute hour strict_hour
  t_time strict_t_time t_time_no_millis strict_t_time_no_millis
`);

/** Named formats of an incomplete date (no day, or no month): neither a date nor a time. */
const INCOMPLETE_FORMATS = names(`
  year_month strict_year_month year strict_year week_year week_year_week strict_weekyear_week
  weekyear strict_weekyear
`);

/** A format name as OpenSearch's FormatNames knows it (snake_case, or its camelCase twin). */
function namedFormat(format: string): string | undefined {
  const snake = /_/.test(format) ? format : format.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
  return [DATETIME_FORMATS, DATE_FORMATS, TIME_FORMATS, INCOMPLETE_FORMATS].some((s) =>
    s.has(snake)
  )
    ? snake
    : undefined;
}

const TIME_SYMBOLS = 'nNASsmHkKha';
const DATE_SYMBOLS = 'FecEWwYqQgdMLDyuG';

/** A custom (java.time) pattern's type, by the letters it holds. */
function customType(patterns: string[]): DateFieldType {
  let date = false;
  let time = false;
  for (const p of patterns) {
    time ||= [...TIME_SYMBOLS].some((c) => p.includes(c));
    date ||= [...DATE_SYMBOLS].some((c) => p.includes(c));
    if (date && time) return 'timestamp';
  }
  return date ? 'date' : time ? 'time' : 'timestamp';
}

export function dateFieldType(format: string | undefined): DateFieldType {
  if (format === undefined || format.trim() === '') return 'timestamp';
  const formats = format
    .replace(/^8/, '')
    .split('||')
    .map((f) => f.trim())
    .filter(Boolean);
  const named = formats.map(namedFormat);
  const has = (set: Set<string>) => named.some((n) => n !== undefined && set.has(n));
  if (formats.length === 0 || has(DATETIME_FORMATS)) return 'timestamp';
  const dates = has(DATE_FORMATS);
  const times = has(TIME_FORMATS);
  if (dates && times) return 'timestamp';
  const custom = formats.filter((_, i) => named[i] === undefined);
  if (custom.length > 0) {
    const own = customType(custom);
    const combined = times ? 'time' : dates ? 'date' : own;
    return own === combined ? own : 'timestamp';
  }
  return times ? 'time' : dates ? 'date' : 'timestamp';
}
