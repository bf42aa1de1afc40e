/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/* Aggregating commands in the server: stats, top, rare. */
import type { Aggregation, StatsCommand, TopRareCommand } from '../../../../common/ppl/ast';
import type { PplType } from '../../../../common/ppl/types';
import { inferAggregationType } from '../evaluate';
import { statsOp, topRareOp } from '../operators';
import type { PlanContext } from '../plan_context';

export function checkAggregation(ctx: PlanContext, agg: Aggregation): void {
  if (agg.arg) ctx.checkFields(agg.arg);
}

export function planStats(ctx: PlanContext, command: StatsCommand): void {
  const types = ctx.types();
  for (const f of command.by) ctx.requireColumn(f.name, f.span);
  command.aggregations.forEach((a) => checkAggregation(ctx, a));
  const outTypes = command.aggregations.map((a) => inferAggregationType(a, types));
  ctx.columns = [
    ...command.aggregations.map((a, i) => ({ name: a.name, type: outTypes[i] })),
    ...command.by.map((f) => ({ name: f.name, type: types.get(f.name) ?? 'undefined' })),
  ];
  const { budget } = ctx;
  const { maxRows } = ctx.deps;
  ctx.add(
    command.span,
    'buffers',
    (input) => statsOp(input, command, types, outTypes, maxRows, budget),
    { keepsCount: false, detail: ctx.buffered('groups') }
  );
}

export function planTopRare(ctx: PlanContext, command: TopRareCommand): void {
  const types = ctx.types();
  for (const f of [...command.fields, ...command.by]) ctx.requireColumn(f.name, f.span);
  ctx.columns = [
    ...command.by.map((f) => ({ name: f.name, type: types.get(f.name) ?? 'undefined' })),
    ...command.fields.map((f) => ({ name: f.name, type: types.get(f.name) ?? 'undefined' })),
    ...(command.showCount ? [{ name: command.countField, type: 'bigint' as PplType }] : []),
  ];
  const { budget } = ctx;
  const { maxRows } = ctx.deps;
  ctx.add(command.span, 'buffers', (input) => topRareOp(input, command, types, maxRows, budget), {
    keepsCount: false,
    detail: ctx.buffered('value counts'),
  });
}
