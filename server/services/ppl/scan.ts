/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Reading groups of a composite aggregation as the caller, paged with `after_key` (documents are
 * read with ../document_scan).
 */
import type { OpenSearchClient } from 'opensearch-dashboards/server';
import type { Dsl } from './pushdown';

export interface CompositeBucket {
  key: Record<string, unknown>;
  doc_count: number;
  [agg: string]: unknown;
}

export async function* scanComposite(
  client: OpenSearchClient,
  indices: string[],
  query: Dsl,
  sources: Dsl[],
  aggs: Dsl,
  pageSize: number
): AsyncGenerator<CompositeBucket[]> {
  let after: unknown;
  for (;;) {
    const { body } = await client.search({
      index: indices.join(','),
      body: {
        size: 0,
        query,
        aggs: {
          groups: { composite: { size: pageSize, sources, ...(after ? { after } : {}) }, aggs },
        },
      },
    });
    const groups = (
      body as { aggregations: { groups: { buckets: CompositeBucket[]; after_key?: unknown } } }
    ).aggregations.groups;
    if (groups.buckets.length > 0) yield groups.buckets;
    if (!groups.after_key || groups.buckets.length < pageSize) return;
    after = groups.after_key;
  }
}
