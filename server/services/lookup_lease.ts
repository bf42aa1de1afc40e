/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Every mutating operation on a lookup runs through here: check, as the caller, that they may do
 * it (a 403 before the lease is touched, so a caller without rights never makes the lookup busy),
 * take the lookup's lease (409 when it is busy, naming the holder only to who may read the
 * lookup), settle what a dead operation left behind, run, release.
 */
import type { OpenSearchClient } from 'opensearch-dashboards/server';
import type { LookupAction } from '../../common/api/permissions';
import { backingIndexName } from '../../common/substrate/names';
import type { LookupsRequestContext } from '../types';
import {
  LookupBusyError,
  PlainLookupBusyError,
  type AcquiredLease,
  type Lease,
  type LeaseHolder,
  type LeaseOperation,
  type LeaseStore,
} from './plugin_index/leases';
import { assertMayAct, mayRead } from './permissions/permission_probe';
import { restoreAbandonedBuildSettings } from './writer/build_settings';

/** The right each operation needs, as `_permissions` names it. */
export const OPERATION_ACTIONS: Record<LeaseOperation, LookupAction> = {
  write: 'write',
  import: 'import',
  migrate: 'migrate',
  rollback: 'restore',
  reap: 'cleanup',
  delete: 'delete',
  delete_version: 'delete_version',
  edit: 'write',
  job: 'write',
  schedule: 'write',
  match: 'write',
  replicas: 'write',
};

/**
 * Takes the lease for a caller already found to have the right: a busy lookup is a 409 that
 * names its holder only if the caller may read the lookup.
 */
export async function acquireAsCaller(
  client: OpenSearchClient,
  leases: LeaseStore,
  name: string,
  holder: LeaseHolder
): Promise<AcquiredLease> {
  try {
    return await leases.acquire(name, holder);
  } catch (error) {
    if (error instanceof LookupBusyError && !(await mayRead(client, name))) {
      throw new PlainLookupBusyError(name);
    }
    throw error;
  }
}

export async function withLookupLease<T>(
  ctx: Pick<LookupsRequestContext, 'client' | 'leases' | 'logger' | 'user'>,
  name: string,
  operation: LeaseOperation,
  work: (lease: Lease) => Promise<T>,
  jobId?: string
): Promise<T> {
  const [user] = await Promise.all([
    ctx.user(),
    assertMayAct(ctx.client, name, OPERATION_ACTIONS[operation]),
  ]);
  const { lease } = await acquireAsCaller(ctx.client, ctx.leases, name, {
    operation,
    user,
    job_id: jobId,
  });
  try {
    // Nobody else writes this lookup now: build values in force were left by a dead write.
    await restoreAbandonedBuildSettings(ctx.client, backingIndexName(name), ctx.logger);
    return await work(lease);
  } finally {
    await lease.release();
  }
}
