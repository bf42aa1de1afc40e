/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * PPL over HTTP: a plain pipeline answers its first rows in the `_plugins/_ppl` shape; a
 * pipeline ending in `outputlookup` streams its whole result into the writer. `explain` says
 * what would run where, and what a write would do, without writing.
 */
import type { Logger, OpenSearchClient } from 'opensearch-dashboards/server';
import type {
  ExplainResponse,
  QueryResponse,
  WriteAction,
  WriteOptions,
  WriteResponse,
} from '../../../common/api/codecs';
import { parseOrRefuse } from './parse_query';
import type { OutputLookup, Query } from '../../../common/ppl/ast';
import {
  checkValueDepth,
  MAX_VALUE_DEPTH,
  PplEvaluationError,
  PplTypeError,
  PplValueTooDeepError,
} from './errors';
import type { PplValue } from '../../../common/ppl/types';
import { isRefusal, planWrite } from '../../../common/substrate/target_state';
import type { LookupsConfig } from '../../config';
import { BadRequestError } from '../../lib/errors';
import { Ceiling, CeilingExceededError } from '../ceiling';
import { probeTarget } from '../target_probe';
import { writeLookup, type WriteProgressListener, type WriterDeps } from '../writer/lookup_writer';
import type { RowSource } from '../writer/row_source';
import type { RemoteRowSource } from '../writer/slice_filler';
import type { Lease } from '../plugin_index/leases';
import type { WriteRecordStore } from '../plugin_index/write_records';
import {
  DEFAULT_QUERY_TIMEOUT_MS,
  DEFAULT_WRITE_TIMEOUT_MS,
  QUERY_TIMEOUT_SETTING,
  QueryBudget,
  WRITE_TIMEOUT_SETTING,
} from './budget';
import { boundedClient } from './bounded_client';
import {
  DEFAULT_QUERY_MEMORY_BYTES,
  MemoryHold,
  MemoryPool,
  QueryMemory,
  rowBytes,
} from './memory';
import { compilePipeline, CompiledPipeline, QueryError } from './pipeline';
import type { Row, RowStream } from './operators';
import type { ClusterLimits } from './request_bounds';

export const DEFAULT_QUERY_SIZE = 1000;

export interface QueryDeps {
  client: OpenSearchClient;
  config: LookupsConfig;
  ceiling: Ceiling;
  logger: Logger;
  records?: WriteRecordStore;
  user?: string | null;
  /**
   * How long the query may run and the setting that says so; unless given,
   * `lookups.query.timeout` for a read or an explain, `lookups.query.write_timeout` for a write.
   */
  timeout?: { ms: number; setting: string };
  /** What every running query and job of this server may hold together (none: no such bound). */
  memory?: MemoryPool;
  /** The cluster's limits on one request, asked once per query (none: the documented defaults). */
  clusterLimits?: () => Promise<ClusterLimits>;
  /**
   * Runs a write holding the target lookup's lease (one operation per lookup at a time), with
   * the caller's name for the write record.
   */
  /** Cancels a write at its next batch (a job's cancel, or the client going away). */
  signal?: AbortSignal;
  /** Told how a write progresses (jobs show it). */
  progress?: WriteProgressListener;
  /** Asked before a new version is published (a schedule's publish guards). */
  beforePublish?: WriterDeps['beforePublish'];
  underLease?: <T>(
    name: string,
    work: (held: { lease: Lease; user: string | null }) => Promise<T>
  ) => Promise<T>;
  /**
   * Writes a result where the lookup's lease, records and publish live. Unless given, here
   * (`underLease` + the writer); a query's worker thread hands it to the main thread
   * (isolation/worker_main.ts), which lets the rows fill the slice from the worker.
   */
  writeOutput?: (name: string, source: RowSource, options: WriteOptions) => Promise<WriteResponse>;
  /** Told the query's time limit once it is parsed (the query pool holds the hard deadline). */
  onTimeout?: (limit: { ms: number; setting: string }) => void;
}

/**
 * A bigint that a number holds exactly becomes that number; one beyond 2^53 stays a bigint, which
 * the answer writes as a JSON number with all its digits (../../routes/json_body).
 */
function jsonValue(value: PplValue): unknown {
  if (typeof value === 'bigint') return Number.isSafeInteger(Number(value)) ? Number(value) : value;
  if (Array.isArray(value)) return value.map(jsonValue);
  return value;
}

/**
 * An evaluation error is the query's fault: a 400 at the expression it names. Anything else
 * passes unchanged (a 500 stays a 500).
 */
function userError(error: unknown, text: string): unknown {
  if (error instanceof PplEvaluationError || error instanceof PplTypeError) {
    return new QueryError(error.message, text, error.span);
  }
  if (error instanceof PplValueTooDeepError) {
    return new BadRequestError(error.message, {
      ...(error.field === undefined ? {} : { field: error.field }),
      max_depth: MAX_VALUE_DEPTH,
    });
  }
  return error;
}

/**
 * The rows handed to the writer, held in `hold` for as long as it may keep them: a bulk batch
 * filling, and `bulk_max_in_flight` more in flight (../writer/bulk_loader.ts).
 */
async function* heldByWriter(
  batches: AsyncIterable<Array<Record<string, unknown>>>,
  hold: MemoryHold,
  writerRows: number
): AsyncGenerator<Array<Record<string, unknown>>> {
  const kept: Array<{ rows: number; bytes: number }> = [];
  let rows = 0;
  try {
    for await (const batch of batches) {
      let bytes = 0;
      for (const row of batch) bytes += rowBytes(row);
      hold.add(bytes);
      kept.push({ rows: batch.length, bytes });
      rows += batch.length;
      while (kept.length > 1 && rows - kept[0].rows >= writerRows) {
        const gone = kept.shift()!;
        rows -= gone.rows;
        hold.release(gone.bytes);
      }
      yield batch;
    }
  } finally {
    hold.clear();
  }
}

async function* jsonRows(
  stream: RowStream,
  text: string
): AsyncGenerator<Array<Record<string, unknown>>> {
  try {
    for await (const batch of stream) {
      yield batch.map((row: Row) => {
        const out: Record<string, unknown> = {};
        for (const [k, v] of Object.entries(row)) {
          // The answer is JSON-encoded by recursion: nesting is bounded first.
          checkValueDepth(v, k);
          out[k] = jsonValue(v);
        }
        return out;
      });
    }
  } catch (error) {
    throw userError(error, text);
  }
}

/**
 * How long a query may run, and the setting that says so: a write is long work by nature (the
 * route lets it outlast OSD's socket timeout), so it has its own limit.
 */
export function queryTimeout(
  config: LookupsConfig,
  writes: boolean
): { ms: number; setting: string } {
  return writes
    ? {
        ms: config.query?.write_timeout ?? DEFAULT_WRITE_TIMEOUT_MS,
        setting: WRITE_TIMEOUT_SETTING,
      }
    : { ms: config.query?.timeout ?? DEFAULT_QUERY_TIMEOUT_MS, setting: QUERY_TIMEOUT_SETTING };
}

/**
 * A query's result written into `name`, holding the lookup's lease when the caller runs it
 * under one, with the query named in the write's record.
 */
export function writeQueryResult(
  deps: QueryDeps,
  text: string,
  name: string,
  source: RowSource | RemoteRowSource,
  options: WriteOptions
): Promise<WriteResponse> {
  const write = (held?: { lease: Lease; user: string | null }) =>
    writeLookup({ ...deps, query: text, ...held }, name, source, options);
  return deps.underLease ? deps.underLease(name, write) : write();
}

export class QueryService {
  constructor(private readonly deps: QueryDeps) {}

  /**
   * One query's time and memory, from the request (or job) that runs it to its end. A write is
   * long work by nature (the route lets it outlast OSD's socket timeout): it has its own limit.
   */
  private budget(writes: boolean): QueryBudget {
    const { config, memory } = this.deps;
    const memoryBytes = config.query?.max_memory_bytes ?? DEFAULT_QUERY_MEMORY_BYTES;
    const limit = this.deps.timeout ?? queryTimeout(config, writes);
    this.deps.onTimeout?.(limit);
    return new QueryBudget({
      timeoutMs: limit.ms,
      timeoutSetting: limit.setting,
      memory: new QueryMemory(memoryBytes, memory),
      ...(this.deps.signal ? { signal: this.deps.signal } : {}),
    });
  }

  /** `work` over the parsed query with a fresh budget, given back whatever the end. */
  private async bounded<T>(
    text: string,
    writes: (query: Query) => boolean,
    work: (query: Query, budget: QueryBudget) => Promise<T>
  ): Promise<T> {
    const query = parseOrRefuse(text);
    const budget = this.budget(writes(query));
    try {
      return await work(query, budget);
    } finally {
      budget.close();
    }
  }

  private async compile(
    query: Query,
    text: string,
    budget: QueryBudget,
    planOnly = false
  ): Promise<CompiledPipeline> {
    try {
      const limits = await this.deps.clusterLimits?.();
      return await compilePipeline(
        {
          client: boundedClient(this.deps.client, budget),
          maxRows: this.deps.ceiling.maxRows,
          pageSize: Math.min(this.deps.config.bulk_batch_size, 10_000),
          now: new Date(),
          budget,
          ...(limits ? { limits } : {}),
          ...(planOnly ? { planOnly } : {}),
        },
        query,
        text
      );
    } catch (error) {
      throw userError(error, text);
    }
  }

  run(text: string, size = DEFAULT_QUERY_SIZE): Promise<QueryResponse> {
    return this.bounded(
      text,
      (query) => query.output !== undefined,
      async (query, budget) => {
        const pipeline = await this.compile(query, text, budget);
        if (pipeline.output) return this.write(text, pipeline, pipeline.output, budget);

        const names = pipeline.columns.map((c) => c.name);
        const datarows: unknown[][] = [];
        // The answer is held until it is sent.
        const answer = budget.hold('the answer');
        let truncated = false;
        for await (const batch of jsonRows(pipeline.run(), text)) {
          for (const row of batch) {
            if (datarows.length === size) {
              truncated = true;
              break;
            }
            answer.addRow(row);
            datarows.push(names.map((n) => row[n] ?? null));
          }
          if (truncated) break;
        }
        return {
          schema: pipeline.columns,
          datarows,
          total: truncated ? await this.totalOfCut(pipeline, datarows.length) : datarows.length,
          size: datarows.length,
          ...(truncated ? { truncated: true } : {}),
        };
      }
    );
  }

  /**
   * The true total of a cut answer where OpenSearch can count it (a pushed-down prefix whose
   * count no later command changes); else the rows shown, which the browser reads as "more
   * than". A count that fails costs the total, never the answer.
   */
  private async totalOfCut(pipeline: CompiledPipeline, shown: number): Promise<number> {
    try {
      const counted = await pipeline.count();
      return counted !== undefined && counted > shown ? counted : shown;
    } catch (error) {
      this.deps.logger.warn(`query: could not count a cut result: ${(error as Error).message}`);
      return shown;
    }
  }

  private async write(
    text: string,
    pipeline: CompiledPipeline,
    output: OutputLookup,
    budget: QueryBudget
  ): Promise<QueryResponse> {
    let count = await pipeline.count();
    // An append is visible row by row, so its size must be known before anything is written:
    // where OpenSearch cannot count it, the pipeline runs once to count (bounded by the ceiling).
    if (count === undefined && output.append)
      count = await this.countRows(pipeline, output.max, text);

    const source: RowSource = {
      columns: pipeline.columns,
      columnNames: pipeline.columns.map((c) => c.name),
      metadataColumnsAllowed: true,
      count,
      batches: () =>
        heldByWriter(
          jsonRows(pipeline.run(), text),
          budget.hold(`outputlookup ${output.name}`),
          this.deps.config.bulk_batch_size * (this.deps.config.bulk_max_in_flight + 1)
        ),
    };
    const options: WriteOptions = {
      append: output.append,
      override_if_empty: output.overrideIfEmpty,
      ...(output.keyFields.length > 0 ? { key_field: output.keyFields.map((f) => f.name) } : {}),
      ...(output.max !== undefined ? { max: output.max } : {}),
    };
    const { writeOutput } = this.deps;
    const result = writeOutput
      ? await writeOutput(output.name, source, options)
      : await writeQueryResult(this.deps, text, output.name, source, options);
    return {
      schema: [{ name: 'rows_written', type: 'long' }],
      datarows: [[result.rows_written]],
      total: 1,
      size: 1,
      lookup: { name: output.name, slice: result.slice, action: result.action },
    };
  }

  private async countRows(
    pipeline: CompiledPipeline,
    max: number | undefined,
    text: string
  ): Promise<number> {
    const limit = max ?? this.deps.ceiling.maxRows;
    let n = 0;
    for await (const batch of jsonRows(pipeline.run(), text)) {
      n += batch.length;
      if (n > limit) {
        if (max !== undefined) return max;
        throw new CeilingExceededError('more', this.deps.ceiling);
      }
    }
    return n;
  }

  explain(text: string): Promise<ExplainResponse> {
    // An explain writes nothing: it is bounded as a read.
    return this.bounded(
      text,
      () => false,
      (query, budget) => this.explainWithin(query, text, budget)
    );
  }

  private async explainWithin(
    query: Query,
    text: string,
    budget: QueryBudget
  ): Promise<ExplainResponse> {
    const pipeline = await this.compile(query, text, budget, true);
    const response: ExplainResponse = { plan: pipeline.plan, request: pipeline.request };
    const count = await pipeline.count();
    const output = pipeline.output;
    if (count !== undefined)
      response.rows = output?.max !== undefined ? Math.min(count, output.max) : count;
    if (output) {
      const state = await probeTarget(boundedClient(this.deps.client, budget), output.name);
      const plan = planWrite(state, { append: output.append });
      const keyed = output.keyFields.length > 0;
      const action: WriteAction | 'refused' = isRefusal(plan)
        ? 'refused'
        : plan.action === 'create'
          ? 'created'
          : plan.action === 'overwrite'
            ? 'overwritten'
            : plan.action === 'migrate'
              ? 'migrated'
              : keyed
                ? 'upserted'
                : 'appended';
      response.output = {
        name: output.name,
        target_kind: state.kind,
        action,
        ...(isRefusal(plan) ? { message: plan.refuse.message } : {}),
      };
      if (response.rows !== undefined && response.rows > this.deps.ceiling.maxRows) {
        response.output.message = new CeilingExceededError(
          response.rows,
          this.deps.ceiling
        ).message;
      }
      response.plan = [
        ...response.plan,
        {
          command: `outputlookup ${output.name}`,
          mode: 'streams',
          detail: `rows flow in batches into the writer (${action})`,
        },
      ];
    }
    return response;
  }
}
