/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Operations on one lookup take turns (a lease per lookup in the plugin's own index), are
 * recorded there by the server's identity — kibanaserver with its reserved role, as in OSD —
 * and settle what a dead operation left behind.
 */
import { mkdtempSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { apiPaths } from '../../common/api/paths';
import type {
  LookupDetail,
  MigrateResponse,
  ReapResponse,
  StatusResponse,
} from '../../common/api/codecs';
import { PLUGIN_INDEX } from '../../server/services/plugin_index/plugin_index';
import { callApi } from '../support/api';
import { adminClient, adminPassword, TestNames } from '../support/cluster';
import { startTestHost, TestHost } from '../support/host';
import {
  leaseFromAnotherHost,
  aliasFilterOf,
  createImporterLookups,
  readRowsSorted,
  slicesIn,
  writeRecordsOf,
} from '../support/lookups';
import { users } from '../support/users';

const admin = adminClient();
let host: TestHost;
const testNames = new TestNames();
const LEASE_TTL_MS = 3000;

const lookupName = (label: string) => testNames.lookup(label);
const write = (name: string, rows: unknown[], extra: Record<string, unknown> = {}) =>
  callApi<Record<string, unknown>>(host.url, 'POST', apiPaths.write(name), {
    caller: users.writer,
    body: { rows, ...extra },
  });
const detail = (name: string, caller = users.writer) =>
  callApi<LookupDetail>(host.url, 'GET', apiPaths.lookup(name), { caller });

const recordsOf = (backingIndex: string) => writeRecordsOf(admin, backingIndex);

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'lookups-host-'));
  const config = join(dir, 'host.json');
  writeFileSync(config, JSON.stringify({ plugins: { lookups: { lease_ttl_ms: LEASE_TTL_MS } } }));
  host = await startTestHost({ LOOKUPS_HOST_CONFIG: config });
});
afterAll(async () => {
  await host?.stop();
  await testNames.drop(admin);
});

describe('the plugin index, kept as kibanaserver', () => {
  it('the server identity has every permission the plugin needs', async () => {
    const res = await callApi<StatusResponse>(host.url, 'GET', apiPaths.status(), {
      caller: users.reader,
    });
    expect(res.status).toBe(200);
    expect(res.body.server_identity).toEqual({ username: 'kibanaserver', problems: [] });
  });

  it('records who wrote each version and with which query, in a hidden index kibana_server covers', async () => {
    const name = lookupName('records');
    const res = await callApi(host.url, 'POST', apiPaths.query(), {
      caller: users.writer,
      body: { query: `makeresults count=3 | eval k = 1 | outputlookup ${name}` },
    });
    expect(res.status).toBe(200);
    const { body } = await detail(name);
    expect(body.slices).toHaveLength(1);
    expect(body.slices[0]).toMatchObject({
      current: true,
      state: 'complete',
      written_by: users.writer.username,
      action: 'created',
      query: `makeresults count=3 | eval k = 1 | outputlookup ${name}`,
    });
    expect(body.slices[0].created_at).toEqual(expect.any(String));
    const settings = await admin.indices.getSettings({ index: PLUGIN_INDEX });
    expect(settings.body[PLUGIN_INDEX].settings.index.hidden).toBe('true');
    expect(host.log()).not.toMatch(/write records: could not/);
  });

  it('the reaper ages and deletes an old orphan under that identity', async () => {
    const name = lookupName('reaped');
    const first = await write(name, [{ v: 1 }]);
    await write(name, [{ v: 2 }]);
    const res = await callApi<ReapResponse>(host.url, 'POST', apiPaths.reap(name), {
      caller: users.writer,
      body: { keep: 0, older_than: '0s' },
    });
    expect(res.status).toBe(200);
    expect(res.body.removed).toEqual([{ lookup: name, slice: first.body.slice, rows: 1 }]);
    expect(Object.keys(await slicesIn(admin, `${name}__lookup`))).toHaveLength(1);
    expect(await readRowsSorted(admin, name, 'v')).toEqual([{ v: 2 }]);
  });
});

describe('one operation per lookup at a time', () => {
  it('a lookup another host is writing answers 409 naming that operation, and nothing changes', async () => {
    const name = lookupName('busy');
    await write(name, [{ v: 1 }]);
    await leaseFromAnotherHost(admin, name, 'import', 60_000);
    const attempts = await Promise.all([
      write(name, [{ v: 2 }]),
      callApi(host.url, 'POST', apiPaths.query(), {
        caller: users.writer,
        body: { query: `makeresults | eval v = 3 | outputlookup ${name}` },
      }),
      callApi(host.url, 'POST', apiPaths.reap(name), { caller: users.writer, body: {} }),
      callApi(host.url, 'DELETE', apiPaths.lookup(name), { caller: users.writer }),
    ]);
    for (const res of attempts) {
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({
        message: expect.stringContaining('import'),
        attributes: { reason: 'lookup_busy', operation: 'import', user: 'someone_else' },
      });
    }
    expect(await readRowsSorted(admin, name, 'v')).toEqual([{ v: 1 }]);
  });

  it("a dead host's expired lease is taken over, and the settings its write left are restored by a small append", async () => {
    const name = lookupName('dead');
    await write(name, [{ v: 1 }]);
    const index = `${name}__lookup`;
    // What an overwrite killed mid-way leaves: build values in force, the originals in _meta.
    const { body: mapping } = await admin.indices.getMapping({ index });
    const meta = mapping[index].mappings._meta ?? {};
    await admin.indices.putMapping({
      index,
      body: {
        _meta: {
          ...meta,
          // As an earlier plugin noted them (translog durability too). The replicas are what one
          // node can hold: a write answers only once every configured copy has its rows.
          lookups_build_original_settings: {
            'index.number_of_replicas': '0',
            'index.auto_expand_replicas': '0-1',
            'index.translog.durability': null,
            'index.refresh_interval': null,
          },
        },
      },
    });
    await admin.indices.putSettings({
      index,
      body: {
        'index.number_of_replicas': '0',
        'index.auto_expand_replicas': 'false',
        'index.translog.durability': 'async',
        'index.refresh_interval': '-1',
      },
    });
    await leaseFromAnotherHost(admin, name, 'write', -1000);

    const res = await write(name, [{ v: 2 }], { append: true });
    expect(res.status).toBe(200);
    const { body } = await admin.indices.getSettings({ index, flat_settings: true });
    const settings = body[index].settings;
    expect(settings['index.auto_expand_replicas']).toBe('0-1');
    expect(settings['index.translog.durability']).toBeUndefined();
    expect(settings['index.refresh_interval']).toBeUndefined();
    expect(await readRowsSorted(admin, name, 'v')).toEqual([{ v: 1 }, { v: 2 }]);
    // Released: the next operation does not wait for the ttl.
    expect((await write(name, [{ v: 3 }], { append: true })).status).toBe(200);
  });

  it('a rollback racing a reap never leaves the lookup serving nothing', async () => {
    const name = lookupName('rollrace');
    const versions: string[] = [];
    for (let v = 1; v <= 3; v++) versions.push((await write(name, [{ v }])).body.slice as string);
    for (let round = 0; round < 6; round++) {
      const target = versions[round % 2];
      const [rollback, reap] = await Promise.all([
        callApi(host.url, 'POST', apiPaths.rollback(name), {
          caller: users.writer,
          body: { slice: target },
        }),
        callApi(host.url, 'POST', apiPaths.reap(name), {
          caller: users.writer,
          body: { keep: 0, older_than: '0s' },
        }),
      ]);
      for (const res of [rollback, reap]) expect([200, 400, 404, 409]).toContain(res.status);
      const rows = await readRowsSorted(admin, name, 'v');
      expect(rows).toHaveLength(1);
      // Whatever happened, put retained versions back for the next round.
      const current = (await aliasFilterOf(admin, name))?.filter;
      expect(current).toBeDefined();
      const held = Object.keys(await slicesIn(admin, `${name}__lookup`));
      versions.splice(0, versions.length, ...held);
      while (versions.length < 3) {
        await write(name, [{ v: 10 + versions.length }]);
        versions.splice(
          0,
          versions.length,
          ...Object.keys(await slicesIn(admin, `${name}__lookup`))
        );
      }
    }
  });

  it('four concurrent migrations copy the importer lookup once', async () => {
    const { one } = await createImporterLookups(admin, testNames);
    testNames.track(`${one}__lookup`);
    const answers = await Promise.all(
      [0, 1, 2, 3].map(() =>
        callApi<MigrateResponse>(host.url, 'POST', apiPaths.migrate(one), { caller: users.writer })
      )
    );
    const migrated = answers.filter((a) => a.status === 200 && a.body.action === 'migrated');
    expect(migrated).toHaveLength(1);
    for (const a of answers.filter((x) => !migrated.includes(x))) {
      if (a.status === 200) expect(a.body.action).toBe('unchanged');
      else
        expect(a).toMatchObject({ status: 409, body: { attributes: { reason: 'lookup_busy' } } });
    }
    expect(Object.values(await slicesIn(admin, `${one}__lookup`))).toEqual([2]);
  });
});

describe('completion state and rights', () => {
  it('a version whose write failed part-way is marked failed and cannot be restored', async () => {
    const name = lookupName('failed');
    await write(name, [{ a: 1 }]);
    // The second overwrite stops at a row of its second batch (5,000 rows a batch) whose value
    // the mapping cannot take: the first batch is in the unpublished slice.
    const rows: Array<Record<string, unknown>> = Array.from({ length: 6000 }, (_, i) => ({ a: i }));
    rows[5500] = { a: 'not a number' };
    const failed = await write(name, rows);
    expect(failed.status).toBeGreaterThanOrEqual(400);
    // The rows that went in become visible at the index's next refresh.
    await admin.indices.refresh({ index: `${name}__lookup` });
    const { body } = await detail(name);
    const broken = body.slices.find((s) => !s.current && s.state === 'failed');
    expect(broken).toBeDefined();
    expect(broken!.rows).toBeGreaterThan(0);
    const records = await recordsOf(`${name}__lookup`);
    expect(records.find((r) => r.slice === broken!.id)).toMatchObject({ status: 'failed' });
    const res = await callApi(host.url, 'POST', apiPaths.rollback(name), {
      caller: users.writer,
      body: { slice: broken!.id },
    });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ attributes: { state: 'failed' } });
    expect(await readRowsSorted(admin, name, 'a')).toEqual([{ a: 1 }]);
  });

  it("a read-only user's reap is refused before the server writes anything", async () => {
    const name = lookupName('readerreap');
    await write(name, [{ v: 1 }]);
    // An orphan written by another writer, with no record yet.
    await admin.index({
      index: `${name}__lookup`,
      refresh: true,
      body: { v: 0, __lookup: 'foreign-slice' },
    });
    const before = await recordsOf(`${name}__lookup`);
    const res = await callApi(host.url, 'POST', apiPaths.reap(name), {
      caller: users.reader,
      body: { keep: 0, older_than: '0s' },
    });
    expect(res.status).toBe(403);
    expect(await recordsOf(`${name}__lookup`)).toEqual(before);
    const all = await callApi(host.url, 'POST', apiPaths.reapAll(), {
      caller: users.reader,
      body: { keep: 0, older_than: '0s' },
    });
    expect(all.status).toBe(403);
    expect(await recordsOf(`${name}__lookup`)).toEqual(before);
    expect(Object.keys(await slicesIn(admin, `${name}__lookup`))).toHaveLength(2);
  });
});

describe("a version's query", () => {
  it('is shown only to callers who may read every index it read', async () => {
    const name = lookupName('secretq');
    const query = `source=secret_logs | fields message | outputlookup ${name}`;
    const admin_ = { username: 'admin', password: adminPassword() };
    const written = await callApi(host.url, 'POST', apiPaths.query(), {
      caller: admin_,
      body: { query },
    });
    expect(written.status).toBe(200);
    const asAdmin = await detail(name, admin_);
    expect(asAdmin.body.slices[0]).toMatchObject({ query });
    for (const caller of [users.reader, users.writer]) {
      const { body } = await detail(name, caller);
      expect(body.slices[0].query).toBeUndefined();
      expect(body.slices[0].query_hidden).toBe(true);
      expect(JSON.stringify(body)).not.toContain('secret_logs');
    }
    // A query over indices the reader may read stays visible to them.
    const open = lookupName('openq');
    const openQuery = `source=web_logs | head 2 | fields host | outputlookup ${open}`;
    expect(
      (
        await callApi(host.url, 'POST', apiPaths.query(), {
          caller: users.writer,
          body: { query: openQuery },
        })
      ).status
    ).toBe(200);
    const { body } = await detail(open, users.reader);
    expect(body.slices[0]).toMatchObject({ query: openQuery });
  });
});

describe('a slow _bulk', () => {
  it('is never re-sent: rows_written is what the slice holds, even when every row adds a column', async () => {
    const name = lookupName('widebulk');
    // Each row maps a new field: OpenSearch updates the mapping per row, so one _bulk is slow.
    const rows = Array.from({ length: 1200 }, (_, i) => ({ id: i, [`c${i}`]: i }));
    const res = await write(name, rows);
    expect(res.body).toMatchObject({ rows_written: 1200 });
    const { body } = await admin.count({ index: name });
    expect(body.count).toBe(1200);
  }, 300_000);
});

describe('a host that starts', () => {
  it('marks writes whose host stopped mid-way as failed, leaving live ones alone', async () => {
    const name = lookupName('interrupted');
    const backing = `${name}__lookup`;
    const old = new Date(Date.now() - 10 * 60_000).toISOString();
    const recent = new Date().toISOString();
    const put = (slice: string, heartbeat: string) =>
      admin.index({
        index: PLUGIN_INDEX,
        id: `record:${backing}/${slice}`,
        refresh: true,
        body: {
          type: 'record',
          updated_at: heartbeat,
          record: {
            lookup: name,
            backing_index: backing,
            slice,
            status: 'writing',
            started_at: old,
            heartbeat_at: heartbeat,
          },
        },
      });
    await put('dead-slice', old);
    await put('live-slice', recent);
    const second = await startTestHost();
    try {
      const deadline = Date.now() + 20_000;
      let statuses: Record<string, unknown> = {};
      while (Date.now() < deadline) {
        statuses = Object.fromEntries(
          (await recordsOf(backing)).map((r) => [r.slice as string, r.status])
        );
        if (statuses['dead-slice'] === 'failed') break;
        await new Promise((r) => setTimeout(r, 250));
      }
      expect(statuses).toEqual({ 'dead-slice': 'failed', 'live-slice': 'writing' });
    } finally {
      await second.stop();
    }
  });
});
