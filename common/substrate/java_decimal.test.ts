/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

import { MAX_PLAIN_DECIMAL_LENGTH, bigDecimalPlainString } from './java_decimal';

describe('bigDecimalPlainString', () => {
  // What Java prints for new BigDecimal(text).stripTrailingZeros().toPlainString() (JDK 25).
  it.each([
    ['1.50', '1.5'],
    ['100', '100'],
    ['0', '0'],
    ['0.00', '0'],
    ['-0.00', '0'],
    ['-0', '0'],
    ['0e5', '0'],
    ['1.5E+3', '1500'],
    ['1.5e3', '1500'],
    ['1E+2', '100'],
    ['1e-3', '0.001'],
    ['0.000100', '0.0001'],
    ['.5', '0.5'],
    ['5.', '5'],
    ['+7', '7'],
    ['-7.10', '-7.1'],
    ['00012.3400', '12.34'],
    ['0.1e1', '1'],
    ['-1.0E-10', '-0.0000000001'],
    ['9.999999999999999e22', '99999999999999990000000'],
    ['12345678901234567890.123450000', '12345678901234567890.12345'],
    ['1e400', `1${'0'.repeat(400)}`],
  ])('%j -> %j', (text, expected) => {
    expect(bigDecimalPlainString(text)).toBe(expected);
  });

  it.each([
    'abc',
    '1.2.3',
    '',
    '1e',
    '1e+',
    '+',
    '.',
    '-',
    ' 1',
    '1 ',
    '0x10',
    '1_000',
    'NaN',
    'Infinity',
  ])('refuses %j, as new BigDecimal does', (text) => {
    expect(bigDecimalPlainString(text)).toBeNull();
  });

  it('refuses values whose plain form would be huge', () => {
    expect(bigDecimalPlainString('1e999999999')).toBeNull();
    expect(bigDecimalPlainString('1e-999999999')).toBeNull();
    expect(bigDecimalPlainString(`1e${MAX_PLAIN_DECIMAL_LENGTH - 1}`)).toHaveLength(
      MAX_PLAIN_DECIMAL_LENGTH
    );
    expect(bigDecimalPlainString(`1e${MAX_PLAIN_DECIMAL_LENGTH}`)).toBeNull();
    // Zero is zero, whatever its exponent.
    expect(bigDecimalPlainString('0e999999999')).toBe('0');
  });
});
