/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * A query the parser refuses is not always mistyped: a limit it exceeds, or a command that cannot
 * run here, is said as such (`kind`), so the editor does not call it a syntax error.
 */
import { parsePpl } from './parser';

const errorOf = (text: string) => {
  const parsed = parsePpl(text);
  if (parsed.ok) throw new Error(`parsed: ${text}`);
  return parsed.error;
};

describe('what kind of refusal a parse error is', () => {
  it.each([
    ['makeresults count=6000', 'limit'],
    [`makeresults format=csv data="a\n${'1\n'.repeat(5001)}"`, 'limit'],
    ['source=t | kmeans centroids=3', 'refused'],
    ['kmeans', 'refused'],
    ['source=t | multikv', 'unsupported'],
  ])('%s is a %s', (text, kind) => {
    expect(errorOf(text).kind).toBe(kind);
  });

  it('a real syntax error has no kind', () => {
    expect(errorOf('source=t | where (').kind).toBeUndefined();
    expect(errorOf('source=t | nosuchcommand').kind).toBeUndefined();
  });
});
