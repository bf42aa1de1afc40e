/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * The writer against plain `_bulk` loads, in one run on the local cluster:
 *   npx tsx bench/writer_bench.ts [--quick] [--rows N] [--columns C] [--full] [--runs R] [--each] [--cpu]
 * For each shape, the same rows are written (1) through the writer service, overwrite, fed
 * in-process from a generator; (2) with plain sequential `_bulk` requests of the same size into a
 * fresh index with default settings (the baseline a script gets); and (3) a *tuned* `_bulk`: the
 * writer's build settings (replicas 0, no refresh, restored and refreshed at the end), its batch size, its requests in flight and its documents (the rows plus the `__lookup`
 * slice field every lookup document carries), dynamic mappings: the most the writer could reach.
 * Prints rows/s, the ratios writer/tuned and writer/default, and this process's peak RSS growth
 * during a write. `--rows` sets the row count of every shape (default 200,000: a 2-core machine
 * shared with OpenSearch), `--columns` keeps the shapes of that many columns, `--full` adds a
 * 1,000,000-row shape, `--runs` the runs per shape (default 3, 1 for a million rows), `--each`
 * prints every run's ratios beside the medians, `--cpu` the CPU each path cost (OpenSearch's and
 * this process's) and how many cores it kept busy. Runs on a shared machine vary by tens of
 * percent: compare ratios of one run.
 */
import { randomUUID } from 'crypto';
import { cpus } from 'os';
import { LOOKUP_FIELD } from '../common/substrate/names';
import { configSchema } from '../server/config';
import { BUILD_VALUES } from '../server/services/writer/build_settings';
import { writeLookup } from '../server/services/writer/lookup_writer';
import {
  benchClient,
  formatRate,
  measureCpu,
  measureRss,
  quietLogger,
  rowBatches,
  settle,
  type CpuUse,
} from './support';

const config = configSchema.validate({});
const BATCH = config.bulk_batch_size;
const IN_FLIGHT = config.bulk_max_in_flight;
const rowsArg = process.argv.indexOf('--rows');
const ROWS = rowsArg > 0 ? Number(process.argv[rowsArg + 1]) : 200_000;
const columnsArg = process.argv.indexOf('--columns');
const runsArg = process.argv.indexOf('--runs');
const shapes = (
  process.argv.includes('--quick')
    ? [{ rows: 20_000, columns: 5 }]
    : [
        { rows: ROWS, columns: 2 },
        { rows: ROWS, columns: 5 },
        { rows: ROWS, columns: 20 },
        ...(process.argv.includes('--full') ? [{ rows: 1_000_000, columns: 5 }] : []),
      ]
).filter((shape) => columnsArg < 0 || shape.columns === Number(process.argv[columnsArg + 1]));

const client = benchClient();

async function plainBulk(index: string, rows: number, columns: number) {
  // Timed from the index's creation, as the writer's time includes creating its backing index.
  const started = Date.now();
  await client.indices.create({ index });
  for await (const batch of rowBatches(rows, columns, BATCH)) {
    let body = '';
    for (const doc of batch) body += `{"index":{}}\n${JSON.stringify(doc)}\n`;
    const { body: res } = await client.bulk({ index, body });
    if (res.errors) throw new Error(`plain bulk had item errors`);
  }
  await client.indices.refresh({ index });
  return Date.now() - started;
}

/** `_bulk` as the writer sends it, without the writer: build settings, batches, in flight. */
async function tunedBulk(index: string, rows: number, columns: number) {
  const started = Date.now();
  await client.indices.create({ index, body: { settings: BUILD_VALUES } });
  const slice = randomUUID();
  const inFlight = new Set<Promise<void>>();
  for await (const batch of rowBatches(rows, columns, BATCH)) {
    let body = '';
    for (const doc of batch)
      body += `{"index":{}}\n${JSON.stringify({ ...doc, [LOOKUP_FIELD]: slice })}\n`;
    while (inFlight.size >= IN_FLIGHT) await Promise.race(inFlight);
    const request: Promise<void> = client.bulk({ index, body }).then(({ body: res }) => {
      if (res.errors) throw new Error(`tuned bulk had item errors`);
    });
    const tracked = request.finally(() => inFlight.delete(tracked));
    inFlight.add(tracked);
  }
  await Promise.all(inFlight);
  // As the writer ends a build: the index's own settings back, then one refresh.
  await client.indices.putSettings({
    index,
    body: Object.fromEntries(Object.keys(BUILD_VALUES).map((key) => [key, null])),
  });
  await client.indices.refresh({ index });
  return Date.now() - started;
}

async function viaWriter(name: string, rows: number, columns: number) {
  const started = Date.now();
  const result = await writeLookup(
    {
      client,
      // The plugin's defaults, as a user gets them.
      config,
      ceiling: { maxRows: 1_000_000, setting: 'lookups.max_rows' },
      logger: quietLogger,
    },
    name,
    { count: rows, batches: (size) => rowBatches(rows, columns, size) },
    {}
  );
  if (result.rows_written !== rows)
    throw new Error(`writer wrote ${result.rows_written} of ${rows}`);
  return Date.now() - started;
}

/**
 * One unmeasured load through each path first. A freshly started node runs its indexing code
 * interpreted until the JIT has compiled it: without this, whichever load comes first is slower
 * for that reason alone (first runs of the same shape differed by 30% from later ones).
 */
async function warmUp(suffix: string) {
  const rows = process.argv.includes('--quick') ? 10_000 : 100_000;
  const plain = `bench_warm_plain_${suffix}`;
  const tuned = `bench_warm_tuned_${suffix}`;
  const lookup = `bench_warm_writer_${suffix}`;
  try {
    await plainBulk(plain, rows, 5);
    await tunedBulk(tuned, rows, 5);
    await viaWriter(lookup, rows, 5);
  } finally {
    await client.indices.delete({ index: [plain, tuned, `${lookup}__lookup`] }, { ignore: [404] });
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function main() {
  const suffix = Date.now().toString(36);
  process.stdout.write(
    `batches of ${BATCH}, ${IN_FLIGHT} in flight; median of runs\n` +
      `shape                 writer            tuned _bulk       default _bulk     writer/tuned  writer/default\n`
  );
  await warmUp(suffix);
  let rss = 0;
  for (const { rows, columns } of shapes) {
    // Three runs per shape (one for the largest), the order rotating, each from a quiet cluster:
    // on a 2-core machine shared with OpenSearch, single runs vary by tens of percent.
    const runs = runsArg > 0 ? Number(process.argv[runsArg + 1]) : rows >= 1_000_000 ? 1 : 3;
    const times = { writer: [] as number[], tuned: [] as number[], plain: [] as number[] };
    const cpu = {
      writer: [] as CpuUse<unknown>[],
      tuned: [] as CpuUse<unknown>[],
      plain: [] as CpuUse<unknown>[],
    };
    for (let run = 0; run < runs; run++) {
      const plainIndex = `bench_plain_${rows}_${columns}_${suffix}_${run}`;
      const tunedIndex = `bench_tuned_${rows}_${columns}_${suffix}_${run}`;
      const lookup = `bench_writer_${rows}_${columns}_${suffix}_${run}`;
      const timed = async (path: keyof typeof times, load: () => Promise<number>) => {
        const use = await measureCpu(client, load);
        times[path].push(use.result);
        cpu[path].push(use);
      };
      const loads = [
        () => timed('plain', () => plainBulk(plainIndex, rows, columns)),
        () => timed('tuned', () => tunedBulk(tunedIndex, rows, columns)),
        () =>
          timed('writer', async () => {
            const { result, peakGrowthMb } = await measureRss(() =>
              viaWriter(lookup, rows, columns)
            );
            rss = Math.max(rss, peakGrowthMb);
            return result;
          }),
      ];
      try {
        for (let i = 0; i < loads.length; i++) {
          await settle(client);
          await loads[(i + run) % loads.length]();
        }
      } finally {
        await client.indices.delete(
          { index: [plainIndex, tunedIndex, `${lookup}__lookup`] },
          { ignore: [404] }
        );
      }
    }
    if (process.argv.includes('--each')) {
      // Every run's ratios, in order: how far one run can be from the median on this machine.
      const each = times.writer.map(
        (w, i) => `${(times.tuned[i] / w).toFixed(2)}/${(times.plain[i] / w).toFixed(2)}`
      );
      process.stdout.write(`  each run, writer/tuned / writer/default: ${each.join('  ')}\n`);
    }
    if (process.argv.includes('--cpu')) {
      // Seconds of CPU per million rows, OpenSearch's + this process's, and the cores kept busy:
      // what each load costs, apart from how long it took. OpenSearch renews its CPU figure
      // about once a second, so only loads of many seconds give a meaningful one.
      const perMillion = (ms: number) => ((ms / rows) * 1000).toFixed(1);
      const describe = (path: keyof typeof cpu) => {
        const use = cpu[path];
        const os = median(use.map((u) => u.clusterCpuMs));
        const own = median(use.map((u) => u.benchCpuMs));
        const busy = median(use.map((u) => (u.clusterCpuMs + u.benchCpuMs) / u.wallMs));
        return `${path === 'plain' ? 'default' : path} ${perMillion(os)} + ${perMillion(own)} s (${busy.toFixed(2)} cores)`;
      };
      process.stdout.write(
        `  CPU per 1M rows, OpenSearch + bench (cores busy, of ${cpus().length}): ${describe('writer')}  ${describe('tuned')}  ${describe('plain')}\n`
      );
    }
    const writerMs = median(times.writer);
    const tunedMs = median(times.tuned);
    const plainMs = median(times.plain);
    process.stdout.write(
      `${`${rows.toLocaleString('en-US')} x ${columns}`.padEnd(22)}${formatRate(rows, writerMs).padEnd(18)}${formatRate(rows, tunedMs).padEnd(18)}${formatRate(rows, plainMs).padEnd(18)}${(tunedMs / writerMs).toFixed(2).padEnd(14)}${(plainMs / writerMs).toFixed(2)}\n`
    );
  }
  process.stdout.write(`peak RSS growth of this process during a write: ${rss.toFixed(0)} MB\n`);
  await client.close();
}

main().catch((error) => {
  process.stderr.write(`${error.stack ?? error}\n`);
  process.exit(1);
});
