/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * `join` in the server: the right side (the build side, bounded by max_rows) held, the left one
 * streamed through it: a hash join on the equalities of the condition (or the field list), the
 * rest of the condition checked per pair.
 */
import type { Expr, Span } from '../../../../common/ppl/ast';
import type { JoinCommand } from '../../../../common/ppl/commands/combining_ast';
import type { PplValue } from '../../../../common/ppl/types';
import { evaluatePredicate, readField, toPplString } from '../evaluate';
import { keyEntryBytes, type Row, type Types } from '../operators';
import type { Column, PlanContext } from '../plan_context';
import { splitConjuncts } from '../pushdown';
import { collect, OUT_BATCH, requireSub } from './combine_rows';

interface Side {
  side: 'left' | 'right';
  name: string;
}

export const keyText = (values: PplValue[]) =>
  JSON.stringify(values.map((v) => (v === null ? null : toPplString(v))));

/** Replaces each field of `expr` by `rename(field)` (a copy; the AST stays as parsed). */
export function renameFields(expr: Expr, rename: (name: string, span: Span) => string): Expr {
  const walk = (e: Expr): Expr => {
    switch (e.kind) {
      case 'Field':
        return { ...e, name: rename(e.name, e.span) };
      case 'Binary':
        return { ...e, left: walk(e.left), right: walk(e.right) };
      case 'Unary':
        return { ...e, operand: walk(e.operand) };
      case 'Call':
        return { ...e, args: e.args.map(walk) };
      case 'In':
      case 'IsNull':
      case 'Cast':
        return { ...e, expr: walk(e.expr) } as Expr;
      case 'Between':
        return { ...e, expr: walk(e.expr), low: walk(e.low), high: walk(e.high) };
      case 'Like':
        return { ...e, expr: walk(e.expr), pattern: walk(e.pattern) };
      case 'Case':
        return {
          ...e,
          branches: e.branches.map((b) => ({ when: walk(b.when), then: walk(b.then) })),
          ...(e.otherwise ? { otherwise: walk(e.otherwise) } : {}),
        };
      default:
        return e;
    }
  };
  return walk(expr);
}

export async function planJoin(ctx: PlanContext, command: JoinCommand): Promise<void> {
  const right = await requireSub(ctx, command.span).compile(command.right);
  const leftColumns = ctx.columns.map((c) => ({ ...c }));
  const rightColumns = right.columns as Column[];
  const leftName = command.leftAlias ?? ctx.sourceName ?? 'left';
  const rightName = command.rightName ?? 'right';
  const inLeft = (n: string) => leftColumns.some((c) => c.name === n);
  const inRight = (n: string) => rightColumns.some((c) => c.name === n);

  // Output columns and where each comes from.
  const out: Array<{ name: string; type: Column['type']; side: 'left' | 'right'; from: string }> =
    [];
  const keysLeft: string[] = [];
  const keysRight: string[] = [];
  let residual: Expr | undefined;
  const semiOrAnti = command.type === 'semi' || command.type === 'anti';

  if (command.fields) {
    const fields =
      command.fields.length > 0
        ? command.fields
        : leftColumns
            .filter((c) => inRight(c.name))
            .map((c) => ({
              kind: 'Field' as const,
              name: c.name,
              quoted: false,
              span: command.span,
            }));
    if (fields.length === 0 && command.type !== 'cross') {
      throw ctx.error(
        'join: the two sides share no field to join on; name the fields or give "on <condition>"',
        command.span
      );
    }
    for (const f of fields) {
      if (!inLeft(f.name)) ctx.requireColumn(f.name, f.span);
      if (!inRight(f.name)) {
        throw ctx.error(
          `The join field "${f.name}" is not in the right side. Its fields: ${rightColumns.map((c) => c.name).join(', ')}.`,
          f.span
        );
      }
      keysLeft.push(f.name);
      keysRight.push(f.name);
    }
    for (const c of leftColumns) {
      const fromRight = command.overwrite && inRight(c.name) && !keysLeft.includes(c.name);
      const rc = rightColumns.find((r) => r.name === c.name);
      out.push(
        fromRight && rc
          ? { name: c.name, type: rc.type, side: 'right', from: c.name }
          : { name: c.name, type: c.type, side: 'left', from: c.name }
      );
    }
    if (!semiOrAnti)
      for (const c of rightColumns)
        if (!inLeft(c.name)) out.push({ name: c.name, type: c.type, side: 'right', from: c.name });
  } else {
    for (const c of leftColumns) {
      const name = inRight(c.name) && !semiOrAnti ? `${leftName}.${c.name}` : c.name;
      out.push({ name, type: c.type, side: 'left', from: c.name });
    }
    if (!semiOrAnti)
      for (const c of rightColumns) {
        const name = inLeft(c.name) ? `${rightName}.${c.name}` : c.name;
        out.push({ name, type: c.type, side: 'right', from: c.name });
      }
    if (command.criteria) {
      const resolve = (name: string, span: Span): Side => {
        const dot = name.indexOf('.');
        if (dot > 0) {
          const prefix = name.slice(0, dot);
          const rest = name.slice(dot + 1);
          if (prefix === leftName && inLeft(rest)) return { side: 'left', name: rest };
          if (prefix === rightName && inRight(rest)) return { side: 'right', name: rest };
        }
        if (inLeft(name)) return { side: 'left', name };
        if (inRight(name)) return { side: 'right', name };
        throw ctx.error(
          `Unknown field "${name}" in the join condition: write ${leftName}.<field> or ${rightName}.<field>`,
          span
        );
      };
      const rest: Expr[] = [];
      for (const part of splitConjuncts(command.criteria)) {
        if (
          part.kind === 'Binary' &&
          part.op === '=' &&
          part.left.kind === 'Field' &&
          part.right.kind === 'Field'
        ) {
          const a = resolve(part.left.name, part.left.span);
          const b = resolve(part.right.name, part.right.span);
          if (a.side !== b.side) {
            keysLeft.push(a.side === 'left' ? a.name : b.name);
            keysRight.push(a.side === 'left' ? b.name : a.name);
            continue;
          }
        }
        rest.push(part);
      }
      if (rest.length > 0) {
        // Checked on the pair, by the names the pair's row has.
        const toOutput = (name: string, span: Span) => {
          const r = resolve(name, span);
          return `\u0000${r.side}.${r.name}`;
        };
        residual = rest
          .map((p) => renameFields(p, toOutput))
          .reduce((acc, p) => ({ kind: 'Binary', op: 'AND', left: acc, right: p, span: p.span }));
      }
    }
  }
  if (command.type !== 'cross' && keysLeft.length === 0 && residual === undefined) {
    throw ctx.error('join: the condition names no field of each side to join on', command.span);
  }
  const pairTypes: Types = new Map([
    ...leftColumns.map((c) => [`\u0000left.${c.name}`, c.type] as const),
    ...rightColumns.map((c) => [`\u0000right.${c.name}`, c.type] as const),
  ]);
  const pairRow = (l: Row | null, r: Row | null): Row => {
    const row: Row = {};
    for (const c of leftColumns) row[`\u0000left.${c.name}`] = l ? readField(l, c.name) : null;
    for (const c of rightColumns) row[`\u0000right.${c.name}`] = r ? readField(r, c.name) : null;
    return row;
  };
  const combine = (l: Row | null, r: Row | null): Row => {
    const row: Row = {};
    for (const o of out) {
      const src = o.side === 'left' ? l : r;
      // With overwrite, a shared column is the right side's: null for a left row without a
      // match (join.md).
      row[o.name] = src ? readField(src, o.from) : null;
    }
    return row;
  };
  ctx.columns = out.map((o) => ({ name: o.name, type: o.type }));
  const { maxRows } = ctx.deps;
  const { budget } = ctx;
  const { type, max } = command;
  ctx.add(
    command.span,
    'buffers',
    async function* (input) {
      const hold = budget.hold('join');
      try {
        const built = await collect(right.run(), hold, maxRows);
        const table = new Map<string, number[]>();
        built.forEach((r, i) => {
          const values = keysRight.map((k) => readField(r, k));
          if (values.some((v) => v === null)) return;
          const id = keyText(values);
          const list = table.get(id);
          if (list) list.push(i);
          else {
            hold.add(keyEntryBytes(id));
            table.set(id, [i]);
          }
        });
        const all = built.map((_, i) => i);
        const matchedRight = new Set<number>();
        for await (const batch of input) {
          // A left row may match many right rows (a cross join matches all): the output goes out
          // in batches as it grows, never held whole.
          let rows: Row[] = [];
          budget.begin();
          for (const l of batch) {
            if (rows.length >= OUT_BATCH) {
              yield rows;
              rows = [];
              budget.begin();
            }
            if (budget.tick()) await budget.pause();
            let candidates: number[];
            if (keysLeft.length === 0) candidates = all;
            else {
              const values = keysLeft.map((k) => readField(l, k));
              candidates = values.some((v) => v === null) ? [] : (table.get(keyText(values)) ?? []);
            }
            const matches: number[] = [];
            for (const i of candidates) {
              if (
                residual &&
                !evaluatePredicate(residual, pairRow(l, built[i]), {
                  types: pairTypes,
                  budget,
                  command: 'join',
                })
              )
                continue;
              matches.push(i);
              if (max > 0 && matches.length >= max) break;
            }
            if (type === 'semi') {
              if (matches.length > 0) rows.push(combine(l, null));
              continue;
            }
            if (type === 'anti') {
              if (matches.length === 0) rows.push(combine(l, null));
              continue;
            }
            for (const i of matches) {
              matchedRight.add(i);
              rows.push(combine(l, built[i]));
              if (rows.length >= OUT_BATCH) {
                yield rows;
                rows = [];
                budget.begin();
              }
            }
            if (matches.length === 0 && (type === 'left' || type === 'full'))
              rows.push(combine(l, null));
          }
          await budget.endBatch();
          if (rows.length > 0) yield rows;
        }
        if (type === 'right' || type === 'full') {
          const rest = built.filter((_, i) => !matchedRight.has(i)).map((r) => combine(null, r));
          if (rest.length > 0) yield rest;
        }
      } finally {
        hold.clear();
      }
    },
    { keepsCount: false, detail: `the right side held in the server (at most ${maxRows} rows)` }
  );
}
