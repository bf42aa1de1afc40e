/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * From a parsed PPL query to a runnable pipeline: the source and the prefix OpenSearch can answer
 * (commands/source.ts), then each remaining command planned by its family (commands/index.ts)
 * into server operators over row batches. The output schema (names and PPL types) is known
 * before anything runs, so the writer can encode typed keys.
 */
import type { Query } from '../../../common/ppl/ast';
import { planCommand } from './commands';
import { planMultiSearch } from './commands/subsearch';
import { planGraphLookupSource } from './commands/graphlookup';
import { planIndexSource, planMakeResults, PlannedSource } from './commands/source';
import { planSubsearchSource } from './commands/subsearch_source';
import { projectOp, RowStream } from './operators';
import {
  CompiledPipeline,
  PlanContext,
  PipelineDeps,
  PlannedWhenRun,
  SubPlanner,
} from './plan_context';

export {
  formatTimestampValue,
  QueryError,
  type CompiledPipeline,
  type PipelineDeps,
} from './plan_context';

function subPlanner(deps: PipelineDeps, text: string): SubPlanner {
  const sub: SubPlanner = {
    compile: (search) =>
      compilePipeline(
        deps,
        { kind: 'Query', source: search.source, commands: search.commands, span: search.span },
        text,
        true
      ),
    plan: async (commands, columns) => {
      const ctx = new PlanContext(deps, text, sub);
      ctx.columns = columns.map((c) => ({ ...c }));
      for (const command of commands) await planCommand(ctx, command);
      return { columns: ctx.columns, operators: ctx.operators, plan: ctx.plan };
    },
  };
  return sub;
}

/** `nested`: a subsearch's, whose unplannable command (plan-only) stops the outer query's. */
export async function compilePipeline(
  deps: PipelineDeps,
  query: Query,
  text: string,
  nested = false
): Promise<CompiledPipeline> {
  const ctx = new PlanContext(deps, text, subPlanner(deps, text));
  ctx.leading = query.source;
  if (query.source.kind === 'Source') {
    const only = query.source.indices.length === 1 ? query.source.indices[0].name : undefined;
    ctx.sourceName = query.source.alias ?? only;
  } else if (query.source.kind === 'SubsearchSource') {
    ctx.sourceName = query.source.alias;
  }
  const commands = [...query.commands];
  const source: PlannedSource =
    query.source.kind === 'MakeResults'
      ? planMakeResults(ctx, query.source)
      : query.source.kind === 'MultiSearch'
        ? await planMultiSearch(ctx, query.source)
        : query.source.kind === 'SubsearchSource'
          ? await planSubsearchSource(ctx, query.source, commands)
          : query.source.kind === 'GraphLookupSource'
            ? await planGraphLookupSource(ctx, query.source)
            : await planIndexSource(ctx, query.source, commands);
  ctx.sourceRows = () => source.run();
  for (const [i, command] of commands.entries()) {
    try {
      await planCommand(ctx, command);
    } catch (error) {
      if (!(error instanceof PlannedWhenRun) || nested) throw error;
      ctx.plannedWhenRun(commands.slice(i));
      break;
    }
  }

  const columns = ctx.columns.filter((c) => !c.hidden).map((c) => ({ name: c.name, type: c.type }));
  const names = columns.map((c) => c.name);
  const operators = [...ctx.operators, (input: RowStream) => projectOp(input, names)];
  const preserved = ctx.countPreserved;
  const cap = ctx.cap;
  return {
    columns,
    plan: ctx.plan,
    request: source.request,
    output: query.output,
    count: async () => {
      if (!preserved) return undefined;
      const n = await source.count();
      return n === undefined ? undefined : cap === undefined ? n : Math.min(n, cap);
    },
    run: () => operators.reduce<RowStream>((stream, op) => op(stream), source.run()),
  };
}
