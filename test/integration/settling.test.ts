/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * What a write that did not finish leaves settles at once: a version whose writer's lease is
 * gone (its host killed) is `failed` within one lease TTL and cleanup may take it; a cancelled
 * job's version is `cancelled`, never offered for restore, and not one of the newest versions
 * cleanup keeps.
 */
import { mkdtempSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import type { LookupDetail, ReapResponse, SliceInfo } from '../../common/api/codecs';
import type { Job } from '../../common/api/jobs';
import { apiPaths } from '../../common/api/paths';
import { callApi } from '../support/api';
import { adminClient, TestNames } from '../support/cluster';
import { startTestHost, type TestHost } from '../support/host';
import { users } from '../support/users';

const admin = adminClient();
const testNames = new TestNames();
const hosts: TestHost[] = [];
const LEASE_TTL_MS = 2000;

async function startHost(lookups: Record<string, unknown>) {
  const dir = mkdtempSync(join(tmpdir(), 'lookups-settling-'));
  const file = join(dir, 'host.json');
  writeFileSync(file, JSON.stringify({ plugins: { lookups } }));
  const host = await startTestHost({ LOOKUPS_HOST_CONFIG: file });
  hosts.push(host);
  return host;
}
afterAll(async () => {
  await Promise.all(hosts.map((h) => h.stop()));
  await testNames.drop(admin);
});

const write = (host: TestHost, name: string, rows: unknown[]) =>
  callApi<Record<string, unknown>>(host.url, 'POST', apiPaths.write(name), {
    caller: users.writer,
    body: { rows },
  });
const detail = async (host: TestHost, name: string) =>
  (await callApi<LookupDetail>(host.url, 'GET', apiPaths.lookup(name), { caller: users.writer }))
    .body;
const reap = (host: TestHost, name: string, body: Record<string, unknown>) =>
  callApi<ReapResponse>(host.url, 'POST', apiPaths.reap(name), { caller: users.writer, body });

describe('a write whose host died', () => {
  it('is failed in the catalog within one lease TTL, and cleanup no longer keeps it', async () => {
    // Small batches one at a time: the write is still loading when its host is killed.
    const config = { lease_ttl_ms: LEASE_TTL_MS, bulk_batch_size: 200, bulk_max_in_flight: 1 };
    const dying = await startHost(config);
    const survivor = await startHost(config);
    const name = testNames.lookup('settle_killed');
    const index = `${name}__lookup`;
    const first = await write(dying, name, [{ k: 'old' }]);
    expect(first.status).toBe(200);

    const indexed = async () =>
      (await admin.indices.stats({ index, metric: 'indexing' })).body.indices[index].primaries
        .indexing.index_total as number;
    const baseline = await indexed();
    const rows = Array.from({ length: 60_000 }, (_, i) => ({ k: `new-${i}`, pad: 'x'.repeat(40) }));
    const pending = write(dying, name, rows).catch((e: Error) => e);
    for (let waited = 0; (await indexed()) < baseline + 1000; waited += 20) {
      if (waited > 60_000) throw new Error('the write never started loading');
      await new Promise((r) => setTimeout(r, 20));
    }
    await dying.kill();
    const killedAt = Date.now();
    await pending;

    let partial: SliceInfo | undefined;
    for (;;) {
      partial = (await detail(survivor, name)).slices.find((s) => s.id !== first.body.slice);
      if (partial?.state === 'failed') break;
      if (Date.now() - killedAt > 30_000) throw new Error(`still ${partial?.state} after 30 s`);
      await new Promise((r) => setTimeout(r, 100));
    }
    const settledAfter = Date.now() - killedAt;
    process.stdout.write(`killed write settled as failed after ${settledAfter} ms\n`);
    // The lease is renewed every third of its TTL: gone at most one TTL after the host.
    expect(settledAfter).toBeLessThan(LEASE_TTL_MS + 1000);
    expect(partial.in_flight).toBeUndefined();

    const cleaned = await reap(survivor, name, { keep: 0, older_than: '0s' });
    expect(cleaned.status).toBe(200);
    expect(cleaned.body.kept).toEqual([]);
    expect(cleaned.body.removed.map((r) => r.slice)).toEqual([partial.id]);
  });
});

describe('a cancelled job', () => {
  it('leaves a version labelled cancelled, never restorable, not among the newest cleanup keeps', async () => {
    const host = await startHost({
      lease_ttl_ms: 3000,
      bulk_batch_size: 100,
      bulk_max_in_flight: 1,
    });
    const name = testNames.lookup('settle_cancel');
    const older = await write(host, name, [{ v: 'older' }]);
    const current = await write(host, name, [{ v: 'current' }]);
    expect([older.status, current.status]).toEqual([200, 200]);

    const submitted = await callApi<Job>(host.url, 'POST', apiPaths.jobs(), {
      caller: users.writer,
      body: { query: `source=web_logs | eval v = host | fields v | outputlookup ${name}` },
    });
    expect(submitted.status).toBe(202);
    const job = async () =>
      (
        await callApi<Job>(host.url, 'GET', apiPaths.job(submitted.body.id), {
          caller: users.writer,
        })
      ).body;
    for (let seen = await job(); seen.progress.rows_written === 0; seen = await job()) {
      if (seen.state !== 'queued' && seen.state !== 'running') throw new Error(seen.state);
      await new Promise((r) => setTimeout(r, 50));
    }
    const cancel = await callApi(host.url, 'POST', apiPaths.cancelJob(submitted.body.id), {
      caller: users.writer,
    });
    expect(cancel.status).toBe(200);
    let ended = await job();
    while (ended.state === 'cancelling' || ended.state === 'running') {
      await new Promise((r) => setTimeout(r, 100));
      ended = await job();
    }
    expect(ended.state).toBe('cancelled');

    const lookup = await detail(host, name);
    const cancelled = lookup.slices.find((s) => s.id === ended.slice);
    expect(cancelled).toMatchObject({
      current: false,
      state: 'cancelled',
      written_by: users.writer.username,
      action: 'overwritten',
    });
    expect(cancelled!.in_flight).toBeUndefined();
    expect(lookup.current_slice).toBe(current.body.slice);

    const restore = await callApi(host.url, 'POST', apiPaths.rollback(name), {
      caller: users.writer,
      body: { slice: ended.slice },
    });
    expect(restore.status).toBe(409);
    expect(restore.body).toMatchObject({
      message: expect.stringContaining('was cancelled'),
      attributes: { state: 'cancelled' },
    });

    // Keep the newest one: that is the older complete version, not the newer cancelled one.
    const young = await reap(host, name, { keep: 1, dry_run: true });
    expect(young.body.kept.map((k) => [k.slice, k.rule]).sort()).toEqual(
      [
        [older.body.slice, 'newest'],
        [ended.slice, 'younger'],
      ].sort()
    );
    const cleanup = await reap(host, name, { keep: 1, older_than: '0s' });
    expect(cleanup.status).toBe(200);
    expect(cleanup.body.kept.map((k) => [k.slice, k.rule])).toEqual([[older.body.slice, 'newest']]);
    expect(cleanup.body.removed.map((r) => r.slice)).toEqual([ended.slice]);
    const after = await detail(host, name);
    expect(after.slices.map((s) => s.id).sort()).toEqual(
      [older.body.slice, current.body.slice].sort()
    );
  });
});
