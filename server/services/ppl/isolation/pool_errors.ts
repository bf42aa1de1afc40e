/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/* How a query ends when its worker does, or when the pool has no room. */
import { LookupError } from '../../../lib/errors';

export const WORKERS_SETTING = 'lookups.query.workers';
export const WORKER_HEAP_SETTING = 'lookups.query.worker_max_heap_mb';
export const MAX_QUEUED_SETTING = 'lookups.query.max_queued';

/** The worker running the query went over its heap: the query asked for too much. */
export class QueryWorkerMemoryError extends LookupError {
  constructor(heapMb: number) {
    super(
      400,
      `The query needed more memory than a query worker has (${heapMb} MiB, set by ${WORKER_HEAP_SETTING}), so it was stopped; nothing was written. ` +
        'Filter earlier, keep fewer rows or fields, or aggregate before lookup, join or mv functions; or ask an operator to raise the setting.',
      { reason: 'query_worker_memory_exceeded', setting: WORKER_HEAP_SETTING, max_heap_mb: heapMb }
    );
  }
}

/** Another query on the same worker ended it: this one did nothing wrong and may run again. */
export class QueryWorkerRestartedError extends LookupError {
  constructor(cause: string) {
    super(
      503,
      `The query was stopped because its worker was ended (${cause}, by another query it shared the worker with); nothing was written. Run it again.`,
      { reason: 'query_worker_restarted' }
    );
  }
}

/** Every worker is busy and the queue in front of them is full. */
export class QueryPoolBusyError extends LookupError {
  constructor(queued: number) {
    super(
      429,
      `The server is running as many queries as it may, with ${queued} more waiting (${MAX_QUEUED_SETTING}). Try again shortly.`,
      { reason: 'query_pool_busy', setting: MAX_QUEUED_SETTING, max_queued: queued }
    );
  }
}
