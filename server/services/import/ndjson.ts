/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * NDJSON, as the OSD data importer reads it: one JSON object per line (LF or CRLF), blank lines
 * skipped. Values keep their JSON types; nested objects stay objects. A line that is not a JSON
 * object, an empty object, or a field name OpenSearch cannot take is refused with its line.
 */
import { parseJson } from '../../../common/api/lossless_json';
import { fieldNameProblem, LineError, ParsedRow } from './line_reader';

export const DEFAULT_MAX_LINE_CHARS = 10 * 1024 * 1024;

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return 'a string';
  if (typeof value === 'number') return 'a number';
  if (typeof value === 'boolean') return 'a boolean';
  return typeof value;
}

/** The first field name (at any depth) OpenSearch cannot take, with why. */
function badFieldName(object: Record<string, unknown>, prefix = ''): string | undefined {
  for (const [key, value] of Object.entries(object)) {
    const problem = fieldNameProblem(key, prefix !== '');
    if (problem) return prefix ? `in "${prefix}": ${problem}` : problem;
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      const inner = badFieldName(value as Record<string, unknown>, `${prefix}${key}.`);
      if (inner) return inner;
    }
  }
  return undefined;
}

/** Every row of the text, with its line. */
export async function* ndjsonRows(
  text: AsyncIterable<string>,
  maxLineChars = DEFAULT_MAX_LINE_CHARS
): AsyncGenerator<ParsedRow, void, undefined> {
  const reader = new NdjsonRowReader(maxLineChars);
  for await (const piece of text) yield* reader.push(piece);
  yield* reader.end();
}

export class NdjsonRowReader {
  private buffer = '';
  private line = 1;

  constructor(private readonly maxLineChars = DEFAULT_MAX_LINE_CHARS) {}

  get currentLine() {
    return this.line;
  }

  push(text: string): ParsedRow[] {
    this.buffer += text;
    const rows: ParsedRow[] = [];
    let start = 0;
    for (let nl = this.buffer.indexOf('\n'); nl !== -1; nl = this.buffer.indexOf('\n', start)) {
      const row = this.parseLine(this.buffer.slice(start, nl));
      if (row) rows.push(row);
      this.line++;
      start = nl + 1;
    }
    this.buffer = this.buffer.slice(start);
    if (this.buffer.length > this.maxLineChars) {
      throw new LineError(this.line, `the line is longer than ${this.maxLineChars} characters`);
    }
    return rows;
  }

  end(): ParsedRow[] {
    const rest = this.buffer;
    this.buffer = '';
    const row = this.parseLine(rest);
    return row ? [row] : [];
  }

  private parseLine(raw: string): ParsedRow | undefined {
    const text = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (text.trim().length === 0) return undefined;
    let value: unknown;
    try {
      // Lossless: a long of 9007199254740993 stays itself (a bigint).
      value = parseJson(text);
    } catch (error) {
      throw new LineError(this.line, `not valid JSON (${(error as Error).message})`);
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      throw new LineError(this.line, `expected a JSON object but found ${kindOf(value)}`);
    }
    const row = value as Record<string, unknown>;
    if (Object.keys(row).length === 0) {
      throw new LineError(this.line, 'the object has no fields');
    }
    const problem = badFieldName(row);
    if (problem) throw new LineError(this.line, problem);
    return { row, line: this.line };
  }
}
