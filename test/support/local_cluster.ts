/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * The three-node cluster of the cluster tests (scripts/opensearch/cluster.sh: c1, c2, c3 on
 * CLUSTER_HTTP_BASE, default 9250): its nodes' URLs, an admin client on c1, and the script's
 * kill/start of one node. The hosts and the admin client talk to c1 (the host takes one URL),
 * so the tests never kill c1.
 */
import { execFile } from 'child_process';
import { promisify } from 'util';
import { Client } from '@opensearch-project/opensearch';
import { adminPassword } from './cluster';
import { REPO_ROOT } from './host';

const run = promisify(execFile);

export const CLUSTER_NODES = ['c1', 'c2', 'c3'] as const;
export type ClusterNode = (typeof CLUSTER_NODES)[number];

const HTTP_BASE = Number(process.env.CLUSTER_HTTP_BASE ?? 9250);

export function nodeUrl(node: ClusterNode): string {
  return `http://127.0.0.1:${HTTP_BASE + CLUSTER_NODES.indexOf(node)}`;
}

export function clusterAdmin(node: ClusterNode = 'c1'): Client {
  return new Client({
    node: nodeUrl(node),
    auth: { username: 'admin', password: adminPassword() },
  });
}

/** Runs `scripts/opensearch/cluster.sh <args>`; its stderr comes back with a failure. */
export async function clusterScript(...args: string[]): Promise<string> {
  const { stdout } = await run('bash', [`${REPO_ROOT}/scripts/opensearch/cluster.sh`, ...args], {
    cwd: REPO_ROOT,
    env: process.env,
    timeout: 10 * 60_000,
    maxBuffer: 16 * 1024 * 1024,
  });
  return stdout;
}

/** 0 when c1 answers with every node in and green. */
export async function clusterIsUp(): Promise<boolean> {
  const admin = clusterAdmin();
  try {
    const { body } = await admin.cluster.health({}, { requestTimeout: 5000, maxRetries: 0 });
    return body.number_of_nodes === CLUSTER_NODES.length;
  } catch {
    return false;
  } finally {
    await admin.close();
  }
}

export const killNode = (node: ClusterNode) => clusterScript('kill', node);
/** Starts a killed node again; resolves once it joined and the cluster is green. */
export const startNode = (node: ClusterNode) => clusterScript('start', node);

/** Node name by node id, and the elected cluster manager's name. */
export async function clusterNodes(admin: Client) {
  const { body } = await admin.cat.nodes({
    format: 'json',
    h: 'id,name,cluster_manager',
    full_id: true,
  });
  const rows = body as Array<{ id: string; name: string; cluster_manager: string }>;
  return {
    nameOf: new Map(rows.map((r) => [r.id, r.name as ClusterNode])),
    manager: rows.find((r) => r.cluster_manager === '*')?.name as ClusterNode | undefined,
  };
}

/** Where each copy of each shard of `index` is: `[{shard, primary, node, state}]`. */
export async function copiesOf(admin: Client, index: string) {
  const { body } = await admin.cat.shards({ index, format: 'json', h: 'shard,prirep,node,state' });
  return (body as Array<{ shard: string; prirep: string; node: string | null; state: string }>).map(
    (r) => ({ shard: Number(r.shard), primary: r.prirep === 'p', node: r.node, state: r.state })
  );
}
