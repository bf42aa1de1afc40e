/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * A version's source query may name indices and literals that a reader of the lookup may not
 * read (`source=secret_logs | where classification = 'secret'`). Its text is shown only to the
 * user who wrote it, or to a caller who may read every index it read — asked as the caller,
 * in one multi-search. A query over a pattern (`logs-*`) is shown to its writer alone: what the
 * pattern matched when it ran cannot be told now.
 */
import type { OpenSearchClient } from 'opensearch-dashboards/server';
import type { SliceInfo } from '../../../common/api/codecs';
import { parsePpl } from '../../../common/ppl/parser';
import { indicesOfQuery } from '../../../common/ppl/query_indices';

/** The indices a PPL query reads, or null when it cannot be told (a pattern, or no parse). */
export function indicesReadBy(query: string): string[] | null {
  const parsed = parsePpl(query);
  if (!parsed.ok) return null;
  // Subsearches (join, append) read indices too.
  const names = indicesOfQuery(parsed.query);
  if (names.some((n) => /[*,]/.test(n) || n.includes(':'))) return null;
  return names;
}

export async function hideUnreadableQueries(
  client: OpenSearchClient,
  caller: string | null,
  slices: SliceInfo[]
): Promise<SliceInfo[]> {
  const needed = new Map<SliceInfo, string[] | null>();
  for (const slice of slices) {
    if (!slice.query || (caller !== null && slice.written_by === caller)) continue;
    needed.set(slice, indicesReadBy(slice.query));
  }
  const toCheck = [...new Set([...needed.values()].flatMap((names) => names ?? []))];
  const readable = new Set<string>();
  if (toCheck.length > 0) {
    const { body } = await client.msearch({
      body: toCheck.flatMap((index) => [
        { index, ignore_unavailable: false },
        { size: 0, track_total_hits: false, query: { match_none: {} } },
      ]),
    });
    (body as { responses: Array<{ status?: number; error?: unknown }> }).responses.forEach(
      (response, i) => {
        if (!response.error) readable.add(toCheck[i]);
      }
    );
  }
  return slices.map((slice) => {
    const names = needed.get(slice);
    if (names === undefined) return slice;
    if (names !== null && names.every((n) => readable.has(n))) return slice;
    const { query: _hidden, ...rest } = slice;
    return { ...rest, query_hidden: true };
  });
}
