/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * The part of a pipeline that runs in the server: operators over a stream of row batches. Most
 * stream (one batch in, one batch out); `sort`, `stats`, `top`/`rare` must see every row first,
 * and those hold at most `maxRows` rows or groups, then stop with a clear error.
 */
import type {
  DedupCommand,
  EvalCommand,
  Expr,
  HeadCommand,
  SortKey,
  StatsCommand,
  TopRareCommand,
} from '../../../common/ppl/ast';
import {
  compareValues,
  evaluate,
  evaluatePredicate,
  inferType,
  readField,
  toPplString,
} from './evaluate';
import { checkValueDepth } from './errors';
import { Accumulator, accumulator } from './functions/aggregations';
import type { PplType, PplValue } from '../../../common/ppl/types';
import { BadRequestError } from '../../lib/errors';
import { QueryBudget, unlimitedBudget } from './budget';
import { MemoryHold, stringBytes, valueBytes } from './memory';

export type Row = Record<string, PplValue>;
export type Batch = Row[];
export type RowStream = AsyncIterable<Batch>;
export type Types = Map<string, PplType>;

const OUT_BATCH = 1000;

/**
 * Held rows given out in batches. The hold shrinks as they go and the rows are let go of, so
 * that a command after that holds them too counts them once.
 */
export async function* handOver(rows: Row[], hold: MemoryHold): AsyncGenerator<Batch> {
  const total = hold.heldBytes;
  try {
    for (let i = 0; i < rows.length; i += OUT_BATCH) {
      const batch = rows.slice(i, i + OUT_BATCH);
      rows.fill(undefined as never, i, i + batch.length);
      hold.release(Math.ceil((total * batch.length) / rows.length));
      yield batch;
    }
  } finally {
    hold.clear();
  }
}

/** A map entry of a key seen (dedup, top, stats groups): the key's text and the entry. */
export const keyEntryBytes = (key: string): number => 64 + stringBytes(key.length);

/** One aggregation's state in a group: its object and closures (values kept are added apart). */
export const ACCUMULATOR_BYTES = 160;

export class BufferLimitError extends BadRequestError {
  constructor(command: string, maxRows: number) {
    super(
      `${command} must hold every row to do its work, and this pipeline gives it more than ${maxRows} rows (the write ceiling). ` +
        'Filter earlier with where, aggregate with stats, or sort before other commands so it can run in OpenSearch.',
      { command, max_rows: maxRows }
    );
  }
}

export async function* whereOp(
  input: RowStream,
  condition: Expr,
  types: Types,
  budget: QueryBudget = unlimitedBudget(),
  now?: Date
): RowStream {
  const options = { types, now, budget, command: 'where' };
  for await (const batch of input) {
    const kept: Batch = [];
    await budget.eachRow(batch, (row) => {
      if (evaluatePredicate(condition, row, options)) kept.push(row);
    });
    if (kept.length > 0) yield kept;
  }
}

export async function* evalOp(
  input: RowStream,
  command: EvalCommand,
  typesBefore: Types,
  budget: QueryBudget = unlimitedBudget(),
  now?: Date
): RowStream {
  // Each assignment sees the ones before it, with its type.
  const types = new Map(typesBefore);
  const steps = command.assignments.map((a) => {
    const step = { name: a.field.name, expr: a.expr, types: new Map(types) };
    types.set(a.field.name, inferType(a.expr, step.types));
    return step;
  });
  // The values made for the batch in hand are held until the next one (memory.ts).
  const hold = budget.hold('eval');
  const options = steps.map((step) => ({ types: step.types, now, budget, command: 'eval' }));
  try {
    for await (const batch of input) {
      hold.clear();
      await budget.eachRow(batch, (row) => {
        steps.forEach((step, i) => {
          const value = evaluate(step.expr, row, options[i]);
          if (value !== null && typeof value === 'object') hold.add(valueBytes(value));
          else if (typeof value === 'string') hold.add(stringBytes(value.length));
          row[step.name] = value;
        });
      });
      yield batch;
    }
  } finally {
    hold.clear();
  }
}

export async function* projectOp(input: RowStream, columns: string[]): RowStream {
  for await (const batch of input) {
    yield batch.map((row) => {
      const out: Row = {};
      for (const c of columns) out[c] = row[c] ?? readField(row, c) ?? null;
      return out;
    });
  }
}

export async function* renameOp(input: RowStream, renames: Array<[string, string]>): RowStream {
  for await (const batch of input) {
    for (const row of batch) {
      const values = renames.map(([from]) => row[from] ?? null);
      for (const [from] of renames) delete row[from];
      renames.forEach(([, to], i) => (row[to] = values[i]));
    }
    yield batch;
  }
}

export async function* headOp(
  input: RowStream,
  command: Pick<HeadCommand, 'size' | 'from'>
): RowStream {
  let skip = command.from;
  let left = command.size;
  if (left <= 0) return;
  for await (const batch of input) {
    let rows = batch;
    if (skip > 0) {
      const dropped = Math.min(skip, rows.length);
      rows = rows.slice(dropped);
      skip -= dropped;
    }
    if (rows.length === 0) continue;
    if (rows.length >= left) {
      yield rows.slice(0, left);
      return;
    }
    left -= rows.length;
    yield rows;
  }
}

/** A group's key as text; JSON.stringify recurses, so nesting is bounded first. */
const keyText = (values: PplValue[]) => {
  for (const v of values) checkValueDepth(v);
  return JSON.stringify(values.map((v) => (typeof v === 'bigint' ? `${v}n` : v)));
};

export async function* dedupOp(
  input: RowStream,
  command: DedupCommand,
  maxRows: number,
  budget: QueryBudget = unlimitedBudget()
): RowStream {
  const fields = command.fields.map((f) => f.name);
  const seen = new Map<string, number>();
  const hold = budget.hold('dedup');
  let previous: string | undefined;
  let run = 0;
  try {
    for await (const batch of input) {
      const kept: Batch = [];
      await budget.eachRow(batch, (row) => {
        const values = fields.map((f) => readField(row, f));
        if (values.some((v) => v === null)) {
          if (command.keepEmpty) kept.push(row);
          return;
        }
        const key = keyText(values);
        if (command.consecutive) {
          run = key === previous ? run + 1 : 1;
          previous = key;
          if (run <= command.count) kept.push(row);
          return;
        }
        const n = (seen.get(key) ?? 0) + 1;
        if (n <= command.count) {
          if (n === 1) {
            if (seen.size >= maxRows) throw new BufferLimitError('dedup', maxRows);
            hold.add(keyEntryBytes(key));
          }
          seen.set(key, n);
          kept.push(row);
        }
      });
      if (kept.length > 0) yield kept;
    }
  } finally {
    hold.clear();
  }
}

/** PPL's order: nulls first ascending, last descending. */
/** An IPv4 address as a number, for `sort ip(f)`; other text stays as it is. */
function ipKey(v: PplValue): PplValue {
  const parts = String(v).split('.');
  if (parts.length !== 4 || parts.some((p) => !/^\d{1,3}$/.test(p))) return String(v);
  return parts.reduce((n, p) => n * 256 + Number(p), 0);
}

/** The value as `sort num(f)`, `str(f)`, `ip(f)` compare it (`auto(f)` and none: as typed). */
function sortKeyValue(v: PplValue, as: SortKey['as']): PplValue {
  if (v === null || as === undefined || as === 'auto') return v;
  if (as === 'str') return toPplString(v);
  if (as === 'num') {
    const n = Number(v);
    return Number.isNaN(n) ? null : n;
  }
  return ipKey(v);
}

export function compareRows(keys: SortKey[], types: Types) {
  return (a: Row, b: Row): number => {
    for (const key of keys) {
      const va = sortKeyValue(readField(a, key.field.name), key.as);
      const vb = sortKeyValue(readField(b, key.field.name), key.as);
      const type =
        key.as === undefined || key.as === 'auto' ? types.get(key.field.name) : undefined;
      let c: number;
      if (va === null || vb === null) c = va === vb ? 0 : va === null ? -1 : 1;
      else c = compareValues(va, vb, type, type) ?? 0;
      if (c !== 0) return key.order === 'desc' ? -c : c;
    }
    return 0;
  };
}

/**
 * Every row of `input`, held: at most `maxRows` (the write ceiling), and their bytes in `hold`
 * (the query's memory). The caller gives the hold back (`handOver`, or `clear`).
 */
export async function collect(input: RowStream, hold: MemoryHold, maxRows: number): Promise<Row[]> {
  const rows: Row[] = [];
  for await (const batch of input) {
    if (rows.length + batch.length > maxRows) throw new BufferLimitError(hold.command, maxRows);
    hold.addRows(batch);
    for (const row of batch) rows.push(row);
  }
  return rows;
}

export async function* sortOp(
  input: RowStream,
  keys: SortKey[],
  count: number,
  types: Types,
  maxRows: number,
  budget: QueryBudget = unlimitedBudget()
): RowStream {
  const hold = budget.hold('sort');
  try {
    const rows = await collect(input, hold, maxRows);
    // One synchronous sort: charged whole, then the event loop gets a turn.
    budget.begin();
    rows.sort(compareRows(keys, types));
    await budget.endBatch();
    yield* handOver(count > 0 ? rows.slice(0, count) : rows, hold);
  } finally {
    hold.clear();
  }
}

/** `stats` in the server: a hash aggregation, groups in key order as OpenSearch gives them. */
export async function* statsOp(
  input: RowStream,
  command: StatsCommand,
  types: Types,
  outTypes: PplType[],
  maxRows: number,
  budget: QueryBudget = unlimitedBudget()
): RowStream {
  const by = command.by.map((f) => f.name);
  const groups = new Map<string, { keys: PplValue[]; accs: Accumulator[] }>();
  const hold = budget.hold('stats');
  const accumulators = () =>
    command.aggregations.map((a, i) =>
      accumulator(a, types, outTypes[i], { budget, command: 'stats' })
    );
  // A group: its key text and values, and a state per aggregation.
  const groupBytes = (id: string, keys: PplValue[]) =>
    keyEntryBytes(id) + valueBytes(keys) + ACCUMULATOR_BYTES * command.aggregations.length;
  try {
    for await (const batch of input) {
      await budget.eachRow(batch, (row) => {
        const keys = by.map((f) => readField(row, f));
        if (!command.bucketNullable && keys.some((k) => k === null)) return;
        const id = keyText(keys);
        let group = groups.get(id);
        if (!group) {
          if (groups.size >= maxRows) throw new BufferLimitError('stats', maxRows);
          hold.add(groupBytes(id, keys));
          group = { keys, accs: accumulators() };
          groups.set(id, group);
        }
        for (const acc of group.accs) {
          const more = acc.add(row);
          if (more) hold.add(more);
        }
      });
    }
    if (by.length === 0 && groups.size === 0) {
      groups.set('[]', { keys: [], accs: accumulators() });
    }
    const byKeys: SortKey[] = command.by.map((field) => ({
      field,
      order: 'asc',
      notation: 'none',
      span: field.span,
    }));
    const rows = [...groups.values()].map((group) => {
      const row: Row = {};
      command.aggregations.forEach((agg, i) => (row[agg.name] = group.accs[i].value()));
      by.forEach((f, i) => (row[f] = group.keys[i]));
      return row;
    });
    groups.clear();
    budget.begin();
    rows.sort(compareRows(byKeys, types));
    await budget.endBatch();
    yield* handOver(rows, hold);
  } finally {
    hold.clear();
  }
}

/** `top` / `rare`: the most (least) common values of `fields`, per `by` group. */
export async function* topRareOp(
  input: RowStream,
  command: TopRareCommand,
  types: Types,
  maxRows: number,
  budget: QueryBudget = unlimitedBudget()
): RowStream {
  const fields = command.fields.map((f) => f.name);
  const by = command.by.map((f) => f.name);
  const counts = new Map<string, Map<string, { by: PplValue[]; values: PplValue[]; n: number }>>();
  const name = command.kind.toLowerCase();
  const hold = budget.hold(name);
  let distinct = 0;
  try {
    for await (const batch of input) {
      await budget.eachRow(batch, (row) => {
        const values = fields.map((f) => readField(row, f));
        const groupKeys = by.map((f) => readField(row, f));
        if (
          !command.useNull &&
          (values.some((v) => v === null) || groupKeys.some((v) => v === null))
        )
          return;
        const groupId = keyText(groupKeys);
        let group = counts.get(groupId);
        if (!group) {
          hold.add(keyEntryBytes(groupId));
          counts.set(groupId, (group = new Map()));
        }
        const valueId = keyText(values);
        const entry = group.get(valueId);
        if (entry) entry.n++;
        else {
          if (++distinct > maxRows) throw new BufferLimitError(name, maxRows);
          hold.add(keyEntryBytes(valueId) + valueBytes(values) + valueBytes(groupKeys));
          group.set(valueId, { by: groupKeys, values, n: 1 });
        }
      });
    }
    const valueKeys: SortKey[] = command.fields.map((field) => ({
      field,
      order: 'asc',
      notation: 'none',
      span: field.span,
    }));
    const byKeys: SortKey[] = command.by.map((field) => ({
      field,
      order: 'asc',
      notation: 'none',
      span: field.span,
    }));
    const out: Row[] = [];
    const groupRows = [...counts.values()].map((group) => [...group.values()]);
    const asRow = (e: { by: PplValue[]; values: PplValue[]; n: number }): Row => {
      const row: Row = {};
      by.forEach((f, i) => (row[f] = e.by[i]));
      fields.forEach((f, i) => (row[f] = e.values[i]));
      if (command.showCount) row[command.countField] = e.n;
      return row;
    };
    const byValue = compareRows(valueKeys, types);
    budget.begin();
    groupRows.sort((a, b) => compareRows(byKeys, types)(asRow(a[0]), asRow(b[0])));
    for (const entries of groupRows) {
      entries.sort(
        (a, b) => (command.kind === 'Top' ? b.n - a.n : a.n - b.n) || byValue(asRow(a), asRow(b))
      );
      out.push(...entries.slice(0, command.limit).map(asRow));
    }
    counts.clear();
    await budget.endBatch();
    yield* handOver(out, hold);
  } finally {
    hold.clear();
  }
}
