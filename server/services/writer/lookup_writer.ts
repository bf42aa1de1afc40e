/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * The lookup writer, one write step by step: probe the target, check the options and the
 * ceiling, fill a slice with the rows, then publish with one `_aliases` request. Readers see the
 * complete old slice or the complete new one, never a mix. Everything runs as the caller.
 * The steps live beside it: slice_filler.ts streams the rows into the backing index,
 * record_keeping.ts starts and settles the write's record, publish.ts switches the alias.
 */
import type { WriteOptions, WriteResponse } from '../../../common/api/codecs';
import { appendToAbsentSliceUuid, randomSliceUuid } from '../../../common/substrate/slice_uuid';
import { isRefusal, planWrite } from '../../../common/substrate/target_state';
import type { LookupsConfig } from '../../config';
import { ConflictError } from '../../lib/errors';
import { probeTarget } from '../target_probe';
import { assertWriteKeepsRuledColumns } from '../match/ruled_columns';
import { applyBuildSettings, mayDropReplicas } from './build_settings';
import { ensureBackingIndex } from './backing_index';
import { throwIfCancelled } from './cancellation';
import { awaitEveryCopy } from './copies';
import { checkKeyFields } from './documents';
import type { RowOrigin } from './field_mapper';
import { actionOf, currentSliceOf, publish } from './publish';
import {
  beginRecord,
  type RecordDeps,
  settleEmpty,
  settleStopped,
  settleWritten,
  unmatchedRows,
} from './record_keeping';
import type { RowSource, RowSourceInfo } from './row_source';
import {
  boundedSource,
  boundedInfo,
  type FillDeps,
  fillSlice,
  type FilledSlice,
  isRemoteSource,
  type RemoteRowSource,
  type SliceFill,
} from './slice_filler';

/** What a write needs: the rows' (slice_filler.ts), the record's (record_keeping.ts), and these. */
export interface WriterDeps extends FillDeps, RecordDeps {
  config: Pick<
    LookupsConfig,
    | 'bulk_batch_size'
    | 'bulk_max_in_flight'
    | 'bulk_retry_deadline_ms'
    | 'copies_timeout_ms'
    | 'build_settings_min_rows'
    | 'backing_index'
  >;
  /** Told where the write is: the slice it fills, rows so far, and when it starts publishing. */
  progress?: WriteProgressListener;
  /**
   * The last word before a new version is published (a schedule's publish guards): throwing
   * keeps the lookup as it is and the unpublished slice for inspection. Not asked for appends.
   */
  beforePublish?: (candidate: PublishCandidate) => Promise<void>;
}

/** A new version, written and not yet published. */
export interface PublishCandidate {
  backingIndex: string;
  slice: string;
  previousSlice: string | null;
  rows: number;
  columns: string[];
}

export interface WriteProgress {
  phase: 'writing' | 'publishing';
  slice: string;
  previousSlice: string | null;
  rowsWritten: number;
  rowsTotal?: number;
  /** When publishing an upsert: what it did to the stored rows (see WriteResponse). */
  upsert?: Pick<WriteResponse, 'replaced' | 'unmatched'>;
}
export type WriteProgressListener = (progress: WriteProgress) => void | Promise<void>;

export async function writeLookup(
  deps: WriterDeps,
  name: string,
  input: RowSource | RemoteRowSource,
  options: WriteOptions
): Promise<WriteResponse> {
  const { client } = deps;
  const keyFields = options.key_field;
  const append = options.append ?? keyFields !== undefined;
  const overrideIfEmpty = options.override_if_empty ?? true;

  let source: RowSourceInfo;
  let fillRows: (fill: Omit<SliceFill, 'source'>) => Promise<FilledSlice>;
  if (isRemoteSource(input)) {
    source = boundedInfo(input, options.max, deps.ceiling);
    fillRows = (fill) =>
      input.fill({ ...fill, ...(options.max !== undefined ? { max: options.max } : {}) });
  } else {
    const local = boundedSource(input, options.max, deps.ceiling);
    source = local;
    fillRows = (fill) => fillSlice(deps, { ...fill, source: local });
  }
  if (keyFields && source.columnNames) checkKeyFields(keyFields, source.columnNames);

  const plan = planWrite(await probeTarget(client, name), { append });
  if (isRefusal(plan)) throw new ConflictError(plan.refuse.message, { reason: plan.refuse.reason });
  const previousSlice = currentSliceOf(plan);
  // The lookup's match rules read columns a new version must keep (checked again before publish).
  const knownColumns = source.columnNames ?? source.columns?.map((c) => c.name);
  if (plan.action === 'overwrite' && knownColumns)
    await assertWriteKeepsRuledColumns(client, plan.backingIndex, knownColumns);

  const empty = source.count === 0;
  if (empty && (!overrideIfEmpty || plan.action === 'append')) {
    return { rows_written: 0, slice: previousSlice, action: 'unchanged' };
  }

  const slice =
    plan.action === 'append'
      ? plan.currentSlice
      : plan.action === 'create' && plan.slice === 'deterministic'
        ? appendToAbsentSliceUuid(name)
        : randomSliceUuid();
  // A new random slice is invisible until published, so it may load with build settings.
  const staged =
    plan.action !== 'append' && !(plan.action === 'create' && plan.slice === 'deterministic');

  const createdIndex =
    plan.action === 'append'
      ? false
      : await ensureBackingIndex(client, plan.backingIndex, deps.config.backing_index);
  const large = source.count === undefined || source.count >= deps.config.build_settings_min_rows;
  const build =
    staged && large
      ? await applyBuildSettings(client, plan.backingIndex, deps.logger, {
          dropReplicas: mayDropReplicas(plan),
        })
      : { restore: async () => undefined };

  const write = await beginRecord(deps, plan, {
    lookup: name,
    backingIndex: plan.backingIndex,
    slice,
    keyFields,
  });
  // Rows already in the version that this upsert's key cannot match, read before it writes.
  const unmatched =
    plan.action === 'append' && keyFields ? await unmatchedRows(deps, write) : undefined;

  let filled: FilledSlice;
  // What an upsert into the current version did to its rows, once written.
  let upsertOutcome: Pick<WriteResponse, 'replaced' | 'unmatched'> = {};
  try {
    try {
      const origin: RowOrigin = deps.importing
        ? 'file'
        : deps.query !== undefined
          ? 'query'
          : 'rows';
      filled = await fillRows({
        index: plan.backingIndex,
        slice,
        keyFields,
        newVersion: plan.action !== 'append',
        origin,
        between: async (rowsWritten) => {
          await write.record?.heartbeat();
          await deps.progress?.({
            phase: 'writing',
            slice,
            previousSlice,
            rowsWritten,
            rowsTotal: source.count,
          });
        },
      });
    } finally {
      await build.restore();
    }
    if (keyFields && plan.action === 'append') {
      upsertOutcome = { replaced: filled.replaced, ...(unmatched ? { unmatched } : {}) };
    }
    // Durable on 200: every copy holds the rows before anyone is told, or can read, they are there.
    await awaitEveryCopy(client, plan.backingIndex, slice, {
      ...(plan.action !== 'append' ? { expectedRows: filled.rows } : {}),
      timeoutMs: deps.config.copies_timeout_ms,
      signal: deps.signal,
    });
    if (plan.action !== 'append') {
      await deps.beforePublish?.({
        backingIndex: plan.backingIndex,
        slice,
        previousSlice,
        rows: filled.rows,
        columns: source.columnNames ?? source.columns?.map((c) => c.name) ?? [],
      });
    }
    if (filled.rows === 0 && !overrideIfEmpty) {
      await settleEmpty(deps, write, { createdIndex });
      return { rows_written: 0, slice: previousSlice, action: 'unchanged' };
    }
    if (plan.action !== 'append')
      await assertWriteKeepsRuledColumns(client, plan.backingIndex, filled.columns);
    deps.lease?.assertHeld();
    throwIfCancelled(deps.signal);
    await deps.progress?.({
      phase: 'publishing',
      slice,
      previousSlice,
      rowsWritten: filled.rows,
      rowsTotal: source.count,
      ...(keyFields && plan.action === 'append' ? { upsert: upsertOutcome } : {}),
    });
    await publish(client, name, plan, slice);
  } catch (error) {
    await settleStopped(deps, write, { createdIndex, staged }, error);
    throw error;
  }
  const action = actionOf(plan, keyFields !== undefined);
  await settleWritten(deps, write, { action, ...filled });
  return { rows_written: filled.rows, slice, action, ...upsertOutcome };
}
