/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * A first look at a file before it becomes a lookup: its format (by name, as the import route
 * guesses it), its columns, the first rows and each column's type, inferred the way the server's
 * import infers them (common/import_types.ts) but over the rows read here only.
 */
import { parse } from 'csv-parse/browser/esm/sync';
import type { SchemaColumn } from '../../../common/api/codecs';
import { parseJson } from '../../../common/api/lossless_json';
import { FormulaEscapeScan, unescapeFormula } from '../../../common/csv';
import type { CsvDelimiter, ImportFormat } from '../../../common/api/search_codecs';
import { ColumnTypeInference, schemaOf } from '../../../common/import_types';

/** The start of the file read for the preview. */
export const PREVIEW_BYTES = 256 * 1024;
export const PREVIEW_ROWS = 10;

export interface FilePreview {
  format: ImportFormat;
  /** CSV only: a `.tsv` file is split on tabs. */
  delimiter?: CsvDelimiter;
  schema: SchemaColumn[];
  /** The first rows, as the table shows them. */
  rows: unknown[][];
  /** Rows the preview typed its columns over. */
  rowsRead: number;
  /** Whether the preview saw only the start of the file. */
  partial: boolean;
  /** Why the import would refuse the file, found in the part read (a ragged line). */
  problem?: string;
  /**
   * CSV only: the file is written with the formula escape (`'=1+1`, as the export writes
   * `=1+1`), and the cells are shown, as they will be imported, without it.
   */
  formulasUnescaped?: boolean;
}

/** The line a record starts on, from the line it ends on and the line breaks inside it. */
function startLine(fields: string[], endLine: number): number {
  let breaks = 0;
  for (const field of fields) breaks += field.split(/\r\n|\r|\n/).length - 1;
  return endLine - breaks;
}

export function formatOf(fileName: string): ImportFormat {
  const lower = fileName.toLowerCase();
  if (lower.endsWith('.ndjson') || lower.endsWith('.jsonl') || lower.endsWith('.json')) {
    return 'ndjson';
  }
  return 'csv';
}

/** Drops a last line cut off by the preview's byte limit. */
function completeLines(text: string, partial: boolean): string {
  if (!partial) return text;
  const end = text.lastIndexOf('\n');
  return end < 0 ? '' : text.slice(0, end + 1);
}

/**
 * The type OpenSearch maps an NDJSON field as when the import writes it (the backing index maps
 * new fields dynamically, with date and numeric detection off): from the first value the field
 * has, an array standing for its elements. Named as the mapping names it; the table shows the
 * PPL name beside it.
 */
function ndjsonType(values: unknown[]): string {
  const first = values
    .flatMap((v) => (Array.isArray(v) ? v.flat(Infinity) : [v]))
    .find((v) => v !== null && v !== undefined);
  if (first === undefined) return 'text';
  if (typeof first === 'bigint') return 'long';
  if (typeof first === 'number') return Number.isInteger(first) ? 'long' : 'float';
  if (typeof first === 'boolean') return 'boolean';
  if (typeof first === 'string') return 'text';
  return 'object';
}

/**
 * The records of CSV text, read as the import reads them (server/services/import/csv.ts: CRLF,
 * LF or CR, a quote inside an unquoted field kept). A problem is said in the import's words,
 * with lines and fields counted from 1.
 */
function parseCsv(body: string, delimiter: CsvDelimiter) {
  let lastLine = 0;
  try {
    return parse(body, {
      delimiter,
      record_delimiter: ['\r\n', '\n', '\r'],
      relax_quotes: true,
      skip_empty_lines: true,
      relax_column_count: true,
      info: true,
      on_record: (record, context) => {
        lastLine = context.lines;
        return record;
      },
    }) as Array<{ record: string[]; info: { lines: number } }>;
  } catch (error) {
    const { code, lines } = error as { code?: string; lines?: number };
    if (code === 'CSV_QUOTE_NOT_CLOSED') {
      throw new Error(
        `line ${lastLine + 1}: a quoted field is not closed; a quote inside a quoted field is written twice ("")`
      );
    }
    const message = String((error as Error).message).replace(
      /\bfield (\d+)/g,
      (_, n: string) => `field ${Number(n) + 1}`
    );
    throw new Error(lines !== undefined ? `line ${lines}: ${message}` : message);
  }
}

export function previewText(
  text: string,
  format: ImportFormat,
  partial: boolean,
  delimiter: CsvDelimiter = ','
): FilePreview {
  const body = completeLines(text.replace(/^\uFEFF/, ''), partial);
  if (format === 'ndjson') {
    const objects = body
      .split(/\r?\n/)
      .filter((line) => line.trim() !== '')
      .map((line, i) => {
        try {
          // Every digit kept, as the import reads it (JSON.parse rounds beyond 2^53).
          return parseJson(line) as Record<string, unknown>;
        } catch {
          throw new Error(`Line ${i + 1} is not JSON: ${line.slice(0, 80)}`);
        }
      });
    const names = [...new Set(objects.flatMap((o) => Object.keys(o)))];
    const schema = names.map((name) => ({
      name,
      type: ndjsonType(objects.map((o) => o[name])),
    }));
    return {
      format,
      schema,
      rows: objects.slice(0, PREVIEW_ROWS).map((o) => names.map((n) => o[n] ?? null)),
      rowsRead: objects.length,
      partial,
    };
  }
  const records = parseCsv(body, delimiter).map(({ record, info }) => ({
    fields: record,
    line: startLine(record, info.lines),
  }));
  const [first, ...data] = records;
  const escapes = new FormulaEscapeScan();
  for (const record of records) escapes.add(record.fields);
  // As the import reads it: types from the cells as written, values without the escape.
  const unescape = escapes.undo ? unescapeFormula : (cell: string) => cell;
  const header = (first?.fields ?? []).map(unescape);
  const inference = new ColumnTypeInference(header);
  for (const row of data) inference.add(row.fields);
  // The first record the import would stop at, in its words.
  const ragged = data.find((r) => r.fields.length !== header.length);
  return {
    format,
    ...(delimiter !== ',' ? { delimiter } : {}),
    schema: schemaOf(header, inference.types()),
    rows: data
      .slice(0, PREVIEW_ROWS)
      .map((row) => header.map((_, i) => (i < row.fields.length ? unescape(row.fields[i]) : null))),
    rowsRead: data.length,
    partial,
    ...(escapes.undo ? { formulasUnescaped: true } : {}),
    ...(ragged
      ? {
          problem: `line ${ragged.line}: expected ${header.length} field${
            header.length === 1 ? '' : 's'
          } but found ${ragged.fields.length}`,
        }
      : {}),
  };
}

/** A blob's text through FileReader, which every browser (and jsdom) has. */
function readText(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('the file could not be read'));
    reader.readAsText(blob);
  });
}

export async function previewFile(file: File): Promise<FilePreview> {
  const partial = file.size > PREVIEW_BYTES;
  const text = await readText(file.slice(0, PREVIEW_BYTES));
  const tabs = file.name.toLowerCase().endsWith('.tsv');
  return previewText(text, formatOf(file.name), partial, tabs ? '\t' : ',');
}
