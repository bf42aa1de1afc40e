/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * The append family in the server: `append` streams the subsearch's rows after the main ones;
 * `appendpipe` and `appendcol` hold the rows so far (bounded) to run their commands over them.
 */
import type {
  AppendColCommand,
  AppendCommand,
  AppendPipeCommand,
} from '../../../../common/ppl/commands/combining_ast';
import { readField } from '../evaluate';
import type { Row, RowStream } from '../operators';
import { Column, Operator, PlanContext, type CompiledPipeline } from '../plan_context';
import {
  appendedColumns,
  collect,
  copies,
  OUT_BATCH,
  requireSub,
  unionColumns,
} from './combine_rows';

export async function planAppend(ctx: PlanContext, command: AppendCommand): Promise<void> {
  const sub: CompiledPipeline = await requireSub(ctx, command.span).compile(command.search);
  ctx.columns = appendedColumns(ctx, ctx.columns, sub.columns as Column[], command.span);
  ctx.add(
    command.span,
    'streams',
    async function* (input) {
      yield* input;
      yield* sub.run();
    },
    { keepsCount: false, detail: 'the subsearch runs after the main rows' }
  );
}

export async function planAppendPipe(ctx: PlanContext, command: AppendPipeCommand): Promise<void> {
  const inner = await requireSub(ctx, command.span).plan(command.commands, ctx.columns);
  ctx.columns = appendedColumns(ctx, ctx.columns, inner.columns, command.span);
  const { maxRows } = ctx.deps;
  const operators: Operator[] = inner.operators;
  ctx.add(
    command.span,
    'buffers',
    async function* (input) {
      const hold = ctx.budget.hold('appendpipe');
      try {
        const rows = await collect(input, hold, maxRows);
        for (let i = 0; i < rows.length; i += 1000) yield rows.slice(i, i + 1000);
        yield* operators.reduce<RowStream>((stream, op) => op(stream), copies(rows));
      } finally {
        hold.clear();
      }
    },
    { keepsCount: false, detail: ctx.buffered() }
  );
}

/**
 * `appendcol`: row i of the subsearch joined to row i of the rows so far (appendcol.md). The
 * subsearch reads the query's source again (its commands after it); held in the server, at most
 * max_rows, while the rows so far stream past. Inside appendpipe or foreach, where there is no
 * source of its own, it runs over the rows so far (held).
 */
export async function planAppendCol(ctx: PlanContext, command: AppendColCommand): Promise<void> {
  const sub = requireSub(ctx, command.span);
  const leading = ctx.leading;
  const fromSource = leading
    ? await sub.compile({
        kind: 'Subsearch',
        source: leading,
        commands: command.commands,
        span: command.span,
      })
    : undefined;
  const inner = fromSource
    ? { columns: fromSource.columns as Column[], operators: [] as Operator[] }
    : await sub.plan(command.commands, ctx.columns);
  const before = ctx.columns.map((c) => c.name);
  const added = inner.columns.filter((c) => command.override || !before.includes(c.name));
  ctx.columns = unionColumns(ctx.columns, inner.columns);
  if (command.override) for (const c of inner.columns) ctx.setColumn(c.name, c.type);
  const { maxRows } = ctx.deps;
  const names = added.map((c) => c.name);
  const pair = (row: Row, side: Row | undefined): Row => {
    if (side) for (const n of names) row[n] = readField(side, n);
    return row;
  };
  if (fromSource) {
    ctx.add(
      command.span,
      'buffers',
      async function* (input) {
        const hold = ctx.budget.hold('appendcol');
        try {
          const side = await collect(fromSource.run(), hold, maxRows);
          let i = 0;
          for await (const batch of input) {
            yield batch.map((row) => pair({ ...row }, side[i++]));
          }
          for (let j = i; j < side.length; j += OUT_BATCH)
            yield side.slice(j, j + OUT_BATCH).map((r) => pair({}, r));
        } finally {
          hold.clear();
        }
      },
      {
        keepsCount: false,
        detail: `the subsearch over the source, its rows held in the server (at most ${maxRows}) and paired in order`,
      }
    );
    return;
  }
  const operators: Operator[] = inner.operators;
  ctx.add(
    command.span,
    'buffers',
    async function* (input) {
      const hold = ctx.budget.hold('appendcol');
      try {
        const rows = await collect(input, hold, maxRows);
        const side = await collect(
          operators.reduce<RowStream>((stream, op) => op(stream), copies(rows)),
          hold,
          maxRows
        );
        const out: Row[] = [];
        for (let i = 0; i < Math.max(rows.length, side.length); i++)
          out.push(pair(rows[i] ? { ...rows[i] } : {}, side[i]));
        for (let i = 0; i < out.length; i += OUT_BATCH) yield out.slice(i, i + OUT_BATCH);
      } finally {
        hold.clear();
      }
    },
    { keepsCount: false, detail: ctx.buffered() }
  );
}
