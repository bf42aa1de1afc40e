import { Readable } from 'stream';
import { BadRequestError, PayloadTooLargeError } from '../../lib/errors';
import { CsvRowReader } from './csv';
import { chooseFormat, ImportInput, parsedRows } from './import_service';
import { NdjsonRowReader } from './ndjson';

describe('chooseFormat', () => {
  it.each<
    [string, Parameters<typeof chooseFormat>[0], Parameters<typeof chooseFormat>[1], unknown]
  >([
    [
      'format given',
      { format: 'ndjson' },
      { filename: 'x.csv' },
      { format: 'ndjson', delimiter: ',' },
    ],
    ['.csv', {}, { filename: 'Hosts.CSV' }, { format: 'csv', delimiter: ',' }],
    ['.tsv means tabs', {}, { filename: 'hosts.tsv' }, { format: 'csv', delimiter: '\t' }],
    ['.ndjson', {}, { filename: 'a.b.ndjson' }, { format: 'ndjson', delimiter: ',' }],
    ['.jsonl', {}, { filename: 'a.jsonl' }, { format: 'ndjson', delimiter: ',' }],
    [
      'a content type',
      {},
      { contentType: 'text/csv; charset=utf-8' },
      { format: 'csv', delimiter: ',' },
    ],
    [
      'a delimiter given',
      { delimiter: '|' },
      { filename: 'x.csv' },
      { format: 'csv', delimiter: '|' },
    ],
    [
      'the extension before the content type',
      {},
      { filename: 'x.ndjson', contentType: 'text/csv' },
      { format: 'ndjson', delimiter: ',' },
    ],
  ])('takes %s', (_label, options, input, expected) => {
    expect(chooseFormat(options, input)).toEqual(expected);
  });

  it.each<[string, Parameters<typeof chooseFormat>[0], Parameters<typeof chooseFormat>[1], RegExp]>(
    [
      ['nothing to go by', {}, { filename: 'data.txt' }, /format=csv or format=ndjson/],
      ['a delimiter for NDJSON', { delimiter: ';' }, { filename: 'x.ndjson' }, /CSV files only/],
    ]
  )('refuses %s', (_label, options, input, message) => {
    expect(() => chooseFormat(options, input)).toThrow(BadRequestError);
    expect(() => chooseFormat(options, input)).toThrow(message);
  });
});

describe('parsedRows', () => {
  const input = (chunks: Array<Buffer | string>, maxBytes = 1 << 20): ImportInput => ({
    stream: Readable.from(chunks),
    maxBytes,
  });
  const all = async (rows: AsyncIterable<{ row: unknown; line: number }>) => {
    const out: Array<{ row: unknown; line: number }> = [];
    for await (const row of rows) out.push(row);
    return out;
  };

  it('decodes UTF-8 split across chunks and drops a byte order mark', async () => {
    const bytes = Buffer.from('\uFEFFville\nZürich\n', 'utf8');
    const chunks = [...bytes].map((b) => Buffer.from([b]));
    expect(await all(parsedRows(input(chunks), new CsvRowReader()))).toEqual([
      { row: { ville: 'Zürich' }, line: 2 },
    ]);
  });

  it('keeps the first max rows, and still checks the rest of the file', async () => {
    const rows = await all(parsedRows(input(['a\n1\n2\n', '3\n4\n']), new CsvRowReader(), 2));
    expect(rows.map((r) => r.row)).toEqual([{ a: '1' }, { a: '2' }]);
    const error = await all(
      parsedRows(input(['a\n1\n2\n3\n', 'not,valid\n']), new CsvRowReader(), 2)
    ).catch((e: unknown) => e);
    expect((error as BadRequestError).message).toMatch(/^line 5: expected 1 field but found 2/);
  });

  it('names the line of a bad row, and says nothing was imported', async () => {
    const error = await all(
      parsedRows(input(['{"a":1}\n', '{"a":2}\n{oops}\n']), new NdjsonRowReader())
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BadRequestError);
    expect((error as BadRequestError).message).toMatch(
      /^line 3: not valid JSON .*Nothing was imported/
    );
    expect((error as BadRequestError).attributes).toEqual({ line: 3 });
  });

  it('refuses text that is not UTF-8, at the line it is on', async () => {
    const error = await all(
      parsedRows(input([Buffer.from('a\nok\n'), Buffer.from([0xff, 0x0a])]), new CsvRowReader())
    ).catch((e: unknown) => e);
    expect((error as BadRequestError).message).toMatch(/^line 3: the text is not valid UTF-8/);
  });

  it('refuses a body over the byte limit with 413', async () => {
    const error = await all(
      parsedRows(input(['a\n', 'x'.repeat(20), '\n'], 10), new CsvRowReader())
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PayloadTooLargeError);
  });

  it('turns an upload cut short into a 400 that says so', async () => {
    const stream = new Readable({ read() {} });
    stream.push('a\n1\n');
    setImmediate(() => stream.destroy(new Error('aborted')));
    const error = await all(parsedRows({ stream, maxBytes: 1000 }, new CsvRowReader())).catch(
      (e: unknown) => e
    );
    expect((error as BadRequestError).message).toMatch(/upload ended before the end of the file/);
  });
});
