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
import type {
  UnmatchedRows,
  WriteAction,
  WriteOptions,
  WriteResponse,
} from '../../../common/api/codecs';
import { sliceFilter } from '../../../common/substrate/alias_filter';
import { LOOKUP_FIELD } from '../../../common/substrate/names';
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
import { checkKeyFields, KeyEncoder, RESERVED_COLUMNS, toDocument } from './documents';
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
  /** The rows come from a file: the import keeps its own timeline event, naming the file. */
  importing?: boolean;
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
  /** When publishing an upsert: what it did to the stored rows (see WriteResponse). */
  upsert?: Pick<WriteResponse, 'replaced' | 'unmatched'>;
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
  // How this write is keyed, as the slice's record keeps it ("" for no key).
  const keySpec = keyFields ? keyFields.join(',') : '';
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
          key_fields: [keySpec],
          ...(keyFields ? { key_field: keyFields } : {}),
          // What the write sets out to do, so a version it never finishes still says how it began.
          action: actionOf(plan, false),
          ...(deps.lease?.holder.token ? { lease_token: deps.lease.holder.token } : {}),
        });
  // Rows already in the version that this upsert's key cannot match, read before it writes.
  const unmatched =
    plan.action === 'append' && keyFields
      ? await unmatchedRows(deps, plan.backingIndex, slice, keySpec)
      : undefined;

  let rows: number;
  let replaced = 0;
  // What an upsert into the current version did to its rows, once written.
  let upsertOutcome: Pick<WriteResponse, 'replaced' | 'unmatched'> = {};
  let columns: string[] = source.columnNames ?? source.columns?.map((c) => c.name) ?? [];
  try {
    try {
      const mapper = await FieldMapper.load({
        client,
        index: plan.backingIndex,
        columns: source.columns,
        newVersion: plan.action !== 'append',
        metadataColumnsAllowed: source.metadataColumnsAllowed ?? false,
        source: deps.importing ? 'file' : deps.query !== undefined ? 'query' : 'rows',
      });
      const previousSlice = currentSliceOf(plan);
      ({ rows, replaced } = await streamRows(
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
      ));
      columns = source.columnNames ?? source.columns?.map((c) => c.name) ?? mapper.columns;
    } finally {
      await build.restore();
    }
    if (keyFields && plan.action === 'append') {
      upsertOutcome = { replaced, ...(unmatched ? { unmatched } : {}) };
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
      ...(keyFields && plan.action === 'append' ? { upsert: upsertOutcome } : {}),
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
    } else {
      // What was written before the failure becomes searchable now, not at the next refresh, so
      // the catalog lists the stopped version with its state at once and cleanup can find it.
      await client.indices.refresh({ index: plan.backingIndex }).catch(() => undefined);
    }
    await record?.finish(
      error instanceof WriteCancelledError
        ? { status: 'cancelled' }
        : { status: 'failed', error: (error as Error).message }
    );
    throw error;
  }
  const action = actionOf(plan, keyFields !== undefined);
  if (record) await record.finish({ status: 'complete', action, rows, columns: written(columns) });
  else {
    await deps.records?.touch(plan.backingIndex, slice, name, keyFields);
    // The timeline shows rows added to a version; an import notes its own event, with its file.
    if (!deps.importing && rows > 0) {
      await deps.records?.noteEvent({
        type: 'rows_added',
        lookup: name,
        backing_index: plan.backingIndex,
        slice,
        rows,
        action: keyFields ? 'upserted' : 'appended',
        ...(keyFields ? { key_field: keyFields, replaced } : {}),
        at: new Date().toISOString(),
        by: deps.user ?? null,
      });
    }
  }
  return { rows_written: rows, slice, action, ...upsertOutcome };
}

/**
 * Rows of `slice` written without `keySpec` (see WriteRecord.key_fields), as its record tells;
 * counted when no write into it used `keySpec` at all. Unknown (undefined) without a record.
 */
async function unmatchedRows(
  deps: WriterDeps,
  index: string,
  slice: string,
  keySpec: string
): Promise<UnmatchedRows | undefined> {
  const known = (await deps.records?.get(index, slice))?.key_fields;
  const others = (known ?? []).filter((k) => k !== keySpec);
  if (others.length === 0) return undefined;
  if (known!.includes(keySpec)) return { key_fields: others };
  const { body } = await deps.client.count({
    index,
    body: { query: { term: { [LOOKUP_FIELD]: slice } } },
  });
  const rows = (body as { count: number }).count;
  return rows > 0 ? { key_fields: others, rows } : undefined;
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
): Promise<{ rows: number; replaced: number }> {
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
    throw withRowsWritten(error, loader.written);
  }
  return { rows: rowNumber, replaced: loader.replaced };
}

/**
 * A failure says how many rows OpenSearch had taken when it stopped (`rows_written`), so the
 * caller can say truthfully what an append left in the lookup.
 */
function withRowsWritten(error: unknown, written: number): unknown {
  return error instanceof LookupError ? error.withAttributes({ rows_written: written }) : error;
}

/** The columns a write wrote, in its order (search metadata columns are never written). */
const written = (columns: string[]) => columns.filter((c) => !RESERVED_COLUMNS.has(c));

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
