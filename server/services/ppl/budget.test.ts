/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

import { parsePpl } from '../../../common/ppl/parser';
import type { Command } from '../../../common/ppl/ast';
import { QueryBudget, QueryTimeoutError } from './budget';
import { dedupOp, evalOp, Row, RowStream, sortOp, statsOp, topRareOp, whereOp } from './operators';

function command<K extends Command['kind']>(text: string, kind: K): Extract<Command, { kind: K }> {
  const parsed = parsePpl(`source=x | ${text}`);
  if (!parsed.ok) throw new Error(parsed.error.message);
  const c = parsed.query.commands[0];
  if (c.kind !== kind) throw new Error(`expected ${kind}`);
  return c as Extract<Command, { kind: K }>;
}

/** Batches made without any I/O: without pauses, a pipeline over them never leaves the microtask queue. */
async function* stream(batches: number, size: number): RowStream {
  for (let b = 0; b < batches; b++)
    yield Array.from({ length: size }, (_, i) => ({ n: b * size + i, s: `row ${i}` }) as Row);
}

async function all(s: RowStream): Promise<Row[]> {
  const out: Row[] = [];
  for await (const b of s) out.push(...b);
  return out;
}

const types = new Map<string, never>([
  ['n', 'int' as never],
  ['s', 'string' as never],
]);

/** A clock that advances `step` ms each time it is read. */
const steppingClock = (step: number) => {
  let t = 0;
  return () => (t += step);
};

type Op = (input: RowStream, budget: QueryBudget) => RowStream;
const operators: Array<[string, Op]> = [
  [
    'where',
    (input, budget) => whereOp(input, command('where n >= 0', 'Where').condition, types, budget),
  ],
  ['eval', (input, budget) => evalOp(input, command('eval m = n * 2', 'Eval'), types, budget)],
  ['dedup', (input, budget) => dedupOp(input, command('dedup n', 'Dedup'), 1e9, budget)],
  [
    'stats',
    (input, budget) =>
      statsOp(input, command('stats count() by n', 'Stats'), types, ['bigint'], 1e9, budget),
  ],
  ['sort', (input, budget) => sortOp(input, command('sort n', 'Sort').keys, 0, types, 1e9, budget)],
  ['top', (input, budget) => topRareOp(input, command('top n', 'Top'), types, 1e9, budget)],
];

describe('one query never starves the event loop', () => {
  it.each(operators.filter(([name]) => ['where', 'eval', 'dedup'].includes(name)))(
    '%s lets a pending setImmediate run between batches',
    async (_name, op) => {
      let batchesBeforeImmediate: number | undefined;
      let seen = 0;
      setImmediate(() => (batchesBeforeImmediate = seen));
      // sliceMs 0: every batch ends its slice.
      const budget = new QueryBudget({ timeoutMs: Infinity }, { sliceMs: 0 });
      for await (const batch of op(stream(10, 5), budget)) seen += batch.length > 0 ? 1 : 0;
      expect(seen).toBe(10);
      // Without pauses the timer fired only after all 10 batches.
      expect(batchesBeforeImmediate).toBeDefined();
      expect(batchesBeforeImmediate!).toBeLessThan(10);
    }
  );

  it('pauses inside one big batch once the slice is spent', async () => {
    let rowsBeforeImmediate: number | undefined;
    let rows = 0;
    const condition = command('where n >= 0', 'Where').condition;
    const budget = new QueryBudget({ timeoutMs: Infinity }, { sliceMs: 5, now: steppingClock(1) });
    setImmediate(() => (rowsBeforeImmediate = rows));
    const counted = (async function* (): RowStream {
      for await (const batch of stream(1, 10000)) {
        yield batch.map((r) => {
          return new Proxy(r, {
            get: (target, key) => {
              if (key === 'n') rows++;
              return target[key as string];
            },
          });
        });
      }
    })();
    const out = await all(whereOp(counted, condition, types, budget));
    expect(out).toHaveLength(10000);
    expect(rowsBeforeImmediate).toBeDefined();
    expect(rowsBeforeImmediate!).toBeLessThan(10000);
  });

  it('keeps results unchanged with the default budget', async () => {
    const budget = new QueryBudget();
    const out = await all(operators[0][1](stream(3, 4), budget));
    expect(out.map((r) => r.n)).toEqual([...Array(12).keys()]);
    expect(budget.usedMs).toBeLessThan(budget.timeoutMs);
  });
});

describe('a per-query deadline', () => {
  it.each(operators)('%s stops the query with a 400 once it has passed', async (_name, op) => {
    // Each clock read advances 10 ms: the first charge is past the 5 ms deadline.
    const budget = new QueryBudget({ timeoutMs: 5 }, { now: steppingClock(10) });
    const run = all(op(stream(50, 100), budget));
    await expect(run).rejects.toBeInstanceOf(QueryTimeoutError);
    await expect(run).rejects.toMatchObject({
      statusCode: 400,
      message: expect.stringMatching(
        /^The query ran longer than its time limit of 0\.005 s \(lookups\.query\.timeout\), [\d.]+ s of it computing in the server, so it was stopped\. Narrow it: filter earlier with where/
      ),
      attributes: { reason: 'query_timeout', setting: 'lookups.query.timeout', timeout_ms: 5 },
    });
  });

  it('counts the time spent waiting for input, and says none of it was computing', async () => {
    let now = 0;
    const budget = new QueryBudget({ timeoutMs: 2500 }, { now: () => now });
    async function* slowInput(): RowStream {
      for (let i = 0; i < 5; i++) {
        now += 1000; // a second waiting on OpenSearch per batch
        yield [{ n: i }];
      }
    }
    const run = all(
      whereOp(slowInput(), command('where n >= 0', 'Where').condition, types, budget)
    );
    await expect(run).rejects.toThrow(/time limit of 2\.5 s .*, 0 s of it computing in the server/);
    expect(budget.usedMs).toBe(0);
  });

  it('names the setting that gave the limit (a write has its own)', () => {
    let now = 0;
    const budget = new QueryBudget(
      { timeoutMs: 10, timeoutSetting: 'lookups.query.write_timeout' },
      { now: () => now }
    );
    now = 11;
    expect(() => budget.checkDeadline()).toThrow(/\(lookups\.query\.write_timeout\)/);
  });

  it('checkpoint looks at the clock every few steps and stops past the deadline', () => {
    let reads = 0;
    let now = 0;
    const budget = new QueryBudget(
      { timeoutMs: 100 },
      {
        now: () => {
          reads++;
          return now;
        },
      }
    );
    const before = reads;
    for (let i = 0; i < 255; i++) budget.checkpoint();
    expect(reads).toBe(before);
    now = 101;
    let steps = 0;
    expect(() => {
      for (;;) {
        steps++;
        budget.checkpoint();
      }
    }).toThrow(QueryTimeoutError);
    expect(steps).toBe(1);
  });
});
