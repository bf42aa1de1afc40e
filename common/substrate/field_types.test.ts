/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

import {
  nestsDeeperThan,
  fieldNameProblem,
  fitsMapping,
  inferColumnType,
  mappingForType,
  valueMisfit,
  storedTimestamp,
} from './field_types';

describe('mappingForType', () => {
  it.each<[string, unknown]>([
    ['string', { type: 'text', fields: { keyword: { type: 'keyword', ignore_above: 256 } } }],
    ['keyword', { type: 'text', fields: { keyword: { type: 'keyword', ignore_above: 256 } } }],
    ['int', { type: 'integer' }],
    ['integer', { type: 'integer' }],
    ['bigint', { type: 'long' }],
    ['long', { type: 'long' }],
    ['double', { type: 'double' }],
    ['float', { type: 'float' }],
    ['boolean', { type: 'boolean' }],
    ['ip', { type: 'ip' }],
    ['time', { type: 'keyword' }],
    ['struct', undefined],
    ['array', undefined],
    ['no such type', undefined],
  ])('%s', (type, expected) => {
    expect(mappingForType(type)).toEqual(expected);
  });

  it('gives timestamps a format that reads PPL timestamps and ISO dates', () => {
    expect(mappingForType('timestamp')).toMatchObject({
      type: 'date',
      format: expect.stringContaining('yyyy-MM-dd HH:mm:ss'),
    });
  });
});

describe('storedTimestamp', () => {
  it('writes a shown fraction as the three digits the timestamp mapping reads', () => {
    expect(storedTimestamp('2024-01-15 10:30:00.12')).toBe('2024-01-15 10:30:00.120');
    expect(storedTimestamp('2024-01-15 10:30:00.5')).toBe('2024-01-15 10:30:00.500');
    expect(storedTimestamp('2024-01-15 10:30:00.123456789')).toBe('2024-01-15 10:30:00.123');
    expect(storedTimestamp('2024-01-15 10:30:00.123')).toBe('2024-01-15 10:30:00.123');
    expect(storedTimestamp('2024-01-15 10:30:00')).toBe('2024-01-15 10:30:00');
    expect(storedTimestamp('2024-01-15T10:30:00.5Z')).toBe('2024-01-15T10:30:00.5Z');
    expect(storedTimestamp(1705314600000)).toBe(1705314600000);
  });
});

describe('inferColumnType', () => {
  it.each<[unknown[], string | undefined]>([
    [[1, 2, 3], 'bigint'],
    [[100, 100.5], 'double'],
    [[1.5, 2], 'double'],
    [[null, 2], 'bigint'],
    [[9007199254740993n], 'bigint'],
    [[true, false], 'boolean'],
    [['a', null, 'b'], 'string'],
    [[[1, 2], [3.5]], 'double'],
    [[1, 'a'], undefined],
    [[{ a: 1 }], undefined],
    [[null, undefined], undefined],
  ])('%p → %s', (values, expected) => {
    expect(inferColumnType(values)).toBe(expected);
  });
});

describe('fitsMapping', () => {
  it.each<[string, string, boolean, boolean]>([
    ['long', 'long', false, true],
    ['long', 'integer', false, true],
    ['integer', 'long', false, false],
    ['long', 'double', false, false],
    ['long', 'double', true, false],
    ['double', 'long', true, true],
    ['double', 'long', false, false],
    ['double', 'integer', false, true],
    ['float', 'double', false, false],
    ['text', 'text', false, true],
    ['keyword', 'text', false, true],
    ['long', 'text', false, false],
    ['boolean', 'long', true, false],
  ])('%s field, %s column (inferred %s): %s', (mapped, wanted, inferred, fits) => {
    expect(fitsMapping(mapped, wanted, inferred)).toBe(fits);
  });
});

describe('valueMisfit', () => {
  it.each<[string, unknown, boolean]>([
    ['long', 1, false],
    ['long', 1.5, true],
    ['long', '7', true],
    ['long', 9007199254740993n, false],
    ['long', 9223372036854775807n, false],
    ['long', -9223372036854775808n, false],
    ['long', 9223372036854775808n, true],
    ['long', 1e20, true],
    ['integer', 2147483647, false],
    ['integer', 2147483648, true],
    ['byte', -128, false],
    ['byte', 128, true],
    ['long', [1, 2.5], true],
    ['integer', null, false],
    ['double', 100.5, false],
    ['double', 'x', true],
    ['boolean', true, false],
    ['boolean', 'true', true],
    ['text', 5, false],
    ['date', '2024-01-01', false],
  ])('%s ← %p misfits: %s', (mapped, value, misfits) => {
    expect(valueMisfit(mapped, value) !== undefined).toBe(misfits);
  });
});

describe('fieldNameProblem', () => {
  it.each<[string, boolean]>([
    ['host', false],
    ['a.b', false],
    ['', true],
    ['  ', true],
    ['__lookup', true],
    ['_id', true],
    ['_source', true],
    ['.a', true],
    ['a.', true],
    ['a..b', true],
  ])('%p refused: %s', (name, refused) => {
    expect(fieldNameProblem(name, '__lookup') !== undefined).toBe(refused);
  });
});

describe('nestsDeeperThan', () => {
  const nest = (depth: number): unknown => {
    let v: unknown = 1;
    for (let i = 0; i < depth; i++) v = [v];
    return v;
  };
  it('counts arrays and objects, without overflowing on very deep values', () => {
    expect(nestsDeeperThan(1, 0)).toBe(false);
    expect(nestsDeeperThan({ a: [1] }, 2)).toBe(false);
    expect(nestsDeeperThan({ a: [[1]] }, 2)).toBe(true);
    expect(nestsDeeperThan(nest(64), 64)).toBe(false);
    expect(nestsDeeperThan(nest(65), 64)).toBe(true);
    expect(nestsDeeperThan(nest(100_000), 64)).toBe(true);
  });
});
