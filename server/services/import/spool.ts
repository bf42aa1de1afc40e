/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * The import spool: step 1 of an import reads the whole file, checks every line and writes the
 * rows to keep, one JSON line each, to a temporary file (./import_service.ts says why); step 2
 * reads them back, in batches, as the writer asks for them.
 */
import { once } from 'events';
import { createWriteStream, promises as fs } from 'fs';
import { join } from 'path';
import { parseJson, stringifyJson } from '../../../common/api/lossless_json';
import type { CsvDelimiter, ImportFormat, ImportQuery } from '../../../common/api/search_codecs';
import { FormulaEscapeScan, unescapeFormula } from '../../../common/csv';
import { ColumnType, ColumnTypeInference, convert, schemaOf } from '../../../common/import_types';
import { BadRequestError } from '../../lib/errors';
import { Ceiling, CeilingExceededError } from '../ceiling';
import type { Row, RowSource } from '../writer/row_source';
import type { ImportFile } from './body';
import { CsvReader } from './csv';
import { decodeUtf8, fieldNameProblem, LineError } from './line_reader';
import { ndjsonRows } from './ndjson';

function lineProblem(error: LineError): BadRequestError {
  return new BadRequestError(
    `${error.message}. Nothing was imported; fix the file and import it again.`,
    { line: error.line }
  );
}

const SPOOL_PIECE_CHARS = 64 * 1024;

/** The checked file, spooled: one JSON line per kept row (CSV: the values; NDJSON: the object). */
export interface Spooled {
  file: string;
  count: number;
  columnNames: string[];
  /**
   * CSV only: the header, with each column's type, and whether the cells are read back through
   * the formula escape (`'=1` → `=1`; the header already is).
   */
  csv?: { header: string[]; types: ColumnType[]; unescape: boolean };
}

/**
 * Reads the whole file, checking every line, and spools the first `max` rows. Throws the 400 of
 * the first problem (or the 413 of a file too large) before anything else happens.
 */
export async function spoolFile(
  input: ImportFile,
  choice: { format: ImportFormat; delimiter: CsvDelimiter },
  options: Pick<ImportQuery, 'max' | 'types' | 'unescape_formulas'>,
  ceiling: Ceiling,
  dir: string
): Promise<Spooled> {
  const file = join(dir, 'rows.ndjson');
  const out = createWriteStream(file);
  const failed = once(out, 'error').then(([error]) => {
    throw error;
  });
  failed.catch(() => undefined);
  // Lines go to the file in pieces of about 64 KiB: one write request per line would keep
  // thousands of small requests queued behind the disk, long enough to outlive young-generation
  // collections and pile up as old garbage (the import bench's RSS growth).
  let pending = '';
  const flush = async () => {
    const piece = pending;
    pending = '';
    if (piece.length > 0 && !out.write(piece)) await Promise.race([once(out, 'drain'), failed]);
  };
  const write = async (line: string) => {
    pending += line;
    if (pending.length >= SPOOL_PIECE_CHARS) await flush();
  };
  const left = options.max ?? Infinity;
  let count = 0;
  const keep = () => {
    if (count >= left) return false;
    if (++count > ceiling.maxRows) throw new CeilingExceededError('more', ceiling);
    return true;
  };
  const text = decodeUtf8(input.bytes);
  let spooled: Spooled;
  try {
    try {
      if (choice.format === 'csv') {
        const reader = new CsvReader({ delimiter: choice.delimiter });
        let inference: ColumnTypeInference | undefined;
        const escapes = new FormulaEscapeScan();
        for await (const record of reader.records(text)) {
          if (!inference) escapes.add(reader.columnNames ?? []);
          inference ??= new ColumnTypeInference(reader.columnNames ?? []);
          escapes.add(record.fields);
          // Types come from every value of the file, kept or not: the file is one table.
          if (options.types !== 'strings') inference.add(record.fields);
          if (keep()) await write(`${JSON.stringify(record.fields)}\n`);
        }
        // Types are inferred over the cells as written: an escaped cell (`'-5`) keeps its
        // column text, as it was when exported.
        const unescape = options.unescape_formulas !== false && escapes.undo;
        const header = unescapedHeader(reader.columnNames ?? [], unescape);
        const types =
          options.types === 'strings' || !inference
            ? header.map((): ColumnType => 'string')
            : inference.types();
        spooled = { file, count, columnNames: header, csv: { header, types, unescape } };
      } else {
        const columns = new Set<string>();
        for await (const { row } of ndjsonRows(text)) {
          if (!keep()) continue;
          for (const key of Object.keys(row)) columns.add(key);
          await write(`${stringifyJson(row)}\n`);
        }
        spooled = { file, count, columnNames: [...columns] };
      }
      await flush();
    } finally {
      out.end();
    }
    await Promise.race([once(out, 'close'), failed]);
  } catch (error) {
    if (error instanceof LineError) throw lineProblem(error);
    throw error;
  }
  return spooled;
}

/** The header as the columns will be named: without the formula escape, when it is undone. */
function unescapedHeader(header: string[], unescape: boolean): string[] {
  if (!unescape) return header;
  return header.map((name, i) => {
    const column = unescapeFormula(name);
    const problem = column === name ? undefined : fieldNameProblem(column);
    if (problem) throw new LineError(1, `column ${i + 1} of the header: ${problem}`);
    return column;
  });
}

/**
 * How far the writer read the rows. The writer sends a `_bulk` batch once it holds
 * `bulk_batch_size` rows, before it asks for more: rows read past the first batch, or the last
 * ones, mean rows went to OpenSearch.
 */
export interface SpoolProgress {
  rowsRead: number;
  exhausted: boolean;
}

/** The spooled rows, in batches, typed. */
export function spoolSource(spooled: Spooled, progress: SpoolProgress): RowSource {
  const csv = spooled.csv;
  const toRow: (line: string) => Row = csv
    ? (line) => {
        // A CSV row is spooled as an array of strings: JSON.parse is exact for those.
        const fields = JSON.parse(line) as string[];
        const row: Row = {};
        for (let i = 0; i < csv.header.length; i++) {
          const typed = convert(
            csv.unescape ? unescapeFormula(fields[i]) : fields[i],
            csv.types[i]
          );
          if (typed !== undefined) row[csv.header[i]] = typed;
        }
        return row;
      }
    : (line) => parseJson(line) as Row;
  return {
    count: spooled.count,
    columnNames: spooled.columnNames,
    columns: csv ? schemaOf(csv.header, csv.types) : undefined,
    batches: (size) => ({
      [Symbol.asyncIterator]: () => spoolBatches(spooled.file, size, toRow, progress),
    }),
  };
}

/**
 * The batches, as a plain iterator rather than a generator: a suspended generator keeps the
 * batch it last yielded in its saved registers, so while the writer waits for OpenSearch that
 * batch would stay reachable long enough to be promoted to V8's old generation. Each `next`
 * here builds its batch and lets go of it.
 */
function spoolBatches(
  file: string,
  size: number,
  toRow: (line: string) => Row,
  progress: SpoolProgress
): AsyncIterator<Row[]> {
  const lines = spoolLines(file);
  return {
    async next() {
      const batch: Row[] = [];
      while (batch.length < size) {
        const line = await lines.next();
        if (line.done) break;
        batch.push(toRow(line.value));
      }
      if (batch.length === 0) {
        progress.exhausted = true;
        return { done: true, value: undefined };
      }
      progress.rowsRead += batch.length;
      return { done: false, value: batch };
    },
    async return() {
      await lines.return(undefined);
      return { done: true, value: undefined };
    },
  };
}

const SPOOL_READ_BYTES = 64 * 1024;
const NEWLINE = 10;

/**
 * The spool's lines, read only as they are asked for: nothing is read ahead while the writer
 * waits for OpenSearch, so no row text waits in memory long enough to be promoted to V8's old
 * generation (readline reads ahead up to a thousand lines). Lines are JSON: a newline byte
 * always ends one, and never falls inside a UTF-8 sequence.
 */
async function* spoolLines(file: string): AsyncGenerator<string> {
  const handle = await fs.open(file, 'r');
  try {
    // One buffer for the whole file: an unfinished line moves to its start, and the next read
    // goes after it (the buffer doubles only for a line longer than itself).
    let buffer = Buffer.allocUnsafeSlow(SPOOL_READ_BYTES);
    let kept = 0;
    for (;;) {
      if (kept === buffer.length) {
        const larger = Buffer.allocUnsafeSlow(buffer.length * 2);
        buffer.copy(larger, 0, 0, kept);
        buffer = larger;
      }
      const { bytesRead } = await handle.read(buffer, kept, buffer.length - kept, null);
      if (bytesRead === 0) break;
      const end = kept + bytesRead;
      let start = 0;
      for (
        let at = buffer.indexOf(NEWLINE);
        at >= 0 && at < end;
        at = buffer.indexOf(NEWLINE, start)
      ) {
        if (at > start) yield buffer.toString('utf8', start, at);
        start = at + 1;
      }
      buffer.copyWithin(0, start, end);
      kept = end - start;
    }
    if (kept > 0) yield buffer.toString('utf8', 0, kept);
  } finally {
    await handle.close();
  }
}
