/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Two real clusters for data source tests: a host with the Data Source plugin on, node B
 * (OPENSEARCH_B_URL, started by scripts/test.sh) registered under a user who exists on B only,
 * and a source that cannot be reached. `stop` stops the host and removes what registering made.
 */
import { randomBytes } from 'crypto';
import { NODE_B_ONLY_USERS } from '../../scripts/opensearch/test_users';
import { dataSourceIndexName } from '../../server/services/plugin_index/plugin_index';
import { callApi } from './api';
import { adminClient, uniqueName } from './cluster';
import { freePort, startTestHost, type TestHost } from './host';
import { users } from './users';

export const B_URL = process.env.OPENSEARCH_B_URL ?? 'http://127.0.0.1:9201';
export const bOnly = NODE_B_ONLY_USERS.b_only_analyst;

export interface TwoSources {
  host: TestHost;
  sourceB: string;
  unreachable: string;
  savedObjectsIndex: string;
  stop(): Promise<void>;
}

/**
 * What OSD's data source management records when a source is created: it asks the Data Source
 * plugin's fetchDataSourceMetaData for the cluster's engine, version and plugins, and saves them.
 */
export async function fetchMetadata(host: TestHost, attributes: Record<string, unknown>) {
  const res = await callApi<Record<string, unknown>>(
    host.url,
    'POST',
    '/internal/data-source-management/fetchDataSourceMetaData',
    {
      caller: users.writer,
      body: { dataSourceAttr: { endpoint: attributes.endpoint, auth: attributes.auth } },
    }
  );
  if (res.status !== 200) {
    throw new Error(
      `metadata of ${String(attributes.title)}: ${res.status} ${JSON.stringify(res.body)}`
    );
  }
  return res.body;
}

export async function registerDataSource(host: TestHost, attributes: Record<string, unknown>) {
  const res = await callApi<{ id: string }>(host.url, 'POST', '/api/saved_objects/data-source', {
    caller: users.writer,
    body: { attributes },
  });
  if (res.status !== 200) {
    throw new Error(
      `registering ${String(attributes.title)}: ${res.status} ${JSON.stringify(res.body)}`
    );
  }
  return res.body.id;
}

export async function startHostWithTwoSources(label: string): Promise<TwoSources> {
  const savedObjectsIndex = uniqueName(`.kibana_lookups_${label}`);
  const host = await startTestHost({
    LOOKUPS_DATA_SOURCE_ENABLED: 'true',
    LOOKUPS_DATA_SOURCE_WRAPPING_KEY: randomBytes(32).toString('hex'),
    LOOKUPS_SAVED_OBJECTS_INDEX: savedObjectsIndex,
  });
  const b = {
    title: 'Cluster B',
    endpoint: B_URL,
    auth: {
      type: 'username_password',
      credentials: { username: bOnly.username, password: bOnly.password },
    },
  };
  const sourceB = await registerDataSource(host, { ...b, ...(await fetchMetadata(host, b)) });
  // Recorded when it could still be reached (a 3.x cluster), and gone since.
  const unreachable = await registerDataSource(host, {
    title: 'Nowhere',
    endpoint: `http://127.0.0.1:${await freePort()}`,
    auth: { type: 'no_auth' },
    dataSourceVersion: '3.4.0',
    dataSourceEngineType: 'OpenSearch',
    installedPlugins: [],
  });
  return {
    host,
    sourceB,
    unreachable,
    savedObjectsIndex,
    async stop() {
      await host.stop();
      await adminClient()
        .indices.delete({
          index: [
            savedObjectsIndex,
            dataSourceIndexName(sourceB),
            dataSourceIndexName(unreachable),
          ],
          ignore_unavailable: true,
        })
        .catch(() => undefined);
    },
  };
}
