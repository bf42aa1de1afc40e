/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Durable write jobs (shared/design/operations.md). A job takes its lookup's lease when it is
 * accepted and holds it until it ends, so a second job on the same lookup is a 409 naming the
 * first; at most `jobs.max_concurrent` run at once on a host, the rest wait in order. It runs as
 * the user who sent it (their client, captured with the request) and is persisted before any
 * heavy work and at every state change. Cancel is cooperative: the writer stops at the next
 * batch; once publishing has begun (one atomic alias request) it is refused.
 */
import { randomUUID } from 'crypto';
import type { Logger, OpenSearchClient } from 'opensearch-dashboards/server';
import { FINAL_JOB_STATES, Job, JobsQuery } from '../../../common/api/jobs';
import { parseWriteQuery } from '../ppl/parse_query';
import { validateLookupName } from '../../../common/substrate/names';
import type { LookupsConfig } from '../../config';
import { BadRequestError, ConflictError, LookupError, NotFoundError } from '../../lib/errors';
import type { Ceiling } from '../ceiling';
import type { QueryPool } from '../ppl/isolation/query_pool';
import type { ClusterLimits } from '../ppl/request_bounds';
import type { LeaseStore } from '../plugin_index/leases';
import type { WriteRecordStore } from '../plugin_index/write_records';
import type { PreparedImport } from '../import/import_service';
import { acquireAsCaller } from '../lookup_lease';
import { assertMayAct } from '../permissions/permission_probe';
import { restoreAbandonedBuildSettings } from '../writer/build_settings';
import { WriteCancelledError } from '../writer/cancellation';
import type { PublishCandidate, WriteProgress } from '../writer/lookup_writer';
import { isUnexpectedJobError, jobErrorMessage } from './job_errors';
import type { JobStore, StoredJob } from './job_store';
import { importWork, queryWork, type JobRunDeps, type JobWork } from './job_work';
import { backingIndexName } from '../../../common/substrate/names';

/** How often a running job says it is alive (and looks for a cancel from another host). */
export const JOB_HEARTBEAT_MS = 2000;

export const JOBS_MAX_QUEUED_SETTING = 'lookups.jobs.max_queued';

/**
 * A place on this host held for a job being accepted, taken synchronously when the request
 * comes in (before any await), so concurrent submits cannot all pass the queue check. It is
 * either given back (the job was refused) or taken up by the accepted job; both at most once.
 */
interface QueuePlace {
  release(): void;
  /** The job was accepted: the place becomes its running slot or its place in the queue. */
  admit(start: () => void): void;
}

export interface JobServiceDeps {
  store: JobStore;
  leases: LeaseStore;
  records: WriteRecordStore;
  config: LookupsConfig;
  logger: Logger;
  hostId: string;
  /** The workers job pipelines run in (one pool per process). */
  queries: QueryPool;
}

/** What a job needs of the request that sends it: the caller's client, name and ceiling. */
export interface JobCaller {
  client: OpenSearchClient;
  user(): Promise<string | null>;
  ceiling(): Promise<Ceiling>;
  /** The cluster's limits on one request (none: OpenSearch's documented defaults). */
  clusterLimits?(): Promise<ClusterLimits>;
}

/** What a scheduled run adds to a job. */
export interface SubmitOptions {
  schedule_id?: string;
  trigger?: 'schedule' | 'manual';
  /** Asked before the new version is published; answers the replaced version's row count. */
  beforePublish?: (candidate: PublishCandidate) => Promise<{ previousRows: number | null }>;
  /** Told once the job has ended, whatever the end. */
  onEnd?: (job: Job) => void | Promise<void>;
}

interface Running {
  controller: AbortController;
  job: StoredJob;
  onEnd?: SubmitOptions['onEnd'];
}

const toApi = ({
  host: _host,
  cancel_requested: _cancel,
  heartbeat_at: _beat,
  ...job
}: StoredJob): Job => job;

export class JobService {
  private readonly running = new Map<string, Running>();
  private readonly waiting: Array<() => void> = [];
  private active = 0;
  /** Places held by submits between their queue check and their admission (or refusal). */
  private reserved = 0;

  constructor(private readonly deps: JobServiceDeps) {}

  /** Accepts a PPL write (a query ending in outputlookup) as a job. */
  async submit(ctx: JobCaller, query: string, options: SubmitOptions = {}): Promise<Job> {
    const { output } = parseWriteQuery(query, {
      message:
        'A job writes a lookup: end the query with outputlookup <name>. To read rows, use _query.',
      attributes: { option: 'query' },
    });
    const place = this.reservePlace();
    try {
      return await this.accept(ctx, queryWork(output.name, query, this.deps), options, place);
    } finally {
      place.release();
    }
  }

  /**
   * Accepts an import: the file is checked and spooled by `prepare` while the request is open,
   * and only when the queue has room (a full queue refuses before the upload is spooled); the job
   * then owns the spool.
   */
  async submitImport(
    ctx: JobCaller,
    name: string,
    prepare: () => Promise<PreparedImport>
  ): Promise<Job> {
    const place = this.reservePlace();
    try {
      // A caller who may not import here is refused before the upload is spooled.
      await assertMayAct(ctx.client, name, 'import');
      const prepared = await prepare();
      try {
        return await this.accept(ctx, importWork(name, prepared, this.deps), {}, place);
      } catch (error) {
        await prepared.discard();
        throw error;
      }
    } finally {
      place.release();
    }
  }

  /**
   * Checked (the caller's right included, before the lease), leased and stored before it
   * answers; the work starts after. A refused job leaves nothing behind.
   */
  private async accept(
    ctx: JobCaller,
    work: JobWork,
    options: SubmitOptions,
    place: QueuePlace
  ): Promise<Job> {
    const name = work.lookup;
    const check = validateLookupName(name, { purpose: 'write' });
    if (!check.ok) throw new BadRequestError(check.message, { field: 'name' });

    const [user, ceiling, limits] = await Promise.all([
      ctx.user(),
      ctx.ceiling(),
      ctx.clusterLimits?.(),
      assertMayAct(ctx.client, name, work.action),
    ]);
    const id = randomUUID();
    const { lease } = await acquireAsCaller(ctx.client, this.deps.leases, name, {
      operation: 'job',
      user,
      job_id: id,
    });
    const now = new Date().toISOString();
    const job: StoredJob = {
      id,
      lookup: name,
      user,
      query: work.query,
      state: 'queued',
      progress: {
        rows_read: 0,
        rows_written: 0,
        elapsed_ms: 0,
        ...(work.rowsTotal !== undefined ? { rows_total: work.rowsTotal } : {}),
      },
      created_at: now,
      updated_at: now,
      heartbeat_at: now,
      host: this.deps.hostId,
      ...(options.schedule_id ? { schedule_id: options.schedule_id } : {}),
      ...(options.trigger ? { trigger: options.trigger } : {}),
    };
    try {
      await this.deps.store.put(job);
    } catch (error) {
      await lease.release();
      throw error;
    }
    const controller = new AbortController();
    this.running.set(id, { controller, job, onEnd: options.onEnd });
    const { beforePublish } = options;
    const runDeps: JobRunDeps = {
      client: ctx.client,
      ceiling,
      ...(limits ? { limits } : {}),
      user,
      lease,
      signal: controller.signal,
      progress: (p) => this.onProgress(id, p),
      ...(beforePublish
        ? {
            beforePublish: async (candidate: PublishCandidate) => {
              const { previousRows } = await beforePublish(candidate);
              job.previous_rows = previousRows;
            },
          }
        : {}),
    };
    // The answer is the job as accepted, not as it runs by the time the answer is sent.
    const accepted = toApi({ ...job, progress: { ...job.progress } });
    place.admit(() => void this.run(id, work, runDeps));
    return accepted;
  }

  /**
   * Waiting jobs hold a lease and the caller's client each: their number is bounded. The check
   * and the reservation are one synchronous step, so submits racing each other (each awaiting its
   * rights, lease and store between the check and the enqueue) count the places already promised.
   * A job that starts at once does not wait: max_queued 0 still runs up to max_concurrent.
   */
  private reservePlace(): QueuePlace {
    const { max_concurrent, max_queued } = this.deps.config.jobs;
    // Jobs only wait while every slot runs, so this is "every slot runs and the queue is full"
    // with the promised places counted as waiting (or running) already.
    const taken = this.active + this.waiting.length + this.reserved;
    if (taken >= max_concurrent + max_queued) {
      const waiting = Math.max(0, taken - max_concurrent);
      throw new LookupError(
        429,
        `${waiting} write jobs are already waiting on this server, as many as ${JOBS_MAX_QUEUED_SETTING} (${max_queued}) allows; try again when some have finished.`,
        { reason: 'jobs_queue_full', setting: JOBS_MAX_QUEUED_SETTING, max_queued }
      );
    }
    this.reserved++;
    let held = true;
    const giveBack = () => {
      if (!held) return false;
      held = false;
      this.reserved--;
      return true;
    };
    return {
      release: () => void giveBack(),
      admit: (start) => {
        if (giveBack()) this.admit(start);
      },
    };
  }

  async list(ctx: JobCaller, query: JobsQuery): Promise<Job[]> {
    return (await this.deps.store.list(await ctx.user(), query)).map((j) => this.fresh(j));
  }

  async get(ctx: JobCaller, id: string): Promise<Job> {
    return this.fresh(await this.own(ctx, id));
  }

  async cancel(ctx: JobCaller, id: string): Promise<Job> {
    const job = this.fresh(await this.own(ctx, id)) as StoredJob;
    if (job.state === 'publishing') {
      throw new ConflictError(
        'The job is publishing: the lookup is being switched to the new version in one atomic step, which cannot be stopped.',
        { state: job.state }
      );
    }
    if (FINAL_JOB_STATES.has(job.state)) {
      throw new ConflictError(`The job already ended (${job.state}); there is nothing to cancel.`, {
        state: job.state,
      });
    }
    const here = this.running.get(id);
    if (here) {
      here.controller.abort();
      await this.update(here.job, { state: 'cancelling' });
      return toApi(here.job);
    }
    // Another host runs it: it sees the request at its next heartbeat.
    await this.deps.store.requestCancel(id);
    return toApi({ ...job, state: 'cancelling' });
  }

  private async own(ctx: JobCaller, id: string): Promise<StoredJob> {
    const [job, user] = await Promise.all([this.deps.store.get(id), ctx.user()]);
    // Another user's job is not there for this caller, whether it exists or not.
    if (!job || job.user !== user) {
      throw new NotFoundError(
        `There is no job ${id} of yours. List yours with GET /api/lookups/_jobs.`
      );
    }
    return job;
  }

  /** The in-memory state of a job running here is newer than the stored one. */
  private fresh(job: StoredJob): Job {
    return toApi(this.running.get(job.id)?.job ?? job);
  }

  private admit(start: () => void) {
    if (this.active < this.deps.config.jobs.max_concurrent) {
      this.active++;
      start();
    } else {
      this.waiting.push(() => {
        this.active++;
        start();
      });
    }
  }

  private async run(id: string, work: JobWork, deps: JobRunDeps) {
    const entry = this.running.get(id)!;
    const { job, controller } = entry;
    const beat = setInterval(() => void this.heartbeat(entry), JOB_HEARTBEAT_MS);
    beat.unref();
    // The lookup is free again as soon as the write is over, before the end is told: whoever
    // is told (a schedule's next run) may start on the lookup at once.
    let released = false;
    const release = async () => {
      if (released) return;
      released = true;
      clearInterval(beat);
      await work
        .cleanup?.()
        .catch((e: Error) => this.deps.logger.warn(`job ${id}: could not clean up: ${e.message}`));
      await deps.lease.release();
    };
    try {
      if (controller.signal.aborted) throw new WriteCancelledError();
      const started = new Date().toISOString();
      await this.update(job, { state: 'running', phase: 'reading', started_at: started });
      await restoreAbandonedBuildSettings(
        deps.client,
        backingIndexName(job.lookup),
        this.deps.logger
      );
      const result = await work.run(deps);
      await release();
      const written = result.rows_written;
      await this.end(entry, {
        state: 'finished',
        phase: undefined,
        action: result.action,
        slice: result.slice ?? job.slice,
        progress: this.progressOf(job, written, written),
        finished_at: new Date().toISOString(),
      });
    } catch (error) {
      await release();
      const cancelled = error instanceof WriteCancelledError;
      if (!cancelled && isUnexpectedJobError(error)) {
        this.deps.logger.error(error instanceof Error ? error : String(error));
      }
      await this.end(entry, {
        state: cancelled ? 'cancelled' : 'failed',
        phase: undefined,
        error: cancelled ? undefined : jobErrorMessage(error),
        error_attributes: !cancelled && error instanceof LookupError ? error.attributes : undefined,
        finished_at: new Date().toISOString(),
      }).catch((e: Error) =>
        this.deps.logger.warn(`job ${id}: could not record its end: ${e.message}`)
      );
    } finally {
      await release();
      this.running.delete(id);
      this.active--;
      this.waiting.shift()?.();
    }
  }

  /**
   * Records a job's end state; whoever waits on it is told first, so once the job reads as
   * ended, what depends on it (a schedule's last success) is already known.
   */
  private async end(entry: Running, patch: Partial<StoredJob>) {
    try {
      await entry.onEnd?.(toApi({ ...entry.job, ...patch }));
    } catch (error) {
      this.deps.logger.warn(
        `job ${entry.job.id}: its end was not told: ${(error as Error).message}`
      );
    }
    await this.update(entry.job, patch);
  }

  private async onProgress(id: string, progress: WriteProgress) {
    const entry = this.running.get(id);
    if (!entry) return;
    const { job } = entry;
    const patch: Partial<StoredJob> = {
      slice: progress.slice,
      previous_slice: progress.previousSlice,
      progress: this.progressOf(
        job,
        progress.rowsWritten,
        progress.rowsWritten,
        progress.rowsTotal
      ),
    };
    if (progress.phase === 'publishing') {
      // An upsert's account of the stored rows stays with the job, for its summary.
      if (progress.upsert) Object.assign(patch, progress.upsert);
      // Persisted before the alias request, so a host dying now is settled from the alias.
      await this.update(job, { ...patch, state: 'publishing', phase: undefined });
      const pause = this.deps.config.jobs.test_pause_before_publish_ms;
      if (pause > 0) await new Promise((r) => setTimeout(r, pause));
      return;
    }
    Object.assign(job, patch, { phase: 'writing' });
  }

  private progressOf(job: StoredJob, read: number, written: number, total?: number) {
    const elapsed = job.started_at ? Date.now() - Date.parse(job.started_at) : 0;
    return {
      rows_read: read,
      rows_written: written,
      ...(total !== undefined
        ? { rows_total: total }
        : job.progress.rows_total !== undefined
          ? { rows_total: job.progress.rows_total }
          : {}),
      ...(elapsed > 0 ? { rate: Math.round((written / elapsed) * 1000) } : {}),
      elapsed_ms: elapsed,
    };
  }

  private async heartbeat(entry: Running) {
    try {
      const stored = await this.deps.store.get(entry.job.id);
      if (stored?.cancel_requested && !entry.controller.signal.aborted) {
        entry.controller.abort();
        if (entry.job.state !== 'publishing') entry.job.state = 'cancelling';
      }
      entry.job.progress = this.progressOf(
        entry.job,
        entry.job.progress.rows_read,
        entry.job.progress.rows_written
      );
      await this.update(entry.job, {});
    } catch (error) {
      this.deps.logger.warn(`job ${entry.job.id}: heartbeat failed: ${(error as Error).message}`);
    }
  }

  private async update(job: StoredJob, patch: Partial<StoredJob>) {
    Object.assign(job, patch);
    const now = new Date().toISOString();
    job.updated_at = now;
    job.heartbeat_at = now;
    await this.deps.store.put(job);
  }
}
