/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/* Who the caller is, as OpenSearch's security plugin sees them (null where it is not installed). */
import type { OpenSearchClient } from 'opensearch-dashboards/server';
import { openSearchStatus } from '../lib/errors';

export async function currentUsername(client: OpenSearchClient): Promise<string | null> {
  try {
    const { body } = await client.transport.request({
      method: 'GET',
      path: '/_plugins/_security/authinfo',
    });
    return (body as { user_name?: string }).user_name ?? null;
  } catch (error) {
    if (openSearchStatus(error) === 404 || openSearchStatus(error) === 400) return null;
    throw error;
  }
}
