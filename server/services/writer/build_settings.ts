/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Faster loading for a slice nobody can see yet: no refresh, and no replicas (auto-expansion
 * off) while the backing index holds no published version. The backing index holds every
 * version of a lookup, so on an overwrite the published one is in it too: dropping replicas
 * there would leave the lookup users read on one copy for the whole write, unreadable if that
 * node is lost. Such a build keeps the replicas as they are (on one node there are none anyway). The index's own values are read first and exactly those are restored afterwards, even
 * on failure.
 *
 * The translog stays as the index has it (`request`: fsynced before each `_bulk` answers). An
 * async translog was tried and lost acknowledged rows: OpenSearch keeps async operations in a
 * heap buffer until its periodic fsync, and switching back to `request` cancels that fsync
 * without syncing, so the last batches of a write lived only in the JVM until the next write
 * to the shard, and a SIGKILL took them with it although the write had answered 200. One fsync
 * per batch of thousands of rows costs next to nothing (bench/writer_bench.ts).
 *
 * The original values are also noted in the index's `_meta` before the build values go in, so a
 * write that died mid-way (host killed) does not leave them behind for good: the next write
 * finds build values in force, takes the noted originals, and restores those. A caller who may
 * not change index settings or mappings still gets a correct, slower write.
 */
import type { Logger, OpenSearchClient } from 'opensearch-dashboards/server';
import type { WritePlan } from '../../../common/substrate/target_state';
import { openSearchStatus } from '../../lib/errors';
import { readIndexMeta } from '../index_meta';

const KEYS = [
  'index.number_of_replicas',
  'index.auto_expand_replicas',
  'index.refresh_interval',
] as const;
type Key = (typeof KEYS)[number];
/**
 * Values of the settings a build changes. Notes left by earlier versions of the plugin may also
 * hold `index.translog.durability` (then async during a build): restored with the rest.
 */
export type IndexSettingValues = Record<Key, string | null> & Record<string, string | null>;

/** Auto-expansion would put the replicas straight back, so it is off while the build runs. */
export const BUILD_VALUES: IndexSettingValues = {
  'index.number_of_replicas': '0',
  'index.auto_expand_replicas': 'false',
  'index.refresh_interval': '-1',
};
/** A build into an index that also holds the published version: its copies stay. */
export const BUILD_VALUES_KEEPING_REPLICAS: Partial<IndexSettingValues> = {
  'index.refresh_interval': '-1',
};

/**
 * Whether a build may drop the backing index's replicas: only when no version in it is
 * published. A new lookup (`create`) and a migration (the published rows are still in the
 * legacy index) start a backing index nobody reads; an overwrite writes beside the version
 * users read. Appends never load with build settings (their rows are visible at once).
 */
export function mayDropReplicas(plan: WritePlan): boolean {
  return 'action' in plan && (plan.action === 'create' || plan.action === 'migrate');
}
const META_KEY = 'lookups_build_original_settings';

export interface AppliedBuildSettings {
  restore(): Promise<void>;
}
const NOTHING_TO_RESTORE: AppliedBuildSettings = { restore: async () => undefined };

export async function readSettings(
  client: OpenSearchClient,
  index: string
): Promise<IndexSettingValues> {
  const { body } = await client.indices.getSettings({ index, flat_settings: true });
  const settings =
    (body as Record<string, { settings: Record<string, string> }>)[index]?.settings ?? {};
  // A key the index does not set is restored as null: back to OpenSearch's default.
  return Object.fromEntries(KEYS.map((k) => [k, settings[k] ?? null])) as IndexSettingValues;
}

/** Noted values, every key present: a key an older note lacks was never changed by a build. */
function notedValues(meta: Record<string, unknown>): IndexSettingValues | undefined {
  const noted = meta[META_KEY] as IndexSettingValues | undefined;
  if (!noted) return undefined;
  return { ...(Object.fromEntries(KEYS.map((k) => [k, null])) as IndexSettingValues), ...noted };
}

/** `_meta` is replaced whole by a mapping update, so other keys are carried over. */
async function writeMeta(client: OpenSearchClient, index: string, meta: Record<string, unknown>) {
  await client.indices.putMapping({ index, body: { _meta: meta } });
}

/**
 * A build is recognised by no refresh: one keeping replicas changes nothing else, and an index
 * refreshes unless told not to. (On one node an index expanding 0-1 has no replicas either, so
 * replicas never told builds apart.)
 */
const BUILD_MARKS = ['index.refresh_interval'] as const;
const isBuildValues = (values: IndexSettingValues) =>
  BUILD_MARKS.every((k) => values[k] === BUILD_VALUES[k]);

/**
 * The index's own values: while a build is loading (or one died) the values it noted, since
 * those are what it puts back.
 */
export async function settingsOutsideBuild(
  client: OpenSearchClient,
  index: string
): Promise<IndexSettingValues> {
  const [current, meta] = await Promise.all([
    readSettings(client, index),
    readIndexMeta(client, index),
  ]);
  const noted = notedValues(meta);
  return isBuildValues(current) && noted && !isBuildValues(noted) ? noted : current;
}

/**
 * Restores the noted settings where build values are still in force although no write holds
 * the lookup: what a write killed mid-way leaves. Called under the lookup's lease, before any
 * operation, so appends and small overwrites settle it too. Answers whether it restored.
 */
export async function restoreAbandonedBuildSettings(
  client: OpenSearchClient,
  index: string,
  logger: Logger
): Promise<boolean> {
  try {
    const [current, meta] = await Promise.all([
      readSettings(client, index),
      readIndexMeta(client, index),
    ]);
    const noted = notedValues(meta);
    if (!noted || !isBuildValues(current) || isBuildValues(noted)) return false;
    await client.indices.putSettings({ index, body: noted });
    logger.info(`restored the settings of ${index} that an interrupted write left behind`);
    return true;
  } catch (error) {
    const status = openSearchStatus(error);
    if (status === 404) return false;
    if (status === 403) {
      logger.debug(`no right to read or change settings of ${index}; left as they are`);
      return false;
    }
    throw error;
  }
}

export async function applyBuildSettings(
  client: OpenSearchClient,
  index: string,
  logger: Logger,
  { dropReplicas }: { dropReplicas: boolean }
): Promise<AppliedBuildSettings> {
  try {
    const [current, meta] = await Promise.all([
      readSettings(client, index),
      readIndexMeta(client, index),
    ]);
    const noted = notedValues(meta);
    // Build values in force mean another write is loading, or one died: the noted values are the real ones.
    const original = isBuildValues(current) && noted ? noted : current;
    if (isBuildValues(original)) return NOTHING_TO_RESTORE;
    if (JSON.stringify(noted) !== JSON.stringify(original)) {
      await writeMeta(client, index, { ...meta, [META_KEY]: original });
    }
    await client.indices.putSettings({
      index,
      body: dropReplicas ? BUILD_VALUES : BUILD_VALUES_KEEPING_REPLICAS,
    });
    return {
      restore: async () => {
        await client.indices.putSettings({ index, body: original });
      },
    };
  } catch (error) {
    if (openSearchStatus(error) === 403) {
      logger.debug(`no right to change settings of ${index}; writing with its own settings`);
      return NOTHING_TO_RESTORE;
    }
    throw error;
  }
}
