/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * A lookup exported as CSV and imported again, through the standalone host and the real
 * cluster: the export escapes values a spreadsheet would run as formulas (`'=1+1`), and the
 * import undoes that escape, so every value comes back exactly as it was.
 */
import { apiPaths } from '../../common/api/paths';
import { basicAuthorization } from '../../host/src/auth/session';
import { callApi } from '../support/api';
import { adminClient, TestNames } from '../support/cluster';
import { startTestHost, TestHost } from '../support/host';
import { readRowsSorted } from '../support/lookups';
import { users } from '../support/users';

const admin = adminClient();
const names = new TestNames();
let host: TestHost;
const authorization = basicAuthorization(users.writer.username, users.writer.password);

// Values starting with each formula character, the forms around them, and numbers.
const ROWS = [
  { k: 'a01', v: '=1+1', n: 1 },
  { k: 'a02', v: '+33 1 23 45 67', n: -5 },
  { k: 'a03', v: '-x', n: 3 },
  { k: 'a04', v: '@SUM(A1)', n: 4 },
  { k: 'a05', v: '=HYPERLINK("http://x","y")', n: 5 },
  { k: 'a06', v: "'=already quoted", n: 6 },
  { k: 'a07', v: '  =spaced', n: 7 },
  { k: 'a08', v: "it's plain", n: 8 },
  { k: 'a09', v: '-', n: -9 },
  { k: 'a10', v: '=a,b\nc', n: 10 },
];

async function exportCsv(name: string): Promise<string> {
  const res = await fetch(`${host.url}${apiPaths.export(name)}?format=csv`, {
    headers: { authorization },
  });
  expect(res.status).toBe(200);
  return res.text();
}

async function importCsv(name: string, csv: string, query = '') {
  const form = new FormData();
  form.append('file', new Blob([csv], { type: 'text/csv' }), `${name}.csv`);
  const res = await fetch(`${host.url}${apiPaths.import(name)}${query}`, {
    method: 'POST',
    headers: { 'osd-xsrf': 'true', authorization },
    body: form,
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

beforeAll(async () => {
  host = await startTestHost();
});
afterAll(async () => {
  await host?.stop();
  await names.drop(admin);
});

it('gives back every value, = + - @ included, when an export is imported again', async () => {
  const source = names.lookup('round_trip_src');
  const copy = names.lookup('round_trip_copy');
  const written = await callApi(host.url, 'POST', apiPaths.write(source), {
    caller: users.writer,
    body: { rows: ROWS },
  });
  expect(written.status).toBe(200);

  const csv = await exportCsv(source);
  // Escaped for spreadsheets, as Kibana's CSV export does; numbers never are.
  expect(csv).toContain(`"'=1+1"`);
  expect(csv).toContain(`"'@SUM(A1)"`);
  expect(csv).toContain(`"''=already quoted"`);
  expect(csv).toContain(',-5\r\n');

  const imported = await importCsv(copy, csv);
  expect(imported).toMatchObject({ status: 200, body: { rows_written: ROWS.length } });
  await admin.indices.refresh({ index: `${copy}__lookup` });
  expect(await readRowsSorted(admin, copy, 'k')).toEqual(ROWS);
  // And the copy exports exactly as the original did.
  expect(await exportCsv(copy)).toBe(csv);
});

it('keeps the quote with unescape_formulas=false, and in a file with bare formulas', async () => {
  const kept = names.lookup('round_trip_kept');
  const res = await importCsv(kept, `k,v\r\na,"'=1+1"\r\n`, '?unescape_formulas=false');
  expect(res.status).toBe(200);
  const mixed = names.lookup('round_trip_mixed');
  expect((await importCsv(mixed, `k,v\r\na,"'=1+1"\r\nb,=2\r\n`)).status).toBe(200);
  await admin.indices.refresh({ index: [`${kept}__lookup`, `${mixed}__lookup`] });
  expect(await readRowsSorted(admin, kept, 'k')).toEqual([{ k: 'a', v: "'=1+1" }]);
  expect(await readRowsSorted(admin, mixed, 'k')).toEqual([
    { k: 'a', v: "'=1+1" },
    { k: 'b', v: '=2' },
  ]);
});

it('refuses unescape_formulas for NDJSON, which is never escaped', async () => {
  const form = new FormData();
  form.append('file', new Blob(['{"k":"=1"}\n']), 'x.ndjson');
  const res = await fetch(
    `${host.url}${apiPaths.import(names.lookup('round_trip_nd'))}?unescape_formulas=true`,
    { method: 'POST', headers: { 'osd-xsrf': 'true', authorization }, body: form }
  );
  expect(res.status).toBe(400);
  expect(((await res.json()) as { message: string }).message).toContain('CSV files only');
});
