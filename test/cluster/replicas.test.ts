/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * A lookup's replica choice on the three-node cluster (`npm run test:cluster`;
 * CLUSTER_HTTP_BASE picks its ports): the default 0-1 gives two copies, `PUT _replicas` 0-all a
 * copy on every node, and an overwrite loaded with build settings answers with the rows on all
 * three copies, each counted on its own node.
 */
import { mkdtempSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { apiPaths } from '../../common/api/paths';
import type { ReplicasSettings } from '../../common/api/replicas';
import { callApi } from '../support/api';
import { TestNames } from '../support/cluster';
import { startTestHost, type TestHost } from '../support/host';
import { clusterAdmin, CLUSTER_NODES, nodeUrl } from '../support/local_cluster';
import { users } from '../support/users';

const NODE_URLS = CLUSTER_NODES.map(nodeUrl);
const admin = clusterAdmin();
const names = new TestNames();
let host: TestHost;

beforeAll(async () => {
  const { body: health } = await admin.cluster.health({ wait_for_nodes: '3', timeout: '60s' });
  if (health.number_of_nodes !== 3) {
    throw new Error(`expected the three-node cluster at ${NODE_URLS.join(', ')}`);
  }
  const dir = mkdtempSync(join(tmpdir(), 'lookups-cluster-replicas-'));
  const file = join(dir, 'host.json');
  // Every write loads with build settings (no refresh; a new lookup also without replicas), then
  // puts the index's own back.
  writeFileSync(file, JSON.stringify({ plugins: { lookups: { build_settings_min_rows: 1 } } }));
  host = await startTestHost({ LOOKUPS_HOST_CONFIG: file, OPENSEARCH_URL: NODE_URLS[0] });
});
afterAll(async () => {
  await host?.stop();
  await names.drop(admin);
  await admin.close();
});

/** The started copies of the index's shard, by node id. */
async function startedCopies(index: string): Promise<string[]> {
  const { body } = await admin.cat.shards({ index, format: 'json', h: 'state,id' });
  return (body as Array<{ state: string; id: string }>)
    .filter((s) => s.state === 'STARTED')
    .map((s) => s.id);
}
/** The current version's rows as one node's copy holds them. */
async function rowsOnNode(name: string, node: string): Promise<number> {
  const { body } = await admin.count({ index: name, preference: `_only_nodes:${node}` });
  return body.count as number;
}

const write = (name: string, rows: unknown[]) =>
  callApi<{ rows_written: number }>(host.url, 'POST', apiPaths.write(name), {
    caller: users.writer,
    body: { rows },
  });

it('0-1 keeps two copies; 0-all a copy on every node, which an overwrite fills before it answers', async () => {
  const name = names.lookup('cluster_replicas');
  const index = `${name}__lookup`;
  expect((await write(name, [{ v: 1 }, { v: 2 }])).status).toBe(200);
  const before = await callApi<ReplicasSettings>(host.url, 'GET', apiPaths.replicas(name), {
    caller: users.writer,
  });
  expect(before.body).toMatchObject({ auto_expand_replicas: '0-1', number_of_replicas: 1 });
  expect(await startedCopies(index)).toHaveLength(2);

  const set = await callApi<ReplicasSettings>(host.url, 'PUT', apiPaths.replicas(name), {
    caller: users.writer,
    body: { auto_expand_replicas: '0-all' },
  });
  expect(set.status).toBe(200);
  expect(set.body).toMatchObject({ auto_expand_replicas: '0-all', number_of_replicas: 2 });

  // The overwrite answers once every copy holds the new version: no wait for green after it.
  const rows = Array.from({ length: 500 }, (_, i) => ({ v: i }));
  expect((await write(name, rows)).status).toBe(200);
  const copies = await startedCopies(index);
  expect(new Set(copies).size).toBe(3);
  for (const node of copies) expect(await rowsOnNode(name, node)).toBe(500);
  const after = await callApi<ReplicasSettings>(host.url, 'GET', apiPaths.replicas(name), {
    caller: users.writer,
  });
  expect(after.body).toMatchObject({ auto_expand_replicas: '0-all', number_of_replicas: 2 });
});
