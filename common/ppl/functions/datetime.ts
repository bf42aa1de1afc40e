/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/** Date and time functions (docs/user/ppl/functions/datetime.md), all in UTC. */
import { defineFamily, fn } from './catalog';

export const DATETIME_FUNCTIONS = defineFamily('datetime', {
  adddate: fn(
    [2, 2],
    'adddate(date, INTERVAL n unit | days) -> timestamp | date',
    'Adds an interval, or a number of days, to a date.'
  ),
  addtime: fn(
    [2, 2],
    'addtime(expr1, expr2) -> timestamp | time',
    'Adds the time of expr2 to expr1.'
  ),
  convert_tz: fn(
    [3, 3],
    "convert_tz(timestamp, '+hh:mm', '+hh:mm') -> timestamp",
    'Moves a timestamp from one UTC offset to another.'
  ),
  curdate: fn([0, 0], 'curdate() -> date', "Today's date (UTC).", ['current_date', 'utc_date']),
  curtime: fn([0, 0], 'curtime() -> time', 'The time the query started (UTC).', [
    'current_time',
    'utc_time',
  ]),
  now: fn([0, 0], 'now() -> timestamp', 'The time the query started (UTC).', [
    'current_timestamp',
    'localtimestamp',
    'localtime',
    'utc_timestamp',
  ]),
  sysdate: fn(
    [0, 1],
    'sysdate([precision]) -> timestamp',
    'The current time when evaluated, with 0 to 6 fraction digits.'
  ),
  date: fn([1, 1], 'date(expr) -> date', 'A date from a string or the date part of a timestamp.'),
  date_add: fn(
    [2, 2],
    'date_add(date, INTERVAL n unit) -> timestamp',
    'Adds an interval to a date.'
  ),
  date_sub: fn(
    [2, 2],
    'date_sub(date, INTERVAL n unit) -> timestamp',
    'Subtracts an interval from a date.'
  ),
  date_format: fn(
    [2, 2],
    "date_format(date, '%Y-%m-%d') -> string",
    'Formats a date with MySQL-style specifiers.'
  ),
  datetime: fn(
    [1, 2],
    "datetime(timestamp[, '+hh:mm']) -> timestamp",
    'A timestamp, optionally moved to a UTC offset.'
  ),
  datediff: fn([2, 2], 'datediff(date1, date2) -> bigint', 'Days from date2 to date1.'),
  dayofmonth: fn([1, 1], 'dayofmonth(date) -> int', 'Day of the month, 1 to 31.', [
    'day',
    'day_of_month',
  ]),
  dayname: fn([1, 1], 'dayname(date) -> string', 'Name of the weekday.'),
  dayofweek: fn([1, 1], 'dayofweek(date) -> int', 'Weekday, 1 = Sunday to 7 = Saturday.', [
    'day_of_week',
  ]),
  dayofyear: fn([1, 1], 'dayofyear(date) -> int', 'Day of the year, 1 to 366.', ['day_of_year']),
  extract: fn(
    [2, 2],
    'extract(part FROM date) -> bigint',
    'The digits of a part (YEAR, MONTH, DAY_HOUR, …) of a date.'
  ),
  from_days: fn([1, 1], 'from_days(n) -> date', 'The date of a day number (days since year 0).'),
  from_unixtime: fn(
    [1, 2],
    'from_unixtime(seconds[, format]) -> timestamp | string',
    'A timestamp from Unix seconds, optionally formatted.'
  ),
  get_format: fn(
    [2, 2],
    "get_format(DATE | TIME | TIMESTAMP, 'USA' | 'JIS' | 'ISO' | 'EUR' | 'INTERNAL') -> string",
    'A standard format string.'
  ),
  hour: fn([1, 1], 'hour(time) -> int', 'The hour.', ['hour_of_day']),
  last_day: fn([1, 1], 'last_day(date) -> date', 'The last day of the month.'),
  makedate: fn(
    [2, 2],
    'makedate(year, dayofyear) -> date',
    'A date from a year and a day of the year.'
  ),
  maketime: fn([3, 3], 'maketime(hour, minute, second) -> time', 'A time from its parts.'),
  microsecond: fn([1, 1], 'microsecond(time) -> int', 'Microseconds, 0 to 999999.'),
  minute: fn([1, 1], 'minute(time) -> int', 'The minute, 0 to 59.', ['minute_of_hour']),
  minute_of_day: fn([1, 1], 'minute_of_day(time) -> int', 'Minutes into the day, 0 to 1439.'),
  month: fn([1, 1], 'month(date) -> int', 'The month, 1 to 12.', ['month_of_year']),
  monthname: fn([1, 1], 'monthname(date) -> string', 'Name of the month.'),
  period_add: fn([2, 2], 'period_add(YYYYMM, months) -> int', 'Adds months to a period.'),
  period_diff: fn([2, 2], 'period_diff(YYYYMM, YYYYMM) -> int', 'Months between two periods.'),
  quarter: fn([1, 1], 'quarter(date) -> int', 'The quarter, 1 to 4.'),
  sec_to_time: fn(
    [1, 1],
    'sec_to_time(seconds) -> time',
    'A time from seconds (wraps around the day).'
  ),
  second: fn([1, 1], 'second(time) -> int', 'The second, 0 to 59.', ['second_of_minute']),
  strftime: fn(
    [2, 2],
    "strftime(unix_seconds | timestamp, '%Y-%m-%d') -> string",
    'Formats a time with POSIX-style specifiers.'
  ),
  str_to_date: fn(
    [2, 2],
    "str_to_date(string, '%d,%m,%Y') -> timestamp",
    'Parses a string with MySQL-style specifiers.'
  ),
  subdate: fn(
    [2, 2],
    'subdate(date, INTERVAL n unit | days) -> timestamp | date',
    'Subtracts an interval, or days, from a date.'
  ),
  subtime: fn(
    [2, 2],
    'subtime(expr1, expr2) -> timestamp | time',
    'Subtracts the time of expr2 from expr1.'
  ),
  time: fn([1, 1], 'time(expr) -> time', 'A time from a string or the time part of a timestamp.'),
  time_format: fn(
    [2, 2],
    "time_format(time, '%H:%i:%s') -> string",
    'Formats a time with MySQL-style time specifiers.'
  ),
  time_to_sec: fn([1, 1], 'time_to_sec(time) -> bigint', 'Seconds into the day.'),
  timediff: fn([2, 2], 'timediff(time1, time2) -> time', 'The time time1 minus time2.'),
  timestamp: fn(
    [1, 2],
    'timestamp(expr[, time]) -> timestamp',
    'A timestamp, optionally plus a time.'
  ),
  timestampadd: fn(
    [3, 3],
    'timestampadd(unit, n, datetime) -> timestamp',
    'Adds n units to a datetime.'
  ),
  timestampdiff: fn(
    [3, 3],
    'timestampdiff(unit, start, end) -> bigint',
    'Whole units from start to end.'
  ),
  to_days: fn([1, 1], 'to_days(date) -> bigint', 'Days since year 0.'),
  to_seconds: fn([1, 1], 'to_seconds(date) -> bigint', 'Seconds since year 0.'),
  unix_timestamp: fn(
    [0, 1],
    'unix_timestamp([date]) -> double',
    'Seconds since 1970-01-01 00:00:00 UTC.'
  ),
  week: fn([1, 2], 'week(date[, mode]) -> int', 'The week number (modes 0 to 7, as MySQL).', [
    'week_of_year',
  ]),
  weekday: fn([1, 1], 'weekday(date) -> int', 'Weekday, 0 = Monday to 6 = Sunday.'),
  year: fn([1, 1], 'year(date) -> int', 'The year.'),
  yearweek: fn([1, 2], 'yearweek(date[, mode]) -> int', 'Year and week as YYYYWW.'),
});
