/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * A lookup holds what was written and reads back so: the current version's columns only, long
 * integers digit for digit, dates in UTC whatever the server's time zone. The host runs under
 * TZ=America/New_York, so a reading that leaned on the process's zone would show it.
 */
import { createHash } from 'crypto';
import { parse as parseCsv } from 'csv-parse/sync';
import { parse as parseLossless } from 'lossless-json';
import { apiPaths } from '../../common/api/paths';
import { basicAuthorization } from '../../host/src/auth/session';
import { callApi, Caller } from '../support/api';
import { adminClient, TestNames } from '../support/cluster';
import { startTestHost, TestHost } from '../support/host';
import { users } from '../support/users';

const admin = adminClient();
let host: TestHost;
const names = new TestNames();

const authorization = (caller: Caller) =>
  basicAuthorization(caller.username ?? '', caller.password ?? '');

/** A request with a raw JSON text body; the answer as text, so no digit is lost in parsing. */
async function rawCall(method: string, path: string, body?: string, caller = users.writer) {
  const res = await fetch(`${host.url}${path}`, {
    method,
    headers: {
      authorization: authorization(caller),
      'osd-xsrf': 'true',
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body,
  });
  return { status: res.status, text: await res.text() };
}

async function write(name: string, body: Record<string, unknown>) {
  const res = await callApi(host.url, 'POST', apiPaths.write(name), {
    caller: users.writer,
    body,
  });
  if (res.status !== 200) throw new Error(`write failed: ${JSON.stringify(res.body)}`);
  return res.body;
}

const query = (text: string) =>
  callApi<{ schema: Array<{ name: string; type: string }>; datarows: unknown[][] }>(
    host.url,
    'POST',
    apiPaths.query(),
    { caller: users.writer, body: { query: text } }
  );

async function importFile(name: string, content: string, filename: string, query = '') {
  const form = new FormData();
  form.append('file', new Blob([content], { type: 'application/octet-stream' }), filename);
  const res = await fetch(`${host.url}${apiPaths.import(name)}${query}`, {
    method: 'POST',
    headers: { 'osd-xsrf': 'true', authorization: authorization(users.writer) },
    body: form,
  });
  return { status: res.status, text: await res.text() };
}

/** JSON text with every number kept as the digits it was written with (and only numbers). */
const digitsOf = (text: string) =>
  parseLossless(text, null, (digits: string) => ({ number: digits })) as Record<string, unknown>;

async function exportText(name: string, format: 'csv' | 'ndjson') {
  const res = await fetch(`${host.url}${apiPaths.export(name)}?format=${format}`, {
    headers: { authorization: authorization(users.writer) },
  });
  return { status: res.status, text: await res.text() };
}

const indexExistsAsAdmin = async (index: string) =>
  (await admin.indices.exists({ index })).body === true;

beforeAll(async () => {
  host = await startTestHost({ TZ: 'America/New_York' });
});
afterAll(async () => {
  await host?.stop();
  await names.drop(admin);
});

describe("the current version's columns", () => {
  it('after an overwrite with fewer columns, source=, lookup, _rows and CSV show only the new ones', async () => {
    const name = names.lookup('fewer');
    await write(name, {
      rows: [
        { host: 'a', region: 'x', n: 1 },
        { host: 'b', region: 'y', n: 2 },
      ],
    });
    await write(name, { rows: [{ host: 'c', n: 3 }] });

    const ppl = await query(`source=${name}`);
    expect(ppl.status).toBe(200);
    expect(ppl.body.schema.map((c) => c.name)).toEqual(['host', 'n']);
    expect(ppl.body.datarows).toEqual([['c', 3]]);

    // `lookup` without an output list brings every column of the lookup but the key.
    const joined = await query(
      `makeresults count=1 | eval host = 'c' | fields host | lookup ${name} host`
    );
    expect(joined.status).toBe(200);
    expect(joined.body.schema.map((c) => c.name)).toEqual(['host', 'n']);
    expect(joined.body.datarows).toEqual([['c', 3]]);

    const rows = await callApi<{ schema: Array<{ name: string }>; datarows: unknown[][] }>(
      host.url,
      'GET',
      apiPaths.rows(name),
      { caller: users.writer }
    );
    expect(rows.status).toBe(200);
    expect(rows.body.schema.map((c) => c.name)).toEqual(['host', 'n']);
    expect(rows.body.datarows).toEqual([['c', 3]]);

    const csv = await exportText(name, 'csv');
    expect(csv.status).toBe(200);
    expect(parseCsv(csv.text)).toEqual([
      ['host', 'n'],
      ['c', '3'],
    ]);
  });
});

describe('long integers beyond 2^53', () => {
  const LONGS = ['9007199254740993', '9223372036854775807'];
  const num = (digits: string) => ({ number: digits });

  /** substrate.md's keyed id of one long key: SHA-256 over its token and the slice's, base64url. */
  function keyedId(digits: string, slice: string): string {
    const token = (tag: string, text: string) => {
      const body = Buffer.from(text, 'utf8');
      const length = Buffer.alloc(4);
      length.writeUInt32BE(body.length);
      return Buffer.concat([Buffer.from(`V${tag}`), length, body]);
    };
    return createHash('sha256')
      .update(Buffer.concat([token('i', digits), token('s', slice)]))
      .digest('base64url');
  }

  it('survive write, _rows, source=, export and import byte-exact, with the keyed ids of the encoder', async () => {
    const name = names.lookup('longs');
    const written = await rawCall(
      'POST',
      `${apiPaths.write(name)}`,
      `{"schema":[{"name":"id","type":"bigint"},{"name":"label","type":"string"}],` +
        `"datarows":[[${LONGS[0]},"a"],[${LONGS[1]},"b"]],"key_field":["id"]}`
    );
    expect(written.status).toBe(200);
    const slice = String((JSON.parse(written.text) as { slice: string }).slice);

    // The documents' ids, as OpenSearch holds them.
    const { body: docs } = await admin.search({
      index: name,
      body: { size: 10, query: { match_all: {} }, _source: false },
    });
    const ids = (docs.hits.hits as Array<{ _id: string }>).map((h) => h._id).sort();
    expect(ids).toEqual(LONGS.map((digits) => keyedId(digits, slice)).sort());

    const rows = await rawCall('GET', `${apiPaths.rows(name)}?sort=id`);
    expect(rows.status).toBe(200);
    expect(digitsOf(rows.text).datarows).toEqual([
      [num(LONGS[0]), 'a'],
      [num(LONGS[1]), 'b'],
    ]);

    const ppl = await rawCall(
      'POST',
      apiPaths.query(),
      JSON.stringify({ query: `source=${name} | sort label | fields id, label` })
    );
    expect(ppl.status).toBe(200);
    expect(digitsOf(ppl.text).datarows).toEqual([
      [num(LONGS[0]), 'a'],
      [num(LONGS[1]), 'b'],
    ]);

    // A filter on the long matches that value only, and answers its digits.
    const searched = await rawCall(
      'POST',
      apiPaths.search(name),
      `{"mode":"all","query":{"match_all":{}},"filter":[{"term":{"id":${LONGS[0]}}}]}`
    );
    expect(searched.status).toBe(200);
    expect((digitsOf(searched.text).hits as Array<{ row: unknown }>).map((h) => h.row)).toEqual([
      { id: num(LONGS[0]), label: 'a' },
    ]);

    const ndjson = await exportText(name, 'ndjson');
    expect(ndjson.text.split('\n').filter(Boolean).sort()).toEqual([
      `{"id":${LONGS[0]},"label":"a"}`,
      `{"id":${LONGS[1]},"label":"b"}`,
    ]);
    const csv = await exportText(name, 'csv');
    expect(csv.text.split('\r\n').filter(Boolean).sort()).toEqual(
      ['id,label', `${LONGS[0]},a`, `${LONGS[1]},b`].sort()
    );

    // Both exports imported again read back exactly, as numbers, with the same keyed ids.
    for (const [format, text] of [
      ['ndjson', ndjson.text],
      ['csv', csv.text],
    ] as const) {
      const copy = names.lookup(`longs_${format}`);
      const imported = await importFile(copy, text, `longs.${format}`, '?key_field=id');
      expect(imported.status).toBe(200);
      const copySlice = String((JSON.parse(imported.text) as { slice: string }).slice);
      const again = await exportText(copy, 'ndjson');
      expect(again.text.split('\n').filter(Boolean).sort()).toEqual(
        ndjson.text.split('\n').filter(Boolean).sort()
      );
      const { body: copied } = await admin.search({
        index: copy,
        body: { size: 10, query: { match_all: {} }, _source: false },
      });
      expect((copied.hits.hits as Array<{ _id: string }>).map((h) => h._id).sort()).toEqual(
        LONGS.map((digits) => keyedId(digits, copySlice)).sort()
      );
    }
  });

  it('a {rows} write maps such a column as long, and a key lookup by it matches exactly', async () => {
    const name = names.lookup('long_rows');
    const written = await rawCall(
      'POST',
      apiPaths.write(name),
      `{"rows":[{"k":${LONGS[0]},"v":"odd"},{"k":9007199254740992,"v":"even"}]}`
    );
    expect(written.status).toBe(200);
    const { body: mapping } = await admin.indices.getMapping({ index: `${name}__lookup` });
    expect(
      (mapping as Record<string, { mappings: { properties: Record<string, { type: string }> } }>)[
        `${name}__lookup`
      ].mappings.properties.k.type
    ).toBe('long');
    const ppl = await rawCall(
      'POST',
      apiPaths.query(),
      JSON.stringify({ query: `source=${name} | where k = ${LONGS[0]} | fields v` })
    );
    expect(ppl.status).toBe(200);
    expect(digitsOf(ppl.text).datarows).toEqual([['odd']]);
  });

  it('a _write body parsed losslessly is refused as hapi refuses it: bad JSON and __proto__ keys', async () => {
    const name = names.lookup('long_bad');
    const truncated = await rawCall('POST', apiPaths.write(name), `{"rows":[{"k":${LONGS[0]}}`);
    expect(truncated.status).toBe(400);
    expect(truncated.text).toContain('Invalid request payload JSON format');
    const poisoned = await rawCall(
      'POST',
      apiPaths.write(name),
      '{"rows":[{"__proto__":{"x":1}}]}'
    );
    expect(poisoned.status).toBe(400);
    expect(await indexExistsAsAdmin(`${name}__lookup`)).toBe(false);
  });

  it('a long beyond 64 bits into a long column is a 400 naming the field', async () => {
    const name = names.lookup('long_wide');
    const res = await rawCall(
      'POST',
      apiPaths.write(name),
      '{"schema":[{"name":"k","type":"bigint"}],"datarows":[[92233720368547758070]]}'
    );
    expect(res.status).toBe(400);
    expect(res.text).toContain('"k"');
    expect(res.text).toContain('92233720368547758070');
  });
});

describe('dates in UTC, whatever the server time zone (the host runs in America/New_York)', () => {
  const NOON = '2024-01-01 12:00:00';

  it('a source date reads the same whatever its mapping format: ISO, epoch seconds, epoch millis, text', async () => {
    const index = names.lookup('dates_src');
    await admin.indices.create({
      index,
      body: {
        mappings: {
          properties: {
            iso: { type: 'date' },
            zoneless: { type: 'date' },
            seconds: { type: 'date', format: 'epoch_second' },
            millis: { type: 'date', format: 'epoch_millis' },
            spaced: { type: 'date', format: 'yyyy-MM-dd HH:mm:ss' },
            offset: { type: 'date' },
            fraction: { type: 'date' },
          },
        },
      },
    });
    // Each is 2024-01-01 12:00:00 UTC (1704110400 s), written the way its format wants.
    await admin.index({
      index,
      refresh: true,
      body: {
        iso: '2024-01-01T12:00:00Z',
        zoneless: '2024-01-01T12:00:00',
        seconds: 1704110400,
        millis: '1704110400000',
        spaced: NOON,
        offset: '2024-01-01T07:00:00-05:00',
        fraction: '2024-01-01T12:00:00.250Z',
      },
    });
    const res = await query(
      `source=${index} | fields iso, zoneless, seconds, millis, spaced, offset, fraction`
    );
    expect(res.status).toBe(200);
    expect(res.body.schema.map((c) => c.type)).toEqual(Array(7).fill('timestamp'));
    expect(res.body.datarows).toEqual([[NOON, NOON, NOON, NOON, NOON, NOON, `${NOON}.25`]]);

    // Grouped by a date: the group key (epoch millis from OpenSearch) in UTC too.
    const grouped = await query(`source=${index} | stats count() as n by seconds`);
    expect(grouped.status).toBe(200);
    expect(grouped.body.datarows).toEqual([[1, NOON]]);
  });

  /** Rows of a `{schema, datarows}` answer as objects, so column order does not matter. */
  const byName = (body: { schema: Array<{ name: string }>; datarows: unknown[][] }) =>
    body.datarows.map((row) => Object.fromEntries(body.schema.map((c, i) => [c.name, row[i]])));

  it('_rows, both exports and lookup show dates as source= does: formatted, in UTC', async () => {
    const name = names.lookup('dates_all');
    // The same instants written three ways: with an offset, in UTC with a fraction, epoch millis.
    const imported = await importFile(
      name,
      'k,at\na,2024-01-01T07:00:00-05:00\nb,2024-07-01T23:30:00.250Z\n',
      'dates.csv'
    );
    expect(imported.status).toBe(200);
    await write(`${name}`, {
      append: true,
      schema: [
        { name: 'k', type: 'string' },
        { name: 'at', type: 'timestamp' },
      ],
      datarows: [['c', Date.UTC(2024, 0, 1, 12)]],
    });
    const expected = [
      { k: 'a', at: NOON },
      { k: 'b', at: '2024-07-01 23:30:00.25' },
      { k: 'c', at: NOON },
    ];

    const ppl = await query(`source=${name} | sort k | fields k, at`);
    expect(ppl.status).toBe(200);
    expect(byName(ppl.body)).toEqual(expected);

    const rows = await callApi<{ schema: Array<{ name: string }>; datarows: unknown[][] }>(
      host.url,
      'GET',
      apiPaths.rows(name),
      { caller: users.writer }
    );
    expect(rows.status).toBe(200);
    expect(byName(rows.body).sort((x, y) => String(x.k).localeCompare(String(y.k)))).toEqual(
      expected
    );

    const csv = await exportText(name, 'csv');
    expect(csv.status).toBe(200);
    const [header, ...lines] = parseCsv(csv.text) as string[][];
    const csvRows = lines.map((l) => Object.fromEntries(header.map((h, i) => [h, l[i]])));
    expect(csvRows.sort((x, y) => x.k.localeCompare(y.k))).toEqual(expected);

    const ndjson = await exportText(name, 'ndjson');
    expect(ndjson.status).toBe(200);
    const docs = ndjson.text
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { k: string });
    expect(docs.sort((x, y) => x.k.localeCompare(y.k))).toEqual(expected);

    const joined = await query(`makeresults count=1 | eval k = 'b' | fields k | lookup ${name} k`);
    expect(joined.status).toBe(200);
    expect(byName(joined.body)).toEqual([expected[1]]);

    // The CSV export imports again as the same dates.
    const copy = names.lookup('dates_copy');
    expect((await importFile(copy, csv.text, 'copy.csv')).status).toBe(200);
    const copied = await query(`source=${copy} | sort k | fields k, at`);
    expect(copied.body.schema.find((c) => c.name === 'at')?.type).toBe('timestamp');
    expect(byName(copied.body)).toEqual(expected);
  });

  it('a timestamp column written to a lookup reads back as written', async () => {
    const name = names.lookup('dates_lk');
    await write(name, {
      schema: [
        { name: 'at', type: 'timestamp' },
        { name: 'k', type: 'string' },
      ],
      datarows: [
        [NOON, 'a'],
        ['2024-07-01 23:30:00', 'b'],
      ],
    });
    const res = await query(`source=${name} | sort k | fields at`);
    expect(res.status).toBe(200);
    expect(res.body.datarows).toEqual([[NOON], ['2024-07-01 23:30:00']]);
  });
});
