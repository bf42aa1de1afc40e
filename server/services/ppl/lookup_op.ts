/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * `lookup`: enrich each batch of rows from a lookup, read through its alias as the caller with
 * one terms query per batch (keys of several fields are narrowed per field, then matched whole).
 */
import type { OpenSearchClient } from 'opensearch-dashboards/server';
import type { LookupCommand } from '../../../common/ppl/ast';
import { dateFields, dateFieldsRequest, withDates } from '../document_scan';
import { checkValueDepth } from './errors';
import { readField } from './evaluate';
import type { PplType, PplValue } from '../../../common/ppl/types';
import type { Row, RowStream } from './operators';
import { readSourceSchema, SourceSchema } from './source_schema';
import { QueryBudget, unlimitedBudget } from './budget';
import { valueBytes } from './memory';

const MAX_MATCHES = 10_000;

export async function readLookupSchema(
  client: OpenSearchClient,
  name: string
): Promise<Map<string, PplType>> {
  const schema = await readSourceSchema(client, [name]);
  return new Map([...schema.fields.values()].map((f) => [f.name, f.type]));
}

const keyOf = (values: PplValue[]) =>
  JSON.stringify(values.map((v) => (v === null ? null : String(v))));

export async function* lookupOp(
  input: RowStream,
  client: OpenSearchClient,
  command: LookupCommand,
  outputs: Array<{ from: string; to: string }>,
  budget: QueryBudget = unlimitedBudget()
): RowStream {
  let schema: SourceSchema | undefined;
  // The lookup's rows matched for the batch in hand, held until the next batch.
  const hold = budget.hold('lookup');
  try {
    for await (const batch of input) {
      hold.clear();
      schema ??= await readSourceSchema(client, [command.table.name]);
      const wanted = command.mappings.map(() => new Set<string | number | boolean>());
      for (const row of batch) {
        command.mappings.forEach((m, i) => {
          const v = readField(row, m.sourceField.name);
          if (v !== null && typeof v !== 'object') wanted[i].add(v as string | number | boolean);
        });
      }
      const matches = new Map<string, Record<string, unknown>>();
      if (wanted.every((set) => set.size > 0)) {
        const filters = command.mappings.map((m, i) => ({
          terms: {
            [schema!.fields.get(m.lookupField.name)?.exactField ?? m.lookupField.name]: [
              ...wanted[i],
            ],
          },
        }));
        // Dates as `source=` reads them: formatted by OpenSearch, in UTC.
        const dates = dateFields(
          [...schema.fields.values()].map((f): [string, string] => [f.name, f.mappingType])
        );
        const { body } = await client.search({
          index: command.table.name,
          body: {
            size: MAX_MATCHES,
            query: { bool: { filter: filters } },
            ...dateFieldsRequest(dates),
          },
        });
        const hits = (
          body as {
            hits: {
              hits: Array<{ _source: Record<string, unknown>; fields?: Record<string, unknown[]> }>;
            };
          }
        ).hits.hits;
        for (const { _source, fields } of hits) {
          const hit = { _source: withDates(_source, fields, dates) };
          const key = keyOf(
            command.mappings.map((m) => readField(hit._source as Row, m.lookupField.name))
          );
          if (!matches.has(key)) {
            hold.add(valueBytes(hit._source));
            matches.set(key, hit._source);
          }
        }
      }
      for (const row of batch) {
        const match = matches.get(
          keyOf(command.mappings.map((m) => readField(row, m.sourceField.name)))
        );
        for (const { from, to } of outputs) {
          const value = match ? ((readField(match as Row, from) ?? null) as PplValue) : null;
          checkValueDepth(value, to);
          if (command.strategy === 'append') {
            if (row[to] === null || row[to] === undefined) row[to] = value;
          } else if (match || !(to in row)) {
            row[to] = value;
          }
        }
      }
      yield batch;
    }
  } finally {
    hold.clear();
  }
}
