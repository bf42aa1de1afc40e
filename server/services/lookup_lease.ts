/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Every mutating operation on a lookup runs through here: take the lookup's lease (409 naming
 * the holder when it is busy), settle what a dead operation left behind, run, release.
 */
import { backingIndexName } from '../../common/substrate/names';
import type { LookupsRequestContext } from '../types';
import type { Lease, LeaseOperation } from './plugin_index/leases';
import { restoreAbandonedBuildSettings } from './writer/build_settings';

export async function withLookupLease<T>(
  ctx: Pick<LookupsRequestContext, 'client' | 'leases' | 'logger' | 'user'>,
  name: string,
  operation: LeaseOperation,
  work: (lease: Lease) => Promise<T>,
  jobId?: string
): Promise<T> {
  const user = await ctx.user();
  return ctx.leases.run(name, { operation, user, job_id: jobId }, async ({ lease }) => {
    // Nobody else writes this lookup now: build values in force were left by a dead write.
    await restoreAbandonedBuildSettings(ctx.client, backingIndexName(name), ctx.logger);
    return work(lease);
  });
}
