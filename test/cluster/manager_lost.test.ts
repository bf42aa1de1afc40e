/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * The elected cluster manager SIGKILLed while two hosts keep overwriting one lookup: every
 * `_aliases` swap is one cluster-state update, so a reader always finds the alias on one index
 * with one version of all its rows (old or new), never on neither. Each write answers 200, a
 * conflict (409: the other host holds the lookup's lease, or a lease document changed under it,
 * its primary term included), or 503; the cluster keeps taking writes under the new manager.
 *
 * c1 serves the hosts (test/support/local_cluster.ts), so the manager is first moved off it: a
 * voting-configuration exclusion of c1 makes another node the manager, and is removed again.
 * The kill lands wherever the writes are at that moment: a swap in flight is likely (two hosts
 * overwrite back to back) but not guaranteed; the assertions hold for every moment.
 */
import type { Client } from '@opensearch-project/opensearch';
import { apiPaths } from '../../common/api/paths';
import { callApi } from '../support/api';
import { uniqueName } from '../support/cluster';
import { startTestHost, type TestHost } from '../support/host';
import {
  clusterAdmin,
  clusterNodes,
  killNode,
  nodeUrl,
  startNode,
  type ClusterNode,
} from '../support/local_cluster';
import { users } from '../support/users';

const MINUTE = 60_000;
const ROWS = 50;

let admin: Client;
let hosts: TestHost[] = [];
const name = uniqueName('lk_cl_manager');

beforeAll(async () => {
  admin = clusterAdmin();
  hosts = await Promise.all([
    startTestHost({ OPENSEARCH_URL: nodeUrl('c1') }),
    startTestHost({ OPENSEARCH_URL: nodeUrl('c1') }),
  ]);
}, 5 * MINUTE);

afterAll(async () => {
  await Promise.all(hosts.map((h) => h.stop()));
  if (!admin) return;
  await admin.indices
    .delete({ index: `${name}__lookup`, ignore_unavailable: true })
    .catch(() => undefined);
  await admin.close();
}, 5 * MINUTE);

const overwrite = (host: TestHost, round: number) =>
  callApi<{ slice: string }>(host.url, 'POST', apiPaths.write(name), {
    caller: users.writer,
    body: { rows: Array.from({ length: ROWS }, (_, i) => ({ k: `r${round}-${i}`, n: i })) },
  });

async function managerOffC1(): Promise<ClusterNode> {
  let { manager } = await clusterNodes(admin);
  if (manager !== 'c1') return manager!;
  await admin.transport.request({
    method: 'POST',
    path: '/_cluster/voting_config_exclusions',
    querystring: { node_names: 'c1' },
  });
  for (let waited = 0; manager === 'c1' || manager === undefined; waited += 250) {
    if (waited > 60_000) throw new Error('c1 stayed the cluster manager');
    await new Promise((r) => setTimeout(r, 250));
    manager = (await clusterNodes(admin)).manager;
  }
  await admin.transport.request({
    method: 'DELETE',
    path: '/_cluster/voting_config_exclusions',
    querystring: { wait_for_removal: 'false' },
  });
  return manager;
}

it(
  'the alias is on the old version or the new one at every moment, with the manager killed mid-writes',
  async () => {
    const first = await overwrite(hosts[0], 0);
    expect(first.status).toBe(200);
    const victim = await managerOffC1();

    // What a reader finds: the alias on exactly one index, with a slice filter, and ROWS rows.
    const problems: string[] = [];
    let reads = 0;
    let reading = true;
    const reader = (async () => {
      while (reading) {
        try {
          const { body } = await admin.indices.getAlias({ name }, { requestTimeout: 10_000 });
          const entries = Object.entries(
            body as Record<string, { aliases: Record<string, { filter?: unknown }> }>
          );
          const count = (await admin.count({ index: name }, { requestTimeout: 10_000 })).body.count;
          reads++;
          if (entries.length !== 1 || !entries[0][1].aliases[name].filter || count !== ROWS) {
            problems.push(`${entries.length} indices, ${count} rows`);
          }
        } catch (error) {
          const status = (error as { meta?: { statusCode?: number } }).meta?.statusCode;
          // No manager for a moment is a 503 (or a timeout), which is not a torn answer; a 404
          // would be the alias on neither version.
          if (status === 404) problems.push('alias missing (404)');
        }
        await new Promise((r) => setTimeout(r, 50));
      }
    })();

    const statuses = new Map<number, number>();
    let okAfterKill = 0;
    let killed = false;
    let round = 1;
    const deadline = Date.now() + 6 * MINUTE;
    const writer = async (host: TestHost) => {
      while (!(killed && okAfterKill >= 4) && Date.now() < deadline) {
        const answer = await overwrite(host, round++);
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        if (answer.status === 200 && killed) okAfterKill++;
        // The other host holds the lease: try again soon, not in a tight loop.
        if (answer.status !== 200) await new Promise((r) => setTimeout(r, 50));
      }
    };
    const writers = Promise.all(hosts.map(writer));
    // Some overwrites in, then the manager dies during whatever comes next.
    while ((statuses.get(200) ?? 0) < 4) await new Promise((r) => setTimeout(r, 20));
    try {
      await killNode(victim);
      killed = true;
      await writers;
    } finally {
      killed = true;
      reading = false;
      await reader;
    }
    const { manager } = await clusterNodes(admin);
    process.stdout.write(
      `manager lost: killed ${victim}, new manager ${manager}; answers ${JSON.stringify(Object.fromEntries(statuses))}; ${reads} reads\n`
    );
    await startNode(victim);

    expect(okAfterKill).toBeGreaterThanOrEqual(4);
    expect(problems).toEqual([]);
    expect(reads).toBeGreaterThan(10);
    expect(manager).not.toBe(victim);
    expect([...statuses.keys()].filter((s) => ![200, 409, 503].includes(s))).toEqual([]);
    // The lookup holds one complete version.
    expect((await admin.count({ index: name })).body.count).toBe(ROWS);
  },
  15 * MINUTE
);
