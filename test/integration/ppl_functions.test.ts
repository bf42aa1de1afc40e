/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Aggregations and functions over the sample data through `_query`: each exact aggregation
 * gives the same groups whether OpenSearch computes it (pushed down) or the server does
 * (streamed, after an `eval` that keeps stats from being pushed); the server-only aggregations
 * and a relevance query agree with plain JavaScript over the generated documents; a relevance
 * function after a server command is a 400.
 */
import { apiPaths } from '../../common/api/paths';
import type { ExplainResponse, QueryRowsResponse } from '../../common/api/codecs';
import { DEFAULT_COUNT, DEFAULT_SEED, generateWebLogs } from '../../scripts/sample_data';
import { callApi } from '../support/api';
import { startTestHost, TestHost } from '../support/host';
import { users } from '../support/users';

type Cell = string | number | boolean | null;

const docs = generateWebLogs(DEFAULT_COUNT, DEFAULT_SEED);
let host: TestHost;

beforeAll(async () => {
  host = await startTestHost();
});
afterAll(async () => host?.stop());

async function rows(query: string): Promise<Cell[][]> {
  const res = await callApi<QueryRowsResponse>(host.url, 'POST', apiPaths.query(), {
    caller: users.reader,
    body: { query, size: 10_000 },
  });
  expect(res.status).toBe(200);
  return res.body.datarows as Cell[][];
}

async function modes(query: string): Promise<string[]> {
  const res = await callApi<ExplainResponse>(host.url, 'POST', apiPaths.explain(), {
    caller: users.reader,
    body: { query },
  });
  expect(res.status).toBe(200);
  return res.body.plan.map((step) => step.mode);
}

/** Rows sorted by their text, numbers rounded to 9 significant digits (sums in another order). */
const normalize = (table: Cell[][]) =>
  table
    .map((row) => row.map((c) => (typeof c === 'number' ? Number(c.toPrecision(9)) : c)))
    .sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1));

describe('pushed-down and streamed aggregations agree on web_logs', () => {
  it.each([
    'count() by region',
    'count(user) by host',
    'sum(bytes), avg(bytes) by method',
    'min(response_time_ms), max(response_time_ms) by region',
    'dc(host) by region',
    'avg(response_time_ms), count() by status',
    'sum(bytes)',
    'var_samp(bytes), stddev_pop(response_time_ms) by region',
    'var_pop(status), stddev_samp(bytes) by method',
    'distinct_count_approx(host) by region',
  ])('stats %s', async (stats) => {
    const pushed = `source=web_logs | stats ${stats}`;
    const streamed = `source=web_logs | eval streamed = 1 | stats ${stats}`;
    expect(await modes(pushed)).toEqual(['pushed_down']);
    expect(await modes(streamed)).toContain('buffers');
    const a = normalize(await rows(pushed));
    expect(a.length).toBeGreaterThan(0);
    expect(normalize(await rows(streamed))).toEqual(a);
  });
});

describe('server-side aggregations agree with the documents', () => {
  const regions = [...new Set(docs.map((d) => d.region))].sort();
  const byRegion = (region: string) => docs.filter((d) => d.region === region);

  it('var_samp, stddev_pop and count(eval(…)) by region', async () => {
    const got = await rows(
      'source=web_logs | stats var_samp(bytes), stddev_pop(bytes), count(eval(status >= 500)) as errors by region'
    );
    const want = regions.map((r) => {
      const xs = byRegion(r).map((d) => d.bytes);
      const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
      const ss = xs.reduce((a, b) => a + (b - mean) ** 2, 0);
      return [
        ss / (xs.length - 1),
        Math.sqrt(ss / xs.length),
        byRegion(r).filter((d) => d.status >= 500).length,
        r,
      ];
    });
    expect(normalize(got)).toEqual(normalize(want));
    // count(eval(…)) keeps this stats in the server; alone, the variance is pushed down.
    expect(
      await modes('source=web_logs | stats var_samp(bytes), count(eval(status >= 500)) by region')
    ).toEqual(['pushed_down', 'buffers']);
    expect(await modes('source=web_logs | stats var_samp(bytes) by region')).toEqual([
      'pushed_down',
    ]);
  });

  it('percentiles pushed down (a t-digest, as PPL documents) are near the exact ones', async () => {
    const pushed = await rows('source=web_logs | stats p90(response_time_ms), median(bytes)');
    const streamed = await rows(
      'source=web_logs | eval s = 1 | stats p90(response_time_ms), median(bytes)'
    );
    expect(await modes('source=web_logs | stats p90(response_time_ms)')).toEqual(['pushed_down']);
    const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
    const times = sorted(docs.map((d) => d.response_time_ms));
    const bytes = sorted(docs.map((d) => d.bytes));
    const rank = 0.9 * (times.length - 1);
    const exactP90 =
      times[Math.floor(rank)] + (times[Math.ceil(rank)] - times[Math.floor(rank)]) * (rank % 1);
    expect(streamed).toEqual([[exactP90, bytes[Math.round(0.5 * (bytes.length - 1))]]]);
    const [[p90, median]] = pushed as number[][];
    const spread = (xs: number[]) => xs[xs.length - 1] - xs[0];
    expect(Math.abs(p90 - exactP90)).toBeLessThan(0.01 * spread(times));
    expect(Math.abs(median - (streamed[0][1] as number))).toBeLessThan(0.01 * spread(bytes));
  });

  it('median of an integer field and values of a keyword', async () => {
    const got = await rows('source=web_logs | stats median(status), values(method)');
    const sorted = docs.map((d) => d.status).sort((a, b) => a - b);
    const median = sorted[Math.round(0.5 * (sorted.length - 1))];
    const methods = [...new Set(docs.map((d) => d.method))].sort();
    expect(got).toEqual([[median, methods]]);
  });
});

describe('relevance functions', () => {
  const token = (text: string, word: string) =>
    new RegExp(`(^|[^a-z0-9])${word}([^a-z0-9]|$)`, 'i').test(text);

  it('match is pushed down as a match query', async () => {
    const query = "source=web_logs | where match(user_agent, 'Firefox') | stats count()";
    expect(await modes(query)).toEqual(['pushed_down']);
    const want = docs.filter((d) => token(d.user_agent, 'firefox')).length;
    expect(want).toBeGreaterThan(0);
    expect(await rows(query)).toEqual([[want]]);
  });

  it('after a command that runs in the server it is a 400 that says where to put it', async () => {
    const res = await callApi<{ message: string }>(host.url, 'POST', apiPaths.query(), {
      caller: users.reader,
      body: {
        query: "source=web_logs | eval x = 1 | where match(user_agent, 'Firefox') | stats count()",
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/run only as OpenSearch queries/);
  });
});

describe('string/number coercion and evaluation errors are answers, not 500s', () => {
  it('"5" / 10 is 0.5, a double', async () => {
    const res = await callApi<QueryRowsResponse>(host.url, 'POST', apiPaths.query(), {
      caller: users.reader,
      body: { query: 'source=web_logs | head 1 | eval divide = "5" / 10 | fields divide' },
    });
    expect(res.status).toBe(200);
    expect(res.body.schema).toEqual([{ name: 'divide', type: 'double' }]);
    expect(res.body.datarows).toEqual([[0.5]]);
  });

  // Columns are 1-based: `"x" * 2` starts at offset 38, `status` (year's argument) at 41.
  it.each([
    ['source=web_logs | head 1 | eval bad = "x" * 2', /cannot apply "\*" to the string "x"/, 39],
    ['source=web_logs | head 1 | eval y = year(status)', /"year" expects a date/, 42],
    ['source=web_logs | head 1 | eval d = from_days(status * 100000)', /outside the years/, 37],
  ])('%s is a 400 at the expression', async (query, message, column) => {
    const res = await callApi<{ message: string; attributes?: Record<string, unknown> }>(
      host.url,
      'POST',
      apiPaths.query(),
      { caller: users.reader, body: { query } }
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(message);
    expect(res.body.message).toContain(`column ${column})`);
  });
});

describe('functions over the sample documents', () => {
  it('coalesce skips a field web_logs does not have', async () => {
    const got = await rows(
      'source=web_logs | sort @timestamp | head 2 | eval r = coalesce(no_such_field, user, host) | fields r'
    );
    const first = [...docs]
      .sort((a, b) => (a['@timestamp'] < b['@timestamp'] ? -1 : 1))
      .slice(0, 2);
    expect(got).toEqual(first.map((d) => [d.user ?? d.host]));
  });

  it('datetime, string and collection functions evaluate per row', async () => {
    const got = await rows(
      "source=web_logs | sort @timestamp | head 3 | eval d = date_format(`@timestamp`, '%Y/%m/%d'), w = dayofweek(`@timestamp`), parts = split(path, '/') | fields d, w, parts"
    );
    const first = [...docs]
      .sort((a, b) => (a['@timestamp'] < b['@timestamp'] ? -1 : 1))
      .slice(0, 3);
    expect(got).toEqual(
      first.map((d) => {
        const t = new Date(d['@timestamp']);
        const ymd = t.toISOString().slice(0, 10).replace(/-/g, '/');
        return [ymd, t.getUTCDay() + 1, d.path.split('/')];
      })
    );
  });
});
