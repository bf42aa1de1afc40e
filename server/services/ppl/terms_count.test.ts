/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * A list of values (`IN (…)`, one terms query) is refused while planning when it is longer than
 * `index.max_terms_count`, the smallest value of the source's indices (each its own, or the
 * default), with our message: `_explain` as `_query`, nothing searched. Runs the query service
 * over a fake client that answers a mapping and the indices' settings and records every search.
 */
import type { Logger, OpenSearchClient } from 'opensearch-dashboards/server';
import type { Ceiling } from '../ceiling';
import { QueryService } from './query_service';
import {
  checkTermsCount,
  DEFAULT_CLUSTER_LIMITS,
  largestTermsCount,
  MAX_TERMS_COUNT_SETTING,
  RequestBoundError,
} from './request_bounds';
import { readMaxTermsCount } from './cluster_limits';

const logger = { error: jest.fn(), warn: jest.fn(), info: jest.fn(), debug: jest.fn() };
const ceiling: Ceiling = { maxRows: 100_000, setting: 'lookups.max_rows' };

type Settings = Record<string, Record<string, string>> | Error;

/** Two indices of a keyword and a long field; `settings` is what `_settings` answers. */
function fakeClient(settings: Settings = { idx: {}, idx2: {} }) {
  const searches: Array<Record<string, unknown>> = [];
  const settingsAsked: Array<Record<string, unknown>> = [];
  const mapping = { mappings: { properties: { host: { type: 'keyword' }, n: { type: 'long' } } } };
  const client = {
    indices: {
      getMapping: async () => ({ body: { idx: mapping, idx2: mapping } }),
      getSettings: async (params: Record<string, unknown>) => {
        settingsAsked.push(params);
        if (settings instanceof Error) throw settings;
        return {
          body: Object.fromEntries(
            Object.entries(settings).map(([index, own]) => [index, { settings: own }])
          ),
        };
      },
    },
    createPit: async () => ({ body: { pit_id: 'pit' } }),
    search: async (params: { body: Record<string, unknown> }) => {
      searches.push(params.body);
      return { body: { _shards: { failed: 0 }, hits: { hits: [] } } };
    },
    deletePit: async () => ({ body: {} }),
    count: async () => ({ body: { count: 0 } }),
  };
  return { client: client as unknown as OpenSearchClient, searches, settingsAsked };
}

const service = (client: OpenSearchClient) =>
  new QueryService({
    client,
    config: { bulk_batch_size: 1000 } as never,
    ceiling,
    logger: logger as unknown as Logger,
    clusterLimits: async () => DEFAULT_CLUSTER_LIMITS,
  });

const list = (n: number) => Array.from({ length: n }, (_, i) => i).join(',');
const inQuery = (n: number, not = '') =>
  `source=idx,idx2 | where host = "a" AND n ${not}IN (${list(n)})`;
/** Where the IN condition starts in {@link inQuery}: the refusal points at it. */
const IN_COLUMN = 'source=idx,idx2 | where host = "a" AND '.length + 1;
/** A 403 as opensearch-js gives it. */
const forbidden = () =>
  Object.assign(new Error('no permissions for [indices:monitor/settings/get]'), {
    name: 'ResponseError',
    meta: { statusCode: 403, body: { error: { type: 'security_exception' } }, headers: {} },
  });

describe('terms counts', () => {
  it.each(['explain', 'run'] as const)(
    '%s refuses a list of 100,000 values over the default, naming the count, the limit, the setting and the way out',
    async (verb) => {
      const { client, searches } = fakeClient();
      await expect(service(client)[verb](inQuery(100_000))).rejects.toMatchObject({
        statusCode: 400,
        message:
          'The filter would send OpenSearch a list of 100000 values to match (field IN (…) is one terms query), ' +
          "over OpenSearch's limit of 65536 (index.max_terms_count, the default for an index that does not set it). " +
          'Put the values in a lookup (outputlookup, or an import) and keep the rows it matches: ' +
          '| lookup <lookup> <field> OUTPUT <field> AS listed | where isnotnull(listed). Or send a shorter list. ' +
          `(line 1, column ${IN_COLUMN})`,
        attributes: expect.objectContaining({
          reason: 'request_bound',
          limit: MAX_TERMS_COUNT_SETTING,
          max: 65_536,
          found: 100_000,
        }),
      });
      expect(searches).toEqual([]);
    }
  );

  it('takes a list as long as the default, and NOT IN counts the same', async () => {
    const { client } = fakeClient();
    await expect(service(client).explain(inQuery(65_536))).resolves.toBeDefined();
    await expect(service(client).explain(inQuery(65_537, 'NOT '))).rejects.toMatchObject({
      attributes: expect.objectContaining({ limit: MAX_TERMS_COUNT_SETTING, found: 65_537 }),
    });
  });

  it('the smallest value among the indices is the limit, named with its index', async () => {
    const { client, settingsAsked } = fakeClient({
      idx: { [MAX_TERMS_COUNT_SETTING]: '100' },
      idx2: { [MAX_TERMS_COUNT_SETTING]: '10' },
    });
    await expect(service(client).explain(inQuery(10))).resolves.toBeDefined();
    await expect(service(client).run(inQuery(11))).rejects.toMatchObject({
      statusCode: 400,
      message: expect.stringContaining(
        'over the limit of 10 that the index "idx2" sets (index.max_terms_count)'
      ),
      attributes: expect.objectContaining({ max: 10, found: 11 }),
    });
    // Asked as the caller, for the explicit values only, of the source's indices.
    expect(settingsAsked[0]).toMatchObject({ index: 'idx,idx2', name: MAX_TERMS_COUNT_SETTING });
  });

  it('an index that raises its own value does not raise another that keeps the default', async () => {
    const raisedOne = fakeClient({ idx: { [MAX_TERMS_COUNT_SETTING]: '200000' }, idx2: {} });
    await expect(service(raisedOne.client).explain(inQuery(100_000))).rejects.toMatchObject({
      attributes: expect.objectContaining({ max: 65_536 }),
    });
    const raisedBoth = fakeClient({
      idx: { [MAX_TERMS_COUNT_SETTING]: '200000' },
      idx2: { [MAX_TERMS_COUNT_SETTING]: '150000' },
    });
    await expect(service(raisedBoth.client).explain(inQuery(100_000))).resolves.toBeDefined();
  });

  it('a caller who may not read settings gets the default', async () => {
    const { client } = fakeClient(forbidden());
    await expect(service(client).explain(inQuery(65_536))).resolves.toBeDefined();
    await expect(service(client).explain(inQuery(65_537))).rejects.toMatchObject({
      attributes: expect.objectContaining({ max: 65_536, found: 65_537 }),
    });
  });

  it('asks nothing of a query that sends no list, nor of a list evaluated in the server', async () => {
    const { client, settingsAsked } = fakeClient();
    await service(client).explain('source=idx | where host = "a" | stats count() by host');
    // After a sort, the where runs in the server: no terms query is sent.
    await service(client).explain(`source=idx | sort n | head 5 | where n IN (${list(100_000)})`);
    expect(settingsAsked).toEqual([]);
  });
});

describe('largestTermsCount', () => {
  it('finds the longest list in any compound query, each terms query on its own', () => {
    const query = {
      bool: {
        filter: [
          { terms: { a: [1, 2, 3], boost: 2 } },
          { bool: { must_not: [{ terms: { b: [1, 2, 3, 4] } }] } },
          { constant_score: { filter: { terms: { c: [1, 2, 3, 4, 5] } } } },
        ],
        should: [{ term: { d: 1 } }],
      },
    };
    expect(largestTermsCount(query)).toBe(5);
    expect(largestTermsCount({ match_all: {} })).toBe(0);
  });

  it('refuses only over the limit', () => {
    expect(() => checkTermsCount(10, { max: 10 })).not.toThrow();
    expect(() => checkTermsCount(11, { max: 10, index: 'i' })).toThrow(RequestBoundError);
  });
});

describe('readMaxTermsCount', () => {
  it('is the smallest of each index its own value or the default', async () => {
    const read = (settings: Settings) =>
      readMaxTermsCount(fakeClient(settings).client, ['x'], 65_536);
    await expect(read({ a: {}, b: {} })).resolves.toEqual({ max: 65_536 });
    await expect(read({ a: { [MAX_TERMS_COUNT_SETTING]: '7' }, b: {} })).resolves.toEqual({
      max: 7,
      index: 'a',
    });
    await expect(read({})).resolves.toEqual({ max: 65_536 });
    await expect(read(forbidden())).resolves.toEqual({ max: 65_536 });
  });

  it('a cancel or a lost connection is not taken for a refusal', async () => {
    const lost = Object.assign(new Error('socket hang up'), { name: 'ConnectionError' });
    await expect(readMaxTermsCount(fakeClient(lost).client, ['x'], 65_536)).rejects.toThrow(
      'socket hang up'
    );
  });
});
