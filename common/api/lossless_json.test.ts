/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

import { JsonDepthError, JsonSyntaxError, parseJson, stringifyJson } from './lossless_json';

describe('parseJson', () => {
  it.each<[string, unknown]>([
    ['9007199254740993', 9007199254740993n],
    ['-9223372036854775808', -9223372036854775808n],
    ['9007199254740991', 9007199254740991],
    ['[1, 2.5, 1e21, 12345678901234567.5]', [1, 2.5, 1e21, 12345678901234568]],
    [
      '{"k": 9223372036854775807, "s": "9223372036854775807"}',
      { k: 9223372036854775807n, s: '9223372036854775807' },
    ],
    ['{"a": 1, "a": 2}', { a: 2 }],
    ['{"deep": [{"n": 18446744073709551616}]}', { deep: [{ n: 18446744073709551616n }] }],
  ])('reads %s', (text, expected) => {
    expect(parseJson(text)).toEqual(expected);
  });

  it.each([
    '{"a": 1,}',
    "{'a': 1}",
    '{"a": 9007199254740993,}',
    '',
    '{"__proto__": {"x": 1}}',
    '{"a": {"\\u005f_proto__": 1}, "n": 12345678901234567}',
  ])('refuses %p', (text) => {
    expect(() => parseJson(text)).toThrow(JsonSyntaxError);
  });

  it('takes a key merely named like __proto__ inside a string value', () => {
    expect(parseJson('{"note": "\\"__proto__\\": is refused as a key"}')).toEqual({
      note: '"__proto__": is refused as a key',
    });
  });
});

describe('stringifyJson', () => {
  it('writes a bigint as the JSON number of its digits', () => {
    expect(stringifyJson({ k: 9007199254740993n, v: [1, 'x', null] })).toBe(
      '{"k":9007199254740993,"v":[1,"x",null]}'
    );
  });

  it('writes everything else as JSON.stringify does', () => {
    const value = { a: 1.5, b: undefined, c: new Date(0), d: [undefined, NaN], e: 'é\u2028' };
    expect(stringifyJson(value)).toBe(JSON.stringify(value));
    expect(stringifyJson({ ...value, big: 1n })).toBe(
      `${JSON.stringify(value).slice(0, -1)},"big":1}`
    );
  });

  it('round-trips through parseJson', () => {
    const value = { id: 9223372036854775807n, small: 42, text: 'a' };
    expect(parseJson(stringifyJson(value))).toEqual(value);
  });
});

describe('parseJson with maxDepth', () => {
  const deep = (depth: number, leaf = '1') => `${'{"a":'.repeat(depth)}${leaf}${'}'.repeat(depth)}`;

  it('parses text as deep as allowed', () => {
    expect(parseJson(deep(3), { maxDepth: 3 })).toEqual({ a: { a: { a: 1 } } });
  });

  // A 16-digit number sends the text through lossless-json, whose parser recurses.
  it.each([
    [5_000, '1'],
    [100_000, '1'],
    [5_000, '9007199254740993'],
    [100_000, '9007199254740993'],
  ])('refuses text %i deep (leaf %s) before parsing it, naming the limit', (depth, leaf) => {
    let thrown: unknown;
    try {
      parseJson(deep(depth, leaf), { maxDepth: 64 });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(JsonDepthError);
    expect(thrown).toBeInstanceOf(JsonSyntaxError);
    expect((thrown as Error).message).toBe(
      'the JSON nests arrays or objects deeper than 64 levels (at a.a.a.a.a.a…)'
    );
  });
});
