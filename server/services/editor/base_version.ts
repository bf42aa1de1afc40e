/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * The version an edit starts from, read whole as the caller: its rows with their ids (through a
 * point in time, a page at a time), the backing index's mapping, and the columns in the order
 * they were written. Its size is checked first, so nothing over `lookups.editor.max_rows` is
 * ever held.
 */
import type { OpenSearchClient } from 'opensearch-dashboards/server';
import { versionColumns } from '../../../common/edit/column_order';
import { LOOKUP_FIELD } from '../../../common/substrate/names';
import { BadRequestError } from '../../lib/errors';
import { scanDocuments } from '../document_scan';
import { valueAtPath } from '../export_service';
import type { WriteRecord } from '../plugin_index/write_records';
import type { Row } from '../writer/row_source';
import type { BaseVersion, FieldSpec } from './edit_plan';
import { findKeyScheme } from './key_scheme';

type Properties = Record<string, Record<string, unknown> & { properties?: Properties }>;

/** Every leaf field of a mapping (`a.b` inside objects) with its type, format and mapping. */
export function leafFields(
  properties: Properties,
  prefix = '',
  out = new Map<string, FieldSpec>()
) {
  for (const [field, spec] of Object.entries(properties)) {
    const name = `${prefix}${field}`;
    if (name === LOOKUP_FIELD) continue;
    if (spec.properties) {
      leafFields(spec.properties, `${name}.`, out);
      continue;
    }
    out.set(name, {
      name,
      type: typeof spec.type === 'string' ? spec.type : 'object',
      ...(typeof spec.format === 'string' ? { format: spec.format } : {}),
      mapping: spec,
    });
  }
  return out;
}

export async function readMapping(
  client: OpenSearchClient,
  index: string
): Promise<Map<string, FieldSpec>> {
  const { body } = await client.indices.getMapping({ index });
  const properties =
    (body as Record<string, { mappings?: { properties?: Properties } }>)[index]?.mappings
      ?.properties ?? {};
  return leafFields(properties);
}

/** The search metadata `scanDocuments` adds to each document when asked for it. */
const METADATA = ['_id', '_index', '_routing', '_score', '_sort'];

/** The 400 for a lookup over the editor's limit, with the ways to change it instead. */
export function tooLargeToEdit(name: string, rows: number, maxRows: number) {
  return new BadRequestError(
    `"${name}" has ${rows} rows; the editor opens lookups of up to ${maxRows} rows (lookups.editor.max_rows). ` +
      'Change a larger lookup with a query ending in outputlookup, a file import, or POST _write. Nothing was written.',
    { reason: 'editor_max_rows', rows, max_rows: maxRows, setting: 'lookups.editor.max_rows' }
  );
}

export async function readBaseVersion(
  client: OpenSearchClient,
  name: string,
  index: string,
  slice: string,
  record: WriteRecord | undefined,
  maxRows: number
): Promise<BaseVersion> {
  const pinned = { term: { [LOOKUP_FIELD]: slice } };
  const [{ body: counted }, mapped] = await Promise.all([
    client.count({ index, body: { query: pinned } }),
    readMapping(client, index),
  ]);
  const count = (counted as { count: number }).count;
  if (count > maxRows) throw tooLargeToEdit(name, count, maxRows);

  const rows: Array<{ id: string; source: Row }> = [];
  for await (const page of scanDocuments(client, {
    indices: [index],
    query: pinned,
    sourceExcludes: [LOOKUP_FIELD],
    metadata: true,
    pageSize: 5000,
    // One more than allowed: rows appended since the count are still refused.
    limit: maxRows + 1,
  })) {
    for (const doc of page) {
      const id = doc._id as string;
      for (const key of METADATA) delete doc[key];
      rows.push({ id, source: doc });
    }
  }
  if (rows.length > maxRows) throw tooLargeToEdit(name, rows.length, maxRows);

  const present = new Set(
    [...mapped.keys()].filter((field) =>
      rows.some((r) => valueAtPath(r.source, field) !== undefined)
    )
  );
  const names = versionColumns([...mapped.keys()], present, record?.columns);
  const types = new Map([...mapped].map(([field, spec]) => [field, spec.type]));
  return {
    slice,
    columns: names.map((n) => mapped.get(n)!),
    mapped,
    rows,
    keys: findKeyScheme(rows, slice, types, record?.key_field),
  };
}
