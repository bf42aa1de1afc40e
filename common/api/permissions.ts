/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * What the caller may do with a lookup, asked of OpenSearch as the caller (`_permissions`). The
 * app disables what is refused and names the missing permission; the server still checks every
 * real request, so an answer here is advice, never authority.
 */
import * as t from 'io-ts';
import { validateLookupName } from '../substrate/names';
import { strictObject } from './decode';

/** The user-facing actions on one lookup that need more than read access. */
export const LOOKUP_ACTIONS = [
  'write',
  'import',
  'restore',
  'migrate',
  'delete',
  'cleanup',
  'delete_version',
] as const;
export type LookupAction = (typeof LOOKUP_ACTIONS)[number];

/** One action's answer: allowed, or refused with the OpenSearch permission that was missing. */
export interface ActionGrant {
  allowed: boolean;
  /** The OpenSearch action the check was refused for, e.g. `indices:admin/delete`. */
  missing?: string;
  /** The security plugin's own words, for a "Details" disclosure. */
  reason?: string;
}

export interface LookupPermissions {
  name: string;
  actions: Record<LookupAction, ActionGrant>;
}

export interface PermissionsResponse {
  lookups: LookupPermissions[];
  /**
   * Whether the caller may change the security configuration (the security plugin's
   * `has_api_access`): only they are shown hints meant for an operator.
   */
  can_manage_security: boolean;
}

/** Names per request: a catalog page at most. */
export const MAX_PERMISSION_NAMES = 100;

/** Splits and checks `a,b,c`; a failure says which name breaks which rule. */
function parseNames(text: string): { names: string[] } | { problem: string } {
  const names = [...new Set(text.split(',').map((s) => s.trim()))].filter((s) => s !== '');
  if (names.length === 0)
    return { problem: 'expected one or more lookup names separated by commas' };
  if (names.length > MAX_PERMISSION_NAMES) {
    return {
      problem: `at most ${MAX_PERMISSION_NAMES} names per request but got ${names.length}; ask for one page at a time`,
    };
  }
  for (const name of names) {
    const check = validateLookupName(name, { purpose: 'read' });
    if (!check.ok) return { problem: `"${name}": ${check.message}` };
  }
  return { names };
}

const RawPermissionsQuery = strictObject('permissions query', {}, { names: t.string });

/** `?names=a,b`: decoded to the list of distinct names (none: only `can_manage_security`). */
export const PermissionsQuery = new t.Type<{ names: string[] }, unknown, unknown>(
  'permissions query',
  (u): u is { names: string[] } =>
    typeof u === 'object' && u !== null && Array.isArray((u as { names?: unknown }).names),
  (u, c) => {
    const raw = RawPermissionsQuery.validate(u, c);
    if (raw._tag === 'Left') return raw;
    if (raw.right.names === undefined) return t.success({ names: [] });
    const parsed = parseNames(raw.right.names);
    return 'names' in parsed
      ? t.success(parsed)
      : t.failure(u, t.appendContext(c, 'names', t.string, raw.right.names), parsed.problem);
  },
  (a) => a
);
export type PermissionsQuery = t.TypeOf<typeof PermissionsQuery>;
