/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * The writer against a plain `_bulk` load, in one run on the local cluster:
 *   npx tsx bench/writer_bench.ts [--quick]
 * For each shape, the same rows are written (1) through the writer service, overwrite, fed
 * in-process from a generator, and (2) with plain sequential `_bulk` requests of the same size
 * into a fresh index with default settings. Prints rows/s, the ratio writer/plain, and this
 * process's peak RSS growth during the largest write.
 */
import { configSchema } from '../server/config';
import { writeLookup } from '../server/services/writer/lookup_writer';
import { benchClient, formatRate, measureRss, quietLogger, rowBatches, settle } from './support';

const BATCH = 5000;
const shapes = process.argv.includes('--quick')
  ? [{ rows: 20_000, columns: 5 }]
  : [
      { rows: 100_000, columns: 2 },
      { rows: 100_000, columns: 5 },
      { rows: 100_000, columns: 20 },
      { rows: 1_000_000, columns: 5 },
    ];

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

async function viaWriter(name: string, rows: number, columns: number) {
  const started = Date.now();
  const result = await writeLookup(
    {
      client,
      // The plugin's defaults, as a user gets them.
      config: configSchema.validate({ bulk_batch_size: BATCH }),
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

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function main() {
  const suffix = Date.now().toString(36);
  process.stdout.write(
    `shape                 writer            plain _bulk       writer/plain   (median of runs)\n`
  );
  let rss = 0;
  for (const { rows, columns } of shapes) {
    // Three runs per shape (one for the largest), the order alternating, each from a quiet cluster:
    // on a 2-core machine shared with OpenSearch, single runs vary by tens of percent.
    const runs = rows >= 1_000_000 ? 1 : 3;
    const writerTimes: number[] = [];
    const plainTimes: number[] = [];
    for (let run = 0; run < runs; run++) {
      const plainIndex = `bench_plain_${rows}_${columns}_${suffix}_${run}`;
      const lookup = `bench_writer_${rows}_${columns}_${suffix}_${run}`;
      try {
        const measurePlain = async () => {
          await settle(client);
          plainTimes.push(await plainBulk(plainIndex, rows, columns));
        };
        if (run % 2 === 0) await measurePlain();
        await settle(client);
        const { result, peakGrowthMb } = await measureRss(() => viaWriter(lookup, rows, columns));
        writerTimes.push(result);
        rss = Math.max(rss, rows >= 1_000_000 || shapes.length === 1 ? peakGrowthMb : 0);
        if (run % 2 === 1) await measurePlain();
      } finally {
        await client.indices.delete(
          { index: [plainIndex, `${lookup}__lookup`] },
          { ignore: [404] }
        );
      }
    }
    const writerMs = median(writerTimes);
    const plainMs = median(plainTimes);
    process.stdout.write(
      `${`${rows.toLocaleString('en-US')} x ${columns}`.padEnd(22)}${formatRate(rows, writerMs).padEnd(18)}${formatRate(rows, plainMs).padEnd(18)}${(plainMs / writerMs).toFixed(2)}\n`
    );
  }
  process.stdout.write(`peak RSS growth during the largest write: ${rss.toFixed(0)} MB\n`);
  await client.close();
}

main().catch((error) => {
  process.stderr.write(`${error.stack ?? error}\n`);
  process.exit(1);
});
