/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * One query's budget: its time and its memory, one object per query, made when the request
 * (or job) starts and passed down to every operator, function and OpenSearch request.
 *
 * Time: the server evaluates PPL on the one thread that serves every request, so a query (a
 * costly regex over many rows, a big sort) must neither hold that thread for long nor run past
 * its deadline: operators pause every few milliseconds (`setImmediate`, so pending I/O and other
 * requests run), functions that loop over their input look at the clock as they go
 * (`checkpoint`), and every OpenSearch request gets the time that is left (bounded_client.ts).
 * Past the deadline the query stops, whether it was computing or waiting on OpenSearch; the
 * error says how much of it was computing here.
 *
 * Memory: see memory.ts.
 */
import { throwIfCancelled } from '../writer/cancellation';
import { BadRequestError, LookupError } from '../../lib/errors';
import { MemoryHold, QueryMemory } from './memory';

/** `lookups.query.timeout`'s default: interactive `_query` and `_explain`. */
export const DEFAULT_QUERY_TIMEOUT_MS = 30_000;
export const QUERY_TIMEOUT_SETTING = 'lookups.query.timeout';
/** A query that writes (`_query` ending in outputlookup, a job, a scheduled run). */
export const WRITE_TIMEOUT_SETTING = 'lookups.query.write_timeout';
export const DEFAULT_WRITE_TIMEOUT_MS = 3_600_000;
/** The longest stretch one query computes before the event loop gets a turn. */
export const DEFAULT_SLICE_MS = 20;
/** Rows between two looks at the clock. */
const ROWS_PER_CHECK = 64;
/** Steps of a function's loop (format specifiers, array elements) between two looks at the clock. */
const STEPS_PER_CHECK = 256;

const seconds = (ms: number) => `${Number((ms / 1000).toFixed(3))} s`;

/** The deadline passed while the server computed: the query's cost, a 400. */
export class QueryTimeoutError extends BadRequestError {
  constructor(timeoutMs: number, setting: string, computedMs: number) {
    super(
      `The query ran longer than its time limit of ${seconds(timeoutMs)} (${setting}), ` +
        `${seconds(computedMs)} of it computing in the server, so it was stopped. Narrow it: filter ` +
        'earlier with where (conditions on fields run in OpenSearch), keep fewer rows with head, ' +
        'aggregate with stats, or apply costly functions (formats, regexes, lambdas) after the filters.',
      { reason: 'query_timeout', setting, timeout_ms: timeoutMs }
    );
  }
}

/** The deadline passed while OpenSearch worked on the query's request: a 504. */
export class OpenSearchTimeoutError extends LookupError {
  constructor(timeoutMs: number, setting: string) {
    super(
      504,
      `OpenSearch did not answer within the query's time limit of ${seconds(timeoutMs)} (${setting}). ` +
        'Try again, or narrow the query (a filter on indexed fields, fewer rows).',
      { reason: 'opensearch_timeout', setting, timeout_ms: timeoutMs }
    );
  }
}

export interface BudgetLimits {
  /** Milliseconds the query may run, wall clock (Infinity: no deadline). */
  timeoutMs?: number;
  /** The setting that gave `timeoutMs`, named in the error. */
  timeoutSetting?: string;
  /** The query's memory (unlimited when not given). */
  memory?: QueryMemory;
  /** Stops the query at its next check (a job's cancel; the main thread ending a worker's task). */
  signal?: AbortSignal;
}

export interface BudgetOptions {
  sliceMs?: number;
  /** Milliseconds, for tests; `performance.now` by default. */
  now?: () => number;
}

export class QueryBudget {
  readonly timeoutMs: number;
  readonly timeoutSetting: string;
  readonly memory: QueryMemory;
  private readonly deadline: number;
  private used = 0;
  private last = 0;
  private sliceStart: number;
  private rows = 0;
  private steps = 0;
  private readonly sliceMs: number;
  private readonly now: () => number;
  private readonly signal: AbortSignal | undefined;

  constructor(limits: BudgetLimits = {}, options: BudgetOptions = {}) {
    this.timeoutMs = limits.timeoutMs ?? DEFAULT_QUERY_TIMEOUT_MS;
    this.timeoutSetting = limits.timeoutSetting ?? QUERY_TIMEOUT_SETTING;
    this.memory = limits.memory ?? new QueryMemory(Infinity);
    this.signal = limits.signal;
    this.sliceMs = options.sliceMs ?? DEFAULT_SLICE_MS;
    this.now = options.now ?? (() => performance.now());
    this.sliceStart = this.now();
    this.deadline = this.sliceStart + this.timeoutMs;
  }

  /** Milliseconds of computing charged so far. */
  get usedMs(): number {
    return this.used;
  }

  /** Milliseconds left before the deadline (0 once it passed). */
  remainingMs(): number {
    return Math.max(0, this.deadline - this.now());
  }

  /** Throws once the deadline has passed, or the query was cancelled. */
  checkDeadline(t: number = this.now()): void {
    if (t > this.deadline) throw this.timedOut();
    throwIfCancelled(this.signal);
  }

  timedOut(): QueryTimeoutError {
    return new QueryTimeoutError(this.timeoutMs, this.timeoutSetting, this.used);
  }

  /** For a function's loop: every few steps, throws once the deadline has passed. */
  checkpoint(): void {
    if (++this.steps % STEPS_PER_CHECK === 0) this.checkDeadline();
  }

  /** Starts timing a stretch of synchronous work. */
  begin(): void {
    this.last = this.now();
  }

  /** Charges the work since `begin` (or the last charge); throws once past the deadline. */
  charge(): number {
    const t = this.now();
    this.used += t - this.last;
    this.last = t;
    this.checkDeadline(t);
    return t;
  }

  /** After each row: true when the slice is spent and the caller should `await pause()`. */
  tick(): boolean {
    if (++this.rows % ROWS_PER_CHECK !== 0) {
      return false;
    }
    return this.charge() - this.sliceStart >= this.sliceMs;
  }

  /** Charges the work so far, lets the event loop run, then goes on timing. */
  async pause(): Promise<void> {
    this.charge();
    await new Promise<void>((resolve) => setImmediate(resolve));
    this.sliceStart = this.now();
    this.last = this.sliceStart;
  }

  /** At the end of a batch: charges it, and pauses when the slice is spent. */
  async endBatch(): Promise<void> {
    if (this.charge() - this.sliceStart >= this.sliceMs) {
      await this.pause();
    }
  }

  /** `fn` for each row, timed, pausing whenever the slice is spent. */
  async eachRow<T>(rows: Iterable<T>, fn: (row: T) => void): Promise<void> {
    this.begin();
    for (const row of rows) {
      fn(row);
      if (this.tick()) {
        await this.pause();
      }
    }
    await this.endBatch();
  }

  /** What one command holds, counted against the query's memory (see memory.ts). */
  hold(command: string): MemoryHold {
    return this.memory.hold(command);
  }

  /** At the query's end, whatever the end: its memory goes back to the host's pool. */
  close(): void {
    this.memory.close();
  }
}

/** For callers that set no budget (tests, tools): pauses still happen, nothing ever runs out. */
export const unlimitedBudget = (): QueryBudget => new QueryBudget({ timeoutMs: Infinity });
