/*
 * Reading a source in OpenSearch, as the caller: documents with a point in time and
 * `search_after` (closed at the end, on error, and when the consumer stops early), or groups of a
 * composite aggregation paged with `after_key`.
 */
import type { OpenSearchClient } from 'opensearch-dashboards/server';
import type { Dsl } from './pushdown';

export interface ScanRequest {
  indices: string[];
  query: Dsl;
  sort: Dsl[];
  sourceIncludes?: string[];
  /** Stop after this many documents. */
  limit?: number;
  pageSize: number;
}

export async function* scanDocuments(
  client: OpenSearchClient,
  request: ScanRequest
): AsyncGenerator<Array<Record<string, unknown>>> {
  const { body: pit } = await client.createPit({
    index: request.indices.join(','),
    keep_alive: '2m',
  });
  const pitId = (pit as { pit_id: string }).pit_id;
  let left = request.limit ?? Infinity;
  let after: unknown[] | undefined;
  try {
    while (left > 0) {
      const size = Math.min(request.pageSize, left);
      const { body } = await client.search({
        body: {
          size,
          pit: { id: pitId, keep_alive: '2m' },
          query: request.query,
          sort: [...request.sort, { _shard_doc: 'asc' }],
          track_total_hits: false,
          ...(request.sourceIncludes ? { _source: { includes: request.sourceIncludes } } : {}),
          ...(after ? { search_after: after } : {}),
        },
      });
      const hits = (
        body as { hits: { hits: Array<{ _source?: Record<string, unknown>; sort: unknown[] }> } }
      ).hits.hits;
      if (hits.length === 0) return;
      left -= hits.length;
      after = hits[hits.length - 1].sort;
      yield hits.map((h) => h._source ?? {});
      if (hits.length < size) return;
    }
  } finally {
    await client.deletePit({ body: { pit_id: [pitId] } }).catch(() => undefined);
  }
}

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
