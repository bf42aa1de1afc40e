/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * The pool of query workers. Each query runs in a worker process with a hard heap limit and an
 * event loop of its own, so no query can fill the server's heap or hold its event loop. A
 * process, not a worker thread: a `--max-old-space-size` in the server's own flags (OSD's
 * `config/node.options`) is process-wide in V8 and overrides a worker thread's
 * `resourceLimits`, so a thread's heap limit would not hold where it matters. The
 * main thread keeps what must stay here: the caller's scoped client (it sends every OpenSearch
 * request the worker asks for: opensearch_relay.ts), the lookup's lease, the write's records and
 * publish. It also keeps the hard limits: past its deadline (plus a grace for the worker's own,
 * clearer error), a query is cancelled, and its worker ended if it does not stop; a worker over
 * its heap ends with its queries answered (pool_errors.ts) and is replaced. In front of the
 * workers, a bounded queue.
 */
import { randomUUID } from 'crypto';
import { type ChildProcess, fork } from 'child_process';
import { existsSync } from 'fs';
import { join } from 'path';
import type { Logger, OpenSearchClient } from 'opensearch-dashboards/server';
import type { WriteOptions, WriteResponse } from '../../../../common/api/codecs';
import { WriteCancelledError } from '../../writer/cancellation';
import type { FilledSlice, RemoteRowSource } from '../../writer/slice_filler';
import { QueryTimeoutError } from '../budget';
import { queryTimeout } from '../query_service';
import { relay, type RelayRequest } from './opensearch_relay';
import {
  QueryPoolBusyError,
  QueryWorkerMemoryError,
  QueryWorkerRestartedError,
} from './pool_errors';
import { Rpc } from './protocol';
import { WORKER_SETTINGS_ENV } from './worker_env';
import type { DeadlineNotice, WorkerSettings } from './query_worker';
import type { BetweenRequest, QueryTask, WriteRequest } from './task_messages';
import { type LogNotice, writeLog } from './worker_logger';

/** How a worker is started: its script, and the Node flags that load it. */
export interface WorkerScript {
  filename: string;
  execArgv?: string[];
}

export function defaultWorkerScript(): WorkerScript {
  const compiled = join(__dirname, 'worker_main.js');
  if (existsSync(compiled)) return { filename: compiled };
  // Run from the TypeScript sources (tests, tools): tsx compiles the worker as it loads.
  return {
    filename: join(__dirname, 'worker_main.ts'),
    execArgv: ['--require', require.resolve('tsx/cjs')],
  };
}

const isHeapFlag = (flag: string) => /^--(max|initial)[-_]old[-_]space[-_]size(=|$)/.test(flag);

/**
 * The server's Node flags for a worker, but its heap's, which are the worker's own: its hard
 * limit, and the old generation's size below which V8 skips full collections. Without the
 * latter, V8 sizes its collections for a small heap (growing it by ~1.4 rather than ~4 after
 * each), and a worker spent a quarter more CPU on the same query than the server's own thread
 * (measured with the medium query of bench/isolation_bench.ts); the hard limit is unchanged.
 */
function workerFlags(flags: string[], maxHeapMb: number): string[] {
  return [
    ...flags.filter((flag) => !isHeapFlag(flag)),
    `--max-old-space-size=${maxHeapMb}`,
    `--initial-old-space-size=${Math.floor(maxHeapMb / 4)}`,
  ];
}

function workerEnv(settings: WorkerSettings): NodeJS.ProcessEnv {
  const nodeOptions = (process.env.NODE_OPTIONS ?? '')
    .split(/\s+/)
    .filter((flag) => flag !== '' && !isHeapFlag(flag))
    .join(' ');
  return {
    ...process.env,
    NODE_OPTIONS: nodeOptions,
    [WORKER_SETTINGS_ENV]: JSON.stringify(settings),
  };
}

export interface PoolOptions {
  workers: number;
  maxHeapMb: number;
  /** Queries one worker runs at once. */
  perWorker: number;
  maxQueued: number;
  /** What one worker's queries may hold together, by their own accounting. */
  memoryLimitBytes: number;
  logger: Logger;
  script?: WorkerScript;
  /** After a deadline or cancel: how long the worker's own stop is awaited, twice over. */
  graceMs?: number;
}

/** What the main thread holds for one query. */
export interface TaskContext {
  /** The caller's scoped client: every request the query makes is sent with it. */
  client: OpenSearchClient;
  /** Writes the query's result (under the lookup's lease, with its records), rows from the worker. */
  write(name: string, source: RemoteRowSource, options: WriteOptions): Promise<WriteResponse>;
  /** A job's cancel. */
  signal?: AbortSignal;
}

export type TaskInput = Omit<QueryTask, 'task'>;

interface Abortable {
  abort(): unknown;
}

interface Slot {
  worker: ChildProcess;
  rpc: Rpc;
  tasks: Set<TaskState>;
  /** Places taken, counted when given out (a task joins `tasks` a moment later). */
  taken: number;
  outOfMemory: boolean;
  /** Why the pool ended it, when it did. */
  endedBy?: string;
}

interface TaskState {
  id: string;
  slot: Slot;
  context: TaskContext;
  inFlight: Map<string, Abortable>;
  writes: Set<Promise<unknown>>;
  betweens: Map<string, (rows: number) => Promise<void>>;
  /** A write runs on this thread; `filling` of its calls have rows moving in the worker. */
  writing: number;
  filling: number;
  /** The answer the pool chose (a deadline, a dead worker), over whatever the worker says. */
  forced?: Error;
  deadline?: NodeJS.Timeout;
  kill?: NodeJS.Timeout;
  done: boolean;
}

interface Waiter {
  resolve: (slot: Slot) => void;
  reject: (error: Error) => void;
}

const DEFAULT_GRACE_MS = 500;

export class QueryPool {
  private readonly slots = new Set<Slot>();
  private readonly tasks = new Map<string, TaskState>();
  private readonly queue: Waiter[] = [];
  private readonly script: WorkerScript;
  private readonly graceMs: number;
  private closed = false;

  constructor(private readonly options: PoolOptions) {
    this.script = options.script ?? defaultWorkerScript();
    this.graceMs = options.graceMs ?? DEFAULT_GRACE_MS;
  }

  /** Largest OpenSearch answer one request of a worker may bring in (a quarter of its heap). */
  private get relayMaxBytes(): number {
    return Math.floor((this.options.maxHeapMb * 1024 * 1024) / 4);
  }

  get running(): number {
    return this.tasks.size;
  }

  get queued(): number {
    return this.queue.length;
  }

  get workers(): number {
    return this.slots.size;
  }

  /** Starts the workers before the first query needs them (a worker loads the engine once). */
  warm(): void {
    while (!this.closed && this.slots.size < this.options.workers) this.spawn();
  }

  /** Runs `input` in a worker; its result, or its error as the pool decided it. */
  async submit<T>(input: TaskInput, context: TaskContext): Promise<T> {
    const slot = await this.place(context.signal);
    return (await this.runOn(slot, input, context)) as T;
  }

  /** Ends every worker (the plugin stops); waiting queries are refused. */
  async close(): Promise<void> {
    this.closed = true;
    for (const waiter of this.queue.splice(0)) {
      waiter.reject(new QueryWorkerRestartedError('the server is stopping'));
    }
    await Promise.all(
      [...this.slots].map(
        (slot) =>
          new Promise<void>((resolve) => {
            if (slot.worker.exitCode !== null || slot.worker.signalCode !== null) return resolve();
            slot.worker.once('exit', () => resolve());
            this.end(slot, 'the server is stopping');
          })
      )
    );
  }

  private place(signal: AbortSignal | undefined): Promise<Slot> {
    if (this.closed) return Promise.reject(new QueryWorkerRestartedError('the server is stopping'));
    const slot = this.freeSlot();
    if (slot) {
      slot.taken++;
      return Promise.resolve(slot);
    }
    if (this.queue.length >= this.options.maxQueued) {
      return Promise.reject(new QueryPoolBusyError(this.options.maxQueued));
    }
    return new Promise<Slot>((resolve, reject) => {
      const waiter: Waiter = { resolve, reject };
      this.queue.push(waiter);
      signal?.addEventListener(
        'abort',
        () => {
          const at = this.queue.indexOf(waiter);
          if (at >= 0) {
            this.queue.splice(at, 1);
            reject(new WriteCancelledError());
          }
        },
        { once: true }
      );
    });
  }

  /** An idle worker; else a new one while there may be more; else the least busy with room. */
  private freeSlot(): Slot | undefined {
    const live = [...this.slots].filter((s) => s.endedBy === undefined && !s.outOfMemory);
    const idle = live.find((s) => s.taken === 0);
    if (idle) return idle;
    if (live.length < this.options.workers) return this.spawn();
    const roomy = live.filter((s) => s.taken < this.options.perWorker);
    roomy.sort((a, b) => a.taken - b.taken);
    return roomy[0];
  }

  private dispatch(): void {
    while (this.queue.length > 0 && !this.closed) {
      const slot = this.freeSlot();
      if (!slot) return;
      slot.taken++;
      this.queue.shift()!.resolve(slot);
    }
  }

  private spawn(): Slot {
    const settings: WorkerSettings = { memoryLimitBytes: this.options.memoryLimitBytes };
    const worker = fork(this.script.filename, [], {
      execArgv: workerFlags(
        [...process.execArgv, ...(this.script.execArgv ?? [])],
        this.options.maxHeapMb
      ),
      env: workerEnv(settings),
      // Structured clone, as between threads: bigints and buffers cross as they are.
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    // The server's exit is not held up by an idle worker (it ends with its parent: worker_main.ts).
    worker.unref();
    worker.channel?.unref();
    const slot: Slot = {
      worker,
      rpc: new Rpc(
        {
          postMessage: (message) => {
            if (worker.connected) worker.send(message as never);
          },
          on: (_event, listener) => worker.on('message', listener),
        },
        (problem) => this.options.logger.warn(`query pool: a worker sent ${problem}`)
      ),
      tasks: new Set(),
      taken: 0,
      outOfMemory: false,
    };
    this.slots.add(slot);
    this.serve(slot);
    worker.on('error', (error: Error) =>
      this.options.logger.error(`query pool: a worker failed: ${error.stack ?? error.message}`)
    );
    worker.on('exit', (code, signal) => {
      // V8 ends a process over its heap with an abort.
      if (slot.endedBy === undefined && (signal === 'SIGABRT' || code === 134)) {
        slot.outOfMemory = true;
      }
      this.ended(slot);
    });
    return slot;
  }

  /** A worker with queries keeps the process up until they answer; an idle one does not. */
  private holdOpen(slot: Slot): void {
    if (slot.tasks.size > 0) {
      slot.worker.ref();
      slot.worker.channel?.ref();
    } else {
      slot.worker.unref();
      slot.worker.channel?.unref();
    }
  }

  private end(slot: Slot, why: string): void {
    slot.endedBy ??= why;
    slot.worker.kill('SIGKILL');
  }

  /** A worker is gone: its queries end as the pool decides, and a new worker takes its place. */
  private ended(slot: Slot): void {
    this.slots.delete(slot);
    const alone = slot.tasks.size === 1;
    const cause = slot.outOfMemory
      ? 'it ran out of memory'
      : (slot.endedBy ?? 'it stopped unexpectedly');
    if (slot.outOfMemory) {
      this.options.logger.warn(
        `query pool: a worker went over its heap (${this.options.maxHeapMb} MiB) with ${slot.tasks.size} queries; it is replaced`
      );
    }
    for (const state of slot.tasks) {
      state.forced ??=
        slot.outOfMemory && alone
          ? new QueryWorkerMemoryError(this.options.maxHeapMb)
          : new QueryWorkerRestartedError(cause);
    }
    // Calls still waiting on it (a write's fill) fail as their query does, so a write's record
    // says why.
    const only = alone ? [...slot.tasks][0].forced : undefined;
    slot.rpc.failAll(only ?? new QueryWorkerRestartedError(cause));
    this.dispatch();
  }

  private async runOn(slot: Slot, input: TaskInput, context: TaskContext): Promise<unknown> {
    const state: TaskState = {
      id: randomUUID(),
      slot,
      context,
      inFlight: new Map(),
      writes: new Set(),
      betweens: new Map(),
      writing: 0,
      filling: 0,
      done: false,
    };
    this.tasks.set(state.id, state);
    slot.tasks.add(state);
    this.holdOpen(slot);
    // Until the worker has parsed the query, the longer of the two limits.
    const read = queryTimeout(input.config, false);
    const write = queryTimeout(input.config, true);
    const limit = input.timeout ?? (write.ms >= read.ms ? write : read);
    this.arm(state, limit.ms, limit.setting);
    const onCancel = () => this.stop(state, new WriteCancelledError());
    context.signal?.addEventListener('abort', onCancel, { once: true });
    let outcome: { ok: true; value: unknown } | { ok: false; error: unknown };
    try {
      outcome = {
        ok: true,
        value: await slot.rpc.call<unknown, QueryTask>('query', { ...input, task: state.id }),
      };
    } catch (error) {
      outcome = { ok: false, error };
    }
    state.done = true;
    clearTimeout(state.deadline);
    clearTimeout(state.kill);
    context.signal?.removeEventListener('abort', onCancel);
    for (const request of state.inFlight.values()) request.abort();
    // A write's own end (its record settled, its lease given back) comes before the answer.
    await Promise.allSettled([...state.writes]);
    this.tasks.delete(state.id);
    slot.tasks.delete(state);
    this.holdOpen(slot);
    slot.taken--;
    this.dispatch();
    if (state.forced) throw state.forced;
    if (!outcome.ok) throw outcome.error;
    return outcome.value;
  }

  /** The hard deadline: the worker's own comes first; this one, a grace later, is certain. */
  private arm(state: TaskState, ms: number, setting: string): void {
    clearTimeout(state.deadline);
    state.deadline = setTimeout(
      () => this.stop(state, new QueryTimeoutError(ms, setting, ms)),
      ms + this.graceMs
    );
    state.deadline.unref?.();
  }

  /**
   * Asks the worker to stop the query; ends the worker if it has not within the grace. A write
   * publishing on this thread is left to end (it is bounded, and publishing runs to its end).
   */
  private stop(state: TaskState, error: Error): void {
    if (state.done) return;
    state.slot.rpc.notify('cancel', { task: state.id });
    if (state.writing > 0 && state.filling === 0) return;
    clearTimeout(state.kill);
    state.kill = setTimeout(() => {
      if (state.done) return;
      state.forced ??= error;
      this.end(state.slot, 'another query on it would not stop');
    }, this.graceMs * 2);
    state.kill.unref?.();
    if (error instanceof QueryTimeoutError) state.forced ??= error;
  }

  private taskOf(slot: Slot, id: string): TaskState {
    const state = this.tasks.get(id);
    // A worker acts only for its own queries, with their own clients.
    if (!state || state.slot !== slot || state.done) throw new Error(`no running query ${id}`);
    return state;
  }

  private serve(slot: Slot): void {
    slot.rpc
      .handle('opensearch', (request: RelayRequest) => {
        const state = this.taskOf(slot, request.task);
        return relay(state.context.client, request, this.relayMaxBytes, state.inFlight);
      })
      .handle('write', (request: WriteRequest) => this.write(slot, request))
      .handle('between', (request: BetweenRequest) => {
        const between = this.taskOf(slot, request.task).betweens.get(request.stream);
        if (!between) throw new Error(`no write for ${request.stream}`);
        return between(request.rows);
      })
      .onNotice('opensearch-abort', ({ id }: { id: string }) => {
        const task = this.tasks.get(String(id).slice(0, String(id).lastIndexOf(':')));
        if (task?.slot === slot) task.inFlight.get(id)?.abort();
      })
      .onNotice('deadline', (notice: DeadlineNotice) => {
        const state = this.tasks.get(notice.task);
        if (state?.slot === slot && !state.done) this.arm(state, notice.ms, notice.setting);
      })
      .onNotice('log', (notice: LogNotice) => writeLog(this.options.logger, notice));
  }

  private write(slot: Slot, request: WriteRequest): Promise<WriteResponse> {
    const state = this.taskOf(slot, request.task);
    const source: RemoteRowSource = {
      ...request.info,
      fill: async (fill): Promise<FilledSlice> => {
        const { between, ...where } = fill;
        state.filling++;
        state.betweens.set(request.stream, between);
        try {
          return await slot.rpc.call<FilledSlice>('fill', {
            ...where,
            task: state.id,
            stream: request.stream,
          });
        } finally {
          state.filling--;
          state.betweens.delete(request.stream);
        }
      },
    };
    state.writing++;
    const written = state.context.write(request.name, source, request.options);
    state.writes.add(written);
    return written.finally(() => {
      state.writing--;
      state.writes.delete(written);
    });
  }
}
