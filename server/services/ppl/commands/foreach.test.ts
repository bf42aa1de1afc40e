/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * foreach's collection modes (foreach.md) over rows made in memory: each expected row worked
 * out by hand (sums, index-weighted sums) from the documented semantics.
 */
import {
  compileInMemory,
  inlineRows as data,
  runInMemory,
} from '../../../../test/support/ppl_in_memory';

const NOW = new Date(Date.UTC(2026, 0, 15));
const compile = (query: string) => compileInMemory(query, { now: NOW });
const rows = async (query: string) => (await runInMemory(query, { now: NOW })).rows;

async function refusal(query: string): Promise<string> {
  try {
    await rows(query);
  } catch (e) {
    return (e as Error).message;
  }
  throw new Error(`expected ${query} to be refused`);
}

// j: the JSON text [4,"6"] and [1,"x"].
const two = `${data([
  { k: 'a', p: 4, q: '6' },
  { k: 'b', p: 1, q: 'x' },
])} | eval j = json_array(p, q) | fields k, j`;

describe('foreach over collections', () => {
  it('multivalue: the eval once per element, as an accumulator', async () => {
    expect(
      await rows(
        `${two} | eval xs = array(2, 5, 11), s = 0 | foreach mode=multivalue xs [ eval s = s + <<ITEM>> ] | fields k, s`
      )
    ).toEqual([
      ['a', 18],
      ['b', 18],
    ]);
  });

  it('gives <<ITER>> the zero-based index; a renamed placeholder reads bare', async () => {
    // 0·10 + 1·20 + 2·30 = 80; the second assignment sees the first's new value.
    expect(
      await rows(
        `${two} | head 1 | eval xs = array(10, 20, 30), s = 0, last = 0 | foreach mode=multivalue iterstr=IDX xs [ eval s = s + IDX * <<ITEM>>, last = s ] | fields s, last`
      )
    ).toEqual([[80, 80]]);
    expect(
      await rows(
        `${two} | head 1 | eval xs = array('p', 'q'), s = '' | foreach mode=multivalue itemstr=V xs [ eval s = concat(s, V, '<<ITER>>') ] | fields s`
      )
    ).toEqual([['p<<ITER>>q<<ITER>>']]);
  });

  it('json_array: a literal or json_array(…) call read while planning, numbers as doubles', async () => {
    const pipeline = await compile(
      `${two} | eval s = 0 | foreach mode=json_array '[1.5, 2, 3]' [ eval s = s + <<ITEM>> ] | fields s`
    );
    expect(pipeline.columns).toEqual([{ name: 's', type: 'double' }]);
    expect(
      await rows(
        `${two} | eval s = 0 | foreach mode=json_array '[1.5, 2, 3]' [ eval s = s + <<ITEM>> ] | fields s`
      )
    ).toEqual([[6.5], [6.5]]);
    expect(
      await rows(
        `${two} | head 1 | eval s = 0 | foreach json_array(7, 8) [ eval s = s * 10 + <<ITEM>> ] | fields s`
      )
    ).toEqual([[78]]);
  });

  it('json_array over a field: numbers when the element is used in arithmetic (else null), text otherwise', async () => {
    expect(
      await rows(
        `${two} | eval s = 0 | foreach mode=json_array j [ eval s = s + <<ITEM>> ] | fields k, s`
      )
    ).toEqual([
      ['a', 10],
      ['b', null],
    ]);
    expect(
      await rows(
        `${two} | eval s = '' | foreach mode=json_array j [ eval s = concat(s, <<ITEM>>, ';') ] | fields s`
      )
    ).toEqual([['4;6;'], ['1;x;']]);
  });

  it('multivalue over a non-array and json_array over a native array change nothing', async () => {
    expect(
      await rows(
        `${two} | head 1 | eval s = 0 | foreach mode=multivalue j [ eval s = s + 1 ] | fields s`
      )
    ).toEqual([[0]]);
    expect(
      await rows(
        `${two} | head 1 | eval xs = array(1, 2), s = 0 | foreach mode=json_array xs [ eval s = s + 1 ] | fields s`
      )
    ).toEqual([[0]]);
  });

  it('auto_collections: an array as multivalue, text as json_array, no target the first array field', async () => {
    const q = `${two} | head 1 | eval xs = array(3, 4), s = 0`;
    expect(
      await rows(`${q} | foreach mode=auto_collections xs [ eval s = s + <<ITEM>> ] | fields s`)
    ).toEqual([[7]]);
    expect(
      await rows(`${q} | foreach mode=auto_collections j [ eval s = s + <<ITEM>> ] | fields s`)
    ).toEqual([[10]]);
    expect(
      await rows(`${q} | foreach mode=auto_collections [ eval s = s + <<ITEM>> ] | fields s`)
    ).toEqual([[7]]);
  });

  it('leaves no placeholder column behind', async () => {
    const pipeline = await compile(
      `${two} | eval xs = array(1), s = 0 | foreach mode=multivalue xs [ eval s = s + <<ITEM>> ]`
    );
    expect(pipeline.columns.map((c) => c.name)).toEqual(['k', 'j', 'xs', 's']);
    for await (const batch of pipeline.run())
      for (const row of batch) expect(Object.keys(row).sort()).toEqual(['j', 'k', 's', 'xs']);
  });

  it.each([
    [`${two} | foreach mode=multivalue xs [ eval s = 1 ]`, /Unknown field "xs"/],
    [
      `${two} | eval xs = array(1) | foreach mode=multivalue xs [ eval s = <<ITEM>> ]`,
      /Unknown field "s"/,
    ],
    [
      `${two} | eval s = 0 | foreach mode=json_array '[1, "a"]' [ eval s = s + 1 ]`,
      /mixes strings and numbers/,
    ],
    [
      `${two} | eval s = 0 | foreach mode=json_array 'nope' [ eval s = s + 1 ]`,
      /"nope" is not a JSON array/,
    ],
    [
      `${two} | eval s = 0 | foreach mode=auto_collections [ eval s = s + 1 ]`,
      /there is none: name the field/,
    ],
  ])('%s is refused', async (query, message) => {
    expect(await refusal(query)).toMatch(message);
  });
});
