/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * A `source | where | fields | outputlookup` pipeline against a plain `_reindex` of the same rows
 * into a fresh index, in one run on the local cluster:
 *   npx tsx bench/pipeline_bench.ts [--rows 1000000] [--rex]
 * `--rex` runs `source | rex | eval | where | fields | outputlookup` instead (every row through
 * an RE2 extraction and an evaluation in the server).
 * The source index `web_logs_<rows>` is generated once (deterministic) and kept for later runs.
 * Prints rows/s for both, the ratio pipeline/_reindex, and this process's peak RSS growth.
 */
import { loadSampleData } from '../scripts/sample_data';
import { QueryService } from '../server/services/ppl/query_service';
import { configSchema } from '../server/config';
import { benchClient, formatRate, measureRss, quietLogger } from './support';

const rowsArg = process.argv.indexOf('--rows');
const ROWS = rowsArg >= 0 ? Number(process.argv[rowsArg + 1]) : 1_000_000;
const SOURCE = `web_logs_${ROWS}`;
const REX = process.argv.includes('--rex');
const PIPELINE = REX
  ? `source=${SOURCE} | rex field=path "/(?<top>[a-z]+)" | eval kb = bytes / 1024 | where status > 0 | fields host, status, bytes, top, kb`
  : `source=${SOURCE} | where status > 0 | fields host, status, bytes`;
const client = benchClient();

async function main() {
  await loadSampleData({
    index: SOURCE,
    count: ROWS,
    log: (line) => process.stdout.write(`${line}\n`),
  });
  const suffix = Date.now().toString(36);
  const reindexTarget = `bench_reindex_${suffix}`;
  const lookup = `bench_pipeline_${suffix}`;
  const config = configSchema.validate({ max_rows: Math.max(ROWS, 1_000_000) });
  try {
    let started = Date.now();
    const { body } = await client.reindex({
      wait_for_completion: true,
      refresh: true,
      body: {
        source: {
          index: SOURCE,
          query: { range: { status: { gt: 0 } } },
          _source: ['host', 'status', 'bytes'],
        },
        dest: { index: reindexTarget },
      },
    });
    const reindexMs = Date.now() - started;
    const reindexed = (body as { created: number }).created;

    const service = new QueryService({
      client,
      config,
      ceiling: { maxRows: config.max_rows, setting: 'lookups.max_rows' },
      logger: quietLogger,
    });
    started = Date.now();
    const { result, peakGrowthMb } = await measureRss(() =>
      service.run(`${PIPELINE} | outputlookup ${lookup}`)
    );
    const pipelineMs = Date.now() - started;
    const written = (result.datarows as number[][])[0][0];
    if (written !== reindexed)
      throw new Error(`pipeline wrote ${written} rows, _reindex ${reindexed}`);

    process.stdout.write(`pipeline: ${PIPELINE}\n`);
    process.stdout.write(`rows: ${written.toLocaleString('en-US')}\n`);
    process.stdout.write(`_reindex:  ${formatRate(reindexed, reindexMs)} (${reindexMs} ms)\n`);
    process.stdout.write(`pipeline:  ${formatRate(written, pipelineMs)} (${pipelineMs} ms)\n`);
    process.stdout.write(`pipeline/_reindex: ${(reindexMs / pipelineMs).toFixed(2)}\n`);
    process.stdout.write(`peak RSS growth during the pipeline: ${peakGrowthMb.toFixed(0)} MB\n`);
  } finally {
    await client.indices.delete({ index: [reindexTarget, `${lookup}__lookup`] }, { ignore: [404] });
    await client.close();
  }
}

main().catch((error) => {
  process.stderr.write(`${error.stack ?? error}\n`);
  process.exit(1);
});
