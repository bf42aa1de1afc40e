/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * The catalog is read in steps (aliases, then sizes and counts): a lookup deleted by someone else
 * between the steps must not turn the whole list into a 404. The fake client answers as
 * OpenSearch does: a named index that is gone is a 404 unless the request ignores unavailable
 * indices.
 */
import type { OpenSearchClient } from 'opensearch-dashboards/server';
import { sliceFilter } from '../../../common/substrate/alias_filter';
import type { WriteRecordStore } from '../plugin_index/write_records';
import { CatalogService } from './catalog_service';

const notFound = (index: string) =>
  Object.assign(new Error(`index_not_found_exception: no such index [${index}]`), {
    statusCode: 404,
    meta: { statusCode: 404, body: { error: { type: 'index_not_found_exception' } } },
  });

/** Two lookups; `gone` is deleted right after its alias was read. */
function clusterWhereOneLookupGoes(gone: string, kept: string) {
  const existing = new Set([`${kept}__lookup`]);
  const missing = (names: string) => names.split(',').filter((n) => !existing.has(n));
  return {
    indices: {
      getAlias: async () => ({
        body: {
          [`${gone}__lookup`]: { aliases: { [gone]: { filter: sliceFilter('s-gone') } } },
          [`${kept}__lookup`]: { aliases: { [kept]: { filter: sliceFilter('s-kept') } } },
        },
      }),
      stats: async (params: { index: string; ignore_unavailable?: boolean }) => {
        const absent = missing(params.index);
        if (absent.length > 0 && !params.ignore_unavailable) throw notFound(absent[0]);
        return {
          body: { indices: { [`${kept}__lookup`]: { total: { store: { size_in_bytes: 100 } } } } },
        };
      },
    },
    msearch: async (params: { body: Array<Record<string, unknown>> }) => {
      const responses = [];
      for (let i = 0; i < params.body.length; i += 2) {
        const header = params.body[i] as { index: string; ignore_unavailable?: boolean };
        const absent = missing(header.index);
        responses.push(
          absent.length > 0 && !header.ignore_unavailable
            ? { status: 404, error: { type: 'index_not_found_exception', reason: 'no such index' } }
            : {
                aggregations: {
                  by_index: {
                    buckets: [
                      {
                        key: `${kept}__lookup`,
                        slices: { buckets: [{ key: 's-kept', doc_count: 2 }] },
                      },
                    ],
                  },
                },
              }
        );
      }
      return { body: { responses } };
    },
  } as unknown as OpenSearchClient;
}

const noRecords = { forBackingIndices: async () => new Map() } as unknown as WriteRecordStore;

it('lists the lookups that are still there when another one is deleted mid-read', async () => {
  const service = new CatalogService(clusterWhereOneLookupGoes('lk_gone', 'lk_kept'), noRecords);
  const lookups = await service.list();
  const kept = lookups.find((l) => l.name === 'lk_kept');
  expect(kept).toMatchObject({ rows: 2, size_bytes: 100 });
  // The deleted one's alias was read before it went: it shows, empty, until the next refresh.
  expect(lookups.find((l) => l.name === 'lk_gone')).toMatchObject({ rows: 0, size_bytes: 0 });
});
