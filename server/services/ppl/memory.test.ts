/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * The memory budget as a user meets it: queries that would hold too much are stopped with a 400
 * naming the command, the budget and the setting, before the value that would not fit is built;
 * a server at its host-wide budget answers 429; and whatever the end, a query gives back all it
 * held. Runs the query service without a cluster (makeresults).
 */
import type { Logger, OpenSearchClient } from 'opensearch-dashboards/server';
import { toErrorResponse } from '../../lib/errors';
import type { Ceiling } from '../ceiling';
import {
  formatBytes,
  MemoryPool,
  QueryMemory,
  QueryMemoryExceededError,
  rowBytes,
  ServerMemoryBusyError,
  valueBytes,
} from './memory';
import { QueryService } from './query_service';

const logger = { error: jest.fn(), warn: jest.fn(), info: jest.fn(), debug: jest.fn() };
const ceiling: Ceiling = { maxRows: 1_000_000, setting: 'lookups.max_rows' };
const MiB = 1024 * 1024;

function service(options: { memoryBytes?: number; pool?: MemoryPool } = {}) {
  return new QueryService({
    client: {} as OpenSearchClient,
    config: {
      bulk_batch_size: 1000,
      query: {
        timeout: 30_000,
        max_memory_bytes: options.memoryBytes ?? 64 * MiB,
        max_total_memory_bytes: 256 * MiB,
      },
    } as never,
    ceiling,
    logger: logger as unknown as Logger,
    ...(options.pool ? { memory: options.pool } : {}),
  });
}

interface Answer {
  status: number;
  body: { message: string; attributes?: Record<string, unknown> };
}

const responses = {
  customError: ({ statusCode, body }: { statusCode: number; body: Answer['body'] }) => ({
    status: statusCode,
    body,
  }),
};

async function answer(svc: QueryService, query: string): Promise<Answer> {
  try {
    return { status: 200, body: (await svc.run(query)) as never };
  } catch (error) {
    return toErrorResponse(error, responses as never, logger as never) as unknown as Answer;
  }
}

const doubling = (times: number) =>
  `makeresults count=100 | eval a = "xxxxxxxxxxxxxxxx"${' | eval a = concat(a, a)'.repeat(times)}`;

describe('a query over its memory budget', () => {
  it('doubling a string 22 times is a 400 naming eval, the budget and the setting', async () => {
    const heapBefore = process.memoryUsage().heapUsed;
    const { status, body } = await answer(service(), doubling(22));
    expect(status).toBe(400);
    expect(body.message).toMatch(
      /^"eval" needs more server memory than one query may hold: about [\d.]+ MiB, over the budget of 64 MiB set by lookups\.query\.max_memory_bytes, so the query was stopped\./
    );
    expect(body.attributes).toEqual({
      reason: 'query_memory_exceeded',
      command: 'eval',
      setting: 'lookups.query.max_memory_bytes',
      max_memory_bytes: 64 * MiB,
    });
    // 100 rows of 2^26 characters would be 6.4 GiB: it stopped long before.
    expect(process.memoryUsage().heapUsed - heapBefore).toBeLessThan(512 * MiB);
  });

  it('the same pipeline under the budget runs', async () => {
    const { status, body } = await answer(
      service(),
      `${doubling(10)} | eval n = length(a) | fields n`
    );
    expect(status).toBe(200);
    const rows = (body as unknown as { datarows: unknown[][] }).datarows;
    expect(rows).toHaveLength(100);
    expect(rows[0]).toEqual([16 * 1024]);
  });

  it('one value too big for the budget is refused before it is built', async () => {
    // Only its length is kept, but the 1.2 M characters would have to be built first.
    const big = await answer(
      service({ memoryBytes: MiB }),
      `makeresults | eval a = "${'x'.repeat(600_000)}" | eval b = length(concat(a, a))`
    );
    expect(big.status).toBe(400);
    expect(big.body.message).toMatch(
      /^"eval" needs more server memory .* over the budget of 1 MiB/
    );
  });

  it.each([
    ['mvappend', 'makeresults count=50 | eval a = array(1, 2, 3, 4, 5, 6, 7, 8)', 'mvappend(a, a)'],
    [
      'replace',
      'makeresults count=50 | eval a = "xxxxxxxxxxxxxxxx"',
      "replace(a, 'x', 'xxxxxxxxxxxxxxxx')",
    ],
    ['concat_ws', 'makeresults count=50 | eval a = "xxxxxxxxxxxxxxxx"', 'concat_ws(a, a, a)'],
  ])('%s growing a value is stopped', async (_name, start, grow) => {
    const { status, body } = await answer(
      service({ memoryBytes: 4 * MiB }),
      `${start}${` | eval a = ${grow}`.repeat(24)} | eval n = 1`
    );
    expect(status).toBe(400);
    expect(body.message).toMatch(/^"eval" needs more server memory .* budget of 4 MiB/);
  });

  it.each([
    ['sort', 'sort - i'],
    ['stats', 'stats count() by s'],
    ['dedup', 'dedup s'],
    ['eventstats', 'eventstats count() by n'],
    ['top', 'top 5 s'],
    ['transpose', 'transpose 3'],
  ])('%s holding rows names itself', async (command, text) => {
    const query = `makeresults count=5000 | streamstats count() as i | eval n = 1, s = concat("${'y'.repeat(90)}", cast(i as string)) | ${text}`;
    const { status, body } = await answer(service({ memoryBytes: MiB }), query);
    expect(status).toBe(400);
    expect(body.attributes).toMatchObject({ command, setting: 'lookups.query.max_memory_bytes' });
  });
});

describe('the host-wide budget', () => {
  it('a query that would take the server past it is a 429 saying to retry', async () => {
    const pool = new MemoryPool(2 * MiB);
    // Another query holds most of what queries may hold together (half the budget: the rest is
    // room for the garbage they leave).
    const other = new QueryMemory(64 * MiB, pool);
    other.reserve(MiB - 1024, 'sort');
    const { status, body } = await answer(
      service({ pool }),
      `makeresults count=1000 | eval s = "${'z'.repeat(100)}" | sort s`
    );
    expect(status).toBe(429);
    expect(body.message).toMatch(
      /^The server is holding as much memory for running queries and jobs as it may \(2 MiB, lookups\.query\.max_total_memory_bytes\), so this query was stopped\. Retry in a few seconds\.$/
    );
    other.close();
    expect(pool.usedBytes).toBe(0);
    // With the memory back, the same query runs.
    expect(
      (await answer(service({ pool }), `makeresults count=1000 | eval s = "z" | sort s`)).status
    ).toBe(200);
  });

  it('every query gives back what it held, whether it ended well or not', async () => {
    const pool = new MemoryPool(64 * MiB);
    await answer(
      service({ pool }),
      'makeresults count=3000 | eval s = "abc" | sort s | stats count() by s'
    );
    expect(pool.usedBytes).toBe(0);
    await answer(service({ pool, memoryBytes: MiB }), doubling(22));
    expect(pool.usedBytes).toBe(0);
    await answer(service({ pool }), 'makeresults | eval x = 1 / 0');
    expect(pool.usedBytes).toBe(0);
  });
});

describe('accounting', () => {
  it('holds are counted against the query and the pool, and given back on close', () => {
    // Queries may hold half the host-wide budget together.
    const pool = new MemoryPool(20_000);
    const memory = new QueryMemory(5_000, pool);
    const hold = memory.hold('sort');
    hold.add(4_000);
    expect(pool.usedBytes).toBe(4_000);
    hold.release(1_000);
    expect(pool.usedBytes).toBe(3_000);
    const other = new QueryMemory(10_000, pool);
    expect(() => other.reserve(8_000, 'stats')).toThrow(ServerMemoryBusyError);
    memory.close();
    expect(pool.usedBytes).toBe(0);
    const third = new QueryMemory(10_000, pool);
    third.reserve(8_000, 'stats');
    expect(pool.usedBytes).toBe(8_000);
  });

  it('a refused query gives back all it holds at once, and stays refused', () => {
    const pool = new MemoryPool(20_000);
    const memory = new QueryMemory(5_000, pool);
    const sort = memory.hold('sort');
    const source = memory.hold('source=x');
    sort.add(3_000);
    source.add(1_000);
    expect(() => sort.add(2_000)).toThrow(QueryMemoryExceededError);
    // Before its commands wind down (their holds still think they hold bytes), the pool is free.
    expect(memory.heldBytes).toBe(0);
    expect(pool.usedBytes).toBe(0);
    expect(() => source.add(1)).toThrow(QueryMemoryExceededError);
    source.clear();
    sort.clear();
    expect(pool.usedBytes).toBe(0);
    // Refused by the pool, the same.
    const busy = new MemoryPool(2_000);
    const a = new QueryMemory(5_000, busy);
    const b = new QueryMemory(5_000, busy);
    a.reserve(600, 'stats');
    b.reserve(300, 'sort');
    expect(() => b.reserve(200, 'sort')).toThrow(ServerMemoryBusyError);
    expect(busy.usedBytes).toBe(600);
  });

  it('sizes values from their shape, without serializing them', () => {
    expect(valueBytes('abcd')).toBe(20);
    expect(valueBytes(null)).toBe(0);
    expect(valueBytes(1.5)).toBe(16);
    expect(valueBytes(['ab', 'cd'])).toBe(32 + 16 + 2 * 18);
    expect(valueBytes({ k: 'v' })).toBe(32 + 8 + 17 + 17);
    expect(rowBytes({ a: 'xyz', b: 2 })).toBe(32 + 8 + 19 + 8 + 16);
    // A deep value is sized without recursing past a bound.
    let deep: unknown = 'x';
    for (let i = 0; i < 10_000; i++) deep = [deep];
    expect(valueBytes(deep)).toBeGreaterThan(0);
  });

  it('formats sizes for people', () => {
    expect(formatBytes(64 * MiB)).toBe('64 MiB');
    expect(formatBytes(1536)).toBe('1.5 KiB');
    expect(formatBytes(12)).toBe('12 bytes');
  });
});
