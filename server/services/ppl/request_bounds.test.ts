/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * The bounds on what the engine asks of OpenSearch, refused while planning: `_explain` says so as
 * `_query` does, with a 400 naming the limit, and nothing is sent past planning. Runs the query
 * service over a fake client that answers a mapping and records every search.
 */
import type { Logger, OpenSearchClient } from 'opensearch-dashboards/server';
import { parsePpl } from '../../../common/ppl/parser';
import type { SortCommand } from '../../../common/ppl/ast';
import type { Ceiling } from '../ceiling';
import { QueryService } from './query_service';
import {
  aggregationDepth,
  checkSearch,
  countBuckets,
  countClauses,
  DEFAULT_CLUSTER_LIMITS,
  distinctSortKeys,
  MAX_SORT_KEYS,
  RequestBoundError,
} from './request_bounds';

const logger = { error: jest.fn(), warn: jest.fn(), info: jest.fn(), debug: jest.fn() };
const ceiling: Ceiling = { maxRows: 100_000, setting: 'lookups.max_rows' };

const FIELDS = Array.from({ length: 40 }, (_, i) => `f${i}`);

/** A mapping of 40 keyword fields; every search is recorded and answers no hits. */
function fakeClient() {
  const searches: Array<Record<string, unknown>> = [];
  const client = {
    indices: {
      getMapping: async () => ({
        body: {
          idx: {
            mappings: {
              properties: Object.fromEntries(FIELDS.map((f) => [f, { type: 'keyword' }])),
            },
          },
        },
      }),
      // No index sets its own index.max_terms_count (terms_count.test.ts tests those that do).
      getSettings: async () => ({ body: { idx: { settings: {} } } }),
    },
    createPit: async () => ({ body: { pit_id: 'pit' } }),
    search: async (params: { body: Record<string, unknown> }) => {
      searches.push(params.body);
      return { body: { _shards: { failed: 0 }, hits: { hits: [] } } };
    },
    deletePit: async () => ({ body: {} }),
    count: async () => ({ body: { count: 0 } }),
  };
  return { client: client as unknown as OpenSearchClient, searches };
}

function service(client: OpenSearchClient, maxClauseCount = DEFAULT_CLUSTER_LIMITS.maxClauseCount) {
  return new QueryService({
    client,
    config: { bulk_batch_size: 1000 } as never,
    ceiling,
    logger: logger as unknown as Logger,
    clusterLimits: async () => ({ ...DEFAULT_CLUSTER_LIMITS, maxClauseCount }),
  });
}

const sortOn = (keys: string[]) => `source=idx | sort ${keys.join(', ')}`;

describe('sort keys', () => {
  it('repeats are dropped: a sort on one field written 1,000 times sends one key', async () => {
    const { client, searches } = fakeClient();
    const text = sortOn(Array.from({ length: 1000 }, (_, i) => (i % 2 ? '- f0' : 'f0')));
    const explained = await service(client).explain(text);
    expect(explained.request).toMatchObject({
      sort: [{ f0: { order: 'asc', missing: '_first', unmapped_type: 'keyword' } }],
    });
    await service(client).run(text);
    expect(searches.map((s) => (s.sort as unknown[]).length)).toEqual([2]); // + _shard_doc
  });

  it.each(['explain', 'run'] as const)(
    '%s refuses more than 32 distinct keys with a 400 naming the limit, sending nothing',
    async (verb) => {
      const { client, searches } = fakeClient();
      const text = sortOn(FIELDS.slice(0, 33));
      await expect(service(client)[verb](text)).rejects.toMatchObject({
        statusCode: 400,
        message: expect.stringMatching(
          /^sort takes at most 32 distinct keys, and this one has 33 \(max_sort_keys\)\. .* \(line 1, column 14\)$/
        ),
        attributes: expect.objectContaining({
          reason: 'request_bound',
          limit: 'max_sort_keys',
          max: 32,
          found: 33,
        }),
      });
      expect(searches).toEqual([]);
    }
  );

  it('a sort in the server is bounded the same way', async () => {
    const { client } = fakeClient();
    const keys = FIELDS.slice(0, 33).map((f) => `${f}2`);
    const text = `source=idx | eval ${FIELDS.slice(0, 33)
      .map((f) => `${f}2 = ${f}`)
      .join(', ')} | sort ${keys.join(', ')}`;
    await expect(service(client).explain(text)).rejects.toMatchObject({
      statusCode: 400,
      attributes: expect.objectContaining({ limit: 'max_sort_keys', found: 33 }),
    });
  });

  it('32 keys run', async () => {
    const { client } = fakeClient();
    await expect(service(client).explain(sortOn(FIELDS.slice(0, 32)))).resolves.toBeDefined();
  });

  it('a key is a repeat when it names the same field compared the same way', () => {
    const parsed = parsePpl('source=x | sort a, - a, num(a), b, str(a), num(a)');
    if (!parsed.ok) throw new Error(parsed.error.message);
    const keys = (parsed.query.commands[0] as SortCommand).keys;
    expect(distinctSortKeys(keys).map((k) => `${k.as ?? ''}(${k.field.name})`)).toEqual([
      '(a)',
      'num(a)',
      '(b)',
      'str(a)',
    ]);
    expect(MAX_SORT_KEYS).toBe(32);
  });
});

describe('query clauses', () => {
  const ors = (field: string, n: number) =>
    Array.from({ length: n }, (_, i) => `${field} = "v${i}"`).join(' OR ');

  it('a chain of ORs is one bool, its leaves counted', async () => {
    const { client } = fakeClient();
    const explained = await service(client).explain(`source=idx | where ${ors('f0', 3)}`);
    expect(explained.request).toMatchObject({
      query: {
        bool: {
          filter: [
            {
              bool: {
                should: [{ term: { f0: 'v0' } }, { term: { f0: 'v1' } }, { term: { f0: 'v2' } }],
                minimum_should_match: 1,
              },
            },
          ],
        },
      },
    });
  });

  it('more leaves than indices.query.bool.max_clause_count are refused while planning', async () => {
    const { client, searches } = fakeClient();
    const text = `source=idx | where ${ors('f0', 600)} | where ${ors('f1', 600)}`;
    await expect(service(client).explain(text)).rejects.toMatchObject({
      statusCode: 400,
      message: expect.stringMatching(
        /^The filters would send OpenSearch a query of 1200 clauses, over its limit of 1024 \(indices\.query\.bool\.max_clause_count\)\. Write a long list of values as field IN/
      ),
      attributes: expect.objectContaining({
        limit: 'indices.query.bool.max_clause_count',
        max: 1024,
        found: 1200,
      }),
    });
    expect(searches).toEqual([]);
  });

  it("the cluster's own value is the limit", async () => {
    const { client } = fakeClient();
    const text = `source=idx | where ${ors('f0', 20)}`;
    await expect(service(client, 10).explain(text)).rejects.toMatchObject({
      attributes: expect.objectContaining({ max: 10, found: 20 }),
    });
    await expect(service(client, 20).explain(text)).resolves.toBeDefined();
  });

  it('a list of values with IN is one clause', async () => {
    const { client } = fakeClient();
    const values = Array.from({ length: 5000 }, (_, i) => `"v${i}"`).join(', ');
    await expect(
      service(client).explain(`source=idx | where f0 in (${values})`)
    ).resolves.toBeDefined();
  });

  it('counts the leaves of compound queries', () => {
    expect(countClauses({ match_all: {} })).toBe(1);
    expect(
      countClauses({
        bool: {
          filter: [{ term: { a: 1 } }, { bool: { should: [{ term: { b: 1 } }, { range: {} }] } }],
          must_not: { exists: { field: 'c' } },
        },
      })
    ).toBe(4);
    expect(countClauses({ constant_score: { filter: { terms: { a: [1, 2, 3] } } } })).toBe(1);
  });
});

describe('aggregations and sizes', () => {
  it('composite pages are at most search.max_buckets groups', async () => {
    const { client, searches } = fakeClient();
    const svc = new QueryService({
      client,
      config: { bulk_batch_size: 5000 } as never,
      ceiling,
      logger: logger as unknown as Logger,
      clusterLimits: async () => ({ ...DEFAULT_CLUSTER_LIMITS, maxBuckets: 100 }),
    });
    (client as unknown as { search: unknown }).search = async (params: {
      body: Record<string, unknown>;
    }) => {
      searches.push(params.body);
      return { body: { aggregations: { groups: { buckets: [] } } } };
    };
    await svc.run('source=idx | stats count() by f0');
    expect(searches).toHaveLength(1);
    expect(searches[0]).toMatchObject({ aggs: { groups: { composite: { size: 100 } } } });
  });

  it('buckets multiply down the tree, metrics add none', () => {
    expect(
      countBuckets({
        groups: { composite: { size: 500, sources: [] }, aggs: { a0: { avg: { field: 'x' } } } },
      })
    ).toBe(500);
    expect(
      countBuckets({
        t: { terms: { field: 'a', size: 10 }, aggs: { u: { terms: { field: 'b', size: 20 } } } },
      })
    ).toBe(210);
    expect(
      countBuckets({ f: { filter: {}, aggs: { p: { filters: { filters: { a: {}, b: {} } } } } } })
    ).toBe(3);
    expect(aggregationDepth({ f: { filter: {}, aggs: { p: { filters: {} } } } })).toBe(2);
  });

  it.each([
    [{ aggs: { t: { terms: { field: 'a', size: 70_000 } } } }, 'search.max_buckets', 70_000],
    [
      {
        aggs: {
          a: {
            filter: {},
            aggs: { b: { filter: {}, aggs: { c: { filter: {}, aggs: { d: { avg: {} } } } } } },
          },
        },
      },
      'max_aggregation_depth',
      4,
    ],
    [{ size: 10_001 }, 'index.max_result_window', 10_001],
    [{ sort: Array.from({ length: 33 }, () => ({})) }, 'max_sort_keys', 33],
  ])('a request over a bound is refused naming it (%#)', (request, limit, found) => {
    let error: unknown;
    try {
      checkSearch(request, DEFAULT_CLUSTER_LIMITS);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(RequestBoundError);
    expect(error).toMatchObject({ statusCode: 400, attributes: { limit, found } });
    expect((error as Error).message).toContain(limit);
  });

  it("the engine's own requests are inside every bound", () => {
    expect(() =>
      checkSearch(
        { query: { match_all: {} }, size: 10_000, sort: [{}], aggs: {} },
        DEFAULT_CLUSTER_LIMITS
      )
    ).not.toThrow();
  });
});
