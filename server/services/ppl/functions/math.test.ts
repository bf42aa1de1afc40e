/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/** Math functions and exact integer (int/bigint) arithmetic: own cases, worked out by hand. */
import type { Expr } from '../../../../common/ppl/ast';
import { parsePpl } from '../../../../common/ppl/parser';
import type { PplRow, PplValue } from '../../../../common/ppl/types';
import { evaluateTyped, inferType, PplEvaluationError, PplTypeError } from '../evaluate';

function expr(text: string): Expr {
  const result = parsePpl(`source=x | eval r = ${text}`);
  if (!result.ok) throw new Error(result.error.message);
  const [command] = result.query.commands;
  if (command.kind !== 'Eval') throw new Error('not an eval');
  return command.assignments[0].expr;
}

const run = (text: string, row: PplRow = {}, types?: Record<string, string>) =>
  evaluateTyped(expr(text), row, { types });

describe('math: values and types', () => {
  const cases: Array<[string, PplValue, string]> = [
    ['abs(-7)', 7, 'int'],
    ['abs(-7.25)', 7.25, 'double'],
    ['abs(-9223372036854775807)', 9223372036854775807n, 'bigint'],
    ['ceil(1.2)', 2, 'double'],
    ['ceiling(-1.2)', -1, 'double'],
    ['floor(7)', 7, 'int'],
    ['floor(-1.2)', -2, 'double'],
    ['round(1.25, 1)', 1.3, 'double'],
    ['round(-1.25, 1)', -1.3, 'double'],
    ['round(1249, -2)', 1200, 'int'],
    ['round(1250, -2)', 1300, 'int'],
    // Past 10^20 every 64-bit integer rounds to 0 (without computing 10^1000000000).
    ['round(5, -1000000000)', 0, 'int'],
    ['sign(-7)', -1, 'int'],
    ['sign(0.0)', 0, 'double'],
    ['signum(3000000000)', 1, 'bigint'],
    ['add(1, 2.5)', 3.5, 'double'],
    // add/subtract/multiply widen int operands as the operators do.
    ['subtract(5, 7)', -2, 'bigint'],
    ['sum(1, 2, 3)', 6, 'bigint'],
    ['sum(7)', 7, 'int'],
    ['multiply(3000000000, 3)', 9000000000, 'bigint'],
    ['divide(7, 2)', 3, 'int'],
    ['divide(7.0, 2)', 3.5, 'double'],
    ['divide(7, 0)', null, 'int'],
    ['mod(-7, 3)', -1, 'int'],
    ['mod(7.5, 2)', 1.5, 'double'],
    ['modulus(7, 0)', null, 'int'],
    ['sum(1, 2.5, 3)', 6.5, 'double'],
    ['sum(1, 2, 3000000000)', 3000000003, 'bigint'],
    ['avg(1, 2)', 1.5, 'double'],
    ["max(3, 'a')", 'a', 'string'],
    ["min(3, 'a')", 3, 'int'],
    ["max('b', 'a', 'ab')", 'b', 'string'],
    ['min(2, 1.5)', 1.5, 'double'],
    ['pow(2, 10)', 1024, 'double'],
    ['power(4, 0.5)', 2, 'double'],
    ['pow(-8, 0.5)', null, 'double'],
    ['sqrt(16)', 4, 'double'],
    ['sqrt(-4)', null, 'double'],
    ['cbrt(-8)', -2, 'double'],
    ['ln(0)', null, 'double'],
    ['log(-1)', null, 'double'],
    ['log10(1000)', 3, 'double'],
    ['log2(0.5)', -1, 'double'],
    ['exp(0)', 1, 'double'],
    ['expm1(0)', 0, 'double'],
    ['e()', Math.E, 'double'],
    ['pi()', Math.PI, 'double'],
    ['atan2(1, 1)', Math.PI / 4, 'double'],
    ['atan(1)', Math.PI / 4, 'double'],
    ['acos(2)', null, 'double'],
    ['asin(1)', Math.PI / 2, 'double'],
    ['cos(0)', 1, 'double'],
    ['sin(0)', 0, 'double'],
    ['cosh(0)', 1, 'double'],
    ['sinh(0)', 0, 'double'],
    ['degrees(0)', 0, 'double'],
    ['radians(180)', Math.PI, 'double'],
    ['rint(2.5)', 2, 'double'],
    ['rint(3.5)', 4, 'double'],
    ['rint(-2.5)', -2, 'double'],
    ["conv('ff', 16, 2)", '11111111', 'string'],
    ["conv('-10', 10, 16)", '-a', 'string'],
    ["conv('z', 36, 10)", '35', 'string'],
    ["conv('12x', 10, 10)", '12', 'string'],
    ['conv(8, 10, 1)', null, 'string'],
    ["crc32('')", 0, 'bigint'],
    ["crc32('a')", 0xe8b7be43, 'bigint'],
    // Strings read as doubles (conversion.md).
    ["abs('-2')", 2, 'double'],
    ["round('2.345', 2)", 2.35, 'double'],
  ];
  it.each(cases)('%s is %p (%s)', (text, value, type) => {
    expect(run(text)).toEqual({ v: value, t: type });
    expect(inferType(expr(text), {})).toBe(type);
  });

  it('rand(n) repeats for the same seed and stays in [0, 1)', () => {
    const a = run('rand(7)').v as number;
    expect(run('rand(7)').v).toBe(a);
    expect(run('rand(8)').v).not.toBe(a);
    for (const v of [a, run('rand()').v as number]) {
      expect(v).toBeGreaterThanOrEqual(0);
      expect(v).toBeLessThan(1);
    }
  });
});

describe('math: exact integers through the evaluator (int, bigint, overflow)', () => {
  const cases: Array<[string, PplRow, Record<string, string> | undefined, PplValue, string]> = [
    ['9223372036854775807 - 1', {}, undefined, 9223372036854775806n, 'bigint'],
    ['9223372036854775807 / 2', {}, undefined, 4611686018427387903n, 'bigint'],
    ['9223372036854775807 % 10', {}, undefined, 7, 'bigint'],
    ['-9223372036854775807 - 1', {}, undefined, -9223372036854775808n, 'bigint'],
    ['cast(65536 as long) * 65536', {}, undefined, 4294967296, 'bigint'],
    ['a + 1', { a: 9007199254740993n }, { a: 'long' }, 9007199254740994n, 'bigint'],
    ['a * 1.0', { a: 9007199254740993n }, { a: 'long' }, 9007199254740992, 'double'],
    [
      'a - b',
      { a: 9007199254740993n, b: 9007199254740992n },
      { a: 'long', b: 'long' },
      1,
      'bigint',
    ],
    ['a = 9007199254740993', { a: 9007199254740993n }, { a: 'long' }, true, 'boolean'],
    ['a > 9007199254740992', { a: 9007199254740993n }, { a: 'long' }, true, 'boolean'],
    ['abs(a)', { a: -9007199254740993n }, { a: 'long' }, 9007199254740993n, 'bigint'],
    ['cast(a as string)', { a: 9007199254740993n }, { a: 'long' }, '9007199254740993', 'string'],
    ['typeof(3000000000)', {}, undefined, 'BIGINT', 'string'],
    ['typeof(2147483647)', {}, undefined, 'INT', 'string'],
    ['typeof(1.5)', {}, undefined, 'DOUBLE', 'string'],
  ];
  it.each(cases)('%s with %p is %p (%s)', (text, row, types, value, type) => {
    expect(run(text, row, types)).toEqual({ v: value, t: type });
  });

  it.each([
    ['4611686018427387904 * 2', /long overflow/],
    ['multiply(9223372036854775807, 2)', /long overflow/],
    ['abs(-2147483648)', /integer overflow: abs\(-2147483648\)/],
    ['sum(9223372036854775807, 1)', /long overflow/],
  ])('%s is an overflow error, not a wrap-around', (text, message) => {
    expect(() => run(text)).toThrow(PplEvaluationError);
    expect(() => run(text)).toThrow(message);
  });
});

describe('math: nulls and type errors', () => {
  it.each([
    'abs(x)',
    'round(x, 2)',
    'pow(2, x)',
    'mod(x, 2)',
    'conv(x, 10, 2)',
    'sum(1, x)',
    'crc32(x)',
  ])('%s of a missing field is null', (text) => {
    expect(run(text).v).toBeNull();
  });

  it.each([
    ['sqrt(true)', PplTypeError, /"sqrt" expects a number for argument 1, found boolean/],
    ["abs('x')", PplEvaluationError, /"abs" expects a number, found the string "x"/],
    ['cot(0)', PplEvaluationError, /cotangent of 0/],
    ['add(array(1), 1)', PplTypeError, /"add" expects a number for argument 1, found array/],
    ['rand(1e309)', PplEvaluationError, /"rand" expects a finite integer, found Infinity/],
  ])('%s fails', (text, type, message) => {
    let error: unknown;
    try {
      run(text);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(type);
    expect((error as Error).message).toMatch(message);
  });
});
