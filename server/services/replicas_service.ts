/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * A lookup's replica choice: its backing index's `index.auto_expand_replicas`. The index is the
 * lookup across all its versions and a write puts back exactly the settings it found
 * (writer/build_settings.ts), so the choice holds through overwrites, appends and edits. Setting
 * it is an operation on the lookup, under its lease, so it never lands between a write's build
 * values and their restore. Who chose it and when is kept in the index's `_meta` (readable by
 * whoever may read the lookup) and as a `replicas_changed` event.
 */
import type { ReplicasBody, ReplicasSettings } from '../../common/api/replicas';
import type { TargetState } from '../../common/substrate/target_state';
import {
  ConflictError,
  isOpenSearchResponseError,
  LookupError,
  NotFoundError,
  openSearchReason,
  openSearchStatus,
} from '../lib/errors';
import type { LookupsRequestContext } from '../types';
import { readIndexMeta, writeIndexMetaKey } from './index_meta';
import { withLookupLease } from './lookup_lease';
import { probeTarget } from './target_probe';
import { settingsOutsideBuild } from './writer/build_settings';

export const REPLICAS_META_KEY = 'lookups_replicas';

export type ReplicasDeps = Pick<
  LookupsRequestContext,
  'client' | 'records' | 'leases' | 'logger' | 'user' | 'config'
>;

interface ReplicasNote {
  auto_expand_replicas?: string;
  updated_by?: string | null;
  updated_at?: string;
}

function managedOnly(name: string, target: TargetState) {
  if (target.kind === 'managed') return target;
  if (target.kind === 'absent') throw new NotFoundError(`There is no lookup named "${name}".`);
  if (target.kind === 'legacy') {
    throw new ConflictError(
      `"${name}" lives in the data importer's index ${target.legacyIndex}, whose replicas belong to its owner: migrate it first (POST _migrate), then choose its replicas.`,
      { kind: target.kind }
    );
  }
  throw new ConflictError(
    `"${name}" is not a lookup (${target.kind.replace(/_/g, ' ')}), so it has no replica choice.`,
    { kind: target.kind }
  );
}

const noteOf = (meta: Record<string, unknown>): ReplicasNote =>
  (meta[REPLICAS_META_KEY] as ReplicasNote | undefined) ?? {};

/**
 * The choice in force, as the caller reads it. A caller who may read the lookup but not its
 * index's settings still sees the choice kept in `_meta`, without the replica count.
 */
export async function getReplicas(deps: ReplicasDeps, name: string): Promise<ReplicasSettings> {
  const target = managedOnly(name, await probeTarget(deps.client, name));
  return replicasOf(deps, target.backingIndex);
}

async function replicasOf(deps: ReplicasDeps, index: string): Promise<ReplicasSettings> {
  const note = noteOf(await readIndexMeta(deps.client, index));
  const base = {
    default: deps.config.backing_index.auto_expand_replicas,
    updated_by: note.updated_by ?? null,
    updated_at: note.updated_at ?? null,
  };
  try {
    const settings = await settingsOutsideBuild(deps.client, index);
    const replicas = settings['index.number_of_replicas'];
    return {
      ...base,
      auto_expand_replicas: settings['index.auto_expand_replicas'],
      number_of_replicas: replicas === null ? null : Number(replicas),
    };
  } catch (error) {
    if (openSearchStatus(error) !== 403) throw error;
    deps.logger.debug(`no right to read the settings of ${index}; answering from its _meta`);
    return {
      ...base,
      auto_expand_replicas: note.auto_expand_replicas ?? null,
      number_of_replicas: null,
    };
  }
}

/** Sets the backing index's `auto_expand_replicas`, as the caller, under the lookup's lease. */
export async function setReplicas(
  deps: ReplicasDeps,
  name: string,
  body: ReplicasBody
): Promise<ReplicasSettings> {
  return withLookupLease(deps, name, 'replicas', async (lease) => {
    const target = managedOnly(name, await probeTarget(deps.client, name));
    const index = target.backingIndex;
    const before = await replicasOf(deps, index);
    const user = await deps.user();
    const at = new Date().toISOString();
    lease.assertHeld();
    try {
      await deps.client.indices.putSettings({
        index,
        body: { 'index.auto_expand_replicas': body.auto_expand_replicas },
      });
    } catch (error) {
      if (isOpenSearchResponseError(error) && error.meta.statusCode === 403) {
        const reason = openSearchReason(error);
        throw new LookupError(
          403,
          `You may not change the replicas of "${name}": they are a setting of its index ${index}, and OpenSearch refused to change it for your user: ${reason}. Ask for the right to manage ${index}'s settings (indices:admin/settings/update).`,
          { reason }
        );
      }
      throw error;
    }
    try {
      await writeIndexMetaKey(deps.client, index, REPLICAS_META_KEY, {
        auto_expand_replicas: body.auto_expand_replicas,
        updated_by: user,
        updated_at: at,
      });
    } catch (error) {
      // The choice is in force; only who made it is not noted with the index.
      if (openSearchStatus(error) !== 403) throw error;
      deps.logger.debug(`no right to note the replica choice in ${index}'s _meta`);
    }
    await deps.records.noteEvent({
      type: 'replicas_changed',
      lookup: name,
      backing_index: index,
      slice: target.currentSlice,
      from: before.auto_expand_replicas,
      to: body.auto_expand_replicas,
      at,
      by: user,
    });
    return replicasOf(deps, index);
  });
}
