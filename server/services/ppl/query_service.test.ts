/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * What a user sees from POST /api/lookups/_query for queries that are their own mistakes: a 400
 * with the position, never a 500. Runs the service and the route's error mapper without a cluster
 * (makeresults, or a fake client answering a document scan).
 */
import type { Logger, OpenSearchClient } from 'opensearch-dashboards/server';
import { toErrorResponse } from '../../lib/errors';
import type { Ceiling } from '../ceiling';
import { QueryService } from './query_service';

const logger = {
  error: jest.fn(),
  warn: jest.fn(),
  info: jest.fn(),
  debug: jest.fn(),
} as unknown as Logger;

const ceiling: Ceiling = { maxRows: 100_000, setting: 'lookups.max_rows' };

/** Answers a mapping and one page of documents, as OpenSearch does for `source=idx`. */
function fakeClient(docs: Array<Record<string, unknown>>, properties: Record<string, unknown>) {
  return {
    indices: {
      getMapping: async () => ({ body: { idx: { mappings: { properties } } } }),
    },
    createPit: async () => ({ body: { pit_id: 'pit' } }),
    search: async () => ({
      body: {
        _shards: { failed: 0 },
        hits: { hits: docs.map((d, i) => ({ _source: d, sort: [i] })) },
      },
    }),
    deletePit: async () => ({ body: {} }),
    count: async () => ({ body: { count: docs.length } }),
  } as unknown as OpenSearchClient;
}

function service(client: OpenSearchClient = {} as OpenSearchClient, timeoutMs?: number) {
  return new QueryService({
    client,
    config: { bulk_batch_size: 1000 } as never,
    ceiling,
    logger,
    ...(timeoutMs === undefined
      ? {}
      : { timeout: { ms: timeoutMs, setting: 'lookups.query.timeout' } }),
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
  forbidden: ({ body }: { body: Answer['body'] }) => ({ status: 403, body }),
};

/** The HTTP answer the route gives for `query`. */
async function answer(query: string, svc = service()): Promise<Answer> {
  try {
    const body = await svc.run(query);
    return { status: 200, body: body as never };
  } catch (error) {
    return toErrorResponse(error, responses as never, logger) as unknown as Answer;
  }
}

const nested = (depth: number): unknown => {
  let v: unknown = [];
  for (let i = 1; i < depth; i++) v = [v];
  return v;
};

describe('user errors answer 400 at their position', () => {
  const at = (text: string, part: string) => {
    const offset = text.indexOf(part);
    return { line: 1, column: offset + 1, offset, length: part.length };
  };
  const q = {
    badRegex: "makeresults | eval s = replace('a', '(', 'b')",
    backref: "makeresults | eval s = replace('aa', '(a)\\\\1', 'b')",
    overflow: 'makeresults | eval s = 9223372036854775807 + 1',
    // A cast to a number is safe (null when it does not convert); to a date it is DATE().
    cast: "makeresults | eval s = cast('2012-02-30' as date)",
    notNumber: 'makeresults | eval s = "abc" * 2',
    whereType: 'makeresults | where 1 + true > 0',
  };
  it.each([
    [
      q.badRegex,
      /^invalid regular expression "\(": missing closing \)/,
      at(q.badRegex, "replace('a', '(', 'b')"),
    ],
    [
      q.backref,
      /uses a backreference \(\\1\).*RE2 syntax is required/,
      at(q.backref, "replace('aa', '(a)\\\\1', 'b')"),
    ],
    [
      q.overflow,
      /^long overflow: 9223372036854775807 \+ 1 does not fit in 64-bit long/,
      at(q.overflow, '9223372036854775807 + 1'),
    ],
    [q.cast, /^cannot cast "2012-02-30" to date/, at(q.cast, "cast('2012-02-30' as date)")],
    [q.notNumber, /^cannot apply "\*" to the string "abc"/, at(q.notNumber, '"abc" * 2')],
    [q.whereType, /^cannot apply "\+" to int and boolean/, at(q.whereType, '1 + true')],
  ])('%s', async (query, message, position) => {
    const { status, body } = await answer(query);
    expect(status).toBe(400);
    expect(body.message).toMatch(message);
    expect(body.message).toContain(`(line 1, column ${position.column})`);
    expect(body.attributes).toMatchObject(position);
  });

  it.each([
    [
      '1,000 nested parentheses',
      `makeresults | eval x = ${'('.repeat(1000)}1${')'.repeat(1000)}`,
      /nest more than 200 levels/,
    ],
    [
      '10,000 chained NOT',
      `makeresults | where ${'NOT '.repeat(10000)}true`,
      /nest more than 200 levels/,
    ],
    [
      '10,000 unary minus',
      `makeresults | eval x = ${'-'.repeat(10000)}1`,
      /nest more than 200 levels/,
    ],
    ['50,000 pipes', `makeresults${' | where true'.repeat(50000)}`, /more than 1000 commands/],
  ])('%s is a 400 naming the limit, not a RangeError', async (_what, query, message) => {
    const { status, body } = await answer(query);
    expect(status).toBe(400);
    expect(body.message).toMatch(/^Syntax error at line 1, column \d+: /);
    expect(body.message).toMatch(message);
    expect(body.attributes).toMatchObject({ line: 1, column: expect.any(Number) });
  });

  it.each([
    // conversion.md: a string beside a number is a double.
    ['makeresults | eval divide = "5" / 10 | fields divide', 'double', 0.5],
    ['makeresults | eval add = "5" + 10 | fields add', 'double', 15],
    ['makeresults | eval c = "5" + "5" | fields c', 'string', '55'],
    [
      "makeresults | eval s = replace('aaaaaaaaaaaaaaaaaaaaaaaaaaaa!', '(a+)+$', 'b') | fields s",
      'string',
      'aaaaaaaaaaaaaaaaaaaaaaaaaaaa!',
    ],
    [
      `makeresults | eval s = '${'a'.repeat(400)}' | where s like '%a%a%a%a%b' | eval n = 1 | fields n`,
      undefined,
      undefined,
    ],
  ])('%s answers its value', async (query, type, value) => {
    const { status, body } = await answer(query);
    expect(status).toBe(200);
    const result = body as unknown as { schema: Array<{ type: string }>; datarows: unknown[][] };
    if (type === undefined) {
      expect(result.datarows).toEqual([]);
    } else {
      expect(result.schema[0].type).toBe(type);
      expect(result.datarows).toEqual([[value]]);
    }
  });

  it('a document holding 5,000 nested arrays is a 400 naming the field', async () => {
    const client = fakeClient([{ a: nested(5000), n: 1 }], {
      a: { type: 'keyword' },
      n: { type: 'long' },
    });
    const { status, body } = await answer('source=idx | fields a, n', service(client));
    expect(status).toBe(400);
    expect(body.message).toMatch(
      /the value of "a" nests arrays or objects more than 100 levels deep/
    );
    expect(body.attributes).toEqual({ field: 'a', max_depth: 100 });
  });

  it('a document with shallow arrays still reads', async () => {
    const client = fakeClient([{ a: nested(3), n: 1 }], {
      a: { type: 'keyword' },
      n: { type: 'long' },
    });
    const { status, body } = await answer('source=idx | fields a, n', service(client));
    expect(status).toBe(200);
    expect((body as unknown as { datarows: unknown[][] }).datarows).toEqual([[[[[]]], 1]]);
  });

  it('a query past its time limit is a 400 naming the limit and saying how to narrow it', async () => {
    // 5,000 rows of a regex replace take far more than 1 ms.
    const query =
      "makeresults count=5000 | eval s = replace('abcdefghij abcdefghij abcdefghij', '(\\\\w+)', '[$1]')";
    const { status, body } = await answer(query, service(undefined, 1));
    expect(status).toBe(400);
    expect(body.message).toMatch(
      /^The query ran longer than its time limit of 0\.001 s \(lookups\.query\.timeout\), [\d.]+ s of it computing in the server/
    );
    expect(body.message).toMatch(/Narrow it: filter earlier with where/);
    expect(body.attributes).toEqual({
      reason: 'query_timeout',
      setting: 'lookups.query.timeout',
      timeout_ms: 1,
    });
  });

  it('an explain stops at the same limit, here waiting on a slow mapping', async () => {
    // A mapping that takes 300 ms; the client gives up at the request's timeout, as the
    // transport does (with its TimeoutError).
    const slow = {
      indices: {
        getMapping: (_params: unknown, options?: { requestTimeout?: number }) =>
          new Promise((resolve, reject) => {
            const answer = setTimeout(
              () =>
                resolve({
                  body: { idx: { mappings: { properties: { a: { type: 'keyword' } } } } },
                }),
              300
            );
            const limit = options?.requestTimeout ?? Infinity;
            if (limit < 300)
              setTimeout(() => {
                clearTimeout(answer);
                reject(Object.assign(new Error('Request timed out'), { name: 'TimeoutError' }));
              }, limit);
          }),
      },
    } as unknown as OpenSearchClient;
    const svc = service(slow, 50);
    let refusal: Answer | undefined;
    try {
      await svc.explain('source=idx | fields a');
    } catch (error) {
      refusal = toErrorResponse(error, responses as never, logger) as unknown as Answer;
    }
    // OpenSearch, not the query, ran out of time: a 504 naming the limit.
    expect(refusal?.status).toBe(504);
    expect(refusal?.body.attributes).toMatchObject({
      reason: 'opensearch_timeout',
      setting: 'lookups.query.timeout',
      timeout_ms: 50,
    });
  });

  it('the same query runs under the default budget', async () => {
    const query =
      "makeresults count=5000 | eval s = replace('abcdefghij abcdefghij abcdefghij', '(\\\\w+)', '[$1]') | fields s";
    const { status, body } = await answer(query);
    expect(status).toBe(200);
    const rows = (body as unknown as { datarows: unknown[][] }).datarows;
    expect(rows).toHaveLength(1000);
    expect(rows[0]).toEqual(['[abcdefghij] [abcdefghij] [abcdefghij]']);
  });
});

describe('the total of a cut answer', () => {
  const docs = Array.from({ length: 30 }, (_, i) => ({ n: i + 1 }));
  const props = { n: { type: 'long' } };

  it('is the count OpenSearch gives for a pushed-down source', async () => {
    const body = await service(fakeClient(docs, props)).run('source=idx | fields n', 10);
    expect(body).toMatchObject({ size: 10, total: 30, truncated: true });
    expect((body as { datarows: unknown[][] }).datarows).toHaveLength(10);
  });

  it('is the rows shown (a lower bound) once a server-side filter changes the count', async () => {
    const body = await service(fakeClient(docs, props)).run(
      'source=idx | where n + 0 > 0 | fields n',
      10
    );
    expect(body).toMatchObject({ size: 10, total: 10, truncated: true });
  });

  it('of makeresults is its count', async () => {
    const body = await service().run('makeresults count=2500', 1000);
    expect(body).toMatchObject({ size: 1000, total: 2500, truncated: true });
  });

  it('falls back to the rows shown when the count fails, and the answer still comes', async () => {
    const client = fakeClient(docs, props) as unknown as Record<string, unknown>;
    client.count = async () => {
      throw new Error('count refused');
    };
    const warn = jest.mocked(logger.warn);
    warn.mockClear();
    const body = await service(client as unknown as OpenSearchClient).run(
      'source=idx | fields n',
      10
    );
    expect(body).toMatchObject({ size: 10, total: 10, truncated: true });
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('count refused'));
  });

  it('an answer that is not cut counts nothing more', async () => {
    const client = fakeClient(docs, props) as unknown as Record<string, unknown>;
    const count = jest.fn(async () => ({ body: { count: 30 } }));
    client.count = count;
    const body = await service(client as unknown as OpenSearchClient).run(
      'source=idx | fields n',
      100
    );
    expect(body).toMatchObject({ total: 30, size: 30 });
    expect(body).not.toHaveProperty('truncated');
    expect(count).not.toHaveBeenCalled();
  });
});

describe('an explain reads no row', () => {
  /** A client that answers the mapping and counts the searches that would read documents. */
  function countingClient() {
    const searches = { n: 0 };
    const base = fakeClient([{ '@timestamp': '2026-03-01T06:00:00Z', msg: '{"a":1}' }], {
      '@timestamp': { type: 'date' },
      msg: { type: 'keyword' },
    }) as unknown as Record<string, unknown>;
    const client = {
      ...base,
      search: async (...args: unknown[]) => {
        searches.n++;
        return (base.search as (...a: unknown[]) => unknown)(...args);
      },
    } as unknown as OpenSearchClient;
    return { client, searches };
  }

  it.each([
    [
      "source=idx | where @timestamp >= '2026-03-01 00:00:00' and @timestamp <= '2026-03-01 12:00:00' | timechart span=6h count() | timewrap 1day | fields `count()_latest_day`",
      'timewrap 1day',
    ],
    ['source=idx | spath input=msg | fields a', 'spath input=msg'],
  ])(
    '%s: from the command the rows name columns for, listed as planned when run',
    async (query, stop) => {
      const { client, searches } = countingClient();
      const explained = await service(client).explain(query);
      expect(searches.n).toBe(0);
      const at = explained.plan.findIndex((step) => step.command === stop);
      expect(at).toBeGreaterThan(0);
      expect(explained.plan[at].detail).toMatch(
        /planned when the query runs \(an explain reads no rows\)/
      );
      expect(explained.plan.slice(at + 1).map((s) => [s.command, s.detail])).toEqual([
        [query.slice(query.lastIndexOf('| ') + 2), 'planned when the query runs'],
      ]);
      expect(explained.rows).toBeUndefined();
      // The query itself still runs, reading its rows.
      const ran = await service(client).run(query);
      expect(searches.n).toBeGreaterThan(0);
      expect(ran.schema.length).toBe(1);
    }
  );
});
