/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * What the editor costs on a lookup at its size limit, against an overwrite of the same rows, in
 * one run on the local cluster:
 *   npx tsx bench/editor_bench.ts [--rows N] [--runs R]
 * Starts the standalone host and writes a lookup of N rows (default 10,000, the default
 * lookups.editor.max_rows) and 6 columns with `POST _write`. Then, R times (default 3): an
 * overwrite of the same rows with `_write` (the baseline: a new version of N rows, published by
 * one alias swap), opening the editor (every row with its id, in pages of 2,000 pinned to one
 * version, as the editor reads them), the save preview (`_edit` dry run) and a save (`_edit`
 * changing 10 cells, adding 5 rows and deleting 5). Prints each median and its ratio to the
 * overwrite. All through HTTP, as admin.
 */
import { basicAuthorization } from '../host/src/auth/session';
import { adminPassword } from '../test/support/cluster';
import { startTestHost } from '../test/support/host';
import { benchClient, row } from './support';

const arg = (flag: string, fallback: number) => {
  const at = process.argv.indexOf(flag);
  return at >= 0 ? Number(process.argv[at + 1]) : fallback;
};
const ROWS = arg('--rows', 10_000);
const RUNS = arg('--runs', 3);
const COLUMNS = 6;
const PAGE = 2000;
const auth = basicAuthorization('admin', adminPassword());

interface RowsPage {
  datarows: unknown[][];
  ids: string[];
  total: number;
  slice: string;
  schema: Array<{ name: string }>;
}

async function call<T>(url: string, method = 'GET', body?: unknown): Promise<T> {
  const res = await fetch(url, {
    method,
    headers: {
      authorization: auth,
      'osd-xsrf': 'true',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${text.slice(0, 500)}`);
  return JSON.parse(text) as T;
}

async function timed<T>(run: () => Promise<T>): Promise<{ ms: number; result: T }> {
  const started = process.hrtime.bigint();
  const result = await run();
  return { ms: Number(process.hrtime.bigint() - started) / 1e6, result };
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function main() {
  const name = `bench_edit_${Date.now().toString(36)}`;
  const host = await startTestHost();
  const api = `${host.url}/api/lookups/${encodeURIComponent(name)}`;
  const rows = Array.from({ length: ROWS }, (_, i) => row(i, COLUMNS));
  const times = {
    overwrite: [] as number[],
    open: [] as number[],
    preview: [] as number[],
    save: [] as number[],
  };
  try {
    process.stdout.write(`${name}: ${ROWS} rows, ${COLUMNS} columns, ${RUNS} runs\n`);
    await call(`${api}/_write`, 'POST', { rows });
    for (let run = 0; run < RUNS; run++) {
      times.overwrite.push((await timed(() => call(`${api}/_write`, 'POST', { rows }))).ms);

      const open = await timed(async () => {
        const first = await call<RowsPage>(`${api}/_rows?from=0&size=${PAGE}&with_ids=true`);
        const pages = [first];
        for (let from = PAGE; from < first.total; from += PAGE) {
          pages.push(
            await call<RowsPage>(
              `${api}/_rows?from=${from}&size=${PAGE}&with_ids=true&slice=${first.slice}`
            )
          );
        }
        return { slice: first.slice, ids: pages.flatMap((p) => p.ids), schema: first.schema };
      });
      times.open.push(open.ms);
      const { slice, ids, schema } = open.result;
      if (ids.length !== ROWS) throw new Error(`read ${ids.length} ids, expected ${ROWS}`);
      const text = schema.find((c) => c.name === 'c0')!.name;
      const body = {
        base_slice: slice,
        update: ids.slice(0, 10).map((id, i) => ({ id, row: { [text]: `edited-${run}-${i}` } })),
        add: Array.from({ length: 5 }, (_, i) => row(ROWS + i, COLUMNS)),
        delete: ids.slice(10, 15),
      };
      times.preview.push(
        (await timed(() => call(`${api}/_edit`, 'POST', { ...body, dry_run: true }))).ms
      );
      const save = await timed(() => call<{ rows: number }>(`${api}/_edit`, 'POST', body));
      if (save.result.rows !== ROWS) throw new Error(`the edit left ${save.result.rows} rows`);
      times.save.push(save.ms);
    }
    const base = median(times.overwrite);
    const line = (label: string, values: number[]) =>
      process.stdout.write(
        `${label.padEnd(52)}${`${median(values).toFixed(0)} ms`.padStart(10)}${`${(median(values) / base).toFixed(2)}x`.padStart(9)}\n`
      );
    process.stdout.write(
      `\n${'median of runs'.padEnd(52)}${'time'.padStart(10)}${'ratio'.padStart(9)}\n`
    );
    line(`baseline: _write overwrite of ${ROWS} rows`, times.overwrite);
    line('open the editor: every row with its id', times.open);
    line('save preview: _edit dry run', times.preview);
    line('save: _edit (10 changed, 5 added, 5 deleted)', times.save);
  } finally {
    await host.stop();
    await benchClient()
      .indices.delete({ index: `${name}__lookup` }, { ignore: [404] })
      .catch(() => undefined);
  }
}

main().catch((error) => {
  process.stderr.write(`${(error as Error).stack ?? String(error)}\n`);
  process.exitCode = 1;
});
