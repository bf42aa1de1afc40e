/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

import { promises as fs } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { Readable } from 'stream';
import { BadRequestError, PayloadTooLargeError } from '../../lib/errors';
import type { Ceiling } from '../ceiling';
import { ImportFile, openImportFile } from './body';
import { chooseFormat } from './import_service';
import { spoolFile, Spooled, spoolSource } from './spool';
import type { Row } from '../writer/row_source';

async function all(batches: AsyncIterable<Row[]>): Promise<Row[]> {
  const rows: Row[] = [];
  for await (const batch of batches) rows.push(...batch);
  return rows;
}

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

describe('spoolFile', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await fs.mkdtemp(join(tmpdir(), 'import-test-'));
  });
  afterEach(() => fs.rm(dir, { recursive: true, force: true }));

  const ceiling = { maxRows: 1000, source: 'config', setting: 'max_rows' } as unknown as Ceiling;
  const csv = { format: 'csv', delimiter: ',' } as const;
  const ndjson = { format: 'ndjson', delimiter: ',' } as const;
  const file = (chunks: Array<Buffer | string>, maxBytes = 1 << 20): ImportFile => ({
    bytes: openRaw(chunks, maxBytes),
  });
  const lines = async (spooled: Spooled) =>
    (await fs.readFile(spooled.file, 'utf8'))
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as unknown);
  const failure = (run: Promise<unknown>) =>
    run.then(
      () => undefined,
      (e: unknown) => e
    );

  it('decodes UTF-8 split across chunks and drops a byte order mark', async () => {
    const bytes = Buffer.from('\uFEFFville\nZürich\n', 'utf8');
    const chunks = [...bytes].map((b) => Buffer.from([b]));
    const spooled = await spoolFile(file(chunks), csv, {}, ceiling, dir);
    expect(spooled.columnNames).toEqual(['ville']);
    expect(await lines(spooled)).toEqual([['Zürich']]);
  });

  it('infers column types over the whole file, or keeps strings with types=strings', async () => {
    const text = 'i,d,b,t,s,e\n1,1.5,true,2024-01-02,007,\n2,2,FALSE,2024-01-02T10:00:00Z,x,\n';
    const inferred = await spoolFile(file([text]), csv, { max: 1 }, ceiling, dir);
    expect(inferred.csv?.types).toEqual([
      'integer',
      'double',
      'boolean',
      'date',
      'string',
      'string',
    ]);
    expect(inferred.count).toBe(1);
    const strings = await spoolFile(file([text]), csv, { types: 'strings' }, ceiling, dir);
    expect(strings.csv?.types).toEqual([
      'string',
      'string',
      'string',
      'string',
      'string',
      'string',
    ]);
  });

  it('reads back the formula escape of an export, and keeps text columns text', async () => {
    const text = `"'=k",n,s\r\n"'=1+1",-5,"'-7"\r\n"''=x",3,"'+44"\r\n"'@a",4,"'-"\r\n`;
    const spooled = await spoolFile(file([text]), csv, {}, ceiling, dir);
    expect(spooled.columnNames).toEqual(['=k', 'n', 's']);
    expect(spooled.csv?.types).toEqual(['string', 'integer', 'string']);
    const rows = await all(spoolSource(spooled, { rowsRead: 0, exhausted: false }).batches(10));
    expect(rows).toEqual([
      { '=k': '=1+1', n: -5, s: '-7' },
      { '=k': "'=x", n: 3, s: '+44' },
      { '=k': '@a', n: 4, s: '-' },
    ]);
  });

  it('keeps every cell as written with unescape_formulas=false, or when a formula is bare', async () => {
    const escaped = `k\n'=1\n`;
    const kept = await spoolFile(file([escaped]), csv, { unescape_formulas: false }, ceiling, dir);
    expect(await all(spoolSource(kept, { rowsRead: 0, exhausted: false }).batches(10))).toEqual([
      { k: "'=1" },
    ]);
    const mixed = await spoolFile(file([`k\n'=1\n=2\n`]), csv, {}, ceiling, dir);
    expect(await all(spoolSource(mixed, { rowsRead: 0, exhausted: false }).batches(10))).toEqual([
      { k: "'=1" },
      { k: '=2' },
    ]);
  });

  it('keeps the first max rows, and still checks the rest of the file', async () => {
    const spooled = await spoolFile(file(['a\n1\n2\n', '3\n4\n']), csv, { max: 2 }, ceiling, dir);
    expect(await lines(spooled)).toEqual([['1'], ['2']]);
    const error = await failure(
      spoolFile(file(['a\n1\n2\n3\n', 'not,valid\n']), csv, { max: 2 }, ceiling, dir)
    );
    expect((error as BadRequestError).message).toMatch(/^line 5: expected 1 field but found 2/);
  });

  it('names the line of a bad row, and says nothing was imported', async () => {
    const error = await failure(
      spoolFile(file(['{"a":1}\n', '{"a":2}\n{oops}\n']), ndjson, {}, ceiling, dir)
    );
    expect(error).toBeInstanceOf(BadRequestError);
    expect((error as BadRequestError).message).toMatch(
      /^line 3: not valid JSON .*Nothing was imported/
    );
    expect((error as BadRequestError).attributes).toEqual({ line: 3 });
  });

  it('refuses reserved NDJSON keys at the top level, not inside objects', async () => {
    const error = await failure(
      spoolFile(file(['{"a":1}\n{"_id":2}\n']), ndjson, {}, ceiling, dir)
    );
    expect((error as BadRequestError).message).toMatch(/^line 2: the field name "_id" is reserved/);
    const nested = await spoolFile(file(['{"a":{"_id":1}}\n']), ndjson, {}, ceiling, dir);
    expect(nested.count).toBe(1);
  });

  it('refuses text that is not UTF-8, at the line it is on', async () => {
    const error = await failure(
      spoolFile(file([Buffer.from('a\nok\n'), Buffer.from([0xff, 0x0a])]), csv, {}, ceiling, dir)
    );
    expect((error as BadRequestError).message).toMatch(/^line 3: the text is not valid UTF-8/);
  });

  it('refuses a body over the byte limit with 413', async () => {
    const error = await failure(
      spoolFile(file(['a\n', 'x'.repeat(20), '\n'], 10), csv, {}, ceiling, dir)
    );
    expect(error).toBeInstanceOf(PayloadTooLargeError);
  });

  it('turns an upload cut short into a 400 that says so', async () => {
    const stream = new Readable({ read() {} });
    stream.push('a\n1\n');
    setImmediate(() => stream.destroy(new Error('aborted')));
    const opened = await openImportFile(stream, 'text/csv', 1000);
    const error = await failure(spoolFile(opened, csv, {}, ceiling, dir));
    expect((error as BadRequestError).message).toMatch(/upload ended before the end of the file/);
  });
});

function openRaw(chunks: Array<Buffer | string>, maxBytes: number) {
  const stream = Readable.from(chunks.map((c) => (typeof c === 'string' ? Buffer.from(c) : c)));
  let opened: Promise<ImportFile> | undefined;
  return (async function* () {
    opened ??= openImportFile(stream, 'text/csv', maxBytes);
    yield* (await opened).bytes;
  })();
}
