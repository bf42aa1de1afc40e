/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * The deadline reaches inside function evaluation: a format of thousands of specifiers, nested
 * lambdas over a long array or a LIKE over a long text cannot hold the server past the query's
 * time limit, even within one row. Runs the query service without a cluster (makeresults).
 */
import type { Logger, OpenSearchClient } from 'opensearch-dashboards/server';
import type { Ceiling } from '../ceiling';
import { QueryTimeoutError } from './budget';
import { mysqlFormat, mysqlParse } from './functions/datetime_format';
import { strftime } from './functions/strftime';
import { QueryService } from './query_service';

const logger = { error: jest.fn(), warn: jest.fn(), info: jest.fn(), debug: jest.fn() };
const ceiling: Ceiling = { maxRows: 100_000, setting: 'lookups.max_rows' };
const TIMEOUT_MS = 400;

const service = () =>
  new QueryService({
    client: {} as OpenSearchClient,
    config: { bulk_batch_size: 1000 } as never,
    ceiling,
    logger: logger as unknown as Logger,
    timeout: { ms: TIMEOUT_MS, setting: 'lookups.query.timeout' },
  });

/** How long `query` ran before the deadline stopped it. */
async function stoppedAfter(query: string): Promise<number> {
  const started = performance.now();
  await expect(service().run(query)).rejects.toBeInstanceOf(QueryTimeoutError);
  return performance.now() - started;
}

// Each of these runs for many seconds unbounded; stopped, it ends soon after the 0.4 s limit
// (the bound leaves room for a loaded machine).
const SOON_AFTER_MS = 4_000;

describe('the deadline inside function evaluation', () => {
  it('one row of nested lambdas over a long array stops', async () => {
    const letters = 'x'.repeat(5000);
    const ms = await stoppedAfter(
      `makeresults | eval a = split('${letters}', '') | eval n = transform(a, x -> reduce(a, 0, (acc, y) -> acc + 1))`
    );
    expect(ms).toBeLessThan(SOON_AFTER_MS);
  });

  it('a date_format of 10,000 specifiers on every row stops', async () => {
    const format = '%Y-%m-%d %H:%i:%s '.repeat(1700);
    const ms = await stoppedAfter(
      `makeresults count=5000 | where length(date_format(now(), '${format}')) < 0`
    );
    expect(ms).toBeLessThan(SOON_AFTER_MS);
  });

  it('one row formatting thousands of times stops within the row', async () => {
    const format = '%W %M %D %Y %H:%i:%s '.repeat(200);
    const ms = await stoppedAfter(
      `makeresults | eval a = split('${'x'.repeat(20_000)}', '') | eval n = transform(a, x -> length(date_format(now(), '${format}')))`
    );
    expect(ms).toBeLessThan(SOON_AFTER_MS);
  });

  it('a format looks at the clock at each specifier, so a long one can stop part way', () => {
    const at = { day: 19_000, nanos: 0 };
    let steps = 0;
    expect(mysqlFormat(at, '%Y-%m-%d %% x', false, () => steps++)).toBe('2022-01-08 % x');
    expect(steps).toBe(4);
    const stop = () => {
      if (++steps > 10) throw new QueryTimeoutError(1, 'lookups.query.timeout', 1);
    };
    steps = 0;
    expect(() => mysqlFormat(at, '%Y'.repeat(1_000_000), false, stop)).toThrow(QueryTimeoutError);
    expect(steps).toBe(11);
    steps = 0;
    expect(() => strftime(at, '%Y'.repeat(1_000), stop)).toThrow(QueryTimeoutError);
    steps = 0;
    expect(() => mysqlParse('2024'.repeat(1000), '%Y'.repeat(1000), 0, stop)).toThrow(
      QueryTimeoutError
    );
  });

  // One kind of scalar is deduplicated by key, in linear time; mixed kinds are compared
  // pairwise (quadratic), and that loop looks at the clock.
  it('mvdedup over a long array of mixed kinds (compared pairwise) stops', async () => {
    const ms = await stoppedAfter(
      `makeresults | eval a = split('${'ab,'.repeat(40_000)}', ',') | eval b = transform(a, (x, i) -> concat(x, cast(i as string))) | eval c = mvcount(mvdedup(mvappend(b, 1)))`
    );
    expect(ms).toBeLessThan(SOON_AFTER_MS);
  });

  it('the same functions on small input answer', async () => {
    const body = await service().run(
      "makeresults | eval d = date_format('2024-01-02 03:04:05', '%Y/%m/%d'), n = reduce(array(1, 2, 3), 0, (acc, x) -> acc + x) | fields d, n"
    );
    expect(body.datarows).toEqual([['2024/01/02', 6]]);
  });
});
