/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/* The test users that scripts/opensearch/security.ts creates, as callers of the HTTP API. */
import { TEST_USERS } from '../../scripts/opensearch/test_users';
import type { Caller } from './api';

function caller(username: string): Required<Caller> {
  const user = Object.values(TEST_USERS).find((u) => u.username === username);
  if (!user) throw new Error(`scripts/opensearch/security.ts defines no user ${username}`);
  return { username: user.username, password: user.password };
}

export const users = {
  /** Reads the sample data and writes any `lk_*` lookup. */
  writer: caller('lookup_writer'),
  /** Reads the sample data and `lk_*` lookups; writes nothing. */
  reader: caller('lookup_reader'),
  /** Writes only `lk_team_a_*` lookups. */
  teamAWriter: caller('team_a_writer'),
  /** Signs in, and may read no index at all. */
  noAccess: caller('no_access_user'),
};
