/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Durable write jobs against the real cluster and real host processes: progress, cancel,
 * admission, a closed connection, and what a host that starts makes of jobs its predecessor
 * left mid-way.
 */
import { mkdtempSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import type { Job } from '../../common/api/jobs';
import { apiPaths } from '../../common/api/paths';
import { basicAuthorization } from '../../host/src/auth/session';
import { callApi } from '../support/api';
import { adminClient, TestNames } from '../support/cluster';
import { startTestHost, TestHost } from '../support/host';
import { aliasFilterOf, indexExists, readRowsSorted, slicesIn } from '../support/lookups';
import { users } from '../support/users';

const admin = adminClient();
const testNames = new TestNames();
const hosts: TestHost[] = [];

function hostConfig(lookups: Record<string, unknown>): string {
  const dir = mkdtempSync(join(tmpdir(), 'lookups-jobs-'));
  const file = join(dir, 'host.json');
  // Small batches, so that a job over the sample data takes many steps to watch and interrupt.
  writeFileSync(
    file,
    JSON.stringify({
      plugins: { lookups: { lease_ttl_ms: 3000, bulk_batch_size: 200, ...lookups } },
    })
  );
  return file;
}
async function startHost(lookups: Record<string, unknown> = {}) {
  const host = await startTestHost({ LOOKUPS_HOST_CONFIG: hostConfig(lookups) });
  hosts.push(host);
  return host;
}

const SAMPLE_ROWS = 20_000;
/** Every row of the sample data (20,000 documents) into a lookup, or the first `rows` of them. */
const bigQuery = (name: string, rows = SAMPLE_ROWS) =>
  `source=web_logs | head ${rows} | eval k = 1 | fields host, k | outputlookup ${name}`;
const submit = (host: TestHost, query: string, caller = users.writer) =>
  callApi<Job>(host.url, 'POST', apiPaths.jobs(), { caller, body: { query } });
const read = (host: TestHost, id: string, caller = users.writer) =>
  callApi<Job>(host.url, 'GET', apiPaths.job(id), { caller });

async function until(
  host: TestHost,
  id: string,
  done: (job: Job) => boolean,
  seen: Job[] = [],
  timeoutMs = 60_000,
  caller = users.writer
): Promise<Job> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { body } = await read(host, id, caller);
    seen.push(body);
    if (done(body)) return body;
    if (Date.now() > deadline) throw new Error(`job ${id} stayed ${body.state}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

let host: TestHost;
beforeAll(async () => {
  host = await startHost();
});
afterAll(async () => {
  await Promise.all(hosts.map((h) => h.stop()));
  await testNames.drop(admin);
});

describe('a job', () => {
  it('is accepted at once, shows rising progress, and ends finished with the rows written', async () => {
    const name = testNames.lookup('jobprogress');
    const accepted = await submit(host, bigQuery(name));
    expect(accepted.status).toBe(202);
    expect(accepted.body).toMatchObject({
      lookup: name,
      state: 'queued',
      user: users.writer.username,
    });
    const seen: Job[] = [];
    const end = await until(
      host,
      accepted.body.id,
      (j) => j.state === 'finished' || j.state === 'failed',
      seen
    );
    expect(end).toMatchObject({
      state: 'finished',
      action: 'created',
      progress: { rows_written: SAMPLE_ROWS },
    });
    const counts = seen.filter((j) => j.state === 'running').map((j) => j.progress.rows_written);
    expect(new Set(counts.filter((n) => n > 0 && n < SAMPLE_ROWS)).size).toBeGreaterThanOrEqual(2);
    expect(counts).toEqual([...counts].sort((a, b) => a - b));
    const { body } = await admin.count({ index: name });
    expect(body.count).toBe(SAMPLE_ROWS);
    const list = await callApi<{ jobs: Job[] }>(host.url, 'GET', apiPaths.jobs(), {
      caller: users.writer,
      query: { lookup: name },
    });
    expect(list.body.jobs.map((j) => j.id)).toEqual([accepted.body.id]);
  });

  it('reports rising progress with a known total on a 200,000-row job at the default batch size', async () => {
    const source = testNames.lookup('jobsrc200k');
    const name = testNames.lookup('job200k');
    const ROWS = 200_000;
    for (let start = 0; start < ROWS; start += 50_000) {
      const body = Array.from({ length: 50_000 }, (_, i) => [
        { index: {} },
        { k: start + i, g: (start + i) % 97 },
      ]).flat();
      const { body: answer } = await admin.bulk({ index: source, body });
      expect(answer.errors).toBe(false);
    }
    await admin.indices.refresh({ index: source });
    const plain = await startHost({ bulk_batch_size: 5000 });
    const accepted = await submit(plain, `source=${source} | fields k, g | outputlookup ${name}`);
    expect(accepted.status).toBe(202);
    const seen: Job[] = [];
    const end = await until(
      plain,
      accepted.body.id,
      (j) => j.state === 'finished' || j.state === 'failed',
      seen,
      120_000
    );
    expect(end).toMatchObject({ state: 'finished', progress: { rows_written: ROWS } });
    const running = seen.filter((j) => j.state === 'running');
    expect(running.some((j) => j.progress.rows_total === ROWS)).toBe(true);
    const counts = running.map((j) => j.progress.rows_written);
    expect(new Set(counts.filter((n) => n > 0 && n < ROWS)).size).toBeGreaterThanOrEqual(3);
    expect(counts).toEqual([...counts].sort((a, b) => a - b));
    expect(running.some((j) => (j.progress.rate ?? 0) > 0)).toBe(true);
    expect((await admin.count({ index: name })).body.count).toBe(ROWS);
  });

  it('is cancelled during writing: the lookup stays as it was and the slice is left for the reaper', async () => {
    const name = testNames.lookup('jobcancel');
    await callApi(host.url, 'POST', apiPaths.write(name), {
      caller: users.writer,
      body: { rows: [{ k: 0 }] },
    });
    const before = await aliasFilterOf(admin, name);
    const accepted = await submit(host, bigQuery(name));
    await until(host, accepted.body.id, (j) => j.progress.rows_written > 0);
    const cancel = await callApi<Job>(host.url, 'POST', apiPaths.cancelJob(accepted.body.id), {
      caller: users.writer,
    });
    expect(cancel.status).toBe(200);
    expect(['cancelling', 'cancelled']).toContain(cancel.body.state);
    const end = await until(
      host,
      accepted.body.id,
      (j) => j.state === 'cancelled' || j.state === 'finished' || j.state === 'failed'
    );
    expect(end.state).toBe('cancelled');
    expect(await aliasFilterOf(admin, name)).toEqual(before);
    expect(await readRowsSorted(admin, name, 'k')).toEqual([{ k: 0 }]);
    await admin.indices.refresh({ index: `${name}__lookup` });
    const slices = await slicesIn(admin, `${name}__lookup`);
    expect(Object.keys(slices)).toContain(end.slice);
    const detail = await callApi<{
      slices: Array<{ id: string; current: boolean; state?: string }>;
    }>(host.url, 'GET', apiPaths.lookup(name), { caller: users.writer });
    expect(detail.body.slices.find((s) => s.id === end.slice)).toMatchObject({
      current: false,
      state: 'cancelled',
    });
  });

  it('a second job on the same lookup is refused with 409 naming the active one', async () => {
    const name = testNames.lookup('jobbusy');
    const first = await submit(host, bigQuery(name));
    const second = await submit(host, bigQuery(name, 10));
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({
      attributes: { reason: 'lookup_busy', operation: 'job', job_id: first.body.id },
    });
    await until(host, first.body.id, (j) => j.state === 'finished');
  });

  it("is another user's to see and cancel only when it is theirs", async () => {
    const name = testNames.lookup('jobowner');
    const accepted = await submit(host, bigQuery(name, 10));
    const asReader = await read(host, accepted.body.id, users.reader);
    expect(asReader.status).toBe(404);
    const cancel = await callApi(host.url, 'POST', apiPaths.cancelJob(accepted.body.id), {
      caller: users.reader,
    });
    expect(cancel.status).toBe(404);
    await until(host, accepted.body.id, (j) => j.state === 'finished');
  });

  it('refuses a query that does not write, and one a read-only user may not write, changing nothing', async () => {
    const plain = await submit(host, 'source=web_logs | head 3');
    expect(plain.status).toBe(400);
    const name = testNames.lookup('jobreader');
    // Refused at submission, before the lookup's lease: no job is stored.
    const refused = await submit(host, bigQuery(name, 10), users.reader);
    expect(refused.status).toBe(403);
    expect(JSON.stringify(refused.body)).toMatch(/no permissions for .*You may not write /);
    const mine = await callApi<{ jobs: Job[] }>(host.url, 'GET', apiPaths.jobs(), {
      caller: users.reader,
      query: { lookup: name },
    });
    expect(mine.body.jobs).toEqual([]);
    expect(await indexExists(admin, `${name}__lookup`)).toBe(false);
  });
});

describe('a job over the ceiling', () => {
  it('fails naming the setting, with what the page needs to offer max=N, writing nothing', async () => {
    const small = await startHost({ max_rows: 100 });
    const name = testNames.lookup('jobceiling');
    const accepted = await submit(small, bigQuery(name));
    const end = await until(
      small,
      accepted.body.id,
      (j) => j.state === 'failed' || j.state === 'finished'
    );
    expect(end).toMatchObject({
      state: 'failed',
      error: expect.stringContaining('lookups.max_rows'),
      error_attributes: { setting: 'lookups.max_rows', max_rows: 100 },
    });
    expect(await indexExists(admin, `${name}__lookup`)).toBe(false);
  });
});

describe('cancel during publishing', () => {
  it('is refused with 409, and the job finishes', async () => {
    const paused = await startHost({ jobs: { test_pause_before_publish_ms: 3000 } });
    const name = testNames.lookup('jobpublish');
    const accepted = await submit(paused, bigQuery(name, 100));
    await until(paused, accepted.body.id, (j) => j.state === 'publishing');
    const cancel = await callApi(paused.url, 'POST', apiPaths.cancelJob(accepted.body.id), {
      caller: users.writer,
    });
    expect(cancel.status).toBe(409);
    const end = await until(
      paused,
      accepted.body.id,
      (j) => j.state === 'finished' || j.state === 'failed'
    );
    expect(end.state).toBe('finished');
    expect(await readRowsSorted(admin, name, 'k')).toHaveLength(100);
  });
});

describe('a host killed mid-job', () => {
  it('during writing: the next host marks the job failed, nothing published', async () => {
    const doomed = await startHost();
    const name = testNames.lookup('jobkillw');
    const accepted = await submit(doomed, bigQuery(name));
    await until(doomed, accepted.body.id, (j) => j.progress.rows_written > 0);
    await doomed.kill();
    expect(await aliasFilterOf(admin, name)).toBeNull();
    const next = await startHost();
    const end = await until(next, accepted.body.id, (j) => j.state !== 'running', [], 60_000);
    expect(end.state).toBe('failed');
    expect(end.error).toMatch(/Interrupted/);
    expect(await aliasFilterOf(admin, name)).toBeNull();
  });

  it('during publishing: the next host settles the job from the alias', async () => {
    const doomed = await startHost({ jobs: { test_pause_before_publish_ms: 30_000 } });
    const name = testNames.lookup('jobkillp');
    await callApi(doomed.url, 'POST', apiPaths.write(name), {
      caller: users.writer,
      body: { rows: [{ k: 0 }] },
    });
    const before = await aliasFilterOf(admin, name);
    const accepted = await submit(doomed, bigQuery(name, 50));
    await until(doomed, accepted.body.id, (j) => j.state === 'publishing');
    await doomed.kill();
    const next = await startHost();
    const end = await until(next, accepted.body.id, (j) => j.state !== 'publishing', [], 60_000);
    // Killed before its alias request: the alias still names the previous version.
    expect(end.state).toBe('failed');
    expect(end.error).toMatch(/previous version/);
    expect(await aliasFilterOf(admin, name)).toEqual(before);
  });
});

describe('a synchronous write', () => {
  it('runs to its end when its client hangs up, as in OSD, which gives a route no signal for it', async () => {
    const name = testNames.lookup('syncclose');
    const controller = new AbortController();
    const sent = fetch(`${host.url}${apiPaths.query()}`, {
      method: 'POST',
      signal: controller.signal,
      headers: {
        authorization: basicAuthorization(users.writer.username, users.writer.password),
        'content-type': 'application/json',
        'osd-xsrf': 'true',
      },
      body: JSON.stringify({ query: bigQuery(name) }),
    }).catch(() => undefined);
    // Wait until rows are going in, then hang up.
    const deadline = Date.now() + 30_000;
    while (!(await indexExists(admin, `${name}__lookup`)) && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
    }
    await new Promise((r) => setTimeout(r, 300));
    controller.abort();
    await sent;
    // The write goes on and publishes every row; a write that must be stoppable is a job.
    let rows = 0;
    for (let i = 0; i < 150 && rows !== SAMPLE_ROWS; i++) {
      await new Promise((r) => setTimeout(r, 200));
      const count = await admin.count({ index: name }).catch(() => undefined);
      rows = count?.body.count ?? 0;
    }
    expect(rows).toBe(SAMPLE_ROWS);
  });
});

describe('a synchronous write longer than the socket timeout', () => {
  it('completes: long routes set timeout.idleSocket, as OSD honours it', async () => {
    // 800 bulk requests one at a time: a write of a few seconds, well past the 1 s socket timeout
    // on a fast machine too (with 200 it once took 996 ms).
    const short = await startTestHost({
      LOOKUPS_HOST_CONFIG: hostConfig({ bulk_batch_size: 25, bulk_max_in_flight: 1 }),
      LOOKUPS_SERVER_SOCKET_TIMEOUT_MS: '1000',
    });
    hosts.push(short);
    const name = testNames.lookup('longwrite');
    const started = Date.now();
    const res = await callApi<{ datarows: number[][] }>(short.url, 'POST', apiPaths.query(), {
      caller: users.writer,
      body: { query: bigQuery(name) },
    });
    const took = Date.now() - started;
    expect(res.status).toBe(200);
    expect(res.body.datarows).toEqual([[SAMPLE_ROWS]]);
    // It did outlast the socket timeout it would otherwise have been cut at.
    expect(took).toBeGreaterThan(1000);
  });
});

describe('admission', () => {
  it('queues jobs beyond jobs.max_concurrent, and refuses more than jobs.max_queued with 429', async () => {
    const narrow = await startHost({ jobs: { max_concurrent: 1, max_queued: 1 } });
    const [a, b, c] = ['qa', 'qb', 'qc'].map((label) => testNames.lookup(label));
    const first = await submit(narrow, bigQuery(a));
    const second = await submit(narrow, bigQuery(b, 10));
    const third = await submit(narrow, bigQuery(c, 10));
    expect([first.status, second.status]).toEqual([202, 202]);
    expect(third).toMatchObject({
      status: 429,
      body: { attributes: { reason: 'jobs_queue_full' } },
    });
    // The second waits its turn while the first runs, then runs.
    const waiting = await read(narrow, second.body.id);
    expect(waiting.body.state).toBe('queued');
    await until(narrow, first.body.id, (j) => j.state === 'finished');
    await until(narrow, second.body.id, (j) => j.state === 'finished');
    expect(await indexExists(admin, `${c}__lookup`)).toBe(false);
  });

  it('accepts exactly max_concurrent + max_queued of many submits sent at once; the rest are 429s naming the setting', async () => {
    const narrow = await startHost({ jobs: { max_concurrent: 2, max_queued: 3 } });
    const names = Array.from({ length: 40 }, (_, i) => testNames.lookup(`burst${i}`));
    // Each accepted job writes 20,000 rows in batches of 200: none ends while the burst arrives.
    const answers = await Promise.all(names.map((name) => submit(narrow, bigQuery(name))));
    const accepted = answers.filter((a) => a.status === 202);
    const refused = answers.filter((a) => a.status !== 202);
    expect(accepted).toHaveLength(5);
    expect(refused).toHaveLength(35);
    for (const answer of refused) {
      expect(answer).toMatchObject({
        status: 429,
        body: {
          message: expect.stringContaining('lookups.jobs.max_queued (3)'),
          attributes: {
            reason: 'jobs_queue_full',
            setting: 'lookups.jobs.max_queued',
            max_queued: 3,
          },
        },
      });
    }
    // Two run, three wait; once they are cancelled the host takes new jobs again.
    const ids = accepted.map((a) => (a.body as Job).id);
    for (const id of ids) {
      const cancel = await callApi<Job>(narrow.url, 'POST', apiPaths.cancelJob(id), {
        caller: users.writer,
      });
      // A job may already be publishing or over: then it is left to end.
      expect([200, 409]).toContain(cancel.status);
    }
    for (const id of ids) {
      await until(narrow, id, (j) => ['cancelled', 'finished', 'failed'].includes(j.state));
    }
    const after = await submit(narrow, bigQuery(testNames.lookup('burstafter'), 10));
    expect(after.status).toBe(202);
    await until(narrow, after.body.id, (j) => j.state === 'finished');
  });

  it('with max_queued 0 runs a job at once when a slot is free, and refuses an import job before reading its file', async () => {
    const none = await startHost({ jobs: { max_concurrent: 1, max_queued: 0 } });
    const [a, b] = ['q0a', 'q0b'].map((label) => testNames.lookup(label));
    const running = await submit(none, bigQuery(a));
    expect(running.status).toBe(202);
    const form = new FormData();
    form.append('file', new Blob(['host,n\nh1,1\n'], { type: 'text/csv' }), 'hosts.csv');
    const res = await fetch(`${none.url}${apiPaths.import(b)}?job=true`, {
      method: 'POST',
      headers: {
        'osd-xsrf': 'true',
        authorization: basicAuthorization(users.writer.username ?? '', users.writer.password ?? ''),
      },
      body: form,
    });
    expect(res.status).toBe(429);
    expect(await res.json()).toMatchObject({ attributes: { reason: 'jobs_queue_full' } });
    await until(none, running.body.id, (j) => j.state === 'finished');
    expect(await indexExists(admin, `${b}__lookup`)).toBe(false);
  });
});
