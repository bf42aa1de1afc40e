/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Schedules as their owners see them: made, read, changed, deleted and run by the user who owns
 * them (the caller who made it); other users' schedules are not there for them. A schedule is
 * made only where its runs can act as its owner (REST impersonation allowed), never falling back
 * to the server identity.
 */
import { randomUUID } from 'crypto';
import type { OpenSearchClient } from 'opensearch-dashboards/server';
import type { ListResponse } from '../../../common/api/codecs';
import type { Job } from '../../../common/api/jobs';
import {
  runOf,
  type Schedule,
  type ScheduleBody,
  type ScheduleDetail,
} from '../../../common/api/schedules';
import {
  DEFAULT_TIME_ZONE,
  isStale,
  parseCadence,
  tooFrequent,
} from '../../../common/schedules/cadence';
import { parseWriteQuery } from '../ppl/parse_query';
import { validateLookupName } from '../../../common/substrate/names';
import { BadRequestError, ConflictError, LookupError, NotFoundError } from '../../lib/errors';
import type { JobStore } from '../jobs/job_store';
import { assertMayAct } from '../permissions/permission_probe';
import { checkImpersonation } from './impersonation';
import { cadenceOf, nextRun, type ScheduleRunner } from './schedule_runner';
import type { ScheduleStore, StoredSchedule, Versioned } from './schedule_store';

/** How runs act as their owners; `null` where schedules cannot run (a data source). */
export interface ScheduleRuns {
  runner: ScheduleRunner;
  internal: OpenSearchClient;
}

export interface ScheduleServiceDeps {
  store: ScheduleStore;
  runs: ScheduleRuns | null;
  jobStore: JobStore;
  minIntervalMs: number;
  maxPerUser: number;
}

const NO_RUNS_HERE =
  'Schedules run on the local cluster only: a run acts as its owner through the server identity, which a data source does not have. Write to this data source from a query or a job instead.';

/** Who asks, and their client: a schedule is made only for a lookup its owner may write. */
export interface ScheduleCaller {
  client: OpenSearchClient;
  user(): Promise<string | null>;
}

const RUNS_SHOWN = 50;

export class ScheduleService {
  constructor(private readonly deps: ScheduleServiceDeps) {}

  async create(ctx: ScheduleCaller, body: ScheduleBody): Promise<Schedule> {
    const runs = this.runs();
    const owner = await this.owner(ctx);
    const now = new Date();
    const fields = this.checked(body, now);
    const owned = (await this.deps.store.list({ owner })).length;
    if (owned >= this.deps.maxPerUser) {
      throw new LookupError(
        429,
        `You own ${owned} schedules, the most one user may (lookups.schedules.max_per_user); delete one you no longer need first.`,
        { reason: 'too_many_schedules', max_per_user: this.deps.maxPerUser }
      );
    }
    await assertMayAct(ctx.client, fields.lookup, 'write');
    await checkImpersonation(runs.internal, owner);
    const schedule: StoredSchedule = {
      id: randomUUID(),
      ...fields,
      owner,
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
      next_run_at: null,
    };
    schedule.next_run_at = nextRun(schedule, now);
    await this.deps.store.create(schedule);
    return this.view(schedule, undefined, now);
  }

  async list(ctx: ScheduleCaller): Promise<Schedule[]> {
    const owner = await this.owner(ctx);
    const now = new Date();
    const stored = await this.deps.store.list({ owner });
    // Every schedule's last run, in one request.
    const lastJobs = await this.deps.jobStore.getMany(
      stored.flatMap(({ schedule }) => (schedule.last_job_id ? [schedule.last_job_id] : []))
    );
    return stored.map(({ schedule }) =>
      this.view(
        schedule,
        schedule.last_job_id ? lastJobs.get(schedule.last_job_id) : undefined,
        now
      )
    );
  }

  async get(ctx: ScheduleCaller, id: string): Promise<ScheduleDetail> {
    const { schedule } = await this.own(ctx, id);
    const jobs = await this.deps.jobStore.list(schedule.owner, { schedule: schedule.id });
    return {
      ...this.view(schedule, jobs[0], new Date()),
      runs: jobs.slice(0, RUNS_SHOWN).map(runOf),
    };
  }

  async update(ctx: ScheduleCaller, id: string, body: ScheduleBody): Promise<Schedule> {
    for (let attempt = 0; attempt < 5; attempt++) {
      const read = await this.own(ctx, id);
      const now = new Date();
      const fields = this.checked(body, now);
      const { schedule } = read;
      if (fields.lookup !== schedule.lookup) await assertMayAct(ctx.client, fields.lookup, 'write');
      const changed: StoredSchedule = { ...schedule, ...fields, updated_at: now.toISOString() };
      // Unset options are gone: PUT replaces what a user sets.
      for (const key of ['every', 'cron', 'description', 'saved_query'] as const) {
        if (fields[key] === undefined) delete changed[key];
      }
      const cadenceChanged =
        changed.every !== schedule.every ||
        changed.cron !== schedule.cron ||
        changed.time_zone !== schedule.time_zone ||
        changed.enabled !== schedule.enabled;
      if (cadenceChanged || !changed.enabled) changed.next_run_at = nextRun(changed, now);
      if (await this.deps.store.replace(read, changed)) {
        return this.view(changed, await this.lastJob(changed), now);
      }
    }
    throw new ConflictError('The schedule kept changing while it was being saved; try again.');
  }

  async delete(ctx: ScheduleCaller, id: string): Promise<{ deleted: string }> {
    await this.own(ctx, id);
    await this.deps.store.delete(id);
    return { deleted: id };
  }

  async run(ctx: ScheduleCaller, id: string): Promise<Job> {
    const runs = this.runs();
    return runs.runner.runNow(await this.own(ctx, id));
  }

  private runs(): ScheduleRuns {
    if (!this.deps.runs) {
      throw new BadRequestError(NO_RUNS_HERE, { reason: 'schedules_local_only' });
    }
    return this.deps.runs;
  }

  /** Marks the lookups of a catalog page that a schedule keeps fresh, and whether it is late. */
  async annotate(page: ListResponse): Promise<ListResponse> {
    if (page.lookups.length === 0) return page;
    const now = new Date();
    const byLookup = new Map<string, StoredSchedule[]>();
    for (const { schedule } of await this.deps.store.list({
      lookups: page.lookups.map((l) => l.name),
    })) {
      if (!schedule.enabled) continue;
      byLookup.set(schedule.lookup, [...(byLookup.get(schedule.lookup) ?? []), schedule]);
    }
    return {
      ...page,
      lookups: page.lookups.map((lookup) => {
        const schedules = byLookup.get(lookup.name);
        if (!schedules) return lookup;
        return {
          ...lookup,
          refresh: {
            scheduled: true,
            // Fresh if any schedule keeps it fresh.
            stale: schedules.every((s) => this.stale(s, now)),
            next_run_at:
              schedules
                .map((s) => s.next_run_at)
                .filter((t): t is string => t !== null)
                .sort()[0] ?? null,
          },
        };
      }),
    };
  }

  private stale(schedule: StoredSchedule, now: Date): boolean {
    return isStale(
      cadenceOf(schedule),
      schedule.last_success_at ? new Date(schedule.last_success_at) : undefined,
      new Date(schedule.created_at),
      now
    );
  }

  private async owner(ctx: ScheduleCaller): Promise<string> {
    const user = await ctx.user();
    if (user === null) {
      throw new BadRequestError(
        'Scheduled refresh runs each schedule as its owner, which needs the OpenSearch security plugin; this cluster has none. Run the query by hand or as a job instead.',
        { reason: 'no_security_plugin' }
      );
    }
    return user;
  }

  private async own(ctx: ScheduleCaller, id: string): Promise<Versioned> {
    const [read, user] = await Promise.all([this.deps.store.get(id), ctx.user()]);
    // Another user's schedule is not there for this caller, whether it exists or not.
    if (!read || read.schedule.owner !== user) {
      throw new NotFoundError(
        `There is no schedule ${id} of yours. List yours with GET /api/lookups/_schedules.`
      );
    }
    return read;
  }

  private async lastJob(schedule: StoredSchedule) {
    return schedule.last_job_id ? this.deps.jobStore.get(schedule.last_job_id) : undefined;
  }

  /** The user's fields, checked: a query ending in outputlookup, a cadence, sensible guards. */
  private checked(body: ScheduleBody, now: Date) {
    const { output } = parseWriteQuery(body.query, {
      message: 'A schedule refreshes a lookup: end the query with outputlookup <name>.',
      attributes: { field: 'query' },
    });
    const name = validateLookupName(output.name, { purpose: 'write' });
    if (!name.ok) throw new BadRequestError(name.message, { field: 'query' });
    const cadence = parseCadence(body);
    if (!cadence.ok) throw new BadRequestError(cadence.message, { field: cadence.field });
    const frequent = tooFrequent(cadence.cadence, now, this.deps.minIntervalMs);
    if (frequent) {
      throw new BadRequestError(frequent, {
        field: cadence.cadence.kind === 'every' ? 'every' : 'cron',
        min_interval_ms: this.deps.minIntervalMs,
      });
    }
    const guards = body.guards ?? {};
    if (output.append && Object.keys(guards).length > 0) {
      throw new BadRequestError(
        'Publish guards check a new version before it replaces the current one; an append adds to the current version, so there is nothing to hold back. Remove append=true or the guards.',
        { field: 'guards' }
      );
    }
    return {
      lookup: output.name,
      query: body.query,
      ...(body.every !== undefined ? { every: body.every.trim() } : {}),
      ...(body.cron !== undefined ? { cron: body.cron.trim() } : {}),
      time_zone: body.time_zone ?? DEFAULT_TIME_ZONE,
      enabled: body.enabled ?? true,
      guards,
      ...(body.description !== undefined ? { description: body.description } : {}),
      ...(body.saved_query !== undefined ? { saved_query: body.saved_query } : {}),
    };
  }

  private view(schedule: StoredSchedule, lastJob: Job | undefined, now: Date): Schedule {
    const { lease: _lease, last_job_id: _last, ...fields } = schedule;
    // The job may have ended a moment before its schedule was told.
    const lastSuccess = [
      schedule.last_success_at,
      lastJob?.state === 'finished' ? lastJob.finished_at : undefined,
    ]
      .filter((t): t is string => t !== undefined)
      .sort()
      .pop();
    const seen = { ...schedule, last_success_at: lastSuccess };
    return {
      ...fields,
      ...(lastSuccess ? { last_success_at: lastSuccess } : {}),
      ...(lastJob ? { last_run: runOf(lastJob) } : {}),
      stale: schedule.enabled && this.stale(seen, now),
    };
  }
}
