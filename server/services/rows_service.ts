/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/* Reading a lookup's rows through its alias, as the caller, without the `__lookup` column. */
import type { OpenSearchClient } from 'opensearch-dashboards/server';
import type { RowsResponse, SchemaColumn } from '../../common/api/codecs';
import { versionColumns } from '../../common/edit/column_order';
import { LOOKUP_FIELD } from '../../common/substrate/names';
import { ConflictError, NotFoundError } from '../lib/errors';
import { dateFields, dateFieldsRequest, withDates } from './document_scan';
import { valueAtPath } from './export_service';
import { fieldsInSlice } from './field_presence';
import { probeTarget } from './target_probe';

export interface RowsRequest {
  from?: number;
  size?: number;
  /** `field` or `field:desc`, comma-separated. */
  sort?: string;
  /** Pins the page to this version (the `slice` the first page answered). */
  slice?: string;
  /** Answer each row's id too. */
  with_ids?: boolean;
}

/** The columns of a version in their written order, as its write record keeps them. */
export type WrittenColumns = (index: string, slice: string) => Promise<string[] | undefined>;

type MappingProperties = Record<string, { type?: string; properties?: MappingProperties }>;

/** Leaf fields of a mapping with their types (`a.b` for objects), `__lookup` left out. */
function flattenMapping(properties: MappingProperties, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [field, spec] of Object.entries(properties)) {
    const path = `${prefix}${field}`;
    if (path === LOOKUP_FIELD) continue;
    if (spec.properties) {
      for (const [k, v] of flattenMapping(spec.properties, `${path}.`)) out.set(k, v);
    } else {
      out.set(path, spec.type ?? 'object');
    }
  }
  return out;
}

function parseSort(sort: string | undefined) {
  if (!sort) return undefined;
  return sort
    .split(',')
    .filter(Boolean)
    .map((part) => {
      const [field, order] = part.split(':');
      return { [field]: { order: order === 'desc' ? 'desc' : 'asc', unmapped_type: 'keyword' } };
    });
}

export async function readRows(
  client: OpenSearchClient,
  name: string,
  request: RowsRequest,
  written: WrittenColumns = async () => undefined
): Promise<RowsResponse> {
  const target = await probeTarget(client, name);
  if (target.kind === 'absent') {
    throw new NotFoundError(
      `There is no lookup named "${name}". Check the name, or write it first with outputlookup.`
    );
  }
  if (target.kind !== 'managed' && target.kind !== 'legacy') {
    throw new ConflictError(
      `"${name}" is not a lookup (${target.kind.replace(/_/g, ' ')}); read it with a search instead.`,
      {
        kind: target.kind,
      }
    );
  }
  const index = target.kind === 'managed' ? target.backingIndex : target.legacyIndex;
  // Every page reads one version: the backing index filtered on the slice of the first page,
  // so an overwrite between two pages never mixes versions.
  const slice = request.slice ?? target.currentSlice;
  if (request.slice !== undefined && target.kind === 'legacy' && slice !== target.currentSlice) {
    throw sliceGone(name, slice);
  }
  const pinned = { term: { [LOOKUP_FIELD]: slice } };
  const { body: mapping } = await client.indices.getMapping({ index });
  const properties =
    (mapping as Record<string, { mappings?: { properties?: MappingProperties } }>)[index]?.mappings
      ?.properties ?? {};
  const types = flattenMapping(properties);
  const fields = [...types.keys()];
  // Dates as `source=` shows them: formatted by OpenSearch in UTC, whatever their mapping's format.
  const dates = dateFields(types);
  // The mapping holds the fields of every slice (and, for an importer index, of other lookups):
  // the columns are those the lookup's current rows carry, found by one aggregation beside the page.
  const [search, present, order] = await Promise.all([
    client.search({
      index,
      body: {
        from: request.from ?? 0,
        size: request.size ?? 100,
        track_total_hits: true,
        query: { bool: { filter: [pinned] } },
        sort: parseSort(request.sort),
        _source: { excludes: [LOOKUP_FIELD] },
        ...dateFieldsRequest(dates),
        ...(request.slice !== undefined
          ? { aggs: { pinned: { global: {}, aggs: { in_slice: { filter: pinned } } } } }
          : {}),
      },
    }),
    fieldsInSlice(client, index, slice, fields),
    written(index, slice),
  ]);
  const answer = search.body as {
    hits: {
      total: { value: number };
      hits: Array<{
        _id: string;
        _source: Record<string, unknown>;
        fields?: Record<string, unknown[]>;
      }>;
    };
    aggregations?: { pinned?: { in_slice?: { doc_count: number } } };
  };
  const hits = answer.hits;
  if (request.slice !== undefined && hits.total.value === 0) {
    // An empty page of a version that still exists is fine; of one that was reaped, a 409.
    if (
      (answer.aggregations?.pinned?.in_slice?.doc_count ?? 0) === 0 &&
      slice !== target.currentSlice
    )
      throw sliceGone(name, slice);
  }

  // In the order the version was written, with any column it was written with (even empty).
  const schema: SchemaColumn[] = versionColumns(fields, present, order).map((field) => ({
    name: field,
    type: types.get(field) ?? 'object',
  }));
  const datarows = hits.hits.map((hit) => {
    const source = withDates(hit._source, hit.fields, dates);
    return schema.map((column) => valueAtPath(source, column.name) ?? null);
  });
  return {
    schema,
    datarows,
    total: hits.total.value,
    slice,
    ...(request.with_ids ? { ids: hits.hits.map((hit) => hit._id) } : {}),
  };
}

function sliceGone(name: string, slice: string) {
  return new ConflictError(
    `The version of "${name}" these pages started on (slice ${slice}) no longer exists: a newer ` +
      'write replaced it and it was cleaned up. Read the rows again from the first page.',
    { slice }
  );
}
