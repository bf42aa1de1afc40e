/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * What the caller may do with a lookup, asked of OpenSearch as the caller. The security plugin has
 * no "has privileges" API, so each permission is probed with a request that cannot change
 * anything: it names `<name>__PERMISSION_PROBE__lookup`, an index that cannot exist (index names
 * are lower case), under the lookup's own name prefix. The security plugin authorises the request
 * against the caller's index patterns first (403 when refused); when allowed, OpenSearch then
 * answers "no such index" (404) or "invalid name" (400) and does nothing.
 *
 * The app shows these answers, and every mutating operation asks the same before it takes the
 * lookup's lease (`assertMayAct`): a caller OpenSearch would refuse never holds or waits for the
 * lease, so cannot make the lookup busy for those who may write it. OpenSearch still checks
 * every real request. Roles that name a backing index exactly (not by a pattern over the
 * lookup's name) read as refused here.
 */
import type { OpenSearchClient } from 'opensearch-dashboards/server';
import type { ActionGrant, LookupAction, LookupPermissions } from '../../../common/api/permissions';
import { isOpenSearchResponseError, LookupError, openSearchReason } from '../../lib/errors';

type Probe = 'create' | 'write' | 'aliases' | 'delete' | 'delete_by_query' | 'read';

/** The OpenSearch action each probe stands for (named when no reason says otherwise). */
const PROBE_ACTIONS: Record<Probe, string> = {
  create: 'indices:admin/create',
  write: 'indices:data/write/update/byquery',
  aliases: 'indices:admin/aliases',
  delete: 'indices:admin/delete',
  delete_by_query: 'indices:data/write/delete/byquery',
  read: 'indices:data/read/search',
};

/** The probes whose answers `_permissions` gives; reading is asked only where it decides something. */
const ACTION_PROBE_LIST: Probe[] = ['create', 'write', 'aliases', 'delete', 'delete_by_query'];

/** Which probes each user-facing action needs, in the order their refusal is named. */
const ACTION_PROBES: Record<LookupAction, Probe[]> = {
  write: ['create', 'write', 'aliases'],
  import: ['create', 'write', 'aliases'],
  restore: ['aliases'],
  migrate: ['create', 'write', 'aliases'],
  delete: ['delete'],
  cleanup: ['delete_by_query'],
  delete_version: ['delete_by_query'],
};

/** At most this many probes in flight per request, so a catalog page does not flood the cluster. */
const PROBE_CONCURRENCY = 8;

export function probeIndexName(name: string): string {
  return `${name}__PERMISSION_PROBE__lookup`;
}

const MATCH_NONE = { query: { match_none: {} } };

function sendProbe(client: OpenSearchClient, probe: Probe, index: string): Promise<unknown> {
  switch (probe) {
    case 'create':
      return client.indices.create({ index });
    case 'write':
      return client.updateByQuery({ index, body: MATCH_NONE });
    case 'aliases':
      return client.indices.updateAliases({
        body: { actions: [{ add: { index, alias: `${index}_alias` } }] },
      });
    case 'delete':
      return client.indices.delete({ index });
    case 'delete_by_query':
      return client.deleteByQuery({ index, body: MATCH_NONE });
    case 'read':
      return client.search({ index, size: 0, body: MATCH_NONE });
  }
}

/** The action named in "no permissions for [indices:admin/delete] and User …". */
function refusedAction(reason: string): string | undefined {
  return /no permissions for \[([^\]]+)\]/.exec(reason)?.[1];
}

async function runProbe(
  client: OpenSearchClient,
  probe: Probe,
  name: string
): Promise<ActionGrant> {
  try {
    await sendProbe(client, probe, probeIndexName(name));
    return { allowed: true };
  } catch (error) {
    if (!isOpenSearchResponseError(error)) throw error;
    const status = error.meta.statusCode;
    if (status === 403) {
      const reason = openSearchReason(error);
      return { allowed: false, missing: refusedAction(reason) ?? PROBE_ACTIONS[probe], reason };
    }
    // Authorised, then refused for the name that cannot exist: nothing was done.
    if (status === 404 || status === 400) return { allowed: true };
    throw error;
  }
}

async function inBatches<T, R>(items: T[], size: number, run: (item: T) => Promise<R>) {
  const results: R[] = [];
  for (let i = 0; i < items.length; i += size) {
    results.push(...(await Promise.all(items.slice(i, i + size).map(run))));
  }
  return results;
}

/** Every action's answer for each lookup; five harmless probes per name. */
export async function lookupPermissions(
  client: OpenSearchClient,
  names: string[]
): Promise<LookupPermissions[]> {
  const probes = ACTION_PROBE_LIST;
  const jobs = names.flatMap((name) => probes.map((probe) => ({ name, probe })));
  const grants = await inBatches(jobs, PROBE_CONCURRENCY, ({ name, probe }) =>
    runProbe(client, probe, name)
  );
  return names.map((name, n) => {
    const byProbe = new Map(probes.map((probe, p) => [probe, grants[n * probes.length + p]]));
    const actions = {} as Record<LookupAction, ActionGrant>;
    for (const [action, needed] of Object.entries(ACTION_PROBES) as Array<
      [LookupAction, Probe[]]
    >) {
      const refused = needed.map((probe) => byProbe.get(probe)!).find((grant) => !grant.allowed);
      actions[action] = refused ?? { allowed: true };
    }
    return { name, actions };
  });
}

/** How a refusal names what was asked. */
const ACTION_WORDS: Record<LookupAction, string> = {
  write: 'write',
  import: 'import into',
  restore: 'restore a version of',
  migrate: 'migrate',
  delete: 'delete',
  cleanup: 'clean up',
  delete_version: 'delete a version of',
};

/**
 * Throws a 403 naming the missing permission when the caller may not do `action` to the lookup:
 * asked as the caller, with the same probes as `_permissions`, before anything else happens.
 */
export async function assertMayAct(
  client: OpenSearchClient,
  name: string,
  action: LookupAction
): Promise<void> {
  const grants = await Promise.all(
    ACTION_PROBES[action].map((probe) => runProbe(client, probe, name))
  );
  const refused = grants.find((grant) => !grant.allowed);
  if (!refused) return;
  throw new LookupError(
    403,
    `OpenSearch refused this for your user: ${refused.reason}. You may not ${ACTION_WORDS[action]} "${name}"; ask an administrator for ${refused.missing} on the lookup and its backing index.`,
    { reason: refused.reason, action, missing: refused.missing }
  );
}

/** Whether the caller may read the lookup (search it), asked as the caller. */
export async function mayRead(client: OpenSearchClient, name: string): Promise<boolean> {
  return (await runProbe(client, 'read', name)).allowed;
}

/** The security plugin's `has_api_access` for the caller; false without the plugin. */
export async function canManageSecurity(client: OpenSearchClient): Promise<boolean> {
  try {
    const { body } = await client.transport.request({
      method: 'GET',
      path: '/_plugins/_security/api/permissionsinfo',
    });
    return (body as { has_api_access?: boolean }).has_api_access === true;
  } catch (error) {
    if (isOpenSearchResponseError(error)) return false;
    throw error;
  }
}
