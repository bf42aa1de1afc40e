/*
 * What the import parsers share: rows with the line they start on, the error that names a line,
 * and the field-name rules (those of the OSD data importer, which refuses names OpenSearch would
 * turn into empty or ambiguous object paths).
 */
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

/** Text in, rows out: `push` as text arrives, `end` once it has all arrived. */
export interface RowReader {
  push(text: string): ParsedRow[];
  end(): ParsedRow[];
  /** The line being read, for problems found outside the parser (such as bad UTF-8). */
  readonly currentLine: number;
  /** The columns known before any row (a CSV header), once read. */
  readonly columnNames: string[] | undefined;
}

/** Why `name` cannot be a field name, or undefined when it can. */
export function fieldNameProblem(name: string): string | undefined {
  if (name.trim().length === 0) return 'a field name is empty';
  if (name.startsWith('.') || name.endsWith('.'))
    return `the field name "${name}" starts or ends with a dot`;
  if (name.includes('..')) return `the field name "${name}" has two dots in a row`;
  // A JavaScript object would take it for its prototype and drop the value.
  if (name === '__proto__') return 'the field name "__proto__" cannot be used';
  return undefined;
}
