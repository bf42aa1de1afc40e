/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * PPL pipelines through `_query` and `_explain` against the real cluster: results computed here
 * are checked against the same numbers computed by OpenSearch itself (counts and aggregations).
 */
import { apiPaths } from '../../common/api/paths';
import type {
  ExplainResponse,
  QueryRowsResponse,
  QueryWriteResponse,
} from '../../common/api/codecs';
import { loadSampleData } from '../../scripts/sample_data';
import { callApi } from '../support/api';
import { adminClient, TestNames } from '../support/cluster';
import { startTestHost, TestHost } from '../support/host';
import { aliasFilterOf, readRowsSorted } from '../support/lookups';
import { users } from '../support/users';

const admin = adminClient();
const BIG_SOURCE = 'web_logs_100k';
let host: TestHost;
let smallCeilingHost: TestHost;
const names = new TestNames();

const lookupName = (label: string) => names.lookup(label);
const query = <T>(query: string, caller = users.writer, on = () => host) =>
  callApi<T & { message?: string; attributes?: Record<string, unknown> }>(
    on().url,
    'POST',
    apiPaths.query(),
    { caller, body: { query } }
  );

beforeAll(async () => {
  await loadSampleData({ index: BIG_SOURCE, count: 100_000 });
  [host, smallCeilingHost] = await Promise.all([
    startTestHost(),
    startTestHost({ LOOKUPS_MAX_ROWS: '1000' }),
  ]);
});
afterAll(async () => {
  await Promise.all([host?.stop(), smallCeilingHost?.stop()]);
  await names.drop(admin);
});

describe('plain pipelines', () => {
  it('answers in the _plugins/_ppl shape, with aggregations first and group keys after', async () => {
    const res = await query<QueryRowsResponse>(
      'source=web_logs | stats count() as n, avg(bytes) by region'
    );
    expect(res.status).toBe(200);
    expect(res.body.schema).toEqual([
      { name: 'n', type: 'bigint' },
      { name: 'avg(bytes)', type: 'double' },
      { name: 'region', type: 'string' },
    ]);
    const { body } = await admin.search({
      index: 'web_logs',
      body: {
        size: 0,
        aggs: {
          r: {
            terms: { field: 'region', size: 100, order: { _key: 'asc' } },
            aggs: { b: { avg: { field: 'bytes' } } },
          },
        },
      },
    });
    const expected = (
      body.aggregations as {
        r: { buckets: Array<{ key: string; doc_count: number; b: { value: number } }> };
      }
    ).r.buckets;
    expect(res.body.datarows).toEqual(
      expected.map((b) => [b.doc_count, expect.closeTo(b.b.value, 6), b.key])
    );
  });

  it('caps the answer at the page size and says so', async () => {
    const res = await callApi<QueryRowsResponse>(host.url, 'POST', apiPaths.query(), {
      caller: users.writer,
      body: { query: 'source=web_logs | fields host', size: 7 },
    });
    // The total is every document OpenSearch counts, not the rows that fit.
    const { body: counted } = await admin.count({ index: 'web_logs' });
    expect(counted.count).toBeGreaterThan(7);
    expect(res.body).toMatchObject({ size: 7, total: counted.count, truncated: true });
    expect(res.body.datarows).toHaveLength(7);
  });

  it('where only the server filters, the total of a cut answer is the rows shown (more exist)', async () => {
    const res = await callApi<QueryRowsResponse>(host.url, 'POST', apiPaths.query(), {
      caller: users.writer,
      body: { query: 'source=web_logs | where status + 0 >= 0 | fields host', size: 7 },
    });
    expect(res.body).toMatchObject({ size: 7, total: 7, truncated: true });
  });

  it('filters in OpenSearch and in the server alike', async () => {
    const pushed = await query<QueryRowsResponse>(
      'source=web_logs | where status >= 500 AND region = "eu-west" | stats count()'
    );
    const inServer = await query<QueryRowsResponse>(
      'source=web_logs | where status + 0 >= 500 AND lower(region) = "eu-west" | stats count()'
    );
    const { body } = await admin.count({
      index: 'web_logs',
      body: {
        query: {
          bool: { filter: [{ range: { status: { gte: 500 } } }, { term: { region: 'eu-west' } }] },
        },
      },
    });
    expect(pushed.body.datarows).toEqual([[body.count]]);
    expect(inServer.body.datarows).toEqual([[body.count]]);
  });

  it('reports a syntax error with its line and column', async () => {
    const res = await query('source=web_logs\n| where status >\n| head 1');
    expect(res.status).toBe(400);
    expect(res.body.attributes).toMatchObject({ line: 3, column: 1 });
    expect(res.body.message).toMatch(/line 3, column 1/);
  });

  it('names an unsupported command and the supported ones', async () => {
    const res = await query('source=web_logs | frobnicate x');
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/frobnicate.*where, fields/);
  });

  it('names an unknown field and the available ones', async () => {
    const res = await query('source=web_logs | where hostname = "a"');
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/Unknown field "hostname"\. Available fields: .*host/);
  });

  it('answers 403 naming the index a user may not read', async () => {
    const res = await query('source=secret_logs | head 1');
    expect(res.status).toBe(403);
    expect(res.body.message).toMatch(/may not read "secret_logs"/);
  });
});

describe('pipelines that end in outputlookup', () => {
  it('stats count() by host writes one row per host', async () => {
    const name = lookupName('hosts');
    const res = await query<QueryWriteResponse>(
      `source=web_logs | stats count() by host | outputlookup ${name}`
    );
    expect(res.status).toBe(200);
    const { body } = await admin.search({
      index: 'web_logs',
      body: { size: 0, aggs: { h: { terms: { field: 'host', size: 1000 } } } },
    });
    const hosts = (
      body.aggregations as { h: { buckets: Array<{ key: string; doc_count: number }> } }
    ).h.buckets;
    expect(res.body).toMatchObject({
      schema: [{ name: 'rows_written', type: 'long' }],
      datarows: [[hosts.length]],
    });
    expect(res.body.lookup).toMatchObject({ name, action: 'created' });
    const rows = await readRowsSorted(admin, name, 'host');
    expect(rows).toEqual(
      hosts
        .map((h) => ({ host: h.key, 'count()': h.doc_count }))
        .sort((a, b) => a.host.localeCompare(b.host, 'en', { numeric: true }))
    );
  });

  it('writes a 100,000-row source whole, through point-in-time paging', async () => {
    const name = lookupName('big');
    const res = await query<QueryWriteResponse>(
      `source=${BIG_SOURCE} | where status > 0 | fields host, status, bytes | outputlookup ${name}`
    );
    expect(res.status).toBe(200);
    expect(res.body.datarows).toEqual([[100_000]]);
    expect((await admin.count({ index: name })).body.count).toBe(100_000);
  });

  it('makeresults | outputlookup works with no source', async () => {
    const name = lookupName('made');
    const res = await query<QueryWriteResponse>(
      `makeresults format=csv data='code:int,label\n1,one\n2,two' | outputlookup ${name}`
    );
    expect(res.body.datarows).toEqual([[2]]);
    expect(await readRowsSorted(admin, name, 'code')).toEqual([
      { code: 1, label: 'one' },
      { code: 2, label: 'two' },
    ]);
  });

  it('lookup enriches rows from a lookup written earlier', async () => {
    const owners = lookupName('owners');
    await query(
      `makeresults format=csv data='host,owner\nweb-01,alice\nweb-02,bob' | outputlookup ${owners}`
    );
    const res = await query<QueryRowsResponse>(
      `source=web_logs | where host = "web-01" OR host = "web-02" OR host = "web-03" | dedup host | sort host | lookup ${owners} host output owner | fields host, owner`
    );
    expect(res.body.datarows).toEqual([
      ['web-01', 'alice'],
      ['web-02', 'bob'],
      ['web-03', null],
    ]);
  });

  it('key_field upserts from a query, and max keeps the first rows', async () => {
    const name = lookupName('keyed');
    await query(
      `source=web_logs | stats count() as n by host | outputlookup key_field=host ${name}`
    );
    const again = await query<QueryWriteResponse>(
      `source=web_logs | stats count() as n by host | outputlookup key_field=host ${name}`
    );
    expect(again.body.lookup.action).toBe('upserted');
    const hostsCount = (await readRowsSorted(admin, name, 'host')).length;
    expect((await admin.count({ index: name })).body.count).toBe(hostsCount);

    const capped = lookupName('capped');
    const res = await query<QueryWriteResponse>(
      `source=web_logs | sort host | outputlookup max=5 ${capped}`
    );
    expect(res.body.datarows).toEqual([[5]]);
  });

  it('an over-ceiling pipeline fails with nothing written, whether or not its size is known first', async () => {
    for (const pipeline of [
      'source=web_logs',
      'source=web_logs | where bytes % 2 = 0',
      'source=web_logs | where bytes % 2 = 0 | outputlookup append=true',
    ]) {
      const name = lookupName('ceiling');
      const text = pipeline.includes('outputlookup')
        ? `${pipeline} ${name}`
        : `${pipeline} | outputlookup ${name}`;
      const res = await query(text, users.writer, () => smallCeilingHost);
      expect(res.status).toBe(400);
      expect(res.body.attributes).toMatchObject({ setting: 'lookups.max_rows', max_rows: 1000 });
      expect(await aliasFilterOf(admin, name)).toBeNull();
      expect((await admin.indices.exists({ index: `${name}__lookup` })).body).toBe(false);
    }
  });

  it('a read-only user gets 403 and nothing is written', async () => {
    const name = lookupName('ro');
    const res = await query(
      `source=web_logs | stats count() by host | outputlookup ${name}`,
      users.reader
    );
    expect(res.status).toBe(403);
    expect((await admin.indices.exists({ index: `${name}__lookup` })).body).toBe(false);
  });
});

describe('explain', () => {
  it('shows what is pushed down, what runs in the server, and what a write would do, writing nothing', async () => {
    const name = lookupName('explained');
    const res = await callApi<ExplainResponse>(host.url, 'POST', apiPaths.explain(), {
      caller: users.writer,
      body: {
        query: `source=web_logs | where status >= 500 | eval kb = bytes / 1024 | sort kb | outputlookup ${name}`,
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.plan.map((s) => s.mode)).toEqual([
      'pushed_down',
      'streams',
      'buffers',
      'streams',
    ]);
    expect(res.body.output).toMatchObject({ name, target_kind: 'absent', action: 'created' });
    const { body } = await admin.count({
      index: 'web_logs',
      body: { query: { range: { status: { gte: 500 } } } },
    });
    expect(res.body.rows).toBe(body.count);
    expect((await admin.indices.exists({ index: `${name}__lookup` })).body).toBe(false);
  });
});
