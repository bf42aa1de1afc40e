/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Memory bench: 10 heavy PPL queries at once through the standalone host, each wanting to hold
 * tens of MiB in the server (sorts, groups, joins of 100,000 rows; a string doubled until it is
 * refused). The host's RSS must stay under its baseline (measured in the same run, after a
 * warm-up query) plus the host-wide budget (`lookups.query.max_total_memory_bytes`, 256 MiB by
 * default): queries over their own budget get a 400, those the server has no room for a 429, and
 * none may take the host down. Prints the baseline, the peak, the growth against the budget and
 * each answer; exits non-zero when the bound is broken or the host died. It is not a test.
 *
 *   npx tsx bench/memory_bench.ts [--rounds N] [--total-mib M] [--old-space MB] [--timeline]
 *   (--total-mib: the host-wide budget to run with; --rounds: the 10 queries again, N times;
 *   --old-space: the host's --max-old-space-size, by default its own needs plus the budget, as
 *   README advises for OSD; 0 leaves V8's default)
 *
 * Why a heap size: the budget bounds what queries hold; V8 collects the garbage they leave
 * lazily, growing the heap toward its limit first. Queries may hold half the budget so that their
 * garbage fits the other half; with V8's default limit (GBs) the collector waits longer and the
 * peak depends on its heuristics more than on the queries.
 */
import { promises as fs } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { apiPaths } from '../common/api/paths';
import { loadSampleData } from '../scripts/sample_data';
import { callApi } from '../test/support/api';
import { startTestHost } from '../test/support/host';
import { users } from '../test/support/users';

const MIB = 1024 * 1024;
const SOURCE = 'web_logs';
/** A long text per row: the user agent sixteen times (about 2 KiB). */
const LONG = `concat(${Array(16).fill('user_agent').join(', ')})`;

const argValue = (flag: string, fallback: number) => {
  const i = process.argv.indexOf(flag);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const rounds = argValue('--rounds', 1);
const totalMib = argValue('--total-mib', 256);
/**
 * The host's V8 old space, as README advises sizing a Dashboards server's Node heap: the host's own
 * needs (about 32 MiB) plus the host-wide budget. `--old-space 0`: V8's own default.
 */
const oldSpace = argValue('--old-space', totalMib + 32);

/** Ten queries that each want to hold tens of MiB in the server (20,000 rows of ~2 KiB). */
const HEAVY: string[] = [
  `source=${SOURCE} | eval s = ${LONG} | fields s, bytes | sort s | head 3`,
  `source=${SOURCE} | eval k = concat(${LONG}, cast(bytes as string)) | stats count() by k | head 3`,
  `source=${SOURCE} | eval k = concat(${LONG}, path, cast(bytes as string)) | dedup k | stats count()`,
  `source=${SOURCE} | eval s = ${LONG} | eventstats avg(bytes) as a by path | sort - a | head 3`,
  `source=${SOURCE} | eval t = concat(${LONG}, ${LONG}) | fields t, host | sort t | head 3`,
  `source=${SOURCE} | eval s = concat(${LONG}, cast(bytes as string)) | stats values(s) as v by user | head 3`,
  `source=${SOURCE} | eval k = concat(${LONG}, cast(bytes as string)) | top 5 k`,
  `source=${SOURCE} | eval s = ${LONG} | sort - bytes | reverse | head 3`,
  `makeresults count=100 | eval a = "xxxxxxxxxxxxxxxx"${' | eval a = concat(a, a)'.repeat(22)}`,
  `source=${SOURCE} | eval k = concat(${LONG}, path) | eventstats count() as n by k | sort - n | head 3`,
];

function rssOf(pid: number): Promise<number> {
  return fs
    .readFile(`/proc/${pid}/status`, 'utf8')
    .then((text) => Number(/VmRSS:\s+(\d+) kB/.exec(text)?.[1] ?? 0) * 1024);
}

async function main() {
  await loadSampleData({ index: SOURCE });
  const dir = await fs.mkdtemp(join(tmpdir(), 'lookups-memory-bench-'));
  const config = join(dir, 'host.json');
  await fs.writeFile(
    config,
    JSON.stringify({
      plugins: {
        lookups: {
          max_rows: 1_000_000,
          bulk_batch_size: argValue('--page', 5000),
          query: { max_total_memory_bytes: totalMib * MIB },
        },
      },
    })
  );
  // The host's own figures (heap, external) every 50 ms: where RSS went.
  const probe = join(dir, 'memory.txt');
  const host = await startTestHost({
    LOOKUPS_HOST_CONFIG: config,
    LOOKUPS_MEMORY_PROBE: probe,
    NODE_OPTIONS: `--import=${join(process.cwd(), 'bench/memory_probe.mjs')}${oldSpace > 0 ? ` --max-old-space-size=${oldSpace}` : ''}`,
  });
  const pid = host.process.pid as number;
  const query = (text: string) =>
    callApi<{ message?: string; datarows?: unknown[] }>(host.url, 'POST', apiPaths.query(), {
      caller: users.writer,
      body: { query: text },
    });
  try {
    // Warm-up: the engine's code loaded and a point in time read once, then the baseline.
    const warm = await query(`source=${SOURCE} | stats count() by host | head 1`);
    if (warm.status !== 200) throw new Error(`warm-up answered ${warm.status}`);
    await new Promise((r) => setTimeout(r, 1000));
    const baseline = await rssOf(pid);
    let peak = baseline;
    let sampling = true;
    const timeline: number[] = [];
    const sampler = (async () => {
      while (sampling) {
        const rss = await rssOf(pid);
        peak = Math.max(peak, rss);
        timeline.push(rss);
        await new Promise((r) => setTimeout(r, 50));
      }
    })();
    const started = Date.now();
    const answers: Array<{ query: number; status: number; ms: number; message?: string }> = [];
    try {
      for (let round = 0; round < rounds; round++) {
        answers.push(
          ...(await Promise.all(
            HEAVY.map(async (text, i) => {
              const began = Date.now();
              const res = await query(text);
              return {
                query: i + 1,
                status: res.status,
                ms: Date.now() - began,
                ...(res.status === 200 ? {} : { message: res.body.message }),
              };
            })
          ))
        );
      }
    } finally {
      sampling = false;
      await sampler;
    }
    const alive = host.process.exitCode === null && host.process.signalCode === null;
    const growth = peak - baseline;
    const budget = totalMib * MIB;
    const counts = new Map<number, number>();
    for (const a of answers) counts.set(a.status, (counts.get(a.status) ?? 0) + 1);
    process.stdout.write(
      `${answers.length} heavy queries (${rounds} x 10 at once) in ${((Date.now() - started) / 1000).toFixed(1)} s; ` +
        `answers: ${[...counts].map(([s, n]) => `${n} x ${s}`).join(', ')}\n` +
        `host RSS: baseline ${(baseline / MIB).toFixed(0)} MiB, peak ${(peak / MIB).toFixed(0)} MiB, ` +
        `growth ${(growth / MIB).toFixed(0)} MiB = ${((growth / budget) * 100).toFixed(0)}% of the ` +
        `host-wide budget (${totalMib} MiB); bound baseline + budget = ${((baseline + budget) / MIB).toFixed(0)} MiB: ` +
        `${peak <= baseline + budget ? 'kept' : 'BROKEN'}; host ${alive ? 'alive' : 'DEAD'} ` +
        `(--max-old-space-size ${oldSpace > 0 ? `${oldSpace} MiB` : 'V8 default'})\n`
    );
    for (const a of answers) {
      process.stdout.write(
        `  q${a.query}: ${a.status} in ${(a.ms / 1000).toFixed(1)} s${a.message ? ` — ${a.message.slice(0, 110)}` : ''}\n`
      );
    }
    if (process.argv.includes('--timeline')) {
      const marks = timeline.filter((_, i) => i % 10 === 0).map((r) => (r / MIB).toFixed(0));
      process.stdout.write(`  RSS MiB every 0.5 s: ${marks.join(' ')}\n`);
      const samples = (await fs.readFile(probe, 'utf8'))
        .split('\n')
        .filter(Boolean)
        .map((line) => line.split(' ').map(Number))
        .filter((s) => s[0] >= started);
      const heap = samples.filter((_, i) => i % 10 === 0).map((s) => (s[3] / MIB).toFixed(0));
      process.stdout.write(`  heapUsed MiB every 0.5 s: ${heap.join(' ')}\n`);
    }
    if (!alive || peak > baseline + budget || answers.some((a) => a.status >= 500)) {
      process.exitCode = 1;
    }
  } finally {
    await host.stop();
    await fs.rm(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${String((error as Error).stack ?? error)}\n`);
  process.exit(1);
});
