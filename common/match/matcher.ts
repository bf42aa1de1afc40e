/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Matching events against a lookup's rows under its rules, built once per query over the rows.
 * The keys are the fields `lookup` names; a key without a rule matches exactly. The rows one
 * event gets are those matching every key (and the time rule), best first: for each rule in the
 * order the rules list them, the longest prefix (cidr), the longest literal part (wildcard), the
 * narrowest range; then the latest time at or before the event (time); then the lookup's order.
 * At most `maxMatches` of them.
 */
import type { MatchRule, TimeRule } from './codecs';
import {
  cidrIndex,
  exactIndex,
  KeyIndex,
  RangeKind,
  rangeIndex,
  SLOT_BYTES,
  wildcardIndex,
} from './indexes';
import { dateMs } from './values';

/** A rule on a key: every kind but time (which orders the rows that match the keys). */
export type KeyRule = Exclude<MatchRule, TimeRule>;

export interface MatcherKey {
  /** The lookup's field. */
  field: string;
  rule?: KeyRule;
  /** For a range rule: how its bounds compare (see rangeKind). */
  kind?: RangeKind;
}

export interface MatcherSpec {
  keys: MatcherKey[];
  time?: TimeRule;
  maxMatches: number;
}

export interface Matcher {
  /** The rows (indices into the lookup's rows) the event gets, best first. */
  match(values: unknown[], eventTime?: unknown): number[];
  /** What the structures hold, approximately, beside the rows themselves. */
  bytes: number;
}

/** Which key's structure finds the candidates: the one that narrows most cheaply. */
const LOOKUP_ORDER: Array<KeyRule['type'] | undefined> = [
  undefined,
  'exact',
  'cidr',
  'wildcard',
  'range',
];

export function buildMatcher(
  spec: MatcherSpec,
  rows: ReadonlyArray<Record<string, unknown>>,
  read: (row: Record<string, unknown>, field: string) => unknown,
  /** Called every 1,024 rows of building, to stop at the deadline. */
  checkpoint: () => void = () => undefined
): Matcher {
  const column = (field: string) => {
    const cells: unknown[] = new Array(rows.length);
    for (let i = 0; i < rows.length; i++) {
      cells[i] = read(rows[i], field);
      if ((i & 1023) === 1023) checkpoint();
    }
    return cells;
  };
  const indexes: KeyIndex[] = spec.keys.map((key) => {
    const cells = column(key.field);
    const rule = key.rule;
    switch (rule?.type) {
      case undefined:
        return exactIndex(cells, true);
      case 'exact':
        return exactIndex(cells, rule.case_sensitive !== false);
      case 'cidr':
        return cidrIndex(cells);
      case 'wildcard':
        return wildcardIndex(cells, rule.case_sensitive !== false);
      case 'range':
        return rangeIndex(cells, column(rule.to), key.kind ?? 'number');
    }
  });
  const primary =
    spec.keys.length === 0
      ? -1
      : [...spec.keys.keys()].sort(
          (a, b) =>
            LOOKUP_ORDER.indexOf(spec.keys[a].rule?.type) -
            LOOKUP_ORDER.indexOf(spec.keys[b].rule?.type)
        )[0];
  const ordering = indexes
    .map((index, i) => ({
      index,
      ordered: spec.keys[i].rule && spec.keys[i].rule!.type !== 'exact',
    }))
    .filter((o) => o.ordered)
    .map((o) => o.index);

  const time = spec.time;
  const times = time ? column(time.field).map(dateMs) : [];
  const ends = time?.to ? column(time.to).map(dateMs) : [];
  const all = rows.map((_, i) => i);
  const bytes =
    indexes.reduce((n, index) => n + index.bytes, 0) + (times.length + ends.length) * SLOT_BYTES;

  const better = (a: number, b: number): number => {
    for (const index of ordering) {
      const d = index.score(b) - index.score(a);
      if (d !== 0) return d;
    }
    if (time) {
      const d = times[b]! - times[a]!;
      if (d !== 0) return d;
    }
    return a - b;
  };

  return {
    bytes,
    match(values, eventTime) {
      const prepared = indexes.map((index, i) => index.prepare(values[i]));
      if (prepared.some((p) => p === undefined)) return [];
      let at: number | undefined;
      if (time) {
        at = dateMs(eventTime);
        if (at === undefined) return [];
      }
      let candidates: number[];
      if (primary < 0) candidates = all;
      else {
        candidates = [];
        indexes[primary].candidates(prepared[primary], candidates);
      }
      const found: number[] = [];
      for (const row of candidates) {
        let ok = true;
        // The primary's candidates may be more than its matches (wildcard prefixes): all tested.
        for (let k = 0; k < indexes.length && ok; k++) ok = indexes[k].test(row, prepared[k]);
        if (!ok) continue;
        if (at !== undefined) {
          const t = times[row];
          if (t === undefined || t > at) continue;
          if (time!.to && !(ends[row] !== undefined && at < ends[row]!)) continue;
        }
        found.push(row);
      }
      if (found.length > 1) found.sort(better);
      return found.length > spec.maxMatches ? found.slice(0, spec.maxMatches) : found;
    },
  };
}
