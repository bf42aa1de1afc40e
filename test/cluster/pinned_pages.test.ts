/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * A `_rows` page pinned to a version (`slice` of the first page) keeps reading that version while
 * the backing index's copies move between nodes and a newer version is published: the pages read
 * through the other host add up to exactly the first version's rows, each once.
 */
import type { Client } from '@opensearch-project/opensearch';
import type { RowsResponse } from '../../common/api/codecs';
import { apiPaths } from '../../common/api/paths';
import { callApi } from '../support/api';
import { uniqueName } from '../support/cluster';
import { startTestHost, type TestHost } from '../support/host';
import { clusterAdmin, copiesOf, nodeUrl } from '../support/local_cluster';
import { users } from '../support/users';

const MINUTE = 60_000;
const ROWS = 2000;
const PAGE = 100;

let admin: Client;
let hosts: TestHost[] = [];
const name = uniqueName('lk_cl_pinned');
const backing = `${name}__lookup`;

beforeAll(async () => {
  admin = clusterAdmin();
  hosts = await Promise.all([
    startTestHost({ OPENSEARCH_URL: nodeUrl('c1') }),
    startTestHost({ OPENSEARCH_URL: nodeUrl('c1') }),
  ]);
}, 5 * MINUTE);

afterAll(async () => {
  await Promise.all(hosts.map((h) => h.stop()));
  if (!admin) return;
  // The recovery throttle goes whatever happened above.
  await admin.cluster
    .putSettings({ body: { transient: { 'indices.recovery.max_bytes_per_sec': null } } })
    .catch(() => undefined);
  await admin.indices.delete({ index: backing, ignore_unavailable: true }).catch(() => undefined);
  await admin.close();
}, 5 * MINUTE);

const page = (from: number, slice?: string) =>
  callApi<RowsResponse>(hosts[1].url, 'GET', apiPaths.rows(name), {
    caller: users.reader,
    query: { from, size: PAGE, sort: 'n', ...(slice ? { slice } : {}) },
  });

it(
  'reads every row of its version once while the copies relocate and a new version is published',
  async () => {
    const first = await callApi<{ slice: string }>(hosts[0].url, 'POST', apiPaths.write(name), {
      caller: users.writer,
      body: { rows: Array.from({ length: ROWS }, (_, n) => ({ v: 'first', n })) },
    });
    expect(first.status).toBe(200);
    const opening = await page(0);
    expect(opening.status).toBe(200);
    expect(opening.body.slice).toBe(first.body.slice);
    const seen: unknown[][] = [...opening.body.datarows];

    // A newer version is published after the first page (the write waits for every copy, so
    // it goes before the move).
    const second = await callApi(hosts[0].url, 'POST', apiPaths.write(name), {
      caller: users.writer,
      body: { rows: Array.from({ length: 10 }, (_, n) => ({ v: 'second', n })) },
    });
    expect(second.status).toBe(200);

    // One copy leaves its node for the node that held neither, slowly (recovery throttled), so
    // the pages below are read while it moves.
    const before = await copiesOf(admin, backing);
    const holders = before.map((c) => c.node!);
    await admin.cluster.putSettings({
      body: { transient: { 'indices.recovery.max_bytes_per_sec': '16kb' } },
    });
    await admin.indices.putSettings({
      index: backing,
      body: { 'index.routing.allocation.exclude._name': holders[0] },
    });
    for (let waited = 0; ; waited += 100) {
      const { body: health } = await admin.cluster.health({ index: backing });
      if (health.relocating_shards > 0) break;
      if (waited > 30_000) throw new Error('the copy did not start moving');
      await new Promise((r) => setTimeout(r, 100));
    }

    let moving = 0;
    for (let from = PAGE; from < ROWS; from += PAGE) {
      const { body: health } = await admin.cluster.health({ index: backing });
      if (health.relocating_shards > 0) moving++;
      const next = await page(from, first.body.slice);
      expect({ from, status: next.status }).toEqual({ from, status: 200 });
      expect(next.body.slice).toBe(first.body.slice);
      expect(next.body.total).toBe(ROWS);
      seen.push(...next.body.datarows);
      await new Promise((r) => setTimeout(r, 100));
    }
    await admin.cluster.putSettings({
      body: { transient: { 'indices.recovery.max_bytes_per_sec': null } },
    });
    await admin.cluster.health({
      index: backing,
      wait_for_status: 'green',
      wait_for_no_relocating_shards: true,
      timeout: '120s',
    });
    const after = await copiesOf(admin, backing);
    process.stdout.write(
      `pinned pages: copies on ${holders.join(',')} -> ${after.map((c) => c.node).join(',')}; ${moving} of ${ROWS / PAGE - 1} pages read while a copy moved\n`
    );
    expect(after.map((c) => c.node)).not.toContain(holders[0]);
    expect(moving).toBeGreaterThan(0);

    const columns = opening.body.schema.map((c) => c.name);
    const rows = seen.map((r) => Object.fromEntries(columns.map((c, i) => [c, r[i]])));
    expect(rows.map((r) => r.n)).toEqual(Array.from({ length: ROWS }, (_, n) => n));
    expect(new Set(rows.map((r) => r.v))).toEqual(new Set(['first']));
  },
  10 * MINUTE
);
