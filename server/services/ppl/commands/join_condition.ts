/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * The condition of `join … (on|where) <condition>` in the server. Its equalities of a left and a
 * right field are the hash join's keys; the rest, subsearches included (subquery.md's "as join
 * filter": `on l.a = r.a AND r.a in [ … ]`), is one condition checked on each candidate pair,
 * whose fields are named `\0left.<name>` / `\0right.<name>`. The subsearches run once, as a
 * where's (subsearch.ts), their values read from the pair; one naming a field of either side
 * (correlated) is refused, as the SQL plugin cannot resolve it either.
 */
import type { Expr, FieldRef, Span } from '../../../../common/ppl/ast';
import type {
  JoinCommand,
  SubsearchPredicate,
} from '../../../../common/ppl/commands/combining_ast';
import { LookupError } from '../../../lib/errors';
import { PlanContext, type Column } from '../plan_context';
import { splitConjuncts } from '../pushdown';
import { renameFields } from './combine_rows';
import { isSlot } from './correlated';
import { prepareSlots, type PreparedSlot } from './subsearch';

interface Side {
  side: 'left' | 'right';
  name: string;
}

/** The two sides of a join as its condition names them. */
export interface JoinSides {
  leftColumns: Column[];
  rightColumns: Column[];
  /** The names that qualify a side's field (`<name>.field`): its alias, its index. */
  leftNames: string[];
  rightNames: string[];
  /** The name each side is shown by in messages. */
  leftName: string;
  rightName: string;
}

export interface JoinCondition {
  keysLeft: string[];
  keysRight: string[];
  /** Checked on each candidate pair (names as {@link pairName}); undefined when all are keys. */
  residual?: Expr;
  /** The condition's subsearches, ready to give each pair its value in their slots. */
  slots: PreparedSlot[];
}

/** A side's field as the pair's row holds it. */
export const pairName = (side: 'left' | 'right', name: string) => `\u0000${side}.${name}`;

/** The fields of `on a [AND b …]` (the shorthand of the equalities by name), else undefined. */
function bareFields(criteria: Expr): FieldRef[] | undefined {
  const parts = splitConjuncts(criteria);
  return parts.every((p) => p.kind === 'Field' && !isSlot(p.name))
    ? (parts as FieldRef[])
    : undefined;
}

/** Join fields named on both sides (a field list, or `on a AND b`): each must be in both. */
export function sharedJoinFields(ctx: PlanContext, fields: FieldRef[], sides: JoinSides): string[] {
  const { leftColumns, rightColumns } = sides;
  for (const f of fields) {
    if (!leftColumns.some((c) => c.name === f.name)) ctx.requireColumn(f.name, f.span);
    if (!rightColumns.some((c) => c.name === f.name)) {
      throw ctx.error(
        `The join field "${f.name}" is not in the right side. Its fields: ${rightColumns.map((c) => c.name).join(', ')}.`,
        f.span
      );
    }
  }
  return fields.map((f) => f.name);
}

/** The join's keys, its residual condition and its subsearches, from `command.criteria`. */
export async function planJoinCondition(
  ctx: PlanContext,
  command: JoinCommand,
  criteria: Expr,
  sides: JoinSides
): Promise<JoinCondition> {
  const { leftColumns, rightColumns, leftNames, rightNames, leftName, rightName } = sides;
  const inLeft = (n: string) => leftColumns.some((c) => c.name === n);
  const inRight = (n: string) => rightColumns.some((c) => c.name === n);
  const locate = (name: string): Side | undefined => {
    const dot = name.indexOf('.');
    if (dot > 0) {
      const prefix = name.slice(0, dot);
      const rest = name.slice(dot + 1);
      if (leftNames.includes(prefix) && inLeft(rest)) return { side: 'left', name: rest };
      if (rightNames.includes(prefix) && inRight(rest)) return { side: 'right', name: rest };
    }
    if (inLeft(name)) return { side: 'left', name };
    if (inRight(name)) return { side: 'right', name };
    return undefined;
  };
  const resolve = (name: string, span: Span): Side => {
    const found = locate(name);
    if (found) return found;
    throw ctx.error(
      `Unknown field "${name}" in the join condition: write ${leftName}.<field> or ${rightName}.<field>`,
      span
    );
  };
  const keysLeft: string[] = [];
  const keysRight: string[] = [];
  const rest: Expr[] = [];
  const bare = bareFields(criteria);
  for (const part of bare ? [] : splitConjuncts(criteria)) {
    if (
      part.kind === 'Binary' &&
      part.op === '=' &&
      part.left.kind === 'Field' &&
      part.right.kind === 'Field' &&
      !isSlot(part.left.name) &&
      !isSlot(part.right.name)
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
  // `on a [AND b …]`: the shorthand for `on <left>.a = <right>.a …`, both columns kept.
  for (const name of sharedJoinFields(ctx, bare ?? [], sides)) {
    keysLeft.push(name);
    keysRight.push(name);
  }
  // Checked on the pair, by the names the pair's row has (a subsearch's slot stays as it is).
  const toPair = (name: string, span: Span) => {
    if (isSlot(name)) return name;
    const r = resolve(name, span);
    return pairName(r.side, r.name);
  };
  const residual =
    rest.length === 0
      ? undefined
      : rest
          .map((p) => renameFields(p, toPair))
          .reduce((acc, p) => ({ kind: 'Binary', op: 'AND', left: acc, right: p, span: p.span }));

  const slots: PreparedSlot[] = [];
  const predicates = command.predicates ?? [];
  if (predicates.length > 0) {
    // The subsearches are planned against the pair's columns: an `in`'s values read the pair,
    // and no name a query can write reaches them, so one naming a side's field is unknown there.
    const pair = new PlanContext(ctx.deps, ctx.text, ctx.sub);
    pair.columns = [
      ...leftColumns.map((c) => ({ name: pairName('left', c.name), type: c.type })),
      ...rightColumns.map((c) => ({ name: pairName('right', c.name), type: c.type })),
    ];
    for (const p of predicates) {
      const inPair: SubsearchPredicate = {
        ...p,
        values: p.values.map((v) => renameFields(v, toPair)),
      };
      try {
        slots.push(...(await prepareSlots(pair, [inPair], command.span, 'join')));
      } catch (error) {
        const field = error instanceof LookupError ? error.attributes?.field : undefined;
        if (typeof field !== 'string' || locate(field) === undefined) throw error;
        throw ctx.error(
          `A subsearch in a join condition cannot refer to the joined rows ("${field}"): ` +
            'correlated subsearches are not supported there. Filter a side instead: ' +
            `"where … in [ … ]" or "where exists [ … ]" before the join (or inside its right side's [ … ]), ` +
            'or on the joined rows after it',
          p.span,
          { field }
        );
      }
    }
  }
  return { keysLeft, keysRight, ...(residual ? { residual } : {}), slots };
}
