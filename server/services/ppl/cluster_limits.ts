/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * The cluster's live limits on one request (request_bounds.ts), read as the ceiling is read (the
 * server's identity on the local cluster, a data source's own credentials there) and kept for a
 * short while in the plugin's services, so a busy server asks once a minute, not once a query.
 * A cluster that cannot be asked leaves the documented defaults in place.
 */
import type { Logger, OpenSearchClient } from 'opensearch-dashboards/server';
import {
  CLAUSE_COUNT_SETTING,
  ClusterLimits,
  DEFAULT_CLUSTER_LIMITS,
  MAX_BUCKETS_SETTING,
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
