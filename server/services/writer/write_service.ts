/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * A write as a request makes it: the caller's client, the ceiling, the caller's name and the
 * lookup's lease, then the work (a `_write` body, an import, a PPL result).
 */
import type { LookupsRequestContext } from '../../types';
import { withLookupLease } from '../lookup_lease';
import type { LeaseOperation } from '../plugin_index/leases';
import type { WriterDeps } from './lookup_writer';

export async function writerDeps(
  ctx: LookupsRequestContext,
  extra: Partial<WriterDeps> = {}
): Promise<WriterDeps> {
  const [ceiling, user] = await Promise.all([ctx.ceiling(), ctx.user()]);
  return {
    client: ctx.client,
    config: ctx.config,
    logger: ctx.logger,
    records: ctx.records,
    ceiling,
    user,
    ...extra,
  };
}

/** Runs a write holding the lookup's lease; `work` gets the writer's dependencies, lease included. */
export async function writeUnderLease<T>(
  ctx: LookupsRequestContext,
  name: string,
  operation: LeaseOperation,
  work: (deps: WriterDeps) => Promise<T>
): Promise<T> {
  const deps = await writerDeps(ctx);
  return withLookupLease(ctx, name, operation, (lease) => work({ ...deps, lease }));
}
