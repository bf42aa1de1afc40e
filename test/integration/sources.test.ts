/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * What the PPL editor completes from the cluster: the sources the caller may query
 * (`_resolve/index/*` as the caller) and a source's fields (its mapping, as the caller).
 */
import { apiPaths } from '../../common/api/paths';
import type { SourceFieldsResponse, SourcesResponse } from '../../common/api/codecs';
import { loadSampleData } from '../../scripts/sample_data';
import { callApi } from '../support/api';
import { adminClient, adminPassword, TestNames, uniqueName } from '../support/cluster';
import { startTestHost, TestHost } from '../support/host';
import { users } from '../support/users';

const admin = adminClient();
const names = new TestNames();
let host: TestHost;
let lookup: string;

const sources = (caller?: { username: string; password: string }) =>
  callApi<SourcesResponse & { message?: string }>(host.url, 'GET', apiPaths.sources(), { caller });
const fields = (name: string, caller = users.writer) =>
  callApi<SourceFieldsResponse & { message?: string }>(
    host.url,
    'GET',
    apiPaths.sourceFields(name),
    { caller }
  );

beforeAll(async () => {
  await loadSampleData();
  host = await startTestHost();
  // A lookup of the writer's: its alias is a source, its backing index is not.
  lookup = names.lookup('sources');
  const write = await callApi(host.url, 'POST', apiPaths.write(lookup), {
    caller: users.writer,
    body: { rows: [{ host: 'web-01' }] },
  });
  expect(write.status).toBe(200);
});
afterAll(async () => {
  await host?.stop();
  await names.drop(admin);
});

describe('GET _sources', () => {
  it('lists what the caller may read, sorted, without backing or hidden indices', async () => {
    const res = await sources(users.writer);
    expect(res.status).toBe(200);
    const listed = res.body.sources.map((s) => s.name);
    expect(res.body.sources).toContainEqual({ name: 'web_logs', kind: 'index' });
    expect(res.body.sources).toContainEqual({ name: lookup, kind: 'alias' });
    expect(listed).not.toContain('secret_logs');
    expect(listed.filter((n) => n.endsWith('__lookup'))).toEqual([]);
    expect(listed.filter((n) => n.startsWith('.'))).toEqual([]);
    expect(listed).toEqual([...listed].sort());
    expect(res.body.truncated).toBe(false);
  });

  it('lists secret_logs for admin, but no system index', async () => {
    const res = await sources({ username: 'admin', password: adminPassword() });
    expect(res.status).toBe(200);
    const listed = res.body.sources.map((s) => s.name);
    expect(listed).toContain('secret_logs');
    expect(listed).not.toContain('.opendistro_security');
  });

  it('is a 403 for a user who may read no index', async () => {
    // do_not_fail_on_forbidden cuts a wildcard down to the indices the user may resolve; a user
    // holding `indices:admin/resolve/index` on no index at all is refused the action itself
    // (security_exception, 403) rather than given an empty list. The 403 passes through.
    const res = await sources(users.noAccess);
    expect(res.status).toBe(403);
    expect(res.body.message).toMatch(/indices:admin\/resolve\/index/);
  });

  it('is a 401 without credentials', async () => {
    expect((await sources()).status).toBe(401);
  });
});

describe('GET _sources/{name}/_fields', () => {
  it('gives the fields of an index with their PPL types', async () => {
    const res = await fields('web_logs');
    expect(res.status).toBe(200);
    expect(res.body.fields).toEqual(
      expect.arrayContaining([
        { name: 'status', type: 'int' },
        { name: 'host', type: 'string' },
        { name: '@timestamp', type: 'timestamp' },
      ])
    );
  });

  it('gives a lookup’s fields through its alias, without __lookup', async () => {
    const res = await fields(lookup);
    expect(res.status).toBe(200);
    expect(res.body.fields.map((f) => f.name)).toEqual(['host']);
  });

  it('is a 404 for an unknown index', async () => {
    // Inside the writer's `web_logs*` permission, so OpenSearch says "no such index"; outside it
    // the security plugin answers 403 before looking (as for secret_logs below).
    const res = await fields(uniqueName('web_logs_missing'));
    expect(res.status).toBe(404);
    expect(res.body.message).toMatch(/No index matches/);
  });

  it('passes a 403 through for an index the caller may not read', async () => {
    const res = await fields('secret_logs');
    expect(res.status).toBe(403);
    expect(res.body.message).toMatch(/secret_logs/);
  });

  it('refuses a name that is no index name', async () => {
    expect((await fields('web_logs*')).status).toBe(400);
  });

  it('is a 401 without credentials', async () => {
    const res = await callApi(host.url, 'GET', apiPaths.sourceFields('web_logs'));
    expect(res.status).toBe(401);
  });
});
