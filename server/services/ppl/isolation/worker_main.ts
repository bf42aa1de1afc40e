/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * The entry point of a query worker process (query_pool.ts forks it; query_worker.ts is the
 * work). It ends with its server: when the channel to it closes.
 */
import { serveQueries, type WorkerSettings } from './query_worker';
import { WORKER_SETTINGS_ENV } from './worker_env';

const send = process.send?.bind(process);
if (send) {
  const settings = JSON.parse(process.env[WORKER_SETTINGS_ENV] ?? '{}') as WorkerSettings;
  serveQueries(
    {
      postMessage: (message) => void send(message as never),
      on: (_event, listener) => process.on('message', listener),
    },
    settings
  );
  process.on('disconnect', () => process.exit(0));
}
