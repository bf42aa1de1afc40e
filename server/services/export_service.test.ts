/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

import { csvField, csvLine, valueAtPath } from './export_service';

describe('CSV output (RFC 4180)', () => {
  it.each<[unknown, string]>([
    ['plain', 'plain'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\r\nlines', '"two\r\nlines"'],
    ['lf\nonly', '"lf\nonly"'],
    [5, '5'],
    [9007199254740993n, '9007199254740993'],
    [[9223372036854775807n, 1], '"[9223372036854775807,1]"'],
    [1.5, '1.5'],
    [false, 'false'],
    [null, ''],
    [undefined, ''],
    [['x', 'y'], '"[""x"",""y""]"'],
    [[1, 2], '"[1,2]"'],
    [{ a: 1 }, '"{""a"":1}"'],
  ])('writes %p as %p', (value, expected) => {
    expect(csvField(value)).toBe(expected);
  });

  it('ends lines with CRLF', () => {
    expect(csvLine(['a', 1, null])).toBe('a,1,\r\n');
  });
});

describe("CSV formula escaping (as Kibana's csv:escapeFormulaValues)", () => {
  it.each<[unknown, string]>([
    ['=1+1', `"'=1+1"`],
    ['+33 1 23', `"'+33 1 23"`],
    ['-x', `"'-x"`],
    ['@SUM(A1)', `"'@SUM(A1)"`],
    ['\tcmd', `"'\tcmd"`],
    ['\rcmd', `"'\rcmd"`],
    ['  =HYPERLINK("x")', `"'  =HYPERLINK(""x"")"`],
    ['a=b', 'a=b'],
    [-5, '-5'],
    [-9007199254740993n, '-9007199254740993'],
    [['=x'], '"[""=x""]"'],
  ])('writes %p as %s', (value, expected) => {
    expect(csvField(value)).toBe(expected);
  });

  it('is turned off with escapeFormulas=false', () => {
    expect(csvField('=1+1', false)).toBe('=1+1');
    expect(csvLine(['=1', '@a'], false)).toBe('=1,@a\r\n');
  });
});

describe('valueAtPath', () => {
  it.each<[Record<string, unknown>, string, unknown]>([
    [{ a: 1 }, 'a', 1],
    [{ a: { b: 2 } }, 'a.b', 2],
    [{ 'a.b': 3 }, 'a.b', 3],
    [{ a: { 'b.c': 4 } }, 'a.b.c', 4],
    [{ a: [{ b: 1 }, { b: 2 }, { c: 3 }] }, 'a.b', [1, 2]],
    [{ a: { b: null } }, 'a.b', null],
    [{ a: 1 }, 'a.b', undefined],
    [{}, 'x', undefined],
  ])('reads %j at %s', (source, path, expected) => {
    expect(valueAtPath(source, path)).toEqual(expected);
  });
});
