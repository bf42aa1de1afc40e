/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * The writer against the real cluster, through the plugin's HTTP route, reading back through
 * the alias as a user would.
 */
import { mkdtempSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { apiPaths } from '../../common/api/paths';
import { sliceFilter } from '../../common/substrate/alias_filter';
import { appendToAbsentSliceUuid } from '../../common/substrate/slice_uuid';
import { basicAuthorization } from '../../host/src/auth/session';
import { callApi } from '../support/api';
import { adminClient, TestNames } from '../support/cluster';
import { startTestHost, TestHost } from '../support/host';
import {
  aliasFilterOf,
  indexExists,
  readLookup,
  readRowsSorted,
  slicesIn,
} from '../support/lookups';
import { users } from '../support/users';

const admin = adminClient();
let host: TestHost;
const names = new TestNames();

const lookupName = (label: string) => names.lookup(label);

async function write(name: string, body: Record<string, unknown>, caller = users.writer) {
  return callApi<Record<string, unknown>>(host.url, 'POST', apiPaths.write(name), { caller, body });
}

beforeAll(async () => {
  // Build settings for every write here, so the small writes below exercise capture and restore.
  const configDir = mkdtempSync(join(tmpdir(), 'lookups-host-'));
  const configFile = join(configDir, 'host.json');
  writeFileSync(
    configFile,
    JSON.stringify({ plugins: { lookups: { build_settings_min_rows: 1 } } })
  );
  host = await startTestHost({ LOOKUPS_MAX_ROWS: '50000', LOOKUPS_HOST_CONFIG: configFile });
});
afterAll(async () => {
  await host?.stop();
  await names.drop(admin);
});

describe('overwrite', () => {
  it('creates, then replaces the rows and drops fields the new rows lack', async () => {
    const name = lookupName('over');
    const first = await write(name, {
      rows: [
        { host: 'a', region: 'x', n: 1 },
        { host: 'b', region: 'y', n: 2 },
      ],
    });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ rows_written: 2, action: 'created' });

    const second = await write(name, { rows: [{ host: 'c', n: 3 }] });
    expect(second.body).toMatchObject({ rows_written: 1, action: 'overwritten' });
    expect(second.body.slice).not.toBe(first.body.slice);
    expect(await readRowsSorted(admin, name, 'host')).toEqual([{ host: 'c', n: 3 }]);

    // One backing index, the alias filtered on the new slice, the old slice kept as an orphan.
    const alias = await aliasFilterOf(admin, name);
    expect(alias).toEqual({
      index: `${name}__lookup`,
      filter: sliceFilter(String(second.body.slice)),
    });
    expect(await slicesIn(admin, `${name}__lookup`)).toEqual({
      [String(first.body.slice)]: 2,
      [String(second.body.slice)]: 1,
    });
  });

  it('keeps multivalue values as arrays and leaves out nulls', async () => {
    const name = lookupName('multi');
    await write(name, { rows: [{ host: 'a', tags: ['x', 'y'], note: null }] });
    const [doc] = await readLookup(admin, name);
    expect(doc).toEqual({ host: 'a', tags: ['x', 'y'], __lookup: expect.any(String) });
  });

  it.each([['_id'], ['_score'], ['__lookup'], ['_source'], ['']])(
    'refuses a column named %p up front, naming it, and leaves no lookup behind',
    async (column) => {
      const name = lookupName('reserved');
      const res = await write(name, { rows: [{ host: 'a', [column]: 'x' }] });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ attributes: { field: column } });
      expect(await indexExists(admin, `${name}__lookup`)).toBe(false);
      expect(await aliasFilterOf(admin, name)).toBeNull();
    }
  );

  const postRaw = (name: string, body: string) =>
    fetch(`${host.url}${apiPaths.write(name)}`, {
      method: 'POST',
      headers: {
        authorization: basicAuthorization(users.writer.username, users.writer.password),
        'content-type': 'application/json',
        'osd-xsrf': 'true',
      },
      body,
    });

  it('refuses a value nested 80 levels deep with a 400 naming the row and column', async () => {
    const name = lookupName('deep');
    const res = await postRaw(name, `{"rows":[{"a":1},{"a":${'['.repeat(80)}1${']'.repeat(80)}}]}`);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      message: expect.stringContaining(
        'Row 2: the value of "a" nests arrays or objects deeper than 64 levels'
      ),
      attributes: { row: 2, field: 'a' },
    });
    expect(await indexExists(admin, `${name}__lookup`)).toBe(false);
  });

  // Past the body's own limit the text is refused before it is parsed: the same 400 at any
  // depth, whichever parser the body needs (a 16-digit number takes the lossless one).
  it.each([
    [5_000, '1'],
    [100_000, '1'],
    [5_000, '9007199254740993'],
    [100_000, '9007199254740993'],
  ])(
    'refuses a value nested %i levels deep (leaf %s) with a 400 naming the row, column and limits',
    async (depth, leaf) => {
      const name = lookupName('deeper');
      const res = await postRaw(
        name,
        `{"rows":[{"a":1},{"a":${'['.repeat(depth)}${leaf}${']'.repeat(depth)}}]}`
      );
      expect(res.status).toBe(400);
      const body = (await res.json()) as { message: string };
      expect(body.message).toContain(
        'Row 2: the value of "a" nests arrays or objects deeper than 64 levels, which a lookup cannot hold ' +
          '(the request body nests deeper than 100 levels, at rows[1].a[0][0][0]…).'
      );
      expect(await indexExists(admin, `${name}__lookup`)).toBe(false);
    }
  );

  it('restores the build settings of the backing index after the write', async () => {
    const name = lookupName('settings');
    await write(name, { rows: [{ a: 1 }] });
    await admin.indices.putSettings({
      index: `${name}__lookup`,
      body: {
        'index.refresh_interval': '7s',
        'index.translog.durability': 'request',
        'index.number_of_replicas': 0,
      },
    });
    await write(name, { rows: [{ a: 2 }, { a: 3 }] });
    const { body } = await admin.indices.getSettings({
      index: `${name}__lookup`,
      flat_settings: true,
    });
    const settings = body[`${name}__lookup`].settings;
    expect(settings['index.refresh_interval']).toBe('7s');
    expect(settings['index.translog.durability']).toBe('request');
    expect(settings['index.number_of_replicas']).toBe('0');
  });

  it('restores the build settings after a failed write too', async () => {
    const name = lookupName('settingsfail');
    await write(name, { rows: [{ n: 1 }] });
    const index = `${name}__lookup`;
    await admin.indices.putSettings({ index, body: { 'index.refresh_interval': '5s' } });
    const before = (await admin.indices.getSettings({ index, flat_settings: true })).body[index]
      .settings;
    const failed = await write(name, { rows: [{ n: 2 }, { n: 'not a number' }] });
    expect(failed.status).toBe(400);
    const after = (await admin.indices.getSettings({ index, flat_settings: true })).body[index]
      .settings;
    for (const key of [
      'index.refresh_interval',
      'index.translog.durability',
      'index.number_of_replicas',
    ]) {
      expect(after[key]).toBe(before[key]);
    }
  });

  it('refuses an overwrite whose column type differs from the mapping with a 409 naming the field and both types, and keeps the old rows', async () => {
    const name = lookupName('types');
    await write(name, { rows: [{ bytes: 10 }] });
    const failed = await write(name, { rows: [{ bytes: 'lots' }] });
    expect(failed.status).toBe(409);
    expect(failed.body).toMatchObject({
      attributes: { field: 'bytes', type: 'text', existing_type: 'long' },
    });
    expect(String(failed.body.message)).toMatch(
      /"bytes" is text in this result.*maps "bytes" as long/
    );
    expect(String(failed.body.message)).toMatch(
      // Rows sent to _write: the advice speaks of the values sent, not of a query's cast.
      /Send "bytes" as long values.*new lookup name.*delete the lookup/
    );
    expect(await readRowsSorted(admin, name, 'bytes')).toEqual([{ bytes: 10 }]);
  });

  it('maps a column of fractions as double from the whole first batch, and refuses a fraction into a long column', async () => {
    const name = lookupName('double');
    // Whole numbers first: a dynamic mapping would have made this long and coerced 100.5.
    await write(name, { rows: [{ r: 100 }, { r: 100.5 }] });
    const { body } = await admin.indices.getMapping({ index: `${name}__lookup` });
    expect(body[`${name}__lookup`].mappings.properties.r.type).toBe('double');
    expect(await readRowsSorted(admin, name, 'r')).toEqual([{ r: 100 }, { r: 100.5 }]);

    const ints = lookupName('long');
    await write(ints, { rows: [{ n: 1 }] });
    const appended = await write(ints, { rows: [{ n: 2 }, { n: 2.5 }], append: true });
    expect(appended.status).toBe(400);
    expect(appended.body).toMatchObject({ attributes: { field: 'n', row: 2, type: 'long' } });
    expect(await readRowsSorted(admin, ints, 'n')).toEqual([{ n: 1 }]);
  });

  it('lands a write of more than 10,000 rows whole', async () => {
    const name = lookupName('big');
    const rows = Array.from({ length: 12_345 }, (_, i) => ({ id: i, host: `h${i % 17}` }));
    const res = await write(name, { rows });
    expect(res.body).toMatchObject({ rows_written: 12_345, action: 'created' });
    const { body } = await admin.count({ index: name });
    expect(body.count).toBe(12_345);
  });
});

describe('append', () => {
  it('adds to the current slice', async () => {
    const name = lookupName('app');
    const first = await write(name, { rows: [{ host: 'a' }] });
    const second = await write(name, { rows: [{ host: 'b' }], append: true });
    expect(second.body).toMatchObject({
      rows_written: 1,
      action: 'appended',
      slice: first.body.slice,
    });
    expect(await readRowsSorted(admin, name, 'host')).toEqual([{ host: 'a' }, { host: 'b' }]);
  });

  it('to an absent lookup uses the deterministic slice; concurrent first appends take turns and keep every row', async () => {
    const name = lookupName('race');
    // One operation per lookup at a time: a busy lookup answers 409 naming the write in
    // progress, and the same append sent again once it is free goes in.
    const appendUntilAccepted = async (w: number) => {
      const rows = Array.from({ length: 50 }, (_, i) => ({ writer: w, i }));
      for (let attempt = 0; attempt < 100; attempt++) {
        const res = await write(name, { rows, append: true });
        if (res.status !== 409) return { res, busy: attempt };
        expect(res.body.attributes).toMatchObject({ reason: 'lookup_busy', operation: 'write' });
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error('the lookup stayed busy');
    };
    const outcomes = await Promise.all([0, 1, 2, 3].map(appendUntilAccepted));
    for (const { res } of outcomes) {
      expect(res.status).toBe(200);
      expect(res.body.slice).toBe(appendToAbsentSliceUuid(name));
    }
    const { body } = await admin.count({ index: name });
    expect(body.count).toBe(200);
    expect(Object.keys(await slicesIn(admin, `${name}__lookup`))).toEqual([
      appendToAbsentSliceUuid(name),
    ]);
  });
});

describe('override_if_empty', () => {
  it('true (the default) clears the lookup', async () => {
    const name = lookupName('emptytrue');
    await write(name, { rows: [{ a: 1 }] });
    const res = await write(name, { rows: [] });
    expect(res.body).toMatchObject({ rows_written: 0, action: 'overwritten' });
    expect(await readLookup(admin, name)).toEqual([]);
  });

  it('false keeps the lookup as it was', async () => {
    const name = lookupName('emptyfalse');
    const first = await write(name, { rows: [{ a: 1 }] });
    const res = await write(name, { rows: [], override_if_empty: false });
    expect(res.body).toMatchObject({
      rows_written: 0,
      action: 'unchanged',
      slice: first.body.slice,
    });
    expect(await readRowsSorted(admin, name, 'a')).toEqual([{ a: 1 }]);
  });
});

describe('key_field upsert', () => {
  it('upserts on one field without duplicates, and a re-run changes nothing', async () => {
    const name = lookupName('key1');
    await write(name, {
      rows: [
        { host: 'a', n: 1 },
        { host: 'b', n: 1 },
      ],
      key_field: ['host'],
    });
    const again = await write(name, {
      rows: [
        { host: 'b', n: 2 },
        { host: 'c', n: 2 },
      ],
      key_field: ['host'],
    });
    expect(again.body).toMatchObject({ rows_written: 2, action: 'upserted' });
    const expected = [
      { host: 'a', n: 1 },
      { host: 'b', n: 2 },
      { host: 'c', n: 2 },
    ];
    expect(await readRowsSorted(admin, name, 'host')).toEqual(expected);
    await write(name, {
      rows: [
        { host: 'b', n: 2 },
        { host: 'c', n: 2 },
      ],
      key_field: ['host'],
    });
    expect(await readRowsSorted(admin, name, 'host')).toEqual(expected);
  });

  it('upserts on several fields, with typed keys from a schema', async () => {
    const name = lookupName('key2');
    const schema = [
      { name: 'region', type: 'string' },
      { name: 'id', type: 'long' },
      { name: 'v', type: 'double' },
    ];
    await write(name, {
      schema,
      datarows: [
        ['us', 1, 0.5],
        ['eu', 1, 0.5],
      ],
      key_field: ['region', 'id'],
    });
    await write(name, {
      schema,
      datarows: [
        ['us', 1, 9.5],
        ['us', 2, 1.0],
      ],
      key_field: ['region', 'id'],
    });
    expect(await readRowsSorted(admin, name, 'v')).toEqual([
      { region: 'eu', id: 1, v: 0.5 },
      { region: 'us', id: 2, v: 1.0 },
      { region: 'us', id: 1, v: 9.5 },
    ]);
  });

  it('refuses a multivalue key, writing nothing', async () => {
    const name = lookupName('keymulti');
    const res = await write(name, { rows: [{ host: ['a', 'b'] }], key_field: ['host'] });
    expect(res.status).toBe(400);
    expect(String(res.body.message)).toMatch(/several values in the key field "host"/);
    expect(await aliasFilterOf(admin, name)).toBeNull();
  });

  it('refuses a key field that is not a column, naming the available fields', async () => {
    const name = lookupName('keymissing');
    const res = await write(name, { rows: [{ host: 'a', region: 'x' }], key_field: ['hostname'] });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/"hostname".*Available fields: host, region/);
    expect(await indexExists(admin, `${name}__lookup`)).toBe(false);
  });
});

describe('limits', () => {
  it('max truncates to the first n rows', async () => {
    const name = lookupName('max');
    const res = await write(name, { rows: [{ i: 1 }, { i: 2 }, { i: 3 }], max: 2 });
    expect(res.body).toMatchObject({ rows_written: 2 });
    expect(await readRowsSorted(admin, name, 'i')).toEqual([{ i: 1 }, { i: 2 }]);
  });

  it('max_rows refuses an oversized result with a 400 that names the setting, creating nothing', async () => {
    const name = lookupName('ceiling');
    const rows = Array.from({ length: 50_001 }, (_, i) => ({ i }));
    const res = await write(name, { rows });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      attributes: { setting: 'lookups.max_rows', max_rows: 50_000, rows: 50_001 },
    });
    expect(String(res.body.message)).toMatch(/max=<n>.*append=true.*raise lookups.max_rows/);
    expect(await aliasFilterOf(admin, name)).toBeNull();
    expect(await indexExists(admin, `${name}__lookup`)).toBe(false);
  });

  it('refuses max above the ceiling before any request', async () => {
    const name = lookupName('maxhigh');
    const res = await write(name, { rows: [{ i: 1 }], max: 50_001 });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/max=50001 is out of range/);
    expect(await indexExists(admin, `${name}__lookup`)).toBe(false);
  });

  it('refuses a bad name with the rule it broke', async () => {
    const res = await write('Hosts', { rows: [{ a: 1 }] });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/lower case/);
  });
});

describe('targets that are not lookups', () => {
  it('refuses a concrete index for overwrite and append, leaving it untouched', async () => {
    const name = lookupName('concrete');
    await admin.index({ index: name, body: { keep: 'me' }, refresh: true });
    for (const append of [false, true]) {
      const res = await write(name, { rows: [{ a: 1 }], append });
      expect(res.status).toBe(409);
      expect(res.body.message).toMatch(/is a concrete index, not a lookup/);
    }
    expect(await readLookup(admin, name)).toEqual([{ keep: 'me' }]);
    expect(await indexExists(admin, `${name}__lookup`)).toBe(false);
  });

  it('refuses a non-filtered alias and an alias without a __lookup discriminant', async () => {
    const plain = lookupName('plainalias');
    const other = lookupName('otherfilter');
    const index = lookupName('aliased_index');
    await admin.indices.create({ index });
    await admin.indices.updateAliases({
      body: {
        actions: [
          { add: { index, alias: plain } },
          { add: { index, alias: other, filter: { term: { host: 'a' } } } },
        ],
      },
    });
    const a = await write(plain, { rows: [{ a: 1 }] });
    expect(a.status).toBe(409);
    expect(a.body.message).toMatch(/non-filtered alias/);
    const b = await write(other, { rows: [{ a: 1 }] });
    expect(b.status).toBe(409);
    expect(b.body.message).toMatch(/no __lookup discriminant/);
  });
});

describe('lookups made by the data importer', () => {
  it('overwriting one migrates it and leaves the other lookup and the shared index intact', async () => {
    const shared = lookupName('importer_shared');
    const one = lookupName('legacy_one');
    const two = lookupName('legacy_two');
    await admin.indices.create({
      index: shared,
      body: { mappings: { properties: { __lookup: { type: 'keyword' } } } },
    });
    await admin.bulk({
      refresh: true,
      body: [
        { index: { _index: shared } },
        { k: 1, __lookup: 'u-one' },
        { index: { _index: shared } },
        { k: 2, __lookup: 'u-two' },
      ],
    });
    await admin.indices.updateAliases({
      body: {
        actions: [
          { add: { index: shared, alias: one, filter: { term: { __lookup: 'u-one' } } } },
          {
            add: { index: shared, alias: two, filter: { term: { __lookup: { value: 'u-two' } } } },
          },
        ],
      },
    });

    const appended = await write(one, { rows: [{ k: 9 }], append: true });
    expect(appended.status).toBe(409);
    expect(appended.body.message).toMatch(/overwrite once to migrate/);

    const migrated = await write(one, { rows: [{ k: 10 }] });
    expect(migrated.body).toMatchObject({ action: 'migrated', rows_written: 1 });
    expect((await aliasFilterOf(admin, one))?.index).toBe(`${one}__lookup`);
    expect(await readRowsSorted(admin, one, 'k')).toEqual([{ k: 10 }]);
    expect(await readRowsSorted(admin, two, 'k')).toEqual([{ k: 2 }]);
    expect((await admin.count({ index: shared })).body.count).toBe(2);
  });
});

describe('permissions', () => {
  it("a read-only user's write gets 403 and changes nothing", async () => {
    const name = lookupName('ro');
    const res = await write(name, { rows: [{ a: 1 }] }, users.reader);
    expect(res.status).toBe(403);
    expect(res.body.message).toMatch(/no permissions|OpenSearch refused/);
    expect(await indexExists(admin, `${name}__lookup`)).toBe(false);
  });

  it('a user allowed to write lookup A cannot write lookup B', async () => {
    const allowed = lookupName('team_a');
    const other = lookupName('team_b');
    expect((await write(allowed, { rows: [{ a: 1 }] }, users.teamAWriter)).status).toBe(200);
    const denied = await write(other, { rows: [{ a: 1 }] }, users.teamAWriter);
    expect(denied.status).toBe(403);
    expect(await indexExists(admin, `${other}__lookup`)).toBe(false);
  });

  it('a read-only user reads a lookup through its alias', async () => {
    const name = lookupName('readable');
    await write(name, { rows: [{ host: 'a' }] });
    const res = await callApi<{ datarows: unknown[][] }>(host.url, 'GET', apiPaths.rows(name), {
      caller: users.reader,
    });
    expect(res.status).toBe(200);
    expect(res.body.datarows).toEqual([['a']]);
  });
});
