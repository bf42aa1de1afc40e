/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * The test users and roles of the local OpenSearch node, and the naming conventions their
 * permissions rely on (see security.ts for how they are set up and checked).
 */
/** Default admin password; keep in sync with scripts/opensearch/common.sh. */
const DEFAULT_ADMIN_PASSWORD = 'Lookups-Dev-2026!';

export const LOOKUP_PREFIX = 'lk_';
export const TEAM_A_LOOKUP_PREFIX = 'lk_team_a_';
export const LOOKUP_INDEX_SUFFIX = '__lookup';
export const SOURCE_INDEX = 'web_logs';
export const SECRET_INDEX = 'secret_logs';

const SOURCE_PATTERNS = ['web_logs*', 'hosts*'];
const LOOKUP_PATTERNS = [`${LOOKUP_PREFIX}*`, 'legacy_*'];
const TEAM_A_PATTERNS = [`${TEAM_A_LOOKUP_PREFIX}*`];

export interface TestUser {
  readonly username: string;
  readonly password: string;
  readonly description: string;
  /** Role created by this script and mapped to the user (admin: the demo's `all_access`). */
  readonly role: string;
}

export type TestUserName =
  'admin' | 'lookup_writer' | 'lookup_reader' | 'team_a_writer' | 'no_access_user';

export const TEST_USERS: Readonly<Record<TestUserName, TestUser>> = {
  admin: {
    username: 'admin',
    password: process.env.OPENSEARCH_INITIAL_ADMIN_PASSWORD || DEFAULT_ADMIN_PASSWORD,
    description: 'Built-in demo admin (all_access). Set-up only.',
    role: 'all_access',
  },
  lookup_writer: {
    username: 'lookup_writer',
    password: 'Quill-Harbor-2026!',
    description: `Reads ${SOURCE_PATTERNS.join(', ')}; creates, writes, re-points and deletes any ${LOOKUP_PATTERNS.join(', ')} lookup.`,
    role: 'lookups_test_writer',
  },
  lookup_reader: {
    username: 'lookup_reader',
    password: 'Maple-Lantern-2026!',
    description: `Reads ${SOURCE_PATTERNS.join(', ')} and ${LOOKUP_PATTERNS.join(', ')} lookups; no writes.`,
    role: 'lookups_test_reader',
  },
  team_a_writer: {
    username: 'team_a_writer',
    password: 'Copper-Meadow-2026!',
    description: `Reads ${SOURCE_PATTERNS.join(', ')} and ${LOOKUP_PATTERNS[0]} lookups; writes only ${TEAM_A_PATTERNS[0]} lookups.`,
    role: 'lookups_test_team_a_writer',
  },
  no_access_user: {
    username: 'no_access_user',
    password: 'Velvet-Compass-2026!',
    description: 'Authenticated, but no index permissions at all.',
    role: 'lookups_test_no_access',
  },
};

// ------------------------------------------------------------------------------------------------
// Role definitions
// ------------------------------------------------------------------------------------------------

interface IndexPermission {
  index_patterns: string[];
  allowed_actions: string[];
}

export interface RoleDefinition {
  description: string;
  cluster_permissions: string[];
  index_permissions: IndexPermission[];
}

/** Read a source index or a lookup (search, aggregations, mappings, aliases, stats). */
const READ_ACTIONS = [
  'read',
  'indices:admin/get',
  'indices:admin/aliases/get',
  'indices:admin/mappings/get',
  'indices:admin/mappings/fields/get*',
  'indices:admin/resolve/index',
  'indices:monitor/*',
];

/**
 * Create, write, refresh, re-alias and delete a lookup (alias and backing index both match the
 * pattern): crud = read + indices:data/write*, manage = indices:admin/* + indices:monitor/*.
 */
const WRITE_ACTIONS = ['crud', 'create_index', 'manage', 'manage_aliases', 'indices_monitor'];

/** Cluster-level: bulk/mget/msearch/aliases entry points, health, GET /, _cat. */
// Clearing a scroll is a cluster-level action; _delete_by_query and scans need it.
const WRITER_CLUSTER = [
  'cluster_composite_ops',
  'cluster_monitor',
  'indices:data/read/scroll/clear',
];
const READER_CLUSTER = [
  'cluster_composite_ops_ro',
  'cluster_monitor',
  'indices:data/read/scroll/clear',
];

export const TEST_ROLES: Readonly<Record<string, RoleDefinition>> = {
  [TEST_USERS.lookup_writer.role]: {
    description: 'dashboards-lookups tests: ' + TEST_USERS.lookup_writer.description,
    cluster_permissions: WRITER_CLUSTER,
    index_permissions: [
      { index_patterns: SOURCE_PATTERNS, allowed_actions: READ_ACTIONS },
      { index_patterns: LOOKUP_PATTERNS, allowed_actions: [...READ_ACTIONS, ...WRITE_ACTIONS] },
    ],
  },
  [TEST_USERS.lookup_reader.role]: {
    description: 'dashboards-lookups tests: ' + TEST_USERS.lookup_reader.description,
    cluster_permissions: READER_CLUSTER,
    index_permissions: [
      { index_patterns: [...SOURCE_PATTERNS, ...LOOKUP_PATTERNS], allowed_actions: READ_ACTIONS },
    ],
  },
  [TEST_USERS.team_a_writer.role]: {
    description: 'dashboards-lookups tests: ' + TEST_USERS.team_a_writer.description,
    cluster_permissions: WRITER_CLUSTER,
    index_permissions: [
      { index_patterns: [...SOURCE_PATTERNS, LOOKUP_PATTERNS[0]], allowed_actions: READ_ACTIONS },
      { index_patterns: TEAM_A_PATTERNS, allowed_actions: [...READ_ACTIONS, ...WRITE_ACTIONS] },
    ],
  },
  [TEST_USERS.no_access_user.role]: {
    description: 'dashboards-lookups tests: ' + TEST_USERS.no_access_user.description,
    cluster_permissions: ['cluster_composite_ops_ro'],
    index_permissions: [],
  },
};

/** Users of the second node only: the local node does not know them (a 401 there). */
export const NODE_B_ONLY_USERS: Readonly<Record<'b_only_analyst', TestUser>> = {
  b_only_analyst: {
    username: 'b_only_analyst',
    password: 'Birch-Meridian-2026!',
    description: `Second node only. Reads ${SOURCE_PATTERNS.join(', ')}; writes any ${LOOKUP_PATTERNS.join(', ')} lookup.`,
    role: 'lookups_test_b_analyst',
  },
};

export const NODE_B_ONLY_ROLES: Readonly<Record<string, RoleDefinition>> = {
  [NODE_B_ONLY_USERS.b_only_analyst.role]: {
    ...TEST_ROLES[TEST_USERS.lookup_writer.role],
    description: 'dashboards-lookups tests: ' + NODE_B_ONLY_USERS.b_only_analyst.description,
  },
};

export function usersOf(options: { nodeB?: boolean }): TestUser[] {
  return [...Object.values(TEST_USERS), ...(options.nodeB ? Object.values(NODE_B_ONLY_USERS) : [])];
}
