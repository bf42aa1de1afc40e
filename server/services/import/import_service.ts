/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Importing a CSV or NDJSON file into a lookup, through the same writer as `_write`, as the
 * caller. The raw body and the multipart file part give the same bytes (./body.ts) to the same
 * parser and the same error path:
 *
 * 1. The whole file is read, checked and spooled, as NDJSON, to a temporary file (disk, never
 *    memory; removed afterwards). A bad line is a 400 naming it, a file over `max_import_bytes` a
 *    413, a result over the row ceiling a 400, all before any request to OpenSearch: nothing is
 *    written, no index, no slice, no alias change. CSV column types are inferred here, over every
 *    value (./column_types.ts), unless `types=strings`.
 * 2. The writer is fed from the spool with a known row count and the columns' types; typed
 *    columns not yet mapped in the backing index are mapped explicitly first.
 *
 * `max` keeps the first n rows; the rest of the file is still read and checked, so whether an
 * import succeeds never depends on where a bad line falls.
 *
 * If the writer fails part way (OpenSearch refuses a value), nothing is published: the rows
 * loaded so far stay as a failed version (its write record says `failed`; it cannot be rolled
 * back to, and the reaper removes it), and the message says so. A first import that fails
 * removes the backing index it created, so no reader and no catalog sees a trace of it.
 */
import { promises as fs } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import type { WriteOptions, WriteResponse } from '../../../common/api/codecs';
import type { CsvDelimiter, ImportFormat, ImportQuery } from '../../../common/api/search_codecs';
import { isRefusal, planWrite } from '../../../common/substrate/target_state';
import { BadRequestError, LookupError } from '../../lib/errors';
import { Ceiling, checkMax } from '../ceiling';
import { probeTarget } from '../target_probe';
import { WriteCancelledError } from '../writer/cancellation';
import { writeLookup, WriterDeps } from '../writer/lookup_writer';
import type { ImportFile } from './body';
import { Spooled, spoolFile, SpoolProgress, spoolSource } from './spool';

export type ImportOptions = ImportQuery;

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
  input: Pick<ImportFile, 'filename' | 'contentType'>
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

/** A file checked and spooled, ready to be written (now, or later by a job). */
export interface PreparedImport {
  /** Rows that will be written. */
  rows: number;
  /** What the import is, in words (a job's history shows it). */
  description: string;
  write(deps: WriterDeps): Promise<WriteResponse>;
  /** Removes the spool; call once, whether or not `write` ran. */
  discard(): Promise<void>;
}

/**
 * Step 1: reads, checks and spools the whole file (a 400 or 413 on any problem, with nothing
 * written). The spool stays until `discard`.
 */
export async function prepareImport(
  ceiling: Ceiling,
  name: string,
  input: ImportFile,
  options: ImportOptions
): Promise<PreparedImport> {
  const choice = chooseFormat(options, input);
  if (options.types !== undefined && choice.format !== 'csv') {
    throw new BadRequestError(
      'types applies to CSV files only; NDJSON values keep their JSON types.',
      {
        option: 'types',
      }
    );
  }
  if (options.unescape_formulas !== undefined && choice.format !== 'csv') {
    throw new BadRequestError(
      'unescape_formulas applies to CSV files only; NDJSON values are read as written.',
      { option: 'unescape_formulas' }
    );
  }
  checkMax(options.max, ceiling);
  const dir = await fs.mkdtemp(join(tmpdir(), 'lookups-import-'));
  const discard = () => fs.rm(dir, { recursive: true, force: true });
  let spooled: Spooled;
  try {
    spooled = await spoolFile(input, choice, options, ceiling, dir);
  } catch (error) {
    await discard();
    throw error;
  }
  const file = input.filename ? ` ${JSON.stringify(input.filename)}` : '';
  return {
    rows: spooled.count,
    description: `import${file} (${choice.format}, ${spooled.count} rows) into ${name}`,
    write: (deps) =>
      writeSpooled(deps, name, spooled, options, { file: input.filename, format: choice.format }),
    discard,
  };
}

/** Checks, spools and writes a file, then removes the spool. */
export async function importLookup(
  deps: WriterDeps,
  name: string,
  input: ImportFile,
  options: ImportOptions
): Promise<WriteResponse> {
  const prepared = await prepareImport(deps.ceiling, name, input, options);
  try {
    return await prepared.write(deps);
  } finally {
    await prepared.discard();
  }
}

/** Step 2: the writer fed from the spool; a failure says truthfully what it left. */
async function writeSpooled(
  deps: WriterDeps,
  name: string,
  spooled: Spooled,
  options: ImportOptions,
  origin: { file?: string; format: ImportFormat }
): Promise<WriteResponse> {
  const writeOptions: WriteOptions = {};
  if (options.append !== undefined) writeOptions.append = options.append;
  if (options.override_if_empty !== undefined)
    writeOptions.override_if_empty = options.override_if_empty;
  if (options.key_field !== undefined) writeOptions.key_field = options.key_field;
  // `max` is applied while spooling, not by the writer: the rest of the file must still be
  // checked before anything is written.
  const append = options.append ?? options.key_field !== undefined;

  const progress: SpoolProgress = { rowsRead: 0, exhausted: false };
  const source = spoolSource(spooled, progress);

  const plan = planWrite(await probeTarget(deps.client, name), { append });
  const backingIndex = isRefusal(plan) ? undefined : plan.backingIndex;
  const firstWrite = !isRefusal(plan) && plan.action === 'create';
  const existed =
    backingIndex === undefined || !firstWrite
      ? true
      : (await deps.client.indices.exists({ index: backingIndex })).body === true;
  try {
    // Typed CSV columns get their mappings from the writer, from `source.columns`.
    const result = await writeLookup({ ...deps, importing: true }, name, source, writeOptions);
    // The timeline says who imported which file; a write that changed nothing is no event.
    if (backingIndex !== undefined && result.action !== 'unchanged') {
      await deps.records?.noteEvent({
        type: 'imported',
        lookup: name,
        backing_index: backingIndex,
        slice: result.slice,
        ...(origin.file ? { file: origin.file } : {}),
        format: origin.format,
        rows: result.rows_written,
        action: result.action,
        at: new Date().toISOString(),
        by: deps.user ?? null,
      });
    }
    return result;
  } catch (error) {
    if (isRefusal(plan) || backingIndex === undefined) throw error;
    const loaded = progress.rowsRead > deps.config.bulk_batch_size || progress.exhausted;
    // A first write that fails removes the index it created (the writer does): nothing is left.
    if (!existed) {
      throw withTruth(
        error,
        `Nothing was imported: the lookup ${JSON.stringify(name)} was not created.`
      );
    }
    if (!loaded) {
      throw withTruth(error, `Nothing was imported: ${JSON.stringify(name)} is unchanged.`);
    }
    if (plan.action === 'append') {
      // What OpenSearch had taken when the write stopped (the writer counts it), not how much
      // of the file was read: a file refused in its first batch left nothing.
      const written = writtenBeforeFailure(error);
      throw withTruth(
        error,
        written === 0
          ? `Nothing was imported: ${JSON.stringify(name)} is unchanged.`
          : `${written === undefined ? 'Rows' : `${written} row${written === 1 ? '' : 's'}`} written before the failure ${written === 1 ? 'is' : 'are'} already in the lookup (an append is visible as it is written); ` +
              'import with key_field to make a retry replace them rather than add them again.'
      );
    }
    throw withTruth(
      error,
      `Nothing was published: ${JSON.stringify(name)} still shows its previous rows. The rows loaded before ` +
        'the failure are kept as a failed version, which cannot be published and is removed by the reaper.'
    );
  }
}

/** Rows OpenSearch had taken when the writer stopped, as the writer's error says. */
function writtenBeforeFailure(error: unknown): number | undefined {
  const written = error instanceof LookupError ? error.attributes?.rows_written : undefined;
  return typeof written === 'number' ? written : undefined;
}

/** The writer's error, with what it left behind said truthfully. */
function withTruth(error: unknown, truth: string): unknown {
  // A cancel already says what is left (nothing published), and must stay one.
  if (error instanceof WriteCancelledError) return error;
  if (!(error instanceof LookupError) || error.statusCode >= 500) return error;
  const rewritten = new LookupError(
    error.statusCode,
    `${error.message} ${truth}`,
    error.attributes
  );
  rewritten.name = error.name;
  return rewritten;
}
