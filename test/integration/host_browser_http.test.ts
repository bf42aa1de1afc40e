/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * The browser's http.fetch against the real import route, as in OSD: a FormData upload through
 * the plugin's API client (which drops OSD's default JSON content type) is imported, while the
 * same multipart body sent as `application/json` (OSD's default) is refused with 415.
 */
import { createHttp } from '../../host/public/http';
import { basicAuthorization } from '../../host/src/auth/session';
import { createLookupsApi } from '../../public/services/api_client';
import { apiPaths } from '../../common/api/paths';
import { adminClient, TestNames } from '../support/cluster';
import { startTestHost, TestHost } from '../support/host';
import { users } from '../support/users';

const names = new TestNames();
let host: TestHost;
beforeAll(async () => {
  host = await startTestHost();
});
afterAll(async () => {
  await host?.stop();
  await names.drop(adminClient());
});

function browserHttp() {
  const authorization = basicAuthorization(users.writer.username, users.writer.password);
  return createHttp({
    basePath: '',
    onUnauthorized: () => undefined,
    origin: host.url,
    fetch: (request) => {
      const withAuth = new Request(request, { headers: new Headers(request.headers) });
      withAuth.headers.set('authorization', authorization);
      return fetch(withAuth);
    },
  });
}

function csvFile() {
  return new File(['host,region\nweb-01,eu\nweb-02,us\n'], 'hosts.csv', { type: 'text/csv' });
}

it('imports a file uploaded from the browser through http.fetch', async () => {
  const name = names.lookup('browser_import');
  const api = createLookupsApi(browserHttp() as never);
  const result = await api.importFile(name, csvFile());
  expect(result.rows_written).toBe(2);
});

it("refuses a multipart body sent with OSD's default JSON content type with 415", async () => {
  const name = names.lookup('json_multipart');
  const form = new FormData();
  form.append('file', csvFile(), 'hosts.csv');
  const error = await browserHttp()
    .post(apiPaths.import(name), { body: form })
    .then(
      () => undefined,
      (e: { response?: Response }) => e
    );
  expect(error?.response?.status).toBe(415);
});
