/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/* The entry point of a query worker thread (query_pool.ts starts it; query_worker.ts is the work). */
import { parentPort, workerData } from 'worker_threads';
import { serveQueries, type WorkerSettings } from './query_worker';

if (parentPort) serveQueries(parentPort, workerData as WorkerSettings);
