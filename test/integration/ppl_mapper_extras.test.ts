/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Field types of OpenSearch's mapper-extras module, which every distribution bundles (the test
 * node gets it from scripts/opensearch/modules.sh): `scaled_float` is a `double` in PPL, and a
 * mapping type the engine has no PPL type for (`token_count`) is left out of the source's columns,
 * as the real engine leaves out every unknown mapping type (OpenSearchDataType.parseMapping).
 * Expected values are read from the same documents with the admin client.
 */
import { apiPaths } from '../../common/api/paths';
import type { QueryRowsResponse } from '../../common/api/codecs';
import { callApi } from '../support/api';
import { adminClient, dropIndices, uniqueName } from '../support/cluster';
import { startTestHost, type TestHost } from '../support/host';
import { users } from '../support/users';

const admin = adminClient();
// web_logs* is readable by the writer; the suffix keeps it apart from the sample data.
const index = uniqueName('web_logs_extras');
let host: TestHost;

const run = (query: string) =>
  callApi<QueryRowsResponse & { message?: string }>(host.url, 'POST', apiPaths.query(), {
    caller: users.writer,
    body: { query, size: 10_000 },
  });

const documents = [
  { host: 'a', price: 12.345, words: 'three small words', tokens: 'one two' },
  { host: 'b', price: 0.5, words: 'one', tokens: 'one two three four' },
  { host: 'c', price: 7.004, words: 'two words', tokens: 'x' },
];

beforeAll(async () => {
  await admin.indices.create({
    index,
    body: {
      mappings: {
        properties: {
          host: { type: 'keyword' },
          price: { type: 'scaled_float', scaling_factor: 100 },
          words: { type: 'text', fields: { count: { type: 'token_count', analyzer: 'standard' } } },
          tokens: { type: 'token_count', analyzer: 'standard' },
        },
      },
    },
  });
  await admin.bulk({
    index,
    refresh: true,
    body: documents.flatMap((d) => [{ index: {} }, d]),
  });
  host = await startTestHost();
});
afterAll(async () => {
  await host?.stop();
  await dropIndices(admin, index);
});

it('a scaled_float is a double with the values the documents hold; a token_count is not a column', async () => {
  const res = await run(`source=${index} | sort host`);
  expect(res.status).toBe(200);
  // In the SQL plugin's order: a Java HashMap of the names it keeps (JDK 25 iterates it so).
  expect(res.body.schema).toEqual([
    { name: 'host', type: 'string' },
    { name: 'words', type: 'string' },
    { name: 'price', type: 'double' },
  ]);
  const { body } = await admin.search({ index, body: { sort: [{ host: 'asc' }] } });
  const sources = (body as { hits: { hits: Array<{ _source: (typeof documents)[number] }> } }).hits
    .hits;
  expect(res.body.datarows).toEqual(
    sources.map((h) => [h._source.host, h._source.words, h._source.price])
  );
});

it('a scaled_float aggregates as OpenSearch stores it, and filters alike pushed down or not', async () => {
  const agg = await run(`source=${index} | stats max(price) as top, min(price) as low`);
  expect(agg.status).toBe(200);
  const { body } = await admin.search({
    index,
    body: { size: 0, aggs: { top: { max: { field: 'price' } }, low: { min: { field: 'price' } } } },
  });
  const aggs = (body as { aggregations: Record<string, { value: number }> }).aggregations;
  expect(agg.body.datarows).toEqual([[aggs.top.value, aggs.low.value]]);

  // where on the field itself (pushed down) and on a computed copy (evaluated here) agree.
  const pushed = await run(`source=${index} | where price > 5 | sort host | fields host`);
  const computed = await run(
    `source=${index} | eval p = price + 0 | where p > 5 | sort host | fields host`
  );
  expect(pushed.status).toBe(200);
  expect(pushed.body.datarows).toEqual([['a'], ['c']]);
  expect(computed.body.datarows).toEqual(pushed.body.datarows);
});

it('naming a token_count field is an unknown field, as for any field the engine does not read', async () => {
  const res = await run(`source=${index} | fields host, tokens`);
  expect(res.status).toBe(400);
  expect(res.body.message).toMatch(/tokens/);
});
