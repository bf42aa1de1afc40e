/*
 * Reads every document a search matches, in pages, as the caller: a scroll keeps one consistent
 * view (an alias filter applies), and is cleared at the end and on error.
 */
import type { OpenSearchClient } from 'opensearch-dashboards/server';
import { LOOKUP_FIELD } from '../../common/substrate/names';

export async function* scanSources(
  client: OpenSearchClient,
  index: string,
  options: { query?: unknown; pageSize?: number } = {}
): AsyncGenerator<Array<Record<string, unknown>>> {
  let scrollId: string | undefined;
  try {
    let { body } = await client.search({
      index,
      scroll: '2m',
      body: {
        size: options.pageSize ?? 2000,
        sort: ['_doc'],
        query: options.query ?? { match_all: {} },
        _source: { excludes: [LOOKUP_FIELD] },
      },
    });
    for (;;) {
      scrollId = body._scroll_id;
      const hits = body.hits.hits as Array<{ _source: Record<string, unknown> }>;
      if (hits.length === 0) return;
      yield hits.map((hit) => hit._source);
      ({ body } = await client.scroll({ body: { scroll_id: scrollId, scroll: '2m' } }));
    }
  } finally {
    if (scrollId)
      await client.clearScroll({ body: { scroll_id: scrollId } }).catch(() => undefined);
  }
}
