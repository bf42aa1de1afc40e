/*
 * A small streaming CSV parser (RFC 4180, and what spreadsheets write): fields separated by a
 * delimiter (`,` by default; the OSD data importer also takes `;`, tab and `|`), records ended by
 * CRLF, LF or CR, fields in double quotes may hold delimiters, line breaks and doubled quotes
 * (`""`). A quote inside an unquoted field is kept as it is. Text arrives in pieces of any size;
 * a record is returned once it is complete, with the line it starts on.
 *
 * As in the data importer, the first record is the header and every value stays a string:
 * OpenSearch maps the values (a string "5" indexes into a `long` field). Blank lines are skipped.
 */
import { fieldNameProblem, LineError, ParsedRow, RowReader } from './line_reader';

export interface CsvRecord {
  fields: string[];
  /** The line the record starts on (1-based). */
  line: number;
}

export interface CsvOptions {
  delimiter?: string;
  /** A record longer than this (in characters) is an error: usually a quote left open. */
  maxRecordChars?: number;
}

export const DEFAULT_MAX_RECORD_CHARS = 10 * 1024 * 1024;

/** Line breaks in a piece of text: CRLF, LF and a lone CR each count once. */
function countLineBreaks(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10) n++;
    else if (c === 13 && text.charCodeAt(i + 1) !== 10) n++;
  }
  return n;
}

type Parsed = { fields: string[]; next: number; breaks: number; blank: boolean } | null;

export class CsvParser {
  private buffer = '';
  private line = 1;
  private readonly delimiter: string;
  private readonly stop: RegExp;
  private readonly maxRecordChars: number;

  constructor(options: CsvOptions = {}) {
    this.delimiter = options.delimiter ?? ',';
    if (this.delimiter.length !== 1 || /["\r\n]/.test(this.delimiter)) {
      throw new Error(`a CSV delimiter is one character other than a quote or line break`);
    }
    this.stop = new RegExp(`[${this.delimiter.replace(/[\\\]^-]/g, '\\$&')}\\r\\n]`, 'g');
    this.maxRecordChars = options.maxRecordChars ?? DEFAULT_MAX_RECORD_CHARS;
  }

  /** The line the next record starts on. */
  get currentLine(): number {
    return this.line;
  }

  push(text: string): CsvRecord[] {
    this.buffer += text;
    return this.drain(false);
  }

  end(): CsvRecord[] {
    return this.drain(true);
  }

  private drain(final: boolean): CsvRecord[] {
    const records: CsvRecord[] = [];
    let start = 0;
    while (start < this.buffer.length) {
      const parsed = this.record(start, final);
      if (parsed === null) break;
      if (!parsed.blank) records.push({ fields: parsed.fields, line: this.line });
      this.line += parsed.breaks;
      start = parsed.next;
    }
    this.buffer = this.buffer.slice(start);
    if (!final && this.buffer.length > this.maxRecordChars) {
      throw new LineError(
        this.line,
        `a record is longer than ${this.maxRecordChars} characters; check the delimiter, and that every quoted field is closed`
      );
    }
    return records;
  }

  /** Parses the record at `start`; null when it may continue in text not yet arrived. */
  private record(start: number, final: boolean): Parsed {
    const text = this.buffer;
    const fields: string[] = [];
    let breaks = 0;
    let i = start;
    let quotedAny = false;
    for (;;) {
      if (text.charCodeAt(i) === 34 /* " */) {
        quotedAny = true;
        let value = '';
        let segment = i + 1;
        let j = segment;
        for (;;) {
          const quote = text.indexOf('"', j);
          if (quote === -1) {
            if (!final) return null;
            throw new LineError(
              this.line + breaks,
              'a quoted field is not closed; a quote inside a quoted field is written twice ("")'
            );
          }
          if (quote + 1 >= text.length && !final) return null; // `""` may be split
          if (text.charCodeAt(quote + 1) === 34) {
            value += text.slice(segment, quote + 1);
            j = segment = quote + 2;
            continue;
          }
          value += text.slice(segment, quote);
          i = quote + 1;
          break;
        }
        const inner = countLineBreaks(value);
        fields.push(value);
        if (i >= text.length) {
          if (!final) return null;
          return { fields, next: i, breaks: breaks + inner, blank: false };
        }
        const after = text[i];
        if (after === this.delimiter) {
          breaks += inner;
          i++;
          continue;
        }
        if (after === '\n' || after === '\r') {
          return this.endOfRecord(fields, i, breaks + inner, final, false);
        }
        throw new LineError(
          this.line + breaks + inner,
          `unexpected text after a closing quote in field ${fields.length}; a quote inside a quoted field is written twice ("")`
        );
      }
      this.stop.lastIndex = i;
      const match = this.stop.exec(text);
      if (match === null) {
        if (!final) return null;
        fields.push(text.slice(i));
        return {
          fields,
          next: text.length,
          breaks,
          blank: !quotedAny && fields.length === 1 && fields[0] === '',
        };
      }
      fields.push(text.slice(i, match.index));
      if (match[0] === this.delimiter) {
        i = match.index + 1;
        continue;
      }
      const blank = !quotedAny && fields.length === 1 && fields[0] === '';
      return this.endOfRecord(fields, match.index, breaks, final, blank);
    }
  }

  private endOfRecord(
    fields: string[],
    at: number,
    breaks: number,
    final: boolean,
    blank: boolean
  ): Parsed {
    const text = this.buffer;
    if (text[at] === '\r') {
      if (at + 1 >= text.length && !final) return null; // a LF may follow
      const next = text[at + 1] === '\n' ? at + 2 : at + 1;
      return { fields, next, breaks: breaks + 1, blank };
    }
    return { fields, next: at + 1, breaks: breaks + 1, blank };
  }
}

/** CSV with a header row to rows of strings; a record with the wrong number of fields is refused. */
export class CsvRowReader implements RowReader {
  private readonly parser: CsvParser;
  private header: string[] | undefined;

  constructor(options: CsvOptions = {}) {
    this.parser = new CsvParser(options);
  }

  get currentLine() {
    return this.parser.currentLine;
  }

  get columnNames() {
    return this.header;
  }

  push(text: string): ParsedRow[] {
    return this.rows(this.parser.push(text));
  }

  end(): ParsedRow[] {
    const rows = this.rows(this.parser.end());
    if (this.header === undefined) {
      throw new LineError(
        1,
        'the file is empty; a CSV file starts with a header row naming the columns'
      );
    }
    return rows;
  }

  private rows(records: CsvRecord[]): ParsedRow[] {
    const out: ParsedRow[] = [];
    for (const record of records) {
      if (this.header === undefined) {
        this.header = checkHeader(record);
        continue;
      }
      const header = this.header;
      if (record.fields.length !== header.length) {
        throw new LineError(
          record.line,
          `expected ${plural(header.length, 'field')} but found ${record.fields.length}`
        );
      }
      const row: Record<string, unknown> = {};
      header.forEach((column, i) => (row[column] = record.fields[i]));
      out.push({ row, line: record.line });
    }
    return out;
  }
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
