/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Every request a query sends carries the time left to it and is sent once; a search that timed
 * out part way, or a request the transport gave up on, ends the query with a 504 rather than
 * passing partial results for complete. Clean-up still runs after the deadline.
 */
import type { OpenSearchClient } from 'opensearch-dashboards/server';
import { OpenSearchTimeoutError, QueryBudget, QueryTimeoutError } from './budget';
import { boundedClient } from './bounded_client';

interface Sent {
  api: string;
  params: unknown;
  options: Record<string, unknown>;
}

function recording(answer: (api: string) => unknown = () => ({ body: {} })) {
  const sent: Sent[] = [];
  const api =
    (name: string) =>
    async (params: unknown, options: Record<string, unknown> = {}) => {
      sent.push({ api: name, params, options });
      const a = answer(name);
      if (a instanceof Error) throw a;
      return a;
    };
  const client = {
    search: api('search'),
    count: api('count'),
    deletePit: api('deletePit'),
    indices: { getMapping: api('getMapping') },
  };
  return { client: client as unknown as OpenSearchClient, sent };
}

function clock(start = 0) {
  let now = start;
  return { now: () => now, set: (t: number) => (now = t) };
}

describe('a query’s requests', () => {
  it('carry the time left, both to the transport and to a search, and are not retried', async () => {
    const time = clock();
    const budget = new QueryBudget({ timeoutMs: 30_000 }, { now: time.now });
    const { client, sent } = recording();
    const bounded = boundedClient(client, budget);
    time.set(10_000);
    await bounded.search({ index: 'x', body: { query: { match_all: {} } } });
    await bounded.indices.getMapping({ index: 'x' });
    await bounded.count({ index: 'x', body: { query: {} } }, { requestTimeout: 5_000 });
    expect(sent).toEqual([
      {
        api: 'search',
        params: { index: 'x', body: { query: { match_all: {} }, timeout: '20000ms' } },
        options: { requestTimeout: 20_000, maxRetries: 0 },
      },
      {
        api: 'getMapping',
        params: { index: 'x' },
        options: { requestTimeout: 20_000, maxRetries: 0 },
      },
      {
        api: 'count',
        params: { index: 'x', body: { query: {} } },
        options: { requestTimeout: 5_000, maxRetries: 0 },
      },
    ]);
  });

  it('past the deadline nothing more is sent, but a point in time is still closed', async () => {
    const time = clock();
    const budget = new QueryBudget({ timeoutMs: 1_000 }, { now: time.now });
    const { client, sent } = recording();
    const bounded = boundedClient(client, budget);
    time.set(1_001);
    await expect(bounded.search({ body: {} })).rejects.toBeInstanceOf(QueryTimeoutError);
    await bounded.deletePit({ body: { pit_id: ['p'] } });
    expect(sent.map((s) => [s.api, s.options.requestTimeout])).toEqual([['deletePit', 10_000]]);
  });

  it('a search that timed out part way is a 504, not partial results', async () => {
    const budget = new QueryBudget({ timeoutMs: 1_000 });
    const { client } = recording(() => ({ body: { timed_out: true, hits: { hits: [] } } }));
    const run = boundedClient(client, budget).search({ body: {} });
    await expect(run).rejects.toBeInstanceOf(OpenSearchTimeoutError);
    await expect(run).rejects.toMatchObject({
      statusCode: 504,
      message: expect.stringMatching(
        /^OpenSearch did not answer within the query's time limit of 1 s \(lookups\.query\.timeout\)\./
      ),
      attributes: {
        reason: 'opensearch_timeout',
        setting: 'lookups.query.timeout',
        timeout_ms: 1000,
      },
    });
  });

  it('a request the transport gave up on is a 504 naming the setting', async () => {
    const budget = new QueryBudget({
      timeoutMs: 60_000,
      timeoutSetting: 'lookups.query.write_timeout',
    });
    const timeout = Object.assign(new Error('Request timed out'), { name: 'TimeoutError' });
    const { client } = recording(() => timeout);
    await expect(boundedClient(client, budget).count({})).rejects.toMatchObject({
      statusCode: 504,
      attributes: { setting: 'lookups.query.write_timeout' },
    });
  });

  it('other errors pass unchanged (a 429 is the caller’s to answer, once)', async () => {
    const budget = new QueryBudget();
    const rejected = Object.assign(new Error('circuit_breaking_exception'), {
      name: 'ResponseError',
      meta: { statusCode: 429 },
    });
    const { client, sent } = recording(() => rejected);
    await expect(boundedClient(client, budget).search({ body: {} })).rejects.toBe(rejected);
    expect(sent).toHaveLength(1);
  });
});
