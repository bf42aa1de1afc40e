/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * What the server's own identity (in OSD, `kibanaserver` with the reserved `kibana_server`
 * role) must be able to do: keep the plugin index, read the write ceiling. Checked once at
 * start; each gap is logged once and shown in the app, never silently skipped.
 */
import type { Logger, OpenSearchClient } from 'opensearch-dashboards/server';
import type { StatusResponse } from '../../common/api/codecs';
import { openSearchReason, isOpenSearchResponseError, openSearchStatus } from '../lib/errors';
import { CLUSTER_CEILING_SETTING } from './ceiling';
import type { PluginIndex } from './plugin_index/plugin_index';

export type IdentityProblems = StatusResponse['server_identity'];

export async function checkServerIdentity(
  internalClient: OpenSearchClient,
  pluginIndex: PluginIndex,
  logger: Logger
): Promise<IdentityProblems> {
  const problems: IdentityProblems['problems'] = [];
  let username: string | null = null;
  const refused = (error: unknown) =>
    openSearchStatus(error) === 403
      ? openSearchReason(error as Parameters<typeof openSearchReason>[0])
      : undefined;

  try {
    const { body } = await internalClient.transport.request({
      method: 'GET',
      path: '/_plugins/_security/authinfo',
    });
    username = (body as { user_name?: string }).user_name ?? null;
  } catch {
    // No security plugin: nothing to name.
  }
  try {
    await pluginIndex.ensure();
  } catch (error) {
    problems.push({
      permission: `indices_all on ${pluginIndex.name}`,
      message:
        `The server identity cannot keep ${pluginIndex.name} (${refused(error) ?? (error as Error).message}): ` +
        'versions lose who wrote them and their query, cleanup cannot age old versions, and operations ' +
        'on one lookup cannot take turns. Grant it, or keep the reserved kibana_server role, which covers .opensearch_dashboards_*.',
    });
  }
  try {
    await internalClient.cluster.getSettings({ flat_settings: true });
  } catch (error) {
    if (isOpenSearchResponseError(error)) {
      problems.push({
        permission: 'cluster:monitor/settings',
        message: `The server identity cannot read cluster settings (${refused(error) ?? error.message}), so ${CLUSTER_CEILING_SETTING} is not applied; lookups.max_rows alone limits writes.`,
      });
    }
  }
  for (const problem of problems) logger.warn(`server identity: ${problem.message}`);
  return { username, problems };
}
