/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * The query pool with real worker processes running the real engine (queries that need no
 * cluster: makeresults), and a stand-in worker for a query that never gives its thread back.
 */
import { join } from 'path';
import type { Logger, OpenSearchClient } from 'opensearch-dashboards/server';
import type { QueryResponse } from '../../../../common/api/codecs';
import { configSchema } from '../../../config';
import { LookupError } from '../../../lib/errors';
import { WriteCancelledError } from '../../writer/cancellation';
import { QueryTimeoutError } from '../budget';
import { IsolatedQueryService } from './isolated_query_service';
import { QueryPoolBusyError, QueryWorkerMemoryError } from './pool_errors';
import { QueryPool, type PoolOptions, type WorkerScript } from './query_pool';

const lines: string[] = [];
const logger: Logger = {
  trace: () => undefined,
  debug: () => undefined,
  info: (m) => void lines.push(String(m)),
  warn: (m) => void lines.push(String(m)),
  error: (m) => void lines.push(String(m)),
  fatal: (m) => void lines.push(String(m)),
  get: () => logger,
};
const ceiling = { maxRows: 1_000_000, setting: 'lookups.max_rows' as const };
// No request reaches OpenSearch in these queries.
const noClient = {} as OpenSearchClient;

/** A worker that echoes a query's text, and never ends one called `spin`. */
const spinner: WorkerScript = {
  filename: join(__dirname, 'spinning_worker.mock.ts'),
  execArgv: ['--require', require.resolve('tsx/cjs')],
};

const pools: QueryPool[] = [];
function pool(options: Partial<PoolOptions> = {}): QueryPool {
  const made = new QueryPool({
    workers: 1,
    maxHeapMb: 256,
    perWorker: 4,
    maxQueued: 10,
    memoryLimitBytes: 128 * 1024 * 1024,
    logger,
    ...options,
  });
  pools.push(made);
  return made;
}
afterAll(() => Promise.all(pools.map((p) => p.close())));

function service(on: QueryPool, query: Record<string, unknown> = {}, signal?: AbortSignal) {
  return new IsolatedQueryService(on, {
    client: noClient,
    config: configSchema.validate({ query }),
    ceiling,
    logger,
    ...(signal ? { signal } : {}),
  });
}

describe('the query pool', () => {
  it('runs a query in a worker and answers in the _plugins/_ppl shape, bigints whole', async () => {
    const answer = await service(pool()).run(
      'makeresults count=2 | eval n = 9007199254740993, s = concat("a", "b") | fields n, s'
    );
    expect(answer).toEqual<QueryResponse>({
      schema: [
        { name: 'n', type: 'bigint' },
        { name: 's', type: 'string' },
      ],
      datarows: [
        [9007199254740993n, 'ab'],
        [9007199254740993n, 'ab'],
      ],
      total: 2,
      size: 2,
    });
  });

  it("answers a syntax error with the engine's 400 and its position", async () => {
    const error = await service(pool())
      .run('makeresults count=1 | eval = 1')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LookupError);
    expect((error as LookupError).statusCode).toBe(400);
    expect((error as LookupError).attributes).toMatchObject({ line: 1 });
  });

  it('uses several workers for queries at once', async () => {
    const two = pool({ workers: 2, perWorker: 1 });
    const answers = await Promise.all(
      [1, 2, 3, 4].map((n) => service(two).run(`makeresults count=${n} | stats count() as c`))
    );
    expect(answers.map((a) => a.datarows[0][0])).toEqual([1, 2, 3, 4]);
    expect(two.workers).toBe(2);
  });

  it('ends a worker that goes over its heap with a 400 naming the setting, and replaces it', async () => {
    // The accounting is set out of the way, so that only the heap limit can stop the query.
    const small = pool({ maxHeapMb: 64, memoryLimitBytes: 8 * 1024 * 1024 * 1024 });
    const huge = service(small, { max_memory_bytes: 8 * 1024 * 1024 * 1024 });
    const error = await huge
      .run(
        `makeresults count=5000 | eval s = upper(concat('${'x'.repeat(40_000)}', cast(rand() as string))) | sort s`
      )
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(QueryWorkerMemoryError);
    expect((error as LookupError).statusCode).toBe(400);
    expect((error as LookupError).message).toContain('lookups.query.worker_max_heap_mb');
    const after = await service(small).run('makeresults count=3 | stats count() as c');
    expect(after.datarows).toEqual([[3]]);
  });

  it('ends a query that holds its worker past the deadline within a second, with the timeout 400', async () => {
    const spinning = pool({ script: spinner, graceMs: 200 });
    const started = Date.now();
    const error = await spinning
      .submit(
        {
          kind: 'run',
          text: 'spin',
          config: configSchema.validate({}),
          ceiling,
          timeout: { ms: 300, setting: 'lookups.query.timeout' },
        },
        { client: noClient, write: () => Promise.reject(new Error('no writes')) }
      )
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(QueryTimeoutError);
    expect(Date.now() - started).toBeLessThan(300 + 1000);
    // A new worker serves the next query.
    await expect(
      spinning.submit(
        { kind: 'run', text: 'hello', config: configSchema.validate({}), ceiling },
        { client: noClient, write: () => Promise.reject(new Error('no writes')) }
      )
    ).resolves.toEqual({ echoed: 'hello' });
  });

  it('ends a cancelled query within a second even inside one function call', async () => {
    const spinning = pool({ script: spinner, graceMs: 200 });
    const cancel = new AbortController();
    const started = Date.now();
    const pending = spinning
      .submit(
        { kind: 'run', text: 'spin', config: configSchema.validate({}), ceiling },
        {
          client: noClient,
          signal: cancel.signal,
          write: () => Promise.reject(new Error('no writes')),
        }
      )
      .catch((e: unknown) => e);
    setTimeout(() => cancel.abort(), 100);
    expect(await pending).toBeInstanceOf(WriteCancelledError);
    expect(Date.now() - started).toBeLessThan(100 + 1000);
  });

  it('queues what the workers cannot take, and refuses beyond the queue with a 429', async () => {
    const busy = pool({ script: spinner, perWorker: 1, maxQueued: 1, graceMs: 100 });
    const task = (text: string, timeoutMs = 500) =>
      busy
        .submit(
          {
            kind: 'run',
            text,
            config: configSchema.validate({}),
            ceiling,
            timeout: { ms: timeoutMs, setting: 'lookups.query.timeout' },
          },
          { client: noClient, write: () => Promise.reject(new Error('no writes')) }
        )
        .catch((e: unknown) => e);
    const first = task('spin');
    const second = task('queued', 5000);
    const third = await task('refused');
    expect(third).toBeInstanceOf(QueryPoolBusyError);
    expect((third as LookupError).statusCode).toBe(429);
    expect((third as LookupError).message).toContain('lookups.query.max_queued');
    expect(await first).toBeInstanceOf(QueryTimeoutError);
    expect(await second).toEqual({ echoed: 'queued' });
  });
});
