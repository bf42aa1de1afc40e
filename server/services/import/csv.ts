/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * CSV files, read with csv-parse as they arrive (RFC 4180, and what spreadsheets write): fields
 * separated by a delimiter (`,` by default; the OSD data importer also takes `;`, tab and `|`),
 * records ended by CRLF, LF or CR, fields in double quotes may hold delimiters, line breaks and
 * doubled quotes (`""`); a quote inside an unquoted field is kept as it is. Blank lines are
 * skipped, a byte order mark dropped.
 *
 * As in the data importer, the first record is the header: every column needs a name OpenSearch
 * can map, once. Every other record has one value per column; problems name the line the record
 * starts on, as an editor shows it.
 */
import { pipeline, Readable } from 'stream';
import { CsvError, Parser } from 'csv-parse';
import { fieldNameProblem, LineError } from './line_reader';

export interface CsvOptions {
  delimiter?: string;
  /** A record longer than this (in characters) is an error: usually a quote left open. */
  maxRecordChars?: number;
}

export const DEFAULT_MAX_RECORD_CHARS = 10 * 1024 * 1024;

export interface CsvRecord {
  fields: string[];
  /** The line the record starts on (1-based). */
  line: number;
}

/**
 * csv-parse's parser, handing on each record with the line it starts on, counted from the
 * parser's public `info` as the record is pushed. (Its `on_record` and `info` options would give
 * the same, but build a context object per record, which made V8 allocate every record straight
 * into the old generation: a 100 MiB import then left ~90 MB of old garbage behind.)
 */
class LineNumberingParser extends Parser {
  /** The line the last complete record ended on. */
  lastLine = 0;
  // csv-parse counts a CRLF inside a quoted field as two lines: what it has counted too many.
  private excess = 0;

  override push(chunk: unknown, encoding?: BufferEncoding): boolean {
    if (chunk === null) return super.push(chunk, encoding);
    const fields = chunk as string[];
    let counted = 0;
    let crlf = 0;
    for (const field of fields) {
      counted += countChars(field, '\r') + countChars(field, '\n');
      crlf += countChars(field, '\r\n');
    }
    const line = this.info.lines - this.excess - counted;
    this.excess += crlf;
    this.lastLine = this.info.lines - this.excess;
    const record: CsvRecord = { fields, line };
    return super.push(record);
  }
}

/** Every record of the text, the header included, with the line each starts on. */
export async function* csvRecords(
  text: AsyncIterable<string>,
  options: CsvOptions = {}
): AsyncGenerator<CsvRecord> {
  const maxRecordChars = options.maxRecordChars ?? DEFAULT_MAX_RECORD_CHARS;
  const parser = new LineNumberingParser({
    delimiter: options.delimiter ?? ',',
    record_delimiter: ['\r\n', '\n', '\r'],
    bom: true,
    relax_quotes: true,
    relax_column_count: true,
    skip_empty_lines: true,
    max_record_size: maxRecordChars,
  });
  // Errors of the source (bad UTF-8, a file over the limit) come out of the parser's iterator.
  pipeline(Readable.from(text, { objectMode: false }), parser, () => undefined);
  try {
    for await (const record of parser as AsyncIterable<CsvRecord>) yield record;
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    // Records already parsed may not have reached the reader when a later problem stops it.
    const line = parser.lastLine + 1;
    switch (error.code) {
      case 'CSV_QUOTE_NOT_CLOSED':
        throw new LineError(
          line,
          'a quoted field is not closed; a quote inside a quoted field is written twice ("")'
        );
      case 'CSV_MAX_RECORD_SIZE':
        throw new LineError(
          line,
          `a record is longer than ${maxRecordChars} characters; check the delimiter, and that every quoted field is closed`
        );
      default:
        throw new LineError(error.lines ?? line, error.message);
    }
  }
}

/** The file's header and rows: one string per column, as the data importer reads them. */
export class CsvReader {
  private header: string[] | undefined;

  constructor(private readonly options: CsvOptions = {}) {}

  /** The header, once read. */
  get columnNames(): string[] | undefined {
    return this.header;
  }

  async *records(text: AsyncIterable<string>): AsyncGenerator<CsvRecord> {
    for await (const record of csvRecords(text, this.options)) {
      if (this.header === undefined) {
        this.header = checkHeader(record);
        continue;
      }
      if (record.fields.length !== this.header.length) {
        throw new LineError(
          record.line,
          `expected ${plural(this.header.length, 'field')} but found ${record.fields.length}`
        );
      }
      yield record;
    }
    if (this.header === undefined) {
      throw new LineError(
        1,
        'the file is empty; a CSV file starts with a header row naming the columns'
      );
    }
  }
}

function countChars(text: string, char: string): number {
  let n = 0;
  for (let i = text.indexOf(char); i !== -1; i = text.indexOf(char, i + 1)) n++;
  return n;
}

function plural(n: number, word: string) {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

function checkHeader(record: CsvRecord): string[] {
  const seen = new Set<string>();
  record.fields.forEach((name, i) => {
    const problem = fieldNameProblem(name);
    if (problem) {
      throw new LineError(record.line, `column ${i + 1} of the header: ${problem}`);
    }
    if (seen.has(name)) {
      throw new LineError(
        record.line,
        `the header names the column "${name}" twice; give each column one name`
      );
    }
    seen.add(name);
  });
  return record.fields;
}
