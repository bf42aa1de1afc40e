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

export type Row = Record<string, PplValue>;
export type Batch = Row[];
export type RowStream = AsyncIterable<Batch>;
export type Types = Map<string, PplType>;

const OUT_BATCH = 1000;

async function* rebatch(rows: Iterable<Row>): AsyncGenerator<Batch> {
  let batch: Batch = [];
  for (const row of rows) {
    batch.push(row);
    if (batch.length >= OUT_BATCH) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}

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
  for await (const batch of input) {
    const kept: Batch = [];
    await budget.eachRow(batch, (row) => {
      if (evaluatePredicate(condition, row, { types, now })) kept.push(row);
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
  for await (const batch of input) {
    await budget.eachRow(batch, (row) => {
      for (const step of steps)
        row[step.name] = evaluate(step.expr, row, { types: step.types, now });
    });
    yield batch;
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
  let previous: string | undefined;
  let run = 0;
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
        if (n === 1 && seen.size >= maxRows) throw new BufferLimitError('dedup', maxRows);
        seen.set(key, n);
        kept.push(row);
      }
    });
    if (kept.length > 0) yield kept;
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

async function collect(input: RowStream, command: string, maxRows: number): Promise<Row[]> {
  const rows: Row[] = [];
  for await (const batch of input) {
    if (rows.length + batch.length > maxRows) throw new BufferLimitError(command, maxRows);
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
  const rows = await collect(input, 'sort', maxRows);
  // One synchronous sort: charged whole, then the event loop gets a turn.
  budget.begin();
  rows.sort(compareRows(keys, types));
  await budget.endBatch();
  yield* rebatch(count > 0 ? rows.slice(0, count) : rows);
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
  for await (const batch of input) {
    await budget.eachRow(batch, (row) => {
      const keys = by.map((f) => readField(row, f));
      if (!command.bucketNullable && keys.some((k) => k === null)) return;
      const id = keyText(keys);
      let group = groups.get(id);
      if (!group) {
        if (groups.size >= maxRows) throw new BufferLimitError('stats', maxRows);
        group = {
          keys,
          accs: command.aggregations.map((a, i) => accumulator(a, types, outTypes[i])),
        };
        groups.set(id, group);
      }
      for (const acc of group.accs) acc.add(row);
    });
  }
  if (by.length === 0 && groups.size === 0) {
    groups.set('[]', {
      keys: [],
      accs: command.aggregations.map((a, i) => accumulator(a, types, outTypes[i])),
    });
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
  budget.begin();
  rows.sort(compareRows(byKeys, types));
  await budget.endBatch();
  yield* rebatch(rows);
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
  let distinct = 0;
  for await (const batch of input) {
    await budget.eachRow(batch, (row) => {
      const values = fields.map((f) => readField(row, f));
      const groupKeys = by.map((f) => readField(row, f));
      if (!command.useNull && (values.some((v) => v === null) || groupKeys.some((v) => v === null)))
        return;
      const groupId = keyText(groupKeys);
      let group = counts.get(groupId);
      if (!group) counts.set(groupId, (group = new Map()));
      const valueId = keyText(values);
      const entry = group.get(valueId);
      if (entry) entry.n++;
      else {
        if (++distinct > maxRows) throw new BufferLimitError(command.kind.toLowerCase(), maxRows);
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
  await budget.endBatch();
  yield* rebatch(out);
}
