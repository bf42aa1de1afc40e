/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * A large overwrite (200,000 rows, the default `build_settings_min_rows`, so it loads with build
 * settings) leaves the backing index's replicas alone: the published version, in the same index,
 * stays on two started copies on two nodes for the whole write, and answers in full from each.
 */
import type { Client } from '@opensearch-project/opensearch';
import type { QueryWriteResponse } from '../../common/api/codecs';
import { apiPaths } from '../../common/api/paths';
import { callApi } from '../support/api';
import { uniqueName } from '../support/cluster';
import { startTestHost, type TestHost } from '../support/host';
import { aliasFilterOf } from '../support/lookups';
import { clusterAdmin, copiesOf, nodeUrl } from '../support/local_cluster';
import { users } from '../support/users';

const MINUTE = 60_000;
const ROWS = 200_000;
const OLD_ROWS = 10;

let admin: Client;
let host: TestHost | undefined;
const source = uniqueName('web_logs_cluster_copies');
const name = uniqueName('lk_cl_overwrite_copies');
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

/** Rows of the published version as one copy, on one node, counts them. */
async function publishedRowsOn(node: string, filter: unknown): Promise<number> {
  const { body } = await admin.count({
    index: backing,
    preference: `_only_nodes:${node}`,
    body: { query: filter },
  });
  return body.count;
}

it(
  'keeps the published version on two started copies throughout a large overwrite',
  async () => {
    const old = await callApi(host!.url, 'POST', apiPaths.write(name), {
      caller: users.writer,
      body: { rows: Array.from({ length: OLD_ROWS }, (_, i) => ({ host: `old-${i}`, n: i })) },
    });
    expect(old.status).toBe(200);
    await admin.cluster.health({ index: backing, wait_for_status: 'green', timeout: '60s' });
    const published = (await aliasFilterOf(admin, name))!.filter;

    let writing = true;
    const writeDone = callApi<QueryWriteResponse>(host!.url, 'POST', apiPaths.query(), {
      caller: users.writer,
      body: { query: `source=${source} | fields host, n | outputlookup ${name}` },
    }).finally(() => {
      writing = false;
    });
    const started = Date.now();
    const samples: Array<{ started: number; nodes: string[]; replicas: string; rows: number[] }> =
      [];
    while (writing) {
      const [copies, settings] = await Promise.all([
        copiesOf(admin, backing),
        admin.indices.getSettings({ index: backing, flat_settings: true }),
      ]);
      // Once the new version is published the old one may be cleaned up: sampled until then.
      const now = await aliasFilterOf(admin, name);
      if (JSON.stringify(now?.filter) !== JSON.stringify(published)) break;
      const live = copies.filter((c) => c.state === 'STARTED').map((c) => c.node!);
      const rows = await Promise.all(live.map((n) => publishedRowsOn(n, published)));
      samples.push({
        started: live.length,
        nodes: live,
        replicas: settings.body[backing].settings['index.number_of_replicas'],
        rows,
      });
      await new Promise((r) => setTimeout(r, 250));
    }
    const answer = await writeDone;
    process.stdout.write(
      `overwrite copies: ${samples.length} samples over ${Math.round((Date.now() - started) / 1000)} s, ` +
        `answer ${answer.status}\n`
    );
    expect(answer.status).toBe(200);
    expect(answer.body.datarows).toEqual([[ROWS]]);
    // Sampled while the write loaded: the write takes seconds, samples are 250 ms apart.
    expect(samples.length).toBeGreaterThan(3);
    for (const sample of samples) {
      expect(sample.replicas).toBe('1');
      expect(sample.started).toBe(2);
      expect(new Set(sample.nodes).size).toBe(2);
      expect(sample.rows).toEqual([OLD_ROWS, OLD_ROWS]);
    }
    expect((await admin.count({ index: name })).body.count).toBe(ROWS);
  },
  10 * MINUTE
);
