/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * A query worker: runs PPL queries and explains for the main thread, each with the caller's
 * client bridged to the main thread (bridged_client.ts). A query ending in outputlookup hands
 * its write to the main thread, which holds the lease and the records and publishes; the rows
 * stay here and fill the slice from here when the main thread asks (`fill`). The worker's heap
 * is bounded by its resourceLimits; its accounting (memory.ts) gives the clear message first.
 */
import type { OpenSearchClient } from 'opensearch-dashboards/server';
import type { WriteResponse } from '../../../../common/api/codecs';
import { fillSlice, type FilledSlice } from '../../writer/slice_filler';
import { truncate, type RowSource } from '../../writer/row_source';
import { MemoryPool } from '../memory';
import { QueryService } from '../query_service';
import { bridgedClients } from './bridged_client';
import { Port, Rpc } from './protocol';
import type {
  BetweenRequest,
  CancelNotice,
  FillRequest,
  QueryTask,
  WriteRequest,
} from './task_messages';
import { workerLogger } from './worker_logger';

export interface WorkerSettings {
  /** What this worker's running queries may hold together (lookups.query.max_total_memory_bytes, within the heap). */
  memoryLimitBytes: number;
}

interface Running {
  task: QueryTask;
  client: OpenSearchClient;
  controller: AbortController;
  streams: Map<string, RowSource>;
}

/** A deadline notice: how long the task may run, once its query is parsed. */
export interface DeadlineNotice {
  task: string;
  ms: number;
  setting: string;
}

/**
 * How often, at most, a write's rows so far are told to the main thread. The filler tells them
 * every few hundred rows; each telling is a round trip the worker waits for, which cost a 1,000,000
 * -row write 2,000 of them. What the main thread does with them (a heartbeat every 15 s, a job's
 * progress) needs far less.
 */
export const BETWEEN_EVERY_MS = 100;

/** `between`, called at the first chunk and then at most once per BETWEEN_EVERY_MS. */
export function sparingly(
  between: (rows: number) => Promise<void>,
  now: () => number = Date.now
): (rows: number) => Promise<void> {
  let last: number | undefined;
  return async (rows) => {
    const at = now();
    if (last !== undefined && at - last < BETWEEN_EVERY_MS) return;
    last = at;
    await between(rows);
  };
}

export function serveQueries(port: Port, settings: WorkerSettings): Rpc {
  const running = new Map<string, Running>();
  const rpc = new Rpc(port, (problem) => logger.warn(`query worker: dropped ${problem}`));
  const logger = workerLogger(rpc, ['query-worker']);
  const memory = new MemoryPool(settings.memoryLimitBytes);
  const clientFor = bridgedClients(rpc);
  let nextStream = 1;

  const runTask = async (task: QueryTask) => {
    const { config, ceiling, limits } = task;
    const client = clientFor(task.task);
    const state: Running = { task, client, controller: new AbortController(), streams: new Map() };
    running.set(task.task, state);
    try {
      const service = new QueryService({
        client,
        config,
        ceiling,
        logger,
        memory,
        ...(task.timeout ? { timeout: task.timeout } : {}),
        onTimeout: (limit) => rpc.notify<DeadlineNotice>('deadline', { task: task.task, ...limit }),
        signal: state.controller.signal,
        ...(limits ? { clusterLimits: async () => limits } : {}),
        writeOutput: async (name, source, options) => {
          const stream = `${task.task}:${nextStream++}`;
          state.streams.set(stream, source);
          try {
            const { columns, columnNames, count, metadataColumnsAllowed } = source;
            return await rpc.call<WriteResponse, WriteRequest>('write', {
              task: task.task,
              stream,
              name,
              info: { columns, columnNames, count, metadataColumnsAllowed },
              options,
            });
          } finally {
            state.streams.delete(stream);
          }
        },
      });
      return task.kind === 'run'
        ? await service.run(task.text, task.size)
        : await service.explain(task.text);
    } finally {
      running.delete(task.task);
    }
  };

  const fill = (request: FillRequest): Promise<FilledSlice> => {
    const state = running.get(request.task);
    const source = state?.streams.get(request.stream);
    if (!state || !source) throw new Error(`no rows waiting for ${request.stream}`);
    const { config, ceiling } = state.task;
    return fillSlice(
      { client: state.client, config, ceiling, logger, signal: state.controller.signal },
      {
        index: request.index,
        slice: request.slice,
        keyFields: request.keyFields,
        newVersion: request.newVersion,
        origin: request.origin,
        source: truncate(source, request.max),
        between: sparingly((rows) =>
          rpc.call<void, BetweenRequest>('between', {
            task: request.task,
            stream: request.stream,
            rows,
          })
        ),
      }
    );
  };

  return rpc
    .handle('query', runTask)
    .handle('fill', fill)
    .onNotice('cancel', ({ task }: CancelNotice) => running.get(task)?.controller.abort());
}
