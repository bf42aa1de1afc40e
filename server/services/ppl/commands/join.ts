/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * `join` in the server: the right side (the build side, bounded by max_rows) held, the left one
 * streamed through it: a hash join on the equalities of the condition (or the field list), the
 * rest of the condition, subsearches included, checked per pair (join_condition.ts).
 */
import type { Expr } from '../../../../common/ppl/ast';
import type { JoinCommand, Subsearch } from '../../../../common/ppl/commands/combining_ast';
import { evaluatePredicate, readField } from '../evaluate';
import { keyEntryBytes, type Row, type Types } from '../operators';
import { rowBytes } from '../memory';
import type { Column, PlanContext } from '../plan_context';
import { collect, keyText, OUT_BATCH, requireSub } from './combine_rows';
import { pairName, planJoinCondition, sharedJoinFields } from './join_condition';
import { readyTests, type PreparedSlot, type RowTest } from './subsearch';

interface Output {
  name: string;
  type: Column['type'];
  side: 'left' | 'right';
  from: string;
  hidden?: boolean;
  /** A qualified name's column (see {@link Column.qualifies}). */
  qualifies?: string;
}

const names = (...candidates: Array<string | undefined>) => [
  ...new Set(candidates.filter((n): n is string => n !== undefined)),
];

/** A subsearch's own name for `<name>.field`: its alias, or its one index. */
function subsearchName(search: Subsearch): string | undefined {
  const { source } = search;
  if (source.kind !== 'Source') return undefined;
  return source.alias ?? (source.indices.length === 1 ? source.indices[0].name : undefined);
}

/**
 * `<alias>.<name>` for each column of a side whose output name is not already that: hidden
 * columns holding the same value, so `where a.name = …` or `fields b.salary` after the join read
 * the side's column (`fields` shows it under the column's name, as the SQL plugin does).
 */
function qualifiedColumns(
  out: Output[],
  leftNames: string[],
  rightNames: string[],
  semiOrAnti: boolean
): Output[] {
  const taken = new Set(out.map((o) => o.name));
  const extra: Output[] = [];
  for (const o of out) {
    if (o.hidden) continue;
    const sideNames = o.side === 'left' ? leftNames : semiOrAnti ? [] : rightNames;
    for (const prefix of sideNames) {
      const name = `${prefix}.${o.from}`;
      if (taken.has(name)) continue;
      taken.add(name);
      extra.push({ ...o, name, hidden: true, qualifies: o.name });
    }
  }
  return extra;
}

export async function planJoin(ctx: PlanContext, command: JoinCommand): Promise<void> {
  const right = await requireSub(ctx, command.span).compile(command.right);
  const leftColumns = ctx.columns.map((c) => ({ ...c }));
  const rightColumns = right.columns as Column[];
  const leftName = command.leftAlias ?? ctx.sourceName ?? 'left';
  const rightName = command.rightName ?? subsearchName(command.right) ?? 'right';
  const leftNames = names(command.leftAlias, ctx.sourceName);
  const rightNames = names(command.rightName, subsearchName(command.right));
  const sides = { leftColumns, rightColumns, leftNames, rightNames, leftName, rightName };
  const inLeft = (n: string) => leftColumns.some((c) => c.name === n);
  const inRight = (n: string) => rightColumns.some((c) => c.name === n);

  // Output columns and where each comes from.
  const out: Output[] = [];
  const qualified: Output[] = [];
  let keysLeft: string[] = [];
  let keysRight: string[] = [];
  let residual: Expr | undefined;
  let slots: PreparedSlot[] = [];
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
    keysLeft = sharedJoinFields(ctx, fields, sides);
    keysRight = [...keysLeft];
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
    // As the SQL plugin's planner (not join.md's table): the left side keeps its names, a right
    // column whose name the left has is `<right alias or index>.<name>`; `<alias>.<name>` reads
    // either side's column after the join (hidden columns, see qualifiedColumns).
    for (const c of leftColumns) {
      out.push({ name: c.name, type: c.type, side: 'left', from: c.name, hidden: c.hidden });
    }
    if (!semiOrAnti)
      for (const c of rightColumns) {
        if (c.hidden) continue;
        const name = inLeft(c.name) ? `${rightName}.${c.name}` : c.name;
        out.push({ name, type: c.type, side: 'right', from: c.name });
      }
    if (command.criteria) {
      ({ keysLeft, keysRight, residual, slots } = await planJoinCondition(
        ctx,
        command,
        command.criteria,
        sides
      ));
    }
    qualified.push(...qualifiedColumns(out, leftNames, rightNames, semiOrAnti));
  }
  if (command.type !== 'cross' && keysLeft.length === 0 && residual === undefined) {
    throw ctx.error('join: the condition names no field of each side to join on', command.span);
  }
  const pairTypes: Types = new Map([
    ...leftColumns.map((c) => [pairName('left', c.name), c.type] as const),
    ...rightColumns.map((c) => [pairName('right', c.name), c.type] as const),
    ...slots.map((s) => [s.slot, s.type ?? 'boolean'] as const),
  ]);
  const pairRow = (l: Row | null, r: Row | null): Row => {
    const row: Row = {};
    for (const c of leftColumns) row[pairName('left', c.name)] = l ? readField(l, c.name) : null;
    for (const c of rightColumns) row[pairName('right', c.name)] = r ? readField(r, c.name) : null;
    return row;
  };
  const options = { types: pairTypes, budget: ctx.budget, command: 'join' };
  /**
   * Whether a candidate pair meets the rest of the condition, its subsearches' values put in
   * their slots first (awaited only where a test gives a promise: most pairs stay synchronous).
   */
  const meets = (
    l: Row,
    r: Row,
    tests: Array<[string, RowTest]>,
    condition: Expr
  ): boolean | Promise<boolean> => {
    const pair = pairRow(l, r);
    for (let k = 0; k < tests.length; k++) {
      const [slot, test] = tests[k];
      const value = test(pair);
      if (value instanceof Promise) {
        return (async () => {
          pair[slot] = await value;
          for (const [later, next] of tests.slice(k + 1)) pair[later] = await next(pair);
          return evaluatePredicate(condition, pair, options);
        })();
      }
      pair[slot] = value;
    }
    return evaluatePredicate(condition, pair, options);
  };
  const all = [...out, ...qualified];
  const combine = (l: Row | null, r: Row | null): Row => {
    const row: Row = {};
    for (const o of all) {
      const src = o.side === 'left' ? l : r;
      // With overwrite, a shared column is the right side's: null for a left row without a
      // match (join.md).
      row[o.name] = src ? readField(src, o.from) : null;
    }
    return row;
  };
  ctx.columns = all.map((o) => ({
    name: o.name,
    type: o.type,
    ...(o.hidden ? { hidden: true } : {}),
    ...(o.qualifies ? { qualifies: o.qualifies } : {}),
  }));
  const { maxRows } = ctx.deps;
  const { budget } = ctx;
  const { type, max } = command;
  ctx.add(
    command.span,
    'buffers',
    async function* (input) {
      const tests = await readyTests(slots);
      const hold = budget.hold('join');
      const made = budget.hold('join');
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
          // The output in hand is counted as it is made, and given back once handed on.
          const emit = (row: Row) => {
            made.add(rowBytes(row));
            rows.push(row);
          };
          budget.begin();
          for (const l of batch) {
            if (rows.length >= OUT_BATCH) {
              yield rows;
              rows = [];
              made.clear();
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
              if (budget.tick()) await budget.pause();
              if (residual) {
                const met = meets(l, built[i], tests, residual);
                if (!(met instanceof Promise ? await met : met)) continue;
              }
              matches.push(i);
              if (max > 0 && matches.length >= max) break;
            }
            if (type === 'semi') {
              if (matches.length > 0) emit(combine(l, null));
              continue;
            }
            if (type === 'anti') {
              if (matches.length === 0) emit(combine(l, null));
              continue;
            }
            for (const i of matches) {
              matchedRight.add(i);
              emit(combine(l, built[i]));
              if (rows.length >= OUT_BATCH) {
                yield rows;
                rows = [];
                made.clear();
                budget.begin();
              }
            }
            if (matches.length === 0 && (type === 'left' || type === 'full'))
              emit(combine(l, null));
          }
          await budget.endBatch();
          if (rows.length > 0) yield rows;
          made.clear();
        }
        if (type === 'right' || type === 'full') {
          const rest = built.filter((_, i) => !matchedRight.has(i)).map((r) => combine(null, r));
          if (rest.length > 0) yield rest;
        }
      } finally {
        hold.clear();
        made.clear();
      }
    },
    {
      keepsCount: false,
      detail: [
        `the right side held in the server (at most ${maxRows} rows)`,
        ...slots.map((s) => `in the condition, ${s.detail}`),
      ].join('; '),
    }
  );
}
