/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

import type { Aggregation, Expr } from '../../../common/ppl/ast';
import {
  evaluate,
  evaluatePredicate,
  inferAggregationType,
  inferType,
  javaFloatToString,
  PplEvaluationError,
  PplTypeError,
  toPplString,
} from './evaluate';
import { parsePpl } from '../../../common/ppl/parser';
import type { PplRow, PplValue } from '../../../common/ppl/types';

/** The expression `text`, as `eval r = <text>` parses it. */
function expr(text: string): Expr {
  const result = parsePpl(`source=x | eval r = ${text}`);
  if (!result.ok) {
    throw new Error(result.error.message);
  }
  const [command] = result.query.commands;
  if (command.kind !== 'Eval') {
    throw new Error('not an eval');
  }
  return command.assignments[0].expr;
}

function aggregation(text: string): Aggregation {
  const result = parsePpl(`source=x | stats ${text}`);
  if (!result.ok || result.query.commands[0].kind !== 'Stats') {
    throw new Error(`cannot parse ${text}`);
  }
  return result.query.commands[0].aggregations[0];
}

/** What `fn` throws (the test fails if it throws nothing). */
function thrown(fn: () => unknown): unknown {
  try {
    fn();
  } catch (error) {
    return error;
  }
  throw new Error('expected an error');
}

const run = (text: string, row: PplRow = {}, types?: Record<string, string>): PplValue =>
  evaluate(expr(text), row, { types });

describe('evaluate: three-valued logic', () => {
  const T = true;
  const F = false;
  const N = null;
  // a, b, a AND b, a OR b, a XOR b
  const table: Array<
    [boolean | null, boolean | null, boolean | null, boolean | null, boolean | null]
  > = [
    [T, T, T, T, F],
    [T, F, F, T, T],
    [T, N, N, T, N],
    [F, T, F, T, T],
    [F, F, F, F, F],
    [F, N, F, N, N],
    [N, T, N, T, N],
    [N, F, F, N, N],
    [N, N, N, N, N],
  ];
  it.each(table)('a=%p b=%p: AND %p, OR %p, XOR %p', (a, b, andV, orV, xorV) => {
    const row = { a, b };
    expect(run('a AND b', row)).toBe(andV);
    expect(run('a OR b', row)).toBe(orV);
    expect(run('a XOR b', row)).toBe(xorV);
  });

  it.each([
    [true, false],
    [false, true],
    [null, null],
  ])('NOT %p is %p', (a, expected) => {
    expect(run('NOT a', { a })).toBe(expected);
  });

  it('short-circuits: false AND anything is false without evaluating the right side', () => {
    expect(run("false AND 1 / x = cast('bad' as int)")).toBe(false);
    expect(run("true OR cast('bad' as int) = 1")).toBe(true);
  });

  it('refuses non-boolean operands', () => {
    expect(() => run('a AND true', { a: 1 })).toThrow(PplEvaluationError);
    expect(() => run('NOT a', { a: 'x' })).toThrow(/NOT expects a boolean, found string/);
  });
});

describe('evaluate: null propagation', () => {
  const cases: Array<[string, PplRow, PplValue]> = [
    ['a = 1', { a: null }, null],
    ['a = 1', {}, null],
    ['a != 1', { a: null }, null],
    ['a < b', { a: 1, b: null }, null],
    ['a = b', { a: null, b: null }, null],
    ['a + 1', { a: null }, null],
    ['-a', { a: null }, null],
    ['a * b', { a: 2 }, null],
    ['lower(a)', { a: null }, null],
    ['substring(a, 1, 2)', { a: null }, null],
    ['round(a, 1)', { a: null }, null],
    ["replace(a, 'x', 'y')", { a: null }, null],
    ['a IN (1, 2)', { a: null }, null],
    ['a NOT IN (1, 2)', { a: null }, null],
    ['a BETWEEN 1 AND 3', { a: null }, null],
    ['a NOT BETWEEN 1 AND 3', { a: null }, null],
    ['a BETWEEN b AND 3', { a: 5, b: null }, false],
    ["a LIKE 'x%'", { a: null }, null],
    ['isnull(a)', { a: null }, true],
    ['isnull(a)', {}, true],
    ['isnotnull(a)', { a: null }, false],
    ['a IS NULL', { a: null }, true],
    ['a IS NOT NULL', { a: 0 }, true],
    ['ifnull(a, 5)', { a: null }, 5],
    ['ifnull(a, 5)', { a: 3 }, 3],
    ['coalesce(a, b, 3)', { a: null, b: null }, 3],
    ['coalesce(a, b, 3)', { a: null, b: 2 }, 2],
    ['coalesce(a, b)', {}, null],
    ["coalesce(a, '')", { a: null }, ''],
    ['coalesce(null, 3.14)', {}, 3.14],
    ['coalesce(null, a)', { a: 2 }, 2],
    ["if(a > 1, 'y', 'n')", { a: null }, 'n'],
    ["case(a > 1, 'y')", { a: null }, null],
    ["case(a > 1, 'y' else 'n')", { a: null }, 'n'],
    ['cast(a as string)', { a: null }, null],
    ["concat('a', b)", { b: null }, null],
    ["concat_ws(',', 'a', b, 'c')", { b: null }, 'a,c'],
    ["concat_ws(s, 'a')", { s: null }, null],
  ];
  it.each(cases)('%s with %p is %p', (text, row, expected) => {
    expect(run(text, row)).toBe(expected);
  });
});

describe('evaluatePredicate: where keeps a row only when the condition is exactly true', () => {
  it.each([
    [{ a: 2 }, true],
    [{ a: 0 }, false],
    [{ a: null }, false],
    [{}, false],
  ])('%p -> %p', (row, kept) => {
    expect(evaluatePredicate(expr('a > 1'), row)).toBe(kept);
  });
});

describe('evaluate: arithmetic', () => {
  const cases: Array<{
    text: string;
    row: PplRow;
    expected: PplValue;
    types?: Record<string, string>;
  }> = [
    { text: '1 + 2 * 3', row: {}, expected: 7 },
    { text: '(1 + 2) * 3', row: {}, expected: 9 },
    { text: '7 / 2', row: {}, expected: 3 },
    { text: '-7 / 2', row: {}, expected: -3 },
    { text: '7.0 / 2', row: {}, expected: 3.5 },
    { text: '7 / 0', row: {}, expected: null },
    { text: '7.5 / 0', row: {}, expected: null },
    { text: '0.0 / 0', row: {}, expected: null },
    { text: '7 % 3', row: {}, expected: 1 },
    { text: '-7 % 3', row: {}, expected: -1 },
    { text: '7 % 0', row: {}, expected: null },
    { text: '7.5 % 2', row: {}, expected: 1.5 },
    { text: '1 + 2.5', row: {}, expected: 3.5 },
    { text: '1.1F + 1', row: {}, expected: Math.fround(Math.fround(1.1) + 1) },
    { text: "'a' + 'b'", row: {}, expected: 'ab' },
    { text: '-a', row: { a: 5 }, expected: -5 },
    { text: '+a', row: { a: 5 }, expected: 5 },
    // Without types, an integral value is an integer; with them, a double column divides as doubles.
    { text: 'a / 2', row: { a: 7 }, expected: 3 },
    { text: 'a / 2', row: { a: 7 }, expected: 3.5, types: { a: 'double' } },
    { text: 'a / b', row: { a: 7, b: 2 }, expected: 3.5, types: { a: 'float', b: 'long' } },
    { text: 'a + 1', row: { a: 2147483647 }, expected: 2147483648, types: { a: 'long' } },
    { text: 'a + 1', row: { a: '41' }, expected: 42, types: { a: 'long' } },
    { text: 'a * 2', row: { a: 2 ** 53 }, expected: 2n ** 54n, types: { a: 'long' } },
    { text: '9007199254740993 + 1', row: {}, expected: 9007199254740994n },
    // Back to a number once exact.
    { text: 'a - 2', row: { a: 9007199254740993n }, expected: 9007199254740991 },
  ];
  it.each(cases)('$text', ({ text, row, expected, types }) => {
    expect(run(text, row, types)).toEqual(expected);
  });

  it.each([
    // `+`, `-`, `*` widen int operands to bigint first (PPLFuncImpTable), so only a bigint
    // result overflows; a negation keeps its type.
    [
      '9223372036854775807 + 1',
      {},
      undefined,
      /long overflow: 9223372036854775807 \+ 1 does not fit in 64-bit long/,
    ],
    ['a * 2', { a: 9223372036854775807n }, { a: 'long' }, /does not fit in 64-bit long/],
    ['-(-2147483648)', {}, undefined, /does not fit in int/],
    // PPL reads a string beside a number as a double; one that holds no number fails.
    ["'a' + 1", {}, undefined, /cannot apply "\+" to the string "a"/],
    ['a - 1', { a: true }, undefined, /cannot apply "-" to boolean and int/],
  ] as Array<[string, PplRow, Record<string, string> | undefined, RegExp]>)(
    '%s fails',
    (text, row, types, message) => {
      expect(() => run(text, row, types)).toThrow(message);
    }
  );

  it('reports the span of the failing expression', () => {
    const e = expr('1 + (9223372036854775807 + 1)');
    const error = thrown(() => evaluate(e, {}));
    expect(error).toBeInstanceOf(PplEvaluationError);
    expect((error as PplEvaluationError).span).toEqual({ start: 25, end: 48 });
  });
});

describe('evaluate: comparisons', () => {
  const cases: Array<[string, PplRow, PplValue]> = [
    ['1 = 1.0', {}, true],
    ['a = 1', { a: 1n }, true],
    ['a > 9007199254740992', { a: 9007199254740993n }, true],
    ["'10' > 9", {}, true],
    ["a = '5'", { a: 5 }, true],
    ["'abc' < 'abd'", {}, true],
    ["'B' < 'a'", {}, true],
    ["'a' = 'A'", {}, false],
    ['true > false', {}, true],
    ['a != b', { a: 'x', b: 'y' }, true],
    ['a >= 3 and a <= 3', { a: 3 }, true],
    ["a IN (1, 'x', 2.5)", { a: 2.5 }, true],
    ["a IN (1, 'x')", { a: 'X' }, false],
    ["a NOT IN (1, 'x')", { a: 3 }, true],
    ['a BETWEEN 1 AND 3', { a: 3 }, true],
    ['a BETWEEN 1 AND 3', { a: 4 }, false],
    ['a NOT BETWEEN 1 AND 3', { a: 4 }, true],
    ["a BETWEEN 'a' AND 'c'", { a: 'b' }, true],
    ["t > '2024-01-01 00:00:00'", { t: '2024-06-01 12:00:00' }, true],
  ];
  it.each(cases)('%s with %p is %p', (text, row, expected) => {
    expect(run(text, row)).toBe(expected);
  });
});

describe('evaluate: LIKE', () => {
  const cases: Array<[string, PplRow, boolean]> = [
    // Case-insensitive by default (string.md: legacy.preferred=true makes case_sensitive false).
    [String.raw`'Hello' LIKE 'h%'`, {}, true],
    [String.raw`like('Hello', 'h%')`, {}, true],
    [String.raw`like('Hello', 'h%', true)`, {}, false],
    [String.raw`like('Hello', 'H_llo', true)`, {}, true],
    [String.raw`like('hello world', '_ELLo%', false)`, {}, true],
    [String.raw`ilike('ABC', 'a%')`, {}, true],
    [String.raw`'abc' like 'a_'`, {}, false],
    [String.raw`'a%b' like 'a\\%b'`, {}, true],
    [String.raw`'axb' like 'a\\%b'`, {}, false],
    [String.raw`'a_b' like 'a\_b'`, {}, true],
    [String.raw`'a.c' like 'a.c'`, {}, true],
    [String.raw`'abc' like 'a.c'`, {}, false],
    [String.raw`'(x)*' like '(%)*'`, {}, true],
    [
      String.raw`'line1
line2' like 'line1%'`,
      {},
      true,
    ],
    [String.raw`a like '1%'`, { a: 123 }, true],
    [String.raw`'héllo' like 'h_llo'`, {}, true],
  ];
  it.each(cases)('%s', (text, row, expected) => {
    expect(run(text, row)).toBe(expected);
  });
});

describe('evaluate: string functions', () => {
  const cases: Array<[string, PplRow, PplValue]> = [
    ["lower('HeLLo')", {}, 'hello'],
    ["upper('HeLLo')", {}, 'HELLO'],
    ["trim('  a b  ')", {}, 'a b'],
    ["ltrim('  a ')", {}, 'a '],
    ["rtrim('  a ')", {}, '  a'],
    ["trim('\ta ')", {}, '\ta'],
    ["length('helloworld')", {}, 10],
    ["length('héllo')", {}, 5],
    ["length('')", {}, 0],
    ["concat('hello ', 'whole ', 'world', '!')", {}, 'hello whole world!'],
    ["concat('a', 1, true, 1.5)", {}, 'a1TRUE1.5'],
    ["concat_ws(',', 'hello', 'world')", {}, 'hello,world'],
    ["substring('helloworld', 5)", {}, 'oworld'],
    ["substring('helloworld', 5, 3)", {}, 'owo'],
    ["substr('hello', 0, 2)", {}, 'h'],
    ["substring('hello', -1)", {}, 'hello'],
    ["substring('hello', 10)", {}, ''],
    ["substring('hello', 4, 10)", {}, 'lo'],
    ["replace('helloworld', 'world', 'universe')", {}, 'hellouniverse'],
    ["replace('helloworld', 'invalid', 'universe')", {}, 'helloworld'],
    ["replace('test123', '\\\\d+', '')", {}, 'test'],
    ["replace('hello  world', ' +', ' ')", {}, 'hello world'],
    ["replace('1/14/2023', '^(\\\\d{1,2})/(\\\\d{1,2})/', '$2/$1/')", {}, '14/1/2023'],
    ["replace('Hello World', '(\\\\w+) (\\\\w+)', '\\\\2 \\\\1')", {}, 'World Hello'],
    ["replace('api.example.com', 'example\\\\.com', 'newsite.org')", {}, 'api.newsite.org'],
    [
      "replace('https://api.example.com/v1', '\\\\Qhttps://api.example.com\\\\E', 'http://localhost:8080')",
      {},
      'http://localhost:8080/v1',
    ],
    ["replace('test', '^', 'pre_')", {}, 'pre_test'],
    ["replace('cost', 'cost', '\\\\$5')", {}, '$5'],
    ["replace('ab', '(?<x>a)', '${x}!')", {}, 'a!b'],
  ];
  it.each(cases)('%s is %p', (text, row, expected) => {
    expect(run(text, row)).toBe(expected);
  });

  it.each([
    ["substring('hello', 2, -1)", /substring length must not be negative/],
    ["replace('a', '(', 'x')", /invalid regular expression "\("/],
    ["replace('a', 'a', '$x')", /"\$" must be followed by a group number/],
  ])('%s fails', (text, message) => {
    expect(() => run(text)).toThrow(message);
  });
});

describe('evaluate: math functions', () => {
  const cases: Array<{
    text: string;
    row: PplRow;
    expected: PplValue;
    types?: Record<string, string>;
  }> = [
    { text: 'abs(-5)', row: {}, expected: 5 },
    { text: 'abs(-2.5)', row: {}, expected: 2.5 },
    { text: 'round(12.34)', row: {}, expected: 12 },
    { text: 'round(12.34, 1)', row: {}, expected: 12.3 },
    { text: 'round(12.34, -1)', row: {}, expected: 10 },
    { text: 'round(12, 1)', row: {}, expected: 12 },
    { text: 'round(2.675, 2)', row: {}, expected: 2.68 },
    { text: 'round(-2.5)', row: {}, expected: -3 },
    { text: 'round(0.5)', row: {}, expected: 1 },
    { text: 'round(0.04)', row: {}, expected: 0 },
    { text: 'round(15, -1)', row: {}, expected: 20 },
    { text: 'round(-15, -1)', row: {}, expected: -20 },
    { text: 'round(1234.5678, -2)', row: {}, expected: 1200 },
    { text: 'ceil(50.00005)', row: {}, expected: 51 },
    { text: 'ceiling(-50.00005)', row: {}, expected: -50 },
    { text: 'floor(-50.00005)', row: {}, expected: -51 },
    { text: 'floor(5)', row: {}, expected: 5 },
    { text: 'floor(a)', row: { a: 2.5 }, expected: 2 },
    { text: 'round(a, 1)', row: { a: 2 }, expected: 2, types: { a: 'double' } },
  ];
  it.each(cases)('$text', ({ text, row, expected, types }) => {
    expect(run(text, row, types)).toBe(expected);
  });

  it('reads a numeric string as a double, and refuses one that holds no number', () => {
    expect(run("abs('-2.5')")).toBe(2.5);
    expect(() => run("abs('x')")).toThrow(/"abs" expects a number, found the string "x"/);
  });
});

describe('evaluate: conditionals take the common type of their branches', () => {
  const cases: Array<[string, PplRow, PplValue]> = [
    ["case(a > 1, 'x', a < 0, 'y' else 'z')", { a: 2 }, 'x'],
    ["case(a > 1, 'x', a < 0, 'y' else 'z')", { a: -1 }, 'y'],
    ["case(a > 1, 'x', a < 0, 'y' else 'z')", { a: 0 }, 'z'],
    ["case(a > 1, 'x', a < 0, 'y' else 'z')", { a: null }, 'z'],
    ["if(a = 1, 'one', 'other')", { a: 1 }, 'one'],
    ['if(true, 1, 2.5)', {}, 1],
    ["coalesce(a, 'none')", { a: 5 }, '5'],
    ["coalesce(a, 'none')", { a: 1.5 }, '1.5'],
    ["if(a, 'one', 'x')", { a: true }, 'one'],
    ['ifnull(a, 1)', { a: null }, 1],
    // A condition evaluated only when taken: the untaken branch may fail.
    ["if(true, 1, 1 + 'x')", {}, 1],
  ];
  it.each(cases)('%s with %p is %p', (text, row, expected) => {
    expect(run(text, row)).toBe(expected);
  });
});

describe('evaluate: cast', () => {
  const cases: Array<[string, PplRow, PplValue]> = [
    ['cast(true as string)', {}, 'TRUE'],
    ['cast(1 as string)', {}, '1'],
    ['cast(1.0 as string)', {}, '1.0'],
    ['cast(1e20 as string)', {}, '1.0E20'],
    ['cast(0.0001 as string)', {}, '1.0E-4'],
    ['cast(1.1F as string)', {}, '1.1'],
    ['cast(1.5 as int)', {}, 1],
    ['cast(-1.5 as integer)', {}, -1],
    ["cast('12' as int)", {}, 12],
    ["cast(' 12 ' as long)", {}, 12],
    ["cast('9223372036854775807' as long)", {}, 9223372036854775807n],
    ['cast(true as int)', {}, 1],
    ["cast('1e3' as double)", {}, 1000],
    ["cast('2.5' as float)", {}, 2.5],
    ['cast(1 as double)', {}, 1],
    ['cast(0 as boolean)', {}, false],
    ['cast(2 as boolean)', {}, true],
    ["cast('TRUE' as boolean)", {}, true],
    ["cast(' false ' as boolean)", {}, false],
    ['cast(cast(true as string) as boolean)', {}, true],
    ["cast('2012-08-07' as date)", {}, '2012-08-07'],
    ["cast('2012-08-07 01:01:01' as date)", {}, '2012-08-07'],
    ["cast('2012-08-07 01:01:01' as timestamp)", {}, '2012-08-07 01:01:01'],
    ["cast('2012-08-07' as timestamp)", {}, '2012-08-07 00:00:00'],
    ["cast('2012-08-07 01:01:01.500' as timestamp)", {}, '2012-08-07 01:01:01.5'],
    ["cast('2012-08-07T01:01:01Z' as timestamp)", {}, '2012-08-07 01:01:01'],
    ["cast('2012-08-07T01:01:01+02:00' as timestamp)", {}, '2012-08-06 23:01:01'],
    ["cast('01:01:01' as time)", {}, '01:01:01'],
    ["cast('2012-08-07 13:14:15' as time)", {}, '13:14:15'],
    ["cast(date('2012-08-07') as time)", {}, '00:00:00'],
  ];
  it.each(cases)('%s is %p', (text, row, expected) => {
    expect(run(text, row)).toEqual(expected);
  });

  // The SQL plugin's cast to a number or a boolean is a safe cast (visitCast: makeCast(…, safe
  // = true)): what does not convert is null. Only the one-character literals '1'/'0' read as
  // booleans (ExtendedRexBuilder.makeCast); other strings must say true or false.
  it.each([
    ["cast('1.5' as int)", {}, null],
    ["cast('abc' as double)", {}, null],
    ["cast('yes' as boolean)", {}, null],
    ["cast('1' as boolean)", {}, true],
    ["cast('0' as boolean)", {}, false],
    ["cast('2' as boolean)", {}, null],
    ['cast(s as boolean)', { s: '1' }, null],
    ['cast(s as boolean)', { s: ' True ' }, true],
    ['cast(1.5 as boolean)', {}, true],
    ['cast(0.0 as boolean)', {}, false],
    ['cast(3000000000 as int)', {}, null],
    ["cast('3000000000' as long)", {}, 3000000000],
  ] as Array<[string, PplRow, PplValue]>)(
    '%s with %p is %p (a safe cast)',
    (text, row, expected) => {
      expect(run(text, row)).toEqual(expected);
    }
  );

  it.each([
    ['cast(1 as ip)', /Cannot convert INTEGER to IP, only STRING and IP types are supported/],
    ["cast('2012-02-30' as date)", /cannot cast "2012-02-30" to date/],
    ["cast('25:00:00' as time)", /cannot cast "25:00:00" to time/],
    [
      'cast(1 as timestamp)',
      /cannot cast 1 to timestamp: a number is no date; from_unixtime\(x\) reads seconds/,
    ],
    ["cast(time('10:00:00') as date)", /cannot cast "10:00:00" to date: a time has no date/],
  ])('%s fails', (text, message) => {
    expect(() => run(text)).toThrow(message);
  });
});

describe('evaluate: fields', () => {
  it.each([
    ['a', { a: 1 }, 1],
    ['geo.city', { geo: { city: 'Paris' } }, 'Paris'],
    ['geo.city', { 'geo.city': 'Lyon', geo: { city: 'Paris' } }, 'Lyon'],
    ['geo.zip', { geo: { city: 'Paris' } }, null],
    ['`my field`', { 'my field': 'x' }, 'x'],
    ['@timestamp', { '@timestamp': '2024-01-01 00:00:00' }, '2024-01-01 00:00:00'],
    ['missing', {}, null],
  ] as Array<[string, PplRow, PplValue]>)('%s in %p is %p', (text, row, expected) => {
    expect(run(text, row)).toEqual(expected);
  });

  it('takes types from a Map as well as from a record', () => {
    expect(evaluate(expr('a / 2'), { a: 5 }, { types: new Map([['a', 'double']]) })).toBe(2.5);
  });
});

describe('toPplString and javaFloatToString', () => {
  it.each([
    [true, undefined, 'TRUE'],
    [5, 'int', '5'],
    [5, 'double', '5.0'],
    [0.1, 'double', '0.1'],
    [1e7, 'double', '1.0E7'],
    [12345678901234567890n, 'bigint', '12345678901234567890'],
    [Math.fround(0.1), 'float', '0.1'],
    [Math.fround(1e10), 'float', '1.0E10'],
    [Math.fround(123.456), 'float', '123.456'],
    [[1, 'a'], undefined, '[1,"a"]'],
  ] as Array<[PplValue, 'int' | 'double' | 'float' | 'bigint' | undefined, string]>)(
    '%p as %s is %s',
    (v, t, text) => {
      expect(toPplString(v, t)).toBe(text);
    }
  );

  it.each([
    [0, '0.0'],
    [-0, '-0.0'],
    [Infinity, 'Infinity'],
    [NaN, 'NaN'],
    [1.5, '1.5'],
    [0.001, '0.001'],
    [0.0001, '1.0E-4'],
  ])('Float.toString(%p) is %s', (v, text) => {
    expect(javaFloatToString(v)).toBe(text);
  });
});

describe('inferType: PPL schema type names', () => {
  const types = {
    i: 'integer',
    l: 'long',
    d: 'double',
    f: 'float',
    s: 'keyword',
    b: 'boolean',
    t: 'date',
    n: 'bigint',
  };
  const cases: Array<[string, string]> = [
    ['1', 'int'],
    ['3000000000', 'bigint'],
    ['1.5', 'double'],
    ['1.5F', 'float'],
    ["'a'", 'string'],
    ['true', 'boolean'],
    ['i', 'int'],
    ['l', 'bigint'],
    ['n', 'bigint'],
    ['t', 'timestamp'],
    ['s', 'string'],
    // The SQL plugin widens the integer operands of + - * (int + 1 is bigint); / and % do not.
    ['i + 1', 'bigint'],
    ['i + l', 'bigint'],
    ['i * d', 'double'],
    ['f + i', 'float'],
    ['f + d', 'double'],
    ['i / i', 'int'],
    ['i % 2', 'int'],
    ['-l', 'bigint'],
    ['s + s', 'string'],
    ['i > 1 AND b', 'boolean'],
    ['NOT b', 'boolean'],
    ['i IN (1, 2)', 'boolean'],
    ['i BETWEEN 1 AND 2', 'boolean'],
    ["s LIKE 'x%'", 'boolean'],
    ['s IS NULL', 'boolean'],
    ['isnull(s)', 'boolean'],
    ['lower(s)', 'string'],
    ["concat(s, 'x')", 'string'],
    ['substring(s, 1)', 'string'],
    ['length(s)', 'int'],
    ['round(d, 1)', 'double'],
    ['round(i)', 'int'],
    ['abs(l)', 'bigint'],
    ['floor(f)', 'float'],
    ['if(b, i, d)', 'double'],
    ['if(b, i, l)', 'bigint'],
    ['ifnull(s, s)', 'string'],
    ['coalesce(i, s)', 'string'],
    // PPL has no null literal: inside coalesce `null` names no field and is a null of no type
    // (QualifiedNameResolver), so it does not make the common type a string.
    ['coalesce(null, 3.14)', 'double'],
    ['coalesce(null, i)', 'int'],
    ['coalesce(null, i, d)', 'double'],
    ['coalesce(null, null)', 'undefined'],
    ["case(b, 'one' else 'x')", 'string'],
    ["case(b, date('2024-01-01') else 'x')", 'string'],
    ['case(b, 1 else 2.5)', 'double'],
    ["if(b, t, 'x')", 'string'],
    ['case(b, 1, b, 2)', 'int'],
    ['cast(s as long)', 'bigint'],
    ['cast(s as integer)', 'int'],
    ['cast(s as INT)', 'int'],
    ['cast(i as float)', 'float'],
    ['cast(s as timestamp)', 'timestamp'],
    ['cast(s as date)', 'date'],
    ['cast(s as time)', 'time'],
    ['cast(i as boolean)', 'boolean'],
  ];
  it.each(cases)('%s is %s', (text, type) => {
    expect(inferType(expr(text), types)).toBe(type);
    expect(inferType(expr(text), new Map(Object.entries(types)))).toBe(type);
  });

  it.each([
    ['s - true', /cannot apply "-" to string and boolean/],
    ['i AND b', /AND expects a boolean, found int/],
    ['NOT s', /NOT expects a boolean, found string/],
    ['abs(b)', /"abs" expects a number for argument 1, found boolean/],
    ['-s', /cannot apply "-" to string/],
    // Calcite's CASE (case, if) and COALESCE (ifnull) need a common type: a number and text
    // have none (visitCase: "case branches must have a common type"); the condition a boolean.
    [
      "case(b, 1 else 'x')",
      /^case branches must have a common type, but got \[INTEGER, STRING\]: cast them to one type/,
    ],
    ['case(b, true else 0)', /case branches must have a common type, but got \[BOOLEAN, INTEGER\]/],
    ["case(i, 'a' else 'b')", /^Condition expected a boolean type, but got INTEGER/],
    ["if(b, 1, 'x')", /"if" branches must have a common type, but got \[INTEGER, STRING\]/],
    [
      'if(i, 1, 2)',
      /IF function expects \{\[BOOLEAN,ANY,ANY\]\}, but got \[INTEGER,INTEGER,INTEGER\]/,
    ],
    ["ifnull(i, 'x')", /"ifnull" arguments must have a common type, but got \[INTEGER, STRING\]/],
  ])('%s is refused', (text, message) => {
    expect(() => inferType(expr(text), types)).toThrow(message);
  });

  it('names an unknown field, with its span', () => {
    const error = thrown(() => inferType(expr('i + lower(nope)'), types));
    expect(error).toBeInstanceOf(PplTypeError);
    expect(error).toMatchObject({ message: 'unknown field "nope"', span: { start: 30, end: 34 } });
  });

  it.each([
    ['count()', 'bigint'],
    ['count', 'bigint'],
    ['c(s)', 'bigint'],
    ['dc(s)', 'bigint'],
    ['distinct_count(i)', 'bigint'],
    ['avg(i)', 'double'],
    ['sum(i)', 'bigint'],
    ['sum(l)', 'bigint'],
    ['sum(d)', 'double'],
    ['min(s)', 'string'],
    ['max(t)', 'timestamp'],
    ['max(i + 0.5)', 'double'],
  ])('stats %s is %s', (text, type) => {
    expect(inferAggregationType(aggregation(text), types)).toBe(type);
  });

  it('refuses sum over text', () => {
    expect(() => inferAggregationType(aggregation('sum(s)'), types)).toThrow(
      /"sum" expects a number/
    );
  });
});
