/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Metadata fields of an index source through `_query` (identifiers.md): `_id`, `_index`,
 * `_score`, `_maxscore`, `_routing`, `_sort` are read when named, usable in where and sort, and in
 * the output only when a fields command names them. Expected values come from the same documents
 * read directly with the admin client.
 */
import { apiPaths } from '../../common/api/paths';
import type { QueryRowsResponse } from '../../common/api/codecs';
import { callApi } from '../support/api';
import { adminClient } from '../support/cluster';
import { startTestHost, TestHost } from '../support/host';
import { users } from '../support/users';

const admin = adminClient();
let host: TestHost;
/** A few documents of web_logs with their ids, as OpenSearch gives them. */
let sample: Array<{ id: string; host: string; bytes: number }>;

const run = (query: string) =>
  callApi<QueryRowsResponse & { message?: string }>(host.url, 'POST', apiPaths.query(), {
    caller: users.writer,
    body: { query, size: 10_000 },
  });

beforeAll(async () => {
  host = await startTestHost();
  const { body } = await admin.search({
    index: 'web_logs',
    body: { size: 3, query: { term: { status: 503 } }, sort: [{ bytes: 'desc' }] },
  });
  sample = (
    body as { hits: { hits: Array<{ _id: string; _source: { host: string; bytes: number } }> } }
  ).hits.hits.map((h) => ({ id: h._id, host: h._source.host, bytes: h._source.bytes }));
});
afterAll(async () => {
  await host?.stop();
});

it('_id and _index are selected by name and filter in where', async () => {
  const [a, b] = sample;
  const res = await run(
    `source=web_logs | where _id = '${a.id}' or _id = '${b.id}' | sort - bytes | fields _id, _index, host, bytes`
  );
  expect(res.status).toBe(200);
  expect(res.body.schema.map((c) => c.name)).toEqual(['_id', '_index', 'host', 'bytes']);
  expect(res.body.datarows).toEqual([
    [a.id, 'web_logs', a.host, a.bytes],
    [b.id, 'web_logs', b.host, b.bytes],
  ]);
});

it('are not in the output unless fields names them, not even by a wildcard', async () => {
  const res = await run(`source=web_logs | where _id = '${sample[0].id}'`);
  expect(res.status).toBe(200);
  expect(res.body.schema.map((c) => c.name).filter((n) => n.startsWith('_'))).toEqual([]);
  const wild = await run(`source=web_logs | where _id = '${sample[0].id}' | fields _*, host`);
  expect(wild.body.schema.map((c) => c.name)).toEqual(['host']);
});

it('_score, _maxscore and _routing have their types; the best score bounds every score', async () => {
  const res = await run(
    'source=web_logs | where status = 503 | head 5 | fields _score, _maxscore, _routing'
  );
  expect(res.status).toBe(200);
  expect(res.body.schema).toEqual([
    { name: '_score', type: 'float' },
    { name: '_maxscore', type: 'float' },
    { name: '_routing', type: 'string' },
  ]);
  for (const [score, best, routing] of res.body.datarows as Array<[number, number, null]>) {
    expect(typeof score).toBe('number');
    expect(best).toBeGreaterThanOrEqual(score);
    expect(routing).toBeNull();
  }
});

it('sort by _id runs in the server, ascending as text', async () => {
  const ids = sample.map((s) => s.id);
  const res = await run(
    `source=web_logs | where _id = '${ids[0]}' or _id = '${ids[1]}' or _id = '${ids[2]}' | sort _id | fields _id`
  );
  expect(res.status).toBe(200);
  expect(res.body.datarows).toEqual([...ids].sort().map((id) => [id]));
});

it('_sort is -2 on an unsorted scan and the sort value of a pushed-down sort', async () => {
  const unsorted = await run('source=web_logs | where status = 503 | head 3 | fields _sort');
  expect(unsorted.body.datarows).toEqual([[-2], [-2], [-2]]);
  const sorted = await run('source=web_logs | sort - bytes | head 2 | fields _sort, bytes');
  expect(sorted.status).toBe(200);
  for (const [value, bytes] of sorted.body.datarows as Array<[number, number]>)
    expect(value).toBe(bytes);
});

it('a where on _id or _index is pushed down (ids and term queries)', async () => {
  const res = await callApi<{ plan: Array<{ command: string; mode: string }> }>(
    host.url,
    'POST',
    apiPaths.explain(),
    {
      caller: users.writer,
      body: { query: `source=web_logs | where _id = '${sample[0].id}' and _index = 'web_logs'` },
    }
  );
  expect(res.status).toBe(200);
  expect(res.body.plan).toEqual([
    expect.objectContaining({ mode: 'pushed_down', command: expect.stringContaining('where _id') }),
  ]);
  const rows = await run(
    `source=web_logs | where _id = '${sample[0].id}' and _index = 'web_logs' | fields host`
  );
  expect(rows.body.datarows).toEqual([[sample[0].host]]);
  const none = await run(`source=web_logs | where _index != 'web_logs' | stats count()`);
  expect(none.body.datarows).toEqual([[0]]);
});
