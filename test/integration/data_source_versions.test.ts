/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Data sources of supported versions only (the manifest's supportedOSDataSourceVersions, which
 * OSD core does not enforce): the host's Data Source plugin records a new source's engine,
 * version and plugins as OSD's does (fetchDataSourceMetaData), a source recorded as OpenSearch
 * 2.11 or as Elasticsearch is refused with a 400 that names it, its engine and version and the
 * supported range, and node B (OpenSearch 3.x, recorded through the route) answers.
 */
import { callApi } from '../support/api';
import {
  B_URL,
  bOnly,
  fetchMetadata,
  registerDataSource,
  startHostWithTwoSources,
  type TwoSources,
} from '../support/data_sources';
import { uniqueName } from '../support/cluster';
import { users } from '../support/users';

let sources: TwoSources;
let old: string;
let elastic: string;
beforeAll(async () => {
  sources = await startHostWithTwoSources('versions');
  // As data source management records a 2.11 cluster and an Elasticsearch one; both answer at
  // node B's address, so only the recorded facts make them unsupported.
  const attributes = (title: string) => ({ title, endpoint: B_URL, auth: { type: 'no_auth' } });
  old = await registerDataSource(sources.host, {
    ...attributes('Old cluster'),
    dataSourceVersion: '2.11.0',
    dataSourceEngineType: 'OpenSearch',
    installedPlugins: ['opensearch-sql'],
  });
  elastic = await registerDataSource(sources.host, {
    ...attributes('Elastic'),
    dataSourceVersion: '8.12.0',
    dataSourceEngineType: 'Elasticsearch',
    installedPlugins: [],
  });
});
afterAll(() => sources?.stop());

it('records the engine, version and plugins of a new source as OSD does', async () => {
  const withUser = await fetchMetadata(sources.host, {
    endpoint: B_URL,
    auth: {
      type: 'username_password',
      credentials: { username: bOnly.username, password: bOnly.password },
    },
  });
  expect(withUser.dataSourceEngineType).toBe('OpenSearch');
  expect(String(withUser.dataSourceVersion)).toMatch(/^3\.\d+\.\d+/);
  expect(withUser.installedPlugins).toEqual(expect.arrayContaining(['opensearch-security']));
  const saved = await callApi<{ attributes: Record<string, unknown> }>(
    sources.host.url,
    'GET',
    `/api/saved_objects/data-source/${sources.sourceB}`,
    { caller: users.writer }
  );
  expect(saved.body.attributes.dataSourceEngineType).toBe('OpenSearch');
  expect(String(saved.body.attributes.dataSourceVersion)).toMatch(/^3\./);
});

it.each([
  ['an older OpenSearch', () => old, 'Old cluster', 'OpenSearch', '2.11.0'],
  ['another engine', () => elastic, 'Elastic', 'Elasticsearch', '8.12.0'],
])(
  'refuses a source of %s with a 400 naming it, its version and the range',
  async (_what, id, title, engine, version) => {
    const res = await callApi<{ message: string; attributes: Record<string, unknown> }>(
      sources.host.url,
      'GET',
      '/api/lookups',
      { caller: users.writer, query: { dataSourceId: id() } }
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(
      `Data source "${title}" (${id()}) runs ${engine} ${version}; Lookups works with OpenSearch >=3.0.0 (supportedOSDataSourceVersions). Pick a data source of a supported version, or leave dataSourceId out for the local cluster.`
    );
    expect(res.body.attributes).toEqual({
      reason: 'data_source_unsupported',
      data_source: id(),
      engine,
      version,
      supported: '>=3.0.0',
    });
  }
);

it('refuses a write on an unsupported source too, writing nothing', async () => {
  const res = await callApi<{ message: string }>(sources.host.url, 'POST', '/api/lookups/_query', {
    caller: users.writer,
    query: { dataSourceId: old },
    body: { query: 'source=web_logs | head 1 | outputlookup never_written' },
  });
  expect(res.status).toBe(400);
  expect(res.body.message).toContain('runs OpenSearch 2.11.0');
});

it('writes on a supported source', async () => {
  const name = uniqueName('lk_ds_supported');
  const on = { dataSourceId: sources.sourceB };
  const written = await callApi<{ rows_written: number }>(
    sources.host.url,
    'POST',
    `/api/lookups/${name}/_write`,
    { caller: users.writer, query: on, body: { rows: [{ code: 'x1' }] } }
  );
  expect([written.status, written.body.rows_written]).toEqual([200, 1]);
  const removed = await callApi(sources.host.url, 'DELETE', `/api/lookups/${name}`, {
    caller: users.writer,
    query: on,
  });
  expect(removed.status).toBe(200);
});
