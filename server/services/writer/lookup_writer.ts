/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * The lookup writer: probe the target, check the options and the ceiling, stream the rows into
 * a slice, then publish with one `_aliases` request. Readers see the complete old slice or the
 * complete new one, never a mix. Everything runs as the caller.
 */
import type { Logger, OpenSearchClient } from 'opensearch-dashboards/server';
import type { WriteAction, WriteOptions, WriteResponse } from '../../../common/api/codecs';
import { sliceFilter } from '../../../common/substrate/alias_filter';
import { appendToAbsentSliceUuid, randomSliceUuid } from '../../../common/substrate/slice_uuid';
import { isRefusal, planWrite, WritePlan } from '../../../common/substrate/target_state';
import type { LookupsConfig } from '../../config';
import { ConflictError, LookupError } from '../../lib/errors';
import { Ceiling, CeilingExceededError, checkMax } from '../ceiling';
import { probeTarget } from '../target_probe';
import { applyBuildSettings } from './build_settings';
import { deleteSliceRows, ensureBackingIndex } from './backing_index';
import { BulkDocument, BulkLoader } from './bulk_loader';
import { FieldMapper } from './field_mapper';
import { checkKeyFields, KeyEncoder, toDocument } from './documents';
import { Row, RowSource, truncate } from './row_source';
import type { Lease } from '../plugin_index/leases';
import type { RunningRecord, WriteRecordStore } from '../plugin_index/write_records';

export interface WriterDeps {
  /** The caller's client (`asCurrentUser`). */
  client: OpenSearchClient;
  config: Pick<
    LookupsConfig,
    | 'bulk_batch_size'
    | 'bulk_max_in_flight'
    | 'bulk_retry_deadline_ms'
    | 'build_settings_min_rows'
    | 'backing_index'
  >;
  ceiling: Ceiling;
  logger: Logger;
  /** Where the slice's write record is kept, with who wrote it and the source query, if any. */
  records?: WriteRecordStore;
  user?: string | null;
  query?: string;
  /** The indices the source query read (see write records). */
  sourceIndices?: string[];
  /** The lookup's lease, held by the caller: nothing is published once it is lost. */
  lease?: Lease;
  /** Cancels the write at the next batch; once publishing has begun it runs to the end. */
  signal?: AbortSignal;
  /** Told where the write is: the slice it fills, rows so far, and when it starts publishing. */
  progress?: WriteProgressListener;
  /**
   * The last word before a new version is published (a schedule's publish guards): throwing
   * keeps the lookup as it is and the unpublished slice for inspection. Not asked for appends.
   */
  beforePublish?: (candidate: PublishCandidate) => Promise<void>;
}

/** A new version, written and not yet published. */
export interface PublishCandidate {
  backingIndex: string;
  slice: string;
  previousSlice: string | null;
  rows: number;
  columns: string[];
}

export interface WriteProgress {
  phase: 'writing' | 'publishing';
  slice: string;
  previousSlice: string | null;
  rowsWritten: number;
  rowsTotal?: number;
}
export type WriteProgressListener = (progress: WriteProgress) => void | Promise<void>;

/** The write was cancelled (by its job's cancel, or the client going away) before publishing. */
export class WriteCancelledError extends LookupError {
  constructor() {
    super(409, 'The write was cancelled before it was published; the lookup is as it was.', {
      reason: 'cancelled',
    });
  }
}

function throwIfCancelled(signal: AbortSignal | undefined) {
  if (signal?.aborted) throw new WriteCancelledError();
}

type Publishing = Exclude<WritePlan, { refuse: unknown }>;

export async function writeLookup(
  deps: WriterDeps,
  name: string,
  input: RowSource,
  options: WriteOptions
): Promise<WriteResponse> {
  const { client, ceiling } = deps;
  const keyFields = options.key_field;
  const append = options.append ?? keyFields !== undefined;
  const overrideIfEmpty = options.override_if_empty ?? true;

  checkMax(options.max, ceiling);
  const source = truncate(input, options.max);
  if (source.count !== undefined && source.count > ceiling.maxRows) {
    throw new CeilingExceededError(source.count, ceiling);
  }
  if (keyFields && source.columnNames) checkKeyFields(keyFields, source.columnNames);

  const plan = planWrite(await probeTarget(client, name), { append });
  if (isRefusal(plan)) throw new ConflictError(plan.refuse.message, { reason: plan.refuse.reason });

  const empty = source.count === 0;
  if (empty && (!overrideIfEmpty || plan.action === 'append')) {
    return { rows_written: 0, slice: currentSliceOf(plan), action: 'unchanged' };
  }

  const slice =
    plan.action === 'append'
      ? plan.currentSlice
      : plan.action === 'create' && plan.slice === 'deterministic'
        ? appendToAbsentSliceUuid(name)
        : randomSliceUuid();
  // A new random slice is invisible until published, so it may load with build settings.
  const staged =
    plan.action !== 'append' && !(plan.action === 'create' && plan.slice === 'deterministic');

  const createdIndex =
    plan.action === 'append'
      ? false
      : await ensureBackingIndex(client, plan.backingIndex, deps.config.backing_index);
  const large = source.count === undefined || source.count >= deps.config.build_settings_min_rows;
  const build =
    staged && large
      ? await applyBuildSettings(client, plan.backingIndex, deps.logger)
      : { restore: async () => undefined };

  // A new slice gets a record as it starts, so the reaper leaves it alone while it fills.
  const record =
    plan.action === 'append'
      ? undefined
      : await deps.records?.begin({
          lookup: name,
          backing_index: plan.backingIndex,
          slice,
          user: deps.user ?? null,
          query: deps.query,
          source_indices: deps.sourceIndices,
          // What the write sets out to do, so a version it never finishes still says how it began.
          action: actionOf(plan, false),
          ...(deps.lease?.holder.token ? { lease_token: deps.lease.holder.token } : {}),
        });

  let rows: number;
  try {
    try {
      const mapper = await FieldMapper.load({
        client,
        index: plan.backingIndex,
        columns: source.columns,
        newVersion: plan.action !== 'append',
        metadataColumnsAllowed: source.metadataColumnsAllowed ?? false,
      });
      const previousSlice = currentSliceOf(plan);
      rows = await streamRows(
        deps,
        plan.backingIndex,
        source,
        slice,
        keyFields,
        record,
        mapper,
        (n) =>
          deps.progress?.({
            phase: 'writing',
            slice,
            previousSlice,
            rowsWritten: n,
            rowsTotal: source.count,
          })
      );
    } finally {
      await build.restore();
    }
    await client.indices.refresh({ index: plan.backingIndex });
    if (plan.action !== 'append') {
      await deps.beforePublish?.({
        backingIndex: plan.backingIndex,
        slice,
        previousSlice: currentSliceOf(plan),
        rows,
        columns: source.columnNames ?? source.columns?.map((c) => c.name) ?? [],
      });
    }
    if (rows === 0 && !overrideIfEmpty) {
      if (createdIndex) await client.indices.delete({ index: plan.backingIndex });
      await record?.finish({
        status: 'failed',
        rows: 0,
        error: 'empty result, override_if_empty=false',
      });
      return { rows_written: 0, slice: currentSliceOf(plan), action: 'unchanged' };
    }
    deps.lease?.assertHeld();
    throwIfCancelled(deps.signal);
    await deps.progress?.({
      phase: 'publishing',
      slice,
      previousSlice: currentSliceOf(plan),
      rowsWritten: rows,
      rowsTotal: source.count,
    });
    await publish(client, name, plan, slice);
  } catch (error) {
    // A first write that fails leaves nothing a reader or the catalog can see.
    if (createdIndex) {
      await discardCreatedIndex(deps, plan.backingIndex);
      throw error;
    }
    if (error instanceof CeilingExceededError && staged) {
      await discardStagedSlice(client, plan.backingIndex, slice, createdIndex);
    }
    await record?.finish(
      error instanceof WriteCancelledError
        ? { status: 'cancelled' }
        : { status: 'failed', error: (error as Error).message }
    );
    throw error;
  }
  const action = actionOf(plan, keyFields !== undefined);
  if (record) await record.finish({ status: 'complete', action, rows });
  else await deps.records?.touch(plan.backingIndex, slice, name);
  return { rows_written: rows, slice, action };
}

/**
 * Rows are taken from the source in chunks of this many and encoded at once, so a chunk's row
 * objects die young instead of being promoted while a whole `_bulk` batch gathers (see
 * bulk_loader.ts). The first batch is the exception: it is gathered whole, as `{rows}` column
 * types are inferred over the whole first batch.
 */
const ENCODE_CHUNK_ROWS = 500;

async function streamRows(
  deps: WriterDeps,
  index: string,
  source: RowSource,
  slice: string,
  keyFields: string[] | undefined,
  record: RunningRecord | undefined,
  mapper: FieldMapper,
  onBatch: (rowsSoFar: number) => void | Promise<void>
): Promise<number> {
  const batchSize = deps.config.bulk_batch_size;
  const loader = new BulkLoader({
    client: deps.client,
    index,
    batchSize,
    maxInFlight: deps.config.bulk_max_in_flight,
    retryDeadlineMs: deps.config.bulk_retry_deadline_ms,
    logger: deps.logger,
  });
  const keys = keyFields ? new KeyEncoder(keyFields, source.columns) : undefined;
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
      return { rowNumber: n, id: keys?.idOf(row, slice, n), source: toDocument(row, slice) };
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
      await record?.heartbeat();
      await onBatch(rowNumber);
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
    throw error;
  }
  return rowNumber;
}

/** One `_aliases` request: readers switch from the old slice to the new one at once. */
async function publish(client: OpenSearchClient, name: string, plan: Publishing, slice: string) {
  if (plan.action === 'append') return;
  const add = { add: { index: plan.backingIndex, alias: name, filter: sliceFilter(slice) } };
  // Migration removes the alias from the importer's index in the same request (different
  // indices, so OpenSearch's ordering of add and remove does not matter). The index stays.
  const actions =
    plan.action === 'migrate' ? [{ remove: { index: plan.legacyIndex, alias: name } }, add] : [add];
  await client.indices.updateAliases({ body: { actions } });
}

/** The index a failed first write created goes again, with its write record. */
async function discardCreatedIndex(deps: WriterDeps, index: string) {
  try {
    await deps.client.indices.delete({ index }, { ignore: [404] });
    await deps.records?.forget(index);
  } catch (cleanup) {
    deps.logger.warn(
      `could not remove ${index} after its first write failed: ${(cleanup as Error).message}`
    );
  }
}

/** A staged slice over the ceiling leaves nothing behind. */
async function discardStagedSlice(
  client: OpenSearchClient,
  index: string,
  slice: string,
  createdIndex: boolean
) {
  if (createdIndex) {
    await client.indices.delete({ index });
    return;
  }
  await deleteSliceRows(client, index, [slice]);
}

function currentSliceOf(plan: Publishing): string | null {
  if (plan.action === 'append') return plan.currentSlice;
  if (plan.action === 'overwrite' || plan.action === 'migrate') return plan.previousSlice;
  return null;
}

function actionOf(plan: Publishing, keyed: boolean): WriteAction {
  switch (plan.action) {
    case 'create':
      return 'created';
    case 'overwrite':
      return 'overwritten';
    case 'migrate':
      return 'migrated';
    case 'append':
      return keyed ? 'upserted' : 'appended';
  }
}
