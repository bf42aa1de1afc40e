/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * A lookup holds what was written and reads back so: the current version's columns only, long
 * integers digit for digit, dates in UTC whatever the server's time zone. The host runs under
 * TZ=America/New_York, so a reading that leaned on the process's zone would show it.
 */
import { parse as parseCsv } from 'csv-parse/sync';
import { apiPaths } from '../../common/api/paths';
import { basicAuthorization } from '../../host/src/auth/session';
import { callApi, Caller } from '../support/api';
import { adminClient, TestNames } from '../support/cluster';
import { startTestHost, TestHost } from '../support/host';
import { users } from '../support/users';

const admin = adminClient();
let host: TestHost;
const names = new TestNames();

const authorization = (caller: Caller) =>
  basicAuthorization(caller.username ?? '', caller.password ?? '');

async function write(name: string, body: Record<string, unknown>) {
  const res = await callApi(host.url, 'POST', apiPaths.write(name), {
    caller: users.writer,
    body,
  });
  if (res.status !== 200) throw new Error(`write failed: ${JSON.stringify(res.body)}`);
  return res.body;
}

const query = (text: string) =>
  callApi<{ schema: Array<{ name: string; type: string }>; datarows: unknown[][] }>(
    host.url,
    'POST',
    apiPaths.query(),
    { caller: users.writer, body: { query: text } }
  );

async function exportText(name: string, format: 'csv' | 'ndjson') {
  const res = await fetch(`${host.url}${apiPaths.export(name)}?format=${format}`, {
    headers: { authorization: authorization(users.writer) },
  });
  return { status: res.status, text: await res.text() };
}

beforeAll(async () => {
  host = await startTestHost({ TZ: 'America/New_York' });
});
afterAll(async () => {
  await host?.stop();
  await names.drop(admin);
});

describe("the current version's columns", () => {
  it('after an overwrite with fewer columns, source=, lookup, _rows and CSV show only the new ones', async () => {
    const name = names.lookup('fewer');
    await write(name, {
      rows: [
        { host: 'a', region: 'x', n: 1 },
        { host: 'b', region: 'y', n: 2 },
      ],
    });
    await write(name, { rows: [{ host: 'c', n: 3 }] });

    const ppl = await query(`source=${name}`);
    expect(ppl.status).toBe(200);
    expect(ppl.body.schema.map((c) => c.name)).toEqual(['host', 'n']);
    expect(ppl.body.datarows).toEqual([['c', 3]]);

    // `lookup` without an output list brings every column of the lookup but the key.
    const joined = await query(
      `makeresults count=1 | eval host = 'c' | fields host | lookup ${name} host`
    );
    expect(joined.status).toBe(200);
    expect(joined.body.schema.map((c) => c.name)).toEqual(['host', 'n']);
    expect(joined.body.datarows).toEqual([['c', 3]]);

    const rows = await callApi<{ schema: Array<{ name: string }>; datarows: unknown[][] }>(
      host.url,
      'GET',
      apiPaths.rows(name),
      { caller: users.writer }
    );
    expect(rows.status).toBe(200);
    expect(rows.body.schema.map((c) => c.name)).toEqual(['host', 'n']);
    expect(rows.body.datarows).toEqual([['c', 3]]);

    const csv = await exportText(name, 'csv');
    expect(csv.status).toBe(200);
    expect(parseCsv(csv.text)).toEqual([
      ['host', 'n'],
      ['c', '3'],
    ]);
  });
});
