/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * One node against a three-node cluster, in one run:
 *   CLUSTER_URLS=http://127.0.0.1:9260,http://127.0.0.1:9261,http://127.0.0.1:9262 \
 *     npx tsx bench/cluster_bench.ts [--rows N] [--lookup-rows N] [--readers N] [--reads N] [--no-write]
 * (CLUSTER_URLS defaults to the three nodes of `scripts/opensearch/cluster.sh start` on
 * CLUSTER_HTTP_BASE, 9250; the single node is OPENSEARCH_URL, the main node 9200.)
 *
 * Reads: a lookup of `--lookup-rows` rows (default 10,000, 5 columns), written through the writer,
 * read whole by `--readers` concurrent readers (default 50), `--reads` times each (default 4), as
 * PPL's `lookup` reads a table (server/services/match/lookup_table.ts: a point in time, pages of
 * 5,000). On the cluster the client spreads its requests over the three nodes (as OSD with three
 * `opensearch.hosts`); there the lookup is read with the default `0-1` replicas (two copies) and
 * again with `0-all` (a copy on every node). Prints table reads/s, the p50/p95 time of one read,
 * and the ratios.
 *
 * Writes: an overwrite of `--rows` rows (default 1,000,000, 5 columns) through the writer with
 * the plugin's defaults (build settings, 0-1 replicas), until it answers, and then until the
 * index is green (its replica rebuilt on the cluster). Prints rows/s and the ratios.
 *
 * On a machine where OpenSearch, every node and this process share a few cores, the cluster's
 * three JVMs compete for the same cores as the one node did alone: the ratios say what the
 * extra copies and hops cost here, not what three machines would give.
 */
import { Client } from '@opensearch-project/opensearch';
import { cpus } from 'os';
import type { OpenSearchClient } from 'opensearch-dashboards/server';
import { configSchema } from '../server/config';
import { readLookupColumns, scanLookup } from '../server/services/match/lookup_table';
import { writeLookup } from '../server/services/writer/lookup_writer';
import { adminPassword, OPENSEARCH_URL } from '../test/support/cluster';
import { formatRate, quietLogger, rowBatches, settle } from './support';

const argument = (flag: string, fallback: number) => {
  const at = process.argv.indexOf(flag);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
};
const WRITE_ROWS = argument('--rows', 1_000_000);
const LOOKUP_ROWS = argument('--lookup-rows', 10_000);
const READERS = argument('--readers', 50);
const READS = argument('--reads', 4);
const COLUMNS = 5;
const config = configSchema.validate({});

const clusterBase = Number(process.env.CLUSTER_HTTP_BASE ?? 9250);
const CLUSTER_URLS = (
  process.env.CLUSTER_URLS ?? [0, 1, 2].map((i) => `http://127.0.0.1:${clusterBase + i}`).join(',')
).split(',');

function clientOf(nodes: string[]): Client {
  return new Client({
    nodes,
    auth: { username: 'admin', password: adminPassword() },
    requestTimeout: 30 * 60_000,
    maxRetries: 0,
  });
}

interface Target {
  label: string;
  client: Client;
}

const asServerClient = (client: Client) => client as unknown as OpenSearchClient;

async function write(target: Target, name: string, rows: number) {
  const result = await writeLookup(
    {
      client: asServerClient(target.client),
      config,
      ceiling: { maxRows: rows, setting: 'lookups.max_rows' },
      logger: quietLogger,
    },
    name,
    { count: rows, batches: (size) => rowBatches(rows, COLUMNS, size) },
    {}
  );
  if (result.rows_written !== rows) throw new Error(`wrote ${result.rows_written} of ${rows}`);
}

async function waitGreen(client: Client, index: string) {
  const { body } = await client.cluster.health({
    index,
    wait_for_status: 'green',
    wait_for_no_relocating_shards: true,
    timeout: '300s',
  });
  if (body.status !== 'green') throw new Error(`${index} is ${body.status} after 300 s`);
}

async function copiesOf(client: Client, index: string): Promise<number> {
  const { body } = await client.cat.shards({ index, format: 'json' });
  return (body as Array<{ state: string }>).filter((s) => s.state === 'STARTED').length;
}

const percentile = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))];

interface ReadFigures {
  readsPerSecond: number;
  p50: number;
  p95: number;
}

/** `READERS` readers, each reading the whole lookup `reads` times, all at once. */
async function readConcurrently(target: Target, name: string, reads: number) {
  const client = asServerClient(target.client);
  const { schema } = await readLookupColumns(client, name);
  const latencies: number[] = [];
  const reader = async () => {
    for (let i = 0; i < reads; i++) {
      const started = Date.now();
      let rows = 0;
      for await (const page of scanLookup(client, name, schema)) rows += page.length;
      latencies.push(Date.now() - started);
      if (rows !== LOOKUP_ROWS) throw new Error(`a reader read ${rows} of ${LOOKUP_ROWS} rows`);
    }
  };
  const started = Date.now();
  await Promise.all(Array.from({ length: READERS }, reader));
  const wall = Date.now() - started;
  return { wall, latencies };
}

async function readBench(target: Target, name: string): Promise<ReadFigures> {
  // One unmeasured round: a fresh node runs its search code interpreted until the JIT has it.
  await readConcurrently(target, name, 1);
  await settle(target.client);
  const { wall, latencies } = await readConcurrently(target, name, READS);
  return {
    readsPerSecond: (READERS * READS * 1000) / wall,
    p50: percentile(latencies, 0.5),
    p95: percentile(latencies, 0.95),
  };
}

async function writeBench(target: Target, name: string) {
  await settle(target.client);
  const started = Date.now();
  await write(target, name, WRITE_ROWS);
  const answered = Date.now() - started;
  await waitGreen(target.client, `${name}__lookup`);
  const green = Date.now() - started;
  return { answered, green, copies: await copiesOf(target.client, `${name}__lookup`) };
}

const line = (cells: Array<[string, number]>) =>
  cells.map(([text, width]) => text.padEnd(width)).join('') + '\n';

async function main() {
  const suffix = Date.now().toString(36);
  const single: Target = {
    label: `one node (${OPENSEARCH_URL})`,
    client: clientOf([OPENSEARCH_URL]),
  };
  const cluster: Target = {
    label: `three nodes (${CLUSTER_URLS.join(', ')})`,
    client: clientOf(CLUSTER_URLS),
  };
  const { body: nodes } = await cluster.client.cat.nodes({ format: 'json' });
  if ((nodes as unknown[]).length !== 3) {
    throw new Error(
      `expected 3 nodes at ${CLUSTER_URLS.join(',')}, found ${(nodes as unknown[]).length}`
    );
  }
  process.stdout.write(
    `${cpus().length} cores shared by every node and this process; ${READERS} readers x ${READS} reads of a ${LOOKUP_ROWS.toLocaleString('en-US')}-row lookup; a ${WRITE_ROWS.toLocaleString('en-US')}-row write\n`
  );

  const readName = `bench_cluster_read_${suffix}`;
  const made: Array<[Target, string]> = [];
  try {
    const reads: Array<[string, ReadFigures]> = [];
    for (const target of [single, cluster]) {
      made.push([target, `${readName}__lookup`]);
      await write(target, readName, LOOKUP_ROWS);
      await waitGreen(target.client, `${readName}__lookup`);
      const copies = await copiesOf(target.client, `${readName}__lookup`);
      reads.push([
        `${target === single ? 'one node' : 'three nodes'}, 0-1 (${copies} copies)`,
        await readBench(target, readName),
      ]);
    }
    await cluster.client.indices.putSettings({
      index: `${readName}__lookup`,
      body: { 'index.auto_expand_replicas': '0-all' },
    });
    await waitGreen(cluster.client, `${readName}__lookup`);
    const allCopies = await copiesOf(cluster.client, `${readName}__lookup`);
    reads.push([`three nodes, 0-all (${allCopies} copies)`, await readBench(cluster, readName)]);

    process.stdout.write(
      line([
        ['reads', 34],
        ['table reads/s', 16],
        ['p50 ms', 10],
        ['p95 ms', 10],
        ['vs one node', 12],
      ])
    );
    const base = reads[0][1].readsPerSecond;
    for (const [label, r] of reads) {
      process.stdout.write(
        line([
          [label, 34],
          [r.readsPerSecond.toFixed(1), 16],
          [String(r.p50), 10],
          [String(r.p95), 10],
          [(r.readsPerSecond / base).toFixed(2), 12],
        ])
      );
    }
    process.stdout.write(
      `three nodes 0-all / 0-1 reads/s: ${(reads[2][1].readsPerSecond / reads[1][1].readsPerSecond).toFixed(2)}\n`
    );

    if (!process.argv.includes('--no-write')) {
      const writes: Array<[Target, Awaited<ReturnType<typeof writeBench>>]> = [];
      for (const target of [single, cluster]) {
        const name = `bench_cluster_write_${suffix}`;
        made.push([target, `${name}__lookup`]);
        writes.push([target, await writeBench(target, name)]);
        await target.client.indices.delete({ index: `${name}__lookup` }, { ignore: [404] });
      }
      process.stdout.write(
        line([
          ['write', 34],
          ['answered', 28],
          ['green', 12],
          ['copies', 8],
        ])
      );
      for (const [target, w] of writes) {
        process.stdout.write(
          line([
            [target === single ? 'one node' : 'three nodes', 34],
            [`${(w.answered / 1000).toFixed(1)} s ${formatRate(WRITE_ROWS, w.answered)}`, 28],
            [`${(w.green / 1000).toFixed(1)} s`, 12],
            [String(w.copies), 8],
          ])
        );
      }
      const [[, one], [, three]] = writes;
      process.stdout.write(
        `three nodes / one node write time: ${(three.answered / one.answered).toFixed(2)} to the answer, ${(three.green / one.green).toFixed(2)} to green\n`
      );
    }
  } finally {
    for (const [target, index] of made) {
      await target.client.indices.delete({ index }, { ignore: [404] }).catch(() => undefined);
    }
    await Promise.all([single.client.close(), cluster.client.close()]);
  }
}

main().catch((error) => {
  process.stderr.write(`${error.stack ?? error}\n`);
  process.exit(1);
});
