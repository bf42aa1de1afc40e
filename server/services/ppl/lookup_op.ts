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
import { readField } from './evaluate';
import type { PplType, PplValue } from '../../../common/ppl/types';
import type { Row, RowStream } from './operators';
import { readSourceSchema, SourceSchema } from './source_schema';
import { QueryBudget, unlimitedBudget } from './budget';
import { rowBytes, valueBytes } from './memory';
import { effectiveMaxMatches, type MatchSettings, NO_RULES } from '../../../common/match/codecs';
import { applyMatch } from './lookup_rules_op';

const MAX_MATCHES = 10_000;
/** Rows of output handed on at once when input rows match several lookup rows. */
const FAN_OUT_CHUNK_ROWS = 1000;

/**
 * A lookup table's fields and their types, in its column order; `fieldCount` is how many fields
 * the SQL plugin would see in it (with a lookup's hidden slice field).
 */
export async function readLookupSchema(
  client: OpenSearchClient,
  name: string
): Promise<{ types: Map<string, PplType>; fieldCount: number }> {
  const schema = await readSourceSchema(client, [name]);
  const types = new Map([...schema.fields.values()].map((f) => [f.name, f.type]));
  return { types, fieldCount: types.size + (schema.hasSliceField ? 1 : 0) };
}

const keyOf = (values: PplValue[]) =>
  JSON.stringify(values.map((v) => (v === null ? null : String(v))));

export async function* lookupOp(
  input: RowStream,
  client: OpenSearchClient,
  command: LookupCommand,
  outputs: Array<{ from: string; to: string }>,
  budget: QueryBudget = unlimitedBudget(),
  /** The lookup's limit on matches per row and its values for a row without one. */
  settings: Pick<MatchSettings, 'rules' | 'max_matches' | 'default'> = NO_RULES
): RowStream {
  const maxMatches = effectiveMaxMatches(settings);
  let schema: SourceSchema | undefined;
  // The lookup's rows matched for the batch in hand, held until the next batch.
  const hold = budget.hold('lookup');
  // The copies of input rows that match several lookup rows, until they are handed on.
  const copies = budget.hold('lookup');
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
      const matches = new Map<string, Array<Record<string, unknown>>>();
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
        const types = new Map([...schema.fields.values()].map((f) => [f.name, f.type]));
        for (const { _source, fields } of hits) {
          const hit = { _source: withDates(_source, fields, dates, types) };
          const key = keyOf(
            command.mappings.map((m) => readField(hit._source as Row, m.lookupField.name))
          );
          hold.add(valueBytes(hit._source));
          const list = matches.get(key);
          if (list) list.push(hit._source);
          else matches.set(key, [hit._source]);
        }
      }
      // A left join: a row without a match gets nulls (append: keeps its own values), a row
      // matching several lookup rows comes out once per match. Each copy is counted as it is
      // made, and the rows go on in chunks, with turns for the event loop in between.
      let out: Row[] = [];
      budget.begin();
      for (const row of batch) {
        const all = matches.get(
          keyOf(command.mappings.map((m) => readField(row, m.sourceField.name)))
        );
        const found = all ? all.slice(0, maxMatches) : [null];
        for (let i = 0; i < found.length; i++) {
          const match = found[i];
          const target = i === found.length - 1 ? row : { ...row };
          applyMatch(target, match, command, outputs, settings.default);
          if (i < found.length - 1) copies.add(rowBytes(target));
          out.push(target);
          if (budget.tick()) await budget.pause();
          if (out.length >= FAN_OUT_CHUNK_ROWS) {
            yield out;
            out = [];
            copies.clear();
            budget.begin();
          }
        }
      }
      await budget.endBatch();
      if (out.length > 0) yield out;
      copies.clear();
    }
  } finally {
    hold.clear();
    copies.clear();
  }
}
