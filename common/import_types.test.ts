/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

import { ColumnTypeInference, convert } from './import_types';

describe('integer columns', () => {
  it('keep longs past 2^53 exactly, as bigints; wider ones leave the column a string', () => {
    const inference = new ColumnTypeInference(['long', 'wide']);
    inference.add(['9007199254740993', '1']);
    inference.add(['-9223372036854775808', '9223372036854775808']);
    expect(inference.types()).toEqual(['integer', 'string']);
    expect(convert('9007199254740993', 'integer')).toBe(9007199254740993n);
    expect(convert('9223372036854775807', 'integer')).toBe(9223372036854775807n);
    expect(convert('-42', 'integer')).toBe(-42);
  });
});

describe('date columns', () => {
  it("read ISO 8601 and PPL's own timestamp form (what an export writes), nothing looser", () => {
    // PPL prints a fraction with its trailing zeros dropped, 1 to 9 digits (`.5`, `.123456789`).
    const inference = new ColumnTypeInference(['iso', 'ppl', 'loose', 'fraction', 'too_fine']);
    inference.add([
      '2024-01-01T07:00:00-05:00',
      '2024-01-01 12:00:00',
      '2024-01-01 12:00',
      '2024-01-01 12:00:00.5',
      '2024-01-01 12:00:00.5',
    ]);
    inference.add([
      '2024-07-01',
      '2024-07-01 23:30:00.250',
      '2024-01-01 12:00:00',
      '2024-01-01 12:00:00.123456789',
      '2024-01-01 12:00:00.1234567891',
    ]);
    inference.add([
      '2024-07-01T23:30Z',
      '2024-02-29 00:00:00',
      '2024-01-01',
      '2024-01-01 12:00:00.25',
      '2024-01-01 12:00:00.',
    ]);
    expect(inference.types()).toEqual(['date', 'date', 'string', 'date', 'string']);
  });
});
