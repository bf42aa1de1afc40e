/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Metadata fields of an index source (identifiers.md, "Metadata Identifiers"): `_id`, `_index`,
 * `_score`, `_maxscore`, `_sort`, `_routing`. They are columns a where, sort or eval may read, but
 * not in the output unless a `fields` (or `table`) names them. Read only when the query names
 * one, so that a scan without them carries nothing more per row.
 */
import type { OpenSearchClient } from 'opensearch-dashboards/server';
import type { PplType } from '../../../../common/ppl/types';
import type { Column } from '../plan_context';
import type { Dsl } from '../pushdown';

export const METADATA_COLUMNS: ReadonlyArray<[string, PplType]> = [
  ['_id', 'string'],
  ['_index', 'string'],
  ['_score', 'float'],
  ['_maxscore', 'float'],
  ['_sort', 'bigint'],
  ['_routing', 'string'],
];

const NAMED = /(?:^|[^\w.`])`?_(?:id|index|score|maxscore|sort|routing)\b/;

/** Whether the query's text names a metadata field (then the scan reads them). */
export function namesMetadata(text: string): boolean {
  return NAMED.test(text);
}

/** The metadata columns, hidden until a `fields` names them; those the index maps are left out. */
export function metadataColumns(mapped: (name: string) => boolean): Column[] {
  return METADATA_COLUMNS.filter(([name]) => !mapped(name)).map(([name, type]) => ({
    name,
    type,
    hidden: true,
  }));
}

/** The best score of the documents `query` matches (`_maxscore`), as the caller. */
export async function maxScore(
  client: OpenSearchClient,
  indices: string[],
  query: Dsl
): Promise<number | null> {
  const { body } = await client.search({
    index: indices.join(','),
    body: { size: 1, query, _source: false, track_total_hits: false },
  });
  const value = (body as { hits?: { max_score?: number | null } }).hits?.max_score;
  return typeof value === 'number' ? value : null;
}
