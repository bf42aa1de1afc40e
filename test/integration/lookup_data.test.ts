/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Field capabilities, search, export and import against the real cluster, through the plugin's
 * HTTP routes, as the test users; read back and compared as admin.
 */
import { parse as parseCsv } from 'csv-parse/sync';
import type { WriteResponse } from '../../common/api/codecs';
import { apiPaths } from '../../common/api/paths';
import type { FieldCapsResponse, SearchResponse } from '../../common/api/search_codecs';
import { sliceFilter } from '../../common/substrate/alias_filter';
import { basicAuthorization } from '../../host/src/auth/session';
import { BACKING_INDEX_BODY } from '../../server/services/writer/backing_index';
import { callApi, Caller } from '../support/api';
import { adminClient, TestNames, uniqueName } from '../support/cluster';
import { startTestHost, TestHost } from '../support/host';
import { aliasFilterOf, indexExists, readRowsSorted, slicesIn } from '../support/lookups';
import { users } from '../support/users';

const admin = adminClient();
let host: TestHost;
const names = new TestNames();

const lookupName = (label: string) => names.lookup(label);

type Row = Record<string, unknown>;

async function write(name: string, body: Record<string, unknown>, caller = users.writer) {
  const res = await callApi<WriteResponse>(host.url, 'POST', apiPaths.write(name), {
    caller,
    body,
  });
  if (res.status !== 200) throw new Error(`write failed: ${JSON.stringify(res.body)}`);
  return res.body;
}

const fieldCaps = (name: string, query: Record<string, string | boolean>, caller = users.writer) =>
  callApi<FieldCapsResponse>(host.url, 'GET', apiPaths.fieldCaps(name), { caller, query });

const search = (name: string, body: Record<string, unknown>, caller = users.writer) =>
  callApi<SearchResponse & { message?: string }>(host.url, 'POST', apiPaths.search(name), {
    caller,
    body,
  });

async function exportText(name: string, format: 'csv' | 'ndjson', caller: Caller = users.writer) {
  const res = await fetch(`${host.url}${apiPaths.export(name)}?format=${format}`, {
    headers: { authorization: basicAuthorization(caller.username ?? '', caller.password ?? '') },
  });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

async function importFile(
  name: string,
  content: string,
  filename: string,
  query: Record<string, string> = {},
  caller: Caller = users.writer
) {
  const form = new FormData();
  form.append('file', new Blob([content], { type: 'application/octet-stream' }), filename);
  const qs = Object.keys(query).length > 0 ? `?${new URLSearchParams(query)}` : '';
  const res = await fetch(`${host.url}${apiPaths.import(name)}${qs}`, {
    method: 'POST',
    headers: {
      'osd-xsrf': 'true',
      authorization: basicAuthorization(caller.username ?? '', caller.password ?? ''),
    },
    body: form,
  });
  const text = await res.text();
  return {
    status: res.status,
    body: JSON.parse(text) as WriteResponse & { message?: string; attributes?: Row },
  };
}

/** Every document of an index a query matches, as admin, through a point in time. */
async function readAll(index: string, query: unknown = { match_all: {} }): Promise<Row[]> {
  const { body: pit } = await admin.createPit({ index, keep_alive: '1m' });
  const out: Row[] = [];
  try {
    let after: unknown[] | undefined;
    for (;;) {
      const { body } = await admin.search({
        body: {
          pit: { id: pit.pit_id, keep_alive: '1m' },
          size: 10000,
          sort: [{ _shard_doc: 'asc' }],
          query,
          ...(after ? { search_after: after } : {}),
        },
      });
      const hits = body.hits.hits as Array<{ _source: Row; sort: unknown[] }>;
      if (hits.length === 0) return out;
      for (const hit of hits) {
        const { __lookup: _slice, ...row } = hit._source;
        out.push(row);
      }
      after = hits[hits.length - 1].sort;
    }
  } finally {
    await admin.deletePit({ body: { pit_id: [pit.pit_id] } });
  }
}

const byId = (a: Row, b: Row) => Number(a.id) - Number(b.id);

async function openPits(): Promise<string[]> {
  const { body } = await admin.transport.request({
    method: 'GET',
    path: '/_search/point_in_time/_all',
  });
  return ((body as { pits?: Array<{ pit_id: string }> }).pits ?? []).map((p) => p.pit_id);
}

beforeAll(async () => {
  host = await startTestHost();
});
afterAll(async () => {
  await host?.stop();
  await names.drop(admin);
});

describe('field capabilities', () => {
  const docs: Row[] = [
    {
      host: 'web-1',
      n: 1,
      ratio: 0.5,
      up: true,
      tags: ['a', 'b'],
      geo: { city: 'Lyon', zip: 69001 },
    },
    { host: 'web-2', n: 2, ratio: 1.5, up: false, geo: { city: 'Oslo' } },
    { host: 'db-1', note: 'x'.repeat(300) },
  ];

  it('answers as OpenSearch does for a plain index holding the same documents', async () => {
    const name = lookupName('fc_same');
    const plain = uniqueName('plain_fc');
    names.track(plain);
    const { slice } = await write(name, { rows: docs });
    // The same mappings as the lookup's (the writer maps typed columns explicitly).
    const { body: mapped } = await admin.indices.getMapping({ index: `${name}__lookup` });
    const { __lookup: _discriminant, ...properties } =
      mapped[`${name}__lookup`].mappings.properties;
    await admin.indices.create({
      index: plain,
      body: { mappings: { ...BACKING_INDEX_BODY.mappings, properties } },
    });
    await admin.bulk({
      index: plain,
      refresh: true,
      body: docs.flatMap((doc) => [{ index: {} }, doc]),
    });

    for (const fields of [
      '*',
      'host*',
      'geo.zip',
      'n,up,ratio',
      'nothing*',
      'tags.keyword,note*',
    ]) {
      for (const includeUnmapped of [false, true]) {
        const ours = await fieldCaps(name, { fields, include_unmapped: includeUnmapped });
        const { body: theirs } = await admin.fieldCaps({
          index: plain,
          fields,
          include_unmapped: includeUnmapped,
        });
        expect(ours.status).toBe(200);
        expect(ours.body.indices).toEqual([slice]);
        expect({ fields, includeUnmapped, caps: ours.body.fields }).toEqual({
          fields,
          includeUnmapped,
          caps: theirs.fields,
        });
      }
    }
  });

  it('puts slices in the role of indices after an overwrite that adds and drops fields', async () => {
    const name = lookupName('fc_slices');
    const first = await write(name, { rows: [{ a: 1, b: 'x' }] });
    const second = await write(name, { rows: [{ a: 2, c: true }] });
    const both = [first.slice, second.slice].sort();

    const plain = await fieldCaps(name, { fields: 'a,b,c' });
    expect(plain.body).toEqual({
      indices: both,
      fields: {
        a: { long: { type: 'long', searchable: true, aggregatable: true } },
        b: { text: { type: 'text', searchable: true, aggregatable: false } },
        c: { boolean: { type: 'boolean', searchable: true, aggregatable: true } },
      },
    });
    const unmapped = { type: 'unmapped', searchable: false, aggregatable: false };
    const expected = {
      indices: both,
      fields: {
        a: { long: { type: 'long', searchable: true, aggregatable: true } },
        b: {
          text: { type: 'text', searchable: true, aggregatable: false, indices: [first.slice] },
          unmapped: { ...unmapped, indices: [second.slice] },
        },
        'b.keyword': {
          keyword: {
            type: 'keyword',
            searchable: true,
            aggregatable: true,
            indices: [first.slice],
          },
          unmapped: { ...unmapped, indices: [second.slice] },
        },
        c: {
          boolean: {
            type: 'boolean',
            searchable: true,
            aggregatable: true,
            indices: [second.slice],
          },
          unmapped: { ...unmapped, indices: [first.slice] },
        },
      },
    };
    expect((await fieldCaps(name, { fields: 'a,b*,c', include_unmapped: true })).body).toEqual(
      expected
    );
    // Served again (the old slice from the cache): the same answer.
    expect((await fieldCaps(name, { fields: 'a,b*,c', include_unmapped: true })).body).toEqual(
      expected
    );

    // An append adds a field to the current slice only: the current slice is never stale.
    await write(name, { rows: [{ a: 3, d: 'new' }], append: true });
    const after = await fieldCaps(name, { fields: 'd', include_unmapped: true });
    expect(after.body.fields.d).toEqual({
      text: { type: 'text', searchable: true, aggregatable: false, indices: [second.slice] },
      unmapped: { ...unmapped, indices: [first.slice] },
    });
  });

  it('does not serve a deleted and recreated backing index from the cache', async () => {
    const name = lookupName('fc_recreated');
    // Appends to an absent lookup use the same deterministic slice both times.
    const before = await write(name, { rows: [{ x: 1 }], append: true });
    expect(Object.keys((await fieldCaps(name, { fields: 'x,y' })).body.fields)).toEqual(['x']);
    await admin.indices.delete({ index: `${name}__lookup` });
    const again = await write(name, { rows: [{ y: 1 }], append: true });
    expect(again.slice).toBe(before.slice);
    expect(Object.keys((await fieldCaps(name, { fields: 'x,y' })).body.fields)).toEqual(['y']);
  });

  it('requires fields, as OpenSearch does, and says 404 and 409 for what is not a lookup', async () => {
    const name = lookupName('fc_errors');
    await write(name, { rows: [{ a: 1 }] });
    const missing = await fieldCaps(name, {});
    expect(missing.status).toBe(400);
    expect(String((missing.body as unknown as Row).message)).toMatch(/\[fields\]/);
    expect((await fieldCaps(lookupName('fc_absent'), { fields: '*' })).status).toBe(404);
    const concrete = lookupName('fc_concrete');
    await admin.index({ index: concrete, body: { a: 1 }, refresh: true });
    expect((await fieldCaps(concrete, { fields: '*' })).status).toBe(409);
  });
});

describe('search', () => {
  it('mode all pages through every match of the current slice, exactly', async () => {
    const name = lookupName('search_all');
    const rows = Array.from({ length: 2500 }, (_, id) => ({
      id,
      kind: id % 3 === 0 ? 'alpha' : 'beta',
    }));
    await write(name, { rows });
    const expected = rows.filter((r) => r.kind === 'alpha').map((r) => r.id);

    const seen: number[] = [];
    let token: string | undefined;
    let pages = 0;
    do {
      const res = await search(name, {
        mode: 'all',
        size: 300,
        query: { match: { kind: { query: 'alpha' } } },
        ...(token ? { page_token: token } : {}),
      });
      expect(res.status).toBe(200);
      expect(res.body.complete).toBe(true);
      expect(res.body.total).toBe(expected.length);
      for (const hit of res.body.hits) {
        expect(hit._score).toBeUndefined();
        expect(hit.row).not.toHaveProperty('__lookup');
        seen.push(Number(hit.row.id));
      }
      token = res.body.page_token;
      pages++;
    } while (token);
    expect(pages).toBe(Math.ceil(expected.length / 300));
    expect(seen.sort((a, b) => a - b)).toEqual(expected);
  });

  it('mode top answers the k best, best first, with scores over the backing index', async () => {
    const name = lookupName('search_top');
    await write(name, {
      rows: [
        { id: 1, text: 'the quick brown fox' },
        { id: 2, text: 'a quick fox jumps over the quick dog, quick quick' },
        { id: 3, text: 'slow turtle' },
        { id: 4, text: 'fox' },
      ],
    });
    const res = await search(name, { mode: 'top', k: 3, query: { match: { text: 'quick fox' } } });
    expect(res.status).toBe(200);
    expect(res.body.hits).toHaveLength(3);
    const scores = res.body.hits.map((h) => h._score as number);
    expect(scores.every((s) => typeof s === 'number' && s > 0)).toBe(true);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
    expect(res.body.hits[0].row.id).toBe(2);
    expect(res.body.hits.map((h) => h.row.id)).not.toContain(3);
    expect(res.body.score_scope).toBe('backing_index');
    expect(res.body.score_note).toMatch(/whole backing index/);

    // Paged within k: the same hits, in the same order.
    const first = await search(name, {
      mode: 'top',
      k: 3,
      size: 2,
      query: { match: { text: 'quick fox' } },
    });
    const second = await search(name, {
      mode: 'top',
      k: 3,
      size: 2,
      query: { match: { text: 'quick fox' } },
      page_token: first.body.page_token,
    });
    expect(second.body.page_token).toBeUndefined();
    expect([...first.body.hits, ...second.body.hits]).toEqual(res.body.hits);
  });

  it('stays on its slice while an overwrite lands between pages, and says 409 once the slice is reaped', async () => {
    const name = lookupName('search_pinned');
    const old = await write(name, {
      rows: Array.from({ length: 300 }, (_, id) => ({ id, v: 'old' })),
    });
    const query = { mode: 'all', size: 100, query: { match_all: {} } };
    const first = await search(name, query);
    expect(first.body.slice).toBe(old.slice);

    await write(name, { rows: Array.from({ length: 50 }, (_, id) => ({ id, v: 'new' })) });
    const second = await search(name, { ...query, page_token: first.body.page_token });
    const third = await search(name, { ...query, page_token: second.body.page_token });
    expect(third.body.page_token).toBeUndefined();
    const rows = [...first.body.hits, ...second.body.hits, ...third.body.hits].map((h) => h.row);
    expect(rows.every((r) => r.v === 'old')).toBe(true);
    expect(rows.map((r) => Number(r.id)).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 300 }, (_, i) => i)
    );
    expect(second.body.slice).toBe(old.slice);
    // A new search reads the new version.
    expect((await search(name, query)).body.total).toBe(50);

    const pinnedOld = first.body.page_token as string;
    await admin.deleteByQuery({
      index: `${name}__lookup`,
      refresh: true,
      body: { query: { term: { __lookup: old.slice } } },
    });
    const reaped = await search(name, { ...query, page_token: pinnedOld });
    expect(reaped.status).toBe(409);
    expect(reaped.body.message).toMatch(/no longer exists.*without page_token/);
  });

  it('refuses unknown columns (listing the fields), unknown options and altered tokens', async () => {
    const name = lookupName('search_bad');
    await write(name, { rows: [{ host: 'a', n: 1 }] });
    const unknown = await search(name, { mode: 'all', query: { match: { hots: 'a' } } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toMatch(
      /\[query\.match\.hots\]: "hots" is not a field of the lookup .*Available fields: host, host\.keyword, n\./
    );
    const filter = await search(name, {
      mode: 'all',
      query: { match_all: {} },
      filter: [{ term: { __lookup: 'x' } }],
    });
    expect(filter.status).toBe(400);
    expect(filter.body.message).toMatch(/"__lookup" is not a field/);
    const option = await search(name, {
      mode: 'all',
      query: { match: { host: { query: 'a', boost: 3 } } },
    });
    expect(option.status).toBe(400);
    expect(option.body.message).toMatch(/\[query\.match\.host\.boost\]: unknown option/);

    const page = await search(name, { mode: 'all', size: 1, query: { match_all: {} } });
    expect(page.body.page_token).toBeUndefined();
    const two = await write(name, { rows: [{ host: 'a' }, { host: 'b' }] });
    const paged = await search(name, { mode: 'all', size: 1, query: { match_all: {} } });
    expect(paged.body.slice).toBe(two.slice);
    const token = paged.body.page_token as string;
    const [payload, mac] = token.split('.');
    const decoded = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const altered = `${Buffer.from(JSON.stringify({ ...decoded, n: 'x' })).toString('base64url')}.${mac}`;
    const tampered = await search(name, {
      mode: 'all',
      size: 1,
      query: { match_all: {} },
      page_token: altered,
    });
    expect(tampered.status).toBe(400);
    const other = await search(name, {
      mode: 'all',
      size: 2,
      query: { match_all: {} },
      page_token: token,
    });
    expect(other.status).toBe(400);
    expect(other.body.message).toMatch(/belongs to another search/);
  });

  it('reads a data importer lookup with its filter, and refuses what is not a lookup', async () => {
    const shared = lookupName('importer_shared');
    const legacy = lookupName('legacy_search');
    await admin.indices.create({
      index: shared,
      body: { mappings: { properties: { __lookup: { type: 'keyword' } } } },
    });
    await admin.bulk({
      index: shared,
      refresh: true,
      body: [
        { index: {} },
        { k: 'mine', __lookup: 'u-1' },
        { index: {} },
        { k: 'theirs', __lookup: 'u-2' },
      ],
    });
    await admin.indices.updateAliases({
      body: { actions: [{ add: { index: shared, alias: legacy, filter: sliceFilter('u-1') } }] },
    });
    const res = await search(legacy, { mode: 'all', query: { match_all: {} } });
    expect(res.body.hits.map((h) => h.row)).toEqual([{ k: 'mine' }]);
    expect((await fieldCaps(legacy, { fields: 'k' })).body.indices).toEqual(['u-1']);

    expect(
      (await search(lookupName('absent'), { mode: 'all', query: { match_all: {} } })).status
    ).toBe(404);
    expect((await search(shared, { mode: 'all', query: { match_all: {} } })).status).toBe(409);
  });
});

describe('export', () => {
  const name = uniqueName('lk_export');
  let expected: Row[];

  beforeAll(async () => {
    names.track(name, `${name}__lookup`);
    const rows = Array.from({ length: 50_000 }, (_, id) => ({
      id,
      host: `host-${id % 97}`,
      ...(id % 10 === 0 ? { note: `has "quotes", commas\nand a line break` } : {}),
      ...(id % 25 === 0 ? { tags: ['x', 'y'] } : {}),
      ratio: id / 8,
    }));
    const { slice } = await write(name, { rows });
    expected = (await readAll(`${name}__lookup`, { term: { __lookup: slice } })).sort(byId);
    expect(expected).toHaveLength(50_000);
  });

  it('streams every row of the current slice as NDJSON', async () => {
    const pitsBefore = await openPits();
    const res = await exportText(name, 'ndjson');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/x-ndjson/);
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="${name}.ndjson"; filename*=UTF-8''${name}.ndjson`
    );
    const rows = res.text
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Row);
    expect(rows.sort(byId)).toEqual(expected);
    // The point in time is closed at the end.
    expect((await openPits()).filter((id) => !pitsBefore.includes(id))).toEqual([]);
  });

  it('streams every row of the current slice as CSV, its columns in the order they were written', async () => {
    const res = await exportText(name, 'csv');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="${name}.csv"; filename*=UTF-8''${name}.csv`
    );
    const [header, ...records] = parseCsv(res.text) as string[][];
    // The first row's keys, then keys first seen later: not the mapping's alphabetical order.
    expect(header).toEqual(['id', 'host', 'note', 'tags', 'ratio']);
    const asCsv = (row: Row) =>
      header.map((column) => {
        const value = row[column];
        if (value === undefined || value === null) return '';
        return typeof value === 'object' ? JSON.stringify(value) : String(value);
      });
    expect(records.sort((a, b) => Number(a[0]) - Number(b[0]))).toEqual(expected.map(asCsv));
  });

  it('downloads a lookup named in Japanese under its own name (RFC 6266)', async () => {
    const japanese = lookupName('日本');
    expect(japanese).toMatch(/^lk_日本/);
    await write(japanese, { rows: [{ k: 'a' }] });
    const res = await exportText(japanese, 'csv');
    expect(res.status).toBe(200);
    expect(res.text).toBe('k\r\na\r\n');
    const fallback = `${japanese}.csv`.replace(/[^\x20-\x7e]/g, '_');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(`${japanese}.csv`)}`
    );
    expect(decodeURIComponent(res.headers.get('content-disposition')!.split("''")[1])).toBe(
      `${japanese}.csv`
    );
  });

  it('escapes cells a spreadsheet would run as formulas, as Kibana does', async () => {
    const formulas = lookupName('formulas');
    await write(formulas, {
      rows: [
        { id: 1, cell: '=1+1', n: -5 },
        { id: 2, cell: '@SUM(A1)' },
        { id: 3, cell: 'a=b' },
      ],
    });
    const res = await exportText(formulas, 'csv');
    expect(res.status).toBe(200);
    expect(res.text.split('\r\n').sort()).toEqual(
      ['', 'id,cell,n', `1,"'=1+1",-5`, `2,"'@SUM(A1)",`, '3,a=b,'].sort()
    );
    // NDJSON is data, not a spreadsheet: left as it is.
    expect((await exportText(formulas, 'ndjson')).text).toContain('"cell":"=1+1"');
  });

  it('closes the point in time when the client goes away mid-download', async () => {
    const pitsBefore = await openPits();
    const controller = new AbortController();
    const res = await fetch(`${host.url}${apiPaths.export(name)}?format=ndjson`, {
      headers: {
        authorization: basicAuthorization(users.writer.username, users.writer.password),
      },
      signal: controller.signal,
    });
    const reader = res.body!.getReader();
    await reader.read();
    // Mid-download: the export holds its point in time.
    expect((await openPits()).filter((id) => !pitsBefore.includes(id))).toHaveLength(1);
    controller.abort();
    await reader.cancel().catch(() => undefined);
    const deadline = Date.now() + 10_000;
    let left = (await openPits()).filter((id) => !pitsBefore.includes(id));
    while (left.length > 0 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 200));
      left = (await openPits()).filter((id) => !pitsBefore.includes(id));
    }
    expect(left).toEqual([]);
  });
});

describe('import', () => {
  const csv = (lines: string[]) => `${lines.join('\r\n')}\r\n`;

  it('overwrites from a CSV file, inferring column types over the whole file', async () => {
    const name = lookupName('import_csv');
    await write(name, { rows: [{ host: 'old' }] });
    const res = await importFile(
      name,
      csv([
        'host,region,n,ratio,up,seen',
        'web-1,"eu, west",1,0.5,true,2024-05-01',
        'web-2,"say ""hi""",2,3,FALSE,2024-05-02T10:00:00Z',
      ]),
      'hosts.csv'
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ rows_written: 2, action: 'overwritten' });
    expect(await readRowsSorted(admin, name, 'host')).toEqual([
      { host: 'web-1', region: 'eu, west', n: 1, ratio: 0.5, up: true, seen: '2024-05-01' },
      {
        host: 'web-2',
        region: 'say "hi"',
        n: 2,
        ratio: 3,
        up: false,
        seen: '2024-05-02T10:00:00Z',
      },
    ]);
    const { body: mapping } = await admin.indices.getMapping({ index: `${name}__lookup` });
    const properties = (
      mapping as Record<string, { mappings: { properties: Record<string, { type: string }> } }>
    )[`${name}__lookup`].mappings.properties;
    expect([
      properties.n.type,
      properties.ratio.type,
      properties.up.type,
      properties.seen.type,
    ]).toEqual(['long', 'double', 'boolean', 'date']);
  });

  it('keeps every CSV value a string with types=strings, as the data importer does', async () => {
    const name = lookupName('import_csv_strings');
    const res = await importFile(name, csv(['host,n,up', 'web-1,1,true', 'web-2,x,']), 'h.csv', {
      types: 'strings',
    });
    expect(res.status).toBe(200);
    expect(await readRowsSorted(admin, name, 'host')).toEqual([
      { host: 'web-1', n: '1', up: 'true' },
      { host: 'web-2', n: 'x', up: '' },
    ]);
  });

  it('appends from NDJSON, keeping JSON types, and upserts with key_field', async () => {
    const name = lookupName('import_ndjson');
    const first = await write(name, { rows: [{ host: 'a', n: 1 }] });
    const appended = await importFile(
      name,
      '{"host":"b","n":2}\n{"host":"c","n":3}\n',
      'more.ndjson',
      {
        append: 'true',
      }
    );
    expect(appended.body).toMatchObject({
      rows_written: 2,
      action: 'appended',
      slice: first.slice,
    });
    const upserted = await importFile(name, '{"host":"a","n":10}\n', 'fix.jsonl', {
      key_field: 'host',
    });
    expect(upserted.body).toMatchObject({ rows_written: 1, action: 'upserted' });
    const rows = await readRowsSorted(admin, name, 'host');
    expect(rows.filter((r) => r.host !== 'a')).toEqual([
      { host: 'b', n: 2 },
      { host: 'c', n: 3 },
    ]);
    // The keyed row joins the slice beside the unkeyed one written before (no key, no match).
    expect(rows.filter((r) => r.host === 'a').sort((x, y) => Number(x.n) - Number(y.n))).toEqual([
      { host: 'a', n: 1 },
      { host: 'a', n: 10 },
    ]);
  });

  it('takes other delimiters, max, and a raw body with format', async () => {
    const name = lookupName('import_opts');
    const semi = await importFile(name, csv(['a;b', '1;2', '3;4', '5;6']), 'x.csv', {
      delimiter: ';',
      max: '2',
      types: 'strings',
    });
    expect(semi.body).toMatchObject({ rows_written: 2, action: 'created' });
    const tabs = await importFile(name, csv(['a\tb', 'x\ty']), 'x.tsv');
    expect(tabs.body).toMatchObject({ rows_written: 1 });
    expect(await readRowsSorted(admin, name, 'a')).toEqual([{ a: 'x', b: 'y' }]);

    const raw = await fetch(`${host.url}${apiPaths.import(name)}?format=ndjson&append=true`, {
      method: 'POST',
      headers: {
        'osd-xsrf': 'true',
        'content-type': 'application/x-ndjson',
        authorization: basicAuthorization(users.writer.username, users.writer.password),
      },
      body: '{"a":"z","b":"w"}\n',
    });
    expect(raw.status).toBe(200);
    expect(await readRowsSorted(admin, name, 'a')).toEqual([
      { a: 'x', b: 'y' },
      { a: 'z', b: 'w' },
    ]);
  });

  it('refuses a CSV with a bad line, naming it, and publishes nothing', async () => {
    const name = lookupName('import_bad');
    const before = await write(name, { rows: [{ host: 'keep', region: 'x', n: 1 }] });
    const alias = await aliasFilterOf(admin, name);
    const slices = await slicesIn(admin, `${name}__lookup`);
    const lines = ['host,region,n', 'a,x,1', 'b,x,2', 'c,x,3', 'd,x,4', 'e,x,5', 'f,x'];

    for (const query of [{}, { append: 'true' }] as Array<Record<string, string>>) {
      const res = await importFile(name, csv(lines), 'bad.csv', query);
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(
        /^line 7: expected 3 fields but found 2\. Nothing was imported/
      );
      expect(res.body.attributes).toEqual({ line: 7 });
      expect(await aliasFilterOf(admin, name)).toEqual(alias);
      expect(await slicesIn(admin, `${name}__lookup`)).toEqual(slices);
    }
    // A bad line far into a big file: for append nothing is written at all; for overwrite the
    // partial slice is never published.
    const big = ['id,v', ...Array.from({ length: 12_000 }, (_, i) => `${i},v`), 'oops'];
    for (const query of [{ append: 'true' }, {}] as Array<Record<string, string>>) {
      const res = await importFile(name, csv(big), 'big.csv', query);
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/^line 12002: expected 2 fields but found 1/);
      expect(await aliasFilterOf(admin, name)).toEqual(alias);
      expect(await readRowsSorted(admin, name, 'host')).toEqual([
        { host: 'keep', region: 'x', n: 1 },
      ]);
      expect((await slicesIn(admin, `${name}__lookup`))[String(before.slice)]).toBe(1);
    }
    // Into an absent lookup: nothing is created.
    const absent = lookupName('import_bad_absent');
    const res = await importFile(absent, '{"a":1}\n{"a":\n', 'x.ndjson');
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^line 2: not valid JSON/);
    expect(await indexExists(admin, `${absent}__lookup`)).toBe(false);
  });

  it('a read-only user cannot import, and nothing changes', async () => {
    const name = lookupName('import_ro');
    const before = await write(name, { rows: [{ host: 'a' }] });
    const res = await importFile(name, csv(['host', 'b']), 'x.csv', {}, users.reader);
    expect(res.status).toBe(403);
    expect(res.body.message).toMatch(/no permissions/);
    expect(await aliasFilterOf(admin, name)).toEqual({
      index: `${name}__lookup`,
      filter: sliceFilter(String(before.slice)),
    });
    expect(await slicesIn(admin, `${name}__lookup`)).toEqual({ [String(before.slice)]: 1 });
  });
});

describe('permissions', () => {
  it('a user without rights gets 403 from field caps, search and export', async () => {
    const name = lookupName('noaccess');
    await write(name, { rows: [{ host: 'a' }] });
    expect((await fieldCaps(name, { fields: '*' }, users.noAccess)).status).toBe(403);
    expect(
      (await search(name, { mode: 'all', query: { match_all: {} } }, users.noAccess)).status
    ).toBe(403);
    expect((await exportText(name, 'csv', users.noAccess)).status).toBe(403);
  });

  it('a read-only user reads field caps, searches and exports', async () => {
    const name = lookupName('readable');
    await write(name, { rows: [{ host: 'a' }] });
    expect((await fieldCaps(name, { fields: '*' }, users.reader)).status).toBe(200);
    const res = await search(name, { mode: 'all', query: { match_all: {} } }, users.reader);
    expect(res.body.hits).toEqual([{ row: { host: 'a' } }]);
    expect((await exportText(name, 'ndjson', users.reader)).text).toBe('{"host":"a"}\n');
  });
});
