/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * NDJSON, as the OSD data importer reads it: one JSON object per line (LF or CRLF), blank lines
 * skipped. Values keep their JSON types; nested objects stay objects. A line that is not a JSON
 * object, an empty object, a value nested deeper than a lookup holds, or a field name OpenSearch
 * cannot take is refused with its line. The depth is measured on the text before it is parsed,
 * so a line nested 100,000 deep is the same 400 as one nested 65 deep.
 */
import { JsonDepthError, parseJson } from '../../../common/api/lossless_json';
import { describeJsonPath } from '../../../common/api/json_depth';
import { MAX_VALUE_NESTING } from '../../../common/substrate/field_types';
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

/**
 * The first field name (at any depth, in document order) OpenSearch cannot take, with why.
 * Iterative: the depth of the objects never meets the stack's.
 */
function badFieldName(object: Record<string, unknown>): string | undefined {
  const pending: Array<{ entries: Array<[string, unknown]>; next: number; prefix: string }> = [
    { entries: Object.entries(object), next: 0, prefix: '' },
  ];
  while (pending.length > 0) {
    const level = pending[pending.length - 1];
    if (level.next >= level.entries.length) {
      pending.pop();
      continue;
    }
    const [key, value] = level.entries[level.next++];
    const { prefix } = level;
    const problem = fieldNameProblem(key, prefix !== '');
    if (problem) return prefix ? `in "${prefix}": ${problem}` : problem;
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      pending.push({
        entries: Object.entries(value as Record<string, unknown>),
        next: 0,
        prefix: `${prefix}${key}.`,
      });
    }
  }
  return undefined;
}

/** What a line too deep for a lookup is told: the column, the limit, and what to do. */
function tooDeep({ excess }: JsonDepthError): string {
  const [column, ...inside] = excess.path;
  if (typeof column !== 'string') {
    // Not an object (the parser would say so): the line as a whole is what is too deep.
    return `the line nests arrays or objects deeper than ${excess.maxDepth} levels, which a lookup cannot hold.`;
  }
  const where = inside.length > 0 ? ` (at ${describeJsonPath(inside)})` : '';
  return (
    `the value of "${column}" nests arrays or objects deeper than ${MAX_VALUE_NESTING} levels${where}, ` +
    'which a lookup cannot hold. Flatten it (for example as JSON text) and import again.'
  );
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
      // Lossless: a long of 9007199254740993 stays itself (a bigint). The row is one level
      // around its values, each of which may nest as deep as a lookup holds.
      value = parseJson(text, { maxDepth: MAX_VALUE_NESTING + 1 });
    } catch (error) {
      if (error instanceof JsonDepthError) throw new LineError(this.line, tooDeep(error));
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
