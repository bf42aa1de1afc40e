/*
 * A small record per slice: when it was written, by whom, how, how many rows, and the source
 * query when it came from PPL. Metadata only, never user data: it lives in the plugin's hidden
 * index and is read and written with the server's identity, and the catalog shows a record only
 * next to a lookup the caller could read. Records are best effort: a write never fails because
 * its record could not be kept.
 *
 * A record also tells the reaper which slices a write is still filling (status `running` with a
 * recent heartbeat), and when an orphan made by another writer was first seen, so that the grace
 * period runs from then.
 */
import type { Logger, OpenSearchClient } from 'opensearch-dashboards/server';
import type { WriteAction } from '../../common/api/codecs';
import { openSearchStatus } from '../lib/errors';

export const WRITE_RECORDS_INDEX = '.lookups-write-records';
/** A running write that has not said anything for this long is taken as dead. */
export const IN_FLIGHT_TIMEOUT_MS = 2 * 60 * 1000;
const HEARTBEAT_EVERY_MS = 15 * 1000;

export interface WriteRecord {
  lookup: string;
  backing_index: string;
  slice: string;
  status: 'running' | 'published' | 'failed' | 'seen';
  action?: WriteAction | 'migrate' | 'overwrite' | 'create' | 'append';
  user?: string | null;
  rows?: number;
  query?: string;
  started_at: string;
  heartbeat_at?: string;
  finished_at?: string;
  /** The last append or upsert into this slice. */
  last_write_at?: string;
  error?: string;
}

const MAPPINGS = {
  dynamic: 'strict',
  properties: {
    lookup: { type: 'keyword' },
    backing_index: { type: 'keyword' },
    slice: { type: 'keyword' },
    status: { type: 'keyword' },
    action: { type: 'keyword' },
    user: { type: 'keyword' },
    rows: { type: 'long' },
    query: { type: 'text', index: false },
    started_at: { type: 'date' },
    heartbeat_at: { type: 'date' },
    finished_at: { type: 'date' },
    last_write_at: { type: 'date' },
    error: { type: 'text', index: false },
  },
};

export const recordId = (backingIndex: string, slice: string) => `${backingIndex}/${slice}`;

export function isInFlight(record: WriteRecord | undefined, now = Date.now()): boolean {
  if (!record || record.status !== 'running') return false;
  const last = Date.parse(record.heartbeat_at ?? record.started_at);
  return now - last < IN_FLIGHT_TIMEOUT_MS;
}

/** When a slice came to be, as far as the records know. */
export function recordTime(record: WriteRecord | undefined): number | undefined {
  const at = record?.finished_at ?? record?.started_at;
  return at ? Date.parse(at) : undefined;
}

export class WriteRecordStore {
  private indexReady: Promise<void> | undefined;

  constructor(
    private readonly internalClient: OpenSearchClient,
    private readonly logger: Logger
  ) {}

  /** Starts a record for a write; the returned handle beats and finishes it. */
  async begin(record: Omit<WriteRecord, 'status' | 'started_at'>): Promise<RunningRecord> {
    const started: WriteRecord = {
      ...record,
      status: 'running',
      started_at: new Date().toISOString(),
    };
    await this.put(started);
    return new RunningRecord(this, started);
  }

  /** An append or upsert into an existing slice: its record keeps how the slice was made. */
  async touch(backingIndex: string, slice: string, lookup: string) {
    const now = new Date().toISOString();
    await this.guard('touch', async () => {
      await this.ensureIndex();
      await this.internalClient.update({
        index: WRITE_RECORDS_INDEX,
        id: recordId(backingIndex, slice),
        refresh: true,
        body: {
          doc: { last_write_at: now },
          upsert: {
            lookup,
            backing_index: backingIndex,
            slice,
            status: 'published',
            started_at: now,
            last_write_at: now,
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
      { create: { _index: WRITE_RECORDS_INDEX, _id: recordId(s.backing_index, s.slice) } },
      { ...s, status: 'seen', started_at: now },
    ]);
    await this.guard('note orphans', async () => {
      await this.ensureIndex();
      await this.internalClient.bulk({ body, refresh: true });
    });
  }

  /** Every record of these backing indices, keyed by `recordId`. */
  async forBackingIndices(indices: string[]): Promise<Map<string, WriteRecord>> {
    const out = new Map<string, WriteRecord>();
    if (indices.length === 0) return out;
    await this.guard('read', async () => {
      const { body } = await this.internalClient.search(
        {
          index: WRITE_RECORDS_INDEX,
          body: { size: 10000, query: { terms: { backing_index: indices } } },
        },
        { ignore: [404] }
      );
      for (const hit of (body as { hits?: { hits: Array<{ _id: string; _source: WriteRecord }> } })
        .hits?.hits ?? []) {
        out.set(hit._id, hit._source);
      }
    });
    return out;
  }

  async forget(backingIndex: string, slices?: string[]) {
    await this.guard('forget', async () => {
      const query = slices
        ? {
            bool: {
              filter: [{ term: { backing_index: backingIndex } }, { terms: { slice: slices } }],
            },
          }
        : { term: { backing_index: backingIndex } };
      const { body } = await this.internalClient.search(
        { index: WRITE_RECORDS_INDEX, body: { size: 10000, _source: false, query } },
        { ignore: [404] }
      );
      const ids = ((body as { hits?: { hits: Array<{ _id: string }> } }).hits?.hits ?? []).map(
        (h) => h._id
      );
      if (ids.length === 0) return;
      await this.internalClient.bulk({
        refresh: true,
        body: ids.map((id) => ({ delete: { _index: WRITE_RECORDS_INDEX, _id: id } })),
      });
    });
  }

  async put(record: WriteRecord) {
    await this.guard('write', async () => {
      await this.ensureIndex();
      await this.internalClient.index({
        index: WRITE_RECORDS_INDEX,
        id: recordId(record.backing_index, record.slice),
        body: record,
        refresh: true,
      });
    });
  }

  private async ensureIndex() {
    this.indexReady ??= this.internalClient.indices
      .create({
        index: WRITE_RECORDS_INDEX,
        body: {
          settings: { 'index.hidden': true, number_of_shards: 1, auto_expand_replicas: '0-1' },
          mappings: MAPPINGS,
        },
      })
      .then(
        () => undefined,
        (error) => {
          if (
            !/resource_already_exists_exception/.test(
              JSON.stringify((error as { meta?: { body?: unknown } }).meta?.body ?? '')
            )
          ) {
            this.indexReady = undefined;
            throw error;
          }
        }
      );
    await this.indexReady;
  }

  private async guard(what: string, work: () => Promise<void>) {
    try {
      await work();
    } catch (error) {
      const status = openSearchStatus(error);
      this.logger.warn(
        `write records: could not ${what}${status ? ` (OpenSearch ${status})` : ''}: ${(error as Error).message}`
      );
    }
  }
}

export class RunningRecord {
  private lastBeat = Date.now();

  constructor(
    private readonly store: WriteRecordStore,
    private record: WriteRecord
  ) {}

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
