/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Multiple data sources against two real nodes: the local cluster and a second node ("B",
 * OPENSEARCH_B_URL, started by scripts/test.sh) registered with the host's Data Source plugin
 * under the credentials of a user who exists on B only. A request with `dataSourceId` acts on
 * B as that user; without it, on the local cluster as the caller.
 */
import { Client } from '@opensearch-project/opensearch';
import { apiPaths } from '../../common/api/paths';
import type { Job } from '../../common/api/jobs';
import type {
  LookupDetail,
  LookupSummary,
  MigrateResponse,
  QueryRowsResponse,
  QueryWriteResponse,
  WriteResponse,
} from '../../common/api/codecs';
import { dataSourceIndexName } from '../../server/services/plugin_index/plugin_index';
import { callApi, type Caller } from '../support/api';
import { adminClient, adminPassword, TestNames, uniqueName } from '../support/cluster';
import type { TestHost } from '../support/host';
import { aliasFilterOf, createImporterLookups, readRowsSorted } from '../support/lookups';
import { B_URL, bOnly, startHostWithTwoSources, type TwoSources } from '../support/data_sources';
import { users } from '../support/users';

const local = adminClient();
const nodeB = new Client({ node: B_URL, auth: { username: 'admin', password: adminPassword() } });
const onLocal = new TestNames();
const onB = new TestNames();

let host: TestHost;
let sources: TwoSources;
let sourceB: string;
let unreachable: string;

const api = <T = Record<string, unknown>>(
  method: string,
  path: string,
  options: {
    caller?: Caller;
    body?: unknown;
    query?: Record<string, string | number | boolean>;
  } = {}
) => callApi<T>(host.url, method, path, { caller: users.writer, ...options });
const onSource = (id: string, query: Record<string, string | number | boolean> = {}) => ({
  ...query,
  dataSourceId: id,
});

async function indexExists(client: Client, index: string) {
  return (await client.indices.exists({ index })).body;
}

beforeAll(async () => {
  sources = await startHostWithTwoSources('ds_test');
  ({ host, sourceB, unreachable } = sources);
});
afterAll(async () => {
  await sources?.stop();
  await onLocal.drop(local);
  await onB.drop(nodeB);
  await nodeB.close();
});

describe('registered data sources', () => {
  it('keeps the password encrypted at rest and never hands it to the browser', async () => {
    const stored = await local.get({
      index: sources.savedObjectsIndex,
      id: `data-source:${sourceB}`,
    });
    const attributes = (
      stored.body._source as {
        'data-source': { auth: { credentials: { username: string; password: unknown } } };
      }
    )['data-source'];
    expect(attributes.auth.credentials.username).toBe(bOnly.username);
    expect(typeof attributes.auth.credentials.password).toBe('string');
    expect(JSON.stringify(stored.body._source)).not.toContain(bOnly.password);

    const listed = await api<{ saved_objects: Array<{ id: string; attributes: unknown }> }>(
      'GET',
      '/api/saved_objects/_find',
      { query: { type: 'data-source', per_page: 100 } }
    );
    expect(listed.status).toBe(200);
    const b = listed.body.saved_objects.find((o) => o.id === sourceB);
    expect(b?.attributes).toEqual({
      title: 'Cluster B',
      endpoint: B_URL,
      auth: { type: 'username_password' },
      // What data source management recorded when it was created (fetchDataSourceMetaData).
      dataSourceVersion: expect.stringMatching(/^3\./),
      dataSourceEngineType: 'OpenSearch',
      installedPlugins: expect.arrayContaining(['opensearch-security']),
    });
    expect(JSON.stringify(listed.body)).not.toContain(bOnly.password);
  });

  it('lists data sources to signed-in users only', async () => {
    const res = await callApi(host.url, 'GET', '/api/saved_objects/_find', {
      query: { type: 'data-source' },
    });
    expect(res.status).toBe(401);
  });
});

describe('a lookup written on B', () => {
  it('is in B and in B’s catalog, and not in the local cluster or its catalog', async () => {
    const name = onB.lookup('ds_write');
    onLocal.track(name, `${name}__lookup`);
    const written = await api<WriteResponse>('POST', apiPaths.write(name), {
      query: onSource(sourceB),
      body: { rows: [{ code: 'x1' }, { code: 'x2' }] },
    });
    expect(written.status).toBe(200);
    expect(written.body.rows_written).toBe(2);

    expect(await readRowsSorted(nodeB, name, 'code')).toEqual([{ code: 'x1' }, { code: 'x2' }]);
    expect(await indexExists(local, `${name}__lookup`)).toBe(false);

    const names = async (query: Record<string, string>) => {
      const res = await api<{ lookups: LookupSummary[] }>('GET', apiPaths.list(), { query });
      expect(res.status).toBe(200);
      return res.body.lookups.map((l) => l.name);
    };
    expect(await names(onSource(sourceB, { search: name }))).toEqual([name]);
    expect(await names({ search: name })).toEqual([]);

    // Its write record is kept for B, in B's own plugin index in the local cluster.
    const detail = await api<LookupDetail>('GET', apiPaths.lookup(name), {
      query: onSource(sourceB),
    });
    expect(detail.body.slices[0]).toMatchObject({ current: true, written_by: bOnly.username });
    await local.indices.refresh({ index: dataSourceIndexName(sourceB) });
    const records = await local.search({
      index: dataSourceIndexName(sourceB),
      body: { query: { term: { 'record.lookup': name } } },
    });
    expect((records.body.hits.total as { value: number }).value).toBeGreaterThan(0);
    const localRecords = await local.search({
      index: '.opensearch_dashboards_lookups',
      body: { query: { term: { 'record.lookup': name } } },
    });
    expect((localRecords.body.hits.total as { value: number }).value).toBe(0);
  });
});

describe('operations on B', () => {
  it('migrates an importer lookup on B', async () => {
    const { shared, one } = await createImporterLookups(nodeB, onB);
    const done = await api<MigrateResponse>('POST', apiPaths.migrate(one), {
      query: onSource(sourceB),
    });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ action: 'migrated', rows: 2 });
    expect((await aliasFilterOf(nodeB, one))?.index).toBe(`${one}__lookup`);
    expect(await readRowsSorted(nodeB, one, 'code')).toEqual([{ code: 'a1' }, { code: 'a2' }]);
    expect(await indexExists(local, shared)).toBe(false);
  });

  it('rolls a lookup on B back to its previous slice', async () => {
    const name = onB.lookup('ds_rollback');
    const write = (v: string) =>
      api<WriteResponse>('POST', apiPaths.write(name), {
        query: onSource(sourceB),
        body: { rows: [{ v }] },
      });
    const first = await write('first');
    const second = await write('second');
    const res = await api('POST', apiPaths.rollback(name), {
      query: onSource(sourceB),
      body: { slice: first.body.slice },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ slice: first.body.slice, previous: second.body.slice });
    expect(await readRowsSorted(nodeB, name, 'v')).toEqual([{ v: 'first' }]);
  });
});

describe('PPL on B', () => {
  const hosts = uniqueName('hosts_ds');
  const docs = [
    { host: 'b-1', load: 3 },
    { host: 'b-2', load: 9 },
    { host: 'b-3', load: 7 },
  ];

  beforeAll(async () => {
    onB.track(hosts);
    await nodeB.bulk({
      refresh: true,
      body: docs.flatMap((doc) => [{ index: { _index: hosts } }, doc]),
    });
  });

  it('runs as B’s own user, who the local cluster does not know', async () => {
    const expected = docs
      .filter((d) => d.load > 5)
      .sort((a, b) => a.host.localeCompare(b.host))
      .map((d) => [d.host, d.load]);
    const res = await api<QueryRowsResponse>('POST', apiPaths.query(), {
      query: onSource(sourceB),
      body: { query: `source=${hosts} | where load > 5 | sort host | fields host, load` },
    });
    expect(res.status).toBe(200);
    expect(res.body.datarows).toEqual(expected);

    const name = onB.lookup('ds_ppl');
    const wrote = await api<QueryWriteResponse>('POST', apiPaths.query(), {
      query: onSource(sourceB),
      body: { query: `source=${hosts} | where load > 5 | fields host | outputlookup ${name}` },
    });
    expect(wrote.status).toBe(200);
    expect(wrote.body.datarows).toEqual([[expected.length]]);
    const detail = await api<LookupDetail>('GET', apiPaths.lookup(name), {
      query: onSource(sourceB),
    });
    expect(detail.body.slices[0].written_by).toBe(bOnly.username);

    // The same user, on the local cluster: unknown there.
    const asBOnlyLocally = await callApi(host.url, 'POST', apiPaths.query(), {
      caller: { username: bOnly.username, password: bOnly.password },
      body: { query: `source=${hosts} | fields host` },
    });
    expect(asBOnlyLocally.status).toBe(401);
    // And the local cluster has no such index: the pipeline read B, not a mix.
    const locally = await api('POST', apiPaths.query(), {
      body: { query: `source=${hosts} | fields host` },
    });
    expect(locally.status).toBe(404);
  });
});

describe('jobs and schedules on B', () => {
  it('runs a write job on B, listed for B only', async () => {
    const name = onB.lookup('ds_job');
    const accepted = await api<Job>('POST', apiPaths.jobs(), {
      query: onSource(sourceB),
      body: { query: `makeresults count=4 | eval k = 1 | outputlookup ${name}` },
    });
    expect(accepted.status).toBe(202);
    let job = accepted.body;
    for (let i = 0; i < 100 && !['finished', 'failed', 'cancelled'].includes(job.state); i++) {
      await new Promise((r) => setTimeout(r, 200));
      job = (await api<Job>('GET', apiPaths.job(job.id), { query: onSource(sourceB) })).body;
    }
    expect(job).toMatchObject({ state: 'finished', user: bOnly.username });
    expect((await nodeB.count({ index: name })).body.count).toBe(4);
    expect(await indexExists(local, `${name}__lookup`)).toBe(false);
    // The local cluster's jobs do not know it.
    const locally = await api('GET', apiPaths.job(job.id));
    expect(locally.status).toBe(404);
  });

  it('refuses a schedule on B, saying schedules run on the local cluster', async () => {
    const res = await api<{ message: string }>('POST', apiPaths.schedules(), {
      query: onSource(sourceB),
      body: {
        query: `makeresults | eval k = 1 | outputlookup ${onB.lookup('ds_sched')}`,
        every: '1h',
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('Schedules run on the local cluster only');
  });
});

describe('data sources that cannot be used', () => {
  it('answers 502 naming a data source that cannot be reached', async () => {
    const res = await api<{ message: string; attributes: Record<string, unknown> }>(
      'GET',
      apiPaths.list(),
      { query: onSource(unreachable) }
    );
    expect(res.status).toBe(502);
    expect(res.body.message).toContain(`Data source "${unreachable}" cannot be reached`);
    expect(res.body.attributes).toMatchObject({
      reason: 'data_source_unreachable',
      data_source: unreachable,
    });
  });

  it('answers 404 naming an unknown data source', async () => {
    const res = await api<{ message: string }>('POST', apiPaths.query(), {
      query: onSource('no-such-source'),
      body: { query: 'makeresults | eval a = 1' },
    });
    expect(res.status).toBe(404);
    expect(res.body.message).toContain('Data source "no-such-source" was not found');
  });

  it('refuses a blank dataSourceId and a second one', async () => {
    const blank = await api<{ message: string }>('GET', apiPaths.list(), {
      query: { dataSourceId: ' ' },
    });
    expect(blank.status).toBe(400);
    expect(blank.body.message).toContain('[dataSourceId]');
    const twice = await fetch(
      `${host.url}${apiPaths.sources()}?dataSourceId=${sourceB}&dataSourceId=${sourceB}`,
      {
        headers: {
          authorization: `Basic ${Buffer.from(`${users.writer.username}:${users.writer.password}`).toString('base64')}`,
        },
      }
    );
    expect(twice.status).toBe(400);
  });
});
