/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * The catalog at many lookups, against a plain `GET _cat/aliases` of the same cluster, in one run:
 *   npx tsx bench/catalog_bench.ts [--quick]
 * Makes lookups named like `lk_pcat_0123456789_<n>` (a backing index of one shard and one row,
 * and its filtered alias) up to 100, 1,000 and 2,000 (50, 200, 400 with --quick), and at each
 * size times `GET /api/lookups` (the whole list), one page of 50 of them (`?search&from&size`,
 * what the app asks for past 500 lookups) through the standalone host (as admin), and
 * `GET _cat/aliases` straight to OpenSearch: median of 5 each, side by side. Raises
 * `cluster.max_shards_per_node` for the run and puts it back; removes what it made.
 */
import { basicAuthorization } from '../host/src/auth/session';
import { adminPassword, OPENSEARCH_URL } from '../test/support/cluster';
import { startTestHost } from '../test/support/host';
import { benchClient } from './support';

const quick = process.argv.includes('--quick');
const SIZES = quick ? [50, 200, 400] : [100, 1000, 2000];
const PREFIX = 'lk_pcat_0123456789_';
const REPEATS = 5;

const client = benchClient();
const auth = basicAuthorization('admin', adminPassword());

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function timeIt(work: () => Promise<void>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < REPEATS; i++) {
    const start = performance.now();
    await work();
    times.push(performance.now() - start);
  }
  return median(times);
}

async function makeLookups(from: number, to: number) {
  for (let n = from; n < to; n++) {
    const name = `${PREFIX}${String(n).padStart(5, '0')}`;
    const index = `${name}__lookup`;
    await client.indices.create({
      index,
      body: {
        settings: { number_of_shards: 1, number_of_replicas: 0 },
        mappings: { properties: { __lookup: { type: 'keyword' } } },
      },
    });
    await client.index({ index, body: { n, __lookup: 's1' } });
    await client.indices.updateAliases({
      body: { actions: [{ add: { index, alias: name, filter: { term: { __lookup: 's1' } } } }] },
    });
  }
  await client.indices.refresh({ index: `${PREFIX}*` });
}

async function main() {
  const { body: before } = await client.cluster.getSettings({ flat_settings: true });
  const previous = (before as { persistent: Record<string, string> }).persistent[
    'cluster.max_shards_per_node'
  ];
  await client.cluster.putSettings({
    body: { persistent: { 'cluster.max_shards_per_node': 10_000 } },
  });
  const host = await startTestHost();
  try {
    console.log(
      'lookups | GET /api/lookups (ms) | one page, size=50 (ms) | GET _cat/aliases (ms) | ratio (whole list)'
    );
    let made = 0;
    for (const size of SIZES) {
      await makeLookups(made, size);
      made = size;
      let listed = 0;
      const catalog = await timeIt(async () => {
        const res = await fetch(`${host.url}/api/lookups`, { headers: { authorization: auth } });
        if (!res.ok)
          throw new Error(`GET /api/lookups answered ${res.status}: ${await res.text()}`);
        const body = (await res.json()) as { lookups: Array<{ name: string }> };
        listed = body.lookups.filter((l) => l.name.startsWith(PREFIX)).length;
      });
      if (listed !== size) throw new Error(`the catalog listed ${listed} of ${size} lookups`);
      const page = await timeIt(async () => {
        const res = await fetch(`${host.url}/api/lookups?search=${PREFIX}&from=0&size=50`, {
          headers: { authorization: auth },
        });
        if (!res.ok) throw new Error(`a page answered ${res.status}: ${await res.text()}`);
        await res.text();
      });
      const cat = await timeIt(async () => {
        const res = await fetch(`${OPENSEARCH_URL}/_cat/aliases?format=json`, {
          headers: { authorization: auth },
        });
        await res.text();
      });
      console.log(
        `${String(size).padStart(7)} | ${catalog.toFixed(0).padStart(20)} | ${page.toFixed(0).padStart(23)} | ${cat.toFixed(0).padStart(21)} | ${(catalog / cat).toFixed(1)}`
      );
    }
  } finally {
    await host.stop();
    await client.indices.delete({ index: `${PREFIX}*` }, { ignore: [404] });
    await client.cluster.putSettings({
      body: { persistent: { 'cluster.max_shards_per_node': previous ?? null } },
    });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
