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
import { readField } from '../evaluate';
import { collect, keyEntryBytes, type Row, type RowStream } from '../operators';
import {
  fieldRefs,
  QueryError,
  type Column,
  type PlanContext,
  type SubPlanner,
} from '../plan_context';
import { splitConjuncts } from '../pushdown';
import { keyText, renameFields } from './join';

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

export const conditionOf = (c: Command) =>
  c.kind === 'Where' || c.kind === 'WhereSubsearch' ? c.condition : undefined;

async function* rowsOf(rows: Row[]): RowStream {
  if (rows.length > 0) yield rows;
}

/**
 * A correlated scalar subsearch, or undefined when it names no outer field. The commands before
 * its correlated `where` (and that where's own conditions) run once; its rows are held (at most
 * max_rows) and grouped by the inner side of the outer=inner equalities; the commands after it
 * run over each group once, giving each group's value. An outer row takes its group's value, or
 * the value the commands give over no rows (`count()` 0, `max` null).
 */
export async function planCorrelatedScalar(
  ctx: PlanContext,
  sub: SubPlanner,
  p: SubsearchPredicate
): Promise<
  { type: PplType; detail: string; prepare: () => Promise<(row: Row) => PplValue> } | undefined
> {
  const { search } = p;
  const { resolve, refersOuter } = outerResolver(ctx, search);
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
  const keysOuter: string[] = [];
  const keysInner: string[] = [];
  for (const part of splitConjuncts(where.condition)) {
    if (!refersOuter(part, inner)) {
      const unqualified = renameFields(part, (n) => resolve(n, inner)?.name ?? n);
      innerWheres.push({ kind: 'Where', condition: unqualified, span: where.span });
      continue;
    }
    const a =
      part.kind === 'Binary' && part.left.kind === 'Field'
        ? resolve(part.left.name, inner)
        : undefined;
    const b =
      part.kind === 'Binary' && part.right.kind === 'Field'
        ? resolve(part.right.name, inner)
        : undefined;
    if (part.kind !== 'Binary' || part.op !== '=' || !a || !b || a.side === b.side) {
      throw ctx.error(
        'a scalar subsearch may refer to the outer rows only by equalities of an outer and an inner ' +
          'field joined by AND (where outer.b = inner.d); compute other conditions with a join and stats instead',
        part.span
      );
    }
    keysOuter.push(a.side === 'outer' ? a.name : b.name);
    keysInner.push(a.side === 'outer' ? b.name : a.name);
  }
  const compiled = await sub.compile({
    ...search,
    commands: [...commands.slice(0, first), ...innerWheres],
  });
  const rest = commands.slice(first + 1);
  for (const c of rest) {
    const condition = conditionOf(c);
    if (condition && refersOuter(condition, compiled.columns as Column[])) {
      throw ctx.error(
        'a scalar subsearch may refer to the outer rows in one where only; join the conditions with AND',
        c.span
      );
    }
  }
  const tail = await sub.plan(rest, compiled.columns as Column[]);
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
  return {
    type: column.type,
    detail: `the subsearch's rows held in the server (at most ${maxRows}), its value per ${keysInner.join(', ')}`,
    prepare: async () => {
      const held = budget.hold('scalar [ ]');
      const groups = new Map<string, Row[]>();
      for (const r of await collect(compiled.run(), held, maxRows)) {
        const key = keysInner.map((k) => readField(r, k));
        if (key.some((v) => v === null)) continue;
        const id = keyText(key);
        const list = groups.get(id);
        if (list) list.push(r);
        else groups.set(id, [r]);
      }
      // Each group's value, kept until the query ends; the rows go once they are counted.
      const values = new Map<string, PplValue>();
      const kept = budget.hold('scalar [ ]');
      budget.begin();
      for (const [id, rows] of groups) {
        await budget.endBatch();
        values.set(id, await valueOver(rows));
        kept.add(keyEntryBytes(id) + 16);
      }
      groups.clear();
      held.clear();
      const none = await valueOver([]);
      return (row) => {
        const key = keysOuter.map((k) => readField(row, k));
        if (key.some((v) => v === null)) return none;
        const value = values.get(keyText(key));
        return value === undefined ? none : value;
      };
    },
  };
}
