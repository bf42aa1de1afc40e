/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/**
 * Java's `new BigDecimal(text).stripTrailingZeros().toPlainString()`: the canonical text of an
 * exact decimal key (`1.50` → `1.5`, `100` → `100`, `1.5E+3` → `1500`, `-0.00` → `0`).
 */

const DECIMAL_TEXT = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/;

/**
 * The plain text of a decimal longer than this is refused rather than built: a value such as
 * `1e999999999` would otherwise make a gigabyte string (and Java would run out of memory on it).
 */
export const MAX_PLAIN_DECIMAL_LENGTH = 10_000;

/**
 * The canonical text of the decimal written as `text` (the syntax `new BigDecimal(String)`
 * accepts), or null when `text` is not a decimal or its plain form would be unreasonably long.
 */
export function bigDecimalPlainString(text: string): string | null {
  const match = DECIMAL_TEXT.exec(text);
  if (!match) {
    return null;
  }
  const [, sign, integerDigits = '', fractionDigits = '', exponentText] = match;
  if (integerDigits.length === 0 && fractionDigits.length === 0) {
    return null;
  }
  const exponent = exponentText === undefined ? 0 : Number(exponentText);
  if (!Number.isSafeInteger(exponent)) {
    return null;
  }
  // The value is unscaled × 10^-scale.
  let unscaled = `${integerDigits}${fractionDigits}`.replace(/^0+/, '');
  if (unscaled.length === 0) {
    // BigDecimal has no negative zero, and stripTrailingZeros turns every zero into 0.
    return '0';
  }
  let scale = fractionDigits.length - exponent;
  const trailingZeros = unscaled.length - unscaled.replace(/0+$/, '').length;
  unscaled = unscaled.slice(0, unscaled.length - trailingZeros);
  scale -= trailingZeros;

  const plainLength =
    scale <= 0 ? unscaled.length - scale : Math.max(unscaled.length, scale + 1) + 1;
  if (plainLength > MAX_PLAIN_DECIMAL_LENGTH) {
    return null;
  }
  const negative = sign === '-' ? '-' : '';
  if (scale <= 0) {
    return `${negative}${unscaled}${'0'.repeat(-scale)}`;
  }
  if (scale >= unscaled.length) {
    return `${negative}0.${'0'.repeat(scale - unscaled.length)}${unscaled}`;
  }
  const point = unscaled.length - scale;
  return `${negative}${unscaled.slice(0, point)}.${unscaled.slice(point)}`;
}
