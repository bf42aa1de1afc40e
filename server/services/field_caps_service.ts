/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Field capabilities of a lookup, in the exact shape of OpenSearch's `_field_caps`, with the
 * lookup's slices in the role of indices: which slices carry each field.
 *
 * All slices share the backing index's mapping, so a field has one type everywhere; what differs
 * between slices is whether they carry the field at all (a slice that does not is "unmapped", as
 * an index without the field would be). Requests, whatever the number of fields and slices:
 *
 *   1. `GET /<name>` (filtered to aliases and the index uuid): what `<name>` is, the current
 *      slice, and the identity of the backing index;
 *   2. `GET /<index>/_field_caps?fields=*`: types, searchable, aggregatable, as OpenSearch says;
 *   3. one search with aggregations: per slice its document count and `sum(_seq_no)` (a
 *      fingerprint that changes with any write to the slice), and the presence of every field
 *      (`filters` of `exists`) for the slices not served from the cache.
 *
 * A published slice does not change (appends go to the current slice only), so presence is
 * cached per slice, keyed by the backing index's uuid (a deleted and recreated index is another
 * index) and checked against the slice's fingerprint. The current slice is computed every time;
 * a cached slice whose fingerprint moved (a rollback made it current and it was written to, or a
 * slice still being loaded) is recomputed by a follow-up search, as are slices beyond one
 * search's bucket budget the first time a lookup with many slices is read.
 *
 * The cache lives in an instance made once per plugin (see `registerLookupDataRoutes`).
 */
import type { OpenSearchClient } from 'opensearch-dashboards/server';
import type { FieldCapability, FieldCapsResponse } from '../../common/api/search_codecs';
import { classifyTarget } from '../../common/substrate/target_state';
import { LOOKUP_FIELD } from '../../common/substrate/names';
import {
  ConflictError,
  isOpenSearchResponseError,
  NotFoundError,
  openSearchStatus,
} from '../lib/errors';
import { probeTarget } from './target_probe';

/** What OpenSearch's `_field_caps` says of one field in one index. */
export interface IndexField {
  name: string;
  type: string;
  searchable: boolean;
  aggregatable: boolean;
}

/** A lookup that can be read: ours, or one the data importer made over another index. */
export interface ReadableLookup {
  kind: 'managed' | 'legacy';
  name: string;
  /** The index holding the slices: `<name>__lookup`, or the importer's index. */
  index: string;
  currentSlice: string;
}

/** Fields OpenSearch adds to every index; every slice "has" them. */
const METADATA_FIELDS: ReadonlySet<string> = new Set([
  '_id',
  '_index',
  '_routing',
  '_source',
  '_seq_no',
  '_primary_term',
  '_version',
  '_ignored',
  '_field_names',
  '_nested_path',
  '_data_stream_timestamp',
  '_doc_count',
  '_size',
  '_tier',
  '_type',
]);

const OBJECT_TYPES: ReadonlySet<string> = new Set(['object', 'nested']);

export function isMetadataField(field: IndexField): boolean {
  return METADATA_FIELDS.has(field.name) || field.type.startsWith('_');
}

function isLookupField(name: string) {
  return name === LOOKUP_FIELD || name.startsWith(`${LOOKUP_FIELD}.`);
}

/** Absent is a 404, anything that is not a lookup a 409; both say what to do. */
export function requireReadable(
  target: ReturnType<typeof classifyTarget>,
  name: string
): ReadableLookup {
  if (target.kind === 'managed') {
    return { kind: 'managed', name, index: target.backingIndex, currentSlice: target.currentSlice };
  }
  if (target.kind === 'legacy') {
    return { kind: 'legacy', name, index: target.legacyIndex, currentSlice: target.currentSlice };
  }
  if (target.kind === 'absent') {
    throw new NotFoundError(
      `There is no lookup named "${name}". Check the name, or write it first with outputlookup.`
    );
  }
  throw new ConflictError(
    `"${name}" is not a lookup (${target.kind.replace(/_/g, ' ')}); read it with a search instead.`,
    { kind: target.kind }
  );
}

/** Every field of `index` by OpenSearch's own `_field_caps`, `__lookup` left out. */
export async function indexFields(
  client: OpenSearchClient,
  index: string
): Promise<Map<string, IndexField>> {
  const { body } = await client.fieldCaps({ index, fields: '*' });
  return parseIndexFieldCaps(body);
}

export function parseIndexFieldCaps(body: unknown): Map<string, IndexField> {
  const fields = (body as { fields?: Record<string, Record<string, Partial<FieldCapability>>> })
    .fields;
  const out = new Map<string, IndexField>();
  for (const [name, types] of Object.entries(fields ?? {})) {
    if (isLookupField(name)) continue;
    // One index: one type per field (an `unmapped` entry cannot occur without include_unmapped).
    const entry = Object.values(types).find((cap) => cap.type !== 'unmapped');
    if (!entry || typeof entry.type !== 'string') continue;
    out.set(name, {
      name,
      type: entry.type,
      searchable: entry.searchable === true,
      aggregatable: entry.aggregatable === true,
    });
  }
  return out;
}

/**
 * The columns of a lookup: fields that hold values (not objects, not OpenSearch's metadata).
 * Multi-fields such as `host.keyword` are included; `withMultiFields: false` leaves them out,
 * giving the fields documents actually carry in `_source`.
 */
export function columnFields(
  fields: Map<string, IndexField>,
  { withMultiFields }: { withMultiFields: boolean }
): IndexField[] {
  return [...fields.values()]
    .filter((f) => !isMetadataField(f) && !OBJECT_TYPES.has(f.type))
    .filter((f) => withMultiFields || multiFieldParent(f.name, fields) === undefined)
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** For `host.keyword`, the value field `host` it indexes again; undefined for other fields. */
export function multiFieldParent(
  name: string,
  fields: Map<string, IndexField>
): string | undefined {
  let cut = name.lastIndexOf('.');
  while (cut > 0) {
    const ancestor = fields.get(name.slice(0, cut));
    if (ancestor) return OBJECT_TYPES.has(ancestor.type) ? undefined : ancestor.name;
    cut = name.lastIndexOf('.', cut - 1);
  }
  return undefined;
}

/** OpenSearch's `fields` parameter: comma-separated names, `*` matching any characters. */
export function fieldMatcher(patterns: string): (field: string) => boolean {
  const regexes = patterns
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p.length > 0)
    .map(
      (p) =>
        new RegExp(
          `^${p
            .split('*')
            .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
            .join('.*')}$`,
          's'
        )
    );
  return (field) => regexes.some((r) => r.test(field));
}

interface SliceEntry {
  /** `<doc count>:<sum of _seq_no>`: moves with any write into the slice. */
  fingerprint: string;
  /** The value fields whose presence was checked. */
  checked: ReadonlySet<string>;
  present: ReadonlySet<string>;
}

interface SliceStats {
  slice: string;
  fingerprint: string;
}

export interface FieldCapsServiceOptions {
  /** Backing indices whose slices are remembered (least recently used ones are dropped). */
  maxIndices?: number;
  /** Buckets one search may make (`search.max_buckets` is 65,535 by default). */
  maxBucketsPerSearch?: number;
  /** Slices one lookup may have for a complete answer. */
  maxSlices?: number;
}

/** What the last call did, for tests and benches. */
export interface FieldCapsStats {
  searches: number;
  computedSlices: number;
  cachedSlices: number;
}

export class FieldCapsService {
  private readonly cache = new Map<string, Map<string, SliceEntry>>();
  private readonly maxIndices: number;
  private readonly maxBuckets: number;
  private readonly maxSlices: number;
  public lastStats: FieldCapsStats = { searches: 0, computedSlices: 0, cachedSlices: 0 };

  constructor(options: FieldCapsServiceOptions = {}) {
    this.maxIndices = options.maxIndices ?? 256;
    this.maxBuckets = options.maxBucketsPerSearch ?? 50_000;
    this.maxSlices = options.maxSlices ?? 10_000;
  }

  async fieldCaps(
    client: OpenSearchClient,
    name: string,
    request: { fields: string; include_unmapped?: boolean }
  ): Promise<FieldCapsResponse> {
    // `_field_caps` on the alias answers for the index behind it: ask it beside the probe.
    const [{ lookup, indexUuid }, fieldsOrError] = await Promise.all([
      probeWithUuid(client, name),
      indexFields(client, name).catch((error: unknown) => error),
    ]);
    if (!(fieldsOrError instanceof Map)) throw fieldsOrError;
    const fields = fieldsOrError as Map<string, IndexField>;
    const { slices, presence } = await this.presence(client, lookup, indexUuid, fields);
    return assemble(fields, slices, presence, request);
  }

  /** Per slice, the value fields it carries; `slices` is every slice of the lookup, sorted. */
  private async presence(
    client: OpenSearchClient,
    lookup: ReadableLookup,
    indexUuid: string | undefined,
    fields: Map<string, IndexField>
  ): Promise<{ slices: string[]; presence: Map<string, ReadonlySet<string>> }> {
    const leaves = [...fields.values()]
      .filter(
        (f) =>
          !isMetadataField(f) &&
          !OBJECT_TYPES.has(f.type) &&
          multiFieldParent(f.name, fields) === undefined
      )
      .map((f) => f.name);
    // Without the index's identity nothing is remembered: a recreated index could pass for it.
    const cached = indexUuid ? this.touch(indexUuid) : new Map<string, SliceEntry>();
    // A cached slice is reused when it is not current and its entry checked every value field.
    const reusable = [...cached.entries()]
      .filter(
        ([slice, entry]) =>
          slice !== lookup.currentSlice && leaves.every((f) => entry.checked.has(f))
      )
      .map(([slice]) => slice);
    // Legacy importer indices hold other lookups' slices: only the current slice is this lookup's.
    const scope =
      lookup.kind === 'legacy' ? { term: { [LOOKUP_FIELD]: lookup.currentSlice } } : undefined;
    const chunk = Math.max(1, Math.floor(this.maxBuckets / Math.max(1, leaves.length + 1)));

    const first = await client.search({
      index: lookup.index,
      body: {
        size: 0,
        track_total_hits: false,
        query: scope ?? { match_all: {} },
        aggs: {
          slices: {
            terms: { field: LOOKUP_FIELD, size: this.maxSlices },
            aggs: { seq: { sum: { field: '_seq_no' } } },
          },
          presence: {
            filter:
              reusable.length > 0
                ? { bool: { must_not: [{ terms: { [LOOKUP_FIELD]: reusable } }] } }
                : { match_all: {} },
            aggs: presenceAggs(leaves, chunk),
          },
        },
      },
    });
    let searches = 1;
    const aggs = (first.body as { aggregations: FirstAggs }).aggregations;
    const stats: SliceStats[] = aggs.slices.buckets.map((b) => ({
      slice: b.key,
      fingerprint: `${b.doc_count}:${b.seq.value ?? 0}`,
    }));
    const fresh = readPresence(aggs.presence.slices.buckets, leaves);

    const result = new Map<string, ReadonlySet<string>>();
    const pending: string[] = [];
    const next = new Map<string, SliceEntry>();
    const checked = new Set(leaves);
    let reused = 0;
    for (const { slice, fingerprint } of stats) {
      const computed = fresh.get(slice);
      const entry = cached.get(slice);
      if (computed) {
        result.set(slice, computed);
        next.set(slice, { fingerprint, checked, present: computed });
      } else if (entry && entry.fingerprint === fingerprint && reusable.includes(slice)) {
        result.set(slice, entry.present);
        next.set(slice, entry);
        reused++;
      } else {
        pending.push(slice);
      }
    }
    // Rare: slices past the bucket budget, or cached ones that changed since.
    for (let start = 0; start < pending.length; start += chunk) {
      const part = pending.slice(start, start + chunk);
      const { body } = await client.search({
        index: lookup.index,
        body: {
          size: 0,
          track_total_hits: false,
          query: { terms: { [LOOKUP_FIELD]: part } },
          aggs: {
            slices: {
              terms: { field: LOOKUP_FIELD, size: part.length },
              aggs: { seq: { sum: { field: '_seq_no' } }, ...presenceAggs(leaves, 0).slices.aggs },
            },
          },
        },
      });
      searches++;
      const buckets = (body as { aggregations: { slices: { buckets: PresenceBucket[] } } })
        .aggregations.slices.buckets;
      const present = readPresence(buckets, leaves);
      for (const bucket of buckets) {
        const fields = present.get(bucket.key) ?? new Set<string>();
        result.set(bucket.key, fields);
        next.set(bucket.key, {
          fingerprint: `${bucket.doc_count}:${bucket.seq?.value ?? 0}`,
          checked,
          present: fields,
        });
      }
    }
    // Only slices that still exist are remembered; the current one may have no documents at all.
    cached.clear();
    for (const [slice, entry] of next) cached.set(slice, entry);
    if (!result.has(lookup.currentSlice)) result.set(lookup.currentSlice, new Set());

    const slices =
      lookup.kind === 'legacy'
        ? [lookup.currentSlice]
        : [...result.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    this.lastStats = {
      searches,
      computedSlices: stats.length - reused,
      cachedSlices: reused,
    };
    return { slices, presence: result };
  }

  /** The slice entries of one backing index, marked as most recently used. */
  private touch(indexUuid: string): Map<string, SliceEntry> {
    let entries = this.cache.get(indexUuid);
    if (entries) {
      this.cache.delete(indexUuid);
    } else {
      entries = new Map();
    }
    this.cache.set(indexUuid, entries);
    while (this.cache.size > this.maxIndices) {
      const oldest = this.cache.keys().next().value as string;
      this.cache.delete(oldest);
    }
    return entries;
  }
}

interface PresenceBucket {
  key: string;
  doc_count: number;
  seq?: { value: number | null };
  fields?: { buckets: Record<string, { doc_count: number }> };
}
interface FirstAggs {
  slices: { buckets: Array<{ key: string; doc_count: number; seq: { value: number | null } }> };
  presence: { slices: { buckets: PresenceBucket[] } };
}

/** Per slice (at most `size` of them; 0 means no terms size), a `filters` bucket per field. */
function presenceAggs(leaves: string[], size: number) {
  const filters = Object.fromEntries(leaves.map((f, i) => [String(i), { exists: { field: f } }]));
  return {
    slices: {
      terms: { field: LOOKUP_FIELD, size: size || 1, order: { _key: 'asc' } },
      aggs: leaves.length > 0 ? { fields: { filters: { filters } } } : {},
    },
  };
}

function readPresence(buckets: PresenceBucket[], leaves: string[]) {
  const out = new Map<string, Set<string>>();
  for (const bucket of buckets) {
    const present = new Set<string>();
    const byField = bucket.fields?.buckets ?? {};
    leaves.forEach((field, i) => {
      if ((byField[String(i)]?.doc_count ?? 0) > 0) present.add(field);
    });
    out.set(bucket.key, present);
  }
  return out;
}

/**
 * `GET /<name>` answers, for an alias, with the index it points to, the alias's filter and the
 * index's settings: enough to classify `<name>` and to know which index this is. Index-level,
 * within what the caller may see; never `cluster:monitor/state`. A caller who may read the
 * lookup but not get its index (`indices:admin/get`) is probed as the other routes probe, and
 * served without the cache.
 */
async function probeWithUuid(
  client: OpenSearchClient,
  name: string
): Promise<{ lookup: ReadableLookup; indexUuid: string | undefined }> {
  let body: Record<string, { aliases?: unknown; settings?: { index?: { uuid?: string } } }>;
  try {
    ({ body } = await client.indices.get({
      index: name,
      filter_path: ['*.aliases', '*.settings.index.uuid'],
    }));
  } catch (error) {
    if (
      isOpenSearchResponseError(error) &&
      error.meta.statusCode === 404 &&
      /index_not_found_exception/.test(JSON.stringify(error.meta.body ?? ''))
    ) {
      requireReadable({ kind: 'absent', name }, name);
    }
    if (openSearchStatus(error) === 403) {
      return {
        lookup: requireReadable(await probeTarget(client, name), name),
        indexUuid: undefined,
      };
    }
    throw error;
  }
  const target = classifyTarget({
    name,
    aliases: body,
    concreteIndexExists: Object.prototype.hasOwnProperty.call(body, name),
  });
  const lookup = requireReadable(target, name);
  return { lookup, indexUuid: body[lookup.index]?.settings?.index?.uuid };
}

/** Builds OpenSearch's answer from the index's field caps and the slices' presence. */
export function assemble(
  fields: Map<string, IndexField>,
  slices: string[],
  presence: Map<string, ReadonlySet<string>>,
  request: { fields: string; include_unmapped?: boolean }
): FieldCapsResponse {
  const matches = fieldMatcher(request.fields);
  // OpenSearch also answers for the objects above every field it matched.
  const wanted = new Set<string>();
  for (const name of fields.keys()) {
    if (!matches(name)) continue;
    wanted.add(name);
    for (let cut = name.indexOf('.'); cut > 0; cut = name.indexOf('.', cut + 1)) {
      const parent = fields.get(name.slice(0, cut));
      if (parent && OBJECT_TYPES.has(parent.type)) wanted.add(parent.name);
    }
  }

  const slicesWith = (field: IndexField): string[] => {
    if (isMetadataField(field)) return slices;
    const parent = multiFieldParent(field.name, fields);
    if (parent !== undefined) return slicesWith(fields.get(parent) as IndexField);
    if (OBJECT_TYPES.has(field.type)) {
      const prefix = `${field.name}.`;
      const below = [...fields.values()].filter(
        (f) =>
          f.name.startsWith(prefix) &&
          !OBJECT_TYPES.has(f.type) &&
          multiFieldParent(f.name, fields) === undefined
      );
      return slices.filter((s) => below.some((f) => presence.get(s)?.has(f.name)));
    }
    return slices.filter((s) => presence.get(s)?.has(field.name));
  };

  const out: FieldCapsResponse['fields'] = {};
  for (const name of wanted) {
    const field = fields.get(name) as IndexField;
    const carriedBy = slicesWith(field);
    if (carriedBy.length === 0) continue;
    const caps: FieldCapability = {
      type: field.type,
      searchable: field.searchable,
      aggregatable: field.aggregatable,
    };
    if (carriedBy.length === slices.length || !request.include_unmapped) {
      out[name] = { [field.type]: caps };
      continue;
    }
    out[name] = {
      [field.type]: { ...caps, indices: carriedBy },
      unmapped: {
        type: 'unmapped',
        searchable: false,
        aggregatable: false,
        indices: slices.filter((s) => !carriedBy.includes(s)),
      },
    };
  }
  return { indices: slices, fields: out };
}
