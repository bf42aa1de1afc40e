/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

import type { PplType } from '../../../common/ppl/types';
import { withDates } from '../document_scan';
import { dateFieldType } from './date_field_type';
import { formatTemporalValue } from './plan_context';

describe('dateFieldType: a date field is a date, a time or a timestamp by its format', () => {
  it.each([
    [undefined, 'timestamp'],
    ['', 'timestamp'],
    ['strict_date_optional_time||epoch_millis', 'timestamp'],
    ['epoch_second', 'timestamp'],
    ['strict_date', 'date'],
    ['basic_date', 'date'],
    ['yearMonthDay', 'date'],
    ['hour_minute_second', 'time'],
    ['strictHourMinuteSecondMillis', 'time'],
    ['t_time', 'time'],
    // A date format beside a time format reads both: a timestamp; one beside an epoch format too.
    ['strict_date||hour_minute_second', 'timestamp'],
    ['strict_date||epoch_millis', 'timestamp'],
    // An incomplete date is neither.
    ['year_month', 'timestamp'],
    // java.time patterns, by their letters (y M d … a date; H m s … a time).
    ['yyyy-MM-dd', 'date'],
    ['dd/MM/uuuu', 'date'],
    ['HH:mm:ss', 'time'],
    ['hh:mm a', 'time'],
    ['yyyy-MM-dd HH:mm', 'timestamp'],
    ['yyyy-MM-dd||HH:mm:ss', 'timestamp'],
    // A pattern and a named format of the same kind stay that kind; of another kind, a timestamp.
    ['yyyy/MM/dd||strict_date', 'date'],
    ['HH:mm||strict_date', 'timestamp'],
    ['8yyyy-MM-dd', 'date'],
  ])('%p is a %s', (format, type) => {
    expect(dateFieldType(format)).toBe(type);
  });
});

describe('values of date, time and timestamp columns as PPL shows them', () => {
  it.each([
    ['2024-01-15 10:30:00.000000000', 'timestamp', '2024-01-15 10:30:00'],
    ['2024-01-15 00:00:00.000000000', 'date', '2024-01-15'],
    // A time field holds an instant on 1970-01-01 (OpenSearch parses `10:30:00` so).
    ['1970-01-01 10:30:00.000000000', 'time', '10:30:00'],
    ['1970-01-01 10:30:00.250000000', 'time', '10:30:00.25'],
    // Composite keys are epoch millis.
    [37_800_000, 'time', '10:30:00'],
    [Date.UTC(2024, 0, 15), 'date', '2024-01-15'],
    [null, 'date', null],
  ] as Array<[unknown, PplType, unknown]>)('%p as a %s is %p', (value, type, shown) => {
    expect(formatTemporalValue(value, type)).toEqual(shown);
  });

  it("a scanned hit's formatted dates are set as their column's type shows them", () => {
    const doc = withDates(
      { d: '2024-01-15', t: '10:30:00', ts: 1 },
      {
        d: ['2024-01-15 00:00:00.000000000'],
        t: ['1970-01-01 10:30:00.000000000'],
        ts: ['2024-01-15 10:30:00.120000000'],
      },
      ['d', 't', 'ts'],
      new Map([
        ['d', 'date'],
        ['t', 'time'],
        ['ts', 'timestamp'],
      ])
    );
    expect(doc).toEqual({ d: '2024-01-15', t: '10:30:00', ts: '2024-01-15 10:30:00.12' });
  });
});
