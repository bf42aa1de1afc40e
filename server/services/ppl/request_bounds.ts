/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * What the engine asks of OpenSearch stays inside documented bounds, so that no user's query can
 * become a noisy neighbour (a 5,000-key sort once took a 1 GB node down). The bounds are checked
 * while planning, so `_explain` refuses what `_query` would, with a 400 naming the limit:
 *
 * - sort keys: at most {@link MAX_SORT_KEYS}, after dropping keys that repeat an earlier one;
 * - query clauses: at most `indices.query.bool.max_clause_count` leaves in one query;
 * - aggregation buckets: at most `search.max_buckets` in one response (composite pages are made
 *   that small);
 * - `size`: at most `index.max_result_window` per request (more is read page by page with a
 *   point in time and `search_after`, see ../document_scan.ts);
 * - aggregations nest at most {@link MAX_AGGREGATION_DEPTH} deep;
 * - a terms query (`field IN (…)`) holds at most `index.max_terms_count` values, the smallest
 *   value of the source's indices (checked once the source's request is planned, as the setting
 *   is read per index: see cluster_limits.ts `readMaxTermsCount`).
 *
 * The cluster's values are read once per query through a short-lived cache (cluster_limits.ts);
 * their documented defaults stand in when they cannot be read.
 */
import type { SortKey } from '../../../common/ppl/ast';
import { BadRequestError } from '../../lib/errors';
import type { Dsl } from './pushdown';

export const MAX_SORT_KEYS = 32;
export const MAX_AGGREGATION_DEPTH = 3;
export const CLAUSE_COUNT_SETTING = 'indices.query.bool.max_clause_count';
export const MAX_BUCKETS_SETTING = 'search.max_buckets';
export const RESULT_WINDOW_SETTING = 'index.max_result_window';
export const MAX_TERMS_COUNT_SETTING = 'index.max_terms_count';

/** The cluster's limits on one request (cluster_limits.ts reads them). */
export interface ClusterLimits {
  /** `indices.query.bool.max_clause_count` (dynamic since OpenSearch 2.16). */
  maxClauseCount: number;
  /** `search.max_buckets`. */
  maxBuckets: number;
  /**
   * `index.max_result_window`: an index setting, so the documented default, which the engine's
   * pages never exceed (`lookups.bulk_batch_size` is capped to it).
   */
  maxResultWindow: number;
  /**
   * `index.max_terms_count`'s default: an index setting with no cluster-wide value, so this
   * stands for every index that does not set it (readMaxTermsCount reads those that do).
   */
  maxTermsCount: number;
}

/** OpenSearch's documented defaults (and 3.4's, read from a node). */
export const DEFAULT_CLUSTER_LIMITS: ClusterLimits = {
  maxClauseCount: 1024,
  maxBuckets: 65_535,
  maxResultWindow: 10_000,
  maxTermsCount: 65_536,
};

/** A request the engine would send is over a bound: a 400 naming it. */
export class RequestBoundError extends BadRequestError {
  constructor(message: string, limit: string, max: number, found: number) {
    super(message, { reason: 'request_bound', limit, max, found });
  }
}

/**
 * The keys that decide the order: a key on the same field (compared the same way) as an earlier
 * one never decides anything, whatever its direction, so it is dropped.
 */
export function distinctSortKeys(keys: SortKey[]): SortKey[] {
  const seen = new Set<string>();
  return keys.filter((key) => {
    const id = `${key.as ?? ''}\u0000${key.field.name}`;
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}

/** The sort keys to use; throws when more than {@link MAX_SORT_KEYS} distinct ones remain. */
export function boundedSortKeys(keys: SortKey[]): SortKey[] {
  const distinct = distinctSortKeys(keys);
  if (distinct.length > MAX_SORT_KEYS) {
    throw new RequestBoundError(
      `sort takes at most ${MAX_SORT_KEYS} distinct keys, and this one has ${distinct.length}` +
        ` (max_sort_keys). Keys after the first few rarely decide the order: keep the ${MAX_SORT_KEYS} that matter.`,
      'max_sort_keys',
      MAX_SORT_KEYS,
      distinct.length
    );
  }
  return distinct;
}

const isObject = (v: unknown): v is Dsl => v !== null && typeof v === 'object' && !Array.isArray(v);

/** Queries holding queries, and where. */
const COMPOUND: Readonly<Record<string, readonly string[]>> = {
  bool: ['must', 'filter', 'should', 'must_not'],
  constant_score: ['filter'],
  dis_max: ['queries'],
  boosting: ['positive', 'negative'],
  function_score: ['query'],
  nested: ['query'],
};

/** The leaf queries of `query`: what Lucene counts against the clause limit. */
export function countClauses(query: unknown): number {
  if (!isObject(query)) return 0;
  let count = 0;
  for (const [kind, body] of Object.entries(query)) {
    const places = COMPOUND[kind];
    if (places === undefined || !isObject(body)) {
      count += 1;
      continue;
    }
    for (const place of places) {
      const inner = body[place];
      for (const q of Array.isArray(inner) ? inner : inner === undefined ? [] : [inner])
        count += countClauses(q);
    }
  }
  return count;
}

/** Keys of a `terms` query's body that are not a field's values. */
const TERMS_OPTIONS = new Set(['boost', '_name']);

/**
 * The most values one `terms` query of `query` holds: what OpenSearch checks against
 * `index.max_terms_count` (each terms query on its own).
 */
export function largestTermsCount(query: unknown): number {
  if (!isObject(query)) return 0;
  let largest = 0;
  for (const [kind, body] of Object.entries(query)) {
    if (!isObject(body)) continue;
    if (kind === 'terms') {
      for (const [key, values] of Object.entries(body)) {
        if (!TERMS_OPTIONS.has(key) && Array.isArray(values)) {
          largest = Math.max(largest, values.length);
        }
      }
      continue;
    }
    for (const place of COMPOUND[kind] ?? []) {
      const inner = body[place];
      for (const q of Array.isArray(inner) ? inner : inner === undefined ? [] : [inner])
        largest = Math.max(largest, largestTermsCount(q));
    }
  }
  return largest;
}

/** Where a source's limit on terms comes from: an index's own setting, or the default. */
export interface TermsLimit {
  max: number;
  /** The index that sets the limit (none: every index has the default). */
  index?: string;
}

/** A terms query of `count` values over `limit`: a {@link RequestBoundError} naming the way out. */
export function checkTermsCount(count: number, limit: TermsLimit): void {
  if (count <= limit.max) return;
  const whose = limit.index
    ? `the limit of ${limit.max} that the index "${limit.index}" sets (${MAX_TERMS_COUNT_SETTING})`
    : `OpenSearch's limit of ${limit.max} (${MAX_TERMS_COUNT_SETTING}, the default for an index that does not set it)`;
  throw new RequestBoundError(
    `The filter would send OpenSearch a list of ${count} values to match (field IN (…) is one terms query), over ${whose}. ` +
      'Put the values in a lookup (outputlookup, or an import) and keep the rows it matches: ' +
      '| lookup <lookup> <field> OUTPUT <field> AS listed | where isnotnull(listed). Or send a shorter list.',
    MAX_TERMS_COUNT_SETTING,
    limit.max,
    count
  );
}

/** How many buckets one bucket of `aggs` may answer at most (metrics: none). */
function bucketsOf(spec: Dsl): number {
  const [kind, body] =
    Object.entries(spec).find(([k]) => k !== 'aggs' && k !== 'aggregations') ?? [];
  if (kind === undefined || !isObject(body)) return 0;
  if (kind === 'composite' || kind === 'terms') return Number(body.size ?? 10);
  if (kind === 'filters') {
    const filters = body.filters;
    return Array.isArray(filters)
      ? filters.length
      : isObject(filters)
        ? Object.keys(filters).length
        : 0;
  }
  if (kind === 'filter' || kind === 'nested' || kind === 'global') return 1;
  return 0;
}

/** The most buckets `aggs` may answer: each bucket's sub-aggregations repeat in it. */
export function countBuckets(aggs: unknown): number {
  if (!isObject(aggs)) return 0;
  let total = 0;
  for (const spec of Object.values(aggs)) {
    if (!isObject(spec)) continue;
    const own = bucketsOf(spec);
    const inner = countBuckets(spec.aggs ?? spec.aggregations);
    total += own + Math.max(own, 1) * inner;
  }
  return total;
}

/** How deep `aggs` nests (one level of aggregations is 1). */
export function aggregationDepth(aggs: unknown): number {
  if (!isObject(aggs)) return 0;
  let deepest = 0;
  for (const spec of Object.values(aggs)) {
    if (!isObject(spec)) continue;
    deepest = Math.max(deepest, 1 + aggregationDepth(spec.aggs ?? spec.aggregations));
  }
  return deepest;
}

/** A search the engine would send: throws a {@link RequestBoundError} when it is over a bound. */
export function checkSearch(
  request: { query?: Dsl; aggs?: Dsl; size?: number; sort?: unknown[] },
  limits: ClusterLimits
): void {
  const clauses = countClauses(request.query);
  if (clauses > limits.maxClauseCount) {
    throw new RequestBoundError(
      `The filters would send OpenSearch a query of ${clauses} clauses, over its limit of ` +
        `${limits.maxClauseCount} (${CLAUSE_COUNT_SETTING}). Write a long list of values as ` +
        'field IN (…) (one clause), or filter with fewer conditions.',
      CLAUSE_COUNT_SETTING,
      limits.maxClauseCount,
      clauses
    );
  }
  const buckets = countBuckets(request.aggs);
  if (buckets > limits.maxBuckets) {
    throw new RequestBoundError(
      `The aggregation would ask OpenSearch for ${buckets} buckets in one answer, over its limit ` +
        `of ${limits.maxBuckets} (${MAX_BUCKETS_SETTING}). Group by fewer fields or fewer values.`,
      MAX_BUCKETS_SETTING,
      limits.maxBuckets,
      buckets
    );
  }
  const depth = aggregationDepth(request.aggs);
  if (depth > MAX_AGGREGATION_DEPTH) {
    throw new RequestBoundError(
      `The aggregation would nest ${depth} levels deep, more than the ${MAX_AGGREGATION_DEPTH} ` +
        'this engine sends (max_aggregation_depth).',
      'max_aggregation_depth',
      MAX_AGGREGATION_DEPTH,
      depth
    );
  }
  if (request.size !== undefined && request.size > limits.maxResultWindow) {
    throw new RequestBoundError(
      `One request would ask for ${request.size} documents, over ${limits.maxResultWindow} ` +
        `(${RESULT_WINDOW_SETTING}); larger reads go page by page.`,
      RESULT_WINDOW_SETTING,
      limits.maxResultWindow,
      request.size
    );
  }
  const sortKeys = request.sort?.length ?? 0;
  if (sortKeys > MAX_SORT_KEYS) {
    throw new RequestBoundError(
      `One request would sort on ${sortKeys} keys, more than ${MAX_SORT_KEYS} (max_sort_keys).`,
      'max_sort_keys',
      MAX_SORT_KEYS,
      sortKeys
    );
  }
}
