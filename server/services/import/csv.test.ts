import { CsvParser, CsvRecord, CsvRowReader } from './csv';
import { LineError } from './line_reader';

function parseAll(text: string, delimiter?: string, pieces: number[] = []): CsvRecord[] {
  const parser = new CsvParser({ delimiter });
  const out: CsvRecord[] = [];
  let at = 0;
  for (const cut of pieces) {
    out.push(...parser.push(text.slice(at, cut)));
    at = cut;
  }
  out.push(...parser.push(text.slice(at)));
  out.push(...parser.end());
  return out;
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

describe('CsvParser', () => {
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
  ])('parses %s', (_label, text, delimiter, expected) => {
    const records = parseAll(text, delimiter);
    expect(records.map((r) => [r.line, r.fields])).toEqual(expected);
  });

  it('gives the same records however the text is cut into pieces', () => {
    const text = 'h1,h2,h3\r\n"a ""q"" b",2,\r\n"multi\r\nline",x,"y,z"\r\n\r\nlast,"",3';
    const whole = parseAll(text);
    for (let cut = 0; cut <= text.length; cut++) {
      expect(parseAll(text, undefined, [cut])).toEqual(whole);
    }
    for (let a = 0; a <= text.length; a += 3) {
      for (let b = a; b <= text.length; b += 5) {
        expect(parseAll(text, undefined, [a, b])).toEqual(whole);
      }
    }
  });

  it.each<[string, string, number, RegExp]>([
    ['an unclosed quote', 'a,b\n1,"open\n2,3\n', 2, /quoted field is not closed/],
    [
      'text after a closing quote',
      'a,b\n"x"y,2\n',
      2,
      /unexpected text after a closing quote in field 1/,
    ],
    [
      'text after a closing quote, after a multi-line field',
      'a\n"1\n2"x\n',
      3,
      /unexpected text after a closing quote/,
    ],
  ])('refuses %s with its line', (_label, text, line, message) => {
    const found = problem(() => parseAll(text));
    expect(found.line).toBe(line);
    expect(found.problem).toMatch(message);
  });

  it('refuses a record longer than the limit (a quote left open in a big file)', () => {
    const parser = new CsvParser({ maxRecordChars: 100 });
    parser.push('a,b\n');
    const found = problem(() => parser.push(`"${'x'.repeat(200)}`));
    expect(found).toEqual({
      line: 2,
      problem: expect.stringMatching(/longer than 100 characters/),
    });
  });

  it('refuses a delimiter that cannot work', () => {
    expect(() => new CsvParser({ delimiter: '"' })).toThrow(/one character/);
    expect(() => new CsvParser({ delimiter: ';;' })).toThrow(/one character/);
  });
});

describe('CsvRowReader', () => {
  function read(text: string, delimiter?: string) {
    const reader = new CsvRowReader({ delimiter });
    return [...reader.push(text), ...reader.end()];
  }

  it('names values by the header and keeps them as strings, as the data importer does', () => {
    expect(read('host,n,ok\nweb,5,true\n')).toEqual([
      { row: { host: 'web', n: '5', ok: 'true' }, line: 2 },
    ]);
  });

  it('reads a header alone as no rows', () => {
    const reader = new CsvRowReader();
    expect([...reader.push('a,b\r\n'), ...reader.end()]).toEqual([]);
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
  ])('refuses %s', (_label, text, line, message) => {
    const found = problem(() => read(text));
    expect(found.line).toBe(line);
    expect(found.problem).toMatch(message);
  });
});
