/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * What the import parsers share: rows with the line they start on, the error that names a line,
 * and the field-name rules (those of the OSD data importer, which refuses names OpenSearch would
 * turn into empty or ambiguous object paths).
 */
import { LOOKUP_FIELD } from '../../../common/substrate/names';
import type { Row } from '../writer/row_source';

/** A problem with the file at a line (1-based, as an editor shows it). */
export class LineError extends Error {
  constructor(
    public readonly line: number,
    public readonly problem: string
  ) {
    super(`line ${line}: ${problem}`);
    this.name = 'LineError';
  }
}

export interface ParsedRow {
  row: Row;
  /** The line the row starts on. */
  line: number;
}

/** Fields OpenSearch keeps for itself, and those this plugin writes or drops: never a column. */
export const RESERVED_FIELD_NAMES: ReadonlySet<string> = new Set([
  LOOKUP_FIELD,
  '_id',
  '_index',
  '_source',
  '_routing',
  '_score',
  '_maxscore',
  '_sort',
  '_type',
  '_version',
  '_seq_no',
  '_primary_term',
  '_field_names',
  '_ignored',
  '_doc_count',
  '_data_stream_timestamp',
]);

/** Why `name` cannot be a field name (of a document, or `nested` in an object), or undefined. */
export function fieldNameProblem(name: string, nested = false): string | undefined {
  if (name.length === 0) return 'a field name is empty; name every column';
  if (name.trim().length === 0)
    return `the field name "${name}" is only white space; name every column`;
  if (!nested && RESERVED_FIELD_NAMES.has(name)) {
    return `the field name "${name}" is reserved (OpenSearch or the lookup keeps it for itself); rename the column`;
  }
  if (name.startsWith('.') || name.endsWith('.'))
    return `the field name "${name}" starts or ends with a dot; OpenSearch cannot map it`;
  if (name.includes('..'))
    return `the field name "${name}" has two dots in a row; OpenSearch cannot map it`;
  // A JavaScript object would take it for its prototype and drop the value.
  if (name === '__proto__') return 'the field name "__proto__" cannot be used';
  return undefined;
}

/** Line breaks in a piece of text: CRLF, LF and a lone CR each count once. */
export function countLineBreaks(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10) n++;
    else if (c === 13 && text.charCodeAt(i + 1) !== 10) n++;
  }
  return n;
}

/**
 * Bytes to text, refusing what is not UTF-8 with the line it is on. A byte order mark at the
 * start is dropped (spreadsheets write one), so it never ends up in the first column's name.
 */
export async function* decodeUtf8(bytes: AsyncIterable<Buffer>): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let lines = 1;
  const decode = (chunk?: Buffer) => {
    try {
      return chunk === undefined ? decoder.decode() : decoder.decode(chunk, { stream: true });
    } catch {
      // Where in the piece: the first replacement character of a lenient decoding.
      const lenient = chunk === undefined ? '' : new TextDecoder('utf-8').decode(chunk);
      const at = lenient.indexOf('\ufffd');
      const line = lines + (at > 0 ? (lenient.slice(0, at).match(/\n/g) ?? []).length : 0);
      throw new LineError(
        line,
        'the text is not valid UTF-8; save the file as UTF-8 and import it again'
      );
    }
  };
  for await (const chunk of bytes) {
    const text = decode(chunk);
    for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) lines++;
    if (text.length > 0) yield text;
  }
  const rest = decode();
  if (rest.length > 0) yield rest;
}
