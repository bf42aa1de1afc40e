/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Deleting one version of a lookup (`DELETE /api/lookups/{name}/_versions/{slice}`): an old
 * version's rows go, as the caller, and its deletion stays in the lookup's timeline; the current
 * version is refused with the way out; the lookup's lease is taken like any other operation's.
 */
import { apiPaths } from '../../common/api/paths';
import type { DeleteVersionResponse, LookupDetail } from '../../common/api/codecs';
import type { PermissionsResponse } from '../../common/api/permissions';
import { PLUGIN_INDEX } from '../../server/services/plugin_index/plugin_index';
import { callApi } from '../support/api';
import { adminClient, TestNames } from '../support/cluster';
import { startTestHost, TestHost } from '../support/host';
import { leaseFromAnotherHost, slicesIn } from '../support/lookups';
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
const detail = (name: string) =>
  callApi<LookupDetail>(host.url, 'GET', apiPaths.lookup(name), { caller: users.writer });
const deleteVersion = (name: string, slice: string, caller = users.writer) =>
  callApi<DeleteVersionResponse & { message?: string }>(
    host.url,
    'DELETE',
    apiPaths.version(name, slice),
    { caller }
  );

/** A lookup with three versions: 3 rows, then 2, then 1 (current). */
async function threeVersions(label: string) {
  const name = testNames.lookup(label);
  const oldest = await write(name, [{ v: 1 }, { v: 2 }, { v: 3 }]);
  const middle = await write(name, [{ v: 4 }, { v: 5 }]);
  const current = await write(name, [{ v: 6 }]);
  return { name, index: `${name}__lookup`, oldest, middle, current };
}

beforeAll(async () => {
  host = await startTestHost();
});
afterAll(async () => {
  await host?.stop();
  await testNames.drop(admin);
});

describe('deleting one version', () => {
  it('removes an old version and its rows, and the timeline records who did it', async () => {
    const { name, index, oldest, middle, current } = await threeVersions('delver');
    const res = await deleteVersion(name, oldest);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ name, slice: oldest, rows: 3 });

    expect(await slicesIn(admin, index)).toEqual({ [middle]: 2, [current]: 1 });
    const { body } = await detail(name);
    expect(body.slices.map((s) => s.id).sort()).toEqual([middle, current].sort());
    expect(body.orphan_count).toBe(1);
    expect(body.rows).toBe(1);
    expect(body.events).toEqual([
      {
        type: 'version_deleted',
        slice: oldest,
        by: users.writer.username,
        rows: 3,
        at: expect.any(String),
      },
    ]);
    expect(Date.now() - Date.parse(body.events![0].at)).toBeLessThan(60_000);

    // Gone: asking again is a 404 that lists what is left.
    const again = await deleteVersion(name, oldest);
    expect(again.status).toBe(404);
    expect(again.body.message).toContain(middle);
  });

  it('refuses the current version with a 409 that says to restore another first', async () => {
    const { name, index, current } = await threeVersions('delcur');
    const before = await slicesIn(admin, index);
    const res = await deleteVersion(name, current);
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/current version/);
    expect(res.body.message).toMatch(/Restore another version first/);
    expect(await slicesIn(admin, index)).toEqual(before);
  });

  it('runs as the caller: a reader is refused and nothing changes', async () => {
    const { name, index, oldest } = await threeVersions('delread');
    const before = await slicesIn(admin, index);
    const res = await deleteVersion(name, oldest, users.reader);
    expect(res.status).toBe(403);
    expect(await slicesIn(admin, index)).toEqual(before);
    expect((await detail(name)).body.events).toEqual([]);

    const perms = await callApi<PermissionsResponse>(
      host.url,
      'GET',
      `${apiPaths.permissions()}?names=${name}`,
      { caller: users.reader }
    );
    expect(perms.body.lookups[0].actions.delete_version).toMatchObject({
      allowed: false,
      missing: 'indices:data/write/delete/byquery',
    });
  });

  it('answers 404 for an unknown version or lookup, 400 for a malformed id', async () => {
    const { name } = await threeVersions('delunknown');
    const unknownVersion = await deleteVersion(name, 'no-such-version');
    expect(unknownVersion.status).toBe(404);
    expect(unknownVersion.body.message).toMatch(/has no version no-such-version/);

    const unknownLookup = await deleteVersion(testNames.lookup('never_written'), 'x');
    expect(unknownLookup.status).toBe(404);

    const malformed = await deleteVersion(name, 'bad\u0001id');
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toMatch(/version id/);
  });

  it('waits its turn: a lookup busy with another operation answers 409 naming it', async () => {
    const { name, index, oldest } = await threeVersions('delbusy');
    await leaseFromAnotherHost(admin, name, 'write', 60_000);
    const before = await slicesIn(admin, index);
    const res = await deleteVersion(name, oldest);
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/busy: a write/);
    expect(await slicesIn(admin, index)).toEqual(before);
    await admin.delete({ index: PLUGIN_INDEX, id: `lease:${name}`, refresh: true });
  });
});
