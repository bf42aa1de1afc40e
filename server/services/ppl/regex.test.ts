/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

import type { Expr } from '../../../common/ppl/ast';
import { PplEvaluationError } from './errors';
import { evaluate } from './evaluate';
import { parsePpl } from '../../../common/ppl/parser';
import { likeMatches, replaceAll } from './regex';
import type { PplRow } from '../../../common/ppl/types';

/** The expression `text`, as `eval r = <text>` parses it. */
function expr(text: string): Expr {
  const result = parsePpl(`source=x | eval r = ${text}`);
  if (!result.ok) throw new Error(result.error.message);
  const [command] = result.query.commands;
  if (command.kind !== 'Eval') throw new Error('not an eval');
  return command.assignments[0].expr;
}

const run = (text: string, row: PplRow = {}) => evaluate(expr(text), row);

function thrown(fn: () => unknown): unknown {
  try {
    fn();
  } catch (error) {
    return error;
  }
  throw new Error('expected an error');
}

const span = { start: 0, end: 1 };

describe('replace runs on RE2, in linear time', () => {
  // Before RE2 each of these took seconds to minutes (JavaScript's RegExp backtracks, doubling the
  // time per character); with RE2 each takes about a millisecond.
  it.each([
    ['(a+)+$', `${'a'.repeat(28)}!`, 'b', `${'a'.repeat(28)}!`],
    ['(a+)+$', 'a'.repeat(5000), 'b', 'b'],
    ['(a|aa)+$', `${'a'.repeat(40)}!`, 'x', `${'a'.repeat(40)}!`],
    ['(.*a){12}', 'a'.repeat(60), '-', '-'],
    ['^(\\w+\\s?)*$', `${'word '.repeat(30)}!`, 'x', `${'word '.repeat(30)}!`],
  ])('%s on %#', (pattern, input, replacement, expected) => {
    expect(replaceAll(input, pattern, replacement, span)).toBe(expected);
  });

  it('answers the issue query through the evaluator', () => {
    expect(run("replace('aaaaaaaaaaaaaaaaaaaaaaaaaaaa!', '(a+)+$', 'b')")).toBe(
      'aaaaaaaaaaaaaaaaaaaaaaaaaaaa!'
    );
  });

  it.each([
    // Java semantics the PPL docs rely on.
    ['x*', 'abc', '-', '-a-b-c-'],
    ['(?i)HELLO', 'say hello', 'bye', 'say bye'],
    ['\\Qa.b\\E', 'a.b axb', 'X', 'X axb'],
    ['(?<y>\\d{4})-(?<m>\\d{2})', '2024-05', '${m}/${y}', '05/2024'],
    ['(?P<y>\\d{4})', '2024', '[${y}]', '[2024]'],
    ['(\\w+) (\\w+)', 'Hello World', '$2 $1', 'World Hello'],
    ['(\\w+) (\\w+)', 'Hello World', '\\2 \\1', 'World Hello'],
    ['(a)', 'a', '$0$1', 'aa'],
    ['(a)', 'a', '$10', 'a0'],
    ['(a)|(b)', 'ab', '[$2]', '[][b]'],
    ['é', 'aéb😀', '-', 'a-b😀'],
    ['.', '😀', '-', '-'],
    ['cost', 'cost', '\\$5', '$5'],
  ])('%s on %s with %s gives %s', (pattern, input, replacement, expected) => {
    expect(replaceAll(input, pattern, replacement, span)).toBe(expected);
  });

  it.each([
    ['(a)\\1', 'a backreference (\\1)'],
    ['(?<x>a)\\k<x>', 'a named backreference'],
    ['a(?=b)', 'a lookahead (?=…)'],
    ['a(?!b)', 'a negative lookahead (?!…)'],
    ['(?<=a)b', 'a lookbehind (?<=…)'],
    ['(?<!a)b', 'a negative lookbehind (?<!…)'],
    ['(?>a+)b', 'an atomic group (?>…)'],
    ['a++', 'a possessive quantifier (++)'],
    ['a{2}+', 'a possessive quantifier (}+)'],
  ])('%s is refused by name', (pattern, construct) => {
    const error = thrown(() => replaceAll('ab', pattern, 'x', span));
    expect(error).toBeInstanceOf(PplEvaluationError);
    expect((error as Error).message).toContain(`"${pattern}" uses ${construct}`);
    expect((error as Error).message).toContain('RE2 syntax is required');
    expect((error as PplEvaluationError).span).toEqual(span);
  });

  it.each([
    // Inside a class or \Q…\E, these are plain characters.
    ['[*+]', '+', 'x', 'x'],
    ['[]a]+', ']a', 'x', 'x'],
    ['[(?=]', '=', 'x', 'x'],
    ['\\Q(?=\\E', '(?=', 'x', 'x'],
  ])('%s is not mistaken for a backtracking construct', (pattern, input, replacement, expected) => {
    expect(replaceAll(input, pattern, replacement, span)).toBe(expected);
  });

  it.each([
    ['(', /invalid regular expression "\(": missing closing \)/],
    ['a{1001}', /invalid regular expression "a\{1001\}"/],
    ['[z-a]', /invalid regular expression "\[z-a\]"/],
  ])('the invalid pattern %s is named', (pattern, message) => {
    const error = thrown(() => replaceAll('a', pattern, 'x', span));
    expect(error).toBeInstanceOf(PplEvaluationError);
    expect((error as Error).message).toMatch(message);
  });

  it.each([
    ['(a)', '$2', /no group 2 \(the pattern has 1\)/],
    ['(a)', '${b}', /no group named "b"/],
    ['(a)', '${a', /missing "}"/],
    ['a', '$x', /"\$" must be followed by a group number/],
  ])('the replacement %s for %s is refused', (pattern, replacement, message) => {
    expect(() => replaceAll('a', pattern, replacement, span)).toThrow(message);
  });
});

describe('LIKE never backtracks', () => {
  it.each([
    // Each took over a minute with the RegExp translation (`%` as `[\s\S]*` backtracks
    // polynomially); the wildcard matcher takes well under a millisecond.
    ['a'.repeat(400), '%a%a%a%a%b', false],
    [`${'a'.repeat(400)}b`, '%a%a%a%a%b', true],
    ['a'.repeat(20000), '%a%a%a%a%a%a%a%a%a%a%b', false],
    [`${'ab'.repeat(5000)}c`, '%a_%a_%a_%c', true],
  ])('%#: a long text against %s is %p', (text, pattern, expected) => {
    expect(likeMatches(text, pattern, false)).toBe(expected);
  });

  it('answers the issue query through the evaluator', () => {
    expect(run(`s like '%a%a%a%a%b'`, { s: 'a'.repeat(400) })).toBe(false);
  });

  it.each([
    ['Hello', 'h%', false, true],
    ['Hello', 'h%', true, false],
    ['Hello', 'H_llo', true, true],
    ['hello world', '_ELLo%', false, true],
    ['abc', 'a_', false, false],
    ['abc', '%', false, true],
    ['', '%', false, true],
    ['', '_', false, false],
    ['', '', false, true],
    ['a%b', 'a\\%b', false, true],
    ['axb', 'a\\%b', false, false],
    ['a_b', 'a\\_b', false, true],
    ['axb', 'a\\_b', false, false],
    ['a\\', 'a\\', false, true],
    ['a.c', 'a.c', false, true],
    ['abc', 'a.c', false, false],
    ['(x)*', '(%)*', false, true],
    ['héllo', 'h_llo', false, true],
    ['😀x', '_x', false, true],
    ['ΣΑΣ', 'σας', false, true],
    ['abcabc', '%abc', false, true],
    ['abab', 'a%b%b', false, true],
    ['aXbXc', 'a%b%c%', false, true],
    ['ab', 'a%%b', false, true],
    ['a', 'a%a', false, false],
    ['line1\nline2', 'line1%', false, true],
  ])('%p like %p (case sensitive %p) is %p', (text, pattern, caseSensitive, expected) => {
    expect(likeMatches(text, pattern, caseSensitive)).toBe(expected);
  });
});
