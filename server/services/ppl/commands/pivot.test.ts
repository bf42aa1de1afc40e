/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/* xyseries over rows made in memory: the rows a user would see, worked out from xyseries.md. */
import { BufferLimitError } from '../operators';
import { inlineRows as data, runInMemory } from '../../../../test/support/ppl_in_memory';

const run = (query: string, maxRows = 1000) => runInMemory(query, { maxRows });

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
