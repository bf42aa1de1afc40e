/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * What can be done to a lookup besides writing it: migrate an importer lookup, roll back to a
 * retained slice, reap orphans, delete. Each refuses cleanly, with nothing changed, where it
 * cannot apply; each runs as the caller.
 */
import type {
  DeleteResponse,
  DeleteVersionResponse,
  LookupDetail,
  MigrateResponse,
  ReapBody,
  ReapResponse,
  RollbackResponse,
} from '../../../common/api/codecs';
import { REAP_DEFAULTS } from '../../../common/api/codecs';
import { sliceFilter } from '../../../common/substrate/alias_filter';
import { LOOKUP_FIELD, backingIndexName } from '../../../common/substrate/names';
import { deleteSliceRows } from '../writer/backing_index';
import {
  BadRequestError,
  ConflictError,
  LookupError,
  NotFoundError,
  openSearchStatus,
} from '../../lib/errors';
import type { LookupsRequestContext } from '../../types';
import { scanDocuments } from '../document_scan';
import { withLookupLease } from '../lookup_lease';
import type { Lease } from '../plugin_index/leases';
import { writeLookup } from '../writer/lookup_writer';
import { recordId, recordTime, WriteRecord } from '../plugin_index/write_records';
import { CatalogService } from './catalog_service';
import { planReap, restorable } from './reap_plan';

export const DEFAULT_KEEP = REAP_DEFAULTS.keep;
export const DEFAULT_GRACE = REAP_DEFAULTS.older_than;

const UNITS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };
export function parseTimeValue(value: string): number {
  const match = /^(\d+)(ms|s|m|h|d)$/.exec(value);
  if (!match)
    throw new BadRequestError(
      `"${value}" is not a time value: use a number and a unit, as in "1h", "30m" or "0s".`
    );
  return Number(match[1]) * UNITS[match[2]];
}

export type OperationsDeps = Pick<
  LookupsRequestContext,
  'client' | 'records' | 'leases' | 'config' | 'logger' | 'ceiling' | 'user'
> &
  Partial<Pick<LookupsRequestContext, 'descriptions'>>;

/** Each mutating operation takes the lookup's lease and reads the lookup's state under it. */
export class LookupOperations {
  private readonly catalog: CatalogService;

  constructor(private readonly deps: OperationsDeps) {
    this.catalog = new CatalogService(deps.client, deps.records, deps.leases);
  }

  async migrate(name: string, dryRun: boolean): Promise<MigrateResponse> {
    if (dryRun) return this.migrateUnderLease(name, true);
    return withLookupLease(this.deps, name, 'migrate', (lease) =>
      this.migrateUnderLease(name, false, lease)
    );
  }

  private async migrateUnderLease(
    name: string,
    dryRun: boolean,
    lease?: Lease
  ): Promise<MigrateResponse> {
    const lookup = await this.catalog.get(name);
    const target = backingIndexName(name);
    if (lookup.kind === 'managed') {
      return {
        dry_run: dryRun,
        action: 'unchanged',
        name,
        legacy_index: null,
        target_backing_index: target,
        rows: lookup.rows,
        fields: [],
        slice: lookup.current_slice,
        message: `"${name}" is already a managed lookup in ${target}; there is nothing to migrate.`,
      };
    }
    if (lookup.kind !== 'legacy') {
      throw new ConflictError(
        `"${name}" is not an importer lookup (${lookup.kind}): only those can be migrated. ${lookup.reason ?? ''}`.trim(),
        {
          kind: lookup.kind,
        }
      );
    }
    const fields = await this.fieldsOf(lookup.backing_index!);
    if (dryRun) {
      return {
        dry_run: true,
        action: 'would_migrate',
        name,
        legacy_index: lookup.backing_index,
        target_backing_index: target,
        rows: lookup.rows,
        fields,
        slice: null,
        message: `Would copy ${lookup.rows} rows of "${name}" into ${target} as a new slice and move the alias there in one request. The index ${lookup.backing_index} stays as it is.`,
      };
    }
    const { client } = this.deps;
    const result = await writeLookup(
      {
        ...this.deps,
        ceiling: await this.deps.ceiling(),
        user: await this.deps.user(),
        lease,
      },
      name,
      {
        count: lookup.rows,
        // The importer's index, through the lookup's own filter: what the alias shows.
        batches: () =>
          scanDocuments(client, {
            indices: [lookup.backing_index!],
            query: (lookup.filter ?? { match_none: {} }) as Record<string, unknown>,
            sourceExcludes: [LOOKUP_FIELD],
            pageSize: this.deps.config.bulk_batch_size,
          }),
      },
      { append: false }
    );
    return {
      dry_run: false,
      action: 'migrated',
      name,
      legacy_index: lookup.backing_index,
      target_backing_index: target,
      rows: result.rows_written,
      fields,
      slice: result.slice,
      message: `Copied ${result.rows_written} rows into ${target} and moved the alias. The index ${lookup.backing_index} is unchanged.`,
    };
  }

  async rollback(name: string, slice: string): Promise<RollbackResponse> {
    return withLookupLease(this.deps, name, 'rollback', (lease) =>
      this.rollbackUnderLease(name, slice, lease)
    );
  }

  private async rollbackUnderLease(
    name: string,
    slice: string,
    lease: Lease
  ): Promise<RollbackResponse> {
    const lookup = await this.managed(name, 'rolled back');
    if (slice === lookup.current_slice) {
      throw new BadRequestError(`Slice ${slice} is already the current version of "${name}".`, {
        slice,
      });
    }
    const target = lookup.slices.find((s) => s.id === slice);
    if (!target) {
      throw new NotFoundError(
        `"${name}" has no retained slice ${slice}. Pick one of: ${
          lookup.slices
            .filter((s) => !s.current)
            .map((s) => s.id)
            .join(', ') || '(none retained)'
        }.`,
        { slice }
      );
    }
    if (target.in_flight)
      throw new ConflictError(
        `Slice ${slice} is still being written; wait for that write to finish.`,
        { slice }
      );
    if (!restorable(target)) {
      const how =
        target.state === 'cancelled'
          ? 'was cancelled'
          : target.state === 'failed'
            ? 'failed'
            : 'stopped';
      throw new ConflictError(
        `Version ${slice} of "${name}" is incomplete: its write ${how} part-way, so it cannot be restored. Pick a complete version.`,
        { slice, state: target.state }
      );
    }
    lease.assertHeld();
    await this.deps.client.indices.updateAliases({
      body: {
        actions: [
          { add: { index: lookup.backing_index, alias: name, filter: sliceFilter(slice) } },
        ],
      },
    });
    await this.deps.records.noteEvent({
      type: 'version_restored',
      lookup: name,
      backing_index: lookup.backing_index!,
      slice,
      previous: lookup.current_slice ?? null,
      rows: target.rows,
      at: new Date().toISOString(),
      by: await this.deps.user(),
    });
    return { slice, previous: lookup.current_slice! };
  }

  async reap(name: string, options: ReapBody): Promise<ReapResponse> {
    if (options.dry_run) return this.reapUnderLease(name, options);
    return withLookupLease(this.deps, name, 'reap', (lease) =>
      this.reapUnderLease(name, options, lease)
    );
  }

  /** The alias is read under the lease: the current slice is never one the reaper removes. */
  private async reapUnderLease(
    name: string,
    options: ReapBody,
    lease?: Lease
  ): Promise<ReapResponse> {
    const { lookup, records } = await this.catalog.getWithRecords(name);
    if (lookup.kind !== 'managed' && lookup.kind !== 'broken') {
      throw new ConflictError(
        lookup.kind === 'legacy'
          ? `"${name}" lives in the importer's index ${lookup.backing_index}, which the reaper never touches. Migrate it first.`
          : `"${name}" is not a lookup this plugin manages (${lookup.kind}).`,
        { kind: lookup.kind }
      );
    }
    return this.reapLookup(lookup, records, options, lease);
  }

  async reapAll(options: ReapBody): Promise<ReapResponse> {
    const out: ReapResponse = {
      dry_run: options.dry_run ?? false,
      removed: [],
      kept: [],
      skipped: [],
    };
    let tried = 0;
    const refused: unknown[] = [];
    for (const summary of await this.catalog.list()) {
      if ((summary.kind !== 'managed' && summary.kind !== 'broken') || summary.orphan_count === 0)
        continue;
      tried++;
      try {
        const result = await this.reap(summary.name, options);
        out.removed.push(...result.removed);
        out.kept.push(...result.kept);
      } catch (error) {
        const status = error instanceof LookupError ? error.statusCode : openSearchStatus(error);
        if (status === 403) refused.push(error);
        out.skipped!.push({ lookup: summary.name, reason: (error as Error).message });
      }
    }
    // Nothing could be done because every lookup was refused: that is a refusal, not a success.
    if (tried > 0 && refused.length === tried) throw refused[0];
    return out;
  }

  async delete(name: string): Promise<DeleteResponse> {
    return withLookupLease(this.deps, name, 'delete', (lease) =>
      this.deleteUnderLease(name, lease)
    );
  }

  /** Deletes one old version: its rows, as the caller; its record stays as the timeline's event. */
  async deleteVersion(name: string, slice: string): Promise<DeleteVersionResponse> {
    return withLookupLease(this.deps, name, 'delete_version', (lease) =>
      this.deleteVersionUnderLease(name, slice, lease)
    );
  }

  /** The alias is read under the lease, so the version it publishes is never the one deleted. */
  private async deleteVersionUnderLease(
    name: string,
    slice: string,
    lease: Lease
  ): Promise<DeleteVersionResponse> {
    const lookup = await this.catalog.get(name);
    if (lookup.kind !== 'managed' && lookup.kind !== 'broken') {
      throw new ConflictError(
        lookup.kind === 'legacy'
          ? `"${name}" is an importer lookup over ${lookup.backing_index}: it has one version, which belongs to the importer's index. Migrate it first.`
          : `"${name}" is not a lookup this plugin manages (${lookup.kind}). Nothing was deleted.`,
        { kind: lookup.kind }
      );
    }
    if (slice === lookup.current_slice) {
      const others = lookup.slices.filter((s) => !s.current && restorable(s));
      throw new ConflictError(
        `Version ${slice} is the current version of "${name}": searches read it, so it cannot be deleted. ${
          others.length > 0
            ? 'Restore another version first (Versions tab, or POST _rollback), then delete this one.'
            : 'It is the only complete version; delete the whole lookup instead.'
        }`,
        { slice, reason: 'current_version' }
      );
    }
    const target = lookup.slices.find((s) => s.id === slice);
    if (!target) {
      const old = lookup.slices.filter((s) => !s.current).map((s) => s.id);
      throw new NotFoundError(
        `"${name}" has no version ${slice}. ${
          old.length > 0 ? `Its old versions are: ${old.join(', ')}.` : 'It has no old versions.'
        }`,
        { slice }
      );
    }
    if (target.in_flight) {
      throw new ConflictError(
        `Version ${slice} of "${name}" is still being written; wait for that write to finish.`,
        { slice }
      );
    }
    const index = lookup.backing_index!;
    lease.assertHeld();
    const deleted = await deleteSliceRows(this.deps.client, index, [slice]);
    await this.deps.records.markDeleted(
      { lookup: name, backing_index: index, slice, rows: target.rows },
      await this.deps.user()
    );
    return { name, slice, rows: deleted ?? target.rows };
  }

  private async deleteUnderLease(name: string, lease: Lease): Promise<DeleteResponse> {
    const lookup = await this.catalog.get(name);
    if (lookup.kind === 'legacy') {
      throw new ConflictError(
        `"${name}" is an importer lookup over ${lookup.backing_index}; that index belongs to its owner and is not deleted here. Remove the alias in OpenSearch, or migrate the lookup first.`,
        { kind: lookup.kind }
      );
    }
    if (lookup.kind === 'conflict') {
      throw new ConflictError(`${lookup.reason} Nothing was deleted.`, { kind: lookup.kind });
    }
    const index = lookup.backing_index!;
    lease.assertHeld();
    await this.deps.client.indices.delete({ index });
    await this.deps.records.forget(index);
    await this.deps.descriptions?.forget(name);
    const rows = lookup.slices.reduce((n, s) => n + s.rows, 0);
    return {
      name,
      removed_alias: lookup.kind === 'managed' ? name : null,
      removed_index: index,
      rows,
    };
  }

  private async reapLookup(
    lookup: LookupDetail,
    records: Map<string, WriteRecord>,
    options: ReapBody,
    lease?: Lease
  ): Promise<ReapResponse> {
    const keep = options.keep ?? DEFAULT_KEEP;
    const graceMs = parseTimeValue(options.older_than ?? DEFAULT_GRACE);
    const dryRun = options.dry_run ?? false;
    const index = lookup.backing_index!;
    const now = Date.now();

    const orphans = lookup.slices.filter((s) => !s.current && !s.in_flight);
    // Slices another writer made have no record: their grace period runs from when first seen.
    const unseen = orphans.filter((s) => !records.has(recordId(index, s.id)));
    // The server writes records on the caller's behalf only once the caller may delete here.
    if (!dryRun) await this.checkMayDelete(index);
    if (!dryRun)
      await this.deps.records.noteSeen(
        unseen.map((s) => ({ lookup: lookup.name, backing_index: index, slice: s.id }))
      );
    const age = (id: string) => {
      const time = recordTime(records.get(recordId(index, id)));
      return time === undefined ? 0 : now - time;
    };
    const { removed, kept } = planReap(lookup.name, lookup.slices, age, {
      keep,
      graceMs,
      olderThan: options.older_than ?? DEFAULT_GRACE,
    });

    if (!dryRun && removed.length > 0) {
      lease?.assertHeld();
      await deleteSliceRows(
        this.deps.client,
        index,
        removed.map((r) => r.slice)
      );
      await this.deps.records.forget(
        index,
        removed.map((r) => r.slice)
      );
    }
    return { dry_run: dryRun, removed, kept };
  }

  /**
   * The caller's right to delete documents in the backing index, asked as the caller with a
   * delete-by-query that matches nothing: a 403 here stops the reap before anything is written.
   */
  private async checkMayDelete(index: string) {
    await this.deps.client.deleteByQuery({
      index,
      refresh: false,
      body: { query: { match_none: {} } },
    });
  }

  private async managed(name: string, verb: string): Promise<LookupDetail> {
    const lookup = await this.catalog.get(name);
    if (lookup.kind !== 'managed') {
      throw new ConflictError(
        `"${name}" cannot be ${verb}: it is ${lookup.kind === 'legacy' ? 'an importer lookup; migrate it first' : `${lookup.kind}. ${lookup.reason ?? ''}`}`.trim(),
        { kind: lookup.kind }
      );
    }
    return lookup;
  }

  private async fieldsOf(index: string): Promise<string[]> {
    const { body } = await this.deps.client.indices.getMapping({ index });
    const properties =
      (body as Record<string, { mappings?: { properties?: Record<string, unknown> } }>)[index]
        ?.mappings?.properties ?? {};
    return Object.keys(properties)
      .filter((f) => f !== LOOKUP_FIELD)
      .sort();
  }
}
