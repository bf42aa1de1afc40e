/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Import memory bench: generates a CSV file just under `max_import_bytes` (100 MiB by default),
 * imports it through the standalone host (as a multipart upload, then as a raw body), and prints
 * the peak RSS growth of the host process over its RSS before the upload, sampled every 50 ms
 * from /proc. The goal is a growth under 100 MB: the upload streams through busboy and
 * csv-parse into a spool file on disk, never into memory. It prints numbers; it is not a test.
 *
 *   npx tsx bench/import_memory_bench.ts [--quick] [--old-space MB] [--only multipart|'raw body'] [--timeline] [--query max=1]
 *   (--quick: a 10 MiB file; --old-space: the host's V8 old-space limit, as an operator sets it for
 *   OSD with `--max-old-space-size` in config/node.options)
 *
 * What the growth is: the host's live heap stays at ~30 MB throughout (its own ~20 MB and the
 * rows in flight), but V8 lets promoted garbage pile up to about four times the live heap before
 * a full collection, so the growth is the garbage promoted to the old generation, not data the
 * import keeps. `node --trace-gc-nvp` (its `promoted=` per scavenge) found three sources, all
 * mended: csv-parse's `on_record` context object per record (V8 then allocated every record in
 * the old generation: ~90 MB per 100 MiB file), the writer waiting for a request slot while the
 * last chunk of rows was still reachable, and rows gathered into whole 5,000-row batches across
 * reads. Before those, this bench grew the host by 100-150 MB; `--old-space 64` still shows the
 * bound V8 keeps when it is told to.
 */
import { once } from 'events';
import { createWriteStream, openAsBlob, promises as fs, statSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { Readable } from 'stream';
import { apiPaths } from '../common/api/paths';
import { basicAuthorization } from '../host/src/auth/session';
import { adminClient, uniqueName } from '../test/support/cluster';
import { startTestHost } from '../test/support/host';
import { users } from '../test/support/users';

const MIB = 1024 * 1024;
const quick = process.argv.includes('--quick');
const target = quick ? 10 * MIB : 100 * MIB - 64 * 1024;

async function generateCsv(file: string, bytes: number): Promise<number> {
  const out = createWriteStream(file);
  const note = 'lorem ipsum dolor sit amet '.repeat(5);
  let written = 0;
  let rows = 0;
  const header = 'id,host,region,n,ratio,up,seen,note\n';
  out.write(header);
  written += header.length;
  for (;;) {
    const line = `${rows},host-${rows % 997},"eu, west ${rows % 7}",${rows * 3},${(rows % 1000) / 8 + 0.5},${rows % 2 === 0},2024-05-${String((rows % 28) + 1).padStart(2, '0')},${note}\n`;
    if (written + line.length > bytes) break;
    written += line.length;
    rows++;
    if (!out.write(line)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'close');
  return rows;
}

const PROBE_COLUMNS = ['rss', 'heapTotal', 'heapUsed', 'external', 'arrayBuffers'] as const;

/** Peak of each of the host's `process.memoryUsage()` figures between two times, over the first. */
async function probeGrowth(file: string, from: number, to: number) {
  const samples = (await fs.readFile(file, 'utf8'))
    .split('\n')
    .filter(Boolean)
    .map((line) => line.split(' ').map(Number));
  const before = samples.filter((s) => s[0] <= from).pop() ?? samples[0];
  const during = samples.filter((s) => s[0] >= from && s[0] <= to);
  if (process.argv.includes('--timeline')) {
    // heapUsed/external MiB once a second: which phase (spooling, then writing) holds what.
    const marks = during.filter((_, i) => i % 20 === 0);
    process.stdout.write(
      `  heapUsed/external per s: ${marks.map((s) => `${(s[3] / MIB).toFixed(0)}/${(s[4] / MIB).toFixed(0)}`).join(' ')}\n`
    );
  }
  return PROBE_COLUMNS.map((name, i) => {
    const peak = Math.max(...during.map((s) => s[i + 1]));
    return `${name} ${(before[i + 1] / MIB).toFixed(0)}→${(peak / MIB).toFixed(0)}`;
  }).join(', ');
}

function rssOf(pid: number): Promise<number> {
  return fs
    .readFile(`/proc/${pid}/status`, 'utf8')
    .then((text) => Number(/VmRSS:\s+(\d+) kB/.exec(text)?.[1] ?? 0) * 1024);
}

async function measure(pid: number, work: () => Promise<Response>) {
  const start = await rssOf(pid);
  let peak = start;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      peak = Math.max(peak, await rssOf(pid));
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  const began = Date.now();
  try {
    const res = await work();
    const body = await res.text();
    return {
      status: res.status,
      body,
      ms: Date.now() - began,
      start,
      peak,
      began,
      ended: Date.now(),
    };
  } finally {
    sampling = false;
    await sampler;
  }
}

async function main() {
  const dir = await fs.mkdtemp(join(tmpdir(), 'lookups-import-bench-'));
  const file = join(dir, 'bench.csv');
  const rows = await generateCsv(file, target);
  const size = statSync(file).size;
  process.stdout.write(`file: ${(size / MIB).toFixed(1)} MiB, ${rows} rows\n`);

  const oldSpace = process.argv.indexOf('--old-space');
  const probe = join(dir, 'memory.txt');
  // Plain JavaScript, so it loads before the host's own `--import tsx`.
  const preload = `--import=${join(process.cwd(), 'bench/memory_probe.mjs')}`;
  const host = await startTestHost({
    LOOKUPS_MEMORY_PROBE: probe,
    LOOKUPS_MAX_ROWS: String(rows + 10),
    NODE_OPTIONS:
      oldSpace > 0 ? `${preload} --max-old-space-size=${process.argv[oldSpace + 1]}` : preload,
  });
  const admin = adminClient();
  const name = uniqueName('lk_import_bench');
  const auth = basicAuthorization(users.writer.username, users.writer.password);
  // `--query max=1`: the whole file read, checked and spooled, one row written (the spool alone).
  const extra = process.argv.indexOf('--query');
  const url = `${host.url}${apiPaths.import(name)}${extra > 0 ? `?${process.argv[extra + 1]}` : ''}`;
  try {
    const pid = host.process.pid as number;
    const runs: Array<[string, () => Promise<Response>]> = [
      [
        'multipart',
        async () => {
          const form = new FormData();
          form.append('file', await openAsBlob(file), 'bench.csv');
          return fetch(url, {
            method: 'POST',
            headers: { 'osd-xsrf': 'true', authorization: auth },
            body: form,
          });
        },
      ],
      [
        'raw body',
        async () =>
          fetch(`${url}${extra > 0 ? '&' : '?'}format=csv`, {
            method: 'POST',
            headers: { 'osd-xsrf': 'true', authorization: auth, 'content-type': 'text/csv' },
            body: Readable.toWeb((await fs.open(file)).createReadStream()) as ReadableStream,
            duplex: 'half',
          } as RequestInit),
      ],
    ];
    const only = process.argv.indexOf('--only');
    for (const [label, run] of runs) {
      if (only > 0 && label !== process.argv[only + 1]) continue;
      const r = await measure(pid, run);
      const answer = r.status === 200 ? r.body : `${r.status} ${r.body.slice(0, 300)}`;
      process.stdout.write(
        `${label}: host RSS ${(r.start / MIB).toFixed(0)} MiB before, peak ${(r.peak / MIB).toFixed(0)} MiB, ` +
          `growth ${((r.peak - r.start) / MIB).toFixed(1)} MiB (goal < 100 MB); ${(r.ms / 1000).toFixed(1)} s; ${answer}\n` +
          `  in the host, MiB before→peak: ${await probeGrowth(probe, r.began, r.ended)}\n`
      );
    }
  } finally {
    await host.stop();
    await admin.indices.delete({ index: `${name}__lookup` }, { ignore: [404] });
    await fs.rm(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${String((error as Error).stack ?? error)}\n`);
  process.exit(1);
});
