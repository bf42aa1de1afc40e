/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * `source=[ <subsearch> ] [as <alias>]` (subquery.md, relation subquery): the subsearch's rows
 * are the source, its columns in its order, streamed (only its own commands may hold rows). Its
 * own prefix pushes down as any query's does; the outer commands all run in the server. As the
 * SQL plugin's planner names the subsearch by its alias, `<alias>.field` reads its column (as
 * for an index's alias: source_qualifier.ts).
 */
import type { Command } from '../../../../common/ppl/ast';
import type { SubsearchSource } from '../../../../common/ppl/commands/combining_ast';
import type { Column, PlanContext } from '../plan_context';
import { requireSub } from './combine_rows';
import type { PlannedSource } from './source';
import { unqualifySourceFields } from './source_qualifier';

export async function planSubsearchSource(
  ctx: PlanContext,
  source: SubsearchSource,
  commands: Command[]
): Promise<PlannedSource> {
  const inner = await requireSub(ctx, source.span).compile(source.subsearch);
  const columns = (inner.columns as Column[]).map((c): Column => ({ name: c.name, type: c.type }));
  ctx.columns = columns;
  if (source.alias !== undefined) {
    const names = new Set(columns.map((c) => c.name));
    commands.splice(0, commands.length, ...unqualifySourceFields(commands, source.alias, names));
  }
  // The subsearch's steps come first, as they run first; then the step that hands its rows on.
  ctx.plan.push(...inner.plan);
  ctx.plan.push({
    command: `${source.keyword}=[ … ]${source.alias === undefined ? '' : ` as ${source.alias}`}`,
    mode: 'streams',
    detail:
      `the subsearch's rows (the ${inner.plan.length} step(s) above) as the source` +
      (source.alias === undefined ? '' : `, its columns also named ${source.alias}.<field>`),
  });
  return {
    run: () => inner.run(),
    ...(inner.request === undefined ? {} : { request: inner.request }),
    count: () => inner.count(),
  };
}
