/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * A lookup's columns come out in the order they were written (the query's, the file's, the
 * body's), not by name: in `_rows` (the Rows tab) and in the CSV export, for every way of
 * writing. NDJSON keeps each row's own key order.
 */
import type { RowsResponse } from '../../common/api/codecs';
import { apiPaths } from '../../common/api/paths';
import { basicAuthorization } from '../../host/src/auth/session';
import { callApi } from '../support/api';
import { adminClient, TestNames } from '../support/cluster';
import { startTestHost, TestHost } from '../support/host';
import { users } from '../support/users';

const admin = adminClient();
let host: TestHost;
const names = new TestNames();
const auth = {
  authorization: basicAuthorization(users.writer.username ?? '', users.writer.password ?? ''),
};

async function columnsShown(name: string) {
  const rows = await callApi<RowsResponse>(host.url, 'GET', apiPaths.rows(name), {
    caller: users.writer,
  });
  expect(rows.status).toBe(200);
  const csv = await fetch(`${host.url}${apiPaths.export(name)}?format=csv`, { headers: auth });
  expect(csv.status).toBe(200);
  const header = (await csv.text()).split('\r\n')[0];
  return { rows: rows.body.schema.map((c) => c.name), csv: header.split(',') };
}

beforeAll(async () => {
  host = await startTestHost();
});
afterAll(async () => {
  await host?.stop();
  await names.drop(admin);
});

describe('the written column order', () => {
  it('of a { schema, datarows } write', async () => {
    const name = names.lookup('co_table');
    const res = await callApi(host.url, 'POST', apiPaths.write(name), {
      caller: users.writer,
      body: {
        schema: [
          { name: 'zeta', type: 'string' },
          { name: 'alpha', type: 'bigint' },
          { name: 'mid', type: 'boolean' },
        ],
        datarows: [['z', 1, true]],
      },
    });
    expect(res.status).toBe(200);
    expect(await columnsShown(name)).toEqual({
      rows: ['zeta', 'alpha', 'mid'],
      csv: ['zeta', 'alpha', 'mid'],
    });
  });

  it('of a { rows } write, a PPL query and an imported file', async () => {
    const rowsName = names.lookup('co_rows');
    await callApi(host.url, 'POST', apiPaths.write(rowsName), {
      caller: users.writer,
      body: { rows: [{ yes: 1, always: 'a', bee: true }] },
    });
    expect((await columnsShown(rowsName)).csv).toEqual(['yes', 'always', 'bee']);

    const queryName = names.lookup('co_query');
    const query = await callApi(host.url, 'POST', apiPaths.query(), {
      caller: users.writer,
      body: {
        query: `source=web_logs | stats count() as requests by host | eval zone = 'eu' | fields zone, requests, host | outputlookup ${queryName}`,
      },
    });
    expect(query.status).toBe(200);
    expect(await columnsShown(queryName)).toEqual({
      rows: ['zone', 'requests', 'host'],
      csv: ['zone', 'requests', 'host'],
    });

    const fileName = names.lookup('co_file');
    const form = new FormData();
    form.append(
      'file',
      new Blob(['port,service,active\n22,ssh,true\n'], { type: 'text/csv' }),
      'p.csv'
    );
    const imported = await fetch(`${host.url}${apiPaths.import(fileName)}`, {
      method: 'POST',
      headers: { ...auth, 'osd-xsrf': 'true' },
      body: form,
    });
    expect(imported.status).toBe(200);
    expect(await columnsShown(fileName)).toEqual({
      rows: ['port', 'service', 'active'],
      csv: ['port', 'service', 'active'],
    });
  });
});
