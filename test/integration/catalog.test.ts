/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * The catalog and its operations against the real cluster: kinds, slice counts, migration,
 * rollback, reaping, deletion, and what a read-only user may do.
 */
import { apiPaths } from '../../common/api/paths';
import type {
  LookupDetail,
  LookupSummary,
  MigrateResponse,
  ReapResponse,
  RowsResponse,
} from '../../common/api/codecs';
import { callApi } from '../support/api';
import { adminClient, TestNames, uniqueName } from '../support/cluster';
import { startTestHost, TestHost } from '../support/host';
import { aliasFilterOf, createImporterLookups, readRowsSorted, slicesIn } from '../support/lookups';
import { users } from '../support/users';

const admin = adminClient();
let host: TestHost;
const testNames = new TestNames();

const lookupName = (label: string) => testNames.lookup(label);
const write = (name: string, rows: unknown[], caller = users.writer) =>
  callApi<Record<string, unknown>>(host.url, 'POST', apiPaths.write(name), {
    caller,
    body: { rows },
  });
const detail = (name: string, caller = users.writer) =>
  callApi<LookupDetail>(host.url, 'GET', apiPaths.lookup(name), { caller });

beforeAll(async () => {
  host = await startTestHost();
});
afterAll(async () => {
  await host?.stop();
  await testNames.drop(admin);
});

describe('kinds', () => {
  it('tells managed, legacy, broken and conflicting names apart', async () => {
    const managed = lookupName('kind_managed');
    await write(managed, [{ a: 1 }]);
    const { one: legacy } = await createImporterLookups(admin, testNames);
    const broken = lookupName('kind_broken');
    await admin.indices.create({
      index: `${broken}__lookup`,
      body: { mappings: { properties: { __lookup: { type: 'keyword' } } } },
    });
    const conflict = lookupName('kind_conflict');
    await admin.indices.create({ index: conflict });
    await admin.indices.create({ index: `${conflict}__lookup` });

    const res = await callApi<{ lookups: LookupSummary[] }>(host.url, 'GET', apiPaths.list(), {
      caller: users.writer,
    });
    expect(res.status).toBe(200);
    const byName = new Map(res.body.lookups.map((l) => [l.name, l]));
    expect(byName.get(managed)).toMatchObject({
      kind: 'managed',
      backing_index: `${managed}__lookup`,
      rows: 1,
    });
    expect(byName.get(legacy)).toMatchObject({
      kind: 'legacy',
      rows: 2,
      current_slice: 'slice-one',
    });
    expect(byName.get(broken)).toMatchObject({
      kind: 'broken',
      reason: expect.stringMatching(/No alias names/),
    });
    expect(byName.get(conflict)).toMatchObject({
      kind: 'conflict',
      reason: expect.stringMatching(/concrete index/),
    });
  });

  it('counts one current slice and two orphans after three overwrites', async () => {
    const name = lookupName('counts');
    await write(name, [{ v: 1 }]);
    await write(name, [{ v: 2 }, { v: 2 }]);
    await write(name, [{ v: 3 }, { v: 3 }, { v: 3 }]);
    const res = await detail(name);
    expect(res.body).toMatchObject({
      kind: 'managed',
      rows: 3,
      slice_count: 3,
      orphan_count: 2,
      orphan_rows: 3,
    });
    expect(res.body.slices.filter((s) => s.current)).toHaveLength(1);
    const current = res.body.slices.find((s) => s.current)!;
    expect(current).toMatchObject({
      rows: 3,
      written_by: users.writer.username,
      action: 'overwritten',
    });
    expect(res.body.last_write).toEqual(expect.any(String));
  });

  it('answers 404 for a name that is no lookup', async () => {
    const res = await detail(uniqueName('lk_nothing'));
    expect(res.status).toBe(404);
  });
});

describe('rows', () => {
  it("show the current version's columns, not those of older versions in the same index", async () => {
    const name = lookupName('rows_cols');
    await write(name, [{ host: 'a', region: 'eu', requests: 3 }]);
    await write(name, [{ host: 'b', owner: 'ana' }]);
    const res = await callApi<RowsResponse>(host.url, 'GET', apiPaths.rows(name), {
      caller: users.reader,
    });
    expect(res.status).toBe(200);
    expect(res.body.schema.map((c) => c.name).sort()).toEqual(['host', 'owner']);
    expect(res.body.datarows).toHaveLength(1);
  });
});

describe('migration', () => {
  it('previews, migrates in one step, keeps the other importer lookup, and is a no-op the second time', async () => {
    const { shared, one, two } = await createImporterLookups(admin, testNames);
    const dry = await callApi<MigrateResponse>(host.url, 'POST', apiPaths.migrate(one), {
      caller: users.writer,
      query: { dry_run: true },
    });
    expect(dry.status).toBe(200);
    expect(dry.body).toMatchObject({
      action: 'would_migrate',
      rows: 2,
      fields: ['code'],
      target_backing_index: `${one}__lookup`,
      legacy_index: shared,
    });
    expect((await aliasFilterOf(admin, one))?.index).toBe(shared);

    const done = await callApi<MigrateResponse>(host.url, 'POST', apiPaths.migrate(one), {
      caller: users.writer,
    });
    expect(done.body).toMatchObject({ action: 'migrated', rows: 2 });
    expect((await aliasFilterOf(admin, one))?.index).toBe(`${one}__lookup`);
    expect(await readRowsSorted(admin, one, 'code')).toEqual([{ code: 'a1' }, { code: 'a2' }]);
    expect(await readRowsSorted(admin, two, 'code')).toEqual([{ code: 'b1' }]);
    expect((await admin.count({ index: shared })).body.count).toBe(3);

    const again = await callApi<MigrateResponse>(host.url, 'POST', apiPaths.migrate(one), {
      caller: users.writer,
    });
    expect(again.body).toMatchObject({ action: 'unchanged' });
    expect((await detail(one)).body.kind).toBe('managed');
  });
});

describe('rollback', () => {
  it('repoints the alias onto a retained slice; the current one becomes an orphan', async () => {
    const name = lookupName('rollback');
    const first = await write(name, [{ v: 'first' }]);
    const second = await write(name, [{ v: 'second' }]);
    const res = await callApi(host.url, 'POST', apiPaths.rollback(name), {
      caller: users.writer,
      body: { slice: first.body.slice },
    });
    expect(res.body).toEqual({ slice: first.body.slice, previous: second.body.slice });
    expect(await readRowsSorted(admin, name, 'v')).toEqual([{ v: 'first' }]);
    const after = await detail(name);
    expect(after.body.slices.find((s) => s.id === second.body.slice)).toMatchObject({
      current: false,
      rows: 1,
    });
  });

  it('refuses a slice that is not retained', async () => {
    const name = lookupName('rollback_bad');
    await write(name, [{ v: 1 }]);
    const res = await callApi(host.url, 'POST', apiPaths.rollback(name), {
      caller: users.writer,
      body: { slice: 'no-such-slice' },
    });
    expect(res.status).toBe(404);
  });
});

describe('reaping', () => {
  it('keeps the most recent versions and anything younger than the grace period', async () => {
    const name = lookupName('reap');
    const slices: string[] = [];
    for (let i = 0; i < 5; i++) slices.push(String((await write(name, [{ i }])).body.slice));
    const current = slices[4];

    const young = await callApi<ReapResponse>(host.url, 'POST', apiPaths.reap(name), {
      caller: users.writer,
      body: { keep: 1 },
    });
    expect(young.body.removed).toEqual([]);
    // Four old versions: the newest one kept as such, the other three for their age.
    expect(young.body.kept.map((k) => k.rule).sort()).toEqual([
      'newest',
      'younger',
      'younger',
      'younger',
    ]);

    const dry = await callApi<ReapResponse>(host.url, 'POST', apiPaths.reap(name), {
      caller: users.writer,
      body: { keep: 1, older_than: '0s', dry_run: true },
    });
    expect(dry.body.removed.map((r) => r.slice).sort()).toEqual(slices.slice(0, 3).sort());
    expect(Object.keys(await slicesIn(admin, `${name}__lookup`))).toHaveLength(5);

    const real = await callApi<ReapResponse>(host.url, 'POST', apiPaths.reap(name), {
      caller: users.writer,
      body: { keep: 1, older_than: '0s' },
    });
    expect(real.body.removed.map((r) => r.slice).sort()).toEqual(slices.slice(0, 3).sort());
    expect(real.body.kept.map((k) => [k.slice, k.rule])).toEqual([[slices[3], 'newest']]);
    expect(Object.keys(await slicesIn(admin, `${name}__lookup`)).sort()).toEqual(
      [slices[3], current].sort()
    );
    expect(await readRowsSorted(admin, name, 'i')).toEqual([{ i: 4 }]);
  });

  it('never touches an importer index', async () => {
    const { one, shared } = await createImporterLookups(admin, testNames);
    const res = await callApi(host.url, 'POST', apiPaths.reap(one), {
      caller: users.writer,
      body: { older_than: '0s', keep: 0 },
    });
    expect(res.status).toBe(409);
    expect((await admin.count({ index: shared })).body.count).toBe(3);
  });
});

describe('deletion', () => {
  it('removes the alias and the backing index of a managed lookup', async () => {
    const name = lookupName('delete');
    await write(name, [{ a: 1 }]);
    const res = await callApi(host.url, 'DELETE', apiPaths.lookup(name), { caller: users.writer });
    expect(res.body).toMatchObject({
      removed_alias: name,
      removed_index: `${name}__lookup`,
      rows: 1,
    });
    expect(await aliasFilterOf(admin, name)).toBeNull();
    expect((await admin.indices.exists({ index: `${name}__lookup` })).body).toBe(false);
  });

  it('refuses an importer lookup, whose index belongs to its owner', async () => {
    const { one, shared } = await createImporterLookups(admin, testNames);
    const res = await callApi(host.url, 'DELETE', apiPaths.lookup(one), { caller: users.writer });
    expect(res.status).toBe(409);
    expect((await admin.indices.exists({ index: shared })).body).toBe(true);
    expect((await aliasFilterOf(admin, one))?.index).toBe(shared);
  });
});

describe('a read-only user', () => {
  it('cannot migrate, roll back, reap or delete, and nothing changes', async () => {
    const name = lookupName('ro_ops');
    const first = await write(name, [{ v: 1 }]);
    await write(name, [{ v: 2 }]);
    const { one } = await createImporterLookups(admin, testNames);
    const before = await slicesIn(admin, `${name}__lookup`);

    // One after another: sent at once, they would take turns on the lookup's lease (409).
    const attempts = [
      () => callApi(host.url, 'POST', apiPaths.migrate(one), { caller: users.reader }),
      () =>
        callApi(host.url, 'POST', apiPaths.rollback(name), {
          caller: users.reader,
          body: { slice: first.body.slice },
        }),
      () =>
        callApi(host.url, 'POST', apiPaths.reap(name), {
          caller: users.reader,
          body: { keep: 0, older_than: '0s' },
        }),
      () => callApi(host.url, 'DELETE', apiPaths.lookup(name), { caller: users.reader }),
    ];
    for (const attempt of attempts) expect((await attempt()).status).toBe(403);
    expect(await slicesIn(admin, `${name}__lookup`)).toEqual(before);
    expect(await readRowsSorted(admin, name, 'v')).toEqual([{ v: 2 }]);
    expect((await aliasFilterOf(admin, one))?.index).not.toBe(`${one}__lookup`);
  });

  it('does not see lookups it cannot read', async () => {
    const hidden = uniqueName('hidden');
    testNames.track(hidden, `${hidden}__lookup`);
    await callApi(host.url, 'POST', apiPaths.write(hidden), {
      caller: {
        username: 'admin',
        password: process.env.OPENSEARCH_INITIAL_ADMIN_PASSWORD ?? 'Lookups-Dev-2026!',
      },
      body: { rows: [{ a: 1 }] },
    });
    const visible = lookupName('visible');
    await write(visible, [{ a: 1 }]);
    const res = await callApi<{ lookups: LookupSummary[] }>(host.url, 'GET', apiPaths.list(), {
      caller: users.reader,
    });
    expect(res.status).toBe(200);
    const names = res.body.lookups.map((l) => l.name);
    expect(names).toContain(visible);
    expect(names).not.toContain(hidden);
  });
});

describe('a long list', () => {
  it('is searched and paged on the server, by name', async () => {
    const tag = lookupName('page').slice(3);
    const names = ['c', 'a', 'b'].map((x) => `lk_${tag}_${x}`);
    testNames.track(...names.flatMap((n) => [n, `${n}__lookup`]));
    for (const name of names) await write(name, [{ v: 1 }]);
    const page = (query: Record<string, string | number>) =>
      callApi<{ lookups: LookupSummary[]; total: number }>(host.url, 'GET', apiPaths.list(), {
        caller: users.writer,
        query,
      });
    const first = await page({ search: tag.toUpperCase(), size: 2 });
    expect(first.status).toBe(200);
    expect(first.body.total).toBe(3);
    expect(first.body.lookups.map((l) => l.name)).toEqual([`lk_${tag}_a`, `lk_${tag}_b`]);
    const second = await page({ search: tag, from: 2, size: 2 });
    expect(second.body).toMatchObject({ total: 3, lookups: [{ name: `lk_${tag}_c`, rows: 1 }] });
    const bad = await page({ size: 0 });
    expect(bad.status).toBe(400);
  });
});
