/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

import {
  base64UrlNoPad,
  concatBytes,
  hasUnpairedSurrogate,
  replaceUnpairedSurrogates,
  toHex,
  utf8Bytes,
} from './bytes';

const ascii = (text: string) => new TextEncoder().encode(text);

describe('base64UrlNoPad', () => {
  it.each([
    // RFC 4648 section 10 test vectors, padding removed.
    ['', ''],
    ['f', 'Zg'],
    ['fo', 'Zm8'],
    ['foo', 'Zm9v'],
    ['foob', 'Zm9vYg'],
    ['fooba', 'Zm9vYmE'],
    ['foobar', 'Zm9vYmFy'],
  ])('%j -> %j', (text, expected) => {
    expect(base64UrlNoPad(ascii(text))).toBe(expected);
  });

  it('uses - and _ instead of + and /', () => {
    expect(base64UrlNoPad(new Uint8Array([0xfb, 0xff, 0xbf]))).toBe('-_-_');
  });

  it('agrees with Buffer on every length up to 70 and every byte value', () => {
    const all = Uint8Array.from({ length: 256 }, (_, i) => i);
    expect(base64UrlNoPad(all)).toBe(Buffer.from(all).toString('base64url'));
    for (let length = 0; length <= 70; length++) {
      const input = Uint8Array.from({ length }, (_, i) => (i * 97 + length * 31) & 0xff);
      expect(base64UrlNoPad(input)).toBe(Buffer.from(input).toString('base64url'));
    }
  });

  it('turns a 32-byte digest into 43 characters', () => {
    expect(base64UrlNoPad(new Uint8Array(32))).toHaveLength(43);
  });
});

describe('utf8Bytes', () => {
  it.each([
    ['', ''],
    ['abc', '616263'],
    ['ü', 'c3bc'],
    ['€', 'e282ac'],
    ['𝄞', 'f09d849e'],
    // Java's getBytes(UTF_8) writes "?" for an unpaired surrogate.
    ['a\uD800b', '613f62'],
    ['\uDC00', '3f'],
    ['\uDBFF\uDFFF', 'f48fbfbf'],
  ])('%j -> %s', (text, expected) => {
    expect(toHex(utf8Bytes(text))).toBe(expected);
  });
});

describe('toHex and concatBytes', () => {
  it('prints two lower-case digits a byte', () => {
    expect(toHex(new Uint8Array([0, 1, 0xab, 0xff]))).toBe('0001abff');
  });

  it('concatenates in order', () => {
    expect(concatBytes([new Uint8Array([1]), new Uint8Array([]), new Uint8Array([2, 3])])).toEqual(
      new Uint8Array([1, 2, 3])
    );
  });
});

describe('unpaired surrogates', () => {
  it.each([
    ['', '', false],
    ['abc', 'abc', false],
    ['𝄞', '𝄞', false],
    ['a𝄞b𝄞', 'a𝄞b𝄞', false],
    ['\uD834', '?', true],
    ['\uDD1E', '?', true],
    ['a\uD834b', 'a?b', true],
    ['\uDD1E\uD834', '??', true],
    ['\uD834\uD834\uDD1E', '?𝄞', true],
    ['𝄞\uDD1E', '𝄞?', true],
  ])('%j -> %j', (text, replaced, unpaired) => {
    expect(replaceUnpairedSurrogates(text, '?')).toBe(replaced);
    expect(hasUnpairedSurrogate(text)).toBe(unpaired);
    // Node 20 has String.prototype.isWellFormed; the ES2022 typings do not know it yet.
    const isWellFormed = (text as unknown as { isWellFormed(): boolean }).isWellFormed();
    expect(hasUnpairedSurrogate(text)).toBe(!isWellFormed);
  });
});
