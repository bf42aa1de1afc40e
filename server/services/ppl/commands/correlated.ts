/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Correlated subsearches (subquery.md): a `where` inside the subsearch names fields of the outer
 * rows (`[ source=inner | where outer.b = inner.d | stats max(c) ]`). Names resolve as the SQL
 * plugin resolves them: `<alias>.f` / `<index>.f` qualify a side; an unqualified name is the
 * subsearch's own field first, else the outer one.
 */
import type { Command, Expr } from '../../../../common/ppl/ast';
import type { Subsearch, SubsearchPredicate } from '../../../../common/ppl/commands/combining_ast';
import type { PplType, PplValue } from '../../../../common/ppl/types';
import { evaluatePredicate, readField } from '../evaluate';
import { collect, keyEntryBytes, type Row, type RowStream, type Types } from '../operators';
import {
  fieldRefs,
  QueryError,
  type Column,
  type PlanContext,
  type SubPlanner,
} from '../plan_context';
import { splitConjuncts } from '../pushdown';
import { keyText, renameFields } from './combine_rows';

export interface Resolved {
  side: 'outer' | 'inner';
  name: string;
}

export const isSlot = (name: string) => name.startsWith('\u0000');

/** The name a search's fields may be qualified with: its alias, else its one index. */
export function searchName(search: Pick<Subsearch, 'source'>): string | undefined {
  const source = search.source;
  if (source.kind !== 'Source') return undefined;
  return source.alias ?? (source.indices.length === 1 ? source.indices[0].name : undefined);
}

/** Resolves a name in a subsearch's condition against its own columns and the outer ones. */
export function outerResolver(ctx: PlanContext, search: Subsearch) {
  const outer = ctx.columns.map((c) => ({ ...c }));
  const outerName = ctx.sourceName;
  const innerName = searchName(search);
  const has = (cols: Column[], n: string) => cols.some((c) => c.name === n);
  const resolve = (name: string, columns: Column[]): Resolved | undefined => {
    const dot = name.indexOf('.');
    if (dot > 0) {
      const prefix = name.slice(0, dot);
      const rest = name.slice(dot + 1);
      if (prefix === innerName && has(columns, rest)) return { side: 'inner', name: rest };
      if (prefix === outerName && has(outer, rest)) return { side: 'outer', name: rest };
    }
    if (has(columns, name)) return { side: 'inner', name };
    if (has(outer, name)) return { side: 'outer', name };
    return undefined;
  };
  const refersOuter = (expr: Expr, columns: Column[]) =>
    fieldRefs(expr).some((r) => !isSlot(r.name) && resolve(r.name, columns)?.side === 'outer');
  return { outer, resolve, refersOuter };
}

/**
 * The correlated conditions of a subsearch, split as both kinds of correlated subsearch use them:
 * outer=inner field equalities become hash keys (`keysOuter[i]` of an outer row matches
 * `keysInner[i]` of an inner one); the rest is one condition over a pair of rows, whose names are
 * `\0outer.<name>` / `\0inner.<name>`, checked on each candidate pair (`matches`).
 */
export function correlation(
  ctx: PlanContext,
  resolve: (name: string, columns: Column[]) => Resolved | undefined,
  outer: Column[],
  inner: Column[],
  parts: Expr[],
  command: string
) {
  const pairName = (r: Resolved) => `\u0000${r.side}.${r.name}`;
  const toPair = (name: string, span: Expr['span']) => {
    const r = resolve(name, inner);
    if (r === undefined) ctx.requireColumn(name, span);
    return pairName(r!);
  };
  const keysOuter: string[] = [];
  const keysInner: string[] = [];
  const rest: Expr[] = [];
  for (const part of parts) {
    if (
      part.kind === 'Binary' &&
      part.op === '=' &&
      part.left.kind === 'Field' &&
      part.right.kind === 'Field'
    ) {
      const a = resolve(part.left.name, inner);
      const b = resolve(part.right.name, inner);
      if (a && b && a.side !== b.side) {
        keysOuter.push(a.side === 'outer' ? a.name : b.name);
        keysInner.push(a.side === 'outer' ? b.name : a.name);
        continue;
      }
    }
    rest.push(renameFields(part, toPair));
  }
  const residual = rest.reduce<Expr | undefined>(
    (acc, e) => (acc ? { kind: 'Binary', op: 'AND', left: acc, right: e, span: e.span } : e),
    undefined
  );
  /** The outer columns the residual condition reads. */
  const outerRead = outer
    .map((c) => c.name)
    .filter((name) =>
      rest.some((e) => fieldRefs(e).some((r) => r.name === pairName({ side: 'outer', name })))
    );
  const types: Types = new Map<string, PplType>([
    ...outer.map((c) => [pairName({ side: 'outer', name: c.name }), c.type] as const),
    ...inner.map((c) => [pairName({ side: 'inner', name: c.name }), c.type] as const),
  ]);
  const { budget } = ctx;
  /** Whether an inner row meets the residual condition for an outer row. */
  const matches = (outerRow: Row, innerRow: Row): boolean => {
    if (residual === undefined) return true;
    const pair: Row = {};
    for (const name of outerRead)
      pair[pairName({ side: 'outer', name })] = readField(outerRow, name);
    for (const c of inner)
      pair[pairName({ side: 'inner', name: c.name })] = readField(innerRow, c.name);
    return evaluatePredicate(residual, pair, { types, budget, command }) === true;
  };
  /** Inner rows grouped by their key values (rows with a null key match nothing). */
  const group = (rows: Row[]) => {
    const table = new Map<string, Row[]>();
    for (const r of rows) {
      const key = keysInner.map((k) => readField(r, k));
      if (key.some((v) => v === null)) continue;
      const id = keyText(key);
      const list = table.get(id);
      if (list) list.push(r);
      else table.set(id, [r]);
    }
    return table;
  };
  /** The outer row's key text, or undefined when a key is null. */
  const outerKey = (row: Row) => {
    const key = keysOuter.map((k) => readField(row, k));
    return key.some((v) => v === null) ? undefined : keyText(key);
  };
  return { keysOuter, keysInner, residual, outerRead, matches, group, outerKey };
}

export const conditionOf = (c: Command) =>
  c.kind === 'Where' || c.kind === 'WhereSubsearch' ? c.condition : undefined;

async function* rowsOf(rows: Row[]): RowStream {
  if (rows.length > 0) yield rows;
}

/**
 * A correlated scalar subsearch, or undefined when it names no outer field. The commands before
 * its correlated `where` (and that where's own conditions) run once; its rows are held (at most
 * max_rows), grouped by the inner side of the outer=inner equalities. The commands after it run
 * over each group once, giving each group's value; an outer row takes its group's value, or the
 * value the commands give over no rows (`count()` 0, `max` null). Other conditions on outer
 * fields (`inner.bytes > outer.mb`) pick each outer row's inner rows from its group, and the
 * commands run over those, once per distinct outer value they read.
 */
export async function planCorrelatedScalar(
  ctx: PlanContext,
  sub: SubPlanner,
  p: SubsearchPredicate
): Promise<
  | {
      type: PplType;
      detail: string;
      prepare: () => Promise<(row: Row) => PplValue | Promise<PplValue>>;
    }
  | undefined
> {
  const { search } = p;
  const { outer, resolve, refersOuter } = outerResolver(ctx, search);
  let inner = (await sub.compile({ ...search, commands: [] })).columns as Column[];
  const commands = search.commands;
  let first = -1;
  for (let i = 0; i < commands.length; i++) {
    const condition = conditionOf(commands[i]);
    if (condition && refersOuter(condition, inner)) {
      first = i;
      break;
    }
    inner = (await sub.plan([commands[i]], inner)).columns;
  }
  if (first < 0) return undefined;
  const where = commands[first];
  if (where.kind !== 'Where') {
    throw ctx.error(
      'a scalar subsearch: a where with a subsearch of its own cannot also refer to the outer rows; split it in two wheres',
      where.span
    );
  }
  const innerWheres: Command[] = [];
  const correlated: Expr[] = [];
  for (const part of splitConjuncts(where.condition)) {
    if (refersOuter(part, inner)) correlated.push(part);
    else {
      const unqualified = renameFields(part, (n) => resolve(n, inner)?.name ?? n);
      innerWheres.push({ kind: 'Where', condition: unqualified, span: where.span });
    }
  }
  const compiled = await sub.compile({
    ...search,
    commands: [...commands.slice(0, first), ...innerWheres],
  });
  const innerColumns = compiled.columns as Column[];
  const { keysInner, residual, outerRead, matches, group, outerKey } = correlation(
    ctx,
    resolve,
    outer,
    innerColumns,
    correlated,
    'scalar [ ]'
  );
  const rest = commands.slice(first + 1);
  for (const c of rest) {
    const condition = conditionOf(c);
    if (condition && refersOuter(condition, innerColumns)) {
      throw ctx.error(
        'a scalar subsearch may refer to the outer rows in one where only; join the conditions with AND',
        c.span
      );
    }
  }
  const tail = await sub.plan(rest, innerColumns);
  const column = tail.columns.find((c) => !c.hidden);
  if (column === undefined)
    throw ctx.error('the subsearch gives no column for its value', search.span);
  const { maxRows } = ctx.deps;
  const { budget } = ctx;
  const query = ctx.text;
  /** The tail's one value over `rows`. */
  const valueOver = async (rows: Row[]): Promise<PplValue> => {
    const hold = budget.hold('scalar [ ]');
    let out: Row[];
    try {
      out = await collect(
        tail.operators.reduce<RowStream>((stream, op) => op(stream), rowsOf(rows)),
        hold,
        maxRows
      );
    } finally {
      hold.clear();
    }
    if (out.length > 1) {
      throw new QueryError(
        'a scalar subsearch gives more than one row for an outer row: end it with stats or head 1',
        query,
        search.span
      );
    }
    return out.length === 0 ? null : readField(out[0], column.name);
  };
  const keyed = keysInner.length > 0;
  return {
    type: column.type,
    detail: `the subsearch's rows held in the server (at most ${maxRows}), its value per ${[...keysInner, ...outerRead.map((n) => `outer ${n}`)].join(', ')}`,
    prepare: async () => {
      const held = budget.hold('scalar [ ]');
      const built = await collect(compiled.run(), held, maxRows);
      const groups = keyed ? group(built) : new Map([['', built]]);
      const none = await valueOver([]);
      // Each value, kept until the query ends.
      const values = new Map<string, PplValue>();
      const kept = budget.hold('scalar [ ]');
      if (residual === undefined) {
        budget.begin();
        for (const [id, rows] of groups) {
          await budget.endBatch();
          values.set(id, await valueOver(rows));
          kept.add(keyEntryBytes(id) + 16);
        }
        // The rows go once they are counted.
        groups.clear();
        held.clear();
        return (row) => {
          const id = keyed ? outerKey(row) : '';
          const value = id === undefined ? undefined : values.get(id);
          return value === undefined ? none : value;
        };
      }
      // The rows stay: each outer value picks its own from its group.
      return async (row) => {
        const id = keyed ? outerKey(row) : '';
        if (id === undefined) return none;
        const memo = keyText([id, ...outerRead.map((n) => readField(row, n))]);
        const known = values.get(memo);
        if (known !== undefined) return known;
        const picked = (groups.get(id) ?? []).filter((r) => matches(row, r));
        const value = picked.length === 0 ? none : await valueOver(picked);
        values.set(memo, value);
        kept.add(keyEntryBytes(memo) + 16);
        return value;
      };
    },
  };
}
