/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Durable on 200: before a write publishes (or answers, for an append), every copy of the backing
 * index (the primary and each replica the index is configured with) holds the version's rows. The
 * `_bulk` requests already wait for every copy to be active (`wait_for_active_shards=all`) and an
 * acknowledged item is on every in-sync copy; this check closes the gap left by a copy that
 * failed, was dropped or is still being rebuilt after the rows went in: it refreshes, reads which
 * copies are started, and counts the version's rows on each copy by itself. A copy missing or
 * behind is waited for up to `copies_timeout_ms`; then the write fails with 503 and publishes
 * nothing. Everything runs as the caller (refresh, `indices:monitor/stats`, `_count`).
 */
import type { OpenSearchClient } from 'opensearch-dashboards/server';
import { sliceFilter } from '../../../common/substrate/alias_filter';
import {
  isOpenSearchResponseError,
  isUnreachable,
  LookupError,
  openSearchReason,
} from '../../lib/errors';

const POLL_MS = 500;

export class CopiesUnavailableError extends LookupError {
  constructor(message: string, attributes?: Record<string, unknown>) {
    super(503, message, attributes);
  }
}

interface ShardCopy {
  routing: { state: string; primary: boolean; node: string };
}

/** What the copies hold right now: nothing missing, or what is. */
async function copiesState(
  client: OpenSearchClient,
  index: string,
  slice: string,
  expectedRows: number | undefined
): Promise<{ ok: true; copies: number } | { ok: false; problem: string }> {
  // `_shards.total` counts every configured copy, unassigned ones too: fewer successful means a
  // copy is missing (unassigned, initialising or failed).
  const { body: refreshed } = await client.indices.refresh({ index });
  const shards = (refreshed as { _shards: { total: number; successful: number } })._shards;
  if (shards.successful < shards.total) {
    return {
      ok: false,
      problem: `${shards.total - shards.successful} of the index's ${shards.total} copies are not active`,
    };
  }
  const { body: stats } = await client.indices.stats({ index, level: 'shards', metric: 'docs' });
  const byShard = (stats as { indices: Record<string, { shards: Record<string, ShardCopy[]> }> })
    .indices[index].shards;
  let total: number | undefined;
  let copies = 0;
  for (const [shard, all] of Object.entries(byShard)) {
    const active = all.filter(
      (c) => c.routing.state === 'STARTED' || c.routing.state === 'RELOCATING'
    );
    const counts = new Set<number>();
    for (const copy of active) {
      const { body } = await client.count({
        index,
        preference: `_shards:${shard}|_only_nodes:${copy.routing.node}`,
        body: { query: { bool: { filter: [sliceFilter(slice)] } } },
      });
      counts.add((body as { count: number }).count);
      copies++;
    }
    if (counts.size > 1) {
      return {
        ok: false,
        problem: `the copies of shard ${shard} hold ${[...counts].join(' and ')} rows of this version`,
      };
    }
    total = (total ?? 0) + (counts.values().next().value ?? 0);
  }
  if (expectedRows !== undefined && total !== expectedRows) {
    return { ok: false, problem: `the copies hold ${total ?? 0} of its ${expectedRows} rows` };
  }
  // A replica still recovering (or a relocation's target) is counted by the refresh, not here.
  if (copies < shards.total) {
    return {
      ok: false,
      problem: `${shards.total - copies} of its ${shards.total} copies are still recovering`,
    };
  }
  return { ok: true, copies };
}

/**
 * A node lost while the copies are read (a `_count` sent to a node that has just gone, a refresh or
 * stats call failing while a primary moves) is a copy not there yet, waited for like any other;
 * only a refusal of the caller's rights (401/403) ends the wait at once.
 */
async function copiesStateOrProblem(
  ...args: Parameters<typeof copiesState>
): ReturnType<typeof copiesState> {
  try {
    return await copiesState(...args);
  } catch (error) {
    const status = isOpenSearchResponseError(error) ? error.meta.statusCode : undefined;
    const name = (error as { name?: string } | null)?.name;
    const transient =
      (status !== undefined && status !== 401 && status !== 403) || isUnreachable(name);
    if (!transient) throw error;
    const reason = isOpenSearchResponseError(error) ? openSearchReason(error) : String(error);
    return { ok: false, problem: `reading the copies failed (${reason})` };
  }
}

/**
 * Resolves once every copy of `index` holds the same rows of `slice` (and `expectedRows` of them,
 * for a new version); throws CopiesUnavailableError after `timeoutMs`.
 */
export async function awaitEveryCopy(
  client: OpenSearchClient,
  index: string,
  slice: string,
  options: { expectedRows?: number; timeoutMs: number; signal?: AbortSignal }
): Promise<number> {
  const deadline = Date.now() + options.timeoutMs;
  for (;;) {
    const state = await copiesStateOrProblem(client, index, slice, options.expectedRows);
    if (state.ok) return state.copies;
    if (Date.now() + POLL_MS > deadline || options.signal?.aborted) {
      throw new CopiesUnavailableError(
        `Not every copy of the lookup's index holds the rows after ${Math.round(options.timeoutMs / 1000)} s: ${state.problem}. ` +
          'Nothing was published. Write again once the cluster is green (every replica assigned), ' +
          'or lower the lookup index replicas (lookups.backing_index.auto_expand_replicas).',
        { reason: state.problem }
      );
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}
