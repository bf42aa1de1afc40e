/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Pivots in the server, rows held (at most max_rows). `xyseries` (xyseries.md): one row out per
 * x value in ascending order, a column per value field and listed name; a name with no row is
 * null. (`timewrap`, a pivot of a timechart's periods, is in timewrap.ts.)
 */
import type { XySeriesCommand } from '../../../../common/ppl/commands/pivot';
import { readField, toPplString } from '../evaluate';
import { compareRows, type Row } from '../operators';
import type { Column, PlanContext } from '../plan_context';
import { collect, OUT_BATCH } from './combine_rows';

export function planXySeries(ctx: PlanContext, command: XySeriesCommand): void {
  for (const f of [command.x, command.nameField, ...command.dataFields])
    ctx.requireColumn(f.name, f.span);
  const types = ctx.types();
  const columnName = (data: string, value: string) =>
    command.format === undefined
      ? `${data}${command.sep}${value}`
      : command.format.split('$AGG$').join(data).split('$VAL$').join(value);
  const cells: Array<{ name: string; data: string; value: string }> = [];
  for (const d of command.dataFields)
    for (const v of command.values)
      cells.push({ name: columnName(d.name, v), data: d.name, value: v });
  const seen = new Set<string>([command.x.name]);
  for (const c of cells) {
    if (seen.has(c.name))
      throw ctx.error(
        `xyseries would make the column "${c.name}" twice: list each value once`,
        command.span
      );
    seen.add(c.name);
  }
  const x = command.x.name;
  const xColumn = ctx.column(x)!;
  ctx.columns = [
    { ...xColumn },
    ...cells.map((c): Column => ({ name: c.name, type: types.get(c.data) ?? 'undefined' })),
  ];
  const byX = compareRows(
    [{ field: command.x, order: 'asc', notation: 'none', span: command.x.span }],
    types
  );
  const { maxRows } = ctx.deps;
  const nameField = command.nameField.name;
  const wanted = new Set(command.values);
  ctx.add(
    command.span,
    'buffers',
    async function* (input) {
      const hold = ctx.budget.hold('xyseries');
      try {
        const rows = (await collect(input, hold, maxRows)).sort(byX);
        const groups = new Map<string, Row>();
        const order: Row[] = [];
        for (const row of rows) {
          const xv = readField(row, x);
          const id = JSON.stringify(xv === null ? null : toPplString(xv));
          let out = groups.get(id);
          if (out === undefined) {
            out = { [x]: xv };
            for (const c of cells) out[c.name] = null;
            groups.set(id, out);
            order.push(out);
          }
          const nv = readField(row, nameField);
          const name = nv === null ? null : toPplString(nv);
          if (name === null || !wanted.has(name)) continue;
          for (const c of cells)
            if (c.value === name && out[c.name] === null) out[c.name] = readField(row, c.data);
        }
        for (let i = 0; i < order.length; i += OUT_BATCH) yield order.slice(i, i + OUT_BATCH);
      } finally {
        hold.clear();
      }
    },
    { keepsCount: false, detail: ctx.buffered() }
  );
}
