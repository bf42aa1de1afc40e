/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/** Date and time functions: own cases, expected values worked out on the calendar by hand. */
import type { Expr } from '../../../../common/ppl/ast';
import { parsePpl } from '../../../../common/ppl/parser';
import type { PplRow, PplValue } from '../../../../common/ppl/types';
import { evaluateTyped, inferType, PplEvaluationError, PplTypeError } from '../evaluate';

/** 2024-05-01 12:00:00 UTC, a Wednesday. */
const now = new Date('2024-05-01T12:00:00Z');

function expr(text: string): Expr {
  const result = parsePpl(`source=x | eval r = ${text}`);
  if (!result.ok) throw new Error(result.error.message);
  const [command] = result.query.commands;
  if (command.kind !== 'Eval') throw new Error('not an eval');
  return command.assignments[0].expr;
}

const run = (text: string, row: PplRow = {}) => evaluateTyped(expr(text), row, { now });

describe('datetime: values and types', () => {
  const cases: Array<[string, PplValue, string]> = [
    ["date('2024-02-29')", '2024-02-29', 'date'],
    ["date('2024-02-29 23:59:59')", '2024-02-29', 'date'],
    ["time('2024-02-29 07:08')", '07:08:00', 'time'],
    ["timestamp('2024-02-29')", '2024-02-29 00:00:00', 'timestamp'],
    ["timestamp('2024-02-29 22:00:00', time('03:00:00'))", '2024-03-01 01:00:00', 'timestamp'],
    ["adddate(date('2024-02-28'), 2)", '2024-03-01', 'date'],
    ["adddate(timestamp('2024-02-28 10:00:00'), 2)", '2024-03-01 10:00:00', 'timestamp'],
    ["subdate(date('2024-01-01'), 1)", '2023-12-31', 'date'],
    [
      "date_add(timestamp('2023-12-31 23:30:00'), INTERVAL 45 MINUTE)",
      '2024-01-01 00:15:00',
      'timestamp',
    ],
    ["date_add(date('2024-01-31'), INTERVAL 1 MONTH)", '2024-02-29 00:00:00', 'timestamp'],
    ["date_add(date('2023-01-31'), INTERVAL 1 QUARTER)", '2023-04-30 00:00:00', 'timestamp'],
    ["date_add(date('2024-02-29'), INTERVAL 1 YEAR)", '2025-02-28 00:00:00', 'timestamp'],
    ["date_add(date('2024-01-01'), INTERVAL 2 WEEK)", '2024-01-15 00:00:00', 'timestamp'],
    [
      "date_sub(timestamp('2024-03-01 00:00:00'), INTERVAL 1 SECOND)",
      '2024-02-29 23:59:59',
      'timestamp',
    ],
    ["date_sub(date('2024-03-01'), INTERVAL -1 DAY)", '2024-03-02 00:00:00', 'timestamp'],
    ["addtime(time('23:00:00'), time('02:30:00'))", '01:30:00', 'time'],
    [
      "addtime(timestamp('2024-12-31 23:00:00'), time('02:30:00'))",
      '2025-01-01 01:30:00',
      'timestamp',
    ],
    [
      "subtime(timestamp('2024-01-01 01:00:00'), time('01:00:01'))",
      '2023-12-31 23:59:59',
      'timestamp',
    ],
    ["datediff(date('2024-03-01'), date('2024-02-01'))", 29, 'bigint'],
    [
      "datediff(timestamp('2023-01-01 00:00:01'), timestamp('2023-12-31 23:59:59'))",
      -364,
      'bigint',
    ],
    ["dayofweek(date('2024-01-01'))", 2, 'int'],
    ["day_of_week(date('2024-01-07'))", 1, 'int'],
    ["weekday(date('2024-01-01'))", 0, 'int'],
    ["weekday(date('2024-01-07'))", 6, 'int'],
    ["dayname('2024-07-04')", 'Thursday', 'string'],
    ["monthname('2024-07-04')", 'July', 'string'],
    ["dayofyear(date('2024-12-31'))", 366, 'int'],
    ["dayofyear(date('2023-12-31'))", 365, 'int'],
    ["day('2024-07-04')", 4, 'int'],
    ["month('2024-07-04 10:00:00')", 7, 'int'],
    ["quarter(date('2024-10-01'))", 4, 'int'],
    ["year(date('1999-12-31'))", 1999, 'int'],
    ["hour(time('23:59:58'))", 23, 'int'],
    ["minute(timestamp('2024-01-01 10:07:59'))", 7, 'int'],
    ["second(time('10:07:59'))", 59, 'int'],
    ["microsecond(time('00:00:00.5'))", 500000, 'int'],
    ["minute_of_day(time('10:07:59'))", 607, 'int'],
    ["last_day('2024-02-10')", '2024-02-29', 'date'],
    ["last_day('2100-02-01')", '2100-02-28', 'date'],
    ["to_days(date('1970-01-01'))", 719528, 'bigint'],
    ['from_days(719529)', '1970-01-02', 'date'],
    ["to_seconds(timestamp('1970-01-01 00:00:10'))", 719528 * 86400 + 10, 'bigint'],
    ["unix_timestamp(timestamp('1970-01-02 00:00:00'))", 86400, 'double'],
    ['unix_timestamp(19700102)', 86400, 'double'],
    ['unix_timestamp(700102000001)', 86401, 'double'],
    ['from_unixtime(86399)', '1970-01-01 23:59:59', 'timestamp'],
    ['from_unixtime(0.25)', '1970-01-01 00:00:00.25', 'timestamp'],
    ["from_unixtime(90061, '%d %H:%i:%s')", '02 01:01:01', 'string'],
    ['from_unixtime(-1)', null, 'timestamp'],
    ["time_to_sec(time('01:00:01'))", 3601, 'bigint'],
    ['sec_to_time(86401)', '00:00:01', 'time'],
    ['sec_to_time(-1)', '23:59:59', 'time'],
    ['sec_to_time(59.75)', '00:00:59.75', 'time'],
    ['makedate(2023, 365)', '2023-12-31', 'date'],
    ['makedate(2023, 366)', '2024-01-01', 'date'],
    ['makedate(2023, 0)', null, 'date'],
    ['makedate(0, 1)', '2000-01-01', 'date'],
    ['maketime(7, 8, 9.5)', '07:08:09.5', 'time'],
    ['maketime(24, 0, 0)', null, 'time'],
    ['period_add(9912, 1)', 200001, 'int'],
    ['period_add(202401, -1)', 202312, 'int'],
    ['period_diff(200001, 199912)', 1, 'int'],
    ["timediff(time('08:00:00'), time('07:59:30'))", '00:00:30', 'time'],
    ["timestampadd(MONTH, 1, '2024-01-31 10:00:00')", '2024-02-29 10:00:00', 'timestamp'],
    ["timestampadd(HOUR, -25, '2024-03-01 00:00:00')", '2024-02-28 23:00:00', 'timestamp'],
    ["timestampdiff(MONTH, '2024-01-31 00:00:00', '2024-02-29 00:00:00')", 0, 'bigint'],
    ["timestampdiff(MONTH, '2024-01-31 00:00:00', '2024-03-31 00:00:00')", 2, 'bigint'],
    ["timestampdiff(DAY, '2024-01-01 12:00:00', '2024-01-03 11:59:59')", 1, 'bigint'],
    ["timestampdiff(YEAR, '2024-02-29 00:00:00', '2025-02-28 00:00:00')", 0, 'bigint'],
    ["timestampdiff(MINUTE, '2024-01-01 00:00:00', '2023-12-31 23:58:30')", -1, 'bigint'],
    ["week(date('2024-01-01'))", 0, 'int'],
    ["week(date('2024-01-01'), 1)", 1, 'int'],
    ["week(date('2024-01-07'))", 1, 'int'],
    ["week_of_year(date('2024-01-07'), 2)", 1, 'int'],
    ["yearweek('2024-01-01')", 202353, 'int'],
    ["yearweek('2024-01-01', 1)", 202401, 'int'],
    [
      "date_format(timestamp('2024-07-04 09:05:03'), '%W %M %e, %Y %l:%i %p')",
      'Thursday July 4, 2024 9:05 AM',
      'string',
    ],
    ["date_format('2024-07-04', '%j|%y|%c|%D|%w|%%|%q')", '186|24|7|4th|4|%|q', 'string'],
    ["date_format('2024-01-11 00:00:00', '%D %a %b %k')", '11th Thu Jan 0', 'string'],
    ["date_format('2024-01-22 00:00:00', '%D')", '22nd', 'string'],
    ["time_format(time('18:30:00'), '%h:%i %p')", '06:30 PM', 'string'],
    ["time_format(time('18:30:00'), '%Y')", null, 'string'],
    ["str_to_date('July 4 2024 9:05PM', '%M %e %Y %l:%i%p')", '2024-07-04 21:05:00', 'timestamp'],
    ["str_to_date('2024-07-04', '%Y-%m-%d')", '2024-07-04 00:00:00', 'timestamp'],
    ["str_to_date('31/02/2024', '%d/%m/%Y')", null, 'timestamp'],
    ["str_to_date('banana', '%Y')", null, 'timestamp'],
    ["strftime(86400, '%F %T')", '1970-01-02 00:00:00', 'string'],
    [
      "strftime(0, '%j %a %A %b %e|%k|%I %p %s %y %Z %z %:z')",
      '001 Thu Thu Jan  1| 0|12 AM 0 70 UTC +0000 +00:00',
      'string',
    ],
    // Beyond 10^11 the number is read as milliseconds: 864000000000 ms is 10000 days.
    ["strftime(864000000000, '%F')", '1997-05-19', 'string'],
    [
      "strftime(timestamp('2024-07-04 09:05:03.123456'), '%3N %6Q %Q %f')",
      '123 123456 123 123456',
      'string',
    ],
    ["extract(DAY_HOUR FROM '2024-07-04 09:05:03')", 409, 'bigint'],
    ["extract(MINUTE FROM timestamp('2024-07-04 09:05:03'))", 5, 'bigint'],
    ["extract(YEAR FROM date('2024-07-04'))", 2024, 'bigint'],
    ["extract(QUARTER FROM '2024-07-04')", 3, 'bigint'],
    ["convert_tz('2024-01-01 00:30:00', '+01:00', '+00:00')", '2023-12-31 23:30:00', 'timestamp'],
    ["convert_tz('2024-01-01 00:30:00', '+01:00', '+14:30')", null, 'timestamp'],
    ["convert_tz('not a time', '+01:00', '+00:00')", null, 'timestamp'],
    ["datetime('2024-01-01 00:00:00+02:00')", '2023-12-31 22:00:00', 'timestamp'],
    ["datetime('2024-01-01 00:00:00', '-05:00')", '2023-12-31 19:00:00', 'timestamp'],
    ["get_format(TIMESTAMP, 'EUR')", '%Y-%m-%d %H.%i.%s', 'string'],
    ["get_format(TIME, 'usa')", '%h:%i:%s %p', 'string'],
    ["get_format(DATE, 'MARS')", null, 'string'],
    ['now()', '2024-05-01 12:00:00', 'timestamp'],
    ['curdate()', '2024-05-01', 'date'],
    ['utc_time()', '12:00:00', 'time'],
    ["datediff(time('10:00:00'), date('2024-04-30'))", 1, 'bigint'],
    ["typeof(time('10:00:00'))", 'TIME', 'string'],
  ];
  it.each(cases)('%s is %p (%s)', (text, value, type) => {
    expect(run(text)).toEqual({ v: value, t: type });
    expect(inferType(expr(text), {})).toBe(type);
  });
});

describe('datetime: comparisons across date, time and timestamp', () => {
  const cases: Array<[string, PplRow, boolean]> = [
    ["date('2024-01-01') = timestamp('2024-01-01 00:00:00')", {}, true],
    ["date('2024-01-02') > timestamp('2024-01-01 23:59:59')", {}, true],
    // A time is today's (2024-05-01): 11:30 is after 11:00 that day.
    ["timestamp('2024-05-01 11:00:00') < time('11:30:00')", {}, true],
    ["d BETWEEN date('2024-01-01') AND date('2024-12-31')", { d: '2024-06-01 08:00:00' }, true],
  ];
  it.each(cases)('%s with %p is %p', (text, row, expected) => {
    expect(run(text, row).v).toBe(expected);
  });
});

describe('datetime: nulls', () => {
  it.each([
    'year(d)',
    'date_add(d, INTERVAL 1 DAY)',
    "date_format(d, '%Y')",
    'datediff(d, d)',
    "adddate(date('2024-01-01'), d)",
    "convert_tz(d, '+00:00', '+01:00')",
    'from_unixtime(d)',
    "timestampdiff(DAY, d, '2024-01-01 00:00:00')",
  ])('%s of a missing field is null', (text) => {
    expect(run(text, {}).v).toBeNull();
  });
});

describe('datetime: errors are typed and located', () => {
  it.each([
    ['year(5)', PplTypeError, /"year" expects a date, time or timestamp for argument 1, found int/],
    ["date_add(date('2024-01-01'), 'x')", PplTypeError, /expects an INTERVAL or a number of days/],
    ["date('2023-02-29')", PplEvaluationError, /cannot read "2023-02-29" as a date/],
    ["hour('noon')", PplEvaluationError, /cannot read "noon"/],
    [
      "timestampadd(FORTNIGHT, 1, '2024-01-01 00:00:00')",
      PplEvaluationError,
      /unknown unit "FORTNIGHT"/,
    ],
    ['sysdate(7)', PplEvaluationError, /precision must be 0 to 6/],
    ["strftime('2024-01-01', '%Y')", PplTypeError, /use unix_timestamp\(\) for text/],
    [
      'from_days(1e300)',
      PplEvaluationError,
      /from_days: the result is outside the years 0 to 9999/,
    ],
    [
      "timestampadd(YEAR, 8000, '2024-01-01 00:00:00')",
      PplEvaluationError,
      /outside the years 0 to 9999/,
    ],
    ["date_add(date('2024-01-01'), INTERVAL 1e300 DAY)", PplEvaluationError, /out of range/],
  ])('%s fails', (text, type, message) => {
    const e = expr(text);
    let error: unknown;
    try {
      evaluateTyped(e, {}, { now });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(type);
    expect((error as Error).message).toMatch(message);
  });
});

describe('datetime: an INTERVAL is only an argument', () => {
  it('is refused as a value of its own', () => {
    expect(() => inferType(expr('INTERVAL 1 DAY'), {})).toThrow(
      /an INTERVAL is not a value: use it as the second argument of date_add/
    );
  });
});

describe('datetime: sysdate reads the clock, now() the statement time', () => {
  it('sysdate(3) has three fraction digits and is not the statement time', () => {
    const v = run('sysdate(3)').v as string;
    expect(v).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{3}$/);
    expect(v.startsWith('2024-05-01 12:00:00')).toBe(false);
  });
});
