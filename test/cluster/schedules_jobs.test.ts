/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Schedules and jobs across two Dashboards hosts on the three-node cluster
 * (`npm run test:cluster`, test/support/local_cluster.ts), each host on its own
 * node as a deployment spreads them: each due time of a schedule runs once with both hosts up,
 * and the schedule keeps running on the other host once one is SIGKILLed; a job whose host dies
 * while writing or while publishing is settled by the host still running (its periodic
 * reconciliation, not a restart), from the alias, and the lookup is free again.
 */
import type { Job } from '../../common/api/jobs';
import { apiPaths } from '../../common/api/paths';
import type { Schedule, ScheduleDetail, ScheduleRun } from '../../common/api/schedules';
import { PLUGIN_INDEX } from '../../server/services/plugin_index/plugin_index';
import { callApi } from '../support/api';
import { TestNames } from '../support/cluster';
import { hostConfigFile, QUICK_SCHEDULES, startTestHost, type TestHost } from '../support/host';
import { aliasFilterOf } from '../support/lookups';
import { clusterAdmin, CLUSTER_NODES, nodeUrl } from '../support/local_cluster';
import { users } from '../support/users';

const NODE_URLS = CLUSTER_NODES.map(nodeUrl);
const admin = clusterAdmin();
const names = new TestNames();
const source = `web_logs_cluster_${Date.now().toString(36)}`;
names.track(source);
const SOURCE_ROWS = 20_000;
const hosts: TestHost[] = [];
const schedules: string[] = [];

/** A host on node `node` (0..2) of the cluster. */
async function startHost(node: number, lookups: Record<string, unknown> = {}) {
  const file = hostConfigFile(
    // Small batches: a job over the source takes many steps to interrupt.
    { ...QUICK_SCHEDULES, bulk_batch_size: 200, ...lookups },
    'lookups-cluster-'
  );
  const host = await startTestHost({ LOOKUPS_HOST_CONFIG: file, OPENSEARCH_URL: NODE_URLS[node] });
  hosts.push(host);
  return host;
}

const submit = (host: TestHost, query: string) =>
  callApi<Job & { message?: string }>(host.url, 'POST', apiPaths.jobs(), {
    caller: users.writer,
    body: { query },
  });
const readJob = (host: TestHost, id: string) =>
  callApi<Job>(host.url, 'GET', apiPaths.job(id), { caller: users.writer });
async function untilJob(
  host: TestHost,
  id: string,
  done: (job: Job) => boolean,
  timeoutMs = 60_000
) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { body } = await readJob(host, id);
    if (done(body)) return body;
    if (Date.now() > deadline) throw new Error(`job ${id} stayed ${body.state}`);
    await new Promise((r) => setTimeout(r, 150));
  }
}
const sourceQuery = (name: string, rows = SOURCE_ROWS) =>
  `source=${source} | head ${rows} | fields host, k | outputlookup ${name}`;

/** The host that ran a job, as the plugin index keeps it. */
async function hostOfJob(id: string): Promise<string> {
  const { body } = await admin.get({ index: PLUGIN_INDEX, id: `job:${id}` });
  return (body._source as { job: { host: string } }).job.host;
}
/** A host's id: the host of a small job it was given. */
async function hostIdOf(host: TestHost): Promise<string> {
  const name = names.lookup('cluster_hostid');
  const job = await submit(host, sourceQuery(name, 1));
  expect(job.status).toBe(202);
  await untilJob(host, job.body.id, (j) => j.state === 'finished');
  return hostOfJob(job.body.id);
}

const ended = (run: ScheduleRun) => ['finished', 'failed', 'cancelled'].includes(run.state);
async function untilRuns(host: TestHost, id: string, count: number, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { body } = await callApi<ScheduleDetail>(host.url, 'GET', apiPaths.schedule(id), {
      caller: users.writer,
    });
    if (body.runs.filter(ended).length >= count) return body;
    if (Date.now() > deadline) {
      throw new Error(`schedule ${id}: ${body.runs.length} runs after ${timeoutMs} ms`);
    }
    await new Promise((r) => setTimeout(r, 150));
  }
}
/** The due time each run answered (intervals count from the schedule's creation). */
const dueTimesOf = (schedule: Schedule, periodMs: number, runs: ScheduleRun[]) =>
  runs.map((r) =>
    Math.floor((Date.parse(r.created_at) - Date.parse(schedule.created_at)) / periodMs)
  );

beforeAll(async () => {
  const { body: health } = await admin.cluster.health({ wait_for_nodes: '3', timeout: '60s' });
  if (health.number_of_nodes !== 3) {
    throw new Error(`expected the three-node cluster at ${NODE_URLS.join(', ')}`);
  }
  let body = '';
  for (let i = 0; i < SOURCE_ROWS; i++) {
    body += `{"index":{}}\n${JSON.stringify({ host: `h${i % 500}`, k: i })}\n`;
  }
  const { body: bulk } = await admin.bulk({ index: source, body, refresh: true });
  if (bulk.errors) throw new Error('the source rows were not all indexed');
});
afterAll(async () => {
  const last = hosts.find((h) => h.process.exitCode === null && h.process.signalCode === null);
  for (const id of schedules) {
    if (last) {
      await callApi(last.url, 'DELETE', apiPaths.schedule(id), { caller: users.writer });
    }
  }
  await Promise.all(hosts.map((h) => h.stop()));
  await names.drop(admin);
  await admin.close();
});

describe('schedules on two hosts', () => {
  it('run each due time once with both hosts up, and keep running after one host dies', async () => {
    const [first, second] = [await startHost(0), await startHost(1)];
    const secondId = await hostIdOf(second);
    const name = names.lookup('cluster_sched');
    const created = await callApi<Schedule>(first.url, 'POST', apiPaths.schedules(), {
      caller: users.writer,
      body: { query: sourceQuery(name, 3), every: '2s' },
    });
    expect(created.status).toBe(200);
    const schedule = created.body;
    schedules.push(schedule.id);

    const before = await untilRuns(second, schedule.id, 4, 60_000);
    expect(before.runs.filter(ended).every((r) => r.state === 'finished')).toBe(true);
    let due = dueTimesOf(schedule, 2000, before.runs);
    expect(new Set(due).size).toBe(due.length);

    await first.kill();
    const killedAt = Date.now();
    const countAtKill = before.runs.length;
    // A run the dead host held is settled by the survivor: failed, naming the interruption; a due
    // time that came while the dead host's lease on the lookup lived fails as busy, naming it.
    const after = await untilRuns(second, schedule.id, countAtKill + 5, 90_000);
    due = dueTimesOf(schedule, 2000, after.runs);
    expect(new Set(due).size).toBe(due.length);
    for (const run of after.runs.filter(ended)) {
      if (run.state !== 'finished') expect(run.error).toMatch(/Interrupted|is busy/);
    }
    // Once the dead host's claim has expired, every run is the survivor's, and finishes.
    const later = after.runs.filter(
      (r) => ended(r) && Date.parse(r.created_at) > killedAt + 3000 + 1000
    );
    expect(later.length).toBeGreaterThanOrEqual(2);
    for (const run of later) {
      expect(run.state).toBe('finished');
      expect(await hostOfJob(run.job_id)).toBe(secondId);
    }
    await callApi(second.url, 'PUT', apiPaths.schedule(schedule.id), {
      caller: users.writer,
      body: { query: schedule.query, every: schedule.every, enabled: false },
    });
  });
});

describe('a job whose host dies', () => {
  let survivor: TestHost;
  beforeAll(async () => {
    survivor = await startHost(1, { schedules: { enabled: false } });
  });

  it('while writing is settled failed by the host still running, nothing published, the lookup free', async () => {
    const doomed = await startHost(0, { schedules: { enabled: false } });
    const name = names.lookup('cluster_jobw');
    const job = await submit(doomed, sourceQuery(name));
    expect(job.status).toBe(202);
    await untilJob(doomed, job.body.id, (j) => j.progress.rows_written > 0);
    await doomed.kill();
    expect(await aliasFilterOf(admin, name)).toBeNull();
    const end = await untilJob(survivor, job.body.id, (j) => j.state !== 'running', 90_000);
    expect(end.state).toBe('failed');
    expect(end.error).toMatch(/Interrupted/);
    expect(await aliasFilterOf(admin, name)).toBeNull();
    // The dead host's lease has expired: the survivor writes the lookup.
    const write = await callApi(survivor.url, 'POST', apiPaths.write(name), {
      caller: users.writer,
      body: { rows: [{ k: 1 }] },
    });
    expect(write.status).toBe(200);
  });

  it('while publishing is settled from the alias by the host still running', async () => {
    const doomed = await startHost(2, {
      schedules: { enabled: false },
      jobs: { test_pause_before_publish_ms: 60_000 },
    });
    const name = names.lookup('cluster_jobp');
    const first = await callApi(survivor.url, 'POST', apiPaths.write(name), {
      caller: users.writer,
      body: { rows: [{ k: 0 }] },
    });
    expect(first.status).toBe(200);
    const before = await aliasFilterOf(admin, name);
    const job = await submit(doomed, sourceQuery(name, 50));
    expect(job.status).toBe(202);
    await untilJob(doomed, job.body.id, (j) => j.state === 'publishing');
    await doomed.kill();
    const end = await untilJob(survivor, job.body.id, (j) => j.state !== 'publishing', 90_000);
    // Killed before its alias request: the alias still names the previous version.
    expect(end.state).toBe('failed');
    expect(end.error).toMatch(/previous version/);
    expect(await aliasFilterOf(admin, name)).toEqual(before);
  });
});
