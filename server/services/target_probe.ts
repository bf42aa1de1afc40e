/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * What `<name>` is now, as the caller, with one index-level call: `GET /<name>/_alias/<name>`.
 * Naming `<name>` as the index keeps the request within what the caller may see (a bare
 * `GET /_alias/<name>` is checked against every index by the security plugin), and its 404 tells
 * the two absent cases apart: no index or alias at all, or a concrete index without that alias.
 * Never `cluster:monitor/state`.
 */
import type { OpenSearchClient } from 'opensearch-dashboards/server';
import { classifyTarget, TargetState } from '../../common/substrate/target_state';
import { isOpenSearchResponseError } from '../lib/errors';

export async function probeTarget(client: OpenSearchClient, name: string): Promise<TargetState> {
  try {
    const { body } = await client.indices.getAlias({ index: name, name });
    return classifyTarget({ name, aliases: body, concreteIndexExists: false });
  } catch (error) {
    if (!isOpenSearchResponseError(error) || error.meta.statusCode !== 404) throw error;
    const body = error.meta.body as { error?: { type?: string } | string } | undefined;
    const noSuchIndex =
      typeof body?.error === 'object' && body.error.type === 'index_not_found_exception';
    return classifyTarget({ name, aliases: null, concreteIndexExists: !noSuchIndex });
  }
}
