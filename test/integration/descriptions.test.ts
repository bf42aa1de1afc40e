/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * A lookup's description (`PUT /api/lookups/{name}/_description`): kept in the plugin index by
 * lookup name, set only by a caller who may write the lookup (checked as the caller), shown in
 * the list and the detail, and gone with the lookup.
 */
import { apiPaths } from '../../common/api/paths';
import type { ListResponse, LookupDetail } from '../../common/api/codecs';
import { callApi } from '../support/api';
import { adminClient, TestNames } from '../support/cluster';
import { startTestHost, TestHost } from '../support/host';
import { users } from '../support/users';

const admin = adminClient();
let host: TestHost;
const names = new TestNames();
const name = names.lookup('described');

const describe_ = (caller: (typeof users)[keyof typeof users], description: unknown) =>
  callApi<LookupDetail & { message?: string }>(host.url, 'PUT', apiPaths.description(name), {
    caller,
    body: { description },
  });
const detail = (caller = users.writer) =>
  callApi<LookupDetail>(host.url, 'GET', apiPaths.lookup(name), { caller });

beforeAll(async () => {
  host = await startTestHost();
  const written = await callApi(host.url, 'POST', apiPaths.write(name), {
    caller: users.writer,
    body: { rows: [{ host: 'a', owner: 'ops' }] },
  });
  expect(written.status).toBe(200);
});
afterAll(async () => {
  await host?.stop();
  await names.drop(admin);
});

it('a writer sets it; the detail and the list show it to a reader', async () => {
  const set = await describe_(users.writer, '  Hosts and their owners  ');
  expect(set.status).toBe(200);
  expect(set.body.description).toBe('Hosts and their owners');
  expect((await detail(users.reader)).body.description).toBe('Hosts and their owners');
  const list = await callApi<ListResponse>(host.url, 'GET', apiPaths.list(), {
    caller: users.reader,
    query: { search: name, from: 0, size: 10 },
  });
  expect(list.body.lookups.find((l) => l.name === name)?.description).toBe(
    'Hosts and their owners'
  );
});

it('a reader may not change it: 403 naming the write it lacks, and nothing changes', async () => {
  const refused = await describe_(users.reader, 'mine now');
  expect(refused.status).toBe(403);
  expect(refused.body.message).toMatch(
    /^You may not change the description of ".*": it takes the right to write the lookup/
  );
  expect(refused.body.message).toContain('no permissions for');
  expect((await detail()).body.description).toBe('Hosts and their owners');
});

it('refuses a text over 1000 characters, and a lookup that does not exist', async () => {
  const long = await describe_(users.writer, 'x'.repeat(1001));
  expect(long.status).toBe(400);
  expect(long.body.message).toContain('at most 1000 characters');
  const missing = await callApi<{ message: string }>(
    host.url,
    'PUT',
    apiPaths.description(names.lookup('no_such')),
    { caller: users.writer, body: { description: 'x' } }
  );
  expect(missing.status).toBe(404);
});

it('an empty text removes it, and deleting the lookup forgets it', async () => {
  expect((await describe_(users.writer, '')).body.description).toBeUndefined();
  expect((await detail()).body.description).toBeUndefined();
  await describe_(users.writer, 'again');
  expect(
    (await callApi(host.url, 'DELETE', apiPaths.lookup(name), { caller: users.writer })).status
  ).toBe(200);
  const rewritten = await callApi(host.url, 'POST', apiPaths.write(name), {
    caller: users.writer,
    body: { rows: [{ host: 'b' }] },
  });
  expect(rewritten.status).toBe(200);
  expect((await detail()).body.description).toBeUndefined();
});
