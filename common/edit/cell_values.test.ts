/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

import {
  cellKindOf,
  cellValueProblem,
  dateForMapping,
  formatDate,
  parseCellText,
  parseDateText,
} from './cell_values';

describe('cellKindOf', () => {
  it.each([
    ['text', 'text'],
    ['keyword', 'text'],
    ['long', 'integer'],
    ['byte', 'integer'],
    ['double', 'decimal'],
    ['scaled_float', 'decimal'],
    ['boolean', 'boolean'],
    ['date', 'date'],
    ['date_nanos', 'date'],
    ['ip', 'ip'],
    ['geo_point', 'readonly'],
    ['object', 'readonly'],
    [undefined, 'readonly'],
  ])('%s is edited as %s', (type, kind) => expect(cellKindOf(type)).toBe(kind));
});

describe('parseCellText', () => {
  it.each([
    ['long', '42', 42],
    ['long', ' -7 ', -7],
    ['long', '9007199254740993', 9007199254740993n],
    ['integer', '', null],
    ['double', '1.5', 1.5],
    ['double', '1e3', 1000],
    ['double', '.5', 0.5],
    ['boolean', 'TRUE', true],
    ['boolean', 'false', false],
    ['date', '2024-01-31', '2024-01-31 00:00:00'],
    ['date', '2024-01-31T13:45:00Z', '2024-01-31 13:45:00'],
    ['date', '2024-01-31 13:45:00.250', '2024-01-31 13:45:00.250'],
    ['date', '2024-01-31T14:45:00+01:00', '2024-01-31 13:45:00'],
    ['ip', '10.0.0.1', '10.0.0.1'],
    ['ip', '2001:db8::1', '2001:db8::1'],
    ['text', '  spaced  ', '  spaced  '],
    ['keyword', '', null],
  ])('%s "%s" is %p', (type, text, value) => {
    expect(parseCellText(type, text)).toEqual({ ok: true, value });
  });

  it.each([
    ['long', '1.5', /"1.5" is not a whole number/],
    ['byte', '300', /300 is beyond the range of byte/],
    ['long', '9223372036854775808', /beyond the range of long/],
    ['double', 'abc', /"abc" is not a number/],
    ['double', 'Infinity', /not a number/],
    ['boolean', 'yes', /"yes" is not true or false/],
    ['date', '2024-02-30', /"2024-02-30" is not a date/],
    ['date', '31/01/2024', /not a date/],
    ['ip', '300.1.1.1', /not an IP address/],
    ['ip', 'host', /not an IP address/],
    ['geo_point', '1,2', /geo_point values are not edited here/],
  ])('%s "%s" is refused', (type, text, problem) => {
    const parsed = parseCellText(type, text);
    expect(parsed.ok).toBe(false);
    expect(!parsed.ok && parsed.problem).toMatch(problem);
  });
});

describe('cellValueProblem', () => {
  it.each([
    ['text', 'a'],
    ['text', ['a', 'b']],
    ['long', 5],
    ['long', 9007199254740993n],
    ['double', 5],
    ['boolean', false],
    ['date', '2024-01-31 13:45:00'],
    ['date', 1706708700000],
    ['ip', '::1'],
    ['long', null],
  ])('%s accepts %p', (type, value) => expect(cellValueProblem(type, value)).toBeUndefined());

  it.each([
    ['text', 5, /5 is not text/],
    ['long', 'a', /"a" is not a number/],
    ['long', 1.5, /has a fraction/],
    ['integer', 2 ** 31, /beyond the range of integer/],
    ['boolean', 'true', /is not true or false/],
    ['date', 'soon', /"soon" is not a date/],
    ['ip', 'x', /not an IP address/],
    ['geo_point', { lat: 1, lon: 2 }, /geo_point, which the editor does not change/],
    ['long', [1, 'b'], /"b" is not a number/],
  ])('%s refuses %p', (type, value, problem) =>
    expect(cellValueProblem(type, value)).toMatch(problem)
  );
});

describe('dates', () => {
  it('reads and shows dates in UTC', () => {
    expect(parseDateText('1970-01-01')).toBe(0);
    expect(parseDateText('2024-02-29 23:59:59.5')).toBe(Date.UTC(2024, 1, 29, 23, 59, 59, 500));
    expect(parseDateText('2023-02-29')).toBeUndefined();
    expect(parseDateText('2024-01-01 24:00:00')).toBeUndefined();
    expect(formatDate(Date.UTC(2024, 0, 2, 3, 4, 5))).toBe('2024-01-02 03:04:05');
    expect(formatDate(Date.UTC(2024, 0, 2, 3, 4, 5, 7))).toBe('2024-01-02 03:04:05.007');
  });

  const PPL_TIMESTAMP =
    'yyyy-MM-dd HH:mm:ss||yyyy-MM-dd HH:mm:ss.SSS||strict_date_optional_time||epoch_millis';
  it.each([
    [
      'a PPL timestamp field keeps its form',
      '2024-01-31 13:45:00',
      PPL_TIMESTAMP,
      '2024-01-31 13:45:00',
    ],
    [
      'with millis, its .SSS form',
      '2024-01-31 13:45:00.250',
      PPL_TIMESTAMP,
      '2024-01-31 13:45:00.250',
    ],
    [
      'a PPL date field at midnight',
      '2024-01-31',
      'yyyy-MM-dd||strict_date_optional_time||epoch_millis',
      '2024-01-31',
    ],
    [
      'a PPL date field with a time, ISO',
      '2024-01-31 10:00:00',
      'yyyy-MM-dd||strict_date_optional_time||epoch_millis',
      '2024-01-31T10:00:00.000Z',
    ],
    ['the default format, ISO', '2024-01-31 10:00:00', undefined, '2024-01-31T10:00:00.000Z'],
    ['epoch millis only', '1970-01-01 00:00:01', 'epoch_millis', 1000],
    ['epoch seconds only', '1970-01-01 00:00:02', 'epoch_second', 2],
    ['a number as epoch millis', 86_400_000, 'yyyy-MM-dd', '1970-01-02'],
  ])('%s', (_label, value, format, written) => {
    expect(dateForMapping(value, format)).toEqual(written);
  });

  it('has no form for a format it cannot write', () => {
    expect(dateForMapping('2024-01-31 10:00:00', 'dd/MM/yyyy')).toBeUndefined();
    expect(dateForMapping('2024-01-31 10:00:00.5', 'epoch_second')).toBeUndefined();
  });
});
