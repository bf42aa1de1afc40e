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
