/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * The host's OpenSearch clients against the real cluster, as OSD's ClusterClient gives them:
 * its own identity is kibanaserver (the security demo configuration) with the reserved
 * kibana_server role; the long-numeral twins read integers beyond 2^53 exactly, and the scoped
 * ones forward the caller's authorization header only.
 */
import { DEFAULT_INTERNAL_USER, loadHostConfig } from '../../host/src/config';
import { HostClusterClient } from '../../host/src/opensearch/cluster_client';
import { basicAuthorization } from '../../host/src/auth/session';
import { adminClient, adminPassword, OPENSEARCH_URL, TestNames } from '../support/cluster';
import { users } from '../support/users';

const admin = adminClient();
const names = new TestNames();
const index = names.lookup('longnum');
// 2^53 + 1: a double rounds it to 2^53.
const BEYOND = '9007199254740993';
let client: HostClusterClient;

beforeAll(async () => {
  client = new HostClusterClient(OPENSEARCH_URL, loadHostConfig([]).internalUser);
  await admin.transport.request({
    method: 'PUT',
    path: `/${index}/_doc/1`,
    querystring: { refresh: 'true' },
    body: `{"n": ${BEYOND}}`,
  });
});
afterAll(async () => {
  await client.close();
  await names.drop(admin);
});

function scoped(username: string, password: string) {
  return client.asScoped({ headers: { authorization: basicAuthorization(username, password) } });
}

it("runs as kibanaserver with its reserved kibana_server role, as OSD's server does", async () => {
  expect(loadHostConfig([]).internalUser.username).toBe(DEFAULT_INTERNAL_USER.username);
  const info = await client.asInternalUser.transport.request({
    method: 'GET',
    path: '/_plugins/_security/authinfo',
  });
  expect(info.body.user_name).toBe('kibanaserver');
  expect(info.body.roles).toContain('kibana_server');
  expect(info.body.roles).not.toContain('all_access');
  // kibana_server gives no access to user data.
  const read = await client.asInternalUser.search({ index }).then(
    () => 200,
    (e: { meta?: { statusCode?: number } }) => e.meta?.statusCode
  );
  expect(read).toBe(403);
});

it('reads a long beyond 2^53 exactly as BigInt through asCurrentUserWithLongNumeralsSupport', async () => {
  const caller = scoped(users.writer.username, users.writer.password);
  const exact = await caller.asCurrentUserWithLongNumeralsSupport.get({ index, id: '1' });
  expect(typeof exact.body._source.n).toBe('bigint');
  expect(String(exact.body._source.n)).toBe(BEYOND);
  // The plain client rounds it, which is why the twin exists.
  const rounded = await caller.asCurrentUser.get({ index, id: '1' });
  expect(String(rounded.body._source.n)).not.toBe(BEYOND);
});

it('reads it exactly through asInternalUserWithLongNumeralsSupport, as the host identity', async () => {
  const admins = new HostClusterClient(OPENSEARCH_URL, {
    username: 'admin',
    password: adminPassword(),
  });
  try {
    const res = await admins
      .asScoped({ headers: {} })
      .asInternalUserWithLongNumeralsSupport.get({ index, id: '1' });
    expect(String(res.body._source.n)).toBe(BEYOND);
    expect(typeof res.body._source.n).toBe('bigint');
  } finally {
    await admins.close();
  }
});

it("forwards only the caller's authorization header on the long-numeral client", async () => {
  // Without the caller's header the request carries no credentials at all: 401, never the host.
  const anonymous = client.asScoped({ headers: { cookie: 'x', 'x-forwarded-user': 'admin' } });
  const status = await anonymous.asCurrentUserWithLongNumeralsSupport.get({ index, id: '1' }).then(
    () => 200,
    (e: { meta?: { statusCode?: number } }) => e.meta?.statusCode
  );
  expect(status).toBe(401);
  const denied = await scoped(users.noAccess.username, users.noAccess.password)
    .asCurrentUserWithLongNumeralsSupport.get({ index, id: '1' })
    .then(
      () => 200,
      (e: { meta?: { statusCode?: number } }) => e.meta?.statusCode
    );
  expect(denied).toBe(403);
});

it("forwards the security plugin's securitytenant header only where requestHeadersWhitelist names it, as OSD does", async () => {
  const headers = {
    authorization: basicAuthorization(users.writer.username ?? '', users.writer.password ?? ''),
    securitytenant: 'global_tenant',
  };
  const tenantSeen = async (c: HostClusterClient) => {
    const { body } = await c
      .asScoped({ headers })
      .asCurrentUser.transport.request({ method: 'GET', path: '/_plugins/_security/authinfo' });
    return (body as { user_requested_tenant?: string | null }).user_requested_tenant ?? null;
  };
  // OSD's default list is authorization only: the tenant stays behind.
  expect(await tenantSeen(client)).toBeNull();
  const withTenants = new HostClusterClient(OPENSEARCH_URL, loadHostConfig([]).internalUser, [
    'authorization',
    'securitytenant',
  ]);
  try {
    expect(await tenantSeen(withTenants)).toBe('global_tenant');
  } finally {
    await withTenants.close();
  }
});
