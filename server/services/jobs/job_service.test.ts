/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Admission of jobs on one host: the queue limit holds for submits sent at once, and a refused
 * submit gives its place back whatever refused it.
 */
import type { Logger, OpenSearchClient } from 'opensearch-dashboards/server';
import type { LookupsConfig } from '../../config';
import { ConflictError, LookupError } from '../../lib/errors';
import type { Ceiling } from '../ceiling';
import type { PreparedImport } from '../import/import_service';
import type { LeaseStore } from '../plugin_index/leases';
import type { QueryPool } from '../ppl/isolation/query_pool';
import type { WriteRecordStore } from '../plugin_index/write_records';
import { JobCaller, JobService, JOBS_MAX_QUEUED_SETTING } from './job_service';
import type { JobStore, StoredJob } from './job_store';
import type { JobResult, JobWork } from './job_work';

const mayAct = jest.fn<Promise<void>, [OpenSearchClient, string, string]>();
jest.mock('../permissions/permission_probe', () => ({
  assertMayAct: (client: OpenSearchClient, name: string, action: string) =>
    mayAct(client, name, action),
}));
jest.mock('../writer/build_settings', () => ({
  restoreAbandonedBuildSettings: async () => undefined,
}));
/** Each job's run waits until the test ends it. */
const runs: Array<{ lookup: string; finish: () => void }> = [];
const work = (lookup: string, action: 'write' | 'import'): JobWork => ({
  lookup,
  action,
  query: `| outputlookup ${lookup}`,
  run: () =>
    new Promise<JobResult>((resolve) => {
      runs.push({ lookup, finish: () => resolve({ rows_written: 0 }) });
    }),
});
jest.mock('./job_work', () => ({
  queryWork: (lookup: string) => work(lookup, 'write'),
  importWork: (lookup: string) => work(lookup, 'import'),
}));

const tick = () => new Promise((r) => setTimeout(r, 1));

function service(jobs: { max_concurrent: number; max_queued: number }) {
  const stored = new Map<string, StoredJob>();
  const held = new Set<string>();
  const store = {
    // Every store write takes a turn of the event loop, as a request to the cluster does.
    put: async (job: StoredJob) => {
      await tick();
      stored.set(job.id, { ...job });
    },
    get: async (id: string) => stored.get(id) ?? null,
    list: async () => [...stored.values()],
    requestCancel: async () => undefined,
  } as unknown as JobStore;
  const leases = {
    acquire: async (name: string) => {
      await tick();
      if (held.has(name)) throw new ConflictError(`${name} is busy`, {});
      held.add(name);
      return { lease: { release: async () => void held.delete(name) } };
    },
  } as unknown as LeaseStore;
  const logger = { warn: jest.fn(), error: jest.fn() } as unknown as Logger;
  const jobService = new JobService({
    store,
    leases,
    records: {} as WriteRecordStore,
    config: { jobs: { ...jobs, test_pause_before_publish_ms: 0 } } as unknown as LookupsConfig,
    logger,
    hostId: 'h1',
    queries: {} as QueryPool,
  });
  return { jobService, stored };
}

const caller: JobCaller = {
  client: {} as OpenSearchClient,
  user: async () => {
    await tick();
    return 'writer';
  },
  ceiling: async () => ({}) as Ceiling,
};

/** Ends the run of a job on `lookup` once it has started. */
async function finish(lookup: string) {
  for (let i = 0; i < 100; i++) {
    const run = runs.find((r) => r.lookup === lookup);
    if (run) return run.finish();
    await tick();
  }
  throw new Error(`no job on ${lookup} started`);
}

/** Waits until a job has ended and its slot is free (the store says so last). */
async function ended(jobService: JobService, id: string) {
  for (let i = 0; i < 100; i++) {
    const job = await jobService.get(caller, id);
    if (job.state === 'finished') {
      await tick();
      return;
    }
    await tick();
  }
  throw new Error(`job ${id} did not end`);
}

const statusOf = (outcome: PromiseSettledResult<unknown>) =>
  outcome.status === 'fulfilled' ? 202 : (outcome.reason as LookupError).statusCode;

beforeEach(() => {
  runs.length = 0;
  mayAct.mockReset();
  mayAct.mockImplementation(async () => {
    await tick();
  });
});
afterEach(async () => {
  // Ends every job a test left running, and those that start as earlier ones end.
  for (let i = 0; i < 20; i++) {
    for (const run of runs.splice(0)) run.finish();
    await tick();
  }
});

describe('job admission', () => {
  it('accepts exactly max_concurrent + max_queued of many submits sent at once', async () => {
    const { jobService } = service({ max_concurrent: 2, max_queued: 3 });
    const outcomes = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) =>
        jobService.submit(caller, `source=s | outputlookup lk${i}`)
      )
    );
    const statuses = outcomes.map(statusOf);
    expect(statuses.filter((s) => s === 202)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(15);
    const refused = outcomes.find((o) => o.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason.message).toContain(JOBS_MAX_QUEUED_SETTING);
    expect(refused.reason.message).toContain('(3)');
    expect(refused.reason.attributes).toMatchObject({
      reason: 'jobs_queue_full',
      setting: JOBS_MAX_QUEUED_SETTING,
      max_queued: 3,
    });
    await tick();
    expect(runs).toHaveLength(2);
  });

  it('gives the place back when the caller may not act, and refuses a second submit sent at once', async () => {
    const { jobService } = service({ max_concurrent: 1, max_queued: 0 });
    mayAct.mockImplementationOnce(async () => {
      await tick();
      throw new LookupError(403, 'no', {});
    });
    await expect(jobService.submit(caller, 'source=s | outputlookup a')).rejects.toMatchObject({
      statusCode: 403,
    });
    // Two at once: the first holds the one place from its first step, the second is refused.
    const outcomes = await Promise.allSettled([
      jobService.submit(caller, 'source=s | outputlookup b'),
      jobService.submit(caller, 'source=s | outputlookup b'),
    ]);
    expect(outcomes.map(statusOf).sort()).toEqual([202, 429]);
    await finish('b');
    await ended(jobService, (outcomes[0] as PromiseFulfilledResult<{ id: string }>).value.id);
    // The slot is free again, and every refused submit left it so.
    const accepted = await jobService.submit(caller, 'source=s | outputlookup c');
    expect(accepted.state).toBe('queued');
  });

  it('gives the place back when a lease conflict refuses the job', async () => {
    const { jobService } = service({ max_concurrent: 1, max_queued: 1 });
    await jobService.submit(caller, 'source=s | outputlookup a');
    await expect(jobService.submit(caller, 'source=s | outputlookup a')).rejects.toMatchObject({
      statusCode: 409,
    });
    // The refused submit did not keep the one queue place.
    await expect(jobService.submit(caller, 'source=s | outputlookup b')).resolves.toMatchObject({
      state: 'queued',
    });
    await expect(jobService.submit(caller, 'source=s | outputlookup c')).rejects.toMatchObject({
      statusCode: 429,
    });
  });

  it('holds an import place while its file is spooled, and gives it back if spooling fails', async () => {
    const { jobService } = service({ max_concurrent: 1, max_queued: 0 });
    let spooled!: (p: PreparedImport) => void;
    const discard = jest.fn(async () => undefined);
    const first = jobService.submitImport(
      caller,
      'imp',
      () => new Promise<PreparedImport>((r) => (spooled = r))
    );
    await tick();
    await tick();
    // While the first upload is still being read, its place is taken.
    await expect(jobService.submit(caller, 'source=s | outputlookup q')).rejects.toMatchObject({
      statusCode: 429,
    });
    spooled({ discard } as unknown as PreparedImport);
    const accepted = await first;
    expect(accepted.lookup).toBe('imp');
    await finish('imp');
    await ended(jobService, accepted.id);
    await expect(
      jobService.submitImport(caller, 'imp2', async () => {
        throw new LookupError(400, 'bad file', {});
      })
    ).rejects.toMatchObject({ statusCode: 400 });
    await expect(jobService.submit(caller, 'source=s | outputlookup r')).resolves.toMatchObject({
      state: 'queued',
    });
  });
});
