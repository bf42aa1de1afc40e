/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/* After the cluster tests: the cluster stopped if their set-up started it. */
import { clusterScript } from './local_cluster';

export default async function clusterGlobalTeardown(): Promise<void> {
  if (process.env.LOOKUPS_CLUSTER_STARTED_BY_TESTS === 'true') await clusterScript('stop');
}
