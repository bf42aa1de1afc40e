/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

import { CsvOptions, CsvReader, CsvRecord, csvRecords } from './csv';
import { LineError } from './line_reader';

async function* piecesOf(text: string, cuts: number[]) {
  let at = 0;
  for (const cut of cuts) {
    yield text.slice(at, cut);
    at = cut;
  }
  yield text.slice(at);
}

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}

function parseAll(
  text: string,
  delimiter?: string,
  pieces: number[] = [],
  options: CsvOptions = {}
) {
  return collect<CsvRecord>(csvRecords(piecesOf(text, pieces), { delimiter, ...options }));
}

async function problem(run: () => Promise<unknown>): Promise<{ line: number; problem: string }> {
  try {
    await run();
  } catch (error) {
    if (error instanceof LineError) return { line: error.line, problem: error.problem };
    throw error;
  }
  throw new Error('expected a LineError');
}

describe('csvRecords (csv-parse)', () => {
  it.each<[string, string, string | undefined, Array<[number, string[]]>]>([
    [
      'plain fields, LF',
      'a,b\n1,2\n',
      undefined,
      [
        [1, ['a', 'b']],
        [2, ['1', '2']],
      ],
    ],
    [
      'CRLF line ends',
      'a,b\r\n1,2\r\n',
      undefined,
      [
        [1, ['a', 'b']],
        [2, ['1', '2']],
      ],
    ],
    [
      'lone CR line ends',
      'a,b\r1,2',
      undefined,
      [
        [1, ['a', 'b']],
        [2, ['1', '2']],
      ],
    ],
    [
      'no final line end',
      'a,b\n1,2',
      undefined,
      [
        [1, ['a', 'b']],
        [2, ['1', '2']],
      ],
    ],
    [
      'empty fields',
      'a,,c\n,,\n',
      undefined,
      [
        [1, ['a', '', 'c']],
        [2, ['', '', '']],
      ],
    ],
    ['a quoted delimiter', '"x, y",z\n', undefined, [[1, ['x, y', 'z']]]],
    ['escaped quotes', '"say ""hi""",2\n', undefined, [[1, ['say "hi"', '2']]]],
    ['a quoted empty field', '"",x\n', undefined, [[1, ['', 'x']]]],
    [
      'line breaks inside quotes move the line count',
      'a,"one\r\ntwo\nthree"\nb,c\n',
      undefined,
      [
        [1, ['a', 'one\r\ntwo\nthree']],
        [4, ['b', 'c']],
      ],
    ],
    [
      'blank lines are skipped',
      'a\n\n\r\nb\n',
      undefined,
      [
        [1, ['a']],
        [4, ['b']],
      ],
    ],
    ['a quote inside an unquoted field is kept', 'ab"c,d\n', undefined, [[1, ['ab"c', 'd']]]],
    [
      'semicolons',
      'a;b\n"1;2";3\n',
      ';',
      [
        [1, ['a', 'b']],
        [2, ['1;2', '3']],
      ],
    ],
    [
      'tabs',
      'a\tb\n1,5\t2\n',
      '\t',
      [
        [1, ['a', 'b']],
        [2, ['1,5', '2']],
      ],
    ],
    [
      'pipes',
      'a|b\n"|"|2\n',
      '|',
      [
        [1, ['a', 'b']],
        [2, ['|', '2']],
      ],
    ],
    ['a quoted last field at the end of the text', 'a,"b"', undefined, [[1, ['a', 'b']]]],
    [
      'unicode',
      'ville,pays\nZürich,"Česko"\n',
      undefined,
      [
        [1, ['ville', 'pays']],
        [2, ['Zürich', 'Česko']],
      ],
    ],
  ])('parses %s', async (_label, text, delimiter, expected) => {
    const records = await parseAll(text, delimiter);
    expect(records.map((r) => [r.line, r.fields])).toEqual(expected);
  });

  it('gives the same records however the text is cut into pieces', async () => {
    const text = 'h1,h2,h3\r\n"a ""q"" b",2,\r\n"multi\r\nline",x,"y,z"\r\n\r\nlast,"",3';
    const whole = await parseAll(text);
    expect(whole.map((r) => r.line)).toEqual([1, 2, 3, 6]);
    for (let cut = 0; cut <= text.length; cut++) {
      expect(await parseAll(text, undefined, [cut])).toEqual(whole);
    }
    for (let a = 0; a <= text.length; a += 3) {
      for (let b = a; b <= text.length; b += 5) {
        expect(await parseAll(text, undefined, [a, b])).toEqual(whole);
      }
    }
  });

  it('refuses an unclosed quote with the line its record starts on', async () => {
    const found = await problem(() => parseAll('a,b\n1,"open\n2,3\n'));
    expect(found.line).toBe(2);
    expect(found.problem).toMatch(/quoted field is not closed/);
  });

  it('keeps a quote inside an unquoted field as it is', async () => {
    expect((await parseAll('a,b\nx"y,2\n')).map((r) => r.fields)).toEqual([
      ['a', 'b'],
      ['x"y', '2'],
    ]);
  });

  it('refuses a record longer than the limit (a quote left open in a big file)', async () => {
    const found = await problem(() =>
      parseAll(`a,b\n"${'x'.repeat(200)}`, undefined, [4], { maxRecordChars: 100 })
    );
    expect(found).toEqual({
      line: 2,
      problem: expect.stringMatching(/longer than 100 characters/),
    });
  });
});

describe('CsvReader', () => {
  function read(text: string, delimiter?: string) {
    return collect(new CsvReader({ delimiter }).records(piecesOf(text, [])));
  }

  it('gives the records after the header, with their lines', async () => {
    expect(await read('\uFEFFhost,n,ok\nweb,5,true\n')).toEqual([
      { fields: ['web', '5', 'true'], line: 2 },
    ]);
  });

  it('reads a header alone as no rows, and drops a byte order mark from it', async () => {
    const reader = new CsvReader();
    expect(await collect(reader.records(piecesOf('\uFEFFa,b\r\n', [])))).toEqual([]);
    expect(reader.columnNames).toEqual(['a', 'b']);
  });

  it.each<[string, string, number, RegExp]>([
    ['too few fields', 'a,b,c\n1,2,3\n4,5\n', 3, /^expected 3 fields but found 2$/],
    ['too many fields', 'a,b\n1,2,3\n', 2, /^expected 2 fields but found 3$/],
    ['an empty file', '', 1, /file is empty/],
    ['a duplicate column', 'a,b,a\n', 1, /names the column "a" twice/],
    ['an empty column name', 'a,,c\n', 1, /column 2 of the header: a field name is empty/],
    ['a column name with a leading dot', 'a,.b\n', 1, /starts or ends with a dot/],
    ['a column name with two dots', 'a..b\n', 1, /two dots in a row/],
    ['__proto__', '__proto__\n1\n', 1, /cannot be used/],
    ['a column of white space', 'a, \n', 1, /column 2 of the header: .*only white space/],
    ['a column named __lookup', 'a,__lookup\n', 1, /column 2 .*"__lookup" is reserved/],
    ['a column named _id', '_id,a\n', 1, /column 1 .*"_id" is reserved/],
    ['a column named _index', 'a,_index\n', 1, /"_index" is reserved/],
    ['a column named _source', '_source\n', 1, /"_source" is reserved/],
    ['a column that is only a dot', 'a,.\n', 1, /column 2 .*starts or ends with a dot/],
  ])('refuses %s', async (_label, text, line, message) => {
    const found = await problem(() => read(text));
    expect(found.line).toBe(line);
    expect(found.problem).toMatch(message);
  });
});
