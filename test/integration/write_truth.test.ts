/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * What a write says it did, against the real cluster: an upsert counts the stored rows it
 * replaced and says when the version holds rows its key cannot match (written without a key);
 * appends and upserts are events of the lookup's timeline; an import refused for a column's
 * type says what it left and what to change in the file, and nothing that contradicts it.
 */
import { apiPaths } from '../../common/api/paths';
import type { LookupDetail, WriteResponse } from '../../common/api/codecs';
import { basicAuthorization } from '../../host/src/auth/session';
import { callApi } from '../support/api';
import { adminClient, TestNames } from '../support/cluster';
import { startTestHost, TestHost } from '../support/host';
import { readLookup } from '../support/lookups';
import { users } from '../support/users';

const admin = adminClient();
let host: TestHost;
const names = new TestNames();

const hosts = (from: number, n: number) =>
  Array.from({ length: n }, (_, i) => ({ host: `h${from + i}`, n: from + i }));

const write = (name: string, body: Record<string, unknown>) =>
  callApi<WriteResponse & { message?: string }>(host.url, 'POST', apiPaths.write(name), {
    caller: users.writer,
    body,
  });

async function importCsv(name: string, csv: string, query: Record<string, string> = {}) {
  const form = new FormData();
  form.append('file', new Blob([csv]), 'more.csv');
  const qs = Object.keys(query).length > 0 ? `?${new URLSearchParams(query)}` : '';
  const res = await fetch(`${host.url}${apiPaths.import(name)}${qs}`, {
    method: 'POST',
    headers: {
      'osd-xsrf': 'true',
      authorization: basicAuthorization(users.writer.username, users.writer.password),
    },
    body: form,
    signal: AbortSignal.timeout(30_000),
  });
  return { status: res.status, body: (await res.json()) as { message: string } };
}

beforeAll(async () => {
  host = await startTestHost();
});
afterAll(async () => {
  await host?.stop();
  await names.drop(admin);
});

describe('an upsert into a version written without a key', () => {
  const name = names.lookup('truth_key');

  it('replaces none of those rows, adds its own, and says why', async () => {
    expect((await write(name, { rows: hosts(0, 12) })).status).toBe(200);
    expect((await write(name, { rows: hosts(0, 12), append: true })).status).toBe(200);
    const upsert = await write(name, { rows: hosts(0, 12), key_field: ['host'] });
    expect(upsert.status).toBe(200);
    expect(upsert.body).toMatchObject({
      action: 'upserted',
      rows_written: 12,
      replaced: 0,
      unmatched: { key_fields: [''], rows: 24 },
    });
    expect(await readLookup(admin, name)).toHaveLength(36);
  });

  it('a second upsert by the same key replaces its own rows, and still warns of the others', async () => {
    const again = await write(name, { rows: hosts(6, 12), key_field: ['host'] });
    expect(again.body).toMatchObject({ replaced: 6, unmatched: { key_fields: [''] } });
    // Rows from both kinds of write are there: how many are unkeyed is no longer counted.
    expect(again.body.unmatched?.rows).toBeUndefined();
    expect(await readLookup(admin, name)).toHaveLength(42);
  });

  it('each append and upsert is an event of the lookup, with who and how many', async () => {
    const detail = await callApi<LookupDetail>(host.url, 'GET', apiPaths.lookup(name), {
      caller: users.reader,
    });
    const added = (detail.body.events ?? []).filter((e) => e.type === 'rows_added');
    expect(added).toEqual([
      expect.objectContaining({
        action: 'upserted',
        rows: 12,
        replaced: 6,
        key_field: ['host'],
        by: 'lookup_writer',
      }),
      expect.objectContaining({ action: 'upserted', rows: 12, replaced: 0 }),
      expect.objectContaining({ action: 'appended', rows: 12, by: 'lookup_writer' }),
    ]);
  });
});

it('an upsert into a keyed version replaces rows and gives no warning', async () => {
  const name = names.lookup('truth_keyed');
  expect((await write(name, { rows: hosts(0, 4), key_field: ['host'] })).status).toBe(200);
  const upsert = await write(name, { rows: hosts(2, 4), key_field: ['host'] });
  expect(upsert.body).toMatchObject({ replaced: 2, rows_written: 4 });
  expect(upsert.body.unmatched).toBeUndefined();
});

it('an import refused for a column type says what was left and what to change in the file', async () => {
  const name = names.lookup('truth_import');
  expect((await write(name, { rows: [{ host: 'a', n: 1 }] })).status).toBe(200);
  const refused = await importCsv(name, 'host,n\nb,1.5\nc,2\n', { append: 'true' });
  expect(refused.status).toBe(400);
  const message = refused.body.message;
  expect(message).toContain('Nothing was imported');
  expect(message).not.toContain('already in the lookup');
  expect(message).not.toContain('Nothing was written');
  expect(message).not.toContain('eval ');
  expect(message).toContain('Change the file so that "n" holds long values');
  expect(await readLookup(admin, name)).toHaveLength(1);
});
