/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * PPL run over rows made in memory (`makeresults format=json`), no cluster: the engine's unit
 * tests compile and run queries through these.
 */
import type { OpenSearchClient } from 'opensearch-dashboards/server';
import type { PlanStep } from '../../common/api/codecs';
import { parsePpl } from '../../common/ppl/parser';
import { QueryBudget } from '../../server/services/ppl/budget';
import { QueryMemory } from '../../server/services/ppl/memory';
import { compilePipeline, type CompiledPipeline } from '../../server/services/ppl/pipeline';

export interface InMemoryOptions {
  /** Buffering commands hold at most this many rows (1,000). */
  maxRows?: number;
  /** The query's memory budget (unlimited when not given). */
  memoryBytes?: number;
  /** The query's start, what now() gives. */
  now?: Date;
}

/** A leading `makeresults` giving these rows. */
export const inlineRows = (json: unknown[]) =>
  `makeresults format=json data='${JSON.stringify(json)}'`;

/** Compiles a query with no cluster behind it (a parse error throws its message). */
export async function compileInMemory(
  query: string,
  { maxRows = 1000, memoryBytes, now = new Date() }: InMemoryOptions = {}
): Promise<CompiledPipeline> {
  const parsed = parsePpl(query);
  if (!parsed.ok) throw new Error(parsed.error.message);
  const budget =
    memoryBytes === undefined
      ? undefined
      : new QueryBudget({ memory: new QueryMemory(memoryBytes) });
  return compilePipeline(
    { client: {} as OpenSearchClient, maxRows, pageSize: 100, now, budget },
    parsed.query,
    query
  );
}

/** Runs a query: its column names, its rows as arrays in that order, and its plan. */
export async function runInMemory(
  query: string,
  options: InMemoryOptions = {}
): Promise<{ names: string[]; rows: unknown[][]; plan: PlanStep[] }> {
  const pipeline = await compileInMemory(query, options);
  const names = pipeline.columns.map((c) => c.name);
  const rows: unknown[][] = [];
  for await (const batch of pipeline.run())
    for (const r of batch) rows.push(names.map((n) => r[n]));
  return { names, rows, plan: pipeline.plan };
}
