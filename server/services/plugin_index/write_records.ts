/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * A small record per slice: when it was written, by whom, how, how many rows, the source query
 * when it came from PPL, and whether the slice is complete. Metadata only, never user data: it
 * lives in the plugin's hidden index, read and written with the server's identity, and the
 * catalog shows a record only next to a lookup the caller could read. Records are best effort
 * for what they describe (a write never fails because its record could not be kept), but a
 * slice without a `complete` record is never offered for rollback.
 *
 * Restores, imports and appends are kept as events beside the records (one document each, never
 * overwritten), so the timeline can say who restored, imported or added what, and when.
 *
 * A record also tells the reaper which slices a write is still filling (state `writing` while
 * the lookup's lease it names lives: see catalog/slice_state.ts), and when an orphan made by
 * another writer was first seen, so that the grace period runs from then.
 */
import type { Logger } from 'opensearch-dashboards/server';
import type {
  ImportedEvent,
  RowsAddedEvent,
  RulesChangedEvent,
  ReplicasChangedEvent,
  VersionRestoredEvent,
  WriteAction,
} from '../../../common/api/codecs';
import type { EditSummary } from '../../../common/api/edit';
import { openSearchStatus } from '../../lib/errors';
import type { PluginIndex } from './plugin_index';

/** A running write that has not said anything for this long is taken as dead. */
export const IN_FLIGHT_TIMEOUT_MS = 2 * 60 * 1000;
const HEARTBEAT_EVERY_MS = 15 * 1000;

/**
 * `writing` while rows go in; `complete` once every row is in (published or kept as a version);
 * `failed` or `cancelled` when the write stopped part-way; `deleted` once someone deleted the
 * version: its rows are gone, the record stays as the event.
 */
export type RecordStatus = 'writing' | 'complete' | 'failed' | 'cancelled' | 'seen' | 'deleted';

export interface WriteRecord {
  lookup: string;
  backing_index: string;
  slice: string;
  status: RecordStatus;
  action?: WriteAction | 'migrate' | 'overwrite' | 'create' | 'append' | 'edited';
  user?: string | null;
  rows?: number;
  query?: string;
  /** The indices the source query read, so its text is shown only to who may read them all. */
  source_indices?: string[];
  started_at: string;
  heartbeat_at?: string;
  /** The token of the lookup's lease the write held: while that lease lives, the write does. */
  lease_token?: string;
  finished_at?: string;
  /** The last append or upsert into this slice. */
  last_write_at?: string;
  /**
   * How the writes into this slice were keyed, one entry per kind: a `key_field` joined with
   * commas, or `""` for rows written without one (they keep ids no key can match).
   */
  key_fields?: string[];
  error?: string;
  deleted_at?: string;
  deleted_by?: string | null;
  /** The columns in the order they were written: rows and exports show them so. */
  columns?: string[];
  /** The key fields of a version whose rows are keyed (`key_field`). */
  key_field?: string[];
  /** What an edit changed, for a version an edit made. */
  edit?: EditSummary;
}

/** A stored event: what the timeline shows, and which lookup and backing index it belongs to. */
export type StoredEvent = (
  VersionRestoredEvent | ImportedEvent | RowsAddedEvent | RulesChangedEvent | ReplicasChangedEvent
) & {
  lookup: string;
  backing_index: string;
};

interface EventHit {
  _source: { event: StoredEvent };
}

export const recordId = (backingIndex: string, slice: string) => `record:${backingIndex}/${slice}`;

/** A `writing` record that names no lease (older versions): alive while it heartbeats. */
export function isHeartbeating(record: WriteRecord, now = Date.now()): boolean {
  const last = Date.parse(record.heartbeat_at ?? record.started_at);
  return now - last < IN_FLIGHT_TIMEOUT_MS;
}

/** When a slice came to be, as far as the records know. */
export function recordTime(record: WriteRecord | undefined): number | undefined {
  const at = record?.finished_at ?? record?.started_at;
  return at ? Date.parse(at) : undefined;
}

interface RecordHit {
  _id: string;
  _source: { record: WriteRecord };
}

export class WriteRecordStore {
  constructor(
    private readonly index: PluginIndex,
    private readonly logger: Logger
  ) {}

  /** Starts a record for a write; the returned handle beats and finishes it. */
  async begin(record: Omit<WriteRecord, 'status' | 'started_at'>): Promise<RunningRecord> {
    const started: WriteRecord = {
      ...record,
      status: 'writing',
      started_at: new Date().toISOString(),
    };
    await this.put(started);
    return new RunningRecord(this, started);
  }

  /**
   * An append or upsert into an existing slice: its record keeps how the slice was made, and
   * adds how this write was keyed (`keyFields`, none for rows written without a key; see
   * {@link WriteRecord.key_fields}), and a keyed write's fields, so an edit keeps their keys
   * ({@link WriteRecord.key_field}). Called under the lookup's lease, so reading the record first
   * races with no other write.
   */
  async touch(backingIndex: string, slice: string, lookup: string, keyFields?: string[]) {
    const now = new Date().toISOString();
    const keySpec = keyFields ? keyFields.join(',') : '';
    const known = await this.get(backingIndex, slice);
    const keyed = {
      ...(known?.key_fields === undefined
        ? {}
        : { key_fields: [...new Set([...known.key_fields, keySpec])] }),
      ...(keyFields ? { key_field: keyFields } : {}),
    };
    await this.guard('touch', async () => {
      await this.index.ensure();
      await this.index.client.update({
        index: this.index.name,
        id: recordId(backingIndex, slice),
        refresh: true,
        body: {
          doc: { updated_at: now, record: { last_write_at: now, ...keyed } },
          upsert: {
            type: 'record',
            updated_at: now,
            record: {
              lookup,
              backing_index: backingIndex,
              slice,
              status: 'complete',
              started_at: now,
              last_write_at: now,
              ...keyed,
            },
          },
        },
      });
    });
  }

  /** Notes orphans with no record as seen now, so their grace period has a start. */
  async noteSeen(slices: Array<{ lookup: string; backing_index: string; slice: string }>) {
    if (slices.length === 0) return;
    const now = new Date().toISOString();
    const body = slices.flatMap((s) => [
      { create: { _index: this.index.name, _id: recordId(s.backing_index, s.slice) } },
      { type: 'record', updated_at: now, record: { ...s, status: 'seen', started_at: now } },
    ]);
    await this.guard('note orphans', async () => {
      await this.index.ensure();
      await this.index.client.bulk({ body, refresh: true });
    });
  }

  /** Every record of these backing indices, keyed by `recordId`. */
  async forBackingIndices(indices: string[]): Promise<Map<string, WriteRecord>> {
    const out = new Map<string, WriteRecord>();
    if (indices.length === 0) return out;
    await this.guard('read', async () => {
      const { body } = await this.index.client.search(
        {
          index: this.index.name,
          body: {
            size: 10000,
            query: {
              bool: {
                filter: [
                  { term: { type: 'record' } },
                  { terms: { 'record.backing_index': indices } },
                ],
              },
            },
          },
        },
        { ignore: [404] }
      );
      for (const hit of (body as { hits?: { hits: RecordHit[] } }).hits?.hits ?? []) {
        out.set(hit._id, hit._source.record);
      }
    });
    return out;
  }

  /** The record of one slice, read in real time (no refresh needed). */
  async get(backingIndex: string, slice: string): Promise<WriteRecord | undefined> {
    try {
      const { body } = await this.index.client.get(
        { index: this.index.name, id: recordId(backingIndex, slice) },
        { ignore: [404] }
      );
      return (body as { found?: boolean; _source?: { record: WriteRecord } }).found
        ? (body as { _source: { record: WriteRecord } })._source.record
        : undefined;
    } catch (error) {
      this.warn('read', error);
      return undefined;
    }
  }

  /** The columns of a version in the order they were written, when its record says. */
  async writtenColumns(backingIndex: string, slice: string): Promise<string[] | undefined> {
    return (await this.get(backingIndex, slice))?.columns;
  }

  /** A version deleted on its own: its record stays, as the timeline's account of the deletion. */
  async markDeleted(
    base: Pick<WriteRecord, 'lookup' | 'backing_index' | 'slice' | 'rows'>,
    user: string | null
  ) {
    const previous = await this.get(base.backing_index, base.slice);
    await this.put({
      started_at: new Date().toISOString(),
      ...previous,
      ...base,
      status: 'deleted',
      deleted_at: new Date().toISOString(),
      deleted_by: user,
    });
  }

  /** Keeps a restore, an import or an append as an event of the lookup; best effort, as records are. */
  async noteEvent(event: StoredEvent) {
    await this.guard('keep an event', async () => {
      await this.index.ensure();
      await this.index.client.index({
        index: this.index.name,
        body: { type: 'event', updated_at: new Date().toISOString(), event },
        refresh: true,
      });
    });
  }

  /** The events of one backing index (newest first, at most the last 1,000). */
  async eventsOf(backingIndex: string): Promise<StoredEvent[]> {
    let events: StoredEvent[] = [];
    await this.guard('read events', async () => {
      const { body } = await this.index.client.search(
        {
          index: this.index.name,
          body: {
            size: 1000,
            sort: [{ 'event.at': 'desc' }],
            query: {
              bool: {
                filter: [
                  { term: { type: 'event' } },
                  { term: { 'event.backing_index': backingIndex } },
                ],
              },
            },
          },
        },
        { ignore: [404] }
      );
      events = ((body as { hits?: { hits: EventHit[] } }).hits?.hits ?? []).map(
        (hit) => hit._source.event
      );
    });
    return events;
  }

  /**
   * Removes the records of these slices, or, without slices (the lookup is deleted), every record
   * and event of the backing index.
   */
  async forget(backingIndex: string, slices?: string[]) {
    await this.guard('forget', async () => {
      const ofIndex = slices
        ? [{ term: { type: 'record' } }, { term: { 'record.backing_index': backingIndex } }]
        : [
            {
              bool: {
                should: [
                  { term: { 'record.backing_index': backingIndex } },
                  { term: { 'event.backing_index': backingIndex } },
                ],
                minimum_should_match: 1,
              },
            },
          ];
      const filter: unknown[] = [...ofIndex];
      if (slices) filter.push({ terms: { 'record.slice': slices } });
      await this.index.client.deleteByQuery(
        {
          index: this.index.name,
          refresh: true,
          conflicts: 'proceed',
          body: { query: { bool: { filter } } },
        },
        { ignore: [404] }
      );
    });
  }

  async put(record: WriteRecord) {
    await this.guard('write', async () => {
      await this.index.ensure();
      await this.index.client.index({
        index: this.index.name,
        id: recordId(record.backing_index, record.slice),
        body: { type: 'record', updated_at: new Date().toISOString(), record },
        refresh: true,
      });
    });
  }

  private async guard(what: string, work: () => Promise<void>) {
    try {
      await work();
    } catch (error) {
      this.warn(what, error);
    }
  }

  private warn(what: string, error: unknown) {
    const status = openSearchStatus(error);
    this.logger.warn(
      `write records: could not ${what}${status ? ` (OpenSearch ${status})` : ''}: ${(error as Error).message}`
    );
  }
}

export class RunningRecord {
  private lastBeat = Date.now();

  constructor(
    private readonly store: WriteRecordStore,
    private record: WriteRecord
  ) {}

  get slice() {
    return this.record.slice;
  }

  /** Cheap to call per batch: it only writes every few seconds. */
  async heartbeat() {
    if (Date.now() - this.lastBeat < HEARTBEAT_EVERY_MS) return;
    this.lastBeat = Date.now();
    this.record = { ...this.record, heartbeat_at: new Date().toISOString() };
    await this.store.put(this.record);
  }

  async finish(patch: Partial<WriteRecord>) {
    this.record = { ...this.record, ...patch, finished_at: new Date().toISOString() };
    await this.store.put(this.record);
  }
}
