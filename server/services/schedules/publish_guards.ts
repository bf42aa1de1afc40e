/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * A schedule's publish guards, asked after its run has written the new version and before it is
 * published: an empty result, one that shrinks by more than a set share, or one that lacks a
 * column of the current version keeps the current version. The unpublished version stays for
 * inspection until the reaper's grace ends.
 */
import type { OpenSearchClient } from 'opensearch-dashboards/server';
import type { PublishGuards } from '../../../common/api/schedules';
import { LOOKUP_FIELD } from '../../../common/substrate/names';
import { LookupError } from '../../lib/errors';
import type { PublishCandidate } from '../writer/lookup_writer';

export class PublishGuardError extends LookupError {
  constructor(message: string, attributes: Record<string, unknown>) {
    // Not the caller's request at fault, nor the server: the result did not pass a guard.
    super(409, message, { reason: 'publish_guard', ...attributes });
  }
}

const sliceQuery = (slice: string) => ({ term: { [LOOKUP_FIELD]: slice } });

async function countSlice(client: OpenSearchClient, index: string, slice: string) {
  const { body } = await client.count({ index, body: { query: sliceQuery(slice) } });
  return (body as { count: number }).count;
}

/** The top-level columns some row of the slice carries. */
async function sliceColumns(
  client: OpenSearchClient,
  index: string,
  slice: string
): Promise<string[]> {
  const { body } = await client.indices.getMapping({ index });
  const mapping = Object.values(body as Record<string, { mappings?: { properties?: object } }>)[0];
  const names = Object.keys(mapping?.mappings?.properties ?? {}).filter(
    (name) => name !== LOOKUP_FIELD
  );
  if (names.length === 0) return [];
  const { body: result } = await client.search({
    index,
    body: {
      size: 0,
      query: sliceQuery(slice),
      aggs: {
        present: {
          filters: {
            filters: Object.fromEntries(names.map((n) => [n, { exists: { field: n } }])),
          },
        },
      },
    },
  });
  const buckets = (
    result as { aggregations: { present: { buckets: Record<string, { doc_count: number }> } } }
  ).aggregations.present.buckets;
  return names.filter((n) => (buckets[n]?.doc_count ?? 0) > 0);
}

/** The guard to ask before publishing, as the run's own user; it answers the old row count. */
export function publishGuard(client: OpenSearchClient, guards: PublishGuards) {
  return async (candidate: PublishCandidate): Promise<{ previousRows: number | null }> => {
    const { backingIndex, previousSlice, rows, columns } = candidate;
    if (guards.skip_empty && rows === 0) {
      throw new PublishGuardError(
        'The run found no rows, and this schedule keeps the current version when a result is empty (guard skip_empty).',
        { guard: 'skip_empty', rows }
      );
    }
    if (previousSlice === null) return { previousRows: null };
    const previousRows = await countSlice(client, backingIndex, previousSlice);
    const limit = guards.max_shrink_percent;
    if (limit !== undefined && previousRows > 0) {
      const shrink = ((previousRows - rows) / previousRows) * 100;
      if (shrink > limit) {
        throw new PublishGuardError(
          `The run found ${rows} rows where the current version has ${previousRows} (${shrink.toFixed(1)}% fewer), more than this schedule allows (guard max_shrink_percent=${limit}); the current version stays.`,
          { guard: 'max_shrink_percent', rows, previous_rows: previousRows }
        );
      }
    }
    if (guards.keep_columns) {
      const kept = new Set(columns.map((c) => c.split('.')[0]));
      const lost = (await sliceColumns(client, backingIndex, previousSlice)).filter(
        (c) => !kept.has(c)
      );
      if (lost.length > 0) {
        throw new PublishGuardError(
          `The run's result lacks column${lost.length > 1 ? 's' : ''} ${lost.join(', ')} of the current version, and this schedule keeps the current version then (guard keep_columns).`,
          { guard: 'keep_columns', missing: lost }
        );
      }
    }
    return { previousRows };
  };
}
