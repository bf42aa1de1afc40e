/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

import type { Logger, OpenSearchClient } from 'opensearch-dashboards/server';
import {
  applyBuildSettings,
  mayDropReplicas,
  restoreAbandonedBuildSettings,
} from './build_settings';

const INDEX = 'cities__lookup';
const logger = { info: () => undefined, debug: () => undefined } as unknown as Logger;

/** An index on a cluster of three: one replica, expanding 0-1, refreshing by default. */
function fakeIndex(settings: Record<string, string>, meta: Record<string, unknown> = {}) {
  const state = { settings: { ...settings }, meta: { ...meta } };
  const puts: Array<Record<string, string | null>> = [];
  const client = {
    indices: {
      getSettings: async () => ({ body: { [INDEX]: { settings: { ...state.settings } } } }),
      getMapping: async () => ({ body: { [INDEX]: { mappings: { _meta: { ...state.meta } } } } }),
      putMapping: async ({ body }: { body: { _meta: Record<string, unknown> } }) => {
        state.meta = body._meta;
      },
      putSettings: async ({ body }: { body: Record<string, string | null> }) => {
        puts.push(body);
        for (const [k, v] of Object.entries(body)) {
          if (v === null) delete state.settings[k];
          else state.settings[k] = v;
        }
      },
    },
  } as unknown as OpenSearchClient;
  return { client, state, puts };
}

const CLUSTER_OF_THREE = {
  'index.number_of_replicas': '1',
  'index.auto_expand_replicas': '0-1',
};

describe('mayDropReplicas', () => {
  it('drops replicas only where the backing index holds no published version', () => {
    expect(mayDropReplicas({ action: 'create', backingIndex: INDEX, slice: 'random' })).toBe(true);
    expect(
      mayDropReplicas({
        action: 'migrate',
        backingIndex: INDEX,
        legacyIndex: 'old',
        previousSlice: 'x',
      })
    ).toBe(true);
    expect(mayDropReplicas({ action: 'overwrite', backingIndex: INDEX, previousSlice: 'x' })).toBe(
      false
    );
    expect(mayDropReplicas({ action: 'append', backingIndex: INDEX, currentSlice: 'x' })).toBe(
      false
    );
  });
});

describe('applyBuildSettings', () => {
  it('keeps the replicas of an index holding the published version, and still stops refresh', async () => {
    const { client, state } = fakeIndex(CLUSTER_OF_THREE);
    const build = await applyBuildSettings(client, INDEX, logger, { dropReplicas: false });
    expect(state.settings).toEqual({ ...CLUSTER_OF_THREE, 'index.refresh_interval': '-1' });
    await build.restore();
    expect(state.settings).toEqual(CLUSTER_OF_THREE);
  });

  it('drops the replicas of a new lookup while loading and gives them back', async () => {
    const { client, state } = fakeIndex(CLUSTER_OF_THREE);
    const build = await applyBuildSettings(client, INDEX, logger, { dropReplicas: true });
    expect(state.settings).toEqual({
      'index.number_of_replicas': '0',
      'index.auto_expand_replicas': 'false',
      'index.refresh_interval': '-1',
    });
    await build.restore();
    expect(state.settings).toEqual(CLUSTER_OF_THREE);
  });

  it('takes the noted values when a build that kept replicas died, not its own', async () => {
    const { client, state } = fakeIndex(CLUSTER_OF_THREE);
    await applyBuildSettings(client, INDEX, logger, { dropReplicas: false });
    // The host died here: the next write finds refresh off and restores what was noted.
    const next = await applyBuildSettings(client, INDEX, logger, { dropReplicas: false });
    await next.restore();
    expect(state.settings).toEqual(CLUSTER_OF_THREE);
  });
});

describe('restoreAbandonedBuildSettings', () => {
  it('restores what a killed build that kept replicas left behind', async () => {
    const { client, state } = fakeIndex(CLUSTER_OF_THREE);
    await applyBuildSettings(client, INDEX, logger, { dropReplicas: false });
    expect(await restoreAbandonedBuildSettings(client, INDEX, logger)).toBe(true);
    expect(state.settings).toEqual(CLUSTER_OF_THREE);
    expect(await restoreAbandonedBuildSettings(client, INDEX, logger)).toBe(false);
  });
});
