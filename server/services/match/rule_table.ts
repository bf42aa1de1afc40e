/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * A lookup's current version held for matching by rules: its rows read once, as the caller,
 * each page counted against the holder's memory and the structures of the matcher too, the
 * deadline looked at while it builds. `lookup` in PPL makes one per query (in the worker, with
 * only the caller's client); "Try a value" makes one per request.
 */
import type { OpenSearchClient } from 'opensearch-dashboards/server';
import {
  effectiveMaxMatches,
  type MatchRule,
  type MatchSettings,
  type TimeRule,
} from '../../../common/match/codecs';
import { buildMatcher, type Matcher, type MatcherKey } from '../../../common/match/matcher';
import { rangeKind } from '../../../common/match/validate';
import type { PplType } from '../../../common/ppl/types';
import { valueAtPath } from '../export_service';
import { readLookupColumns, scanLookup, type LookupRow } from './lookup_table';

/** What holds the table: told each page's and the structures' approximate bytes (may throw). */
export interface TableHold {
  add(bytes: number): void;
  /** The approximate bytes of rows as the holder counts them. */
  rowsBytes(rows: LookupRow[]): number;
  /** Throws once the deadline has passed; called while reading and building. */
  checkpoint(): void;
  /** Lets the event loop run between pages. */
  pause?(): Promise<void>;
}

export interface RuleTable {
  rows: LookupRow[];
  matcher: Matcher;
  maxMatches: number;
  time?: TimeRule;
  keys: MatcherKey[];
}

/** The keys of a match: each lookup field named, with its rule (a time rule orders instead). */
export function matcherKeys(
  settings: Pick<MatchSettings, 'rules'>,
  fields: string[],
  columns: ReadonlyMap<string, PplType>,
  rows: () => LookupRow[]
): MatcherKey[] {
  return fields.map((field) => {
    const rule = settings.rules.find((r) => r.field === field && r.type !== 'time') as
      Exclude<MatchRule, TimeRule> | undefined;
    if (rule?.type !== 'range') return { field, ...(rule ? { rule } : {}) };
    const kind =
      rangeKind(columns.get(rule.field), columns.get(rule.to), () =>
        rows().flatMap((r) => [valueAtPath(r, rule.field), valueAtPath(r, rule.to)])
      ) ?? 'number';
    return { field, rule, kind };
  });
}

export const timeRuleOf = (settings: Pick<MatchSettings, 'rules'>): TimeRule | undefined =>
  settings.rules.find((r): r is TimeRule => r.type === 'time');

export async function loadRuleTable(
  client: OpenSearchClient,
  name: string,
  settings: MatchSettings,
  fields: string[],
  hold: TableHold
): Promise<RuleTable> {
  const { schema, columns } = await readLookupColumns(client, name);
  const rows: LookupRow[] = [];
  for await (const page of scanLookup(client, name, schema)) {
    hold.add(hold.rowsBytes(page));
    for (const row of page) rows.push(row);
    hold.checkpoint();
    await hold.pause?.();
  }
  const keys = matcherKeys(settings, fields, columns, () => rows);
  const time = timeRuleOf(settings);
  const maxMatches = effectiveMaxMatches(settings);
  const matcher = buildMatcher(
    { keys, ...(time ? { time } : {}), maxMatches },
    rows,
    valueAtPath,
    () => hold.checkpoint()
  );
  hold.add(matcher.bytes);
  return { rows, matcher, maxMatches, keys, ...(time ? { time } : {}) };
}
