/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * One query's share of the event loop. The server evaluates PPL on the one thread that serves
 * every request, so a query (a costly regex over many rows, a big sort) must neither hold that
 * thread for long nor run without end: operators pause every few milliseconds (`setImmediate`,
 * so pending I/O and other requests run) and stop the query once it has computed for longer than
 * its CPU budget. Only the time spent computing counts, not the time waiting on OpenSearch.
 */
import { BadRequestError } from '../../lib/errors';

/** 30 s of computing per query by default; QueryDeps.cpuBudgetMs overrides it. */
export const DEFAULT_QUERY_CPU_MS = 30_000;
/** The longest stretch one query computes before the event loop gets a turn. */
export const DEFAULT_SLICE_MS = 20;
/** Rows between two looks at the clock. */
const ROWS_PER_CHECK = 64;

export class CpuBudgetExceededError extends BadRequestError {
  constructor(cpuMs: number) {
    super(
      `The query used more than ${cpuMs / 1000} s of server CPU evaluating rows, so it was stopped. ` +
        'Narrow it: filter earlier with where (conditions on fields run in OpenSearch), keep fewer rows ' +
        'with head, aggregate with stats, or apply costly functions (replace, like) after the filters.',
      { cpu_budget_ms: cpuMs }
    );
  }
}

export interface BudgetOptions {
  sliceMs?: number;
  /** Milliseconds, for tests; `performance.now` by default. */
  now?: () => number;
}

export class QueryBudget {
  private used = 0;
  private last = 0;
  private sliceStart: number;
  private rows = 0;
  private readonly sliceMs: number;
  private readonly now: () => number;

  constructor(
    readonly cpuMs: number = DEFAULT_QUERY_CPU_MS,
    options: BudgetOptions = {}
  ) {
    this.sliceMs = options.sliceMs ?? DEFAULT_SLICE_MS;
    this.now = options.now ?? (() => performance.now());
    this.sliceStart = this.now();
  }

  /** Milliseconds of computing charged so far. */
  get usedMs(): number {
    return this.used;
  }

  /** Starts timing a stretch of synchronous work. */
  begin(): void {
    this.last = this.now();
  }

  /** Charges the work since `begin` (or the last charge); throws once over the budget. */
  charge(): number {
    const t = this.now();
    this.used += t - this.last;
    this.last = t;
    if (this.used > this.cpuMs) {
      throw new CpuBudgetExceededError(this.cpuMs);
    }
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
}

/** For callers that set no budget (tests, tools): pauses still happen, the budget never ends. */
export const unlimitedBudget = (): QueryBudget => new QueryBudget(Infinity);
