/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * The query pool as `lookups.query.*` sets it. Defaults suit a 2-core Dashboards host: one
 * worker per core but the one the server's own event loop needs, and at least two, so one
 * user's heavy query never holds the only worker; 512 MiB of heap each (apart from the server's
 * own `--max-old-space-size`: see docs/query-isolation.md).
 */
import { availableParallelism } from 'os';
import type { Logger } from 'opensearch-dashboards/server';
import type { LookupsConfig } from '../../../config';
import { QueryPool, type WorkerScript } from './query_pool';

export function defaultWorkers(): number {
  return Math.max(2, availableParallelism() - 1);
}

export function queryPool(config: LookupsConfig, logger: Logger, script?: WorkerScript): QueryPool {
  const { query } = config;
  const maxHeapMb = query.worker_max_heap_mb;
  if (query.max_total_memory_bytes > maxHeapMb * 1024 * 1024 * 0.75) {
    logger.warn(
      `lookups.query.max_total_memory_bytes (${query.max_total_memory_bytes}) is near or over a worker's heap (lookups.query.worker_max_heap_mb: ${maxHeapMb} MiB): queries will be ended by the heap limit before the accounting can say which command asked too much`
    );
  }
  return new QueryPool({
    workers: query.workers ?? defaultWorkers(),
    maxHeapMb,
    perWorker: query.worker_max_queries,
    maxQueued: query.max_queued,
    // The accounting's pool within each worker; kept under the heap, its clear 400 comes before
    // the heap's hard end (which still holds when an operator sets it higher).
    memoryLimitBytes: query.max_total_memory_bytes,
    logger,
    ...(script ? { script } : {}),
  });
}
