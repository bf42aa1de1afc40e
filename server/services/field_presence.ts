/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Which fields the documents of one version of a lookup actually carry. A backing index's
 * mapping holds the fields of every version it ever held (and an importer's index those of other
 * lookups), so a lookup's columns are the mapped fields its current slice's documents have: one
 * `filters` aggregation of `exists`, read as the caller. Readers of the current version (`_rows`,
 * exports, `source=` and `lookup` in PPL) take their columns from here; the field caps service
 * answers the same per slice for every version.
 */
import type { OpenSearchClient } from 'opensearch-dashboards/server';
import { LOOKUP_FIELD } from '../../common/substrate/names';

type Dsl = Record<string, unknown>;

/**
 * The `filters` aggregation over `fields`, one bucket per field named by its position; `query`
 * says what carrying a field means (`exists` unless told otherwise).
 */
export function presenceFilters(
  fields: string[],
  query: (field: string) => Dsl = (field) => ({ exists: { field } })
): Dsl {
  return {
    filters: { filters: Object.fromEntries(fields.map((f, i) => [String(i), query(f)])) },
  };
}

/** The fields of `presenceFilters(fields)` whose bucket holds at least one document. */
export function readPresent(
  fields: string[],
  buckets: Record<string, { doc_count: number }> | undefined
): Set<string> {
  const present = new Set<string>();
  fields.forEach((field, i) => {
    if ((buckets?.[String(i)]?.doc_count ?? 0) > 0) present.add(field);
  });
  return present;
}

/** Of `fields`, those carried by at least one document of `slice` in `index`. */
export async function fieldsInSlice(
  client: OpenSearchClient,
  index: string,
  slice: string,
  fields: string[]
): Promise<Set<string>> {
  if (fields.length === 0) return new Set();
  const { body } = await client.search({
    index,
    body: {
      size: 0,
      track_total_hits: false,
      query: { bool: { filter: [{ term: { [LOOKUP_FIELD]: slice } }] } },
      aggs: { present: presenceFilters(fields) },
    },
  });
  const aggs = (body as { aggregations?: { present?: { buckets?: Record<string, never> } } })
    .aggregations;
  return readPresent(fields, aggs?.present?.buckets);
}
