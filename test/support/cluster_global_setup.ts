/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Before the cluster tests: the zip and host staged (as for the integration tests), and the
 * three-node cluster started unless it already runs; the teardown stops it only if this started it.
 */
import { stage } from '../../scripts/build/stage';
import { clusterIsUp, clusterScript } from './local_cluster';

export default async function clusterGlobalSetup(): Promise<void> {
  await stage({ log: (line) => process.stdout.write(`${line}\n`) });
  if (await clusterIsUp()) return;
  process.stdout.write('starting the three-node cluster (scripts/opensearch/cluster.sh start)\n');
  await clusterScript('start');
  process.env.LOOKUPS_CLUSTER_STARTED_BY_TESTS = 'true';
}
