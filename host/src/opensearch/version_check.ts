/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * OSD's OpenSearch version check (src/core/server/opensearch/version_check/): every node must
 * have OSD's major version and at least its minor. OSD 3.6 waits at start while a node does
 * not, so an OSD 3.6 would not start against the OpenSearch 3.4 the tests use (the newest the
 * registry serves with the security plugin). The host goes on and says so in one line: the
 * plugin uses only REST APIs that exist throughout 3.x.
 */
import type { Logger, OpenSearchClient } from 'opensearch-dashboards/server';

interface NodeVersion {
  name: string;
  version: string;
}

const parts = (v: string) => (/^(\d+)\.(\d+)\.(\d+)/.exec(v) ?? []).slice(1).map(Number);

/** OSD's rule: same major, and the node's minor not lower than OSD's. */
export function isCompatible(osdVersion: string, nodeVersion: string): boolean {
  const [osdMajor, osdMinor] = parts(osdVersion);
  const [major, minor] = parts(nodeVersion);
  return major === osdMajor && minor >= osdMinor;
}

export async function checkOpenSearchVersion(
  client: OpenSearchClient,
  osdVersion: string,
  log: Logger
): Promise<void> {
  let nodes: NodeVersion[];
  try {
    const { body } = await client.nodes.info({
      filter_path: 'nodes.*.version,nodes.*.http.publish_address',
    });
    const info =
      (body as { nodes?: Record<string, { version: string; http?: { publish_address?: string } }> })
        .nodes ?? {};
    nodes = Object.values(info).map((node) => ({
      version: node.version,
      name: `v${node.version} @ ${node.http?.publish_address ?? '?'}`,
    }));
  } catch (e) {
    log.warn(
      `Unable to retrieve version information from OpenSearch nodes: ${(e as Error).message}`
    );
    return;
  }
  const incompatible = nodes.filter((node) => !isCompatible(osdVersion, node.version));
  if (incompatible.length > 0) {
    log.warn(
      `This version of OpenSearch Dashboards (v${osdVersion}) is incompatible with the following OpenSearch nodes in your cluster: ${incompatible
        .map((node) => node.name)
        .join(
          ', '
        )}. OSD would wait here until they match; the host goes on, since the plugin uses only REST APIs that exist throughout 3.x.`
    );
  }
}
