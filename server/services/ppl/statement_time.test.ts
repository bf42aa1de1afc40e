/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * now() is the statement's time: every row of one query sees the same instant, the one the query
 * was started with, in eval and in where alike.
 */
import type { OpenSearchClient } from 'opensearch-dashboards/server';
import { parsePpl } from '../../../common/ppl/parser';
import { compilePipeline } from './pipeline';

const statementTime = new Date(Date.UTC(2026, 0, 15, 10, 30, 0));

async function values(query: string): Promise<unknown[]> {
  const parsed = parsePpl(query);
  if (!parsed.ok) throw new Error(parsed.error.message);
  const pipeline = await compilePipeline(
    { client: {} as OpenSearchClient, maxRows: 10_000, pageSize: 100, now: statementTime },
    parsed.query,
    query
  );
  const out: unknown[] = [];
  for await (const batch of pipeline.run()) for (const row of batch) out.push(row.t);
  return out;
}

describe('now() is fixed for a statement', () => {
  it('eval gives every row the query start time', async () => {
    const got = await values('makeresults count=2000 | eval t = now() | fields t');
    expect(got).toHaveLength(2000);
    expect(new Set(got)).toEqual(new Set(['2026-01-15 10:30:00']));
  });

  it('where compares against the query start time', async () => {
    const got = await values(
      "makeresults count=5 | eval t = '2026-01-15 10:30:00' | where t = now() | fields t"
    );
    expect(got).toHaveLength(5);
  });
});
