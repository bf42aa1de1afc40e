/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Keeping a write's record: a new slice's write record starts with the write (so the reaper leaves
 * the slice alone while it fills) and is settled when the write ends: `complete` once published,
 * `failed` or `cancelled` when it stopped, with what it left made visible or removed. An append
 * starts no record: it touches its version's record and notes a timeline event. The records
 * themselves are kept in the plugin's index (plugin_index/write_records.ts).
 */
import type { Logger, OpenSearchClient } from 'opensearch-dashboards/server';
import type { UnmatchedRows, WriteAction } from '../../../common/api/codecs';
import { LOOKUP_FIELD } from '../../../common/substrate/names';
import { CeilingExceededError } from '../ceiling';
import type { Lease } from '../plugin_index/leases';
import type { RunningRecord, WriteRecordStore } from '../plugin_index/write_records';
import { deleteSliceRows } from './backing_index';
import { WriteCancelledError } from './cancellation';
import { RESERVED_COLUMNS } from './documents';
import { actionOf, type Publishing } from './publish';

export interface RecordDeps {
  /** The caller's client (`asCurrentUser`). */
  client: OpenSearchClient;
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
}

/** Which slice of which lookup a write fills, and how it is keyed. */
export interface WriteTarget {
  lookup: string;
  backingIndex: string;
  slice: string;
  keyFields: string[] | undefined;
}

/** A write with its record: none for an append, or where no records are kept. */
export interface RecordedWrite extends WriteTarget {
  record: RunningRecord | undefined;
}

/** How a write is keyed, as the slice's record keeps it ("" for no key). */
const keySpecOf = (keyFields: string[] | undefined) => (keyFields ? keyFields.join(',') : '');

/** The columns a write wrote, in its order (search metadata columns are never written). */
const written = (columns: string[]) => columns.filter((c) => !RESERVED_COLUMNS.has(c));

/** A new slice gets a record as it starts, so the reaper leaves it alone while it fills. */
export async function beginRecord(
  deps: RecordDeps,
  plan: Publishing,
  target: WriteTarget
): Promise<RecordedWrite> {
  const { keyFields } = target;
  const record =
    plan.action === 'append'
      ? undefined
      : await deps.records?.begin({
          lookup: target.lookup,
          backing_index: target.backingIndex,
          slice: target.slice,
          user: deps.user ?? null,
          query: deps.query,
          source_indices: deps.sourceIndices,
          key_fields: [keySpecOf(keyFields)],
          ...(keyFields ? { key_field: keyFields } : {}),
          // What the write sets out to do, so a version it never finishes still says how it began.
          action: actionOf(plan, false),
          ...(deps.lease?.holder.token ? { lease_token: deps.lease.holder.token } : {}),
        });
  return { ...target, record };
}

/**
 * Rows of the slice written without this write's key (see WriteRecord.key_fields), as its record
 * tells; counted when no write into it used this key at all. Unknown (undefined) without a record.
 */
export async function unmatchedRows(
  deps: RecordDeps,
  write: WriteTarget
): Promise<UnmatchedRows | undefined> {
  const keySpec = keySpecOf(write.keyFields);
  const known = (await deps.records?.get(write.backingIndex, write.slice))?.key_fields;
  const others = (known ?? []).filter((k) => k !== keySpec);
  if (others.length === 0) return undefined;
  if (known!.includes(keySpec)) return { key_fields: others };
  const { body } = await deps.client.count({
    index: write.backingIndex,
    body: { query: { term: { [LOOKUP_FIELD]: write.slice } } },
  });
  const rows = (body as { count: number }).count;
  return rows > 0 ? { key_fields: others, rows } : undefined;
}

/** What a write's backing index was to it: made by it, or loading a new slice unseen. */
export interface WriteFootprint {
  /** This write created the backing index (a first write). */
  createdIndex: boolean;
  /** A new random slice, invisible until published. */
  staged: boolean;
}

/**
 * Settles the record of a write that stopped before it published (`cancelled`, or `failed` with
 * the error), once what it left is dealt with. The caller throws the error on.
 */
export async function settleStopped(
  deps: RecordDeps,
  write: RecordedWrite,
  footprint: WriteFootprint,
  error: unknown
): Promise<void> {
  // A first write that fails leaves nothing a reader or the catalog can see.
  if (footprint.createdIndex) {
    await discardCreatedIndex(deps, write.backingIndex);
    return;
  }
  if (error instanceof CeilingExceededError && footprint.staged) {
    // A staged slice over the ceiling leaves nothing behind.
    await deleteSliceRows(deps.client, write.backingIndex, [write.slice]);
  } else {
    // What was written before the failure becomes searchable now, not at the next refresh, so
    // the catalog lists the stopped version with its state at once and cleanup can find it.
    await deps.client.indices.refresh({ index: write.backingIndex }).catch(() => undefined);
  }
  await write.record?.finish(
    error instanceof WriteCancelledError
      ? { status: 'cancelled' }
      : { status: 'failed', error: (error as Error).message }
  );
}

/** The index a failed first write created goes again, with its write record. */
async function discardCreatedIndex(deps: RecordDeps, index: string) {
  try {
    await deps.client.indices.delete({ index }, { ignore: [404] });
    await deps.records?.forget(index);
  } catch (cleanup) {
    deps.logger.warn(
      `could not remove ${index} after its first write failed: ${(cleanup as Error).message}`
    );
  }
}

/**
 * An empty result under `override_if_empty=false` changes nothing: the index a first write
 * created goes again, and the record says why nothing was published.
 */
export async function settleEmpty(
  deps: RecordDeps,
  write: RecordedWrite,
  footprint: Pick<WriteFootprint, 'createdIndex'>
): Promise<void> {
  if (footprint.createdIndex) await deps.client.indices.delete({ index: write.backingIndex });
  await write.record?.finish({
    status: 'failed',
    rows: 0,
    error: 'empty result, override_if_empty=false',
  });
}

/** What a write that ran to the end did. */
export interface WriteOutcome {
  action: WriteAction;
  rows: number;
  /** Rows an upsert replaced. */
  replaced: number;
  columns: string[];
}

/**
 * Settles a write that ran to the end: a new slice's record is `complete`; an append touches its
 * version's record and notes the rows it added.
 */
export async function settleWritten(
  deps: RecordDeps,
  write: RecordedWrite,
  outcome: WriteOutcome
): Promise<void> {
  const { action, rows, columns } = outcome;
  if (write.record) {
    await write.record.finish({ status: 'complete', action, rows, columns: written(columns) });
    return;
  }
  const { lookup, backingIndex, slice, keyFields } = write;
  await deps.records?.touch(backingIndex, slice, lookup, keyFields);
  // The timeline shows rows added to a version; an import notes its own event, with its file.
  if (!deps.importing && rows > 0) {
    await deps.records?.noteEvent({
      type: 'rows_added',
      lookup,
      backing_index: backingIndex,
      slice,
      rows,
      action: keyFields ? 'upserted' : 'appended',
      ...(keyFields ? { key_field: keyFields, replaced: outcome.replaced } : {}),
      at: new Date().toISOString(),
      by: deps.user ?? null,
    });
  }
}
