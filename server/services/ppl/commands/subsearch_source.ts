/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * `source=[ <subsearch> ] [as <alias>]` (subquery.md, relation subquery): the subsearch's rows
 * are the source, its columns in its order, streamed (only its own commands may hold rows). Its
 * own prefix pushes down as any query's does; the outer commands all run in the server. As the
 * SQL plugin's planner names the subsearch by its alias, `<alias>.field` reads its column.
 */
import type { SubsearchSource } from '../../../../common/ppl/commands/combining_ast';
import type { Row, RowStream } from '../operators';
import type { Column, PlanContext } from '../plan_context';
import { requireSub } from './combine_rows';
import type { PlannedSource } from './source';

/**
 * The hidden `<alias>.<name>` columns the query names (a copy of each value, so only those its
 * text mentions, backquoted or not), each showing as its column when `fields` picks it.
 */
function qualifiedColumns(text: string, alias: string, columns: Column[]): Column[] {
  const plain = text.replace(/`/g, '');
  return columns
    .filter((c) => !columns.some((o) => o.name === `${alias}.${c.name}`))
    .filter((c) => plain.includes(`${alias}.${c.name}`))
    .map((c) => ({ name: `${alias}.${c.name}`, type: c.type, hidden: true, qualifies: c.name }));
}

async function* withQualified(input: RowStream, copies: Column[]): RowStream {
  for await (const batch of input) {
    yield batch.map((row) => {
      const out: Row = { ...row };
      for (const c of copies) out[c.name] = row[c.qualifies!] ?? null;
      return out;
    });
  }
}

export async function planSubsearchSource(
  ctx: PlanContext,
  source: SubsearchSource
): Promise<PlannedSource> {
  const inner = await requireSub(ctx, source.span).compile(source.subsearch);
  const columns = (inner.columns as Column[]).map((c): Column => ({ name: c.name, type: c.type }));
  const copies =
    source.alias === undefined ? [] : qualifiedColumns(ctx.text, source.alias, columns);
  ctx.columns = [...columns, ...copies];
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
    run: () => (copies.length === 0 ? inner.run() : withQualified(inner.run(), copies)),
    ...(inner.request === undefined ? {} : { request: inner.request }),
    count: () => inner.count(),
  };
}
