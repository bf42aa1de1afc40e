/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/** How a worker process is told its settings (worker_main.ts reads it; query_pool.ts sets it). */
export const WORKER_SETTINGS_ENV = 'LOOKUPS_QUERY_WORKER_SETTINGS';
