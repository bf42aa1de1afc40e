/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/* A stand-in query worker for query_pool.test.ts: echoes a query's text, never ends `spin`. */
import { Rpc } from './protocol';

const send = process.send?.bind(process);
if (send) {
  new Rpc(
    { postMessage: (m) => void send(m as never), on: (_e, l) => process.on('message', l) },
    () => undefined
  ).handle('query', ({ text }: { text: string }) => {
    if (text === 'spin') for (;;);
    return { echoed: text };
  });
  process.on('disconnect', () => process.exit(0));
}
