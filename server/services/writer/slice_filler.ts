/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Filling a slice: a write's rows stream from their source into the backing index in batches,
 * through the field mapper (mappings before each batch) and the bulk loader (a bounded number of
 * requests in flight), within the write's row budget (`max` and the ceiling), stopping at the
 * next batch once cancelled. What the rows become for the lookup, its record and its alias, is
 * record_keeping.ts's and publish.ts's.
 */
import type { Logger, OpenSearchClient } from 'opensearch-dashboards/server';
import type { LookupsConfig } from '../../config';
import { LookupError } from '../../lib/errors';
import { Ceiling, CeilingExceededError, checkMax } from '../ceiling';
import { BulkDocument, BulkLoader } from './bulk_loader';
import { throwIfCancelled } from './cancellation';
import { checkKeyFields, KeyEncoder, toDocument } from './documents';
import { FieldMapper, type RowOrigin } from './field_mapper';
import { Row, RowSource, RowSourceInfo, truncate } from './row_source';

export interface FillDeps {
  /** The caller's client (`asCurrentUser`). */
  client: OpenSearchClient;
  config: Pick<
    LookupsConfig,
    'bulk_batch_size' | 'bulk_max_in_flight' | 'bulk_retry_deadline_ms' | 'copies_timeout_ms'
  >;
  ceiling: Ceiling;
  logger: Logger;
  /** Cancels the write at the next batch; once publishing has begun it runs to the end. */
  signal?: AbortSignal;
}

/**
 * The rows a write may take, checked before any request: `max` against the ceiling, the source
 * cut to `max`, and a row count known to be over the ceiling refused.
 */
export function boundedSource(
  input: RowSource,
  max: number | undefined,
  ceiling: Ceiling
): RowSource {
  boundedInfo(input, max, ceiling);
  return truncate(input, max);
}

/**
 * `boundedSource`'s checks, and what the source says of itself once cut to `max`: for rows that
 * are cut where they are made (a RemoteRowSource).
 */
export function boundedInfo(
  input: RowSourceInfo,
  max: number | undefined,
  ceiling: Ceiling
): RowSourceInfo {
  checkMax(max, ceiling);
  const count =
    input.count === undefined || max === undefined ? input.count : Math.min(input.count, max);
  if (count !== undefined && count > ceiling.maxRows) {
    throw new CeilingExceededError(count, ceiling);
  }
  const { columns, columnNames, metadataColumnsAllowed } = input;
  return { columns, columnNames, metadataColumnsAllowed, count };
}

/**
 * Rows that stay where they are made (a query's worker thread): they fill the slice there, told
 * where to write, and give back what they wrote. The version around them (plan, record, publish)
 * stays with the writer.
 */
export interface RemoteRowSource extends RowSourceInfo {
  fill(request: Omit<SliceFill, 'source'> & { max?: number }): Promise<FilledSlice>;
}

export function isRemoteSource(input: RowSource | RemoteRowSource): input is RemoteRowSource {
  return typeof (input as Partial<RemoteRowSource>).fill === 'function';
}

/** Which slice of which backing index the rows fill, and from where. */
export interface SliceFill {
  index: string;
  slice: string;
  source: RowSource;
  keyFields: string[] | undefined;
  /** A new version rather than an append (a mapping clash is then a 409: see FieldMapper). */
  newVersion: boolean;
  origin: RowOrigin;
  /** Told, between chunks and holding no rows, how many rows have gone in so far. */
  between: (rowsSoFar: number) => Promise<void>;
}

export interface FilledSlice {
  rows: number;
  /** Rows an upsert replaced. */
  replaced: number;
  /** The result's columns, in order. */
  columns: string[];
}

/**
 * Rows are taken from the source in chunks of this many and encoded at once, so a chunk's row
 * objects die young instead of being promoted while a whole `_bulk` batch gathers (see
 * bulk_loader.ts). The first batch is the exception: it is gathered whole, as `{rows}` column
 * types are inferred over the whole first batch.
 */
const ENCODE_CHUNK_ROWS = 500;

export async function fillSlice(deps: FillDeps, fill: SliceFill): Promise<FilledSlice> {
  const { index, slice, source, keyFields } = fill;
  const mapper = await FieldMapper.load({
    client: deps.client,
    index,
    columns: source.columns,
    newVersion: fill.newVersion,
    metadataColumnsAllowed: source.metadataColumnsAllowed ?? false,
    source: fill.origin,
  });
  const batchSize = deps.config.bulk_batch_size;
  const loader = new BulkLoader({
    client: deps.client,
    index,
    batchSize,
    maxInFlight: deps.config.bulk_max_in_flight,
    retryDeadlineMs: deps.config.bulk_retry_deadline_ms,
    copiesTimeoutMs: deps.config.copies_timeout_ms,
    logger: deps.logger,
  });
  const keys = keyFields ? new KeyEncoder(keyFields, source.columns) : undefined;
  const timestamps = new Set(
    (source.columns ?? []).filter((c) => c.type === 'timestamp').map((c) => c.name)
  );
  let rowNumber = 0;
  let checkedKeys = source.columnNames !== undefined;
  const write = async (rows: Row[]) => {
    throwIfCancelled(deps.signal);
    if (rowNumber + rows.length > deps.ceiling.maxRows) {
      throw new CeilingExceededError('more', deps.ceiling);
    }
    if (keyFields && !checkedKeys && rows.length > 0) {
      checkKeyFields(keyFields, Object.keys(rows[0]));
      checkedKeys = true;
    }
    await mapper.prepare(rows, rowNumber);
    const documents: BulkDocument[] = rows.map((row) => {
      const n = rowNumber++;
      return {
        rowNumber: n,
        id: keys?.idOf(row, slice, n),
        source: toDocument(row, slice, timestamps),
      };
    });
    loader.add(documents);
  };
  const chunks = source.batches(Math.min(batchSize, ENCODE_CHUNK_ROWS))[Symbol.asyncIterator]();
  let done = false;
  try {
    let firstBatch: Row[] | undefined = [];
    let step: IteratorResult<Row[]> | undefined;
    for (;;) {
      // Between chunks, holding no rows, while a full batch waits for a request slot.
      step = undefined;
      await loader.ready();
      await fill.between(rowNumber);
      step = await chunks.next();
      if (step.done) {
        done = true;
        break;
      }
      if (firstBatch === undefined) {
        await write(step.value);
        continue;
      }
      for (const row of step.value) firstBatch.push(row);
      if (firstBatch.length >= batchSize) {
        await write(firstBatch);
        firstBatch = undefined;
      }
    }
    if (firstBatch !== undefined && firstBatch.length > 0) await write(firstBatch);
    await loader.finish();
  } catch (error) {
    try {
      // The source's own clean-up (a spool file's handle), as `for await` would on a throw.
      if (!done) await chunks.return?.(undefined);
    } finally {
      await loader.settle();
    }
    throw withRowsWritten(error, loader.written);
  }
  return {
    rows: rowNumber,
    replaced: loader.replaced,
    columns: source.columnNames ?? source.columns?.map((c) => c.name) ?? mapper.columns,
  };
}

/**
 * A failure says how many rows OpenSearch had taken when it stopped (`rows_written`), so the
 * caller can say truthfully what an append left in the lookup.
 */
function withRowsWritten(error: unknown, written: number): unknown {
  return error instanceof LookupError ? error.withAttributes({ rows_written: written }) : error;
}
