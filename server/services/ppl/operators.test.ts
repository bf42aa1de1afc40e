/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

import { parsePpl } from '../../../common/ppl/parser';
import type { Command } from '../../../common/ppl/ast';
import {
  dedupOp,
  headOp,
  Row,
  RowStream,
  sortOp,
  statsOp,
  topRareOp,
  BufferLimitError,
} from './operators';

function command<K extends Command['kind']>(text: string, kind: K): Extract<Command, { kind: K }> {
  const parsed = parsePpl(`source=x | ${text}`);
  if (!parsed.ok) throw new Error(parsed.error.message);
  const c = parsed.query.commands[0];
  if (c.kind !== kind) throw new Error(`expected ${kind}`);
  return c as Extract<Command, { kind: K }>;
}

async function* stream(rows: Row[], batch = 2): RowStream {
  for (let i = 0; i < rows.length; i += batch)
    yield rows.slice(i, i + batch).map((r) => ({ ...r }));
}
async function all(s: RowStream): Promise<Row[]> {
  const out: Row[] = [];
  for await (const b of s) out.push(...b);
  return out;
}

const rows: Row[] = [
  { host: 'b', n: 2 },
  { host: 'a', n: 5 },
  { host: null, n: 1 },
  { host: 'b', n: null },
  { host: 'a', n: 3 },
];
const types = new Map<string, never>([
  ['host', 'string' as never],
  ['n', 'int' as never],
]);

describe('server operators', () => {
  it('sort puts nulls first ascending and last descending', async () => {
    const asc = await all(sortOp(stream(rows), command('sort n', 'Sort').keys, 0, types, 100));
    expect(asc.map((r) => r.n)).toEqual([null, 1, 2, 3, 5]);
    const desc = await all(sortOp(stream(rows), command('sort - n', 'Sort').keys, 0, types, 100));
    expect(desc.map((r) => r.n)).toEqual([5, 3, 2, 1, null]);
  });

  it('stats keeps null groups, puts aggregations first, and orders groups by key', async () => {
    const c = command('stats count() as c, sum(n), avg(n) by host', 'Stats');
    const out = await all(statsOp(stream(rows), c, types, ['bigint', 'bigint', 'double'], 100));
    expect(out).toEqual([
      { c: 1, 'sum(n)': 1, 'avg(n)': 1, host: null },
      { c: 2, 'sum(n)': 8, 'avg(n)': 4, host: 'a' },
      { c: 2, 'sum(n)': 2, 'avg(n)': 2, host: 'b' },
    ]);
  });

  it('dedup drops null keys unless keepempty=true', async () => {
    expect(
      (await all(dedupOp(stream(rows), command('dedup host', 'Dedup'), 100))).map((r) => r.host)
    ).toEqual(['b', 'a']);
    expect(
      (await all(dedupOp(stream(rows), command('dedup host keepempty=true', 'Dedup'), 100))).map(
        (r) => r.host
      )
    ).toEqual(['b', 'a', null]);
  });

  it('head skips and takes across batches, and stops reading early', async () => {
    let pulled = 0;
    async function* counting(): RowStream {
      for (const r of rows) {
        pulled++;
        yield [{ ...r }];
      }
    }
    const out = await all(headOp(counting(), { size: 2, from: 1 }));
    expect(out.map((r) => r.n)).toEqual([5, 1]);
    expect(pulled).toBe(3);
  });

  it('top counts values, most common first', async () => {
    const out = await all(topRareOp(stream(rows), command('top 1 host', 'Top'), types, 100));
    expect(out).toEqual([{ host: 'a', count: 2 }]);
  });

  it('buffering operators stop at the ceiling with a clear error', async () => {
    await expect(
      all(sortOp(stream(rows), command('sort n', 'Sort').keys, 0, types, 3))
    ).rejects.toThrow(BufferLimitError);
    await expect(
      all(sortOp(stream(rows), command('sort n', 'Sort').keys, 0, types, 3))
    ).rejects.toThrow(/more than 3 rows/);
  });
});
