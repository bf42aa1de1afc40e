/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * A lookup holding integers beyond 2^53 shows them digit for digit in the browser: the app reads
 * rows with OSD's `withLongNumeralsSupport`, which the host's http implements as OSD does.
 */
import { apiPaths } from '../../common/api/paths';
import { basicAuthorization } from '../../host/src/auth/session';
import { appUnderTest } from '../support/app_under_test';
import { logIn, unexpectedConsoleErrors } from '../support/browser';
import { adminClient, TestNames } from '../support/cluster';
import { users } from '../support/users';

const admin = adminClient();
const names = new TestNames();
const name = names.lookup('long_numerals');
const app = appUnderTest({ viewport: { width: 1024, height: 900 } });
const { page, testSubj } = app;

// 2^53 + 1 and 2^63 - 1: JSON.parse would show them as ...992 and ...808.
const LONGS = ['9007199254740993', '9223372036854775807'];

beforeAll(async () => {
  // The body as text, so no digit is lost on the way in.
  const res = await fetch(`${app.host().url}${apiPaths.write(name)}`, {
    method: 'POST',
    headers: {
      authorization: basicAuthorization(users.writer.username, users.writer.password),
      'osd-xsrf': 'true',
      'content-type': 'application/json',
    },
    body: `{"schema":[{"name":"k","type":"string"},{"name":"n","type":"bigint"}],"datarows":[["a",${LONGS[0]}],["b",${LONGS[1]}]]}`,
  });
  if (res.status !== 200) throw new Error(`write failed: ${await res.text()}`);
  await logIn(page(), app.host().url, users.writer, `/app/lookups/lookups/${name}/rows`);
});

afterAll(async () => {
  await names.drop(admin);
});

it('shows long integers with every digit in the rows tab', async () => {
  const table = testSubj('lookupsRowsTable');
  await table.waitFor();
  const text = await table.innerText();
  for (const digits of LONGS) expect(text).toContain(digits);
  expect(text).not.toContain('9007199254740992');
});

it('raised no errors in the page', () => {
  expect(app.browser().pageErrors).toEqual([]);
  expect(unexpectedConsoleErrors(app.browser())).toEqual([]);
});
