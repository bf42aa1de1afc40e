/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * No query may exhaust the server or the cluster (issue 22), through the standalone host and the
 * real cluster, as the measurements that once took them down:
 *
 * - a string doubled 22 times, sent by a user without any index rights, is a 400 naming the
 *   command, the budget and the setting, and the host answers the next request;
 * - a sort on 1,000 keys is refused by `_explain` and `_query` with a 400 naming the limit (the
 *   same key written 1,000 times is one key, pushed down);
 * - a runaway date_format ends by the deadline (a host with a short lookups.query.timeout);
 * - a server at its host-wide memory budget answers 429 saying to retry.
 */
import { mkdtempSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { apiPaths } from '../../common/api/paths';
import type { ExplainResponse, QueryRowsResponse } from '../../common/api/codecs';
import { callApi, type Caller } from '../support/api';
import { adminClient, TestNames } from '../support/cluster';
import { startTestHost, TestHost } from '../support/host';
import { users } from '../support/users';

const admin = adminClient();
const names = new TestNames();
const MiB = 1024 * 1024;
const SHORT_TIMEOUT_MS = 1500;

let host: TestHost;
/** lookups.query.timeout of 1.5 s. */
let hurried: TestHost;
/** Room for one heavy query at a time (lookups.query.max_total_memory_bytes 24 MiB). */
let crowded: TestHost;

type Answer<T> = {
  status: number;
  body: T & { message?: string; attributes?: Record<string, unknown> };
};

const post = <T>(on: TestHost, path: string, query: string, caller: Caller = users.writer) =>
  callApi<T & { message?: string; attributes?: Record<string, unknown> }>(on.url, 'POST', path, {
    caller,
    body: { query },
  }) as Promise<Answer<T>>;
const run = (on: TestHost, query: string, caller?: Caller) =>
  post<QueryRowsResponse>(on, apiPaths.query(), query, caller);
const explain = (on: TestHost, query: string, caller?: Caller) =>
  post<ExplainResponse>(on, apiPaths.explain(), query, caller);

function hostConfig(lookups: Record<string, unknown>): string {
  const file = join(mkdtempSync(join(tmpdir(), 'lookups-bounds-')), 'host.json');
  writeFileSync(file, JSON.stringify({ plugins: { lookups } }));
  return file;
}

const wide = names.lookup('wide_sort');
const SORTABLE = Array.from({ length: 40 }, (_, i) => `f${i}`);

beforeAll(async () => {
  // An index of 40 sortable fields, for a sort OpenSearch would run itself.
  await admin.indices.create({
    index: wide,
    body: {
      mappings: { properties: Object.fromEntries(SORTABLE.map((f) => [f, { type: 'keyword' }])) },
    },
  });
  await admin.index({
    index: wide,
    body: Object.fromEntries(SORTABLE.map((f) => [f, 'v'])),
    refresh: true,
  });
  [host, hurried, crowded] = await Promise.all([
    startTestHost(),
    startTestHost({
      LOOKUPS_HOST_CONFIG: hostConfig({ query: { timeout: SHORT_TIMEOUT_MS } }),
    }),
    startTestHost({
      LOOKUPS_HOST_CONFIG: hostConfig({
        query: { max_memory_bytes: 12 * MiB, max_total_memory_bytes: 24 * MiB },
      }),
    }),
  ]);
});
afterAll(async () => {
  await Promise.all([host?.stop(), hurried?.stop(), crowded?.stop()]);
  await names.drop(admin);
});

/** The host still serves: its process runs and a small query answers. */
async function expectAlive(on: TestHost, caller: Caller = users.writer) {
  expect(on.process.exitCode).toBeNull();
  expect(on.process.signalCode).toBeNull();
  const res = await run(on, 'makeresults | eval x = 1 + 1 | fields x', caller);
  expect(res.status).toBe(200);
  expect(res.body.datarows).toEqual([[2]]);
}

describe('memory', () => {
  it('a string doubled 22 times by a user without index rights is a 400, and the host lives', async () => {
    const query = `makeresults count=100 | eval a="xxxxxxxxxxxxxxxx"${' | eval a=concat(a,a)'.repeat(22)}`;
    const started = Date.now();
    const res = await run(host, query, users.noAccess);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(
      /^"eval" needs more server memory than one query may hold: about [\d.]+ MiB, over the budget of 64 MiB set by lookups\.query\.max_memory_bytes, so the query was stopped\./
    );
    expect(res.body.attributes).toEqual({
      reason: 'query_memory_exceeded',
      command: 'eval',
      setting: 'lookups.query.max_memory_bytes',
      max_memory_bytes: 64 * MiB,
    });
    // It once filled the heap in 8–14 s; now it stops at once.
    expect(Date.now() - started).toBeLessThan(5_000);
    await expectAlive(host, users.noAccess);
    // The same pipeline within the budget still answers.
    const small = await run(
      host,
      `makeresults count=100 | eval a="xxxxxxxxxxxxxxxx"${' | eval a=concat(a,a)'.repeat(8)} | eval n = length(a) | fields n | head 1`,
      users.noAccess
    );
    expect(small.status).toBe(200);
    expect(small.body.datarows).toEqual([[16 * 256]]);
  });

  it('at its host-wide budget the server answers 429 saying to retry, and serves again after', async () => {
    // Each holds several MiB in the server at its peak (a page of documents, then a sort of every
    // row's long text): a few at once are more than queries may hold together (half of the
    // 24 MiB host-wide budget, the rest being room for their garbage).
    const heavy =
      'source=web_logs | eval s = concat(user_agent, path, host, user, region, method) | fields s | sort s | head 1';
    const answers = await Promise.all(Array.from({ length: 6 }, () => run(crowded, heavy)));
    const statuses = answers.map((a) => a.status);
    expect(statuses.every((s) => s === 200 || s === 429)).toBe(true);
    expect(statuses).toContain(429);
    const busy = answers.find((a) => a.status === 429)!;
    expect(busy.body.message).toBe(
      'The server is holding as much memory for running queries and jobs as it may (24 MiB, lookups.query.max_total_memory_bytes), so this query was stopped. Retry in a few seconds.'
    );
    expect(busy.body.attributes).toMatchObject({ reason: 'server_memory_busy' });
    // Everything held was given back: alone, the same query answers.
    const alone = await run(crowded, heavy);
    expect(alone.body.message).toBeUndefined();
    expect(alone.status).toBe(200);
    expect(alone.body.datarows).toHaveLength(1);
    await expectAlive(crowded);
  });
});

describe('cluster protection', () => {
  const keys = (n: number) => Array.from({ length: n }, (_, i) => `k${i}`);

  it.each([
    ['_explain', explain],
    ['_query', run],
  ] as const)('%s refuses a sort on 1,000 keys with a 400 naming the limit', async (_n, send) => {
    const query = `source=web_logs | eval ${keys(1000)
      .map((k, i) => `${k} = bytes + ${i}`)
      .join(', ')} | sort ${keys(1000).join(', ')}`;
    const res = await send(host, query);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(
      /^sort takes at most 32 distinct keys, and this one has 1000 \(max_sort_keys\)\./
    );
    expect(res.body.attributes).toMatchObject({
      reason: 'request_bound',
      limit: 'max_sort_keys',
      max: 32,
      found: 1000,
    });
  });

  it.each([
    ['_explain', explain],
    ['_query', run],
  ] as const)('%s refuses a sort OpenSearch would run on 33 keys', async (_n, send) => {
    const res = await send(host, `source=${wide} | sort ${SORTABLE.slice(0, 33).join(', ')}`);
    expect(res.status).toBe(400);
    expect(res.body.attributes).toMatchObject({ limit: 'max_sort_keys', found: 33 });
  });

  it('the same key written 1,000 times is one key, sent to OpenSearch once', async () => {
    const query = `source=web_logs | sort ${Array(1000).fill('host').join(', ')} | head 3 | fields host`;
    const explained = await explain(host, query);
    expect(explained.status).toBe(200);
    expect((explained.body.request as { sort: unknown[] }).sort).toEqual([
      { host: { order: 'asc', missing: '_first', unmapped_type: 'keyword' } },
    ]);
    const res = await run(host, query);
    expect(res.status).toBe(200);
    const { body } = await admin.search({
      index: 'web_logs',
      body: { size: 3, sort: [{ host: 'asc' }], _source: ['host'] },
    });
    expect(res.body.datarows).toEqual(
      (body.hits.hits as Array<{ _source: { host: string } }>).map((h) => [h._source.host])
    );
  });

  it('a query of more clauses than indices.query.bool.max_clause_count is refused by _explain', async () => {
    const ors = (field: string, n: number) =>
      Array.from({ length: n }, (_, i) => `${field} = "v${i}"`).join(' OR ');
    const res = await explain(
      host,
      `source=web_logs | where ${ors('host', 600)} | where ${ors('user', 600)}`
    );
    expect(res.status).toBe(400);
    expect(res.body.attributes).toMatchObject({
      limit: 'indices.query.bool.max_clause_count',
      max: 1024,
      found: 1200,
    });
  });
});

describe('terms counts', () => {
  const values = (n: number) => Array.from({ length: n }, (_, i) => i).join(',');

  it.each([
    ['_explain', explain],
    ['_query', run],
  ] as const)(
    '%s refuses IN (100,000 values) with our 400 naming the count, the limit, the setting and the way out',
    async (_n, send) => {
      const res = await send(host, `source=web_logs | where bytes IN (${values(100_000)})`);
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(
        /^The filter would send OpenSearch a list of 100000 values to match .* over OpenSearch's limit of 65536 \(index\.max_terms_count, the default for an index that does not set it\)\. Put the values in a lookup .*\| lookup <lookup> <field> OUTPUT <field> AS listed \| where isnotnull\(listed\)/
      );
      expect(res.body.attributes).toMatchObject({
        reason: 'request_bound',
        limit: 'index.max_terms_count',
        max: 65_536,
        found: 100_000,
      });
      await expectAlive(host);
    }
  );

  it("an index's own lower value is the limit, and the lookup the message offers is the way out", async () => {
    const index = names.lookup('few_terms');
    await admin.indices.create({
      index,
      body: {
        settings: { 'index.max_terms_count': 5 },
        mappings: { properties: { n: { type: 'long' } } },
      },
    });
    await admin.bulk({
      index,
      refresh: true,
      body: Array.from({ length: 10 }, (_, n) => [{ index: {} }, { n }]).flat(),
    });
    const five = await run(host, `source=${index} | where n IN (${values(5)}) | stats count()`);
    expect(five.status).toBe(200);
    expect(five.body.datarows).toEqual([[5]]);
    for (const send of [explain, run]) {
      const six = await send(host, `source=${index} | where n IN (${values(6)}) | stats count()`);
      expect(six.status).toBe(400);
      expect(six.body.message).toContain(
        `a list of 6 values to match (field IN (…) is one terms query), over the limit of 5 that the index "${index}" sets (index.max_terms_count).`
      );
      expect(six.body.attributes).toMatchObject({
        limit: 'index.max_terms_count',
        max: 5,
        found: 6,
      });
    }
    // The way out: the values in a lookup, the rows it matches kept.
    const listed = names.lookup('listed_terms');
    const written = await callApi(host.url, 'POST', apiPaths.write(listed), {
      caller: users.writer,
      body: { rows: Array.from({ length: 6 }, (_, n) => ({ n })) },
    });
    expect(written.status).toBe(200);
    const matched = await run(
      host,
      `source=${index} | lookup ${listed} n OUTPUT n AS listed | where isnotnull(listed) | stats count()`
    );
    expect(matched.status).toBe(200);
    expect(matched.body.datarows).toEqual([[6]]);
  });
});

describe('time', () => {
  it('a runaway date_format ends by the deadline, and the host answers the next request', async () => {
    // 10,000 specifiers per row over every document ran 35 s.
    const format = '%e'.repeat(10_000);
    const started = Date.now();
    // Counted over every document, so the whole runaway is asked for, not one page of rows.
    const res = await run(
      hurried,
      `source=web_logs | eval d = date_format(now(), "${format}") | stats count() by d`
    );
    const took = Date.now() - started;
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(
      /^The query ran longer than its time limit of 1\.5 s \(lookups\.query\.timeout\), [\d.]+ s of it computing in the server, so it was stopped\./
    );
    expect(res.body.attributes).toEqual({
      reason: 'query_timeout',
      setting: 'lookups.query.timeout',
      timeout_ms: SHORT_TIMEOUT_MS,
    });
    expect(took).toBeGreaterThanOrEqual(SHORT_TIMEOUT_MS);
    // Unbounded it ran 35 s; a loaded machine may answer a few seconds late.
    expect(took).toBeLessThan(SHORT_TIMEOUT_MS + 8_000);
    await expectAlive(hurried);
  });

  it('_explain reads no rows: the costly part is not run, and it answers at once', async () => {
    // spath without a path names its columns from the rows; an explain lists it (and what
    // follows) as planned when the query runs instead of reading them. (The explain's own
    // deadline: query_service.test.ts.)
    const format = '%e'.repeat(10_000);
    const query = `source=web_logs | eval j = '{"a":1}' | where length(date_format(now(), "${format}")) > 0 | spath input=j`;
    const started = Date.now();
    const res = await explain(hurried, query);
    expect(res.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(SHORT_TIMEOUT_MS);
    expect(res.body.plan.at(-1)).toMatchObject({
      command: 'spath input=j',
      detail: expect.stringMatching(/planned when the query runs/),
    });
    // The query itself still stops at its deadline.
    const ran = await run(hurried, query);
    expect(ran.status).toBe(400);
    expect(ran.body.attributes).toMatchObject({ reason: 'query_timeout', timeout_ms: 1500 });
  });
});
