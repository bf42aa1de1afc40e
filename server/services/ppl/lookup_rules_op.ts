/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * `lookup` on a lookup with match rules (cidr, wildcard, range, time as of, any-case exact):
 * the lookup's current version is read once, as the caller, and held with the matcher's
 * structures (common/match) for the query, both counted against its memory; each event then
 * gets its matches best first, at most `max_matches`, or the rules' `default` when none. The
 * rows a match adds are counted too, batch by batch, and the matching takes turns with the
 * event loop and stops at the deadline as every operator does. Only the caller's client is used,
 * so this runs wherever the engine does.
 */
import type { OpenSearchClient } from 'opensearch-dashboards/server';
import type { MatchSettings } from '../../../common/match/codecs';
import type { LookupCommand } from '../../../common/ppl/ast';
import type { PplValue } from '../../../common/ppl/types';
import { loadRuleTable, type RuleTable, timeRuleOf } from '../match/rule_table';
import type { QueryBudget } from './budget';
import { checkValueDepth } from './errors';
import { readField } from './evaluate';
import { rowBytes, shallowRowBytes, valueBytes } from './memory';
import type { Row, RowStream } from './operators';

export interface LookupOutput {
  from: string;
  to: string;
}

/**
 * Sets the outputs of one match (null: none, the default's values then) on `target`, as the SQL
 * plugin's lookup does (append: only where the row has no value); the bytes it added.
 */
export function applyMatch(
  target: Row,
  match: Record<string, unknown> | null,
  command: Pick<LookupCommand, 'strategy'>,
  outputs: LookupOutput[],
  defaults: MatchSettings['default']
): number {
  let bytes = 0;
  for (const { from, to } of outputs) {
    const value = match
      ? ((readField(match as Row, from) ?? null) as PplValue)
      : ((defaults?.[from] ?? null) as PplValue);
    checkValueDepth(value, to);
    if (command.strategy !== 'append') target[to] = value;
    else if (target[to] === null || target[to] === undefined) target[to] = value;
    else continue;
    bytes += valueBytes(value);
  }
  return bytes;
}

export async function* ruleLookupOp(
  input: RowStream,
  client: OpenSearchClient,
  command: LookupCommand,
  outputs: LookupOutput[],
  settings: MatchSettings,
  budget: QueryBudget
): RowStream {
  // The version and the structures, for the whole query.
  const tableHold = budget.hold('lookup');
  // The rows the matches of the batch in hand added, until the next batch.
  const fanOut = budget.hold('lookup');
  const time = timeRuleOf(settings);
  const eventField = time?.event_field ?? '@timestamp';
  const hasTime = time !== undefined;
  let table: RuleTable | undefined;
  try {
    for await (const batch of input) {
      fanOut.clear();
      table ??= await loadRuleTable(
        client,
        command.table.name,
        settings,
        command.mappings.map((m) => m.lookupField.name),
        {
          add: (bytes) => tableHold.add(bytes),
          rowsBytes: (rows) => rows.reduce((n, r) => n + rowBytes(r), 0),
          checkpoint: () => budget.checkpoint(),
          pause: () => budget.endBatch(),
        }
      );
      const { matcher, rows } = table;
      const out: Row[] = [];
      const values: unknown[] = new Array(command.mappings.length);
      await budget.eachRow(batch, (row) => {
        command.mappings.forEach((m, i) => (values[i] = readField(row, m.sourceField.name)));
        const found = matcher.match(values, hasTime ? readField(row, eventField) : undefined);
        if (found.length === 0) {
          fanOut.add(applyMatch(row, null, command, outputs, settings.default));
          out.push(row);
          return;
        }
        found.forEach((index, i) => {
          // A row matching several lookup rows comes out once per match, best first.
          const target = i === found.length - 1 ? row : { ...row };
          if (target !== row) fanOut.add(shallowRowBytes(target));
          fanOut.add(applyMatch(target, rows[index], command, outputs, settings.default));
          out.push(target);
        });
      });
      yield out;
    }
  } finally {
    fanOut.clear();
    tableHold.clear();
  }
}
