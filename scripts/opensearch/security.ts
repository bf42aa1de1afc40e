/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Test users and roles for the local OpenSearch node (security plugin), created through the
 * security REST API as `admin`. Idempotent: every run PUTs the same roles, users and mappings.
 *
 *   npx tsx scripts/opensearch/security.ts            create/update roles, users, mappings
 *   npx tsx scripts/opensearch/security.ts --verify   ...then check each user's access for real
 *                                                     (needs `web_logs` and `secret_logs`, see
 *                                                     scripts/sample_data.ts; cleans up after itself)
 *
 * Naming conventions the permissions rely on (tests must follow them):
 *   - A lookup `<name>` is an alias over the backing index `<name>__lookup`.
 *   - Lookups the test users may write start with `lk_` (so `lk_*` matches alias and index).
 *     `legacy_*` lookups are treated the same way.
 *   - Lookups the limited writer (`team_a_writer`) may write start with `lk_team_a_`.
 *   - Source indices readable by the test users: `web_logs*`, `hosts*`.
 *   - `secret_logs` (and anything else) is readable by `admin` only.
 *
 * Security plugin behaviour the tests must expect (checked by --verify):
 *   - Alias actions (`POST _aliases`) are authorised on the INDEX only, never on the alias name:
 *     team_a_writer may add the alias `lk_other` to its own `lk_team_a_x__lookup` index. Removing
 *     an alias from an index it cannot manage is denied.
 *   - Requests without an index in the path resolve to all indices; install.sh turns on
 *     `do_not_fail_on_forbidden`, as OSD deployments usually do, so they are cut down to the
 *     indices the user may see (e.g. `GET /_alias/lk_x` -> 200) instead of failing with 403.
 *
 * Users (see TEST_USERS):
 *   admin           built-in demo admin (all access); for set-up only
 *   lookup_writer   reads sources, fully writes/manages any `lk_*` / `legacy_*` lookup
 *   lookup_reader   reads sources and lookups, writes nothing
 *   team_a_writer   reads sources and all `lk_*` lookups, writes only `lk_team_a_*` lookups
 *   no_access_user  authenticated, no index permissions at all
 *
 * On the second node (`--node b`, the tests' second data source, OPENSEARCH_PORT=9201) the same
 * users and roles, and also (see NODE_B_ONLY_USERS):
 *   b_only_analyst  exists on that node only; the same permissions as lookup_writer
 *
 * Connection: OPENSEARCH_URL (default http://127.0.0.1:$OPENSEARCH_PORT, port 9200), admin
 * password OPENSEARCH_INITIAL_ADMIN_PASSWORD (same default as scripts/opensearch/common.sh).
 */
import { osRequest, osRequestOk, opensearchUrl } from './os_request';
import { VERIFY_CHECKS, verifySecurity } from './security_checks';
import {
  NODE_B_ONLY_ROLES,
  TEST_USERS,
  TEST_ROLES,
  usersOf,
  type RoleDefinition,
  type TestUser,
} from './test_users';

// ------------------------------------------------------------------------------------------------
// Set-up
// ------------------------------------------------------------------------------------------------

const API = '_plugins/_security/api';

function sameStrings(a: readonly string[] | undefined, b: readonly string[]): boolean {
  return a !== undefined && a.length === b.length && a.every((v, i) => v === b[i]);
}

/** Current definition of a security resource (role, user, mapping), or undefined if missing. */
async function getSecurityResource<T>(kind: string, name: string): Promise<T | undefined> {
  const res = await osRequest('GET', `${API}/${kind}/${name}`);
  if (res.status === 404) return undefined;
  if (res.status !== 200)
    throw new Error(`GET ${API}/${kind}/${name} -> HTTP ${res.status}: ${res.text}`);
  return (res.body as Record<string, T>)[name];
}

async function ensureRole(name: string, role: RoleDefinition): Promise<boolean> {
  const current = await getSecurityResource<RoleDefinition>('roles', name);
  const upToDate =
    current !== undefined &&
    current.description === role.description &&
    sameStrings(current.cluster_permissions, role.cluster_permissions) &&
    current.index_permissions.length === role.index_permissions.length &&
    role.index_permissions.every(
      (p, i) =>
        sameStrings(current.index_permissions[i].index_patterns, p.index_patterns) &&
        sameStrings(current.index_permissions[i].allowed_actions, p.allowed_actions)
    );
  if (upToDate) return false;
  await osRequestOk('PUT', `${API}/roles/${name}`, { body: role });
  return true;
}

async function ensureUser(user: TestUser): Promise<boolean> {
  const current = await getSecurityResource<{ description?: string; backend_roles?: string[] }>(
    'internalusers',
    user.username
  );
  if (
    current !== undefined &&
    current.description === user.description &&
    sameStrings(current.backend_roles, [])
  ) {
    // Same password? (Avoids re-hashing it, which is slow: bcrypt.)
    const auth = await osRequest('GET', '_plugins/_security/authinfo', { user });
    if (auth.status === 200) return false;
  }
  await osRequestOk('PUT', `${API}/internalusers/${user.username}`, {
    body: {
      password: user.password,
      backend_roles: [],
      attributes: {},
      description: user.description,
    },
  });
  return true;
}

async function ensureMapping(role: string, users: string[]): Promise<boolean> {
  const current = await getSecurityResource<{
    users?: string[];
    backend_roles?: string[];
    hosts?: string[];
  }>('rolesmapping', role);
  if (
    current !== undefined &&
    sameStrings(current.users, users) &&
    sameStrings(current.backend_roles, []) &&
    sameStrings(current.hosts, [])
  ) {
    return false;
  }
  await osRequestOk('PUT', `${API}/rolesmapping/${role}`, {
    body: { users, backend_roles: [], hosts: [] },
  });
  return true;
}

/**
 * Creates or updates the test roles, users and role mappings. Idempotent: only what differs
 * from the definitions above is written. Returns the names of what changed.
 */
export async function setupSecurity(options: { nodeB?: boolean } = {}): Promise<string[]> {
  const changed: string[] = [];
  const roles = { ...TEST_ROLES, ...(options.nodeB ? NODE_B_ONLY_ROLES : {}) };
  for (const [name, role] of Object.entries(roles)) {
    if (await ensureRole(name, role)) changed.push(`role ${name}`);
  }
  for (const user of usersOf(options)) {
    if (user.username === TEST_USERS.admin.username) continue;
    if (await ensureUser(user)) changed.push(`user ${user.username}`);
    if (await ensureMapping(user.role, [user.username])) changed.push(`mapping ${user.role}`);
  }
  return changed;
}

// ------------------------------------------------------------------------------------------------
// CLI
// ------------------------------------------------------------------------------------------------
export async function main(argv: string[] = process.argv.slice(2)): Promise<void> {
  if (process.env.OPENSEARCH_SECURITY === 'false') {
    console.log(
      '[security] OPENSEARCH_SECURITY=false: security plugin disabled, nothing to set up'
    );
    return;
  }
  const started = Date.now();
  const node = argv.includes('--node') ? argv[argv.indexOf('--node') + 1] : undefined;
  if (node !== undefined && node !== 'b') throw new Error(`--node: only "b" is known, not ${node}`);
  const options = { nodeB: node === 'b' };
  const changed = await setupSecurity(options);
  console.log(
    `[security] ${changed.length ? 'created/updated: ' + changed.join(', ') : 'all roles, users and mappings already up to date'}`
  );
  for (const user of usersOf(options)) {
    const res = await osRequestOk('GET', '_plugins/_security/authinfo', { user });
    const roles = (res.body as { roles?: string[] }).roles ?? [];
    if (!roles.includes(user.role)) {
      throw new Error(
        `${user.username} authenticated but lacks role ${user.role} (roles: ${roles.join(', ')})`
      );
    }
    console.log(
      `[security] ${user.username.padEnd(14)} role ${user.role.padEnd(27)} ${user.description}`
    );
  }
  console.log(
    `[security] users and roles ready on ${opensearchUrl()} in ${Date.now() - started} ms`
  );
  if (argv.includes('--verify')) {
    const failures = await verifySecurity((line) => console.log(`[security] ${line}`));
    if (failures > 0) {
      throw new Error(`${failures} permission check(s) failed`);
    }
    console.log(`[security] all ${VERIFY_CHECKS.length} permission checks passed`);
  }
}

if (require.main === module) {
  main().catch((err: unknown) => {
    console.error(`[security] ERROR: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  });
}
