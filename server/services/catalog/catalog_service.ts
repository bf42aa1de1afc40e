/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * A truthful account of lookups, computed as the caller with a constant number of requests for
 * the whole list: the aliases of the visible indices, then (in parallel) their stats and one
 * multi-search that counts rows per slice, plus the write records.
 */
import type { OpenSearchClient } from 'opensearch-dashboards/server';
import type {
  ListQuery,
  ListResponse,
  LookupDetail,
  LookupEvent,
  LookupSummary,
  SliceInfo,
} from '../../../common/api/codecs';
import {
  BACKING_INDEX_SUFFIX,
  LOOKUP_FIELD,
  backingIndexName,
} from '../../../common/substrate/names';
import { LookupError, NotFoundError, openSearchStatus } from '../../lib/errors';
import type { LeaseDocument, LeaseStore } from '../plugin_index/leases';
import {
  recordId,
  StoredEvent,
  WriteRecord,
  WriteRecordStore,
} from '../plugin_index/write_records';
import { AliasesByIndex, CatalogEntry, classifyCatalog } from './classify';
import { hideUnreadableQueries } from './query_visibility';
import { sliceState } from './slice_state';

const MAX_SLICES_PER_INDEX = 1000;

interface Scan {
  entries: CatalogEntry[];
  slices: Map<string, SliceInfo[]>;
  sizes: Map<string, number>;
  legacyRows: Map<string, number>;
  /** The lookups' leases; undefined when they could not be read. */
  leases: Map<string, LeaseDocument> | undefined;
}

/** The leases, or undefined (a version being written is then judged by its heartbeat). */
async function readLeases(
  leases: LeaseStore | undefined,
  names: string[]
): Promise<Map<string, LeaseDocument> | undefined> {
  if (!leases) return undefined;
  try {
    return await leases.currentMany(names);
  } catch {
    return undefined;
  }
}

async function readAliases(client: OpenSearchClient, index: string): Promise<AliasesByIndex> {
  try {
    const { body } = await client.indices.getAlias({
      index,
      ignore_unavailable: true,
      expand_wildcards: 'open',
    });
    return body as AliasesByIndex;
  } catch (error) {
    if (openSearchStatus(error) === 404) return {};
    if (openSearchStatus(error) === 403 && index === '*') {
      throw new LookupError(
        403,
        "OpenSearch refused to list the indices this user may see. Listing lookups needs the security plugin's " +
          'do_not_fail_on_forbidden setting (so a list is cut to what the user may read), or read rights on every index.',
        { reason: 'list_forbidden' }
      );
    }
    throw error;
  }
}

/**
 * The URL of a stats request must not grow with the number of lookups (OpenSearch refuses an
 * initial line over 4 KiB): backing indices by their common suffix, and the few importer indices
 * by name, or by a wildcard once there are many. The answer is filtered to what was asked.
 */
const MAX_NAMED_INDICES = 20;
function statsExpression(backing: string[], legacy: CatalogEntry[]): string {
  const legacyIndices = [...new Set(legacy.map((e) => e.index!))];
  const parts: string[] = [];
  if (backing.length > MAX_NAMED_INDICES) parts.push(`*${BACKING_INDEX_SUFFIX}`);
  else parts.push(...backing);
  if (legacyIndices.length > MAX_NAMED_INDICES) parts.push('*');
  else parts.push(...legacyIndices);
  return parts.join(',');
}

/**
 * A lookup deleted since its alias was read is left out of the sizes, not a 404 for the whole
 * list. (`_stats` takes `ignore_unavailable`; the client's type leaves it out.)
 */
function statsParams(backing: string[], legacy: CatalogEntry[]) {
  const params = {
    index: statsExpression(backing, legacy),
    metric: 'store',
    ignore_unavailable: true,
  };
  return params;
}

/**
 * Reads the aliases, lets `select` pick the entries worth counting (one lookup, or a page of
 * the list), then counts and sizes only those.
 */
async function scan(
  client: OpenSearchClient,
  records: WriteRecordStore,
  leaseStore: LeaseStore | undefined,
  expression: string,
  select: (entries: CatalogEntry[]) => CatalogEntry[] = (all) => all
): Promise<Scan & { records: Map<string, WriteRecord> }> {
  const all = classifyCatalog(await readAliases(client, expression));
  const entries = select(all);
  const backing = [
    ...new Set(entries.filter((e) => e.kind !== 'legacy' && e.index).map((e) => e.index!)),
  ];
  const legacy = entries.filter((e) => e.kind === 'legacy');
  const statIndices = [...new Set([...backing, ...legacy.map((e) => e.index!)])];

  const searches: unknown[] = [];
  if (backing.length > 0) {
    searches.push(
      { index: backing.join(','), ignore_unavailable: true },
      {
        size: 0,
        aggs: {
          by_index: {
            terms: { field: '_index', size: Math.max(backing.length, 1) },
            aggs: { slices: { terms: { field: LOOKUP_FIELD, size: MAX_SLICES_PER_INDEX } } },
          },
        },
      }
    );
  }
  for (const entry of legacy) {
    searches.push(
      { index: entry.index, ignore_unavailable: true },
      { size: 0, track_total_hits: true, query: entry.filter ?? { match_none: {} } }
    );
  }

  const [stats, counts, recordMap, leases] = await Promise.all([
    statIndices.length > 0
      ? client.indices.stats(statsParams(backing, legacy))
      : Promise.resolve({ body: { indices: {} } }),
    searches.length > 0
      ? client.msearch({ body: searches as Array<Record<string, unknown>> })
      : Promise.resolve({ body: { responses: [] } }),
    records.forBackingIndices(backing),
    readLeases(
      leaseStore,
      entries.filter((e) => e.kind !== 'legacy').map((e) => e.name)
    ),
  ]);

  const sizes = new Map<string, number>();
  for (const [index, s] of Object.entries(
    (stats.body as { indices: Record<string, { total?: { store?: { size_in_bytes?: number } } }> })
      .indices
  )) {
    sizes.set(index, s.total?.store?.size_in_bytes ?? 0);
  }
  const responses = (counts.body as { responses: Array<Record<string, unknown>> }).responses;
  for (const response of responses) {
    const failure = response.error as { type?: string; reason?: string } | undefined;
    if (failure) {
      throw new LookupError(
        (response.status as number) ?? 500,
        `Counting the rows of lookups failed: ${failure.reason ?? failure.type}`
      );
    }
  }

  const slices = new Map<string, SliceInfo[]>();
  if (backing.length > 0) {
    const buckets = (
      responses[0] as {
        aggregations: {
          by_index: {
            buckets: Array<{
              key: string;
              slices: { buckets: Array<{ key: string; doc_count: number }> };
            }>;
          };
        };
      }
    ).aggregations.by_index.buckets;
    for (const bucket of buckets) {
      slices.set(
        bucket.key,
        bucket.slices.buckets.map((b) => ({ id: b.key, rows: b.doc_count, current: false }))
      );
    }
  }
  const legacyRows = new Map<string, number>();
  legacy.forEach((entry, i) => {
    const total = (
      responses[(backing.length > 0 ? 1 : 0) + i] as { hits: { total: { value: number } } }
    ).hits.total.value;
    legacyRows.set(entry.name, total);
  });
  return { entries, slices, sizes, legacyRows, leases, records: recordMap };
}

function sliceDetails(
  entry: CatalogEntry,
  found: SliceInfo[],
  records: Map<string, WriteRecord>,
  leases: Map<string, LeaseDocument> | undefined
): SliceInfo[] {
  const index = entry.index!;
  const byId = new Map(found.map((s) => [s.id, { ...s }]));
  // A published slice may hold no rows (an empty result): the alias or its record still names it.
  if (entry.currentSlice && !byId.has(entry.currentSlice))
    byId.set(entry.currentSlice, { id: entry.currentSlice, rows: 0, current: false });
  for (const record of records.values()) {
    if (record.backing_index === index && record.status === 'writing' && !byId.has(record.slice)) {
      byId.set(record.slice, { id: record.slice, rows: 0, current: false });
    }
  }
  const now = Date.now();
  const lease = leases === undefined ? undefined : (leases.get(entry.name) ?? null);
  return [...byId.values()]
    .map((slice) => {
      const record = records.get(recordId(index, slice.id));
      const info: SliceInfo = { ...slice, current: slice.id === entry.currentSlice };
      const { state, inFlight } = sliceState(record, lease, now);
      if (inFlight) info.in_flight = true;
      if (record && state) {
        info.state = state;
        info.created_at = record.finished_at ?? record.started_at;
        if (record.last_write_at) info.last_write_at = record.last_write_at;
        info.written_by = record.user ?? null;
        if (record.action) info.action = record.action;
        if (record.query) info.query = record.query;
      }
      return info;
    })
    .sort(
      (a, b) =>
        Number(b.current) - Number(a.current) ||
        (b.created_at ?? '').localeCompare(a.created_at ?? '')
    );
}

/** Versions deleted one by one, newest first: their records outlive their rows. */
function deletionEvents(index: string, records: Map<string, WriteRecord>): LookupEvent[] {
  return [...records.values()]
    .filter((r) => r.backing_index === index && r.status === 'deleted' && r.deleted_at)
    .map((r) => ({
      type: 'version_deleted' as const,
      slice: r.slice,
      at: r.deleted_at!,
      by: r.deleted_by ?? null,
      ...(r.rows !== undefined ? { rows: r.rows } : {}),
    }))
    .sort((a, b) => b.at.localeCompare(a.at));
}

/** Deletions (from records) and restores and imports (kept as events), newest first. */
function withStoredEvents(deletions: LookupEvent[], stored: StoredEvent[]): LookupEvent[] {
  const kept = stored.map(
    ({ lookup: _lookup, backing_index: _index, ...event }): LookupEvent => event
  );
  return [...deletions, ...kept].sort((a, b) => b.at.localeCompare(a.at));
}

function summarize(
  entry: CatalogEntry,
  s: Scan & { records: Map<string, WriteRecord> }
): LookupDetail {
  if (entry.kind === 'legacy') {
    return {
      name: entry.name,
      kind: entry.kind,
      backing_index: entry.index,
      current_slice: entry.currentSlice,
      filter: entry.filter,
      rows: s.legacyRows.get(entry.name) ?? 0,
      size_bytes: s.sizes.get(entry.index!) ?? 0,
      slice_count: 1,
      orphan_count: 0,
      orphan_rows: 0,
      last_write: null,
      slices: [{ id: entry.currentSlice!, rows: s.legacyRows.get(entry.name) ?? 0, current: true }],
    };
  }
  const slices = entry.index
    ? sliceDetails(entry, s.slices.get(entry.index) ?? [], s.records, s.leases)
    : [];
  const orphans = slices.filter((x) => !x.current && !x.in_flight);
  const writes = slices
    .flatMap((x) => [x.created_at, x.last_write_at])
    .filter((x): x is string => !!x);
  return {
    name: entry.name,
    kind: entry.kind,
    ...(entry.reason ? { reason: entry.reason } : {}),
    backing_index: entry.index,
    current_slice: entry.currentSlice,
    ...(entry.filter !== undefined ? { filter: entry.filter } : {}),
    rows: slices.find((x) => x.current)?.rows ?? 0,
    size_bytes: entry.index ? (s.sizes.get(entry.index) ?? 0) : 0,
    slice_count: slices.length,
    orphan_count: orphans.length,
    orphan_rows: orphans.reduce((n, x) => n + x.rows, 0),
    last_write: writes.sort().pop() ?? null,
    slices,
    events: entry.index ? deletionEvents(entry.index, s.records) : [],
  };
}

export class CatalogService {
  constructor(
    private readonly client: OpenSearchClient,
    private readonly records: WriteRecordStore,
    /** The lookups' leases: a version is being written only while its writer's lease lives. */
    private readonly leases?: LeaseStore,
    /** Who asks: versions' queries are shown only where this caller may see them. */
    private readonly caller?: () => Promise<string | null>
  ) {}

  async list(): Promise<LookupSummary[]> {
    return (await this.page({})).lookups;
  }

  /**
   * The lookups whose name contains `search`, by name, `size` of them from `from`. Only the
   * page's lookups are counted and sized, so a long list costs no more per page than a short one.
   */
  async page(query: ListQuery): Promise<ListResponse> {
    const needle = query.search?.toLowerCase();
    const from = query.from ?? 0;
    let total = 0;
    const result = await scan(this.client, this.records, this.leases, '*', (all) => {
      const matching = all
        .filter((e) => needle === undefined || e.name.toLowerCase().includes(needle))
        .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
      total = matching.length;
      return matching.slice(from, query.size === undefined ? undefined : from + query.size);
    });
    const lookups = result.entries.map((entry) => {
      const { slices: _slices, events: _events, ...summary } = summarize(entry, result);
      return summary;
    });
    return { lookups, total };
  }

  async get(name: string): Promise<LookupDetail> {
    const { lookup } = await this.getWithRecords(name);
    if (!this.caller) return lookup;
    const slices = await hideUnreadableQueries(this.client, await this.caller(), lookup.slices);
    return { ...lookup, slices };
  }

  /** The lookup and the write records it was computed from, for operations that need both. */
  async getWithRecords(
    name: string
  ): Promise<{ lookup: LookupDetail; records: Map<string, WriteRecord> }> {
    const result = await scan(
      this.client,
      this.records,
      this.leases,
      `${name},${backingIndexName(name)}`,
      (all) => all.filter((e) => e.name === name)
    );
    const entry = result.entries[0];
    if (!entry) {
      throw new NotFoundError(
        `There is no lookup named "${name}". Check the name, or write it first with outputlookup.`
      );
    }
    const lookup = summarize(entry, result);
    if (entry.index && lookup.events) {
      const stored = await this.records.eventsOf(entry.index);
      lookup.events = withStoredEvents(lookup.events, stored);
    }
    return { lookup, records: result.records };
  }
}
