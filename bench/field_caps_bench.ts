/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Field capabilities of a lookup against a plain `_field_caps` on its backing index, in one run
 * on the local cluster:
 *   npx tsx bench/field_caps_bench.ts [--quick]
 * Builds a lookup of 200 columns and 10 slices (10 overwrites of 1,000 rows, each slice carrying
 * 180 of the columns) through the writer service, starts the standalone host, then times 50
 * requests of `GET /api/lookups/<name>/_field_caps?fields=*` (as admin, through HTTP) against 50
 * `GET /<name>__lookup/_field_caps?fields=*` straight to OpenSearch, and prints median, p95 and
 * the ratio. Also shown: the first (cold-cache) request, and the service in-process with and
 * without its cache.
 */
import { basicAuthorization } from '../host/src/auth/session';
import { FieldCapsService } from '../server/services/field_caps_service';
import { writeLookup } from '../server/services/writer/lookup_writer';
import { adminPassword, OPENSEARCH_URL } from '../test/support/cluster';
import { startTestHost } from '../test/support/host';
import { benchClient, quietLogger } from './support';

const quick = process.argv.includes('--quick');
const COLUMNS = 200;
const SLICES = 10;
const ROWS_PER_SLICE = quick ? 200 : 1000;
const REQUESTS = 50;

const client = benchClient();
const auth = basicAuthorization('admin', adminPassword());

/** Slice `s` carries every column but those with (c + s) % 10 === 0; types cycle by column. */
function sliceRows(s: number) {
  return Array.from({ length: ROWS_PER_SLICE }, (_, i) => {
    const row: Record<string, unknown> = {};
    for (let c = 0; c < COLUMNS; c++) {
      if ((c + s) % 10 === 0) continue;
      const kind = c % 4;
      row[`c${c}`] =
        kind === 0
          ? `v${(i * 31 + c) % 500}`
          : kind === 1
            ? i * c
            : kind === 2
              ? i / 7
              : i % 2 === 0;
    }
    return row;
  });
}

async function build(name: string) {
  for (let s = 0; s < SLICES; s++) {
    const rows = sliceRows(s);
    await writeLookup(
      {
        client,
        config: {
          bulk_batch_size: 5000,
          bulk_max_in_flight: 2,
          bulk_retry_deadline_ms: 120_000,
          copies_timeout_ms: 120_000,
          build_settings_min_rows: 20_000,
          backing_index: { auto_expand_replicas: '0-1' },
        },
        ceiling: { maxRows: 1_000_000, setting: 'lookups.max_rows' },
        logger: quietLogger,
      },
      name,
      {
        count: rows.length,
        batches: async function* () {
          yield rows;
        },
      },
      {}
    );
  }
}

async function timed(run: () => Promise<unknown>): Promise<number> {
  const started = process.hrtime.bigint();
  await run();
  return Number(process.hrtime.bigint() - started) / 1e6;
}

async function series(run: () => Promise<unknown>): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < REQUESTS; i++) times.push(await timed(run));
  return times.sort((a, b) => a - b);
}

const median = (sorted: number[]) => sorted[Math.floor(sorted.length / 2)];
const p95 = (sorted: number[]) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)];
const ms = (n: number) => `${n.toFixed(1)} ms`.padStart(10);

async function getJson(url: string) {
  const res = await fetch(url, { headers: { authorization: auth } });
  const body = await res.json();
  if (!res.ok) throw new Error(`${url}: ${res.status} ${JSON.stringify(body)}`);
  return body as { indices: string[]; fields: Record<string, unknown> };
}

async function main() {
  const name = `bench_fc_${Date.now().toString(36)}`;
  const host = await startTestHost();
  try {
    process.stdout.write(
      `building ${name}: ${COLUMNS} columns, ${SLICES} slices of ${ROWS_PER_SLICE} rows...\n`
    );
    await build(name);
    const ours = `${host.url}/api/lookups/${name}/_field_caps?fields=*`;
    const plain = `${OPENSEARCH_URL}/${name}__lookup/_field_caps?fields=*`;

    const cold = await timed(() => getJson(ours));
    const answer = await getJson(ours);
    if (answer.indices.length !== SLICES)
      throw new Error(`expected ${SLICES} slices, got ${answer.indices.length}`);
    const plainTimes = await series(() => getJson(plain));
    const ourTimes = await series(() => getJson(ours));

    const service = new FieldCapsService();
    await service.fieldCaps(client, name, { fields: '*' });
    const cachedInProcess = await series(() => service.fieldCaps(client, name, { fields: '*' }));
    const uncachedInProcess = await series(() =>
      new FieldCapsService().fieldCaps(client, name, { fields: '*' })
    );

    process.stdout.write(
      `fields in the answer: ${Object.keys(answer.fields).length}, slices: ${answer.indices.length}\n`
    );
    process.stdout.write(`first request (cold cache), through HTTP: ${ms(cold).trim()}\n\n`);
    process.stdout.write(
      `${'series of 50'.padEnd(44)}${'median'.padStart(10)}${'p95'.padStart(10)}\n`
    );
    const line = (label: string, times: number[]) =>
      process.stdout.write(`${label.padEnd(44)}${ms(median(times))}${ms(p95(times))}\n`);
    line('plain _field_caps on the backing index', plainTimes);
    line('lookup _field_caps, HTTP route', ourTimes);
    line('lookup _field_caps, service in-process', cachedInProcess);
    line('lookup _field_caps, in-process, no cache', uncachedInProcess);
    process.stdout.write(
      `\nroute/plain median ratio: ${(median(ourTimes) / median(plainTimes)).toFixed(2)}  ` +
        `(p95 ratio ${(p95(ourTimes) / p95(plainTimes)).toFixed(2)})\n`
    );
    process.stdout.write(
      `target: route median under 100 ms -> ${median(ourTimes) < 100 ? 'met' : 'NOT met'}\n`
    );
  } finally {
    await host.stop();
    await client.indices.delete({ index: `${name}__lookup` }, { ignore: [404] });
    await client.close();
  }
}

main().catch((error) => {
  process.stderr.write(`${error.stack ?? error}\n`);
  process.exit(1);
});
