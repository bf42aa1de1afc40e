/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * A lookup's current version read whole, as the caller: its columns with their PPL types, and
 * its rows in pages, dates as every read shows them (UTC, PPL's form). Both the check of rules
 * and the PPL `lookup` that matches by rules read it; neither needs more than the caller's client.
 */
import type { OpenSearchClient } from 'opensearch-dashboards/server';
import type { PplType } from '../../../common/ppl/types';
import { LOOKUP_FIELD } from '../../../common/substrate/names';
import { dateFields, scanDocuments } from '../document_scan';
import { readSourceSchema, type SourceSchema } from '../ppl/source_schema';

export type LookupRow = Record<string, unknown>;

export const TABLE_PAGE_SIZE = 5000;

export function columnTypes(schema: SourceSchema): Map<string, PplType> {
  return new Map([...schema.fields.values()].map((f) => [f.name, f.type]));
}

/** The version's rows, page by page, read through the lookup's alias. */
export function scanLookup(
  client: OpenSearchClient,
  name: string,
  schema: SourceSchema
): AsyncGenerator<LookupRow[]> {
  const dates = dateFields(
    [...schema.fields.values()].map((f): [string, string] => [f.name, f.mappingType])
  );
  return scanDocuments(client, {
    indices: [name],
    query: { match_all: {} },
    sourceExcludes: [LOOKUP_FIELD],
    formatDates: dates,
    pageSize: TABLE_PAGE_SIZE,
  });
}

export async function readLookupColumns(client: OpenSearchClient, name: string) {
  const schema = await readSourceSchema(client, [name]);
  return { schema, columns: columnTypes(schema) };
}
