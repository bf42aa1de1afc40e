/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * The platform contract on the standalone host, against the real cluster with security: user
 * data is read as the caller, never as the server's own identity.
 */
import { apiPaths } from '../../common/api/paths';
import { callApi } from '../support/api';
import { adminClient, dropIndices, uniqueName } from '../support/cluster';
import { startTestHost, TestHost } from '../support/host';
import { users } from '../support/users';

const admin = adminClient();
let host: TestHost;
const name = uniqueName('lk_found');

beforeAll(async () => {
  host = await startTestHost();
  const res = await callApi(host.url, 'POST', apiPaths.write(name), {
    caller: users.writer,
    body: { rows: [{ host: 'web-01', region: 'eu' }] },
  });
  expect(res.status).toBe(200);
});
afterAll(async () => {
  await host?.stop();
  await dropIndices(admin, name, `${name}__lookup`);
});

it('returns data to a user with read rights', async () => {
  const res = await callApi<{ schema: unknown; datarows: unknown[][]; total: number }>(
    host.url,
    'GET',
    apiPaths.rows(name),
    {
      caller: users.writer,
    }
  );
  expect(res.status).toBe(200);
  expect(res.body.total).toBe(1);
  expect(res.body.datarows).toEqual([['web-01', 'eu']]);
});

it('answers 403 with what was denied to a user without rights, and shows no data', async () => {
  // The host's own identity (admin) could read this lookup; the caller cannot.
  const adminCanRead = await admin.count({ index: name });
  expect(adminCanRead.body.count).toBe(1);
  const res = await callApi<{ statusCode: number; message: string }>(
    host.url,
    'GET',
    apiPaths.rows(name),
    {
      caller: users.noAccess,
    }
  );
  expect(res.status).toBe(403);
  expect(res.body.statusCode).toBe(403);
  expect(res.body.message).toMatch(/no permissions for \[indices:/);
  expect(JSON.stringify(res.body)).not.toContain('web-01');
});

it('answers 401 without credentials', async () => {
  const res = await callApi<{ statusCode: number }>(host.url, 'GET', apiPaths.rows(name));
  expect(res.status).toBe(401);
});

it('answers 401 when OpenSearch refuses the credentials', async () => {
  const res = await callApi(host.url, 'GET', apiPaths.rows(name), {
    caller: { username: users.writer.username, password: 'wrong-password' },
  });
  expect(res.status).toBe(401);
});

it('refuses a non-GET request without osd-xsrf with 400, writing nothing', async () => {
  const other = uniqueName('lk_xsrf');
  const res = await callApi<{ message: string }>(host.url, 'POST', apiPaths.write(other), {
    caller: users.writer,
    body: { rows: [{ a: 1 }] },
    xsrf: false,
  });
  expect(res.status).toBe(400);
  expect(res.body.message).toMatch(/osd-xsrf/);
  expect((await admin.indices.exists({ index: `${other}__lookup` })).body).toBe(false);
});

it('validates bodies with the codecs, naming the field', async () => {
  const res = await callApi<{ message: string }>(host.url, 'POST', apiPaths.write(name), {
    caller: users.writer,
    body: { rows: [], max: 0 },
  });
  expect(res.status).toBe(400);
  expect(res.body.message).toMatch(/\[max\]: expected an integer of at least 1/);
});

it('keeps the error body in OSD shape for unknown lookups', async () => {
  const res = await callApi(host.url, 'GET', apiPaths.rows(uniqueName('lk_missing')), {
    caller: users.writer,
  });
  expect(res.status).toBe(404);
  expect(res.body).toMatchObject({
    statusCode: 404,
    error: 'Not Found',
    message: expect.stringMatching(/no lookup named/),
  });
});
