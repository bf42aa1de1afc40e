/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * `_import` on bad input, over-size bodies and failed writes, through the standalone host and the
 * real cluster: every request gets an answer, problems are 400s naming the line, an over-size
 * file is a 413 with nothing written, and a failed write says truthfully what it left.
 */
import { writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import type { WriteResponse } from '../../common/api/codecs';
import { apiPaths } from '../../common/api/paths';
import { basicAuthorization } from '../../host/src/auth/session';
import { callApi } from '../support/api';
import { adminClient, TestNames } from '../support/cluster';
import { startTestHost, TestHost } from '../support/host';
import { aliasFilterOf, indexExists, readRowsSorted, slicesIn } from '../support/lookups';
import { users } from '../support/users';

const admin = adminClient();
const names = new TestNames();
let host: TestHost;
/** A host whose max_import_bytes is 64 KiB, for the over-size cases. */
let small: TestHost;
const SMALL_MAX = 64 * 1024;
const over = names.lookup('over_size');

const auth = basicAuthorization(users.writer.username, users.writer.password);

interface Answer {
  status: number;
  body: WriteResponse & { message?: string; attributes?: Record<string, unknown> };
}

/** POSTs to `_import`, failing the test (rather than hanging) if no answer comes in 15 s. */
async function post(
  url: string,
  name: string,
  query: Record<string, string>,
  body: BodyInit,
  headers: Record<string, string> = {},
  extra: RequestInit = {}
): Promise<Answer> {
  const qs = Object.keys(query).length > 0 ? `?${new URLSearchParams(query)}` : '';
  const res = await fetch(`${url}${apiPaths.import(name)}${qs}`, {
    method: 'POST',
    headers: { 'osd-xsrf': 'true', authorization: auth, ...headers },
    body,
    signal: AbortSignal.timeout(15_000),
    ...extra,
  });
  const text = await res.text();
  return { status: res.status, body: JSON.parse(text) as Answer['body'] };
}

const raw = (name: string, query: Record<string, string>, body: BodyInit, url = host.url) =>
  post(url, name, query, body, { 'content-type': 'text/csv' });

function multipart(
  name: string,
  query: Record<string, string>,
  content: BodyInit | Blob,
  filename?: string,
  url = host.url
) {
  const form = new FormData();
  if (filename === undefined) form.append('file', content as string);
  else form.append('file', new Blob([content as BlobPart]), filename);
  return post(url, name, query, form);
}

/** A body sent chunked (no content-length), so only the plugin can count its bytes. */
function chunked(bytes: number, row = 'x,y\n') {
  const chunk = Buffer.from(row.repeat(Math.ceil(65536 / row.length)));
  let sent = 0;
  let header = false;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (!header) {
        header = true;
        controller.enqueue(Buffer.from('a,b\n'));
        return;
      }
      if (sent >= bytes) {
        controller.close();
        return;
      }
      controller.enqueue(chunk);
      sent += chunk.length;
    },
  });
}

const lookupInfo = (name: string) =>
  callApi<{
    slices?: Array<{ id: string; state?: string; current: boolean; rows: number }>;
    message?: string;
  }>(host.url, 'GET', apiPaths.lookup(name), { caller: users.writer });

beforeAll(async () => {
  const config = join(tmpdir(), `lookups-import-small-${process.pid}.json`);
  writeFileSync(config, JSON.stringify({ plugins: { lookups: { max_import_bytes: SMALL_MAX } } }));
  [host, small] = await Promise.all([
    startTestHost(),
    startTestHost({ LOOKUPS_HOST_CONFIG: config }),
  ]);
});
afterAll(async () => {
  await Promise.all([host?.stop(), small?.stop()]);
  await names.drop(admin);
});

describe('bad input always gets a 400 naming the problem, raw or multipart', () => {
  const cases: Array<[string, Record<string, string>, string | Buffer, RegExp, number]> = [
    ['a short row', { format: 'csv' }, 'k,v\n1\n', /^line 2: expected 2 fields but found 1/, 2],
    [
      'an empty header',
      { format: 'csv' },
      ',v\n1,2\n',
      /^line 1: column 1 of the header: a field name is empty/,
      1,
    ],
    [
      'a duplicate header',
      { format: 'csv' },
      'k,k\n1,2\n',
      /^line 1: the header names the column "k" twice/,
      1,
    ],
    [
      'bad UTF-8',
      { format: 'csv' },
      Buffer.from([0x6b, 0x0a, 0x31, 0x0a, 0xff, 0x0a]),
      /^line 3: the text is not valid UTF-8/,
      3,
    ],
    ['a bad NDJSON line', { format: 'ndjson' }, '{"a":1}\n{"a":\n', /^line 2: not valid JSON/, 2],
    [
      'a reserved column',
      { format: 'csv' },
      'k,_id\n1,2\n',
      /^line 1: column 2 of the header: the field name "_id" is reserved/,
      1,
    ],
    [
      'a __lookup column',
      { format: 'csv' },
      '__lookup\n1\n',
      /^line 1: column 1 of the header: the field name "__lookup" is reserved/,
      1,
    ],
    [
      'a _source NDJSON key',
      { format: 'ndjson' },
      '{"a":1,"_source":2}\n',
      /^line 1: the field name "_source" is reserved/,
      1,
    ],
    ...[3_000, 5_000, 100_000].flatMap(
      (depth): Array<[string, Record<string, string>, string, RegExp, number]> =>
        ['1', '9007199254740993'].map((leaf) => [
          `an NDJSON line nested ${depth} deep (leaf ${leaf})`,
          { format: 'ndjson' },
          `{"a":1}\n{"geo":${'{"p":'.repeat(depth - 2)}${leaf}${'}'.repeat(depth - 1)}\n`,
          /^line 2: the value of "geo" nests arrays or objects deeper than 64 levels \(at p\.p\.p\.p\.p\.p…\), which a lookup cannot hold\. Flatten it/,
          2,
        ])
    ),
    [
      'a column of dots',
      { format: 'csv' },
      'a,..\n1,2\n',
      /^line 1: column 2 of the header: .*dot/,
      1,
    ],
  ];

  it.each(cases)('%s', async (_label, query, content, message, line) => {
    const name = names.lookup('bad_input');
    for (const send of [
      () => raw(name, query, content),
      () => multipart(name, query, new Blob([content]), 'upload.dat'),
    ]) {
      const res = await send();
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(message);
      expect(res.body.message).toMatch(/Nothing was imported; fix the file and import it again\.$/);
      expect(res.body.attributes).toEqual({ line });
    }
    expect(await indexExists(admin, `${name}__lookup`)).toBe(false);
  });

  it('answers every one of 30 bad raw bodies in a row', async () => {
    const name = names.lookup('bad_30');
    for (let i = 0; i < 30; i++) {
      const [, query, content] = cases[i % 5];
      expect((await raw(name, query, content)).status).toBe(400);
    }
  });
});

describe('a file over max_import_bytes is a 413 with nothing written', () => {
  it.each<[string, () => Promise<Answer>]>([
    [
      'a chunked raw body',
      () =>
        post(
          small.url,
          over,
          { format: 'csv' },
          chunked(SMALL_MAX * 4),
          { 'content-type': 'text/csv' },
          { duplex: 'half' } as RequestInit
        ),
    ],
    [
      'a raw body with its length',
      () => raw(over, { format: 'csv' }, `a,b\n${'x,y\n'.repeat(SMALL_MAX)}`, small.url),
    ],
    [
      'a multipart file',
      () => multipart(over, {}, `a,b\n${'x,y\n'.repeat(SMALL_MAX)}`, 'big.csv', small.url),
    ],
  ])('%s', async (_label, send) => {
    const res = await send();
    expect(res.status).toBe(413);
    expect(await indexExists(admin, `${over}__lookup`)).toBe(false);
    expect((await lookupInfo(over)).status).toBe(404);
  });

  it('into an existing lookup: no new slice, no alias change', async () => {
    const name = names.lookup('over_existing');
    const first = await raw(name, { format: 'csv' }, 'a,b\n1,2\n', small.url);
    expect(first.status).toBe(200);
    const alias = await aliasFilterOf(admin, name);
    const slices = await slicesIn(admin, `${name}__lookup`);
    const res = await post(
      small.url,
      name,
      { format: 'csv' },
      chunked(SMALL_MAX * 4),
      { 'content-type': 'text/csv' },
      { duplex: 'half' } as RequestInit
    );
    expect(res.status).toBe(413);
    expect(res.body.message).toMatch(/max_import_bytes/);
    expect(await aliasFilterOf(admin, name)).toEqual(alias);
    expect(await slicesIn(admin, `${name}__lookup`)).toEqual(slices);
  });
});

describe('a failed import tells the truth about what it left', () => {
  const big = (last: string) =>
    ['id,v', ...Array.from({ length: 12_000 }, (_, i) => `${i},v`), last].join('\n');

  it('a bad line at row 12,002 writes nothing: no slice, and the lookup unchanged', async () => {
    const name = names.lookup('late_bad_line');
    expect((await raw(name, { format: 'csv' }, 'id,v\n0,keep\n')).status).toBe(200);
    const alias = await aliasFilterOf(admin, name);
    const slices = await slicesIn(admin, `${name}__lookup`);
    const res = await multipart(name, {}, big('oops'), 'big.csv');
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(
      /^line 12002: expected 2 fields but found 1\. Nothing was imported/
    );
    expect(await aliasFilterOf(admin, name)).toEqual(alias);
    expect(await slicesIn(admin, `${name}__lookup`)).toEqual(slices);
  });

  it('a write that fails part way keeps a failed version, and says nothing was published', async () => {
    const name = names.lookup('late_refused');
    // `n` is mapped long by the first write; row 12,001 of the import is not a number.
    expect((await raw(name, { format: 'csv' }, 'id,n\n0,1\n')).status).toBe(200);
    const alias = await aliasFilterOf(admin, name);
    const lines = [
      ...Array.from({ length: 12_000 }, (_, i) => `{"id":${i},"n":${i}}`),
      '{"n":"abc"}',
    ];
    const res = await multipart(name, {}, lines.join('\n'), 'n.ndjson');
    // A value the field's type refuses: 400 from OpenSearch's bulk answer, or 409 when the
    // writer checks the batch against the mapping first.
    expect([400, 409]).toContain(res.status);
    expect(res.body.message).toMatch(/"n"/);
    expect(res.body.message).toMatch(/long/);
    expect(res.body.message).toMatch(/Nothing was published: .* still shows its previous rows/);
    expect(res.body.message).toMatch(/kept as a failed version/);
    expect(res.body.message).not.toMatch(/Nothing was imported/);
    expect(await aliasFilterOf(admin, name)).toEqual(alias);
    expect(await readRowsSorted(admin, name, 'id')).toEqual([{ id: 0, n: 1 }]);
    // The partial rows show once the index refreshes (a failed write does not refresh it).
    await admin.indices.refresh({ index: `${name}__lookup` });
    const info = await lookupInfo(name);
    expect(info.status).toBe(200);
    const partial = info.body.slices?.filter((s) => !s.current) ?? [];
    expect(partial).toHaveLength(1);
    expect(partial[0]).toMatchObject({ state: 'failed' });
    expect(partial[0].rows).toBeGreaterThan(0);
  });

  it('a first import that fails part way leaves no index and nothing in the catalog', async () => {
    const name = names.lookup('first_refused');
    const rows = Array.from({ length: 12_000 }, (_, i) => `{"a":${i}}`);
    const res = await multipart(name, {}, [...rows, '{"a":{"b":1}}'].join('\n'), 'x.ndjson');
    expect([400, 409]).toContain(res.status);
    expect(res.body.message).toMatch(/row 12001/i);
    expect(res.body.message).toMatch(/Nothing was imported: the lookup .* was not created\./);
    expect(await indexExists(admin, `${name}__lookup`)).toBe(false);
    expect((await lookupInfo(name)).status).toBe(404);
    const { body: catalog } = await callApi<{ lookups: Array<{ name: string }> }>(
      host.url,
      'GET',
      apiPaths.list(),
      { caller: users.writer }
    );
    expect(catalog.lookups.map((l) => l.name)).not.toContain(name);
  });
});

describe('field names', () => {
  it('drops a byte order mark from a multipart part without a file name', async () => {
    const name = names.lookup('bom_part');
    const res = await multipart(name, { format: 'csv' }, '\uFEFFhost,n\nweb,1\n');
    expect(res.status).toBe(200);
    expect(await readRowsSorted(admin, name, 'host')).toEqual([{ host: 'web', n: 1 }]);
  });
});
