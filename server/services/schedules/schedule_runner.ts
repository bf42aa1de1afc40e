/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Runs schedules: on each check, the enabled schedules that are due are claimed (see
 * schedule_store.ts) and started as jobs of their owner, through the impersonating client. The
 * claim's lease is renewed while the job runs and cleared when it ends; a host that dies lets it
 * expire, and its job is settled by the jobs' reconciliation. A run that cannot start (the
 * lookup busy, the owner's access gone) is recorded as a failed job, so history shows it.
 */
import { randomUUID } from 'crypto';
import type { Logger, OpenSearchClient } from 'opensearch-dashboards/server';
import type { Job } from '../../../common/api/jobs';
import type { RunTrigger } from '../../../common/api/schedules';
import { nextRunAfter, parseCadence } from '../../../common/schedules/cadence';
import { ConflictError, LookupError } from '../../lib/errors';
import type { Ceiling } from '../ceiling';
import type { ClusterLimits } from '../ppl/request_bounds';
import type { JobService } from '../jobs/job_service';
import { isUnexpectedJobError, jobErrorMessage } from '../jobs/job_errors';
import type { JobStore } from '../jobs/job_store';
import { checkImpersonation, impersonating } from './impersonation';
import { publishGuard } from './publish_guards';
import type { ScheduleStore, StoredSchedule, Versioned } from './schedule_store';

export interface ScheduleRunnerDeps {
  store: ScheduleStore;
  jobs: JobService;
  jobStore: JobStore;
  /** The server identity: it writes user data only while impersonating a schedule's owner. */
  internal: OpenSearchClient;
  ceiling: () => Promise<Ceiling>;
  /** The cluster's limits on one request (none: OpenSearch's documented defaults). */
  clusterLimits?: () => Promise<ClusterLimits>;
  hostId: string;
  leaseTtlMs: number;
  logger: Logger;
}

/** A run being started or running: the job it became, once known, and whether it ended. */
interface RunInProgress {
  jobId?: string;
  ended: boolean;
}

export function cadenceOf(schedule: Pick<StoredSchedule, 'every' | 'cron' | 'time_zone'>) {
  const parsed = parseCadence(schedule);
  if (!parsed.ok) throw new Error(`stored schedule has no valid cadence: ${parsed.message}`);
  return parsed.cadence;
}

export function nextRun(schedule: StoredSchedule, after: Date): string | null {
  if (!schedule.enabled) return null;
  return nextRunAfter(cadenceOf(schedule), after, new Date(schedule.created_at)).toISOString();
}

export class ScheduleRunner {
  private readonly renewals = new Map<string, NodeJS.Timeout>();
  /** Owners this host may not act as, warned about once. */
  private readonly refusedOwners = new Set<string>();
  private checking: Promise<void> | undefined;

  constructor(private readonly deps: ScheduleRunnerDeps) {}

  /** Claims and starts every due schedule; one check at a time on this host. */
  check(now = new Date()): Promise<void> {
    this.checking ??= this.runDue(now).finally(() => (this.checking = undefined));
    return this.checking;
  }

  /** Starts a run now, outside the cadence (`_run`); refused while one runs. */
  async runNow(read: Versioned): Promise<Job> {
    const claimed = await this.claim(read, new Date(), { keepNextRun: true });
    if (!claimed) {
      const lease = (await this.deps.store.get(read.schedule.id))?.schedule.lease;
      throw new ConflictError(
        `A run of this schedule is already under way${lease?.job_id ? ` (job ${lease.job_id})` : ''}; wait for it to end.`,
        { reason: 'schedule_running', ...(lease?.job_id ? { job_id: lease.job_id } : {}) }
      );
    }
    return this.launch(claimed, 'manual');
  }

  stop() {
    for (const timer of this.renewals.values()) clearInterval(timer);
    this.renewals.clear();
  }

  private async runDue(now: Date) {
    let due: Versioned[];
    try {
      due = await this.deps.store.due(now);
    } catch (error) {
      this.deps.logger.warn(`could not look for due schedules: ${(error as Error).message}`);
      return;
    }
    const mayActAs = new Map<string, Promise<boolean>>();
    for (const read of due) {
      try {
        // A host that may not act as the owner leaves the run to one that may.
        const { owner } = read.schedule;
        if (!mayActAs.has(owner)) mayActAs.set(owner, this.mayImpersonate(owner));
        if (!(await mayActAs.get(owner))) continue;
        const claimed = await this.claim(read, now, { keepNextRun: false });
        if (claimed) await this.launch(claimed, 'schedule');
      } catch (error) {
        this.deps.logger.warn(
          `schedule ${read.schedule.id}: could not start its run: ${(error as Error).message}`
        );
      }
    }
  }

  private async mayImpersonate(owner: string): Promise<boolean> {
    try {
      await checkImpersonation(this.deps.internal, owner);
      this.refusedOwners.delete(owner);
      return true;
    } catch (error) {
      if (!this.refusedOwners.has(owner)) {
        this.refusedOwners.add(owner);
        this.deps.logger.warn(
          `this host does not run schedules of ${owner}: ${(error as Error).message}`
        );
      }
      return false;
    }
  }

  /** Takes the schedule's lease (and, for a due run, moves its next run past now). */
  private async claim(
    read: Versioned,
    now: Date,
    { keepNextRun }: { keepNextRun: boolean }
  ): Promise<StoredSchedule | undefined> {
    const { schedule } = read;
    if (schedule.lease && Date.parse(schedule.lease.expires_at) > now.getTime()) return undefined;
    const claimed: StoredSchedule = {
      ...schedule,
      next_run_at: keepNextRun ? schedule.next_run_at : nextRun(schedule, now),
      lease: {
        host: this.deps.hostId,
        expires_at: new Date(now.getTime() + this.deps.leaseTtlMs).toISOString(),
      },
    };
    return (await this.deps.store.replace(read, claimed)) ? claimed : undefined;
  }

  private async launch(schedule: StoredSchedule, trigger: RunTrigger): Promise<Job> {
    const { id, owner } = schedule;
    const client = impersonating(this.deps.internal, owner);
    // The claim is kept alive from now on, not from when the job is accepted: accepting it (the
    // owner's right asked, the lookup's lease taken, the job stored) may outlast the claim's TTL
    // on a busy cluster, and another check would then claim the same due time again.
    const run: RunInProgress = { ended: false };
    this.renewWhileRunning(schedule, run);
    let job: Job;
    try {
      job = await this.deps.jobs.submit(
        {
          client,
          user: async () => owner,
          ceiling: this.deps.ceiling,
          ...(this.deps.clusterLimits ? { clusterLimits: this.deps.clusterLimits } : {}),
        },
        schedule.query,
        {
          schedule_id: id,
          trigger,
          beforePublish: publishGuard(client, schedule.guards),
          onEnd: (ended) => {
            run.ended = true;
            return this.ended(id, ended);
          },
        }
      );
    } catch (error) {
      run.ended = true;
      this.stopRenewing(id);
      const failed = await this.recordRefusedRun(schedule, trigger, error);
      await this.deps.store.patch(id, { lease: null, last_job_id: failed.id });
      return failed;
    }
    run.jobId = job.id;
    // A job that already ended has cleared the claim: it is not put back.
    await this.deps.store.patch(
      id,
      run.ended ? { last_job_id: job.id } : { last_job_id: job.id, lease: this.leaseFor(job.id) }
    );
    return job;
  }

  private leaseFor(jobId: string | undefined): NonNullable<StoredSchedule['lease']> {
    return {
      host: this.deps.hostId,
      ...(jobId ? { job_id: jobId } : {}),
      expires_at: new Date(Date.now() + this.deps.leaseTtlMs).toISOString(),
    };
  }

  private renewWhileRunning(schedule: StoredSchedule, run: RunInProgress) {
    const every = Math.max(100, Math.floor(this.deps.leaseTtlMs / 3));
    const timer = setInterval(() => {
      if (run.ended) {
        clearInterval(timer);
        return;
      }
      this.deps.store
        .patch(schedule.id, { lease: this.leaseFor(run.jobId) })
        .catch((e: Error) =>
          this.deps.logger.warn(`schedule ${schedule.id}: lease renewal failed: ${e.message}`)
        );
    }, every);
    timer.unref();
    this.renewals.set(schedule.id, timer);
  }

  private stopRenewing(id: string) {
    clearInterval(this.renewals.get(id));
    this.renewals.delete(id);
  }

  private async ended(id: string, job: Job) {
    this.stopRenewing(id);
    await this.deps.store.patch(id, {
      lease: null,
      ...(job.state === 'finished' ? { last_success_at: job.finished_at } : {}),
    });
  }

  /** A run refused before its job could start still shows in the schedule's history. */
  private async recordRefusedRun(
    schedule: StoredSchedule,
    trigger: RunTrigger,
    error: unknown
  ): Promise<Job> {
    const now = new Date().toISOString();
    if (isUnexpectedJobError(error)) {
      this.deps.logger.error(error instanceof Error ? error : String(error));
    }
    const job = {
      id: randomUUID(),
      lookup: schedule.lookup,
      user: schedule.owner,
      query: schedule.query,
      state: 'failed' as const,
      progress: { rows_read: 0, rows_written: 0, elapsed_ms: 0 },
      error: jobErrorMessage(error),
      ...(error instanceof LookupError && error.attributes
        ? { error_attributes: error.attributes }
        : {}),
      schedule_id: schedule.id,
      trigger,
      created_at: now,
      updated_at: now,
      started_at: now,
      finished_at: now,
    };
    await this.deps.jobStore.put({ ...job, host: this.deps.hostId });
    return job;
  }
}
