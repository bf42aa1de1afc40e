/*
 * Faster loading for a slice nobody can see yet: replicas 0, async translog, no refresh. The
 * index's own values are read first and exactly those are restored afterwards, even on failure.
 * A caller who may not change index settings still gets a correct, slower write.
 */
import type { Logger, OpenSearchClient } from 'opensearch-dashboards/server';
import { openSearchStatus } from '../../lib/errors';

const KEYS = ['index.number_of_replicas', 'index.translog.durability', 'index.refresh_interval'] as const;
type Key = (typeof KEYS)[number];
type Values = Record<Key, string | null>;

const BUILD_VALUES: Values = {
  'index.number_of_replicas': '0',
  'index.translog.durability': 'async',
  'index.refresh_interval': '-1',
};

export interface AppliedBuildSettings {
  restore(): Promise<void>;
}

const NOTHING_TO_RESTORE: AppliedBuildSettings = { restore: async () => undefined };

export async function readSettings(client: OpenSearchClient, index: string): Promise<Values> {
  const { body } = await client.indices.getSettings({ index, flat_settings: true });
  const settings = (body as Record<string, { settings: Record<string, string> }>)[index]?.settings ?? {};
  // A key the index does not set is restored as null: back to OpenSearch's default.
  return Object.fromEntries(KEYS.map((k) => [k, settings[k] ?? null])) as Values;
}

export async function applyBuildSettings(
  client: OpenSearchClient,
  index: string,
  logger: Logger
): Promise<AppliedBuildSettings> {
  let original: Values;
  try {
    original = await readSettings(client, index);
  } catch (error) {
    if (openSearchStatus(error) === 403) return NOTHING_TO_RESTORE;
    throw error;
  }
  // Another write is building in this index and will restore the real values: leave them to it.
  if (KEYS.every((k) => original[k] === BUILD_VALUES[k])) return NOTHING_TO_RESTORE;
  try {
    await client.indices.putSettings({ index, body: BUILD_VALUES });
  } catch (error) {
    if (openSearchStatus(error) === 403) {
      logger.debug(`no right to update settings of ${index}; writing with its own settings`);
      return NOTHING_TO_RESTORE;
    }
    throw error;
  }
  return {
    restore: async () => {
      await client.indices.putSettings({ index, body: original });
    },
  };
}
