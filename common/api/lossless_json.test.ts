/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

import { JsonSyntaxError, parseJson, stringifyJson } from './lossless_json';

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
