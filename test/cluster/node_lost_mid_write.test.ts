/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * A data node SIGKILLed during a 200,000-row outputlookup that overwrites a lookup: the write
 * answers 200 with all 200,000 rows on every copy once the node is back, or fails (5xx) with the
 * old version still published and the new one's record failed. Never torn: whoever reads the
 * lookup meanwhile sees the old 10 rows or the new 200,000, never another count.
 *
 * The killed node is the one holding the backing index's primary: the index is kept off c1
 * (which serves the hosts, see test/support/local_cluster.ts) by an allocation filter, and a
 * write this large loads with build settings (no replica), so the primary is its only copy.
 */
import type { Client } from '@opensearch-project/opensearch';
import { apiPaths } from '../../common/api/paths';
import type { QueryWriteResponse } from '../../common/api/codecs';
import { callApi } from '../support/api';
import { uniqueName } from '../support/cluster';
import { startTestHost, type TestHost } from '../support/host';
import { aliasFilterOf, writeRecordsOf } from '../support/lookups';
import {
  clusterAdmin,
  copiesOf,
  killNode,
  nodeUrl,
  startNode,
  type ClusterNode,
} from '../support/local_cluster';
import { users } from '../support/users';

const MINUTE = 60_000;
const ROWS = 200_000;
const OLD_ROWS = 10;

let admin: Client;
let host: TestHost | undefined;
const source = uniqueName('web_logs_cluster_large');
const name = uniqueName('lk_cl_midwrite');
const backing = `${name}__lookup`;

beforeAll(async () => {
  admin = clusterAdmin();
  await admin.indices.create({
    index: source,
    body: {
      settings: { number_of_shards: 1, number_of_replicas: 1 },
      mappings: { properties: { host: { type: 'keyword' }, n: { type: 'long' } } },
    },
  });
  for (let from = 0; from < ROWS; from += 20_000) {
    const body = Array.from({ length: 20_000 }, (_, i) => [
      { index: {} },
      { host: `web-${(from + i) % 10}`, n: from + i },
    ]).flat();
    const { body: bulk } = await admin.bulk({ index: source, body });
    expect(bulk.errors).toBe(false);
  }
  await admin.indices.refresh({ index: source });
  host = await startTestHost({ OPENSEARCH_URL: nodeUrl('c1') });
}, 10 * MINUTE);

afterAll(async () => {
  await host?.stop();
  if (!admin) return;
  await admin.indices
    .delete({ index: [source, backing], ignore_unavailable: true })
    .catch(() => undefined);
  await admin.close();
}, 5 * MINUTE);

async function indexedSoFar(): Promise<number> {
  const { body } = await admin.indices.stats({ index: backing, metric: 'indexing' });
  return body.indices[backing]?.primaries.indexing.index_total ?? 0;
}

it(
  'answers 200 with every row on every copy after the node returns, or fails with the old version published; never torn',
  async () => {
    const old = await callApi<{ slice: string }>(host!.url, 'POST', apiPaths.write(name), {
      caller: users.writer,
      body: { rows: Array.from({ length: OLD_ROWS }, (_, i) => ({ host: `old-${i}`, n: i })) },
    });
    expect(old.status).toBe(200);
    await admin.indices.putSettings({
      index: backing,
      body: { 'index.routing.allocation.exclude._name': 'c1' },
    });
    await admin.cluster.health({
      index: backing,
      wait_for_status: 'green',
      timeout: '60s',
      wait_for_no_relocating_shards: true,
    });
    expect((await copiesOf(admin, backing)).map((c) => c.node)).not.toContain('c1');

    // A reader all along: the lookup's row count, when the lookup answers at all.
    const seen = new Set<number>();
    let reading = true;
    const reader = (async () => {
      while (reading) {
        try {
          const { body } = await admin.count(
            { index: name },
            { requestTimeout: 5000, maxRetries: 0 }
          );
          seen.add(body.count);
        } catch {
          // a shard down: no answer, which is not a torn answer
        }
        await new Promise((r) => setTimeout(r, 250));
      }
    })();

    const started = Date.now();
    const writing = callApi<QueryWriteResponse>(host!.url, 'POST', apiPaths.query(), {
      caller: users.writer,
      body: { query: `source=${source} | fields host, n | outputlookup ${name}` },
    });
    // Part-way: the new version has rows in, far from all.
    for (;;) {
      const n = await indexedSoFar();
      if (n > OLD_ROWS + 20_000) break;
      if (Date.now() - started > 5 * MINUTE) throw new Error(`the write indexed only ${n} rows`);
      await new Promise((r) => setTimeout(r, 100));
    }
    const primary = (await copiesOf(admin, backing)).find((c) => c.primary)!.node as ClusterNode;
    expect(primary).not.toBe('c1');
    const indexedAtKill = await indexedSoFar();
    let answer: Awaited<typeof writing>;
    try {
      await killNode(primary);
      const back = startNode(primary);
      answer = await writing;
      await back;
    } finally {
      reading = false;
      await reader;
    }
    await admin.cluster.health({ index: backing, wait_for_status: 'green', timeout: '120s' });

    const alias = await aliasFilterOf(admin, name);
    const records = await writeRecordsOf(admin, backing);
    const count = (await admin.count({ index: name })).body.count;
    process.stdout.write(
      `node lost mid-write: killed ${primary} at ${indexedAtKill} rows indexed; answer ${answer.status} after ${Math.round((Date.now() - started) / 1000)} s; lookup holds ${count}\n`
    );
    if (answer.status === 200) {
      const slice = answer.body.lookup.slice!;
      expect(answer.body.datarows[0][0]).toBe(ROWS);
      expect(alias?.filter).toEqual({ term: { __lookup: slice } });
      expect(count).toBe(ROWS);
      const copies = await copiesOf(admin, backing);
      expect(copies).toHaveLength(2);
      for (const copy of copies) {
        const { body } = await admin.count({
          index: name,
          preference: `_only_nodes:${copy.node}`,
        });
        expect({ node: copy.node, count: body.count }).toEqual({ node: copy.node, count: ROWS });
      }
      expect(records.find((r) => r.slice === slice)).toMatchObject({ status: 'complete' });
    } else {
      // A clean failure: the server's fault, the old version still the lookup, the new one failed.
      expect(answer.status).toBeGreaterThanOrEqual(500);
      expect(alias?.filter).toEqual({ term: { __lookup: old.body.slice } });
      expect(count).toBe(OLD_ROWS);
      const others = records.filter((r) => r.slice !== old.body.slice);
      expect(others.map((r) => r.status)).toEqual(others.map(() => 'failed'));
    }
    // Never torn: every answer a reader got was one version or the other.
    for (const n of seen) expect([OLD_ROWS, ROWS]).toContain(n);
  },
  15 * MINUTE
);
