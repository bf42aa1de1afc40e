/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Paged reads stay on one version, and page tokens can be neither forged nor passed to
 * another user.
 */
import { apiPaths } from '../../common/api/paths';
import type { RowsResponse } from '../../common/api/codecs';
import type { SearchResponse } from '../../common/api/search_codecs';
import { callApi } from '../support/api';
import { adminClient, TestNames } from '../support/cluster';
import { startTestHost, TestHost } from '../support/host';
import { users } from '../support/users';

const admin = adminClient();
let host: TestHost;
const testNames = new TestNames();

const write = (name: string, rows: unknown[]) =>
  callApi<{ slice: string }>(host.url, 'POST', apiPaths.write(name), {
    caller: users.writer,
    body: { rows },
  });
const rows = (name: string, query: Record<string, string | number>) =>
  callApi<RowsResponse>(host.url, 'GET', apiPaths.rows(name), { caller: users.writer, query });

beforeAll(async () => {
  host = await startTestHost();
});
afterAll(async () => {
  await host?.stop();
  await testNames.drop(admin);
});

describe('_rows pages', () => {
  it('read the version of the first page while overwrites run, and 409 once it is gone', async () => {
    const name = testNames.lookup('pinrows');
    await write(
      name,
      Array.from({ length: 30 }, (_, i) => ({ version: 1, i }))
    );
    const first = await rows(name, { from: 0, size: 10, sort: 'i' });
    expect(first.status).toBe(200);
    expect(first.body.total).toBe(30);
    await write(
      name,
      Array.from({ length: 5 }, (_, i) => ({ version: 2, i }))
    );
    const second = await rows(name, { from: 10, size: 10, sort: 'i', slice: first.body.slice });
    expect(second.status).toBe(200);
    expect(second.body.slice).toBe(first.body.slice);
    expect(second.body.total).toBe(30);
    const versionColumn = second.body.schema.findIndex((c) => c.name === 'version');
    expect(new Set(second.body.datarows.map((r) => r[versionColumn]))).toEqual(new Set([1]));
    // A fresh first page reads the new version.
    const fresh = await rows(name, { from: 0, size: 10 });
    expect(fresh.body.total).toBe(5);
    expect(fresh.body.slice).not.toBe(first.body.slice);

    const reap = await callApi(host.url, 'POST', apiPaths.reap(name), {
      caller: users.writer,
      body: { keep: 0, older_than: '0s' },
    });
    expect(reap.status).toBe(200);
    const gone = await rows(name, { from: 10, size: 10, slice: first.body.slice });
    expect(gone.status).toBe(409);
    expect(gone.body).toMatchObject({ message: expect.stringContaining('no longer exists') });
  });
});

describe('search page tokens', () => {
  it('refuse a forged token and one sent by another user', async () => {
    const name = testNames.lookup('tokens');
    await write(
      name,
      Array.from({ length: 6 }, (_, i) => ({ word: 'alpha', i }))
    );
    const body = { mode: 'all', size: 2, query: { match: { word: 'alpha' } } };
    const first = await callApi<SearchResponse>(host.url, 'POST', apiPaths.search(name), {
      caller: users.writer,
      body,
    });
    expect(first.status).toBe(200);
    const token = first.body.page_token!;
    expect(token).toEqual(expect.any(String));

    const next = await callApi<SearchResponse>(host.url, 'POST', apiPaths.search(name), {
      caller: users.writer,
      body: { ...body, page_token: token },
    });
    expect(next.status).toBe(200);
    expect(next.body.hits).toHaveLength(2);

    const asReader = await callApi(host.url, 'POST', apiPaths.search(name), {
      caller: users.reader,
      body: { ...body, page_token: token },
    });
    expect(asReader.status).toBe(400);
    expect(asReader.body).toMatchObject({ attributes: { field: 'page_token' } });

    const [payload, mac] = token.split('.');
    const decoded = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    const forgedPayload = Buffer.from(
      JSON.stringify({ ...decoded, slice: 'another-slice' })
    ).toString('base64url');
    const forged = await callApi(host.url, 'POST', apiPaths.search(name), {
      caller: users.writer,
      body: { ...body, page_token: `${forgedPayload}.${mac}` },
    });
    expect(forged.status).toBe(400);
  });
});
