/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * The query pool (server/services/ppl/isolation/) against the in-process engine, in one run on
 * the local cluster (admin's client stands in for the caller's):
 *   npx tsx bench/isolation_bench.ts [--rows 1000000] [--workers N]
 * Prints:
 * - this (the server's) thread's event-loop delay, p50/p99/max, idle and while 10 heavy queries
 *   run, in the pool and in-process;
 * - four concurrent medium queries, pool against in-process (a ratio: < 1 is faster);
 * - the cost of the worker boundary on `stats count() by host` and on a `--rows`-row
 *   outputlookup (ratios against in-process);
 * - this process's RSS growth while the heavy queries run in the pool.
 */
import { monitorEventLoopDelay } from 'perf_hooks';
import type { OpenSearchClient } from 'opensearch-dashboards/server';
import { loadSampleData } from '../scripts/sample_data';
import { configSchema } from '../server/config';
import { IsolatedQueryService } from '../server/services/ppl/isolation/isolated_query_service';
import { queryPool } from '../server/services/ppl/isolation/pool_settings';
import { MemoryPool } from '../server/services/ppl/memory';
import { QueryService } from '../server/services/ppl/query_service';
import { benchClient, measureRss, quietLogger } from './support';

const rowsArg = process.argv.indexOf('--rows');
const ROWS = rowsArg >= 0 ? Number(process.argv[rowsArg + 1]) : 1_000_000;
const BIG_SOURCE = `web_logs_${ROWS}`;
// As the routes' client: user data is read with long-numeral support, in the pool and in-process.
const client = benchClient(true);
const workersArg = process.argv.indexOf('--workers');
const config = configSchema.validate({
  max_rows: Math.max(ROWS, 1_000_000),
  ...(workersArg >= 0 ? { query: { workers: Number(process.argv[workersArg + 1]) } } : {}),
});
const ceiling = { maxRows: config.max_rows, setting: 'lookups.max_rows' as const };
const deps = {
  client: client as unknown as OpenSearchClient,
  config,
  ceiling,
  logger: quietLogger,
};

interface Engine {
  run(text: string): Promise<unknown>;
}
const inProcessMemory = new MemoryPool(config.query.max_total_memory_bytes);
const inProcess: Engine = {
  run: (text) => new QueryService({ ...deps, memory: inProcessMemory }).run(text),
};

const HEAVY = `makeresults count=5000 | eval d=date_format(now(), '${'%Y-%m-%d %H:%i:%s %W %M '.repeat(100)}') | stats count()`;
const MEDIUM =
  'source=web_logs | eval u = upper(concat(host, path)), l = length(u) | stats avg(l), dc(u) by status';
const STATS = 'source=web_logs | stats count() by host';

const ms = (ns: number) => (ns / 1e6).toFixed(1);

async function loopDelay(label: string, work: () => Promise<unknown>): Promise<void> {
  const histogram = monitorEventLoopDelay({ resolution: 5 });
  histogram.enable();
  await work();
  histogram.disable();
  process.stdout.write(
    `event-loop delay ${label}: p50 ${ms(histogram.percentile(50))} ms, p99 ${ms(histogram.percentile(99))} ms, max ${ms(histogram.max)} ms\n`
  );
}

async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

const middle = (times: number[]) => [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)];

/**
 * The medians of `n` runs of `a` and of `b`, taken in turns (a, b, a, b, …), so a change in the
 * machine's load during the run weighs on both alike.
 */
async function medians(
  n: number,
  a: () => Promise<unknown>,
  b: () => Promise<unknown>
): Promise<[number, number]> {
  const timesA: number[] = [];
  const timesB: number[] = [];
  for (let i = 0; i < n; i++) {
    timesA.push(await timed(a));
    timesB.push(await timed(b));
  }
  return [middle(timesA), middle(timesB)];
}

const settle = (work: Promise<unknown>) => work.catch((e: Error) => e);

async function main() {
  await loadSampleData({
    index: BIG_SOURCE,
    count: ROWS,
    log: (l) => process.stdout.write(`${l}\n`),
  });
  const pool = queryPool(config, quietLogger);
  pool.warm();
  const pooled: Engine = { run: (text) => new IsolatedQueryService(pool, deps).run(text) };
  const suffix = Date.now().toString(36);
  const lookups: string[] = [];
  try {
    await pooled.run('makeresults count=1');
    process.stdout.write(`workers: ${pool.workers}\n`);

    await loopDelay('idle', () => new Promise((r) => setTimeout(r, 2000)));
    const { peakGrowthMb } = await measureRss(() =>
      loopDelay('with 10 heavy queries in the pool', () =>
        Promise.all(Array.from({ length: 10 }, () => settle(pooled.run(HEAVY))))
      )
    );
    await loopDelay('with 10 heavy queries in-process', () =>
      Promise.all(Array.from({ length: 10 }, () => settle(inProcess.run(HEAVY))))
    );
    process.stdout.write(
      `RSS growth of this process with the heavy queries in the pool: ${peakGrowthMb.toFixed(0)} MB\n`
    );

    const four = (engine: Engine) => () => Promise.all([1, 2, 3, 4].map(() => engine.run(MEDIUM)));
    await four(pooled)();
    const [fourPool, fourHere] = await medians(5, four(pooled), four(inProcess));
    process.stdout.write(
      `4 concurrent medium queries: pool ${fourPool.toFixed(0)} ms, in-process ${fourHere.toFixed(0)} ms, pool/in-process ${(fourPool / fourHere).toFixed(2)}\n`
    );

    const [statsPool, statsHere] = await medians(
      41,
      () => pooled.run(STATS),
      () => inProcess.run(STATS)
    );
    process.stdout.write(
      `${STATS}: pool ${statsPool.toFixed(1)} ms, in-process ${statsHere.toFixed(1)} ms (medians of 41, in turns), the boundary's cost ${(statsPool - statsHere).toFixed(1)} ms, pool/in-process ${(statsPool / statsHere).toFixed(2)}\n`
    );

    const write = (engine: Engine, name: string) => async () => {
      lookups.push(`${name}__lookup`);
      await engine.run(`source=${BIG_SOURCE} | fields host, status, bytes | outputlookup ${name}`);
    };
    // The first write of a process was the slowest in two runs of pool/in-process writes in
    // turns, whichever engine made it (by 10–25 %): one in-process write, not counted, takes
    // whatever warming there is, so the first measured write (the pool's) does not carry it.
    const warmUp = await timed(write(inProcess, `bench_iso_warm_${suffix}`));
    const writePool = await timed(write(pooled, `bench_iso_pool_${suffix}`));
    const writeHere = await timed(write(inProcess, `bench_iso_here_${suffix}`));
    process.stdout.write(
      `${ROWS.toLocaleString('en-US')}-row outputlookup: pool ${writePool.toFixed(0)} ms, in-process ${writeHere.toFixed(0)} ms, pool/in-process ${(writePool / writeHere).toFixed(2)} (after an in-process write not counted: ${warmUp.toFixed(0)} ms)\n`
    );
  } finally {
    await pool.close();
    if (lookups.length > 0) await client.indices.delete({ index: lookups }, { ignore: [404] });
    await client.close();
  }
}

main().catch((error) => {
  process.stderr.write(`${error.stack ?? error}\n`);
  process.exit(1);
});
