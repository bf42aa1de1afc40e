/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

import { createHash } from 'node:crypto';
import { md5 } from './md5';

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');
const ascii = (text: string) => new TextEncoder().encode(text);

/** Reproducible pseudo-random bytes (xorshift32), so a failing case can be replayed. */
function bytesOf(length: number, seed: number): Uint8Array {
  const out = new Uint8Array(length);
  let x = seed || 1;
  for (let i = 0; i < length; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    out[i] = x & 0xff;
  }
  return out;
}

describe('md5', () => {
  it.each([
    ['', 'd41d8cd98f00b204e9800998ecf8427e'],
    ['a', '0cc175b9c0f1b6a831c399e269772661'],
    ['abc', '900150983cd24fb0d6963f7d28e17f72'],
    ['message digest', 'f96b697d7cb7938d525a2f31aaf161d0'],
    [
      '12345678901234567890123456789012345678901234567890123456789012345678901234567890',
      '57edf4a22be3c955ac49da2e2107b67a',
    ],
  ])('RFC 1321 test suite: %j', (text, expected) => {
    expect(hex(md5(ascii(text)))).toBe(expected);
  });

  it.each([0, 1, 55, 56, 57, 63, 64, 65, 119, 120, 127, 128, 129, 1000, 4096, 100_003])(
    'agrees with node:crypto on %i bytes',
    (length) => {
      const input = bytesOf(length, length + 7);
      expect(hex(md5(input))).toBe(createHash('md5').update(input).digest('hex'));
    }
  );

  it('agrees with node:crypto on 200 random inputs', () => {
    for (let seed = 1; seed <= 200; seed++) {
      const input = bytesOf((seed * 37) % 300, seed);
      expect(hex(md5(input))).toBe(createHash('md5').update(input).digest('hex'));
    }
  });

  it('hashes a view into a larger buffer by its own bytes only', () => {
    const whole = bytesOf(100, 3);
    const view = whole.subarray(10, 70);
    expect(hex(md5(view))).toBe(createHash('md5').update(view).digest('hex'));
  });

  it('does not change its input', () => {
    const input = bytesOf(70, 9);
    const copy = input.slice();
    md5(input);
    expect(input).toEqual(copy);
  });
});
