/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Checking rules against a version of a lookup: every field a rule names is a column, of a type
 * the rule can read, and every cell of it reads as the rule needs (a network for cidr, text for
 * wildcard, comparable bounds in order for range, a date for time). The first problem is named
 * with its rule and the first rows that show it (1-based, in the version's order).
 */
import type { PplType } from '../ppl/types';
import { describeRule, type MatchBody, type MatchRule } from './codecs';
import { RangeKind, rangeValue } from './indexes';
import { dateMs, parseAddress, parseNetwork, textOf } from './values';

export interface RuleProblem {
  /** The rule's place in `rules` (0-based); absent for a problem of `default`. */
  rule?: number;
  field: string;
  message: string;
  /** The first bad rows, 1-based, with their cells. */
  rows?: Array<{ row: number; value: unknown }>;
}

const NUMBERS = new Set<PplType>(['tinyint', 'smallint', 'int', 'bigint', 'float', 'double']);
const DATES = new Set<PplType>(['timestamp', 'date']);
const MAX_ROWS_NAMED = 5;

/** How a range over these column types compares, or undefined when it cannot. */
export function rangeKind(
  from: PplType | undefined,
  to: PplType | undefined,
  sample: () => Iterable<unknown> = () => []
): RangeKind | undefined {
  if (from === undefined || to === undefined) return undefined;
  if (NUMBERS.has(from) && NUMBERS.has(to)) return 'number';
  if (DATES.has(from) && DATES.has(to)) return 'date';
  const texts = (t: PplType) => t === 'ip' || t === 'string';
  if (texts(from) && texts(to)) {
    if (from === 'ip' || to === 'ip') return 'ip';
    // Text columns: addresses when every cell is one, else dates when every cell is one.
    const cells = [...sample()].filter((v) => v !== null && v !== undefined);
    if (cells.every((v) => parseAddress(v) !== undefined)) return 'ip';
    if (cells.every((v) => dateMs(v) !== undefined)) return 'date';
  }
  return undefined;
}

type Read = (row: Record<string, unknown>, field: string) => unknown;

interface Cells {
  rows: ReadonlyArray<Record<string, unknown>>;
  read: Read;
  /** How many rows came before these (they are checked page by page). */
  firstRow: number;
}

function badRows(
  { rows, read, firstRow }: Cells,
  field: string,
  bad: (value: unknown, row: Record<string, unknown>) => boolean
) {
  const out: Array<{ row: number; value: unknown }> = [];
  for (let i = 0; i < rows.length && out.length < MAX_ROWS_NAMED; i++) {
    const value = read(rows[i], field);
    if (value !== null && value !== undefined && bad(value, rows[i])) {
      out.push({ row: firstRow + i + 1, value });
    }
  }
  return out;
}

const isScalar = (v: unknown) => textOf(v) !== null;

/** The first problem of the rules over these columns and rows, or undefined when they hold. */
export function checkRules(
  body: MatchBody,
  columns: ReadonlyMap<string, PplType>,
  rows: ReadonlyArray<Record<string, unknown>>,
  read: Read,
  firstRow = 0
): RuleProblem | undefined {
  const cells: Cells = { rows, read, firstRow };
  for (let i = 0; i < body.rules.length; i++) {
    const problem = checkRule(body.rules[i], columns, cells);
    if (problem) return { rule: i, ...problem };
  }
  for (const field of Object.keys(body.default ?? {})) {
    if (!columns.has(field)) {
      return {
        field,
        message: `The default names "${field}", which is not a column of the lookup. Its columns: ${[...columns.keys()].join(', ')}.`,
      };
    }
  }
  return undefined;
}

function checkRule(
  rule: MatchRule,
  columns: ReadonlyMap<string, PplType>,
  cells: Cells
): Omit<RuleProblem, 'rule'> | undefined {
  const { rows, read } = cells;
  const named = `The rule "${describeRule(rule)}"`;
  const fields = [rule.field, ...('to' in rule && rule.to ? [rule.to] : [])];
  for (const field of fields) {
    if (!columns.has(field)) {
      return {
        field,
        message: `${named} names "${field}", which is not a column of the lookup's current version. Its columns: ${[...columns.keys()].join(', ')}.`,
      };
    }
  }
  const type = columns.get(rule.field)!;
  const fail = (field: string, what: string, bad: Array<{ row: number; value: unknown }>) => ({
    field,
    message: `${named}: ${what}; ${bad.map((b) => `row ${b.row} holds ${JSON.stringify(String(b.value))}`).join(', ')}. Fix those rows or choose another rule.`,
    rows: bad,
  });
  const wrongType = (field: string, t: PplType, wants: string) => ({
    field,
    message: `${named}: "${field}" is a ${t} column, and this rule needs ${wants}.`,
  });
  switch (rule.type) {
    case 'exact': {
      if (type === 'struct' || type === 'array')
        return wrongType(rule.field, type, 'single values');
      const bad = badRows(cells, rule.field, (v) => !isScalar(v));
      return bad.length ? fail(rule.field, 'some cells are not single values', bad) : undefined;
    }
    case 'cidr': {
      if (type !== 'string' && type !== 'ip')
        return wrongType(rule.field, type, 'networks as text (10.0.0.0/8)');
      const bad = badRows(cells, rule.field, (v) => parseNetwork(v) === undefined);
      return bad.length
        ? fail(rule.field, 'some cells are not networks (10.0.0.0/8, 2001:db8::/32)', bad)
        : undefined;
    }
    case 'wildcard': {
      if (type !== 'string') return wrongType(rule.field, type, 'text patterns (*.example.com)');
      const bad = badRows(cells, rule.field, (v) => typeof v !== 'string');
      return bad.length ? fail(rule.field, 'some cells are not text', bad) : undefined;
    }
    case 'range': {
      const toType = columns.get(rule.to)!;
      const kind = rangeKind(type, toType, () =>
        rows.flatMap((r) => [read(r, rule.field), read(r, rule.to)])
      );
      if (!kind) {
        return {
          field: rule.field,
          message: `${named}: "${rule.field}" (${type}) and "${rule.to}" (${toType}) must both hold numbers, both dates, or both IP addresses.`,
        };
      }
      for (const field of [rule.field, rule.to]) {
        const bad = badRows(cells, field, (v) => rangeValue(kind, v) === undefined);
        if (bad.length)
          return fail(
            field,
            `some cells are not ${kind === 'ip' ? 'IP addresses' : `${kind}s`}`,
            bad
          );
      }
      const reversed = badRows(cells, rule.field, (v, row) => {
        const lo = rangeValue(kind, v);
        const hi = rangeValue(kind, read(row, rule.to));
        return lo !== undefined && hi !== undefined && lo > hi;
      });
      return reversed.length
        ? fail(
            rule.field,
            `some ranges end before they start ("${rule.to}" below "${rule.field}")`,
            reversed
          )
        : undefined;
    }
    case 'time': {
      for (const field of fields) {
        const t = columns.get(field)!;
        if (!DATES.has(t) && t !== 'string' && !NUMBERS.has(t)) return wrongType(field, t, 'dates');
        const bad = badRows(cells, field, (v) => dateMs(v) === undefined);
        if (bad.length) return fail(field, 'some cells are not dates', bad);
      }
      return undefined;
    }
  }
}
