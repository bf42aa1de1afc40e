/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/* `_compare`: two versions of a lookup side by side, as the caller. */
import type { LookupDetail } from '../../common/api/codecs';
import type { CompareResponse } from '../../common/api/compare';
import { apiPaths } from '../../common/api/paths';
import { callApi } from '../support/api';
import { adminClient, TestNames } from '../support/cluster';
import { startTestHost, TestHost } from '../support/host';
import { users } from '../support/users';

const admin = adminClient();
let host: TestHost;
const testNames = new TestNames();
const name = testNames.lookup('cmp');
let first: string;
let second: string;

const write = (rows: unknown[]) =>
  callApi<{ slice: string }>(host.url, 'POST', apiPaths.write(name), {
    caller: users.writer,
    body: { rows },
  });
const compare = (body: unknown, caller = users.reader) =>
  callApi<CompareResponse & { message?: string }>(host.url, 'POST', apiPaths.compare(name), {
    caller,
    body,
  });

beforeAll(async () => {
  host = await startTestHost();
  first = (
    await write([
      { code: 'a', n: 1 },
      { code: 'b', n: 2 },
      { code: 'c', n: 3 },
    ])
  ).body.slice;
  second = (
    await write([
      { code: 'a', n: 1, note: 'same n' },
      { code: 'b', n: 20 },
      { code: 'd', n: 4 },
      { code: 'e', n: 5 },
    ])
  ).body.slice;
  const detail = await callApi<LookupDetail>(host.url, 'GET', apiPaths.lookup(name), {
    caller: users.reader,
  });
  expect(detail.body.slices.map((s) => s.id).sort()).toEqual([first, second].sort());
});
afterAll(async () => {
  await host?.stop();
  await testNames.drop(admin);
});

describe('POST _compare', () => {
  it('counts rows and names the columns added and removed', async () => {
    const res = await compare({ from: first, to: second });
    expect(res.status).toBe(200);
    expect(res.body.from).toEqual({ slice: first, rows: 3, columns: ['code', 'n'] });
    expect(res.body.to).toEqual({ slice: second, rows: 4, columns: ['code', 'n', 'note'] });
    expect(res.body.columns).toEqual({ added: ['note'], removed: [] });
    expect(res.body.by_key).toBeUndefined();
  });

  it('by key: rows added, removed and changed, with samples', async () => {
    const res = await compare({ from: first, to: second, key_field: ['code'] });
    expect(res.status).toBe(200);
    const byKey = res.body.by_key!;
    // a: gained a column (changed); b: n 2 -> 20 (changed); c removed; d, e added.
    expect({ ...byKey, samples: undefined }).toEqual({
      key_field: ['code'],
      added: 2,
      removed: 1,
      changed: 2,
      unchanged: 0,
      samples: undefined,
    });
    expect(byKey.samples.removed).toEqual([{ code: 'c', n: 3 }]);
    expect(byKey.samples.added.map((r) => r.code).sort()).toEqual(['d', 'e']);
    const b = byKey.samples.changed.find((c) => c.key.code === 'b');
    expect(b).toEqual({ key: { code: 'b' }, from: { code: 'b', n: 2 }, to: { code: 'b', n: 20 } });
  });

  it('refuses an unknown version or key field with a 4xx that says what to do', async () => {
    const unknown = await compare({ from: first, to: 'nosuchversion' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toMatch(/no version nosuchversion/);
    const badKey = await compare({ from: first, to: second, key_field: ['nope'] });
    expect(badKey.status).toBe(400);
    expect(badKey.body.message).toMatch(/key field nope/);
    const badBody = await compare({ from: first });
    expect(badBody.status).toBe(400);
  });

  it('runs as the caller: a user who may read no lookup is refused', async () => {
    const res = await compare({ from: first, to: second }, users.noAccess);
    expect(res.status).toBe(403);
  });
});
