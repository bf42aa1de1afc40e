/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

import {
  commonType,
  isIntegralType,
  isNumericType,
  PplType,
  toPplType,
  widenArithmetic,
  widenNumeric,
} from './types';

describe('toPplType: OpenSearch mapping types and PPL names to PPL response names', () => {
  const cases: Array<[string, PplType]> = [
    ['long', 'bigint'],
    ['integer', 'int'],
    ['short', 'smallint'],
    ['byte', 'tinyint'],
    ['double', 'double'],
    ['float', 'float'],
    ['half_float', 'float'],
    ['scaled_float', 'double'],
    ['keyword', 'string'],
    ['text', 'string'],
    ['match_only_text', 'string'],
    ['constant_keyword', 'string'],
    ['date', 'timestamp'],
    ['date_nanos', 'timestamp'],
    ['boolean', 'boolean'],
    ['ip', 'ip'],
    ['object', 'struct'],
    ['nested', 'array'],
    ['binary', 'binary'],
    ['bigint', 'bigint'],
    ['int', 'int'],
    ['string', 'string'],
    ['timestamp', 'timestamp'],
    [' LONG ', 'bigint'],
    ['no_such_type', 'undefined'],
  ];
  it.each(cases)('%j is %s', (name, type) => {
    expect(toPplType(name)).toBe(type);
  });
});

describe('numeric types', () => {
  it.each([
    ['int', 'int', 'int'],
    ['tinyint', 'smallint', 'int'],
    ['int', 'bigint', 'bigint'],
    ['bigint', 'float', 'float'],
    ['float', 'double', 'double'],
    ['int', 'double', 'double'],
  ] as Array<[PplType, PplType, PplType]>)('%s op %s is %s', (a, b, result) => {
    expect(widenNumeric(a, b)).toBe(result);
    expect(widenNumeric(b, a)).toBe(result);
  });

  // + - * as the SQL plugin types them: integers widen first; a lambda's own operands do not.
  it.each([
    ['int', 'int', true, 'bigint'],
    ['smallint', 'tinyint', true, 'int'],
    ['smallint', 'int', true, 'bigint'],
    ['bigint', 'bigint', true, 'bigint'],
    ['int', 'double', true, 'double'],
    ['float', 'int', true, 'float'],
    ['int', 'int', false, 'int'],
    ['smallint', 'smallint', false, 'int'],
  ] as Array<[PplType, PplType, boolean, PplType]>)(
    'widenArithmetic(%s, %s, widen %p) is %s',
    (a, b, widen, result) => {
      expect(widenArithmetic(a, b, widen)).toBe(result);
      expect(widenArithmetic(b, a, widen)).toBe(result);
    }
  );

  it.each([
    ['int', true, true],
    ['bigint', true, true],
    ['double', false, true],
    ['string', false, false],
    ['boolean', false, false],
  ] as Array<[PplType, boolean, boolean]>)(
    '%s: integral %p, numeric %p',
    (t, integral, numeric) => {
      expect(isIntegralType(t)).toBe(integral);
      expect(isNumericType(t)).toBe(numeric);
    }
  );
});

describe('commonType: the least restrictive common type', () => {
  it.each([
    [[], 'undefined'],
    [['undefined', 'undefined'], 'undefined'],
    [['string', 'undefined'], 'string'],
    [['int', 'int'], 'int'],
    [['int', 'bigint'], 'bigint'],
    [['int', 'double', 'bigint'], 'double'],
    [['int', 'string'], 'string'],
    [['boolean', 'timestamp'], 'string'],
  ] as Array<[PplType[], PplType]>)('%p is %s', (types, result) => {
    expect(commonType(types)).toBe(result);
  });
});
