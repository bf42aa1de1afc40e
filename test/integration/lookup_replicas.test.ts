/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * A lookup's replica choice (`PUT`/`GET /api/lookups/{name}/_replicas`) on the real node through
 * the installed plugin: it sets the backing index's `index.auto_expand_replicas`, holds through
 * overwrites (with build settings too) and appends, is kept as a timeline event, and is refused
 * to a reader (403), for a bad value (400), for an unknown lookup (404) and while a write holds
 * the lookup or for a legacy lookup (409), changing nothing.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LookupDetail } from '../../common/api/codecs';
import type { Job } from '../../common/api/jobs';
import { apiPaths } from '../../common/api/paths';
import type { ReplicasSettings } from '../../common/api/replicas';
import { callApi } from '../support/api';
import { adminClient, TestNames } from '../support/cluster';
import { startTestHost, type TestHost } from '../support/host';
import { users } from '../support/users';

const admin = adminClient();
const names = new TestNames();
let host: TestHost;

type Answer<T> = T & { message?: string };

beforeAll(async () => {
  // Every write loads with build settings (replicas 0, expansion off), then puts back what it found.
  const dir = mkdtempSync(join(tmpdir(), 'lookups-replica-choice-'));
  const file = join(dir, 'host.json');
  // A job waits before its alias request, so a test can act while it holds the lookup's lease.
  writeFileSync(
    file,
    JSON.stringify({
      plugins: {
        lookups: { build_settings_min_rows: 1, jobs: { test_pause_before_publish_ms: 4000 } },
      },
    })
  );
  host = await startTestHost({ LOOKUPS_HOST_CONFIG: file });
});
afterAll(async () => {
  await host?.stop();
  await names.drop(admin);
});

const write = (name: string, rows: unknown[], append = false) =>
  callApi<Answer<{ slice: string }>>(host.url, 'POST', apiPaths.write(name), {
    caller: users.writer,
    body: { rows, append },
  });
const getReplicas = (name: string, caller = users.reader) =>
  callApi<Answer<ReplicasSettings>>(host.url, 'GET', apiPaths.replicas(name), { caller });
const setReplicas = (name: string, body: unknown, caller = users.writer) =>
  callApi<Answer<ReplicasSettings>>(host.url, 'PUT', apiPaths.replicas(name), { caller, body });

async function expansionOf(index: string) {
  const { body } = await admin.indices.getSettings({ index, flat_settings: true });
  return (body[index].settings as Record<string, string>)['index.auto_expand_replicas'];
}

it('0-all is set on the backing index, survives overwrites and appends, and is a timeline event', async () => {
  const name = names.lookup('replica_choice');
  const index = `${name}__lookup`;
  expect((await write(name, [{ v: 1 }])).status).toBe(200);
  const before = await getReplicas(name);
  expect(before.status).toBe(200);
  expect(before.body).toMatchObject({ auto_expand_replicas: '0-1', default: '0-1' });

  const set = await setReplicas(name, { auto_expand_replicas: '0-all' });
  expect(set.status).toBe(200);
  expect(set.body).toMatchObject({
    auto_expand_replicas: '0-all',
    default: '0-1',
    updated_by: users.writer.username,
  });
  expect(await expansionOf(index)).toBe('0-all');

  // A new version (loaded with build settings) and an append keep the choice.
  expect((await write(name, [{ v: 2 }, { v: 3 }])).status).toBe(200);
  expect(await expansionOf(index)).toBe('0-all');
  expect((await write(name, [{ v: 4 }], true)).status).toBe(200);
  expect(await expansionOf(index)).toBe('0-all');
  const read = await getReplicas(name);
  expect(read.body).toMatchObject({
    auto_expand_replicas: '0-all',
    updated_by: users.writer.username,
  });

  const detail = await callApi<LookupDetail>(host.url, 'GET', apiPaths.lookup(name), {
    caller: users.reader,
  });
  expect(detail.body.events).toContainEqual(
    expect.objectContaining({
      type: 'replicas_changed',
      from: '0-1',
      to: '0-all',
      by: users.writer.username,
    })
  );

  // And back.
  expect((await setReplicas(name, { auto_expand_replicas: '0-1' })).status).toBe(200);
  expect(await expansionOf(index)).toBe('0-1');
});

it('a reader is refused with 403, a bad value with 400, an unknown lookup with 404; nothing changes', async () => {
  const name = names.lookup('replica_refusals');
  const index = `${name}__lookup`;
  expect((await write(name, [{ v: 1 }])).status).toBe(200);

  const reader = await setReplicas(name, { auto_expand_replicas: '0-all' }, users.reader);
  expect(reader.status).toBe(403);
  expect(await expansionOf(index)).toBe('0-1');

  const bad = await setReplicas(name, { auto_expand_replicas: 'all' });
  expect(bad.status).toBe(400);
  expect(bad.body.message).toMatch(/auto_expand_replicas.*"0-all"/);
  const reversed = await setReplicas(name, { auto_expand_replicas: '2-1' });
  expect(reversed.status).toBe(400);
  const unknownKey = await setReplicas(name, { replicas: 'all' });
  expect(unknownKey.status).toBe(400);
  expect(await expansionOf(index)).toBe('0-1');

  const missing = await setReplicas(names.lookup('replica_missing'), {
    auto_expand_replicas: '0-all',
  });
  expect(missing.status).toBe(404);
  expect(missing.body.message).toMatch(/no lookup named/);
});

it('is refused with 409 while a job writes the lookup, and taken once it has ended', async () => {
  const name = names.lookup('replica_busy');
  const index = `${name}__lookup`;
  expect((await write(name, [{ v: 1 }])).status).toBe(200);
  const job = await callApi<Job>(host.url, 'POST', apiPaths.jobs(), {
    caller: users.writer,
    body: { query: `source=web_logs | head 5 | fields host | outputlookup ${name}` },
  });
  expect(job.status).toBe(202);
  const readJob = () =>
    callApi<Job>(host.url, 'GET', apiPaths.job(job.body.id), { caller: users.writer });
  for (let at = Date.now(); (await readJob()).body.state !== 'publishing';) {
    if (Date.now() - at > 30_000) throw new Error('the job never reached publishing');
    await new Promise((r) => setTimeout(r, 100));
  }
  const busy = await callApi<Answer<{ attributes?: { reason?: string } }>>(
    host.url,
    'PUT',
    apiPaths.replicas(name),
    { caller: users.writer, body: { auto_expand_replicas: '0-all' } }
  );
  expect(busy.status).toBe(409);
  expect(busy.body.message).toMatch(/is busy: a job/);
  expect(await expansionOf(index)).toBe('0-1');

  for (let at = Date.now(); (await readJob()).body.state !== 'finished';) {
    if (Date.now() - at > 30_000) throw new Error('the job never finished');
    await new Promise((r) => setTimeout(r, 100));
  }
  expect((await setReplicas(name, { auto_expand_replicas: '0-all' })).status).toBe(200);
  expect(await expansionOf(index)).toBe('0-all');
});

it("a legacy lookup is a 409 (its index is the importer's) until it is migrated", async () => {
  const shared = names.lookup('importer_replicas');
  const legacy = names.lookup('legacy_replicas');
  await admin.indices.create({
    index: shared,
    body: { mappings: { properties: { __lookup: { type: 'keyword' }, v: { type: 'long' } } } },
  });
  await admin.bulk({
    refresh: true,
    body: [{ index: { _index: shared } }, { v: 1, __lookup: 'one' }],
  });
  await admin.indices.updateAliases({
    body: {
      actions: [{ add: { index: shared, alias: legacy, filter: { term: { __lookup: 'one' } } } }],
    },
  });
  const { body: sharedBefore } = await admin.indices.getSettings({
    index: shared,
    flat_settings: true,
  });
  const refused = await setReplicas(legacy, { auto_expand_replicas: '0-all' });
  expect(refused.status).toBe(409);
  expect(refused.body.message).toContain('migrate it first');
  const { body: sharedAfter } = await admin.indices.getSettings({
    index: shared,
    flat_settings: true,
  });
  expect(sharedAfter[shared].settings).toEqual(sharedBefore[shared].settings);

  const migrated = await callApi(host.url, 'POST', apiPaths.migrate(legacy), {
    caller: users.writer,
  });
  expect(migrated.status).toBe(200);
  expect((await setReplicas(legacy, { auto_expand_replicas: '0-all' })).status).toBe(200);
  expect(await expansionOf(`${legacy}__lookup`)).toBe('0-all');
});
