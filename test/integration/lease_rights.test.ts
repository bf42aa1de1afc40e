/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Rights before the lease: a caller OpenSearch would refuse is refused (403) before the lookup's
 * lease is taken or waited for, so they never make the lookup busy for its owner; a busy lookup
 * names who holds it only to callers who may read it; jobs and schedules for a lookup the caller
 * cannot write are refused when they are made, with nothing stored.
 */
import type { Job } from '../../common/api/jobs';
import { apiPaths } from '../../common/api/paths';
import { PLUGIN_INDEX } from '../../server/services/plugin_index/plugin_index';
import { callApi, type Caller } from '../support/api';
import { adminClient, TestNames, uniqueName } from '../support/cluster';
import { startTestHost, type TestHost } from '../support/host';
import { leaseFromAnotherHost } from '../support/lookups';
import { users } from '../support/users';

const admin = adminClient();
const testNames = new TestNames();
let host: TestHost;

/**
 * A user who may delete and re-alias `lk_blind_*` lookups but not read them: past the rights
 * check for a delete, yet not one to be told who holds a lookup. (Writing needs reading: the
 * write probe, an update-by-query, is also a search.)
 */
const BLIND_PREFIX = 'lk_blind_';
const blindDeleter: Required<Caller> = {
  username: 'lookups_test_blind_deleter',
  password: 'Hollow-Beacon-2026!',
};
const BLIND_ROLE = 'lookups_test_blind_deleter';
const security = (method: string, path: string, body?: Record<string, unknown>) =>
  admin.transport.request({ method, path: `/_plugins/_security/api/${path}`, body });

beforeAll(async () => {
  host = await startTestHost();
  await security('PUT', `roles/${BLIND_ROLE}`, {
    cluster_permissions: [],
    index_permissions: [
      {
        index_patterns: [`${BLIND_PREFIX}*`],
        allowed_actions: ['indices:admin/delete', 'indices:admin/aliases'],
      },
    ],
  });
  await security('PUT', `internalusers/${blindDeleter.username}`, {
    password: blindDeleter.password,
    backend_roles: [],
  });
  await security('PUT', `rolesmapping/${BLIND_ROLE}`, { users: [blindDeleter.username] });
});
afterAll(async () => {
  await host?.stop();
  await security('DELETE', `rolesmapping/${BLIND_ROLE}`).catch(() => undefined);
  await security('DELETE', `internalusers/${blindDeleter.username}`).catch(() => undefined);
  await security('DELETE', `roles/${BLIND_ROLE}`).catch(() => undefined);
  await admin.deleteByQuery({
    index: PLUGIN_INDEX,
    refresh: true,
    body: {
      query: {
        bool: {
          should: [
            { prefix: { 'lease.lookup': 'lk_rights_' } },
            { prefix: { 'lease.lookup': BLIND_PREFIX } },
          ],
        },
      },
    },
  });
  await testNames.drop(admin);
});

const write = (name: string, caller: Caller, rows: unknown[] = [{ v: 1 }]) =>
  callApi<Record<string, unknown>>(host.url, 'POST', apiPaths.write(name), {
    caller,
    body: { rows },
  });

/** The plugin index's documents about a lookup (leases, jobs, schedules, records), as admin sees them. */
async function pluginDocsAbout(name: string): Promise<Array<Record<string, unknown>>> {
  await admin.indices.refresh({ index: PLUGIN_INDEX });
  const { body } = await admin.search({
    index: PLUGIN_INDEX,
    body: {
      size: 100,
      query: {
        bool: {
          should: [
            { term: { 'lease.lookup': name } },
            { term: { 'job.lookup': name } },
            { term: { 'schedule.lookup': name } },
            { term: { 'record.lookup': name } },
          ],
          minimum_should_match: 1,
        },
      },
    },
  });
  return (body.hits.hits as Array<{ _source: Record<string, unknown> }>).map((h) => h._source);
}

describe('a caller without rights', () => {
  it("never makes the owner's writes busy, and never learns who writes", async () => {
    const name = testNames.lookup('rights_pest');
    expect((await write(name, users.writer)).status).toBe(200);

    let pestering = true;
    const refusals: Array<{ status: number; text: string }> = [];
    const pest = async () => {
      while (pestering) {
        const res = await write(name, users.noAccess);
        refusals.push({ status: res.status, text: JSON.stringify(res.body) });
      }
    };
    const pests = [pest(), pest()];
    const owner: number[] = [];
    try {
      for (let i = 0; i < 20; i++) owner.push((await write(name, users.writer, [{ v: i }])).status);
    } finally {
      pestering = false;
      await Promise.all(pests);
    }
    expect(owner.filter((s) => s !== 200)).toEqual([]);
    expect(refusals.length).toBeGreaterThan(10);
    expect(new Set(refusals.map((r) => r.status))).toEqual(new Set([403]));
    for (const { text } of refusals) {
      expect(text).not.toContain(users.writer.username);
      expect(text).not.toMatch(/busy|lookup_busy/);
    }
    // The 403 names the missing permission and the way out.
    expect(refusals[0].text).toMatch(/indices:admin\/create.*administrator/);
  });

  it('DELETE of an index the caller cannot touch is a 403 and takes no lease', async () => {
    // Someone holds secret_logs' lease: a caller who reached for it would get a 409 naming them.
    await leaseFromAnotherHost(admin, 'secret_logs', 'delete', 60_000);
    const before = await admin.get({ index: PLUGIN_INDEX, id: 'lease:secret_logs' });
    try {
      const res = await callApi(host.url, 'DELETE', apiPaths.lookup('secret_logs'), {
        caller: users.noAccess,
      });
      expect(res.status).toBe(403);
      expect(JSON.stringify(res.body)).not.toContain('someone_else');
      const after = await admin.get({ index: PLUGIN_INDEX, id: 'lease:secret_logs' });
      expect(after.body._seq_no).toBe(before.body._seq_no);
    } finally {
      await admin.delete({ index: PLUGIN_INDEX, id: 'lease:secret_logs', refresh: true });
    }
    // With no lease in place, the refusal leaves none behind either.
    const again = await callApi(host.url, 'DELETE', apiPaths.lookup('secret_logs'), {
      caller: users.noAccess,
    });
    expect(again.status).toBe(403);
    expect(await pluginDocsAbout('secret_logs')).toEqual([]);
    expect((await admin.indices.exists({ index: 'secret_logs' })).body).toBe(true);
  });

  it('every mutating route refuses a reader before the lease: a held lease is never named', async () => {
    const name = testNames.lookup('rights_reader');
    const first = await write(name, users.writer);
    await write(name, users.writer, [{ v: 2 }]);
    await leaseFromAnotherHost(admin, name, 'import', 60_000);
    const attempts = {
      write: await write(name, users.reader),
      query: await callApi(host.url, 'POST', apiPaths.query(), {
        caller: users.reader,
        body: { query: `makeresults | eval v = 3 | outputlookup ${name}` },
      }),
      rollback: await callApi(host.url, 'POST', apiPaths.rollback(name), {
        caller: users.reader,
        body: { slice: first.body.slice },
      }),
      reap: await callApi(host.url, 'POST', apiPaths.reap(name), {
        caller: users.reader,
        body: {},
      }),
      deleteVersion: await callApi(
        host.url,
        'DELETE',
        apiPaths.version(name, String(first.body.slice)),
        { caller: users.reader }
      ),
      delete: await callApi(host.url, 'DELETE', apiPaths.lookup(name), { caller: users.reader }),
      migrate: await callApi(host.url, 'POST', apiPaths.migrate(name), { caller: users.reader }),
    };
    for (const [route, res] of Object.entries(attempts)) {
      expect({ route, status: res.status }).toEqual({ route, status: 403 });
      expect(JSON.stringify(res.body)).not.toContain('someone_else');
    }
    // The owner, who may read it, is told who holds it.
    const owner = await write(name, users.writer);
    expect(owner.status).toBe(409);
    expect(owner.body).toMatchObject({
      attributes: { reason: 'lookup_busy', operation: 'import', user: 'someone_else' },
    });
  });
});

describe('a busy lookup', () => {
  it('is named to who may read it, and only "busy, try again" to one who may not', async () => {
    const name = uniqueName(`${BLIND_PREFIX}busy`);
    testNames.track(name, `${name}__lookup`);
    await leaseFromAnotherHost(admin, name, 'write', 60_000);

    const blind = await callApi(host.url, 'DELETE', apiPaths.lookup(name), {
      caller: blindDeleter,
    });
    expect(blind.status).toBe(409);
    expect(blind.body).toEqual({
      statusCode: 409,
      error: 'Conflict',
      message: `"${name}" is busy with another operation. Try again shortly.`,
      attributes: { reason: 'lookup_busy' },
    });

    const reader = await callApi(host.url, 'DELETE', apiPaths.lookup(name), {
      caller: users.writer,
    });
    expect(reader.status).toBe(409);
    expect(reader.body).toMatchObject({
      message: expect.stringContaining('someone_else'),
      attributes: { reason: 'lookup_busy', operation: 'write', user: 'someone_else' },
    });
  });
});

describe('jobs and schedules for a lookup the caller cannot write', () => {
  it('a reader’s job is a 403 at submission, with no job, lease or record stored', async () => {
    const name = testNames.lookup('rights_job');
    const res = await callApi<Job>(host.url, 'POST', apiPaths.jobs(), {
      caller: users.reader,
      body: { query: `source=web_logs | head 10 | fields host | outputlookup ${name}` },
    });
    expect(res.status).toBe(403);
    expect(JSON.stringify(res.body)).toMatch(/You may not write /);
    const listed = await callApi<{ jobs: Job[] }>(host.url, 'GET', apiPaths.jobs(), {
      caller: users.reader,
    });
    expect(listed.body.jobs.filter((j) => j.lookup === name)).toEqual([]);
    expect(await pluginDocsAbout(name)).toEqual([]);
    expect((await admin.indices.exists({ index: `${name}__lookup` })).body).toBe(false);
  });

  it('a reader’s import job is a 403 before the file is taken', async () => {
    const name = testNames.lookup('rights_import_job');
    const res = await fetch(`${host.url}${apiPaths.import(name)}?job=true`, {
      method: 'POST',
      headers: {
        'osd-xsrf': 'true',
        'content-type': 'text/csv',
        authorization: `Basic ${Buffer.from(`${users.reader.username}:${users.reader.password}`).toString('base64')}`,
      },
      body: 'a,b\n1,2\n',
    });
    expect(res.status).toBe(403);
    expect(await pluginDocsAbout(name)).toEqual([]);
  });

  it('a reader’s schedule is a 403, and nothing is stored', async () => {
    const name = testNames.lookup('rights_schedule');
    const res = await callApi(host.url, 'POST', apiPaths.schedules(), {
      caller: users.reader,
      body: {
        query: `source=web_logs | head 10 | fields host | outputlookup ${name}`,
        every: '1h',
      },
    });
    expect(res.status).toBe(403);
    expect(JSON.stringify(res.body)).toMatch(/You may not write /);
    const listed = await callApi<{ schedules: Array<{ lookup: string }> }>(
      host.url,
      'GET',
      apiPaths.schedules(),
      { caller: users.reader }
    );
    expect(listed.body.schedules.filter((s) => s.lookup === name)).toEqual([]);
    expect(await pluginDocsAbout(name)).toEqual([]);
  });

  it('a writer limited to lk_team_a_* cannot schedule or submit a job for another lookup', async () => {
    const name = testNames.lookup('rights_team');
    const job = await callApi(host.url, 'POST', apiPaths.jobs(), {
      caller: users.teamAWriter,
      body: { query: `makeresults | eval v = 1 | outputlookup ${name}` },
    });
    const schedule = await callApi(host.url, 'POST', apiPaths.schedules(), {
      caller: users.teamAWriter,
      body: { query: `makeresults | eval v = 1 | outputlookup ${name}`, every: '1h' },
    });
    expect([job.status, schedule.status]).toEqual([403, 403]);
    expect(await pluginDocsAbout(name)).toEqual([]);
  });
});
