/*
 * Importing a CSV or NDJSON file into a lookup, through the same writer as `_write`, as the
 * caller. Nothing is published unless the whole file is valid:
 *
 * - overwrite (the default): the rows stream into a new slice, which is published only once the
 *   last row is in. A bad line throws from the row source, which stops the write before the
 *   alias is touched; the rows already loaded stay an unpublished orphan slice, as with any
 *   failed write (the reaper reclaims it). The first two batches are read and checked before
 *   the writer starts, so a file that fits in them (10,000 rows by default) is validated whole
 *   before any request, and its row count is known to the writer up front.
 * - append (`append=true`, or `key_field`): rows written into the current slice are visible at
 *   once, so the file is first read whole, checked, and spooled as NDJSON to a temporary file
 *   (bounded by the row ceiling, removed afterwards); the writer is then fed from that file with
 *   a known row count.
 *
 * `max` keeps the first n rows, and the rest of the file is still read and checked, so whether an
 * import succeeds never depends on where a bad line falls. Problems are reported by line
 * (`line 7: expected 3 fields but found 2`).
 */
import { once } from 'events';
import { createReadStream, createWriteStream, promises as fs } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { createInterface } from 'readline';
import type { WriteOptions, WriteResponse } from '../../../common/api/codecs';
import type { CsvDelimiter, ImportFormat, ImportQuery } from '../../../common/api/search_codecs';
import { BadRequestError, PayloadTooLargeError } from '../../lib/errors';
import { Ceiling, CeilingExceededError, checkMax } from '../ceiling';
import { writeLookup, WriterDeps } from '../writer/lookup_writer';
import type { Row, RowSource } from '../writer/row_source';
import { CsvRowReader } from './csv';
import { LineError, ParsedRow, RowReader } from './line_reader';
import { NdjsonRowReader } from './ndjson';

export interface ImportInput {
  /** The file's bytes (a multipart file part, or the whole request body). */
  stream: AsyncIterable<Buffer | Uint8Array | string>;
  /** The file name the client gave, when it gave one (chooses the format by extension). */
  filename?: string;
  /** The content type of the file part or body. */
  contentType?: string;
  /** The largest file accepted. */
  maxBytes: number;
}

export interface ImportFormatChoice {
  format: ImportFormat;
  delimiter: CsvDelimiter;
}

const FORMAT_BY_EXTENSION: Record<string, ImportFormat> = {
  csv: 'csv',
  tsv: 'csv',
  ndjson: 'ndjson',
  jsonl: 'ndjson',
};
const FORMAT_BY_MIME: Record<string, ImportFormat> = {
  'text/csv': 'csv',
  'text/tab-separated-values': 'csv',
  'application/x-ndjson': 'ndjson',
  'application/ndjson': 'ndjson',
  'application/jsonl': 'ndjson',
};

/** `format` and `delimiter` when given; otherwise from the file's extension or content type. */
export function chooseFormat(
  options: Pick<ImportQuery, 'format' | 'delimiter'>,
  input: Pick<ImportInput, 'filename' | 'contentType'>
): ImportFormatChoice {
  const extension = input.filename?.toLowerCase().match(/\.([a-z0-9]+)$/)?.[1];
  const mime = input.contentType?.split(';')[0].trim().toLowerCase();
  const format =
    options.format ??
    (extension ? FORMAT_BY_EXTENSION[extension] : undefined) ??
    (mime ? FORMAT_BY_MIME[mime] : undefined);
  if (!format) {
    throw new BadRequestError(
      'Say which format the file is in with format=csv or format=ndjson (or name the file .csv or .ndjson).',
      { option: 'format' }
    );
  }
  if (format === 'ndjson' && options.delimiter !== undefined) {
    throw new BadRequestError('delimiter applies to CSV files only; leave it out for NDJSON.', {
      option: 'delimiter',
    });
  }
  const tabs = extension === 'tsv' || mime === 'text/tab-separated-values';
  return { format, delimiter: options.delimiter ?? (tabs ? '\t' : ',') };
}

function readerFor(choice: ImportFormatChoice): RowReader {
  return choice.format === 'csv'
    ? new CsvRowReader({ delimiter: choice.delimiter })
    : new NdjsonRowReader();
}

function lineProblem(error: LineError): BadRequestError {
  return new BadRequestError(
    `${error.message}. Nothing was imported; fix the file and import it again.`,
    { line: error.line }
  );
}

/** The rows of the file, checked as they are read; the first `max` of them. */
export async function* parsedRows(
  input: ImportInput,
  reader: RowReader,
  max?: number
): AsyncGenerator<ParsedRow> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const iterator = input.stream[Symbol.asyncIterator]();
  let bytes = 0;
  let left = max ?? Infinity;
  const decode = (chunk?: Buffer | Uint8Array) => {
    try {
      return chunk === undefined ? decoder.decode() : decoder.decode(chunk, { stream: true });
    } catch {
      throw new LineError(
        reader.currentLine,
        'the text is not valid UTF-8; save the file as UTF-8'
      );
    }
  };
  try {
    for (;;) {
      let step: IteratorResult<Buffer | Uint8Array | string>;
      try {
        step = await iterator.next();
      } catch {
        throw new BadRequestError(
          'The upload ended before the end of the file. Nothing was imported; send the file again.'
        );
      }
      const final = step.done === true;
      let text: string;
      if (final) {
        text = decode();
      } else {
        const chunk = step.value;
        bytes += typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk.length;
        if (bytes > input.maxBytes) {
          throw new PayloadTooLargeError(
            `The file is larger than ${input.maxBytes} bytes, the most one import takes. ` +
              'Split it, and import the parts with append=true.',
            { max_bytes: input.maxBytes }
          );
        }
        text = typeof chunk === 'string' ? chunk : decode(chunk);
      }
      // Past `max`, the rest of the file is still read and checked, so whether an import
      // succeeds never depends on how its bytes happened to arrive.
      const rows = final ? [...reader.push(text), ...reader.end()] : reader.push(text);
      for (const row of rows) {
        if (left <= 0) break;
        left--;
        yield row;
      }
      if (final) return;
    }
  } catch (error) {
    if (error instanceof LineError) throw lineProblem(error);
    throw error;
  } finally {
    await iterator.return?.();
  }
}

async function* batchesOf(rows: AsyncIterable<ParsedRow>, size: number): AsyncGenerator<Row[]> {
  let batch: Row[] = [];
  for await (const { row } of rows) {
    batch.push(row);
    if (batch.length >= size) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}

export async function importLookup(
  deps: WriterDeps,
  name: string,
  input: ImportInput,
  options: ImportQuery
): Promise<WriteResponse> {
  const choice = chooseFormat(options, input);
  checkMax(options.max, deps.ceiling);
  const writeOptions: WriteOptions = {};
  if (options.append !== undefined) writeOptions.append = options.append;
  if (options.override_if_empty !== undefined)
    writeOptions.override_if_empty = options.override_if_empty;
  if (options.key_field !== undefined) writeOptions.key_field = options.key_field;
  // `max` is applied here, not by the writer: the writer would stop reading at the max-th row,
  // and the rest of the file must still be checked before anything is published.
  const append = options.append ?? options.key_field !== undefined;

  const reader = readerFor(choice);
  const rows = parsedRows(input, reader, options.max);
  if (append) {
    const spool = await spoolRows(rows, reader, deps.ceiling);
    try {
      return await writeLookup(deps, name, spool.source, writeOptions);
    } finally {
      await spool.dispose();
    }
  }
  return writeLookup(
    deps,
    name,
    await streamingSource(rows, reader, deps.config.bulk_batch_size),
    writeOptions
  );
}

/**
 * Rows streamed into the writer. The first two batches are read (and so checked) before the
 * writer is called; if the file ends within them, its row count is known.
 */
async function streamingSource(
  rows: AsyncGenerator<ParsedRow>,
  reader: RowReader,
  batchSize: number
): Promise<RowSource> {
  const batches = batchesOf(rows, batchSize);
  const head: Row[][] = [];
  let done = false;
  while (head.length < 2) {
    const step = await batches.next();
    if (step.done) {
      done = true;
      break;
    }
    head.push(step.value);
  }
  return {
    count: done ? head.reduce((n, b) => n + b.length, 0) : undefined,
    columnNames: reader.columnNames,
    async *batches() {
      yield* head;
      if (!done) yield* batches;
    },
  };
}

interface Spool {
  source: RowSource;
  dispose(): Promise<void>;
}

/** The whole file, checked and written to a temporary NDJSON file, bounded by the ceiling. */
async function spoolRows(
  rows: AsyncGenerator<ParsedRow>,
  reader: RowReader,
  ceiling: Ceiling
): Promise<Spool> {
  const dir = await fs.mkdtemp(join(tmpdir(), 'lookups-import-'));
  const dispose = () => fs.rm(dir, { recursive: true, force: true });
  const file = join(dir, 'rows.ndjson');
  const columns = new Set<string>(reader.columnNames ?? []);
  let count = 0;
  try {
    const out = createWriteStream(file);
    const failed = once(out, 'error').then(([error]) => {
      throw error;
    });
    failed.catch(() => undefined);
    try {
      for await (const { row } of rows) {
        if (++count > ceiling.maxRows) throw new CeilingExceededError('more', ceiling);
        for (const key of Object.keys(row)) columns.add(key);
        if (!out.write(`${JSON.stringify(row)}\n`))
          await Promise.race([once(out, 'drain'), failed]);
      }
    } finally {
      out.end();
    }
    await Promise.race([once(out, 'close'), failed]);
  } catch (error) {
    await dispose();
    throw error;
  }
  return {
    dispose,
    source: {
      count,
      columnNames: [...columns],
      async *batches(size) {
        const lines = createInterface({
          input: createReadStream(file, { encoding: 'utf8' }),
          crlfDelay: Infinity,
        });
        let batch: Row[] = [];
        try {
          for await (const line of lines) {
            if (line.length === 0) continue;
            batch.push(JSON.parse(line) as Row);
            if (batch.length >= size) {
              yield batch;
              batch = [];
            }
          }
          if (batch.length > 0) yield batch;
        } finally {
          lines.close();
        }
      },
    },
  };
}
