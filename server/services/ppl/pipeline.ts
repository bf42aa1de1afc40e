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
import type { PlanStep, SchemaColumn } from '../../../common/api/codecs';
import type { OutputLookup, Query } from '../../../common/ppl/ast';
import { planCommand } from './commands';
import { planIndexSource, planMakeResults, PlannedSource } from './commands/source';
import { projectOp, RowStream } from './operators';
import { PlanContext, PipelineDeps } from './plan_context';
import type { Dsl } from './pushdown';

export { formatTimestampValue, QueryError, type PipelineDeps } from './plan_context';

export interface CompiledPipeline {
  columns: SchemaColumn[];
  plan: PlanStep[];
  /** The OpenSearch request of the pushed-down prefix. */
  request?: Dsl;
  /** The number of rows, when it can be known without running the pipeline. */
  count(): Promise<number | undefined>;
  /** Runs the pipeline: batches of rows keyed by the output columns. */
  run(): RowStream;
  output?: OutputLookup;
}

export async function compilePipeline(
  deps: PipelineDeps,
  query: Query,
  text: string
): Promise<CompiledPipeline> {
  const ctx = new PlanContext(deps, text);
  const commands = [...query.commands];
  const source: PlannedSource =
    query.source.kind === 'MakeResults'
      ? planMakeResults(ctx, query.source)
      : await planIndexSource(ctx, query.source, commands);
  for (const command of commands) await planCommand(ctx, command);

  const columns = ctx.columns.map((c) => ({ name: c.name, type: c.type }));
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
