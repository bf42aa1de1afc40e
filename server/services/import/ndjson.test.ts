/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

import { LineError } from './line_reader';
import { NdjsonRowReader } from './ndjson';

function read(text: string, cut?: number) {
  const reader = new NdjsonRowReader();
  const pieces = cut === undefined ? [text] : [text.slice(0, cut), text.slice(cut)];
  return [...pieces.flatMap((piece) => reader.push(piece)), ...reader.end()];
}

function problem(run: () => unknown): { line: number; problem: string } {
  try {
    run();
  } catch (error) {
    if (error instanceof LineError) return { line: error.line, problem: error.problem };
    throw error;
  }
  throw new Error('expected a LineError');
}

describe('NdjsonRowReader', () => {
  it('reads one object per line, keeping JSON types, with LF or CRLF, skipping blank lines', () => {
    const text = '{"a":1,"b":"x"}\r\n\n  \n{"a":2.5,"c":[1,2],"o":{"p":true},"n":null}';
    const expected = [
      { row: { a: 1, b: 'x' }, line: 1 },
      { row: { a: 2.5, c: [1, 2], o: { p: true }, n: null }, line: 4 },
    ];
    expect(read(text)).toEqual(expected);
    for (let cut = 0; cut <= text.length; cut++) expect(read(text, cut)).toEqual(expected);
  });

  it.each<[string, string, number, RegExp]>([
    ['a line that is not JSON', '{"a":1}\n{"a":\n', 2, /^not valid JSON \(/],
    ['an array', '{"a":1}\n{"a":2}\n[1,2]\n', 3, /^expected a JSON object but found an array$/],
    ['a number', '5\n', 1, /found a number/],
    ['a string', '"x"', 1, /found a string/],
    ['null', 'null\n', 1, /found null/],
    ['an empty object', '{}\n', 1, /has no fields/],
    ['an empty field name', '{"":1}\n', 1, /a field name is empty/],
    [
      'a nested field name with a dot at the end',
      '{"o":{"p.":1}}\n',
      1,
      /in "o\.": .*ends with a dot/,
    ],
    ['two objects on one line', '{"a":1}{"b":2}\n', 1, /not valid JSON/],
  ])('refuses %s with its line', (_label, text, line, message) => {
    const found = problem(() => read(text));
    expect(found.line).toBe(line);
    expect(found.problem).toMatch(message);
  });

  it('refuses a line longer than the limit before it ends', () => {
    const reader = new NdjsonRowReader(50);
    reader.push('{"a":1}\n');
    expect(problem(() => reader.push(`{"a":"${'x'.repeat(100)}`))).toEqual({
      line: 2,
      problem: expect.stringMatching(/longer than 50 characters/),
    });
  });

  // Deeper than a lookup holds, whatever the depth (and whichever parser the line takes: a
  // 16-digit number sends it through lossless-json): one 400 naming the line, column and limit.
  it.each([
    [66, '1'],
    [3_000, '1'],
    [5_000, '1'],
    [100_000, '1'],
    [5_000, '9007199254740993'],
    [100_000, '9007199254740993'],
  ])(
    'refuses a line nested %i deep (leaf %s), naming the line, the column and the limit',
    (depth, leaf) => {
      const deep = `{"geo":${'{"a.b":'.repeat(depth - 2)}{"x":${leaf}}${'}'.repeat(depth - 1)}`;
      expect(problem(() => read(`{"a":1}\n\n${deep}\n`))).toEqual({
        line: 3,
        problem:
          'the value of "geo" nests arrays or objects deeper than 64 levels (at "a.b"."a.b"."a.b"."a.b"."a.b"."a.b"…), ' +
          'which a lookup cannot hold. Flatten it (for example as JSON text) and import again.',
      });
    }
  );

  it('reads a line as deep as a lookup holds, and checks field names at every level', () => {
    const nest = (depth: number, key: string): string =>
      depth === 0 ? '1' : `{"${key}":${nest(depth - 1, key)}}`;
    expect(read(`{"v":${nest(64, 'k')}}`)).toHaveLength(1);
    expect(
      problem(() => read(`{"v":${nest(63, 'k').replace('1', '{"bad.":1}')}}`)).problem
    ).toMatch(/^in "v(\.k){63}\.": .*ends with a dot/);
  });

  it('refuses a line of arrays nested too deep', () => {
    expect(problem(() => read(`${'['.repeat(100_000)}${']'.repeat(100_000)}`))).toEqual({
      line: 1,
      problem:
        'the line nests arrays or objects deeper than 65 levels, which a lookup cannot hold.',
    });
  });
});
