/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

import type { Expr } from '../../../common/ppl/ast';
import { MAX_EXPRESSION_DEPTH, parsePpl } from '../../../common/ppl/parser';
import type { PplValue } from '../../../common/ppl/types';
import {
  checkValueDepth,
  MAX_VALUE_DEPTH,
  PplEvaluationError,
  PplValueTooDeepError,
} from './errors';
import { evaluate, inferType, toPplString } from './evaluate';

const nestedArray = (depth: number): PplValue => {
  let v: PplValue = [];
  for (let i = 1; i < depth; i++) v = [v];
  return v;
};

describe('expressions at the parser limits', () => {
  it('a chain at the limit evaluates to its value', () => {
    const result = parsePpl(`source=x | eval x = 1${' + 1'.repeat(MAX_EXPRESSION_DEPTH - 2)}`);
    if (!result.ok) throw new Error(result.error.message);
    const command = result.query.commands[0];
    if (command.kind !== 'Eval') throw new Error('not an eval');
    expect(evaluate(command.assignments[0].expr, {})).toBe(MAX_EXPRESSION_DEPTH - 1);
  });
});

function expr(text: string): Expr {
  const result = parsePpl(`source=x | eval r = ${text}`);
  if (!result.ok) throw new Error(result.error.message);
  const command = result.query.commands[0];
  if (command.kind !== 'Eval') throw new Error('not an eval');
  return command.assignments[0].expr;
}

describe('evaluation errors are typed and carry their position', () => {
  it.each([
    // conversion.md: a string beside a number is read as a double.
    ['"5" / 10', 0.5, 'double'],
    ['"5" * 10', 50, 'double'],
    ['"5" + 10', 15, 'double'],
    ['"5" - 10', -5, 'double'],
    ['10 % "4"', 2, 'double'],
    ['"5" + "5"', '55', 'string'],
    ['"1e3" * 2', 2000, 'double'],
  ])('%s is %p (%s)', (text, value, type) => {
    expect(evaluate(expr(text), {})).toBe(value);
    expect(inferType(expr(text), {})).toBe(type);
  });

  it.each([
    [
      '"abc" * 2',
      /cannot apply "\*" to the string "abc": a string beside a number must hold a number/,
    ],
    [
      '9223372036854775807 + 1',
      /^long overflow: 9223372036854775807 \+ 1 does not fit in 64-bit long/,
    ],
    ['-9223372036854775807 - 2', /^long overflow/],
    ['9223372036854775807 * 2', /^long overflow/],
    ['abs(-9223372036854775808)', /^long overflow/],
    [
      "cast('2012-02-30' as date)",
      /^cannot cast "2012-02-30" to date: write it as yyyy-MM-dd or yyyy-MM-dd HH:mm:ss/,
    ],
    ["replace('a', '(', 'b')", /^invalid regular expression "\(": missing closing \)/],
  ])('%s fails with a PplEvaluationError at the expression', (text, message) => {
    const e = expr(text);
    let error: unknown;
    try {
      evaluate(e, {});
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(PplEvaluationError);
    expect((error as Error).message).toMatch(message);
    expect((error as PplEvaluationError).span).toEqual(e.span);
  });
});

describe('values nest at most MAX_VALUE_DEPTH deep', () => {
  it.each([
    ['5,000 nested arrays', nestedArray(5000)],
    ['100,000 nested arrays', nestedArray(100000)],
    [
      'nested objects',
      (() => {
        let v: PplValue = {};
        for (let i = 0; i < 5000; i++) v = { a: v };
        return v;
      })(),
    ],
  ])('%s: toPplString refuses with a typed error', (_what, value) => {
    expect(() => toPplString(value)).toThrow(PplValueTooDeepError);
    expect(() => evaluate(expr('concat(a, "")'), { a: value })).toThrow(
      `nests arrays or objects more than ${MAX_VALUE_DEPTH} levels deep`
    );
  });

  it('a value at the limit is still written as text', () => {
    expect(toPplString(nestedArray(MAX_VALUE_DEPTH))).toBe(
      `${'['.repeat(MAX_VALUE_DEPTH)}${']'.repeat(MAX_VALUE_DEPTH)}`
    );
    expect(() => checkValueDepth(nestedArray(MAX_VALUE_DEPTH + 1), 'a')).toThrow(
      /the value of "a" nests/
    );
  });
});
