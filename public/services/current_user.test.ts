/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Who is signed in comes from the plugin's own server (`GET /api/lookups/_status`, asked on the
 * local cluster), since OSD's page does not say; a failure is an unknown user, not an error.
 */
import type { HttpStart } from 'opensearch-dashboards/public';
import { fetchCurrentUser } from './current_user';

function http(get: jest.Mock): HttpStart {
  return { get, basePath: { prepend: (p: string) => p } } as unknown as HttpStart;
}

it('names the caller the server names', async () => {
  const get = jest.fn(() =>
    Promise.resolve({
      server_identity: { username: 'kibanaserver', problems: [] },
      caller: { username: 'ana' },
    })
  );
  await expect(fetchCurrentUser(http(get))).resolves.toBe('ana');
  expect((get.mock.calls[0] as unknown[])[0]).toBe('/api/lookups/_status');
  // Asked on the local cluster: the signed-in user, not a data source's stored one.
  expect(JSON.stringify(get.mock.calls[0])).not.toContain('dataSourceId');
});

it.each([
  [
    'no user (no security plugin)',
    () =>
      Promise.resolve({
        server_identity: { username: null, problems: [] },
        caller: { username: null },
      }),
  ],
  ['a failed request', () => Promise.reject(new Error('offline'))],
])('is null for %s', async (_what, answer) => {
  await expect(fetchCurrentUser(http(jest.fn(answer)))).resolves.toBeNull();
});
