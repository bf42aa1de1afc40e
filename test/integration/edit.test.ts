/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * `POST _edit`: a change to one version, published as a new version, as the caller and under the
 * lookup's lease. Rows are named by the ids `_rows?with_ids=true` gives; a keyed lookup keeps its
 * keys; a stale base, a reader, or a bad value changes nothing; restore undoes an edit; an edit
 * racing a query overwrite ends with exactly one of them, whole.
 */
import { writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import type { LookupDetail, RowsResponse } from '../../common/api/codecs';
import type { EditBody, EditResponse } from '../../common/api/edit';
import { parseJson, stringifyJson } from '../../common/api/lossless_json';
import { apiPaths } from '../../common/api/paths';
import { encodeDocId } from '../../common/substrate/id_encoder';
import { basicAuthorization } from '../../host/src/auth/session';
import { callApi, type Caller } from '../support/api';
import { adminClient, TestNames } from '../support/cluster';
import { startTestHost, TestHost } from '../support/host';
import { aliasFilterOf, readRowsSorted, slicesIn } from '../support/lookups';
import { users } from '../support/users';

const admin = adminClient();
let host: TestHost;
let small: TestHost;
const names = new TestNames();

type Answer = EditResponse & { message?: string; attributes?: Record<string, unknown> };

const write = async (name: string, body: Record<string, unknown>) => {
  const res = await callApi<{ slice: string }>(host.url, 'POST', apiPaths.write(name), {
    caller: users.writer,
    body,
  });
  expect(res.status).toBe(200);
  return res.body.slice;
};
const rows = async (name: string, url = host.url) => {
  const res = await callApi<RowsResponse>(url, 'GET', apiPaths.rows(name), {
    caller: users.writer,
    query: { with_ids: true, size: 1000 },
  });
  expect(res.status).toBe(200);
  return res.body;
};
const edit = (name: string, body: EditBody, caller: Caller = users.writer, url = host.url) =>
  callApi<Answer>(url, 'POST', apiPaths.edit(name), { caller, body });
const authorization = (caller: Caller) => ({
  authorization: basicAuthorization(caller.username ?? '', caller.password ?? ''),
});
const detail = async (name: string) =>
  (await callApi<LookupDetail>(host.url, 'GET', apiPaths.lookup(name), { caller: users.writer }))
    .body;
/** The id of the row whose `column` is `value`, as `_rows?with_ids=true` names it. */
const idOf = (page: RowsResponse, column: string, value: unknown) => {
  const at = page.schema.findIndex((c) => c.name === column);
  return page.ids![page.datarows.findIndex((r) => r[at] === value)];
};

beforeAll(async () => {
  const config = join(tmpdir(), `lookups-edit-small-${process.pid}.json`);
  writeFileSync(config, JSON.stringify({ plugins: { lookups: { editor: { max_rows: 3 } } } }));
  [host, small] = await Promise.all([
    startTestHost(),
    startTestHost({ LOOKUPS_HOST_CONFIG: config }),
  ]);
});
afterAll(async () => {
  await Promise.all([host?.stop(), small?.stop()]);
  await names.drop(admin);
});

describe('_rows?with_ids=true', () => {
  it('names each row with an id, aligned with datarows, and keeps the written column order', async () => {
    const name = names.lookup('ed_ids');
    await write(name, {
      schema: [
        { name: 'zone', type: 'string' },
        { name: 'code', type: 'bigint' },
        { name: 'active', type: 'boolean' },
      ],
      datarows: [
        ['eu', 1, true],
        ['us', 2, false],
      ],
    });
    const page = await rows(name);
    // Written as zone, code, active; OpenSearch's mapping lists them by name.
    expect(page.schema.map((c) => c.name)).toEqual(['zone', 'code', 'active']);
    expect(page.ids).toHaveLength(2);
    const { body } = await admin.search({ index: name, body: { query: { match_all: {} } } });
    const byId = new Map(
      (body.hits.hits as Array<{ _id: string; _source: { zone: string } }>).map((h) => [
        h._id,
        h._source.zone,
      ])
    );
    page.ids!.forEach((id, i) => expect(byId.get(id)).toBe(page.datarows[i][0]));
    const plain = await callApi<RowsResponse>(host.url, 'GET', apiPaths.rows(name), {
      caller: users.writer,
    });
    expect(plain.body.ids).toBeUndefined();
  });
});

describe('an edit as the caller', () => {
  it('adds, updates and deletes rows, renames, drops and adds columns, as a new version', async () => {
    const name = names.lookup('ed_all');
    const base = await write(name, {
      schema: [
        { name: 'host', type: 'string' },
        { name: 'n', type: 'bigint' },
        { name: 'note', type: 'string' },
        { name: 'old', type: 'string' },
      ],
      datarows: [
        ['web-01', 1, 'a', 'x'],
        ['web-02', 2, 'b', 'y'],
        ['web-03', 3, 'c', 'z'],
      ],
    });
    const page = await rows(name);
    const res = await edit(name, {
      base_slice: base,
      add: [{ host: 'web-04', count: 4, seen: '2024-01-31 13:45:00' }],
      update: [{ id: idOf(page, 'host', 'web-01'), row: { count: 10, note: null } }],
      delete: [idOf(page, 'host', 'web-03')],
      columns: {
        rename: [{ from: 'n', to: 'count' }],
        drop: ['old'],
        add: [{ name: 'seen', type: 'timestamp' }],
      },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      previous: base,
      rows: 3,
      added: 1,
      updated: 1,
      deleted: 1,
      columns: { added: ['seen'], renamed: [{ from: 'n', to: 'count' }], dropped: ['old'] },
    });
    expect(res.body.slice).not.toBe(base);
    expect((await aliasFilterOf(admin, name))?.filter).toEqual({
      term: { __lookup: res.body.slice },
    });
    expect(await readRowsSorted(admin, name, 'host')).toEqual([
      { host: 'web-01', count: 10 },
      { host: 'web-02', count: 2, note: 'b' },
      { host: 'web-04', count: 4, seen: '2024-01-31 13:45:00' },
    ]);
    // The new version's columns in their order: kept, renamed in place, then the added one.
    const after = await rows(name);
    expect(after.schema.map((c) => [c.name, c.type])).toEqual([
      ['host', 'text'],
      ['count', 'long'],
      ['note', 'text'],
      ['seen', 'date'],
    ]);
    // The base is kept as an old version; the edit is recorded as such, with who and what.
    const lookup = await detail(name);
    const version = lookup.slices.find((s) => s.id === res.body.slice)!;
    expect(version).toMatchObject({
      current: true,
      action: 'edited',
      written_by: users.writer.username,
      state: 'complete',
      edit: {
        base_slice: base,
        added: 1,
        updated: 1,
        deleted: 1,
        columns: { added: ['seen'], renamed: [{ from: 'n', to: 'count' }], dropped: ['old'] },
      },
    });
    expect(lookup.slices.find((s) => s.id === base)?.current).toBe(false);
  });

  it('previews a dry run in the compare shape and writes nothing', async () => {
    const name = names.lookup('ed_dry');
    const base = await write(name, {
      rows: [
        { k: 'a', v: 1 },
        { k: 'b', v: 2 },
      ],
    });
    const page = await rows(name);
    const before = await slicesIn(admin, `${name}__lookup`);
    const res = await edit(name, {
      base_slice: base,
      dry_run: true,
      update: [{ id: idOf(page, 'k', 'a'), row: { v: 5 } }],
      add: [{ k: 'c', v: 3 }],
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ dry_run: true, slice: null, previous: base, rows: 3 });
    expect(res.body.preview?.by_key).toMatchObject({
      key_field: ['row'],
      added: 1,
      removed: 0,
      changed: 1,
      unchanged: 1,
      samples: {
        added: [{ k: 'c', v: 3 }],
        changed: [{ from: { k: 'a', v: 1 }, to: { k: 'a', v: 5 } }],
      },
    });
    expect(await slicesIn(admin, `${name}__lookup`)).toEqual(before);
  });

  it('creates an empty lookup from named columns and types, then fills it', async () => {
    const name = names.lookup('ed_new');
    const res = await edit(name, {
      base_slice: null,
      columns: {
        add: [
          { name: 'code', type: 'string' },
          { name: 'limit', type: 'bigint' },
          { name: 'ratio', type: 'double' },
          { name: 'on', type: 'boolean' },
          { name: 'since', type: 'timestamp' },
          { name: 'addr', type: 'ip' },
        ],
      },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ previous: null, rows: 0 });
    const empty = await rows(name);
    expect(empty.total).toBe(0);
    expect(empty.schema).toEqual([
      { name: 'code', type: 'text' },
      { name: 'limit', type: 'long' },
      { name: 'ratio', type: 'double' },
      { name: 'on', type: 'boolean' },
      { name: 'since', type: 'date' },
      { name: 'addr', type: 'ip' },
    ]);
    const again = await edit(name, {
      base_slice: null,
      columns: { add: [{ name: 'x', type: 'string' }] },
    });
    expect(again.status).toBe(409);
    expect(again.body.attributes).toMatchObject({
      reason: 'stale_base',
      current_slice: res.body.slice,
    });
    // Sent as JSON text: a long beyond 2^53 keeps its digits only so.
    const filled = await fetch(`${host.url}${apiPaths.edit(name)}`, {
      method: 'POST',
      headers: {
        ...authorization(users.writer),
        'osd-xsrf': 'true',
        'content-type': 'application/json',
      },
      body: stringifyJson({
        base_slice: res.body.slice,
        add: [
          {
            code: 'a',
            limit: 9007199254740993n,
            ratio: 0.5,
            on: true,
            since: '2024-02-29',
            addr: '10.0.0.1',
          },
        ],
      }),
    });
    expect(filled.status).toBe(200);
    const text = await fetch(`${host.url}${apiPaths.rows(name)}`, {
      headers: authorization(users.writer),
    }).then((r) => r.text());
    expect((parseJson(text) as RowsResponse).datarows).toEqual([
      ['a', 9007199254740993n, 0.5, true, '2024-02-29 00:00:00', '10.0.0.1'],
    ]);
  });
});

describe('a keyed lookup', () => {
  it('keeps its keys: rows keep keyed ids, a changed key re-keys its row, later upserts replace', async () => {
    const name = names.lookup('ed_keyed');
    const base = await write(name, {
      schema: [
        { name: 'host', type: 'string' },
        { name: 'n', type: 'bigint' },
      ],
      datarows: [
        ['web-01', 1],
        ['web-02', 2],
      ],
      key_field: ['host'],
    });
    const page = await rows(name);
    const res = await edit(name, {
      base_slice: base,
      update: [
        { id: idOf(page, 'host', 'web-01'), row: { n: 10 } },
        { id: idOf(page, 'host', 'web-02'), row: { host: 'web-09' } },
      ],
      add: [{ host: 'web-03', n: 3 }],
    });
    expect(res.status).toBe(200);
    const slice = res.body.slice!;
    const { body } = await admin.search({ index: name, body: { query: { match_all: {} } } });
    const hits = body.hits.hits as Array<{ _id: string; _source: { host: string } }>;
    expect(hits).toHaveLength(3);
    for (const hit of hits) {
      expect(hit._id).toBe(
        encodeDocId([{ type: 'string', value: hit._source.host, field: 'host' }], slice)
      );
    }
    // A keyed append after the edit replaces the re-keyed and the added rows, adding nothing.
    await write(name, {
      schema: [
        { name: 'host', type: 'string' },
        { name: 'n', type: 'bigint' },
      ],
      datarows: [
        ['web-09', 90],
        ['web-03', 30],
      ],
      key_field: ['host'],
    });
    expect(await readRowsSorted(admin, name, 'host')).toEqual([
      { host: 'web-01', n: 10 },
      { host: 'web-03', n: 30 },
      { host: 'web-09', n: 90 },
    ]);
  });

  it('refuses an edit that gives two rows one key, naming the key, and writes nothing', async () => {
    const name = names.lookup('ed_dupkey');
    const base = await write(name, {
      rows: [
        { host: 'a', n: 1 },
        { host: 'b', n: 2 },
      ],
      key_field: ['host'],
    });
    const page = await rows(name);
    const before = await slicesIn(admin, `${name}__lookup`);
    const res = await edit(name, {
      base_slice: base,
      update: [{ id: idOf(page, 'host', 'b'), row: { host: 'a' } }],
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/key host="a"/);
    expect(res.body.message).toMatch(/update\[0\]/);
    expect(res.body.attributes).toMatchObject({ reason: 'duplicate_key', field: 'host' });
    const added = await edit(name, { base_slice: base, add: [{ host: 'b', n: 3 }] });
    expect(added.status).toBe(400);
    expect(added.body.message).toMatch(/add\[0\].*key host="b"/);
    expect(await slicesIn(admin, `${name}__lookup`)).toEqual(before);
    const dropKey = await edit(name, { base_slice: base, columns: { drop: ['host'] } });
    expect(dropKey.status).toBe(400);
    expect(dropKey.body.message).toMatch(/"host" is a key field/);
  });
});

describe('what an edit refuses, writing nothing', () => {
  it('answers 409 stale_base naming the current version and its writer', async () => {
    const name = names.lookup('ed_stale');
    const base = await write(name, { rows: [{ k: 'a' }] });
    const page = await rows(name);
    const current = await write(name, { rows: [{ k: 'b' }] });
    const before = await slicesIn(admin, `${name}__lookup`);
    const res = await edit(name, {
      base_slice: base,
      update: [{ id: page.ids![0], row: { k: 'c' } }],
    });
    expect(res.status).toBe(409);
    expect(res.body.attributes).toMatchObject({
      reason: 'stale_base',
      base_slice: base,
      current_slice: current,
      written_by: users.writer.username,
      action: 'overwritten',
    });
    expect(res.body.message).toContain(current);
    expect(res.body.message).toMatch(/Nothing was written/);
    expect(await slicesIn(admin, `${name}__lookup`)).toEqual(before);
    expect(await readRowsSorted(admin, name, 'k')).toEqual([{ k: 'b' }]);
  });

  it('refuses a reader with 403 and leaves the lease free', async () => {
    const name = names.lookup('ed_reader');
    const base = await write(name, { rows: [{ k: 'a' }] });
    const before = await slicesIn(admin, `${name}__lookup`);
    const res = await edit(name, { base_slice: base, add: [{ k: 'b' }] }, users.reader);
    expect(res.status).toBe(403);
    expect(res.body.message).toMatch(/You may not write ".*"; ask an administrator for/);
    expect(await slicesIn(admin, `${name}__lookup`)).toEqual(before);
    const writer = await edit(name, { base_slice: base, add: [{ k: 'b' }] });
    expect(writer.status).toBe(200);
  });

  it.each([
    [
      'a value that does not fit its column',
      (ids: string[]) => ({ update: [{ id: ids[0], row: { n: 'abc' } }] }),
      /update\[0\] \(row id .+\): field "n": "abc" is not a number/,
      { op: 'update', index: 0, field: 'n' },
    ],
    [
      'a fraction in a whole-number column',
      () => ({ add: [{ k: 'z' }, { k: 'y', n: 1.5 }] }),
      /add\[1\]: field "n": 1\.5 has a fraction/,
      { op: 'add', index: 1, field: 'n' },
    ],
    [
      'an unknown row id',
      () => ({ delete: ['no-such-row'] }),
      /delete\[0\]: this version has no row with id "no-such-row"/,
      { op: 'delete', index: 0, id: 'no-such-row' },
    ],
    [
      'an unknown column',
      (ids: string[]) => ({ update: [{ id: ids[0], row: { nope: 1 } }] }),
      /"nope" is not a column of the edited version; its columns are "k", "n"/,
      { op: 'update', field: 'nope' },
    ],
    [
      'a reserved column name',
      () => ({ columns: { add: [{ name: '_id', type: 'string' as const }] } }),
      /columns\.add\[0\]: the column name is refused: "_id" is an OpenSearch metadata field/,
      { op: 'columns', field: '_id' },
    ],
    [
      'a duplicate column name',
      () => ({ columns: { add: [{ name: 'k', type: 'string' as const }] } }),
      /columns\.add\[0\]: the new version already has a column "k"/,
      { op: 'columns', field: 'k' },
    ],
    [
      'a column name an older version typed otherwise',
      () => ({ columns: { add: [{ name: 'was_long', type: 'string' as const }] } }),
      /"was_long" was a long column in an earlier version/,
      { op: 'columns', field: 'was_long' },
    ],
    [
      'a bad date',
      () => ({
        columns: { add: [{ name: 'd', type: 'timestamp' as const }] },
        add: [{ d: '2024-02-30' }],
      }),
      /add\[0\]: field "d": "2024-02-30" is not a date/,
      { op: 'add', index: 0, field: 'd' },
    ],
  ])('400 for %s, naming the row and the field', async (_label, body, message, attributes) => {
    const name = names.lookup('ed_bad');
    await write(name, { rows: [{ was_long: 5 }] });
    const base = await write(name, { rows: [{ k: 'a', n: 1 }] });
    const page = await rows(name);
    const before = await slicesIn(admin, `${name}__lookup`);
    const res = await edit(name, { base_slice: base, ...body(page.ids!) } as EditBody);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(message);
    expect(res.body.message).toMatch(/Nothing was written/);
    expect(res.body.attributes).toMatchObject(attributes);
    expect(await slicesIn(admin, `${name}__lookup`)).toEqual(before);
  });

  it('refuses a lookup over lookups.editor.max_rows, naming the setting and the ways out', async () => {
    const name = names.lookup('ed_big');
    const base = await write(name, { rows: [1, 2, 3, 4].map((n) => ({ n })) });
    const res = await edit(name, { base_slice: base, add: [{ n: 5 }] }, users.writer, small.url);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(
      /4 rows; the editor opens lookups of up to 3 rows \(lookups\.editor\.max_rows\)/
    );
    expect(res.body.message).toMatch(/outputlookup.*file import.*_write/);
    const grow = await write(name, { rows: [{ n: 1 }, { n: 2 }, { n: 3 }] });
    const page = await rows(name, small.url);
    const over = await edit(name, { base_slice: grow, add: [{ n: 4 }] }, users.writer, small.url);
    expect(over.status).toBe(400);
    expect(over.body.message).toMatch(/would have 4 rows/);
    expect(page.total).toBe(3);
  });
});

describe('restore and races', () => {
  it('restoring the version before an edit undoes it', async () => {
    const name = names.lookup('ed_undo');
    const base = await write(name, {
      rows: [
        { k: 'a', v: 1 },
        { k: 'b', v: 2 },
      ],
    });
    const page = await rows(name);
    const res = await edit(name, {
      base_slice: base,
      delete: [idOf(page, 'k', 'a')],
      columns: { rename: [{ from: 'v', to: 'value' }] },
    });
    expect(res.status).toBe(200);
    expect(await readRowsSorted(admin, name, 'k')).toEqual([{ k: 'b', value: 2 }]);
    const restore = await callApi(host.url, 'POST', apiPaths.rollback(name), {
      caller: users.writer,
      body: { slice: base },
    });
    expect(restore.status).toBe(200);
    expect(await readRowsSorted(admin, name, 'k')).toEqual([
      { k: 'a', v: 1 },
      { k: 'b', v: 2 },
    ]);
    expect((await rows(name)).schema.map((c) => c.name)).toEqual(['k', 'v']);
  });

  it('an edit racing a query overwrite: exactly one version wins, whole', async () => {
    const name = names.lookup('ed_race');
    const query = `source=web_logs | stats count() by host | outputlookup ${name}`;
    const expectedQueryRows = await (async () => {
      const res = await callApi<{ datarows: unknown[][] }>(host.url, 'POST', apiPaths.query(), {
        caller: users.writer,
        body: { query: 'source=web_logs | stats count() by host', size: 1000 },
      });
      return res.body.datarows.length;
    })();
    const outcomes = new Set<string>();
    for (let trial = 0; trial < 4; trial++) {
      const base = await write(name, { rows: [{ host: 'edited', 'count()': -1 }] });
      const page = await rows(name);
      const [edited, queried] = await Promise.all([
        edit(name, { base_slice: base, update: [{ id: page.ids![0], row: { 'count()': -2 } }] }),
        callApi<{
          lookup?: { slice: string };
          message?: string;
          attributes?: Record<string, unknown>;
        }>(host.url, 'POST', apiPaths.query(), { caller: users.writer, body: { query } }),
      ]);
      const current = (await aliasFilterOf(admin, name))!.filter as { term: { __lookup: string } };
      const slice = current.term.__lookup;
      const final = await readRowsSorted(admin, name, 'host');
      expect([edited.status, queried.status]).toContain(200);
      if (slice === edited.body.slice) {
        // The edit published last: the query was refused as busy (never written after it).
        expect(queried.status).toBe(409);
        expect(final).toEqual([{ host: 'edited', 'count()': -2 }]);
        outcomes.add('edit');
      } else {
        expect(queried.status).toBe(200);
        expect(slice).toBe(queried.body.lookup?.slice);
        expect(final).toHaveLength(expectedQueryRows);
        expect(final.some((r) => r.host === 'edited')).toBe(false);
        // An edit that lost was refused, or published before the query replaced it.
        if (edited.status !== 200) {
          expect(edited.status).toBe(409);
          expect(['lookup_busy', 'stale_base']).toContain(edited.body.attributes?.reason);
        }
        outcomes.add(edited.status === 200 ? 'edit then query' : 'query');
      }
      // Nothing torn: the current version holds exactly its rows, and no write is in flight.
      expect((await slicesIn(admin, `${name}__lookup`))[slice]).toBe(final.length);
    }
    expect(outcomes.size).toBeGreaterThan(0);
  });
});
