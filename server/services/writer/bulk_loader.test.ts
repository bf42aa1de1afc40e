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
      batchSize: 1,
      maxInFlight: 2,
      retryDeadlineMs: 1000,
      copiesTimeoutMs: 1000,
      logger,
    });
    loader.add([{ rowNumber: 0, source: { a: 1 } }]);
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
      batchSize: 1,
      maxInFlight: 2,
      retryDeadlineMs: 1000,
      copiesTimeoutMs: 1000,
      logger,
    });
    loader.add([{ rowNumber: 0, source: { a: 1 } }]);
    const settling = loader.settle();
    gates[0]('fail');
    await expect(settling).resolves.toBeUndefined();
    await expect(loader.finish()).rejects.toThrow('connection reset');
  });
});

describe('BulkLoader.ready', () => {
  it('waits while a full batch waits for a request slot, then lets the writer go on', async () => {
    const { client, gates, landed } = gatedClient();
    const loader = new BulkLoader({
      client,
      index: 'i',
      batchSize: 1,
      maxInFlight: 1,
      retryDeadlineMs: 1000,
      copiesTimeoutMs: 1000,
      logger,
    });
    loader.add([{ rowNumber: 0, source: { a: 1 } }]);
    await loader.ready();
    loader.add([{ rowNumber: 1, source: { a: 2 } }]);
    let ready = false;
    const waiting = loader.ready().then(() => (ready = true));
    await new Promise((r) => setImmediate(r));
    expect(ready).toBe(false);
    expect(gates).toHaveLength(1);
    gates[0]('ok');
    await waiting;
    // The queued batch went out as the slot freed.
    expect(gates).toHaveLength(2);
    gates[1]('ok');
    await loader.finish();
    expect(landed()).toBe(2);
  });
});

describe('BulkLoader retries and failures', () => {
  /** A `_bulk` endpoint answering each call with the next list of item statuses. */
  function scriptedClient(answers: Array<Array<{ status: number; reason?: string }>>) {
    const bodies: string[] = [];
    const params: Array<Record<string, unknown>> = [];
    const client = {
      bulk: async ({ index, body, ...rest }: { index: string; body: Buffer }) => {
        expect(index).toBe('lk__lookup');
        bodies.push(body.toString('utf8'));
        params.push(rest);
        const statuses = answers.shift() ?? [];
        return {
          body: {
            items: statuses.map(({ status, reason }) => ({
              index: { status, ...(reason ? { error: { reason } } : {}) },
            })),
          },
        };
      },
    } as unknown as OpenSearchClient;
    return { client, bodies, params };
  }
  const loaderOf = (client: OpenSearchClient, batchSize = 100) =>
    new BulkLoader({
      client,
      index: 'lk__lookup',
      batchSize,
      maxInFlight: 1,
      retryDeadlineMs: 5000,
      copiesTimeoutMs: 1000,
      logger,
    });

  it('gathers documents added in small groups into requests of batchSize, the last one partial', async () => {
    const { client, bodies } = scriptedClient([
      [{ status: 201 }, { status: 201 }, { status: 201 }],
      [{ status: 201 }, { status: 201 }, { status: 201 }],
      [{ status: 201 }],
    ]);
    const loader = loaderOf(client, 3);
    loader.add([
      { rowNumber: 0, source: { k: 'a' } },
      { rowNumber: 1, source: { k: 'b' } },
    ]);
    expect(bodies).toHaveLength(0);
    loader.add([
      { rowNumber: 2, id: 'id-c', source: { k: 'c' } },
      { rowNumber: 3, source: { k: 'd' } },
      { rowNumber: 4, source: { k: 'é' } },
      { rowNumber: 5, source: { k: 'f' } },
      { rowNumber: 6, source: { k: 'g' } },
    ]);
    await loader.finish();
    expect(loader.written).toBe(7);
    expect(bodies).toEqual([
      '{"index":{}}\n{"k":"a"}\n{"index":{}}\n{"k":"b"}\n{"index":{"_id":"id-c"}}\n{"k":"c"}\n',
      '{"index":{}}\n{"k":"d"}\n{"index":{}}\n{"k":"é"}\n{"index":{}}\n{"k":"f"}\n',
      '{"index":{}}\n{"k":"g"}\n',
    ]);
  });

  it('grows a batch past its first buffer without losing bytes', async () => {
    const { client, bodies } = scriptedClient([[{ status: 201 }, { status: 201 }]]);
    const loader = loaderOf(client, 2);
    const long = 'x'.repeat(700 * 1024);
    loader.add([{ rowNumber: 0, source: { k: long } }]);
    loader.add([{ rowNumber: 1, source: { k: `ü${long}` } }]);
    await loader.finish();
    expect(bodies).toEqual([`{"index":{}}\n{"k":"${long}"}\n{"index":{}}\n{"k":"ü${long}"}\n`]);
  });

  it('drops the open batch when a write stops early', async () => {
    const { client, bodies } = scriptedClient([]);
    const loader = loaderOf(client, 3);
    loader.add([{ rowNumber: 0, source: { k: 'a' } }]);
    await loader.settle();
    await loader.finish();
    expect(bodies).toHaveLength(0);
  });

  it('re-sends exactly the items rejected with 429, with their ids and bytes', async () => {
    const { client, bodies } = scriptedClient([
      [{ status: 201 }, { status: 429 }, { status: 201 }, { status: 429 }],
      [{ status: 201 }, { status: 201 }],
    ]);
    const loader = loaderOf(client);
    loader.add([
      { rowNumber: 0, source: { k: 'a' } },
      { rowNumber: 1, id: 'id-b', source: { k: 'ü', n: BigInt('9007199254740993') } },
      { rowNumber: 2, source: { k: 'c' } },
      { rowNumber: 3, source: { k: 'd' } },
    ]);
    await loader.finish();
    expect(loader.written).toBe(4);
    expect(bodies).toHaveLength(2);
    expect(bodies[1]).toBe(
      '{"index":{"_id":"id-b"}}\n{"k":"ü","n":9007199254740993}\n{"index":{}}\n{"k":"d"}\n'
    );
  });

  it('asks every copy to be active for each request, within copiesTimeoutMs', async () => {
    const { client, params } = scriptedClient([[{ status: 201 }]]);
    const loader = loaderOf(client);
    loader.add([{ rowNumber: 0, source: { k: 'a' } }]);
    await loader.finish();
    expect(params[0]).toMatchObject({ wait_for_active_shards: 'all', timeout: '1000ms' });
  });

  it('copies not active in time stop the write with 503 and the reason, not as a bad row', async () => {
    const reason =
      '[lk__lookup][0] Not enough active copies to meet shard count of [ALL] (have 1, needed 2)';
    const { client } = scriptedClient([[{ status: 201 }, { status: 503, reason }]]);
    const loader = loaderOf(client);
    loader.add([
      { rowNumber: 0, source: { k: 'a' } },
      { rowNumber: 1, source: { k: 'b' } },
    ]);
    const failure = loader.finish();
    await expect(failure).rejects.toMatchObject({ statusCode: 503 });
    await expect(failure).rejects.toThrow(
      `OpenSearch could not write rows to every copy of the lookup's index: ${reason}. Nothing was published.`
    );
  });

  it('names a refused row by its number, field, type and value', async () => {
    const { client } = scriptedClient([
      [
        { status: 201 },
        { status: 400, reason: 'failed to parse field [n] of type [long] in document' },
      ],
    ]);
    const loader = loaderOf(client);
    loader.add([
      { rowNumber: 10, source: { n: 1 } },
      { rowNumber: 11, source: { n: 'été' } },
    ]);
    await expect(loader.finish()).rejects.toThrow(
      'row 12: field "n" has type long in this lookup, but the row has a string ("été")'
    );
  });
});
