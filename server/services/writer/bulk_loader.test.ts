/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

import type { Logger, OpenSearchClient } from 'opensearch-dashboards/server';
import { BulkLoader } from './bulk_loader';

/** A `_bulk` endpoint that answers only when the test lets it. */
function gatedClient() {
  const gates: Array<(outcome: 'ok' | 'fail') => void> = [];
  let landed = 0;
  const client = {
    bulk: () =>
      new Promise((resolve, reject) => {
        gates.push((outcome) => {
          if (outcome === 'fail') return reject(new Error('connection reset'));
          landed++;
          resolve({ body: { items: [{ index: { status: 201 } }] } });
        });
      }),
  } as unknown as OpenSearchClient;
  return { client, gates, landed: () => landed };
}

const logger = { warn: () => undefined, debug: () => undefined } as unknown as Logger;

describe('BulkLoader.settle', () => {
  it('answers only after the batch still in flight has landed', async () => {
    const { client, gates, landed } = gatedClient();
    const loader = new BulkLoader({
      client,
      index: 'i',
      maxInFlight: 2,
      retryDeadlineMs: 1000,
      logger,
    });
    await loader.add([{ rowNumber: 0, source: { a: 1 } }]);
    let settled = false;
    const settling = loader.settle().then(() => (settled = true));
    await new Promise((r) => setImmediate(r));
    expect(settled).toBe(false);
    gates[0]('ok');
    await settling;
    expect(landed()).toBe(1);
  });

  it('does not rethrow a failure of the batch it waits for', async () => {
    const { client, gates } = gatedClient();
    const loader = new BulkLoader({
      client,
      index: 'i',
      maxInFlight: 2,
      retryDeadlineMs: 1000,
      logger,
    });
    await loader.add([{ rowNumber: 0, source: { a: 1 } }]);
    const settling = loader.settle();
    gates[0]('fail');
    await expect(settling).resolves.toBeUndefined();
    await expect(loader.finish()).rejects.toThrow('connection reset');
  });
});
