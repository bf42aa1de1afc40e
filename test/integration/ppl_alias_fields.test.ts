/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Alias fields (OpenSearch's `alias` mapping type) as the SQL plugin reads them
 * (OpenSearchAliasType): a column of its target's type holding its target's values, which
 * `_source` does not hold; filters, sorts and groups on it reach the target. Expected values are
 * the documents' own.
 */
import { apiPaths } from '../../common/api/paths';
import type { QueryRowsResponse } from '../../common/api/codecs';
import { callApi } from '../support/api';
import { adminClient, dropIndices, uniqueName } from '../support/cluster';
import { startTestHost, type TestHost } from '../support/host';
import { users } from '../support/users';

const admin = adminClient();
// web_logs* is readable by the writer; the suffix keeps it apart from the sample data.
const index = uniqueName('web_logs_aliases');
let host: TestHost;

const run = (query: string) =>
  callApi<QueryRowsResponse & { message?: string }>(host.url, 'POST', apiPaths.query(), {
    caller: users.writer,
    body: { query, size: 10_000 },
  });
/** The query as written and with its pushdown stopped after the source. */
const bothWays = (query: string) => [
  query,
  query.replace(/^(source=\S+)/, '$1 | eval keep = 1 | fields - keep'),
];

const documents = [
  { '@timestamp': '2026-11-02T10:00:00Z', host: 'web-01', bytes: 300 },
  { '@timestamp': '2026-11-02T11:30:00Z', host: 'web-02', bytes: 100 },
  { '@timestamp': '2026-11-03T09:15:00Z', host: 'web-01', bytes: 200 },
];

beforeAll(async () => {
  await admin.indices.create({
    index,
    body: {
      mappings: {
        properties: {
          '@timestamp': { type: 'date' },
          host: { type: 'keyword' },
          bytes: { type: 'long' },
          server: { type: 'alias', path: 'host' },
          when: { type: 'alias', path: '@timestamp' },
        },
      },
    },
  });
  await admin.bulk({ index, refresh: true, body: documents.flatMap((d) => [{ index: {} }, d]) });
  host = await startTestHost();
});
afterAll(async () => {
  await host?.stop();
  await dropIndices(admin, index);
});

it('is a column of its target’s type with its target’s values', async () => {
  const all = await run(`source=${index} | head 1`);
  expect(all.status).toBe(200);
  const types = Object.fromEntries(all.body.schema.map((c) => [c.name, c.type]));
  expect(types).toMatchObject({ server: 'string', when: 'timestamp', host: 'string' });
  for (const query of bothWays(`source=${index} | sort bytes | fields server, when, bytes`)) {
    const res = await run(query);
    expect({ status: res.status, message: res.body.message }).toEqual({
      status: 200,
      message: undefined,
    });
    expect(res.body.datarows).toEqual(
      [...documents]
        .sort((a, b) => a.bytes - b.bytes)
        .map((d) => [d.host, d['@timestamp'].replace('T', ' ').replace('Z', ''), d.bytes])
    );
  }
});

it('filters, sorts and groups as its target does', async () => {
  for (const query of bothWays(
    `source=${index} | where server = 'web-01' | sort - when | fields bytes`
  )) {
    const res = await run(query);
    expect(res.status).toBe(200);
    expect(res.body.datarows).toEqual([[200], [300]]);
  }
  const grouped = await run(`source=${index} | stats sum(bytes) as b by server`);
  expect(grouped.status).toBe(200);
  expect(grouped.body.datarows).toEqual([
    [500, 'web-01'],
    [100, 'web-02'],
  ]);
});
