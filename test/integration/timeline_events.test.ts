/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * The versions timeline keeps restores and imports as events: who did it, when, and what (the
 * version restored and the one it replaced; the file imported, its rows, and how they went in).
 * Refused attempts leave no event, and deleting the lookup takes its events with it.
 */
import { apiPaths } from '../../common/api/paths';
import type { LookupDetail, WriteResponse } from '../../common/api/codecs';
import { basicAuthorization } from '../../host/src/auth/session';
import { callApi, type Caller } from '../support/api';
import { adminClient, TestNames } from '../support/cluster';
import { startTestHost, TestHost } from '../support/host';
import { users } from '../support/users';

const admin = adminClient();
let host: TestHost;
const testNames = new TestNames();

const write = async (name: string, rows: unknown[]) => {
  const res = await callApi<{ slice: string }>(host.url, 'POST', apiPaths.write(name), {
    caller: users.writer,
    body: { rows },
  });
  expect(res.status).toBe(200);
  return res.body.slice;
};
const detail = async (name: string) => {
  const res = await callApi<LookupDetail>(host.url, 'GET', apiPaths.lookup(name), {
    caller: users.writer,
  });
  expect(res.status).toBe(200);
  return res.body;
};
const rollback = (name: string, slice: string, caller: Caller = users.writer) =>
  callApi<{ slice: string; previous: string }>(host.url, 'POST', apiPaths.rollback(name), {
    caller,
    body: { slice },
  });

async function importFile(
  name: string,
  content: string,
  filename: string,
  query = '',
  caller: Caller = users.writer
) {
  const form = new FormData();
  form.append('file', new Blob([content], { type: 'text/csv' }), filename);
  const res = await fetch(`${host.url}${apiPaths.import(name)}${query}`, {
    method: 'POST',
    headers: {
      'osd-xsrf': 'true',
      authorization: basicAuthorization(caller.username ?? '', caller.password ?? ''),
    },
    body: form,
  });
  return { status: res.status, body: (await res.json()) as WriteResponse };
}

const recent = (at: string) => Date.now() - Date.parse(at) < 60_000;

beforeAll(async () => {
  host = await startTestHost();
});
afterAll(async () => {
  await host?.stop();
  await testNames.drop(admin);
});

describe('restores in the timeline', () => {
  it('records who restored which version, replacing which, with its rows', async () => {
    const name = testNames.lookup('evrestore');
    const first = await write(name, [{ v: 1 }, { v: 2 }, { v: 3 }]);
    const second = await write(name, [{ v: 4 }]);
    expect((await detail(name)).events).toEqual([]);

    const res = await rollback(name, first);
    expect(res.status).toBe(200);

    const { events, current_slice } = await detail(name);
    expect(current_slice).toBe(first);
    expect(events).toEqual([
      {
        type: 'version_restored',
        slice: first,
        previous: second,
        rows: 3,
        by: users.writer.username,
        at: expect.any(String),
      },
    ]);
    expect(recent(events![0].at)).toBe(true);

    // Restoring back is a second event, newest first.
    expect((await rollback(name, second)).status).toBe(200);
    const after = (await detail(name)).events!;
    expect(after.map((e) => [e.type, e.slice])).toEqual([
      ['version_restored', second],
      ['version_restored', first],
    ]);
    expect(after[0].at >= after[1].at).toBe(true);
  });

  it('a refused restore leaves no event', async () => {
    const name = testNames.lookup('evrestread');
    const first = await write(name, [{ v: 1 }]);
    await write(name, [{ v: 2 }]);
    const res = await rollback(name, first, users.reader);
    expect(res.status).toBe(403);
    expect((await detail(name)).events).toEqual([]);
  });
});

describe('imports in the timeline', () => {
  it('records the file, its rows and the version for a new import and an appending one', async () => {
    const name = testNames.lookup('evimport');
    const created = await importFile(name, 'host,n\na,1\nb,2\n', 'hosts.csv');
    expect(created.status).toBe(200);
    expect(created.body.action).toBe('created');

    const appended = await importFile(name, 'host,n\nc,3\n', 'more hosts.csv', '?append=true');
    expect(appended.status).toBe(200);
    expect(appended.body.action).toBe('appended');

    const { events } = await detail(name);
    expect(events).toEqual([
      {
        type: 'imported',
        slice: created.body.slice,
        file: 'more hosts.csv',
        format: 'csv',
        rows: 1,
        action: 'appended',
        by: users.writer.username,
        at: expect.any(String),
      },
      {
        type: 'imported',
        slice: created.body.slice,
        file: 'hosts.csv',
        format: 'csv',
        rows: 2,
        action: 'created',
        by: users.writer.username,
        at: expect.any(String),
      },
    ]);
    expect(events!.every((e) => recent(e.at))).toBe(true);
  });

  it('a refused import leaves no event, and deleting the lookup takes its events', async () => {
    const name = testNames.lookup('evimpread');
    await write(name, [{ host: 'a' }]);
    const refused = await importFile(name, 'host\nz\n', 'refused.csv', '', users.reader);
    expect(refused.status).toBe(403);
    expect((await detail(name)).events).toEqual([]);

    expect((await importFile(name, 'host\nb\n', 'kept.csv')).status).toBe(200);
    expect((await detail(name)).events!.map((e) => e.type)).toEqual(['imported']);

    const deleted = await callApi(host.url, 'DELETE', apiPaths.lookup(name), {
      caller: users.writer,
    });
    expect(deleted.status).toBe(200);
    await write(name, [{ host: 'c' }]);
    expect((await detail(name)).events).toEqual([]);
  });
});
