/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Imports as durable jobs (`_import?job=true`) against the real cluster: the file is received
 * and checked while the request is open (a bad file is a 400 and no job), then a job writes it
 * with progress and can be cancelled, leaving the lookup as it was.
 */
import { mkdtempSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import type { Job } from '../../common/api/jobs';
import { apiPaths } from '../../common/api/paths';
import { basicAuthorization } from '../../host/src/auth/session';
import { callApi, type Caller } from '../support/api';
import { adminClient, TestNames } from '../support/cluster';
import { startTestHost, type TestHost } from '../support/host';
import { readRowsSorted, slicesIn } from '../support/lookups';
import { users } from '../support/users';

const admin = adminClient();
const testNames = new TestNames();
let host: TestHost;

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'lookups-import-jobs-'));
  const file = join(dir, 'host.json');
  // Small batches, one at a time: a cancel lands while the job writes.
  writeFileSync(
    file,
    JSON.stringify({ plugins: { lookups: { bulk_batch_size: 100, bulk_max_in_flight: 1 } } })
  );
  host = await startTestHost({ LOOKUPS_HOST_CONFIG: file });
});
afterAll(async () => {
  await host?.stop();
  await testNames.drop(admin);
});

async function importAsJob(
  name: string,
  content: string,
  filename: string,
  caller: Caller = users.writer
) {
  const form = new FormData();
  form.append('file', new Blob([content], { type: 'text/csv' }), filename);
  const res = await fetch(`${host.url}${apiPaths.import(name)}?job=true`, {
    method: 'POST',
    headers: {
      'osd-xsrf': 'true',
      authorization: basicAuthorization(caller.username ?? '', caller.password ?? ''),
    },
    body: form,
  });
  return { status: res.status, body: (await res.json()) as Job & { message?: string } };
}

async function until(id: string, done: (job: Job) => boolean, seen: Job[] = []): Promise<Job> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const { body } = await callApi<Job>(host.url, 'GET', apiPaths.job(id), {
      caller: users.writer,
    });
    seen.push(body);
    if (done(body)) return body;
    if (Date.now() > deadline) throw new Error(`job ${id} stayed ${body.state}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const csv = (rows: number) =>
  'host,n\n' +
  Array.from({ length: rows }, (_, i) => `h${String(i).padStart(6, '0')},${i}`).join('\n') +
  '\n';

it('answers 202 with a job once the file is checked, and the job writes it with progress', async () => {
  const name = testNames.lookup('impjob');
  const { status, body } = await importAsJob(name, csv(3000), 'hosts.csv');
  expect(status).toBe(202);
  expect(body).toMatchObject({
    lookup: name,
    user: 'lookup_writer',
    state: 'queued',
    progress: { rows_total: 3000 },
  });
  expect(body.query).toBe(`import "hosts.csv" (csv, 3000 rows) into ${name}`);
  const seen: Job[] = [];
  const done = await until(
    body.id,
    (j) => ['finished', 'failed', 'cancelled'].includes(j.state),
    seen
  );
  expect(done).toMatchObject({
    state: 'finished',
    action: 'created',
    progress: { rows_written: 3000 },
  });
  const rows = await readRowsSorted(admin, name, 'host');
  expect(rows).toHaveLength(3000);
  expect(rows[2999]).toEqual({ host: 'h002999', n: 2999 });
  // The lookup's jobs list it.
  const listed = await callApi<{ jobs: Job[] }>(host.url, 'GET', apiPaths.jobs(), {
    caller: users.writer,
    query: { lookup: name },
  });
  expect(listed.body.jobs.map((j) => j.id)).toEqual([body.id]);
});

it('refuses a bad file with a 400 naming the line, and makes no job and no lookup', async () => {
  const name = testNames.lookup('impjobbad');
  const { status, body } = await importAsJob(name, 'host,n\na,1\nb\n', 'bad.csv');
  expect(status).toBe(400);
  expect(body.message).toMatch(/line 3/);
  const listed = await callApi<{ jobs: Job[] }>(host.url, 'GET', apiPaths.jobs(), {
    caller: users.writer,
    query: { lookup: name },
  });
  expect(listed.body.jobs).toEqual([]);
  expect((await admin.indices.exists({ index: `${name}__lookup` })).body).toBe(false);
});

it('is cancelled while it writes: the lookup keeps its rows, the partial version is not published', async () => {
  const name = testNames.lookup('impjobcancel');
  const first = await importAsJob(name, csv(5), 'first.csv');
  await until(first.body.id, (j) => j.state === 'finished');
  const { body } = await importAsJob(name, csv(20_000), 'big.csv');
  await until(body.id, (j) => j.state === 'running' && j.progress.rows_written > 0);
  const cancel = await callApi<Job>(host.url, 'POST', apiPaths.cancelJob(body.id), {
    caller: users.writer,
  });
  expect(cancel.status).toBe(200);
  const ended = await until(body.id, (j) => ['finished', 'failed', 'cancelled'].includes(j.state));
  expect(ended.state).toBe('cancelled');
  expect(await readRowsSorted(admin, name, 'host')).toHaveLength(5);
  const slices = Object.values(await slicesIn(admin, `${name}__lookup`));
  expect(slices).toContain(5);
  expect(slices.some((n) => n > 0 && n < 20_000)).toBe(true);
});
