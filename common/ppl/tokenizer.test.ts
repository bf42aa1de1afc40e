/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

import { lineStarts, positionAt, Token, TokenKind, tokenize, unquoteString } from './tokenizer';

const significant = (text: string): Array<[TokenKind, string]> =>
  tokenize(text, { includeTrivia: false }).map((t) => [t.kind, t.text]);

describe('tokenize: tokens cover the text', () => {
  const texts = [
    'source=logs | where a > 1',
    "source = `my index`, b* | eval x = 'it''s' // note\n| fields - x",
    'makeresults /* block */ count=3',
    "source=x | where s = 'unterminated",
    'a\r\nb\rc\nd',
    'é # $',
    '',
  ];
  it.each(texts)('%j', (text) => {
    const tokens = tokenize(text);
    expect(tokens.map((t) => t.text).join('')).toBe(text);
    let offset = 0;
    for (const t of tokens) {
      expect(t.start).toBe(offset);
      expect(t.end).toBe(offset + t.text.length);
      offset = t.end;
    }
  });
});

describe('tokenize: kinds', () => {
  const cases: Array<{ text: string; tokens: Array<[TokenKind, string]> }> = [
    {
      text: 'source=logs | where a >= 1.5',
      tokens: [
        ['keyword', 'source'],
        ['operator', '='],
        ['identifier', 'logs'],
        ['punctuation', '|'],
        ['command', 'where'],
        ['identifier', 'a'],
        ['operator', '>='],
        ['number', '1.5'],
      ],
    },
    {
      text: 'SEARCH source=x | STATS count() BY a',
      tokens: [
        ['command', 'SEARCH'],
        ['keyword', 'source'],
        ['operator', '='],
        ['identifier', 'x'],
        ['punctuation', '|'],
        ['command', 'STATS'],
        ['function', 'count'],
        ['punctuation', '('],
        ['punctuation', ')'],
        ['keyword', 'BY'],
        ['identifier', 'a'],
      ],
    },
    {
      // Option words are keywords only before "=" in the command that has them.
      text: 'eval append = 1 | outputlookup append=true max=2 key_field=max hosts',
      tokens: [
        ['command', 'eval'],
        ['identifier', 'append'],
        ['operator', '='],
        ['number', '1'],
        ['punctuation', '|'],
        ['command', 'outputlookup'],
        ['keyword', 'append'],
        ['operator', '='],
        ['keyword', 'true'],
        ['keyword', 'max'],
        ['operator', '='],
        ['number', '2'],
        ['keyword', 'key_field'],
        ['operator', '='],
        ['identifier', 'max'],
        ['identifier', 'hosts'],
      ],
    },
    {
      text: 'geo.city @timestamp `a b` 5m 1e5 .5 1.5F 2.0d',
      tokens: [
        ['identifier', 'geo.city'],
        ['identifier', '@timestamp'],
        ['identifier', '`a b`'],
        ['identifier', '5m'],
        ['number', '1e5'],
        ['number', '.5'],
        ['number', '1.5F'],
        ['number', '2.0d'],
      ],
    },
    {
      text: 'a != \'x\' and b == "y" or c <= 2 % 3',
      tokens: [
        ['identifier', 'a'],
        ['operator', '!='],
        ['string', "'x'"],
        ['keyword', 'and'],
        ['identifier', 'b'],
        ['operator', '=='],
        ['string', '"y"'],
        ['keyword', 'or'],
        ['identifier', 'c'],
        ['operator', '<='],
        ['number', '2'],
        ['operator', '%'],
        ['number', '3'],
      ],
    },
    {
      text: 'sort - a, b desc | lookup t id replace dept | eval y = cast(x as int)',
      tokens: [
        ['command', 'sort'],
        ['operator', '-'],
        ['identifier', 'a'],
        ['punctuation', ','],
        ['identifier', 'b'],
        ['keyword', 'desc'],
        ['punctuation', '|'],
        ['command', 'lookup'],
        ['identifier', 't'],
        ['identifier', 'id'],
        ['keyword', 'replace'],
        ['identifier', 'dept'],
        ['punctuation', '|'],
        ['command', 'eval'],
        ['identifier', 'y'],
        ['operator', '='],
        ['function', 'cast'],
        ['punctuation', '('],
        ['identifier', 'x'],
        ['keyword', 'as'],
        ['keyword', 'int'],
        ['punctuation', ')'],
      ],
    },
    {
      // "-" and "*" are separate tokens: the parser joins names such as logs-2024.*.
      text: 'logs-2024.01.*',
      tokens: [
        ['identifier', 'logs'],
        ['operator', '-'],
        ['number', '2024.01'],
        ['punctuation', '.'],
        ['operator', '*'],
      ],
    },
  ];
  it.each(cases)('$text', ({ text, tokens }) => {
    expect(significant(text)).toEqual(tokens);
  });
});

describe('tokenize: comments and trivia', () => {
  it('keeps comments and whitespace by default, drops them on request', () => {
    const text = 'a // line\n/* block\n */ b';
    expect(tokenize(text).map((t) => t.kind)).toEqual([
      'identifier',
      'whitespace',
      'comment',
      'whitespace',
      'comment',
      'whitespace',
      'identifier',
    ]);
    expect(significant(text)).toEqual([
      ['identifier', 'a'],
      ['identifier', 'b'],
    ]);
  });

  it('continues a line comment after a backslash at the end of the line, as PPL does', () => {
    expect(significant('a // one \\\n two\nb')).toEqual([
      ['identifier', 'a'],
      ['identifier', 'b'],
    ]);
  });

  it('keeps an unterminated block comment, marked, even without trivia', () => {
    const tokens = tokenize('a /* open', { includeTrivia: false });
    expect(tokens.map((t) => [t.kind, t.error])).toEqual([
      ['identifier', undefined],
      ['comment', 'unterminated_comment'],
    ]);
  });
});

describe('tokenize: strings and quoted names', () => {
  const cases: Array<{ text: string; value: string }> = [
    { text: "'plain'", value: 'plain' },
    { text: '"double"', value: 'double' },
    { text: "'it''s'", value: "it's" },
    { text: "'it\\'s'", value: "it's" },
    { text: '"say \\"hi\\""', value: 'say "hi"' },
    { text: "'back\\\\slash'", value: 'back\\slash' },
    // Other backslashes stay, as PPL's unquoteText keeps them: ready for a regex.
    { text: "'\\d+\\n'", value: '\\d+\\n' },
    { text: `'a"b'`, value: 'a"b' },
  ];
  it.each(cases)('$text', ({ text, value }) => {
    const [token] = tokenize(text);
    expect(token.kind).toBe('string');
    expect(token.value).toBe(value);
    expect(unquoteString(text)).toBe(value);
  });

  it('reads a backticked name as the text between the backticks', () => {
    const [token] = tokenize('`my field.x`');
    expect(token).toMatchObject({ kind: 'identifier', quoted: true, value: 'my field.x' });
  });

  it.each([
    ["'open", 'unterminated_string'],
    ['"open', 'unterminated_string'],
    ['`open', 'unterminated_identifier'],
    ['#', 'unexpected_character'],
  ])('marks %j as %s', (text, error) => {
    expect(tokenize(text)[0].error).toBe(error);
  });
});

describe('tokenize: positions', () => {
  it('gives 1-based lines and columns on every line ending', () => {
    const text = 'source=x\n| where a\r\n  > 1\r| head';
    const at = (t: Token): [string, number, number] => [t.text, t.line, t.column];
    expect(tokenize(text, { includeTrivia: false }).map(at)).toEqual([
      ['source', 1, 1],
      ['=', 1, 7],
      ['x', 1, 8],
      ['|', 2, 1],
      ['where', 2, 3],
      ['a', 2, 9],
      ['>', 3, 3],
      ['1', 3, 5],
      ['|', 4, 1],
      ['head', 4, 3],
    ]);
  });

  it('maps offsets to positions at line starts and at the end', () => {
    const starts = lineStarts('ab\ncd\n');
    expect(starts).toEqual([0, 3, 6]);
    expect(positionAt(starts, 0)).toEqual({ line: 1, column: 1 });
    expect(positionAt(starts, 2)).toEqual({ line: 1, column: 3 });
    expect(positionAt(starts, 3)).toEqual({ line: 2, column: 1 });
    expect(positionAt(starts, 6)).toEqual({ line: 3, column: 1 });
  });
});
