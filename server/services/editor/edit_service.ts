/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * An edit of a lookup, as the caller: the base version with the edit applied, written as a new
 * slice and published by one `_aliases` request, as an overwrite is, under the lookup's lease.
 * The caller's right to write is checked before the lease; under it, the lookup's current
 * version must still be the edit's base (else 409 `stale_base`, naming who wrote the current
 * one), and the whole edit is checked before anything is written. Edits are bounded by
 * `lookups.editor.max_rows` (and the request body limit), so a base is read whole.
 */
import type { CompareResponse } from '../../../common/api/compare';
import type { EditBody, EditResponse, StaleBaseAttributes } from '../../../common/api/edit';
import { sliceFilter } from '../../../common/substrate/alias_filter';
import { backingIndexName } from '../../../common/substrate/names';
import { randomSliceUuid } from '../../../common/substrate/slice_uuid';
import type { TargetState } from '../../../common/substrate/target_state';
import { ConflictError, NotFoundError } from '../../lib/errors';
import type { LookupsRequestContext } from '../../types';
import { withLookupLease } from '../lookup_lease';
import { assertEditFitsRules, rulesOfIndex } from '../match/ruled_columns';
import type { Lease } from '../plugin_index/leases';
import type { RunningRecord } from '../plugin_index/write_records';
import { probeTarget } from '../target_probe';
import { deleteSliceRows, ensureBackingIndex } from '../writer/backing_index';
import { BulkLoader, type BulkDocument } from '../writer/bulk_loader';
import { awaitEveryCopy } from '../writer/copies';
import { toDocument } from '../writer/documents';
import { readBaseVersion, readMapping } from './base_version';
import { planEdit, type BaseVersion, type EditPlan } from './edit_plan';
import { keyedId } from './key_scheme';

export type EditContext = Pick<
  LookupsRequestContext,
  'client' | 'records' | 'leases' | 'logger' | 'config' | 'user'
>;

export async function editLookup(
  ctx: EditContext,
  name: string,
  body: EditBody
): Promise<EditResponse> {
  if (body.dry_run) return planUnder(ctx, name, body).then(({ plan, base }) => dryRun(plan, base));
  // The caller's right to write is checked before the lease is taken (withLookupLease).
  return withLookupLease(ctx, name, 'edit', async (lease) => {
    const { plan, base, target } = await planUnder(ctx, name, body);
    return write(ctx, name, plan, base, target, lease);
  });
}

/** The target as it is now, its base version, and the edit applied to it. */
async function planUnder(ctx: EditContext, name: string, body: EditBody) {
  const target = await probeTarget(ctx.client, name);
  const index = backingIndexName(name);
  const current =
    target.kind === 'managed' || target.kind === 'legacy' ? target.currentSlice : null;
  if (body.base_slice === null) {
    if (target.kind !== 'absent') throw await stale(ctx, name, index, null, current, target);
  } else if (target.kind === 'absent') {
    throw new NotFoundError(
      `There is no lookup named "${name}" any more: it was deleted since the edit began. Nothing was written.`
    );
  } else if (target.kind === 'legacy') {
    throw new ConflictError(
      `"${name}" lives in the data importer's index ${target.legacyIndex}: migrate it first, then edit it. Nothing was written.`,
      { kind: target.kind }
    );
  } else if (target.kind !== 'managed') {
    throw new ConflictError(
      `"${name}" is not a lookup (${target.kind.replace(/_/g, ' ')}), so it cannot be edited. Nothing was written.`,
      { kind: target.kind }
    );
  } else if (target.currentSlice !== body.base_slice) {
    throw await stale(ctx, name, index, body.base_slice, current, target);
  }
  const maxRows = ctx.config.editor.max_rows;
  const base: BaseVersion =
    body.base_slice === null
      ? { slice: null, columns: [], mapped: await mappingIfAny(ctx, index), rows: [] }
      : await readBaseVersion(
          ctx.client,
          name,
          index,
          body.base_slice,
          await ctx.records.get(index, body.base_slice),
          maxRows
        );
  const plan = planEdit(base, body, { maxRows });
  // The lookup's match rules hold for the new version too (409 for a ruled column dropped).
  if (target.kind === 'managed') {
    assertEditFitsRules(await rulesOfIndex(ctx.client, index), {
      drop: body.columns?.drop ?? [],
      renamed: (body.columns?.rename ?? []).map((r) => r.from),
      columns: plan.columns,
      rows: plan.rows.map((r) => r.source),
    });
  }
  return { plan, base, target };
}

/** A lookup that does not exist may still have a backing index (its alias was removed). */
async function mappingIfAny(ctx: EditContext, index: string) {
  try {
    return await readMapping(ctx.client, index);
  } catch (error) {
    if ((error as { meta?: { statusCode?: number } }).meta?.statusCode === 404) return new Map();
    throw error;
  }
}

async function stale(
  ctx: EditContext,
  name: string,
  index: string,
  base: string | null,
  current: string | null,
  target: TargetState
): Promise<ConflictError> {
  const record = current ? await ctx.records.get(index, current) : undefined;
  const writer = record?.user ?? null;
  const at = record?.finished_at ?? record?.started_at ?? null;
  const attributes: StaleBaseAttributes = {
    reason: 'stale_base',
    base_slice: base,
    current_slice: current,
    written_by: writer,
    written_at: at,
    action: record?.action ?? null,
  };
  const who = writer ? ` by ${writer}` : '';
  const when = at ? ` at ${at}` : '';
  const message =
    base === null
      ? `"${name}" exists already (${target.kind === 'managed' ? `version ${current}, written${who}${when}` : target.kind.replace(/_/g, ' ')}): open it and edit it instead. Nothing was written.`
      : `"${name}" changed since your edit began: its current version is ${current ?? 'none'}, written${who}${when}, not ${base}. Nothing was written. Compare the two, then apply your changes to the current version or discard them.`;
  return new ConflictError(message, { ...attributes });
}

function response(
  plan: EditPlan,
  slice: string | null,
  previous: string | null
): Omit<EditResponse, 'dry_run' | 'preview'> {
  return { ...plan.summary, slice, previous, rows: plan.rows.length };
}

function dryRun(plan: EditPlan, base: BaseVersion): EditResponse {
  const preview: CompareResponse = plan.preview;
  return { ...response(plan, null, base.slice), dry_run: true, preview };
}

async function write(
  ctx: EditContext,
  name: string,
  plan: EditPlan,
  base: BaseVersion,
  target: TargetState,
  lease: Lease
): Promise<EditResponse> {
  const { client, config } = ctx;
  const index = backingIndexName(name);
  const slice = randomSliceUuid();
  const user = await ctx.user();
  const createdIndex =
    target.kind === 'absent'
      ? await ensureBackingIndex(client, index, config.backing_index)
      : false;
  let record: RunningRecord | undefined;
  const loader = new BulkLoader({
    client,
    index,
    batchSize: config.bulk_batch_size,
    maxInFlight: config.bulk_max_in_flight,
    retryDeadlineMs: config.bulk_retry_deadline_ms,
    copiesTimeoutMs: config.copies_timeout_ms,
    logger: ctx.logger,
  });
  try {
    if (Object.keys(plan.newMappings).length > 0) {
      await client.indices.putMapping({ index, body: { properties: plan.newMappings } });
    }
    const columns = plan.columns.map((c) => c.name);
    record = await ctx.records.begin({
      lookup: name,
      backing_index: index,
      slice,
      user,
      columns,
      // What the write sets out to do, so a version it never finishes still says how it began.
      action: 'edited',
      ...(lease.holder.token ? { lease_token: lease.holder.token } : {}),
      ...(plan.keys ? { key_field: plan.keys.fields } : {}),
    });
    const types = new Map(plan.columns.map((c) => [c.name, c.type]));
    const documents: BulkDocument[] = plan.rows.map((row, rowNumber) => ({
      rowNumber,
      id: row.key ? keyedId(row.source, row.key, types, slice) : undefined,
      source: toDocument(row.source, slice),
    }));
    loader.add(documents);
    await loader.finish();
    await awaitEveryCopy(client, index, slice, {
      expectedRows: plan.rows.length,
      timeoutMs: config.copies_timeout_ms,
    });
    lease.assertHeld();
  } catch (error) {
    await loader.settle();
    await discard(ctx, index, slice, createdIndex, record !== undefined);
    throw error;
  }
  try {
    await client.indices.updateAliases({
      body: { actions: [{ add: { index, alias: name, filter: sliceFilter(slice) } }] },
    });
  } catch (error) {
    // The request may have been applied without its answer arriving: the rows stay, and the
    // alias says which version is current (the catalog settles the record from it).
    await record.finish({ status: 'failed', error: (error as Error).message });
    throw error;
  }
  await record.finish({
    status: 'complete',
    action: 'edited',
    rows: plan.rows.length,
    columns: plan.columns.map((c) => c.name),
    ...(plan.keys ? { key_field: plan.keys.fields } : {}),
    edit: plan.summary,
  });
  return response(plan, slice, base.slice);
}

/** An edit that failed part-way leaves nothing: its rows and record go, or the index it made. */
async function discard(
  ctx: EditContext,
  index: string,
  slice: string,
  createdIndex: boolean,
  recorded: boolean
) {
  try {
    if (createdIndex) {
      await ctx.client.indices.delete({ index }, { ignore: [404] });
      await ctx.records.forget(index);
      return;
    }
    await deleteSliceRows(ctx.client, index, [slice]);
    if (recorded) await ctx.records.forget(index, [slice]);
  } catch (cleanup) {
    ctx.logger.warn(
      `could not remove the unpublished version ${slice} of ${index} after its edit failed (the reaper will): ${(cleanup as Error).message}`
    );
  }
}
