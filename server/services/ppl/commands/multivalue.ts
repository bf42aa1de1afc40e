/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Multivalue commands in the server: expand/mvexpand (one row per element, streams), flatten (an
 * object's keys as columns), mvcombine (buffers: rows alike but for one field become one), nomv.
 */
import type {
  ExpandCommand,
  FlattenCommand,
  MvCombineCommand,
  NoMvCommand,
} from '../../../../common/ppl/commands/multivalue';
import type { PplValue } from '../../../../common/ppl/types';
import { readField, toPplString } from '../evaluate';
import { Row, renameOp } from '../operators';
import { shallowRowBytes } from '../memory';
import { OUT_BATCH } from './combine_rows';
import type { PlanContext } from '../plan_context';
import { buffered } from './shaping';

export function planExpand(ctx: PlanContext, command: ExpandCommand): void {
  ctx.requireColumn(command.field.name, command.field.span);
  const from = command.field.name;
  const to = command.alias?.name ?? from;
  // One row per element: the column then holds elements, of its element type where known.
  const { type: sourceType, element } = ctx.column(from)!;
  const elementType = sourceType === 'array' ? element : undefined;
  if (to !== from || elementType) ctx.setColumn(to, elementType ?? sourceType);
  const limit = command.limit ?? Infinity;
  // An array column's null expands to no rows, as an empty one (the SQL plugin's UNNEST in an
  // inner correlate); a column of another type keeps its row as it is.
  const dropsNull = sourceType === 'array';
  ctx.add(
    command.span,
    'streams',
    async function* (input) {
      // A row per element: the copies go out a batch at a time, held until the next batch.
      const hold = ctx.budget.hold('mvexpand');
      let out: Row[] = [];
      try {
        for await (const batch of input) {
          for (const row of batch) {
            const v = readField(row, from);
            if (!Array.isArray(v)) {
              if (v === null && dropsNull) continue;
              out.push(to === from ? row : { ...row, [to]: v });
              continue;
            }
            const bytes = shallowRowBytes(row);
            for (const element of v.slice(0, limit)) {
              hold.add(bytes);
              out.push({ ...row, [to]: element as PplValue });
              if (out.length >= OUT_BATCH) {
                yield out;
                out = [];
                hold.clear();
              }
            }
          }
          if (out.length > 0) yield out;
          out = [];
          hold.clear();
        }
      } finally {
        hold.clear();
      }
    },
    { keepsCount: false, detail: 'one row per array element' }
  );
}

export function planFlatten(ctx: PlanContext, command: FlattenCommand): void {
  const prefix = `${command.field.name}.`;
  const inner = ctx.columns.filter((c) => c.name.startsWith(prefix));
  if (inner.length === 0) {
    throw ctx.error(
      `flatten: "${command.field.name}" is not an object with fields here (no column starts with "${prefix}")`,
      command.field.span
    );
  }
  if (command.aliases.length > 0 && command.aliases.length !== inner.length) {
    throw ctx.error(
      `flatten: "${command.field.name}" has ${inner.length} fields (${inner.map((c) => c.name.slice(prefix.length)).join(', ')}) and ${command.aliases.length} names are given`,
      command.span
    );
  }
  const pairs: Array<[string, string]> = inner.map((c, i) => [
    c.name,
    command.aliases[i]?.name ?? c.name.slice(prefix.length),
  ]);
  const renamed = new Map(pairs);
  ctx.columns = ctx.columns
    .filter((c) => renamed.has(c.name) || ![...renamed.values()].includes(c.name))
    .map((c) => ({ ...c, name: renamed.get(c.name) ?? c.name }));
  ctx.add(command.span, 'streams', (input) => renameOp(input, pairs));
}

/** `mvcombine`: rows alike in every other column become one, in the order first seen. */
export function planMvCombine(ctx: PlanContext, command: MvCombineCommand): void {
  ctx.requireColumn(command.field.name, command.field.span);
  const target = command.field.name;
  const others = ctx.columns.map((c) => c.name).filter((n) => n !== target);
  ctx.setColumn(target, 'array');
  const { maxRows } = ctx.deps;
  ctx.add(
    command.span,
    'buffers',
    (input) =>
      buffered(input, ctx.budget.hold('mvcombine'), maxRows, (rows) => {
        const groups = new Map<string, { row: Row; values: PplValue[] }>();
        for (const row of rows) {
          const id = JSON.stringify(
            others.map((n) => {
              const v = readField(row, n);
              return v === null ? null : toPplString(v);
            })
          );
          let g = groups.get(id);
          if (!g) groups.set(id, (g = { row, values: [] }));
          const v = readField(row, target);
          if (v !== null) g.values.push(...(Array.isArray(v) ? (v as PplValue[]) : [v]));
        }
        return [...groups.values()].map((g) => ({ ...g.row, [target]: g.values as PplValue }));
      }),
    { keepsCount: false, detail: ctx.buffered() }
  );
}

export function planNoMv(ctx: PlanContext, command: NoMvCommand): void {
  ctx.requireColumn(command.field.name, command.field.span);
  const type = ctx.column(command.field.name)!.type;
  if (type !== 'array' && type !== 'undefined') {
    throw ctx.error(
      `nomv works on array fields; "${command.field.name}" is ${type}`,
      command.field.span
    );
  }
  ctx.setColumn(command.field.name, 'string');
  const name = command.field.name;
  ctx.add(command.span, 'streams', async function* (input) {
    for await (const batch of input) {
      for (const row of batch) {
        const v = readField(row, name);
        if (Array.isArray(v))
          row[name] = (v as PplValue[])
            .filter((e) => e !== null)
            .map((e) => toPplString(e))
            .join('\n');
      }
      yield batch;
    }
  });
}
