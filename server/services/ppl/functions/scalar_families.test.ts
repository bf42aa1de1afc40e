/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/** String, condition and conversion functions, and implicit casts: own cases, by hand. */
import type { Expr } from '../../../../common/ppl/ast';
import { parsePpl } from '../../../../common/ppl/parser';
import type { PplRow, PplValue } from '../../../../common/ppl/types';
import { evaluateTyped, inferType, PplEvaluationError, PplTypeError } from '../evaluate';

const now = new Date('2024-05-01T12:00:00Z');

function expr(text: string, command = 'eval r ='): Expr {
  const result = parsePpl(`source=x | ${command} ${text}`);
  if (!result.ok) throw new Error(result.error.message);
  const [c] = result.query.commands;
  if (c.kind === 'Eval') return c.assignments[0].expr;
  if (c.kind === 'Where') return c.condition;
  throw new Error('not an eval');
}

const run = (text: string, row: PplRow = {}) => evaluateTyped(expr(text), row, { now });

function failure(text: string, row: PplRow = {}): Error {
  try {
    run(text, row);
  } catch (error) {
    return error as Error;
  }
  throw new Error(`${text} did not fail`);
}

describe('string functions', () => {
  const cases: Array<[string, PplRow, PplValue, string]> = [
    ["locate('a', 'banana')", {}, 2, 'int'],
    ["locate('a', 'banana', 3)", {}, 4, 'int'],
    ["locate('x', 'banana')", {}, 0, 'int'],
    ["locate('', 'abc')", {}, 1, 'int'],
    ["position('na' IN 'banana')", {}, 3, 'int'],
    ["position('z' IN s)", { s: 'abc' }, 0, 'int'],
    ["reverse('abc')", {}, 'cba', 'string'],
    ["reverse('')", {}, '', 'string'],
    ["left('hello', 2)", {}, 'he', 'string'],
    ["left('hi', 5)", {}, 'hi', 'string'],
    ["right('hello', 2)", {}, 'lo', 'string'],
    ["right('hi', 5)", {}, 'hi', 'string'],
    ["regexp_replace('a1b22', '[0-9]+', '#')", {}, 'a#b#', 'string'],
    [
      "regexp_replace('2024-07-04', '(\\\\d+)-(\\\\d+)-(\\\\d+)', '$3/$2/$1')",
      {},
      '04/07/2024',
      'string',
    ],
    ["length('héllo')", {}, 5, 'int'],
    ["concat('a', 1, true)", {}, 'a1TRUE', 'string'],
    ['upper(s)', { s: 'straße' }, 'STRASSE', 'string'],
    ['reverse(s)', {}, null, 'string'],
    ["locate('a', s)", {}, null, 'int'],
    ['left(s, 2)', { s: null }, null, 'string'],
  ];
  it.each(cases)('%s with %p is %p (%s)', (text, row, value, type) => {
    expect(run(text, row)).toEqual({ v: value, t: type });
  });

  it('refuses a regular expression RE2 cannot run, at the call', () => {
    const error = failure("regexp_replace('aa', '(a)\\\\1', 'b')");
    expect(error).toBeInstanceOf(PplEvaluationError);
    expect(error.message).toMatch(/backreference/);
  });
});

describe('condition functions', () => {
  const cases: Array<[string, PplRow, PplValue]> = [
    ['nullif(1, 1)', {}, null],
    ['nullif(1, 2)', {}, 1],
    ['nullif(x, 1)', {}, null],
    ["nullif('a', 'A')", {}, 'a'],
    ['isblank(s)', { s: '\t\n ' }, true],
    ["isblank('a ')", {}, false],
    ['isblank(s)', {}, true],
    ["isempty('')", {}, true],
    ["isempty(' ')", {}, false],
    ['isempty(s)', { s: null }, true],
    ['ispresent(x)', { x: 0 }, true],
    ['ispresent(x)', {}, false],
    // now is 2024-05-01 12:00:00 UTC.
    ["earliest('-1h', t)", { t: '2024-05-01 11:30:00' }, true],
    ["earliest('-1h', t)", { t: '2024-05-01 10:59:59' }, false],
    ["latest('-1h', t)", { t: '2024-05-01 10:59:59' }, true],
    ["earliest('@d', t)", { t: '2024-05-01 00:00:00' }, true],
    ["earliest('-1mon@mon', t)", { t: '2024-04-01 00:00:00' }, true],
    ["earliest('-1mon@mon', t)", { t: '2024-03-31 23:59:59' }, false],
    // -1d: 2024-04-30 12:00, @d: its midnight, +6h: 06:00.
    ["earliest('-1d@d+6h', t)", { t: '2024-04-30 06:00:00' }, true],
    ["earliest('-1d@d+6h', t)", { t: '2024-04-30 05:59:59' }, false],
    ["latest('+1w', t)", { t: '2024-05-08 12:00:00' }, true],
    ["earliest('-7d@w', t)", { t: '2024-04-21 00:00:00' }, true],
    ["earliest('-7d@w', t)", { t: '2024-04-20 23:59:59' }, false],
    ["earliest('05/01/2024:00:00:00', t)", { t: '2024-05-01 00:00:00' }, true],
    ["latest('2024-05-01 00:00:00', t)", { t: '2024-05-01 00:00:01' }, false],
    ["earliest('now', t)", { t: '2024-05-01 12:00:01' }, true],
    ["regexp_match('abc', '^b')", {}, false],
    ["regexp_match('abc', 'b')", {}, true],
    ["regexp_match(s, 'b')", {}, null],
    // The grammar's other name for it, and the SQL plugin's truncate and strcmp.
    ["regex_match('abc', 'b.')", {}, true],
    ['truncate(56.78, 1)', {}, 56.7],
    ['truncate(-56.78, 0)', {}, -56],
    ['truncate(129, -1)', {}, 120],
    ['truncate(-0.995, 2)', {}, -0.99],
    ["strcmp('hello', 'world')", {}, -1],
    ["strcmp('world', 'hello')", {}, 1],
    ["strcmp('B', 'a')", {}, -1],
    ["strcmp('a', 'a')", {}, 0],
    ["if(x > 1, 'big', 'small')", { x: null }, 'small'],
    ['coalesce(x, y, 0)', { y: 2.5 }, 2.5],
    ['coalesce(x, 5, y)', { y: 'z' }, '5'],
  ];
  it.each(cases)('%s with %p is %p', (text, row, value) => {
    expect(run(text, row).v).toEqual(value);
  });

  it('coalesce takes a field that does not exist as null (condition.md); others still fail', () => {
    const types = { s: 'string', i: 'int' };
    expect(inferType(expr('coalesce(nope, s)'), types)).toBe('string');
    expect(inferType(expr('coalesce(nope, i, 2.5)'), types)).toBe('double');
    expect(run('coalesce(nope, s)', { s: 'x' }).v).toBe('x');
    expect(() => inferType(expr('ifnull(nope, s)'), types)).toThrow(/unknown field "nope"/);
    expect(() => inferType(expr('coalesce(lower(nope), s)'), types)).toThrow(/unknown field/);
  });

  it('earliest names the problem with an unreadable time', () => {
    expect(failure("earliest('yesterday-ish', t)", { t: '2024-05-01 00:00:00' }).message).toMatch(
      /cannot read the time "yesterday-ish"/
    );
  });

  it.each([
    ["s contains 'MB'", { s: 'Amber' }, true],
    ["s contains 'x'", { s: 'Amber' }, false],
    ["s contains '%'", { s: 'a%c' }, true],
    ["s contains '%'", { s: 'abc' }, false],
    ["s contains '_'", { s: 'abc' }, false],
    ["s contains 'b'", {}, null],
  ] as Array<[string, PplRow, boolean | null]>)('where %s with %p is %p', (text, row, value) => {
    expect(evaluateTyped(expr(text, 'where'), row).v).toBe(value);
  });
});

describe('conversion: cast, tostring, tonumber', () => {
  const cases: Array<[string, PplValue, string]> = [
    ["cast('192.168.000.001' as ip)", '192.168.0.1', 'ip'],
    ["cast('2001:0DB8:0000:0000:0000:0000:0000:0001' as ip)", '2001:db8::1', 'ip'],
    ["cast('::ffff:10.0.0.1' as ip)", '::ffff:a00:1', 'ip'],
    ["cast('1:0:0:2:0:0:0:3' as ip)", '1:0:0:2::3', 'ip'],
    ["cast(timestamp('2024-01-02 03:04:05') as date)", '2024-01-02', 'date'],
    ["cast(timestamp('2024-01-02 03:04:05') as time)", '03:04:05', 'time'],
    ["cast(date('2024-01-02') as timestamp)", '2024-01-02 00:00:00', 'timestamp'],
    ["tostring(255, 'hex')", 'ff', 'string'],
    ["tostring(5, 'binary')", '101', 'string'],
    ["tostring(-5, 'binary')", '-101', 'string'],
    ["tostring(1234567.891, 'commas')", '1,234,567.89', 'string'],
    ["tostring(1234567, 'commas')", '1,234,567', 'string'],
    ["tostring(3661, 'duration')", '01:01:01', 'string'],
    ["tostring(90061000, 'duration_millis')", '25:01:01', 'string'],
    ['tostring(1.5)', '1.5', 'string'],
    ['tostring(2.0)', '2.0', 'string'],
    ['tostring(false)', 'FALSE', 'string'],
    ["tonumber('ff', 16)", 255, 'double'],
    ["tonumber('-101', 2)", -5, 'double'],
    ["tonumber('z', 36)", 35, 'double'],
    ["tonumber('12z')", null, 'double'],
    ["tonumber('2', 2)", null, 'double'],
    ["tonumber(' 1e3 ')", 1000, 'double'],
  ];
  it.each(cases)('%s is %p (%s)', (text, value, type) => {
    expect(run(text)).toEqual({ v: value, t: type });
  });

  it.each([
    ["cast('x' as ip)", /cannot cast "x" to ip: not an IPv4 or IPv6 address/],
    ["cast(time('10:00:00') as date)", /cannot cast "10:00:00" to date/],
    ["tostring(5, 'octal')", /unknown format "octal"/],
    ["tostring('abc', 'hex')", /the "hex" format needs a number/],
    ["tonumber('1', 40)", /base must be an integer from 2 to 36/],
  ])('%s fails with a clear message', (text, message) => {
    const error = failure(text);
    expect(error).toBeInstanceOf(PplEvaluationError);
    expect(error.message).toMatch(message);
  });
});

describe('implicit string/number conversion (conversion.md)', () => {
  const cases: Array<[string, PplValue, string]> = [
    ["'2' * 3", 6, 'double'],
    ["'2.5' + 1", 3.5, 'double'],
    ["7 / '2'", 3.5, 'double'],
    ["'10' > 9", true, 'boolean'],
    ["'5' = 5", true, 'boolean'],
    ["'5.0' = 5", true, 'boolean'],
    ["'abc' = 5", null, 'boolean'],
    ["5 < 'abc'", null, 'boolean'],
    ["'a' + 'b'", 'ab', 'string'],
  ];
  it.each(cases)('%s is %p (%s)', (text, value, type) => {
    expect(run(text)).toEqual({ v: value, t: type });
  });

  it('a string that holds no number fails the arithmetic at its position', () => {
    const error = failure("1 + ('abc' * 2)");
    expect(error).toBeInstanceOf(PplEvaluationError);
    expect(error.message).toMatch(/cannot apply "\*" to the string "abc"/);
    // `'abc' * 2` starts 5 characters into the expression, after the 20 of `source=x | eval r = `.
    expect((error as PplEvaluationError).span).toEqual({ start: 25, end: 34 });
  });

  it('a type mismatch found before any row is a typed error at the operand', () => {
    const error = failure('true - 1');
    expect(error).toBeInstanceOf(PplEvaluationError);
    expect(() => evaluateTyped(expr('sqrt(true)'), {})).toThrow(PplTypeError);
  });
});
