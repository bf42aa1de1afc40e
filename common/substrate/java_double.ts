/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/**
 * Java's `Double.toString(double)`, reproduced exactly (JDK 19 and later, the Raffaello Giulietti
 * algorithm), because the keyed-upsert `_id` of a floating point key hashes that text.
 *
 * Digits: Java picks the shortest decimal that rounds back to the double, the closest one when
 * several are that short, as JavaScript's `toExponential()` does. One difference: when a single
 * digit is enough, Java looks at all decimals of one or two digits and takes the closest, so
 * `Double.MIN_VALUE` prints as `4.9E-324` where JavaScript prints `5e-324`.
 *
 * Format: `1.0E-3 <= |x| < 1.0E7` in plain notation with at least one digit after the point
 * (`100.0`, `0.001`); otherwise `d.dddE<n>` with at least one digit after the point (`1.0E7`,
 * `1.0E-4`, `1.2345E-7`); and `NaN`, `Infinity`, `-Infinity`, `0.0`, `-0.0`.
 */

interface Decimal {
  /** Significant digits, without trailing zeros: the value is d1.d2d3… × 10^exponent. */
  digits: string;
  exponent: number;
}

/** The shortest round-trip digits JavaScript gives (`toExponential()` without an argument). */
function shortestDecimal(v: number): Decimal {
  const [mantissa, exponent] = v.toExponential().split('e');
  const digits = mantissa.replace('.', '').replace(/0+$/, '');
  return { digits: digits.length > 0 ? digits : '0', exponent: Number(exponent) };
}

/** The exact value of a finite positive double as `mantissa × 2^exponent`. */
function exactBinary(v: number): { mantissa: bigint; exponent: number } {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, v);
  const bits = view.getBigUint64(0);
  const biased = Number((bits >> 52n) & 0x7ffn);
  const fraction = bits & 0xfffffffffffffn;
  return biased === 0
    ? { mantissa: fraction, exponent: -1074 }
    : { mantissa: fraction | 0x10000000000000n, exponent: biased - 1075 };
}

const pow = (base: bigint, exponent: number): bigint =>
  exponent > 0 ? base ** BigInt(exponent) : 1n;

/**
 * Java's rule when one digit is enough: among the decimals of one or two significant digits that
 * round to `v`, the one closest to `v` (ties to an even significand). Every such decimal is a two
 * digit number `n` (10..99) times 10^q, with q one or two below the one-digit decimal's exponent.
 */
function javaOneOrTwoDigits(v: number, oneDigit: Decimal): Decimal {
  const { mantissa, exponent } = exactBinary(v);
  const scales = [oneDigit.exponent - 1, oneDigit.exponent - 2];
  const lowest = Math.min(...scales);
  // Everything is compared as integers: values are multiplied by 2^max(0, -exponent) and by
  // 10^max(0, -lowest), which makes both v and every candidate whole.
  const shift10 = Math.max(0, -lowest);
  const scaledV = mantissa * pow(2n, exponent) * pow(10n, shift10);
  const scale2 = pow(2n, -exponent);
  let best: { n: number; q: number; distance: bigint } | null = null;
  for (const q of scales) {
    const unit = pow(10n, q + shift10) * scale2;
    const below = scaledV / unit;
    for (const candidate of [below, below + 1n]) {
      const n = Number(candidate);
      if (n < 10 || n > 99 || Number(`${n}e${q}`) !== v) {
        continue;
      }
      const offset = candidate * unit - scaledV;
      const distance = offset < 0n ? -offset : offset;
      if (
        best === null ||
        distance < best.distance ||
        (distance === best.distance && n % 2 === 0 && best.n % 2 !== 0)
      ) {
        best = { n, q, distance };
      }
    }
  }
  if (best === null) {
    // Cannot happen: the one-digit decimal itself is one of the candidates' values.
    return oneDigit;
  }
  const text = String(best.n);
  return { digits: text.replace(/0+$/, ''), exponent: best.q + 1 };
}

/** `Double.toString(x)` as Java 19+ prints it. */
export function javaDoubleToString(x: number): string {
  if (Number.isNaN(x)) {
    return 'NaN';
  }
  if (x === Infinity) {
    return 'Infinity';
  }
  if (x === -Infinity) {
    return '-Infinity';
  }
  if (x === 0) {
    return Object.is(x, -0) ? '-0.0' : '0.0';
  }
  const sign = x < 0 ? '-' : '';
  const v = Math.abs(x);
  let decimal = shortestDecimal(v);
  if (decimal.digits.length === 1) {
    decimal = javaOneOrTwoDigits(v, decimal);
  }
  const { digits, exponent } = decimal;
  if (exponent >= -3 && exponent < 7) {
    if (exponent < 0) {
      return `${sign}0.${'0'.repeat(-exponent - 1)}${digits}`;
    }
    const integerLength = exponent + 1;
    if (digits.length <= integerLength) {
      return `${sign}${digits}${'0'.repeat(integerLength - digits.length)}.0`;
    }
    return `${sign}${digits.slice(0, integerLength)}.${digits.slice(integerLength)}`;
  }
  const fraction = digits.length > 1 ? digits.slice(1) : '0';
  return `${sign}${digits[0]}.${fraction}E${exponent}`;
}
