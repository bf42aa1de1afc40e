/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * `_permissions`: what each test user may do with a lookup, asked as that user, and the asking
 * changes nothing on the cluster.
 */
import { apiPaths } from '../../common/api/paths';
import type { PermissionsResponse } from '../../common/api/permissions';
import { callApi } from '../support/api';
import { adminClient, adminPassword, TestNames } from '../support/cluster';
import { startTestHost, TestHost } from '../support/host';
import { users } from '../support/users';

const admin = adminClient();
let host: TestHost;
const testNames = new TestNames();

const permissions = (names: string | undefined, caller: (typeof users)[keyof typeof users]) =>
  callApi<PermissionsResponse & { message?: string }>(
    host.url,
    'GET',
    names === undefined
      ? apiPaths.permissions()
      : `${apiPaths.permissions()}?${new URLSearchParams({ names })}`,
    { caller }
  );

async function indexNames(): Promise<string[]> {
  const { body } = await admin.cat.indices({ format: 'json', h: 'index', expand_wildcards: 'all' });
  return (body as Array<{ index: string }>).map((i) => i.index).sort();
}

beforeAll(async () => {
  host = await startTestHost();
});
afterAll(async () => {
  await host?.stop();
  await testNames.drop(admin);
});

describe('GET _permissions', () => {
  it('lookup_writer may do everything with an lk_ lookup, and nothing with another name', async () => {
    const name = testNames.lookup('perm');
    const res = await permissions(`${name},hosts`, users.writer);
    expect(res.status).toBe(200);
    const [own, other] = res.body.lookups;
    expect(own.name).toBe(name);
    expect(Object.values(own.actions).every((grant) => grant.allowed)).toBe(true);
    expect(other.name).toBe('hosts');
    expect(other.actions.delete).toMatchObject({ allowed: false, missing: 'indices:admin/delete' });
    expect(other.actions.write).toMatchObject({ allowed: false, missing: 'indices:admin/create' });
  });

  it('lookup_reader is refused every write action, each naming the permission', async () => {
    const name = testNames.lookup('perm_reader');
    const res = await permissions(name, users.reader);
    expect(res.status).toBe(200);
    const { actions } = res.body.lookups[0];
    expect(actions).toMatchObject({
      delete: { allowed: false, missing: 'indices:admin/delete' },
      cleanup: { allowed: false, missing: 'indices:data/write/delete/byquery' },
      restore: { allowed: false, missing: 'indices:admin/aliases' },
      import: { allowed: false, missing: 'indices:admin/create' },
      migrate: { allowed: false },
      write: { allowed: false },
    });
    expect(actions.delete.reason).toMatch(/no permissions for \[indices:admin\/delete\]/);
  });

  it('team_a_writer may write lk_team_a_ lookups only', async () => {
    const mine = testNames.lookup('team_a_x').replace(/^lk_/, 'lk_team_a_');
    const theirs = testNames.lookup('other');
    const res = await permissions(`${mine},${theirs}`, users.teamAWriter);
    expect(res.status).toBe(200);
    expect(res.body.lookups[0].actions.write.allowed).toBe(true);
    expect(res.body.lookups[0].actions.delete.allowed).toBe(true);
    expect(res.body.lookups[1].actions.write.allowed).toBe(false);
  });

  it('asking creates, deletes and re-aliases nothing', async () => {
    const before = await indexNames();
    const aliasesBefore = (await admin.cat.aliases({ format: 'json' })).body;
    await permissions(`${testNames.lookup('p1')},${testNames.lookup('p2')}`, users.writer);
    await permissions(testNames.lookup('p3'), users.reader);
    expect(await indexNames()).toEqual(before);
    expect((await admin.cat.aliases({ format: 'json' })).body).toEqual(aliasesBefore);
  });

  it('says who may change the security configuration (admin) and who may not', async () => {
    const asReader = await permissions(undefined, users.reader);
    const asNoAccess = await permissions(undefined, users.noAccess);
    expect(asReader.body).toEqual({ lookups: [], can_manage_security: false });
    expect(asNoAccess.body).toEqual({ lookups: [], can_manage_security: false });
    const asAdmin = await callApi<PermissionsResponse>(host.url, 'GET', apiPaths.permissions(), {
      caller: { username: 'admin', password: adminPassword() },
    });
    expect(asAdmin.body.can_manage_security).toBe(true);
  });

  it('refuses a bad name list with a 400 that names the problem', async () => {
    const empty = await permissions(' , ', users.writer);
    expect(empty.status).toBe(400);
    expect(empty.body.message).toMatch(/one or more lookup names/);
    const bad = await permissions('ok_name,_bad', users.writer);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/"_bad"/);
    const many = Array.from({ length: 101 }, (_, i) => `lk_n${i}`).join(',');
    const tooMany = await permissions(many, users.writer);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toMatch(/at most 100 names/);
  });
});
