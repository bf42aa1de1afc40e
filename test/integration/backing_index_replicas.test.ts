/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * New backing indices expand their replicas with the cluster (`index.auto_expand_replicas`,
 * `lookups.backing_index.auto_expand_replicas`, default 0-1): a single node stays green even
 * where the cluster would give new indices a replica, and a write's build settings hand the
 * expansion back when they end.
 */
import { mkdtempSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { apiPaths } from '../../common/api/paths';
import { callApi } from '../support/api';
import { adminClient, TestNames } from '../support/cluster';
import { startTestHost, type TestHost } from '../support/host';
import { users } from '../support/users';

const admin = adminClient();
const testNames = new TestNames();
const hosts: TestHost[] = [];
/** Gives every new index of this file a replica, as a cluster's default of 1 would. */
const TEMPLATE = 'lookups-test-replicas';

async function startHost(lookups: Record<string, unknown> = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'lookups-replicas-'));
  const file = join(dir, 'host.json');
  writeFileSync(file, JSON.stringify({ plugins: { lookups } }));
  const host = await startTestHost({ LOOKUPS_HOST_CONFIG: file });
  hosts.push(host);
  return host;
}

beforeAll(async () => {
  await admin.indices.putIndexTemplate({
    name: TEMPLATE,
    body: {
      index_patterns: ['lk_replicas_*'],
      priority: 500,
      template: { settings: { number_of_replicas: 1 } },
    },
  });
});
afterAll(async () => {
  await Promise.all(hosts.map((h) => h.stop()));
  await testNames.drop(admin);
  await admin.indices.deleteIndexTemplate({ name: TEMPLATE }).catch(() => undefined);
});

const write = (host: TestHost, name: string, rows: unknown[]) =>
  callApi<Record<string, unknown>>(host.url, 'POST', apiPaths.write(name), {
    caller: users.writer,
    body: { rows },
  });

async function settingsOf(index: string) {
  const { body } = await admin.indices.getSettings({ index, flat_settings: true });
  return body[index].settings as Record<string, string>;
}
async function healthOf(index: string) {
  const { body } = await admin.cluster.health({ index, wait_for_status: 'green', timeout: '10s' });
  return body.status as string;
}

it('a new backing index expands 0-1 and is green on the single node, through build settings too', async () => {
  // Every write loads with build settings (replicas 0, expansion off), then hands them back.
  const host = await startHost({ build_settings_min_rows: 1 });
  // A plain index under the same template is yellow: its replica has nowhere to go.
  const plain = testNames.lookup('replicas_plain');
  await admin.indices.create({ index: plain });
  expect((await admin.cluster.health({ index: plain, timeout: '1s' })).body.status).toBe('yellow');

  const name = testNames.lookup('replicas_default');
  const index = `${name}__lookup`;
  expect((await write(host, name, [{ v: 1 }])).status).toBe(200);
  expect(await settingsOf(index)).toMatchObject({
    'index.auto_expand_replicas': '0-1',
    'index.number_of_replicas': '0',
  });
  expect(await healthOf(index)).toBe('green');

  expect((await write(host, name, [{ v: 2 }])).status).toBe(200);
  const after = await settingsOf(index);
  expect(after['index.auto_expand_replicas']).toBe('0-1');
  expect(after['index.refresh_interval']).toBeUndefined();
  expect(await healthOf(index)).toBe('green');
});

it('lookups.backing_index.auto_expand_replicas sets the range, e.g. 0-all', async () => {
  const host = await startHost({ backing_index: { auto_expand_replicas: '0-all' } });
  const name = testNames.lookup('replicas_all');
  expect((await write(host, name, [{ v: 1 }])).status).toBe(200);
  expect((await settingsOf(`${name}__lookup`))['index.auto_expand_replicas']).toBe('0-all');
  expect(await healthOf(`${name}__lookup`)).toBe('green');
});
