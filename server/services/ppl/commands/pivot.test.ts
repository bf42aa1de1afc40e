/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/* xyseries over rows made in memory: the rows a user would see, worked out from xyseries.md. */
import type { OpenSearchClient } from 'opensearch-dashboards/server';
import { parsePpl } from '../../../../common/ppl/parser';
import { BufferLimitError } from '../operators';
import { compilePipeline } from '../pipeline';

const client = {} as OpenSearchClient;

async function run(query: string, maxRows = 1000) {
  const parsed = parsePpl(query);
  if (!parsed.ok) throw new Error(parsed.error.message);
  const p = await compilePipeline(
    { client, maxRows, pageSize: 100, now: new Date() },
    parsed.query,
    query
  );
  const names = p.columns.map((c) => c.name);
  const rows: unknown[][] = [];
  for await (const batch of p.run()) for (const r of batch) rows.push(names.map((n) => r[n]));
  return { names, rows, plan: p.plan };
}

const data = (json: unknown[]) => `makeresults format=json data='${JSON.stringify(json)}'`;
// Per shop and day: sales and returns; shop "b" has no Tuesday, "c" only a day not listed.
const sales = data([
  { shop: 'b', day: 'mon', sold: 4, back: 1 },
  { shop: 'a', day: 'mon', sold: 2, back: 0 },
  { shop: 'a', day: 'tue', sold: 7, back: 2 },
  { shop: 'c', day: 'sun', sold: 9, back: 3 },
]);

describe('xyseries', () => {
  it('one row per x ascending, a column per listed value; no row for a value is null', async () => {
    const r = await run(`${sales} | xyseries shop day in ("mon", "tue") sold`);
    expect(r.names).toEqual(['shop', 'sold: mon', 'sold: tue']);
    expect(r.rows).toEqual([
      ['a', 2, 7],
      ['b', 4, null],
      ['c', null, null],
    ]);
    expect(r.plan.at(-1)).toMatchObject({ mode: 'buffers' });
  });

  it('several value fields, sep and format', async () => {
    expect((await run(`${sales} | xyseries sep="-" shop day in ("tue") sold, back`)).names).toEqual(
      ['shop', 'sold-tue', 'back-tue']
    );
    const r = await run(`${sales} | xyseries format="$VAL$_$AGG$" shop day in ("mon") back`);
    expect(r.names).toEqual(['shop', 'mon_back']);
    expect(r.rows).toEqual([
      ['a', 0],
      ['b', 1],
      ['c', null],
    ]);
  });

  it('names a missing field and stops at max_rows', async () => {
    await expect(run(`${sales} | xyseries shop weekday in ("mon") sold`)).rejects.toThrow(
      /Unknown field "weekday"/
    );
    await expect(run(`${sales} | xyseries shop day in ("mon") sold`, 3)).rejects.toBeInstanceOf(
      BufferLimitError
    );
  });
});

describe('timewrap', () => {
  // Requests at 06:00 and 18:00 on three days; the first day also at 12:00.
  const hits = `${data([
    { ts: '2026-03-01 06:00:00', v: 1 },
    { ts: '2026-03-01 12:00:00', v: 2 },
    { ts: '2026-03-01 18:00:00', v: 3 },
    { ts: '2026-03-02 06:00:00', v: 10 },
    { ts: '2026-03-02 18:00:00', v: 20 },
    { ts: '2026-03-03 06:00:00', v: 100 },
  ])} | eval @timestamp = timestamp(ts)`;
  const range = (from: string, to: string) =>
    `${hits} | where @timestamp >= '${from}' and @timestamp <= '${to}' | timechart span=6h sum(v)`;

  it('one column per day of the range, oldest first; a row per time of day', async () => {
    const r = await run(`${range('2026-03-01 00:00:00', '2026-03-03 23:00:00')} | timewrap 1day`);
    expect(r.names).toEqual([
      '@timestamp',
      'sum(v)_2days_before',
      'sum(v)_1day_before',
      'sum(v)_latest_day',
    ]);
    // Times of day of the reference day (Mar 3); no row on a day is null.
    expect(r.rows).toEqual([
      ['2026-03-03 06:00:00', 1, 10, 100],
      ['2026-03-03 12:00:00', 2, null, null],
      ['2026-03-03 18:00:00', 3, 20, null],
    ]);
  });

  it('the range end picks the latest period; a span of several units counts them', async () => {
    const r = await run(`${range('2026-03-01 00:00:00', '2026-03-02 20:00:00')} | timewrap 2d`);
    // Epoch-aligned 2-day periods: Feb 28–Mar 1 and Mar 2–3 (the range ends on Mar 2, so Mar 3
    // has no rows); Mar 1 lies a day and more into its period, shown on Mar 3.
    expect(r.names).toEqual(['@timestamp', 'sum(v)_2days_before', 'sum(v)_latest_day']);
    expect(r.rows).toEqual([
      ['2026-03-02 06:00:00', null, 10],
      ['2026-03-02 18:00:00', null, 20],
      ['2026-03-03 06:00:00', 1, null],
      ['2026-03-03 12:00:00', 2, null],
      ['2026-03-03 18:00:00', 3, null],
    ]);
  });

  it('leaves out the periods of the range that have no rows', async () => {
    // The range starts four days before the first hit: those days have no timechart row.
    const r = await run(`${range('2026-02-25 00:00:00', '2026-03-02 23:00:00')} | timewrap 1day`);
    expect(r.names).toEqual(['@timestamp', 'sum(v)_1day_before', 'sum(v)_latest_day']);
    expect(r.rows).toEqual([
      ['2026-03-02 06:00:00', 1, 10],
      ['2026-03-02 12:00:00', 2, null],
      ['2026-03-02 18:00:00', 3, 20],
    ]);
  });

  it('is refused without a timechart before it or without the range start', async () => {
    const parsed = parsePpl(`${hits} | timewrap 1day`);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.error.detail).toMatch(/timewrap must follow a timechart/);
    await expect(
      run(
        `${hits} | where @timestamp <= '2026-03-03 00:00:00' | timechart span=6h sum(v) | timewrap 1d`
      )
    ).rejects.toThrow(/timewrap needs the time range's start/);
    const monthly = parsePpl(`${range('2026-03-01', '2026-03-02')} | timewrap 1month`);
    expect(monthly.ok).toBe(false);
  });
});
