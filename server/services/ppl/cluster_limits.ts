/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * The cluster's live limits on one request (request_bounds.ts), read as the ceiling is read (the
 * server's identity on the local cluster, a data source's own credentials there) and kept for a
 * short while in the plugin's services, so a busy server asks once a minute, not once a query.
 * A cluster that cannot be asked leaves the documented defaults in place.
 *
 * `index.max_terms_count` is an index setting (OpenSearch has no cluster-wide value for it): each
 * index has the default (65,536) unless it sets its own, and a terms query over the value of any
 * index it reaches fails that index's shards. So the limit for a source is the smallest of its
 * indices' values, each index's own or the default: read as the caller, only for a query that
 * sends a terms query, in one request for the explicit values alone. A caller who may not read
 * index settings (`indices:monitor/settings/get`) gets the default, and OpenSearch's own refusal
 * stays behind it for an index set lower.
 */
import type { Logger, OpenSearchClient } from 'opensearch-dashboards/server';
import { isOpenSearchResponseError } from '../../lib/errors';
import {
  CLAUSE_COUNT_SETTING,
  ClusterLimits,
  DEFAULT_CLUSTER_LIMITS,
  MAX_BUCKETS_SETTING,
  MAX_TERMS_COUNT_SETTING,
  TermsLimit,
} from './request_bounds';

export const CLUSTER_LIMITS_TTL_MS = 60_000;

type Tree = Record<string, unknown>;

/** A setting of a `GET _cluster/settings` answer (not flat): transient, then persistent, then default. */
function setting(body: unknown, name: string): number | undefined {
  for (const scope of ['transient', 'persistent', 'defaults']) {
    let node: unknown = (body as Tree | undefined)?.[scope];
    for (const part of name.split('.')) node = (node as Tree | undefined)?.[part];
    const n = Number(node);
    if (node !== undefined && Number.isInteger(n) && n > 0) return n;
  }
  return undefined;
}

export async function readClusterLimits(
  client: OpenSearchClient,
  logger: Logger
): Promise<ClusterLimits> {
  try {
    const { body } = await client.cluster.getSettings({
      include_defaults: true,
      filter_path: [`*.${CLAUSE_COUNT_SETTING}`, `*.${MAX_BUCKETS_SETTING}`],
    });
    return {
      ...DEFAULT_CLUSTER_LIMITS,
      maxClauseCount: setting(body, CLAUSE_COUNT_SETTING) ?? DEFAULT_CLUSTER_LIMITS.maxClauseCount,
      maxBuckets: setting(body, MAX_BUCKETS_SETTING) ?? DEFAULT_CLUSTER_LIMITS.maxBuckets,
    };
  } catch (error) {
    logger.warn(
      `could not read ${CLAUSE_COUNT_SETTING} and ${MAX_BUCKETS_SETTING}; using their defaults: ${(error as Error).message}`
    );
    return DEFAULT_CLUSTER_LIMITS;
  }
}

/**
 * The most values a terms query may hold on every one of `indices`: the smallest of their own
 * `index.max_terms_count` values, an index without one having `fallback` (the default). A
 * refusal from OpenSearch (no right to read settings) leaves `fallback`.
 */
export async function readMaxTermsCount(
  client: OpenSearchClient,
  indices: string[],
  fallback: number
): Promise<TermsLimit> {
  let body: unknown;
  try {
    ({ body } = await client.indices.getSettings({
      index: indices.join(','),
      name: MAX_TERMS_COUNT_SETTING,
      flat_settings: true,
    }));
  } catch (error) {
    // OpenSearch's answer, whatever it is (most often: no right to read settings), leaves the
    // default; a cancel or a lost connection is the query's own.
    if (isOpenSearchResponseError(error)) return { max: fallback };
    throw error;
  }
  // Each index's own value, or the default for one that sets none; the smallest is the limit.
  let limit: TermsLimit | undefined;
  for (const [index, entry] of Object.entries((body ?? {}) as Record<string, Tree>)) {
    const own = Number((entry?.settings as Tree | undefined)?.[MAX_TERMS_COUNT_SETTING]);
    const value: TermsLimit =
      Number.isInteger(own) && own >= 0 ? { max: own, index } : { max: fallback };
    if (limit === undefined || value.max < limit.max) limit = value;
  }
  return limit ?? { max: fallback };
}

/** One per plugin services (the local cluster's, each data source's). */
export class ClusterLimitsCache {
  private cached: { at: number; limits: Promise<ClusterLimits> } | undefined;

  constructor(
    private readonly logger: Logger,
    private readonly ttlMs = CLUSTER_LIMITS_TTL_MS,
    private readonly clock: () => number = Date.now
  ) {}

  read(client: OpenSearchClient): Promise<ClusterLimits> {
    const now = this.clock();
    if (this.cached === undefined || now - this.cached.at >= this.ttlMs) {
      this.cached = { at: now, limits: readClusterLimits(client, this.logger) };
    }
    return this.cached.limits;
  }
}
