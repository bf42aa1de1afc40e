/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

import type { OpenSearchClient } from 'opensearch-dashboards/server';
import { awaitEveryCopy, CopiesUnavailableError } from './copies';

/** What the opensearch-js client throws for a non-2xx answer. */
function responseError(statusCode: number, reason: string) {
  return Object.assign(new Error(reason), {
    name: 'ResponseError',
    meta: { statusCode, body: { error: { reason } } },
  });
}

/** One shard with a primary on n1 and a replica on n2, each holding `rows`; `count` may fail first. */
function twoCopies(rows: number, failCounts: Array<Error>) {
  const counted: string[] = [];
  const client = {
    indices: {
      refresh: async () => ({ body: { _shards: { total: 2, successful: 2 } } }),
      stats: async () => ({
        body: {
          indices: {
            idx: {
              shards: {
                '0': [
                  { routing: { state: 'STARTED', primary: true, node: 'n1' } },
                  { routing: { state: 'STARTED', primary: false, node: 'n2' } },
                ],
              },
            },
          },
        },
      }),
    },
    count: async ({ preference }: { preference: string }) => {
      const failure = failCounts.shift();
      if (failure) throw failure;
      counted.push(preference);
      return { body: { count: rows } };
    },
  } as unknown as OpenSearchClient;
  return { client, counted };
}

describe('awaitEveryCopy', () => {
  it('waits through a node lost while its copy is counted, then answers with both copies', async () => {
    const { client, counted } = twoCopies(5, [
      responseError(400, 'no data nodes with criteria [n2] found for shard: [idx][0]'),
    ]);
    await expect(
      awaitEveryCopy(client, 'idx', 'slice-1', { expectedRows: 5, timeoutMs: 5_000 })
    ).resolves.toBe(2);
    expect(counted).toEqual(['_shards:0|_only_nodes:n1', '_shards:0|_only_nodes:n2']);
  });

  it('past the timeout, a 503 that names what reading the copies met, not the raw error', async () => {
    const lost = responseError(500, 'node_disconnected_exception');
    const { client } = twoCopies(
      5,
      Array.from({ length: 50 }, () => lost)
    );
    const waited = awaitEveryCopy(client, 'idx', 'slice-1', { expectedRows: 5, timeoutMs: 600 });
    await expect(waited).rejects.toBeInstanceOf(CopiesUnavailableError);
    await expect(waited).rejects.toThrow(/node_disconnected_exception.*Nothing was published/);
  });

  it("ends at once when OpenSearch refuses the caller's rights", async () => {
    const { client } = twoCopies(5, [
      responseError(403, 'no permissions for [indices:monitor/stats]'),
    ]);
    await expect(
      awaitEveryCopy(client, 'idx', 'slice-1', { expectedRows: 5, timeoutMs: 60_000 })
    ).rejects.toThrow(/no permissions/);
  });
});
