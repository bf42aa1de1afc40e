/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

import { createHash } from 'node:crypto';
import { sha256 } from './sha256';

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

describe('sha256', () => {
  it.each([
    ['', 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'],
    ['abc', 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad'],
    [
      'abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq',
      '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1',
    ],
  ])('FIPS 180-2 examples: %j', (text, expected) => {
    expect(hex(sha256(ascii(text)))).toBe(expected);
  });

  it.each([0, 1, 55, 56, 57, 63, 64, 65, 119, 120, 127, 128, 129, 1000, 4096, 100_003])(
    'agrees with node:crypto on %i bytes',
    (length) => {
      const input = bytesOf(length, length + 7);
      expect(hex(sha256(input))).toBe(createHash('sha256').update(input).digest('hex'));
    }
  );

  it('agrees with node:crypto on 200 random inputs', () => {
    for (let seed = 1; seed <= 200; seed++) {
      const input = bytesOf((seed * 37) % 300, seed);
      expect(hex(sha256(input))).toBe(createHash('sha256').update(input).digest('hex'));
    }
  });

  it('hashes a view into a larger buffer by its own bytes only', () => {
    const whole = bytesOf(100, 3);
    const view = whole.subarray(10, 70);
    expect(hex(sha256(view))).toBe(createHash('sha256').update(view).digest('hex'));
  });

  it('does not change its input', () => {
    const input = bytesOf(70, 9);
    const copy = input.slice();
    sha256(input);
    expect(input).toEqual(copy);
  });
});
