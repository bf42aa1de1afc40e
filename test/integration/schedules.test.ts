/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Scheduled refresh against the real cluster and real host processes: runs come on time and act
 * as their owner (the security plugin's REST impersonation, allowed for kibanaserver in the test
 * node's opensearch.yml), publish guards keep the current version, several hosts run each due
 * time once, runs missed while no host ran collapse into one, and a server that may not
 * impersonate refuses to make a schedule.
 */
import type { Job } from '../../common/api/jobs';
import { apiPaths } from '../../common/api/paths';
import type { ListResponse, LookupDetail } from '../../common/api/codecs';
import type { Schedule, ScheduleDetail, ScheduleRun } from '../../common/api/schedules';
import { PLUGIN_INDEX } from '../../server/services/plugin_index/plugin_index';
import { callApi, Caller } from '../support/api';
import { adminClient, adminPassword, TestNames } from '../support/cluster';
import { hostConfigFile, QUICK_SCHEDULES, startTestHost, TestHost } from '../support/host';
import { readRowsSorted, slicesIn, writeRecordsOf } from '../support/lookups';
import { users } from '../support/users';

const admin = adminClient();
const testNames = new TestNames();
const hosts: TestHost[] = [];

async function startHost(lookups: Record<string, unknown> = {}, env: Record<string, string> = {}) {
  const file = hostConfigFile({ ...QUICK_SCHEDULES, ...lookups }, 'lookups-schedules-');
  const host = await startTestHost({ LOOKUPS_HOST_CONFIG: file, ...env });
  hosts.push(host);
  return host;
}

const made: Array<{ id: string; caller: Caller }> = [];
async function create(
  host: TestHost,
  body: Record<string, unknown>,
  caller: Caller = users.writer
) {
  const answer = await callApi<Schedule>(host.url, 'POST', apiPaths.schedules(), { caller, body });
  if (answer.status === 200) made.push({ id: answer.body.id, caller });
  return answer;
}
const detail = (host: TestHost, id: string, caller: Caller = users.writer) =>
  callApi<ScheduleDetail>(host.url, 'GET', apiPaths.schedule(id), { caller });
const disable = (host: TestHost, schedule: Schedule, caller: Caller = users.writer) =>
  callApi<Schedule>(host.url, 'PUT', apiPaths.schedule(schedule.id), {
    caller,
    body: { query: schedule.query, every: schedule.every, enabled: false },
  });
const hostsQuery = (name: string, rows: number, fields = 'host') =>
  `source=web_logs | sort host | head ${rows} | fields ${fields} | outputlookup ${name}`;

const ended = (run: ScheduleRun) => ['finished', 'failed', 'cancelled'].includes(run.state);

async function untilRuns(
  host: TestHost,
  id: string,
  count: number,
  caller: Caller = users.writer,
  timeoutMs = 30_000
): Promise<ScheduleDetail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { body } = await detail(host, id, caller);
    if (body.runs.filter(ended).length >= count) return body;
    if (Date.now() > deadline) {
      throw new Error(`schedule ${id}: ${body.runs.length} runs after ${timeoutMs} ms`);
    }
    await new Promise((r) => setTimeout(r, 150));
  }
}

const recordsOf = (backingIndex: string) => writeRecordsOf(admin, backingIndex);

/**
 * The due time each run answered: intervals count from the schedule's creation, so a run
 * started at `t` answers the last due time at or before `t`.
 */
const dueTimesOf = (schedule: Schedule, periodMs: number, runs: ScheduleRun[]) =>
  runs.map((r) =>
    Math.floor((Date.parse(r.created_at) - Date.parse(schedule.created_at)) / periodMs)
  );

let host: TestHost;
beforeAll(async () => {
  host = await startHost();
});
afterAll(async () => {
  const last = await startHost({ schedules: { enabled: false } });
  for (const { id, caller } of made) {
    await callApi(last.url, 'DELETE', apiPaths.schedule(id), { caller });
  }
  await Promise.all(hosts.map((h) => h.stop()));
  await testNames.drop(admin);
});

describe('a schedule runs as its owner', () => {
  it('runs on time, writes as its owner, and records the owner', async () => {
    const name = testNames.lookup('sched');
    const { status, body: schedule } = await create(host, {
      query: hostsQuery(name, 3),
      every: '2s',
    });
    expect(status).toBe(200);
    expect(schedule).toMatchObject({ lookup: name, owner: 'lookup_writer', enabled: true });
    const due = Date.parse(schedule.next_run_at!);
    expect(due - Date.parse(schedule.created_at)).toBe(2000);

    const after = await untilRuns(host, schedule.id, 1);
    await disable(host, schedule);
    const first = after.runs[after.runs.length - 1];
    expect(first).toMatchObject({
      state: 'finished',
      trigger: 'schedule',
      rows: 3,
      row_delta: null,
    });
    // Not before it was due, and soon after (checks every 200 ms).
    expect(Date.parse(first.created_at)).toBeGreaterThanOrEqual(due);
    expect(Date.parse(first.created_at) - due).toBeLessThan(3000);
    expect(after.last_success_at).toBeDefined();

    expect((await readRowsSorted(admin, name, 'host')).length).toBe(3);
    const records = await recordsOf(`${name}__lookup`);
    expect(records.find((r) => r.slice === first.slice)).toMatchObject({
      user: 'lookup_writer',
      status: 'complete',
    });
    const job = await callApi<Job>(host.url, 'GET', apiPaths.job(first.job_id), {
      caller: users.writer,
    });
    expect(job.body).toMatchObject({ user: 'lookup_writer', schedule_id: schedule.id });
  });

  it('is refused with 403 when its owner may not write the lookup, storing and changing nothing', async () => {
    const name = testNames.lookup('schedreader');
    const { status, body } = await create(
      host,
      { query: hostsQuery(name, 3), every: '1h' },
      users.reader
    );
    expect(status).toBe(403);
    expect(JSON.stringify(body)).toMatch(/no permissions for .*You may not write /);
    const mine = await callApi<{ schedules: Schedule[] }>(host.url, 'GET', apiPaths.schedules(), {
      caller: users.reader,
    });
    expect(mine.body.schedules.filter((s) => s.lookup === name)).toEqual([]);
    const exists = await admin.indices.exists({ index: `${name}__lookup` });
    expect(exists.body).toBe(false);
    expect((await admin.indices.exists({ index: name })).body).toBe(false);
  });

  it('is not there for another user', async () => {
    const name = testNames.lookup('schedmine');
    const { body: schedule } = await create(host, { query: hostsQuery(name, 1), every: '1h' });
    expect((await detail(host, schedule.id, users.teamAWriter)).status).toBe(404);
    const run = await callApi(host.url, 'POST', apiPaths.runSchedule(schedule.id), {
      caller: users.teamAWriter,
    });
    expect(run.status).toBe(404);
    const theirs = await callApi<{ schedules: Schedule[] }>(host.url, 'GET', apiPaths.schedules(), {
      caller: users.teamAWriter,
    });
    expect(theirs.body.schedules.map((s) => s.id)).not.toContain(schedule.id);
  });
});

describe('publish guards', () => {
  it('keep the current version when the result shrinks too much or loses a column', async () => {
    const name = testNames.lookup('schedguard');
    const first = await callApi<Job>(host.url, 'POST', apiPaths.jobs(), {
      caller: users.writer,
      body: { query: hostsQuery(name, 10, 'host, status') },
    });
    expect(first.status).toBe(202);
    for (;;) {
      const { body } = await callApi<Job>(host.url, 'GET', apiPaths.job(first.body.id), {
        caller: users.writer,
      });
      if (body.state === 'finished') break;
      expect(['queued', 'running', 'publishing']).toContain(body.state);
      await new Promise((r) => setTimeout(r, 100));
    }
    const before = await readRowsSorted(admin, name, 'host');
    expect(before).toHaveLength(10);

    const shrinking = await create(host, {
      query: hostsQuery(name, 2, 'host, status'),
      every: '1h',
      guards: { max_shrink_percent: 50 },
    });
    expect(shrinking.status).toBe(200);
    await callApi(host.url, 'POST', apiPaths.runSchedule(shrinking.body.id), {
      caller: users.writer,
    });
    const shrunk = await untilRuns(host, shrinking.body.id, 1);
    expect(shrunk.runs[0].state).toBe('failed');
    expect(shrunk.runs[0].error).toMatch(
      /2 rows where the current version has 10 .*max_shrink_percent=50/
    );

    const narrowing = await create(host, {
      query: hostsQuery(name, 10, 'host'),
      every: '1h',
      guards: { keep_columns: true },
    });
    await callApi(host.url, 'POST', apiPaths.runSchedule(narrowing.body.id), {
      caller: users.writer,
    });
    const narrowed = await untilRuns(host, narrowing.body.id, 1);
    expect(narrowed.runs[0].state).toBe('failed');
    expect(narrowed.runs[0].error).toMatch(/lacks column status/);

    // The lookup is as it was; the held-back versions stay for inspection.
    expect(await readRowsSorted(admin, name, 'host')).toEqual(before);
    const slices = await slicesIn(admin, `${name}__lookup`);
    expect(Object.values(slices).sort((a, b) => a - b)).toEqual([2, 10, 10]);
  });

  it('pass a result within bounds, and the run tells the row delta', async () => {
    const name = testNames.lookup('schedpass');
    const { body: schedule } = await create(host, {
      query: hostsQuery(name, 4),
      every: '1h',
      guards: { max_shrink_percent: 50, keep_columns: true, skip_empty: true },
    });
    await callApi(host.url, 'POST', apiPaths.runSchedule(schedule.id), { caller: users.writer });
    await untilRuns(host, schedule.id, 1);
    const changed = await callApi<Schedule>(host.url, 'PUT', apiPaths.schedule(schedule.id), {
      caller: users.writer,
      body: { query: hostsQuery(name, 3), every: '1h', guards: { max_shrink_percent: 50 } },
    });
    expect(changed.status).toBe(200);
    await callApi(host.url, 'POST', apiPaths.runSchedule(schedule.id), { caller: users.writer });
    const after = await untilRuns(host, schedule.id, 2);
    expect(after.runs[0]).toMatchObject({ state: 'finished', rows: 3, row_delta: -1 });
    expect(after.runs[1]).toMatchObject({ state: 'finished', rows: 4, row_delta: null });
    expect(await readRowsSorted(admin, name, 'host')).toHaveLength(3);
  });
});

describe('several hosts', () => {
  it('two hosts run each due time once', async () => {
    const second = await startHost();
    const name = testNames.lookup('schedtwo');
    const { body: schedule } = await create(second, { query: hostsQuery(name, 2), every: '2s' });
    const after = await untilRuns(host, schedule.id, 3, users.writer, 40_000);
    await disable(host, schedule);
    // Each due time ran once: no run was refused as a duplicate, and none came early.
    expect(after.runs.every((r) => r.state === 'finished' || !ended(r))).toBe(true);
    const due = dueTimesOf(schedule, 2000, after.runs);
    expect(new Set(due).size).toBe(due.length);
  });
});

describe('refusals', () => {
  it.each([
    [{ query: 'source=web_logs | fields host', every: '1h' }, /end the query with outputlookup/],
    [{ query: 'source=web_logs | outputlookup lk_x', cron: '61 * * * *' }, /cron "61 \* \* \* \*"/],
    [
      { query: 'source=web_logs | outputlookup lk_x', every: '1h', cron: '0 * * * *' },
      /exactly one/,
    ],
    [{ query: 'source=web_logs | outputlookup lk_x', every: '500ms' }, /whole number and a unit/],
    [
      { query: 'source=web_logs | outputlookup lk_x', every: '1h', time_zone: 'Nowhere/City' },
      /Unknown time zone/,
    ],
    [
      {
        query: 'source=web_logs | outputlookup append=true lk_x',
        every: '1h',
        guards: { skip_empty: true },
      },
      /Remove append=true or the guards/,
    ],
    [
      {
        query: 'source=web_logs | outputlookup lk_x',
        every: '1h',
        guards: { max_shrink_percent: 150 },
      },
      /percentage/,
    ],
    [
      { query: 'source=web_logs | outputlookup lk_x', every: '1h', owner: 'admin' },
      /unknown option/,
    ],
  ])('refuses %j with a 400 that says why', async (body, message) => {
    const res = await create(host, body);
    expect(res.status).toBe(400);
    expect((res.body as unknown as { message: string }).message).toMatch(message);
  });

  it('keeps the saved query it was made from, and a PUT without it leaves it out', async () => {
    const name = testNames.lookup('schedsaved');
    const link = {
      id: 'Hosts by day',
      title: 'Hosts by day',
      updated_at: '2026-03-01T09:00:00.000Z',
    };
    const made = await create(host, {
      query: hostsQuery(name, 3),
      every: '1h',
      enabled: false,
      saved_query: link,
    });
    expect(made.status).toBe(200);
    expect(made.body.saved_query).toEqual(link);
    expect((await detail(host, made.body.id)).body.saved_query).toEqual(link);
    const put = await callApi<Schedule>(host.url, 'PUT', apiPaths.schedule(made.body.id), {
      caller: users.writer,
      body: { query: hostsQuery(name, 3), every: '1h', enabled: false },
    });
    expect(put.status).toBe(200);
    expect(put.body.saved_query).toBeUndefined();
    expect((await detail(host, made.body.id)).body.saved_query).toBeUndefined();
  });

  it.each([
    [{ id: 'q', title: 'Q', owner: 'admin' }, /owner/],
    [{ title: 'Q' }, /id/],
    [{ id: '', title: 'Q' }, /expected the id of a saved query/],
    [{ id: 'q', title: 'Q', updated_at: 'yesterday' }, /expected an ISO 8601 time/],
  ])('refuses the saved query link %j with a 400 naming the field', async (link, message) => {
    const res = await create(host, {
      query: 'source=web_logs | outputlookup lk_x',
      every: '1h',
      saved_query: link,
    });
    expect(res.status).toBe(400);
    const body = res.body as unknown as { message: string };
    expect(body.message).toMatch(/saved_query/);
    expect(body.message).toMatch(message);
  });

  it('refuses a period shorter than lookups.schedules.min_interval_ms', async () => {
    const strict = await startHost({ schedules: { min_interval_ms: 60_000 } });
    const res = await create(strict, {
      query: 'source=web_logs | outputlookup lk_x',
      cron: '* * * * * *',
    });
    expect(res.status).toBe(400);
    expect((res.body as unknown as { message: string }).message).toMatch(
      /every 1 s; the shortest period allowed is 60 s/
    );
  });

  it('refuses more schedules than lookups.schedules.max_per_user with 429', async () => {
    const narrow = await startHost({ schedules: { max_per_user: 1, min_interval_ms: 1000 } });
    // A user with no other schedule here, who may write the lookups named.
    const mine = await callApi<{ schedules: Schedule[] }>(narrow.url, 'GET', apiPaths.schedules(), {
      caller: users.teamAWriter,
    });
    expect(mine.body.schedules).toHaveLength(0);
    const first = await create(
      narrow,
      { query: 'source=web_logs | outputlookup lk_team_a_x', every: '1h', enabled: false },
      users.teamAWriter
    );
    expect(first.status).toBe(200);
    const second = await create(
      narrow,
      { query: 'source=web_logs | outputlookup lk_team_a_y', every: '1h' },
      users.teamAWriter
    );
    expect(second.status).toBe(429);
    expect(second.body).toMatchObject({
      attributes: { reason: 'too_many_schedules', max_per_user: 1 },
    });
  });

  it('refuses to make a schedule where the server may not impersonate, storing nothing', async () => {
    // A server identity the node does not allow to impersonate (only kibanaserver may).
    const other = await startHost(
      {},
      { OPENSEARCH_INTERNAL_USERNAME: 'admin', OPENSEARCH_INTERNAL_PASSWORD: adminPassword() }
    );
    const name = testNames.lookup('schednoimp');
    const res = await create(other, { query: hostsQuery(name, 1), every: '1h' });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ attributes: { reason: 'impersonation_not_configured' } });
    expect((res.body as unknown as { message: string }).message).toMatch(
      /plugins\.security\.authcz\.rest_impersonation_user/
    );
    const mine = await callApi<{ schedules: Schedule[] }>(other.url, 'GET', apiPaths.schedules(), {
      caller: users.writer,
    });
    expect(mine.body.schedules.map((s) => s.lookup)).not.toContain(name);

    // While it runs beside a host that may impersonate, it leaves every due run to that one.
    const shared = testNames.lookup('schedshared');
    const { body: schedule } = await create(host, { query: hostsQuery(shared, 1), every: '1s' });
    const after = await untilRuns(host, schedule.id, 3);
    await disable(host, schedule);
    expect(after.runs.filter(ended).map((r) => r.state)).toEqual(
      after.runs.filter(ended).map(() => 'finished')
    );
  });
});

describe('the catalog', () => {
  it('marks a scheduled lookup stale when its last success is older than twice its period', async () => {
    const name = testNames.lookup('schedstale');
    const { body: schedule } = await create(host, { query: hostsQuery(name, 2), every: '1s' });
    const ran = await untilRuns(host, schedule.id, 1);
    const latest = ran.runs.filter(ended)[0];
    expect({ state: latest.state, error: latest.error }).toEqual({
      state: 'finished',
      error: undefined,
    });
    // It keeps refreshing: fresh.
    const fresh = await callApi<ListResponse>(host.url, 'GET', apiPaths.list(), {
      caller: users.writer,
      query: { search: name },
    });
    expect(fresh.body.lookups.map((l) => l.name)).toEqual([name]);
    expect(fresh.body.lookups[0].refresh).toMatchObject({ scheduled: true, stale: false });
    // Its owner loses the query's source: runs fail, and after two periods it is stale.
    await callApi(host.url, 'PUT', apiPaths.schedule(schedule.id), {
      caller: users.writer,
      body: { query: `source=no_such_index_anywhere | outputlookup ${name}`, every: '1s' },
    });
    await new Promise((r) => setTimeout(r, 3500));
    const stale = await callApi<ListResponse>(host.url, 'GET', apiPaths.list(), {
      caller: users.writer,
      query: { search: name },
    });
    // The lookup's own page reads the same mark (#33 defect 15).
    const own = await callApi<LookupDetail>(host.url, 'GET', apiPaths.lookup(name), {
      caller: users.writer,
    });
    await disable(host, { ...schedule, every: '1s' });
    expect(stale.body.lookups[0].refresh).toMatchObject({ scheduled: true, stale: true });
    expect(own.body.refresh).toMatchObject({ scheduled: true, stale: true });
  });
});

describe('a host that dies between claiming a run and starting it', () => {
  it('leaves that due time to the next host once its claim expires', async () => {
    const idle = await startHost({ schedules: { enabled: false, min_interval_ms: 1000 } });
    const name = testNames.lookup('schedclaim');
    const { body: schedule } = await create(idle, { query: hostsQuery(name, 2), every: '1h' });
    // What a claiming host leaves when it dies before its job exists: next_run_at already moved
    // on, a lease that has expired, and no job named in it.
    await admin.update({
      index: PLUGIN_INDEX,
      id: `schedule:${schedule.id}`,
      refresh: true,
      body: {
        doc: {
          schedule: {
            lease: {
              host: 'a-host-that-died',
              expires_at: new Date(Date.now() - 1000).toISOString(),
            },
          },
        },
      },
    });
    const waker = await startHost();
    const run = (await untilRuns(waker, schedule.id, 1)).runs[0];
    await disable(waker, schedule);
    expect(run).toMatchObject({ state: 'finished', trigger: 'schedule' });
    expect(await readRowsSorted(admin, name, 'host')).toHaveLength(2);
  });
});

describe('runs missed while no host ran', () => {
  it('runs missed while no host ran run once when one starts', async () => {
    // No other host of this file may run schedules meanwhile.
    await Promise.all(hosts.map((h) => h.stop()));
    const idle = await startHost({ schedules: { enabled: false, min_interval_ms: 1000 } });
    const name = testNames.lookup('schedmissed');
    const { body: schedule } = await create(idle, { query: hostsQuery(name, 2), every: '3s' });
    // Three due times pass with no host running schedules.
    await new Promise((r) => setTimeout(r, 10_000));
    expect((await detail(idle, schedule.id)).body.runs).toHaveLength(0);
    const started = Date.now();
    const waker = await startHost();
    const first = await untilRuns(waker, schedule.id, 1);
    expect(Date.parse(first.runs[0].created_at) - started).toBeLessThan(15_000);
    // Watch the next few seconds: runs follow the cadence, not one per missed time.
    await new Promise((r) => setTimeout(r, 4000));
    const later = (await detail(waker, schedule.id)).body;
    await disable(waker, schedule);
    // The first run answers every missed due time at once; each later one its own due time.
    const due = dueTimesOf(schedule, 3000, later.runs);
    expect(new Set(due).size).toBe(due.length);
    expect(later.runs.every((r) => r.state === 'finished' || !ended(r))).toBe(true);
  });
});
