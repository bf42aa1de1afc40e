/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Queries run in worker threads (issue 30). The attacks that once ran the server out of memory
 * or held its event loop are sent to a throwaway host given the heap the README advises
 * (`--max-old-space-size=768`), by users with read rights or none: each ends in a 4xx or a 200,
 * the host lives, and a `_status` request every 250 ms answers within a second throughout. A
 * worker ended by its heap in the middle of a write publishes nothing, leaves a failed version
 * and frees the lease at once.
 */
import { mkdtempSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { apiPaths } from '../../common/api/paths';
import type { LookupDetail, QueryResponse } from '../../common/api/codecs';
import { callApi, type Caller } from '../support/api';
import { adminClient, TestNames } from '../support/cluster';
import { startTestHost, type TestHost } from '../support/host';
import { readLookup, writeRecordsOf } from '../support/lookups';
import { users } from '../support/users';

const admin = adminClient();
const names = new TestNames();
const hosts: TestHost[] = [];
const MiB = 1024 * 1024;

async function startHost(lookups: Record<string, unknown>, heapMb = 768): Promise<TestHost> {
  const file = join(mkdtempSync(join(tmpdir(), 'lookups-isolation-')), 'host.json');
  writeFileSync(file, JSON.stringify({ plugins: { lookups } }));
  const host = await startTestHost({
    LOOKUPS_HOST_CONFIG: file,
    NODE_OPTIONS: `--max-old-space-size=${heapMb}`,
  });
  hosts.push(host);
  return host;
}

type Answer = {
  status: number;
  body: QueryResponse & { message?: string; attributes?: Record<string, unknown> };
};
const run = (host: TestHost, query: string, caller: Caller) =>
  callApi<QueryResponse & { message?: string; attributes?: Record<string, unknown> }>(
    host.url,
    'POST',
    apiPaths.query(),
    { caller, body: { query } }
  ) as Promise<Answer>;

/** `_status` every 250 ms until stopped: the slowest answer, and any that failed. */
function watchStatus(host: TestHost) {
  let slowest = 0;
  const failures: string[] = [];
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      const started = Date.now();
      const answer = await callApi(host.url, 'GET', apiPaths.status(), {
        caller: users.reader,
      }).catch((e: Error) => ({ status: 0, body: { message: e.message } }));
      slowest = Math.max(slowest, Date.now() - started);
      if (answer.status !== 200) failures.push(`${answer.status}`);
      await new Promise((r) => setTimeout(r, 250));
    }
  })();
  return {
    async stop() {
      stopped = true;
      await loop;
      return { slowest, failures };
    },
  };
}

const numbers = (n: number) => Array.from({ length: n }, (_, i) => i).join(',');
const mysqlFormat = '%Y-%m-%d %H:%i:%s %W %M '.repeat(300);
const posixFormat = '%Y-%m-%d %H:%M:%S %A %B '.repeat(300);
const groups = Array.from({ length: 500 }, (_, i) => `(?<g${i}>a)`).join('');

afterAll(async () => {
  await Promise.all(hosts.map((h) => h.stop()));
  await names.drop(admin);
});

describe('a host with the advised heap', () => {
  let host: TestHost;
  beforeAll(async () => {
    host = await startHost({});
  });

  const attacks: Array<[string, Caller, () => string]> = [
    [
      'a lookup that matches every row of 5,000 with many',
      users.reader,
      () => 'source=web_logs | head 5000 | lookup web_logs host | stats count()',
    ],
    [
      'a lookup of 1,000 rows with many matches each, answered',
      users.reader,
      () => 'source=web_logs | head 1000 | lookup web_logs host',
    ],
    [
      'date_format with 2,400 specifiers over 5,000 rows, with no index rights',
      users.noAccess,
      () => `makeresults count=5000 | eval d=date_format(now(), '${mysqlFormat}') | stats count()`,
    ],
    [
      'strftime with 2,400 specifiers over 5,000 rows, with no index rights',
      users.noAccess,
      () => `makeresults count=5000 | eval d=strftime(now(), '${posixFormat}') | stats count()`,
    ],
    [
      'mvdedup of 20,000 values, with no index rights',
      users.noAccess,
      () =>
        `makeresults count=10 | eval a=split('${numbers(20000)}', ','), b=mvdedup(a) | stats count()`,
    ],
    [
      'the same, written to a lookup',
      users.writer,
      () =>
        `makeresults count=10 | eval a=split('${numbers(20000)}', ','), n=mvcount(mvdedup(a)) | fields n | outputlookup ${names.lookup('mvdedup_write')}`,
    ],
    [
      'rex with 500 named groups over 5,000 rows',
      users.noAccess,
      () =>
        `makeresults count=5000 | eval t='${'a'.repeat(500)}' | rex field=t "${groups}" | stats count()`,
    ],
  ];

  it.each(attacks)(
    '%s ends in a 4xx or a 200, and the host keeps answering within a second',
    async (_label, caller, query) => {
      const watch = watchStatus(host);
      const answer = await run(host, query(), caller);
      const { slowest, failures } = await watch.stop();
      expect(answer.status < 500).toBe(true);
      if (answer.status !== 200) expect(answer.body.message).toBeTruthy();
      expect(failures).toEqual([]);
      expect(slowest).toBeLessThan(1000);
      expect(host.process.exitCode).toBeNull();
    }
  );

  it('several attacks at once leave _status answering within a second', async () => {
    const watch = watchStatus(host);
    const answers = await Promise.all(
      attacks
        .filter(([, c]) => c !== users.writer)
        .map(([, caller, query]) => run(host, query(), caller))
    );
    const { slowest, failures } = await watch.stop();
    for (const answer of answers) expect(answer.status < 500 || answer.status === 503).toBe(true);
    expect(failures).toEqual([]);
    expect(slowest).toBeLessThan(1000);
    expect(host.process.exitCode).toBeNull();
  });
});

describe('a worker ended by its heap in the middle of a write', () => {
  it('publishes nothing, leaves the version failed, and frees the lease at once', async () => {
    // The accounting is set above the worker's heap, so that only the heap limit stops the query.
    const host = await startHost({
      bulk_batch_size: 200,
      query: {
        worker_max_heap_mb: 96,
        max_memory_bytes: 2048 * MiB,
        max_total_memory_bytes: 2048 * MiB,
      },
    });
    const name = names.lookup('oom_write');
    const first = await run(
      host,
      `source=web_logs | head 10 | fields host | outputlookup ${name}`,
      users.writer
    );
    expect(first.status).toBe(200);
    const before = await readLookup(admin, name);
    expect(before).toHaveLength(10);

    const big = 'x'.repeat(40_000);
    const answer = await run(
      host,
      `source=web_logs | head 5000 | eval s = upper(concat('${big}', host, cast(rand() as string))) | eventstats count() as n | fields host, s | outputlookup ${name}`,
      users.writer
    );
    expect({ status: answer.status, message: answer.body.message }).toEqual({
      status: 400,
      message: expect.stringContaining('worker'),
    });
    expect(answer.body.attributes).toMatchObject({
      reason: 'query_worker_memory_exceeded',
      setting: 'lookups.query.worker_max_heap_mb',
    });

    // The lookup is as it was, the attempt is a failed version, and the lookup is free for the next write.
    expect(await readLookup(admin, name)).toHaveLength(10);
    const detail = await callApi<LookupDetail>(host.url, 'GET', apiPaths.lookup(name), {
      caller: users.writer,
    });
    expect(detail.status).toBe(200);
    expect(detail.body.rows).toBe(10);
    // The attempt's record: begun (a new version was being written), then failed with the limit.
    const records = await writeRecordsOf(admin, `${name}__lookup`);
    const failed = records.filter((r) => r.status === 'failed');
    expect(failed).toHaveLength(1);
    expect(String(failed[0].error)).toContain('lookups.query.worker_max_heap_mb');
    const again = await run(
      host,
      `source=web_logs | head 20 | fields host | outputlookup ${name}`,
      users.writer
    );
    expect(again.status).toBe(200);
    expect(await readLookup(admin, name)).toHaveLength(20);
    expect(host.process.exitCode).toBeNull();
  });
});
