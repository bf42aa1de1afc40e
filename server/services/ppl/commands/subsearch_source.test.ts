/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * A subsearch as the source (subquery.md, relation subquery) over rows made in memory: each
 * case states the rows a user would see, worked out by hand.
 */
import { QueryMemoryExceededError } from '../memory';
import { BufferLimitError } from '../operators';
import {
  compileInMemory,
  inlineRows as data,
  runInMemory,
} from '../../../../test/support/ppl_in_memory';

const NOW = new Date(Date.UTC(2026, 0, 15));
const run = (query: string, maxRows = 1000) => runInMemory(query, { maxRows, now: NOW });
const rows = async (query: string, maxRows = 1000) => (await run(query, maxRows)).rows;

const customers = data([
  { cust: 1, phone: '13-555', bal: 100 },
  { cust: 2, phone: '31-555', bal: 300 },
  { cust: 3, phone: '13-777', bal: 500 },
  { cust: 4, phone: '99-111', bal: 900 },
  { cust: 5, phone: '31-222', bal: -50 },
  { cust: 6, phone: '31-999', bal: 700 },
  { cust: 7, phone: '13-888', bal: 650 },
  { cust: 8, phone: '31-000', bal: 1000 },
]);
const orders = data([{ o_cust: 3 }, { o_cust: 9 }]);
const five = data([{ a: 1 }, { a: 2 }, { a: 3 }, { a: 4 }, { a: 5 }]);

describe('source=[ … ] as <alias>', () => {
  it('answers the shape of TPC-H q22: a filtered, eval-ed subsearch grouped outside', async () => {
    // Codes 13 and 31 with a positive balance average (100+300+500+700+650+1000)/6 ≈ 541.7;
    // above it: 6 (31, 700), 7 (13, 650), 8 (31, 1000); customer 3 has an order (and 500 anyway).
    const query =
      `source = [ ${customers}` +
      ` | where substring(phone, 1, 2) in ('13', '31') and bal > [ ${customers}` +
      ` | where bal > 0 and substring(phone, 1, 2) in ('13', '31') | stats avg(bal) ]` +
      ` and not exists [ ${orders} | where o_cust = cust ]` +
      ` | eval code = substring(phone, 1, 2) | fields code, bal ] as cs` +
      ' | stats count() as n, sum(bal) as total by cs.code | sort cs.code';
    const result = await run(query);
    expect(result.names).toEqual(['n', 'total', 'cs.code']);
    expect(result.rows).toEqual([
      [1, 650, '13'],
      [2, 1700, '31'],
    ]);
  });

  it('gives the subsearch columns in its order', async () => {
    const result = await run(`source=[ ${five} | eval b = a * 10 | fields b, a ] | head 2`);
    expect(result.names).toEqual(['b', 'a']);
    expect(result.rows).toEqual([
      [10, 1],
      [20, 2],
    ]);
  });

  it('reads <alias>.field in where, eval, fields (shown as the column) and by', async () => {
    const result = await run(
      `source=[ ${five} | eval b = a * 10 ] as s | where s.a > 3 | eval c = s.b + 1 | fields s.a, c`
    );
    expect(result.names).toEqual(['a', 'c']);
    expect(result.rows).toEqual([
      [4, 41],
      [5, 51],
    ]);
  });

  it('nests, each level naming its own alias', async () => {
    expect(
      await rows(
        `source=[ source=[ ${five} | eval b = a + 1 ] as i | where i.b > 4 | fields b ] as o | stats sum(o.b) as s`
      )
    ).toEqual([[6 + 5]]);
  });

  it('is the left side of a join under its alias', async () => {
    expect(
      await rows(
        `source=[ ${five} | where a <= 3 ] as l | join left=l right=r on l.a = r.k [ ${data([
          { k: 2, v: 'two' },
          { k: 3, v: 'three' },
        ])} ] | fields a, v`
      )
    ).toEqual([
      [2, 'two'],
      [3, 'three'],
    ]);
  });

  it('streams its rows: only a command of its own that holds rows meets max_rows', async () => {
    const { rows: out, plan } = await run(
      `source=[ ${five} | where a > 1 | eval b = a * 2 | fields a, b ] as s | head 3`,
      2
    );
    expect(out).toEqual([
      [2, 4],
      [3, 6],
      [4, 8],
    ]);
    expect(plan.slice(1).map((s) => [s.command, s.mode])).toEqual([
      ['where a > 1', 'streams'],
      ['eval b = a * 2', 'streams'],
      ['fields a, b', 'streams'],
      ['source=[ … ] as s', 'streams'],
      ['head 3', 'streams'],
    ]);
    await expect(run(`source=[ ${five} | sort - a ] as s | head 1`, 2)).rejects.toThrow(
      BufferLimitError
    );
  });

  it('counts against the query memory budget, as any subsearch does', async () => {
    const many = data(Array.from({ length: 200 }, (_, i) => ({ a: i, s: 'x'.repeat(50) })));
    const pipeline = await compileInMemory(`source=[ ${many} | sort - a ] as t | head 1`, {
      now: NOW,
      memoryBytes: 4096,
    });
    await expect(
      (async () => {
        for await (const batch of pipeline.run()) void batch;
      })()
    ).rejects.toThrow(QueryMemoryExceededError);
  });
});
