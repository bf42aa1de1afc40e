/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

import { MAX_COMMANDS, MAX_EXPRESSION_DEPTH, MAX_EXPRESSION_NESTING, parsePpl } from './parser';

describe('parser limits: a 400 at the position, never a RangeError', () => {
  const eval_ = 'makeresults | eval x = ';
  it.each([
    {
      what: '1,000 nested parentheses',
      text: `${eval_}${'('.repeat(1000)}1${')'.repeat(1000)}`,
      detail: `expressions nest more than ${MAX_EXPRESSION_NESTING} levels deep`,
      // The top expression is level 1: the 201st "(" opens level 201.
      offset: eval_.length + MAX_EXPRESSION_NESTING,
    },
    {
      what: '10,000 chained NOT',
      text: `makeresults | where ${'NOT '.repeat(10000)}true`,
      detail: `expressions nest more than ${MAX_EXPRESSION_NESTING} levels deep`,
      // The NOT whose operand would be level 201.
      offset: 'makeresults | where '.length + 4 * (MAX_EXPRESSION_NESTING - 1),
    },
    {
      what: '10,000 unary minus',
      text: `${eval_}${'- '.repeat(10000)}1`,
      detail: `expressions nest more than ${MAX_EXPRESSION_NESTING} levels deep`,
      offset: eval_.length + 2 * (MAX_EXPRESSION_NESTING - 1),
    },
    {
      what: 'nested function calls',
      text: `${eval_}${'abs('.repeat(300)}1${')'.repeat(300)}`,
      detail: `expressions nest more than ${MAX_EXPRESSION_NESTING} levels deep`,
      offset: eval_.length + 4 * MAX_EXPRESSION_NESTING,
    },
    {
      what: '50,000 pipes',
      text: `makeresults${' | where true'.repeat(50000)}`,
      detail: `the query has more than ${MAX_COMMANDS} commands`,
      offset: 'makeresults'.length + ' | where true'.length * MAX_COMMANDS + 3,
    },
    {
      what: 'a chain of 20,000 operators',
      text: `${eval_}1${' + 1'.repeat(20000)}`,
      detail: `this expression is more than ${MAX_EXPRESSION_DEPTH} levels deep`,
      offset: eval_.length,
    },
  ])('$what', ({ text, detail, offset }) => {
    const result = parsePpl(text);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.detail).toContain(detail);
    expect(result.error.offset).toBe(offset);
    expect(result.error.line).toBe(1);
    expect(result.error.column).toBe(offset + 1);
    expect(result.error.message).toMatch(/^Syntax error at line 1, column \d+: /);
  });

  it.each([
    ['nesting at the limit', `makeresults | eval x = ${'('.repeat(199)}1${')'.repeat(199)}`],
    ['NOT at the limit', `makeresults | where ${'NOT '.repeat(198)}true`],
    ['a chain at the limit', `makeresults | eval x = 1${' + 1'.repeat(MAX_EXPRESSION_DEPTH - 2)}`],
    ['commands at the limit', `makeresults${' | where true'.repeat(MAX_COMMANDS)}`],
    ['empty commands do not count', `makeresults${' |'.repeat(5000)}`],
  ])('%s still parses', (_what, text) => {
    const result = parsePpl(text);
    if (!result.ok) throw new Error(result.error.message);
    expect(result.ok).toBe(true);
  });
});
