/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Match rules (`PUT`/`GET /api/lookups/{name}/_match`) and PPL `lookup` applying them, on the
 * real node through the installed plugin: each rule type, mixed rules, max_matches > 1, the
 * default, refusals (bad rules, a reader), writes and edits that keep the rules, a legacy lookup
 * after migration, `_explain` and "Try a value".
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type {
  ExplainResponse,
  ListResponse,
  LookupDetail,
  QueryResponse,
} from '../../common/api/codecs';
import { apiPaths } from '../../common/api/paths';
import type { MatchBody, MatchSettings, MatchTryResponse } from '../../common/match/codecs';
import { callApi } from '../support/api';
import { adminClient, TestNames } from '../support/cluster';
import { startTestHost, TestHost } from '../support/host';
import { users } from '../support/users';

const admin = adminClient();
const names = new TestNames();
const source = `web_logs_match_${randomUUID().slice(0, 8)}`;
names.track(source);
let host: TestHost;

type Answer<T> = T & { message?: string; attributes?: Record<string, unknown> };

const write = (name: string, body: unknown, caller = users.writer) =>
  callApi<Answer<{ slice: string }>>(host.url, 'POST', apiPaths.write(name), { caller, body });
const setRules = (name: string, body: unknown, caller = users.writer) =>
  callApi<Answer<MatchSettings>>(host.url, 'PUT', apiPaths.match(name), { caller, body });
const getRules = (name: string, caller = users.reader) =>
  callApi<Answer<MatchSettings>>(host.url, 'GET', apiPaths.match(name), { caller });
const query = (text: string, caller = users.reader) =>
  callApi<Answer<QueryResponse>>(host.url, 'POST', apiPaths.query(), {
    caller,
    body: { query: text },
  });
/** The rows of a query as objects. */
async function rowsOf(text: string) {
  const res = await query(text);
  expect(res.status).toBe(200);
  return res.body.datarows.map((r) =>
    Object.fromEntries(res.body.schema.map((c, i) => [c.name, r[i]]))
  );
}

const EVENTS = [
  {
    n: 1,
    ip: '10.1.2.3',
    host: 'WWW.Example.com',
    port: 80,
    user: 'a',
    '@timestamp': '2024-04-15T10:00:00Z',
  },
  {
    n: 2,
    ip: '10.9.9.9',
    host: 'api.internal',
    port: 1023,
    user: 'a',
    '@timestamp': '2024-02-01T00:00:00Z',
  },
  {
    n: 3,
    ip: '2001:db8:aa::5',
    host: 'mail.other.org',
    port: 1024,
    user: 'b',
    '@timestamp': '2024-01-10T00:00:00Z',
  },
  {
    n: 4,
    ip: '192.168.0.1',
    host: 'x',
    port: 70000,
    user: 'c',
    '@timestamp': '2024-05-01T00:00:00Z',
  },
];

beforeAll(async () => {
  host = await startTestHost();
  await admin.indices.create({
    index: source,
    body: {
      mappings: {
        properties: {
          n: { type: 'integer' },
          ip: { type: 'ip' },
          host: { type: 'keyword' },
          port: { type: 'integer' },
          user: { type: 'keyword' },
          '@timestamp': { type: 'date' },
        },
      },
    },
  });
  await admin.bulk({
    refresh: true,
    body: EVENTS.flatMap((e) => [{ index: { _index: source } }, e]),
  });
});
afterAll(async () => {
  await host?.stop();
  await names.drop(admin);
});

describe('cidr', () => {
  const nets = names.lookup('nets');
  beforeAll(async () => {
    const written = await write(nets, {
      rows: [
        { net: '10.0.0.0/8', site: 'corp' },
        { net: '10.1.0.0/16', site: 'campus' },
        { net: '10.1.2.0/24', site: 'lab' },
        { net: '2001:db8::/32', site: 'v6' },
        { net: '2001:db8:aa::/48', site: 'v6-lab' },
      ],
    });
    expect(written.status).toBe(200);
  });

  it('gives the most specific network, over IPv4 and IPv6, and the default for no match', async () => {
    const set = await setRules(nets, {
      rules: [{ field: 'net', type: 'cidr' }],
      default: { site: 'outside' },
    });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({
      rules: [{ field: 'net', type: 'cidr' }],
      updated_by: 'lookup_writer',
    });
    expect(
      await rowsOf(
        `source=${source} | sort n | lookup ${nets} net as ip replace site | fields n, site`
      )
    ).toEqual([
      { n: 1, site: 'lab' },
      { n: 2, site: 'corp' },
      { n: 3, site: 'v6-lab' },
      { n: 4, site: 'outside' },
    ]);
  });

  it('gives one row per match, best first, up to max_matches', async () => {
    expect(
      (await setRules(nets, { rules: [{ field: 'net', type: 'cidr' }], max_matches: 2 })).status
    ).toBe(200);
    expect(
      await rowsOf(
        `source=${source} | where n = 1 | lookup ${nets} net as ip replace site | fields n, site`
      )
    ).toEqual([
      { n: 1, site: 'lab' },
      { n: 1, site: 'campus' },
    ]);
  });

  it('names the match mode in _explain, and a reader sees the rules with who set them', async () => {
    const explain = await callApi<ExplainResponse>(host.url, 'POST', apiPaths.explain(), {
      caller: users.reader,
      body: { query: `source=${source} | lookup ${nets} net as ip replace site` },
    });
    expect(explain.status).toBe(200);
    const step = explain.body.plan.find((s) => s.command.startsWith('lookup'));
    expect(step?.detail).toContain('match: net cidr; max_matches 2');
    const read = await getRules(nets);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ max_matches: 2, updated_by: 'lookup_writer' });
    expect(Date.parse(read.body.updated_at!)).toBeGreaterThan(Date.now() - 600_000);
    // The catalog names the match mode too.
    const list = await callApi<ListResponse>(host.url, 'GET', apiPaths.list(), {
      caller: users.reader,
      query: { search: nets, from: 0, size: 10 },
    });
    expect(list.body.lookups.find((l) => l.name === nets)?.match_mode).toBe('cidr');
    const detail = await callApi<LookupDetail>(host.url, 'GET', apiPaths.lookup(nets), {
      caller: users.reader,
    });
    expect(detail.body.match_mode).toBe('cidr');
  });

  it('tries a value: the rows it would match, in order', async () => {
    const tried = await callApi<MatchTryResponse>(host.url, 'POST', apiPaths.tryMatch(nets), {
      caller: users.reader,
      body: { values: { net: '10.1.2.200' } },
    });
    expect(tried.status).toBe(200);
    expect(tried.body.matches.map((r) => r.site)).toEqual(['lab', 'campus']);
    expect(tried.body.max_matches).toBe(2);
  });

  it('records each change of rules among the lookup events: who, from what, to what', async () => {
    const detail = await callApi<LookupDetail>(host.url, 'GET', apiPaths.lookup(nets), {
      caller: users.reader,
    });
    const changes = (detail.body.events ?? []).filter((e) => e.type === 'rules_changed');
    expect(changes).toHaveLength(2);
    expect(changes[0]).toMatchObject({
      by: 'lookup_writer',
      from: { rules: [{ field: 'net', type: 'cidr' }], default: { site: 'outside' } },
      to: { rules: [{ field: 'net', type: 'cidr' }], max_matches: 2 },
    });
    expect(changes[1]).toMatchObject({ from: null });
  });
});

it('wildcard: any case when the rule says, the longest literal part first', async () => {
  const patterns = names.lookup('patterns');
  expect(
    (
      await write(patterns, {
        rows: [
          { pattern: '*', team: 'any' },
          { pattern: '*.example.com', team: 'web' },
          { pattern: 'api.*', team: 'api' },
        ],
      })
    ).status
  ).toBe(200);
  expect(
    (
      await setRules(patterns, {
        rules: [{ field: 'pattern', type: 'wildcard', case_sensitive: false }],
      })
    ).status
  ).toBe(200);
  expect(
    await rowsOf(
      `source=${source} | sort n | lookup ${patterns} pattern as host replace team | fields n, team`
    )
  ).toEqual([
    { n: 1, team: 'web' },
    { n: 2, team: 'api' },
    { n: 3, team: 'any' },
    { n: 4, team: 'any' },
  ]);
});

it('range: inclusive at both ends, the narrowest first', async () => {
  const ports = names.lookup('ports');
  expect(
    (
      await write(ports, {
        schema: [
          { name: 'lo', type: 'int' },
          { name: 'hi', type: 'int' },
          { name: 'kind', type: 'string' },
        ],
        datarows: [
          [0, 1023, 'system'],
          [80, 80, 'http'],
          [1024, 49151, 'registered'],
        ],
      })
    ).status
  ).toBe(200);
  expect(
    (await setRules(ports, { rules: [{ field: 'lo', type: 'range', to: 'hi' }] })).status
  ).toBe(200);
  expect(
    await rowsOf(
      `source=${source} | sort n | lookup ${ports} lo as port replace kind | fields n, kind`
    )
  ).toEqual([
    { n: 1, kind: 'http' },
    { n: 2, kind: 'system' },
    { n: 3, kind: 'registered' },
    { n: 4, kind: null },
  ]);
});

it('time as of, with an exact key: the latest row at or before the event', async () => {
  const owners = names.lookup('owners');
  expect(
    (
      await write(owners, {
        schema: [
          { name: 'user', type: 'string' },
          { name: 'since', type: 'timestamp' },
          { name: 'team', type: 'string' },
        ],
        datarows: [
          ['a', '2024-01-01 00:00:00', 'red'],
          ['a', '2024-03-01 00:00:00', 'blue'],
          ['b', '2024-02-01 00:00:00', 'green'],
        ],
      })
    ).status
  ).toBe(200);
  expect((await setRules(owners, { rules: [{ field: 'since', type: 'time' }] })).status).toBe(200);
  expect(
    await rowsOf(`source=${source} | sort n | lookup ${owners} user replace team | fields n, team`)
  ).toEqual([
    { n: 1, team: 'blue' },
    { n: 2, team: 'red' },
    // b's row starts after the event.
    { n: 3, team: null },
    { n: 4, team: null },
  ]);
  const without = await query(
    `source=${source} | fields n, user | lookup ${owners} user replace team`
  );
  expect(without.status).toBe(400);
  expect(without.body.message).toContain('matches as of each event\'s "@timestamp"');
});

it('mixed rules: an any-case exact key and a cidr, max_matches 3 in order', async () => {
  const mixed = names.lookup('mixed');
  expect(
    (
      await write(mixed, {
        rows: [
          { who: 'A', net: '10.0.0.0/8', tag: 'a8' },
          { who: 'a', net: '10.1.0.0/16', tag: 'a16' },
          { who: 'B', net: '10.1.0.0/16', tag: 'b16' },
        ],
      })
    ).status
  ).toBe(200);
  const rules: MatchBody = {
    rules: [
      { field: 'who', type: 'exact', case_sensitive: false },
      { field: 'net', type: 'cidr' },
    ],
    max_matches: 3,
  };
  expect((await setRules(mixed, rules)).status).toBe(200);
  expect(
    await rowsOf(
      `source=${source} | where n = 1 | lookup ${mixed} who as user, net as ip replace tag | fields n, tag`
    )
  ).toEqual([
    { n: 1, tag: 'a16' },
    { n: 1, tag: 'a8' },
  ]);
});

describe('refusals and writes that keep the rules', () => {
  const kept = names.lookup('kept');
  beforeAll(async () => {
    expect(
      (
        await write(kept, {
          rows: [
            { net: '10.0.0.0/8', site: 'corp' },
            { net: 'bad', site: 'x' },
          ],
        })
      ).status
    ).toBe(200);
  });

  it('refuses rules the current version cannot hold, naming the rule and the first bad rows', async () => {
    const bad = await setRules(kept, { rules: [{ field: 'net', type: 'cidr' }] });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('row 2 holds "bad"');
    expect(bad.body.attributes).toMatchObject({
      rule: 0,
      field: 'net',
      rows: [{ row: 2, value: 'bad' }],
    });
    const unknown = await setRules(kept, { rules: [{ field: 'nope', type: 'wildcard' }] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toContain('"nope", which is not a column');
    const malformed = await setRules(kept, { rules: [{ field: 'net', type: 'regex' }] });
    expect(malformed.status).toBe(400);
    expect((await getRules(kept)).body.rules).toEqual([]);
  });

  it("refuses a reader's change with 403, and nothing changes", async () => {
    const refused = await setRules(
      kept,
      { rules: [{ field: 'site', type: 'wildcard' }] },
      users.reader
    );
    expect(refused.status).toBe(403);
    expect((await getRules(kept)).body.rules).toEqual([]);
  });

  it('keeps the rules across an overwrite, and refuses a write that drops a ruled column', async () => {
    expect((await write(kept, { rows: [{ net: '10.0.0.0/8', site: 'corp' }] })).status).toBe(200);
    expect((await setRules(kept, { rules: [{ field: 'net', type: 'cidr' }] })).status).toBe(200);
    const over = await write(kept, { rows: [{ net: '10.1.0.0/16', site: 'campus' }] });
    expect(over.status).toBe(200);
    expect((await getRules(kept)).body.rules).toEqual([{ field: 'net', type: 'cidr' }]);
    const dropped = await write(kept, {
      schema: [{ name: 'site', type: 'string' }],
      datarows: [['z']],
    });
    expect(dropped.status).toBe(409);
    expect(dropped.body.message).toContain(
      '"net" is read by the match rule rules[0] (cidr on "net")'
    );
    // Rows given as objects: refused before publishing.
    const droppedRows = await write(kept, { rows: [{ site: 'z' }] });
    expect(droppedRows.status).toBe(409);
    expect(await rowsOf(`source=${kept} | fields net, site`)).toEqual([
      { net: '10.1.0.0/16', site: 'campus' },
    ]);
  });

  it('refuses an edit that drops a ruled column (409) or writes a cell the rule cannot read (400)', async () => {
    const rows = await callApi<{ slice: string }>(host.url, 'GET', apiPaths.rows(kept), {
      caller: users.writer,
    });
    const base = rows.body.slice;
    const drop = await callApi<Answer<object>>(host.url, 'POST', apiPaths.edit(kept), {
      caller: users.writer,
      body: { base_slice: base, columns: { drop: ['net'] } },
    });
    expect(drop.status).toBe(409);
    expect(drop.body.message).toContain('this edit drops it');
    const cell = await callApi<Answer<object>>(host.url, 'POST', apiPaths.edit(kept), {
      caller: users.writer,
      body: { base_slice: base, add: [{ net: 'not-a-network', site: 'q' }] },
    });
    expect(cell.status).toBe(400);
    expect(cell.body.message).toContain('not networks');
  });
});

it('rules on a legacy lookup once it is migrated', async () => {
  const shared = names.lookup('importer_match');
  const legacy = names.lookup('legacy_match');
  await admin.indices.create({
    index: shared,
    body: {
      mappings: {
        properties: {
          __lookup: { type: 'keyword' },
          net: { type: 'keyword' },
          site: { type: 'keyword' },
        },
      },
    },
  });
  await admin.bulk({
    refresh: true,
    body: [{ index: { _index: shared } }, { net: '10.0.0.0/8', site: 'corp', __lookup: 'one' }],
  });
  await admin.indices.updateAliases({
    body: {
      actions: [{ add: { index: shared, alias: legacy, filter: { term: { __lookup: 'one' } } } }],
    },
  });
  const before = await setRules(legacy, { rules: [{ field: 'net', type: 'cidr' }] });
  expect(before.status).toBe(409);
  expect(before.body.message).toContain('migrate it first');
  expect((await getRules(legacy)).body.rules).toEqual([]);
  const migrated = await callApi(host.url, 'POST', apiPaths.migrate(legacy), {
    caller: users.writer,
  });
  expect(migrated.status).toBe(200);
  expect((await setRules(legacy, { rules: [{ field: 'net', type: 'cidr' }] })).status).toBe(200);
  expect(
    await rowsOf(
      `source=${source} | where n = 2 | lookup ${legacy} net as ip replace site | fields n, site`
    )
  ).toEqual([{ n: 2, site: 'corp' }]);
});

it('a lookup without rules matches exactly, as before', async () => {
  const plain = names.lookup('plain');
  expect((await write(plain, { rows: [{ ip: '10.9.9.9', site: 'exact' }] })).status).toBe(200);
  const list = await callApi<ListResponse>(host.url, 'GET', apiPaths.list(), {
    caller: users.reader,
    query: { search: plain, from: 0, size: 10 },
  });
  expect(list.body.lookups.find((l) => l.name === plain)?.match_mode).toBeUndefined();
  expect(
    await rowsOf(`source=${source} | sort n | lookup ${plain} ip replace site | fields n, site`)
  ).toEqual([
    { n: 1, site: null },
    { n: 2, site: 'exact' },
    { n: 3, site: null },
    { n: 4, site: null },
  ]);
});

describe('bounded by the query budget', () => {
  const MiB = 1024 * 1024;
  let small: TestHost;
  const big = names.lookup('big_nets');
  const wide = names.lookup('wide_nets');
  const padded = `web_logs_match_pad_${randomUUID().slice(0, 8)}`;
  names.track(padded);
  beforeAll(async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'lookups-match-')), 'host.json');
    writeFileSync(
      file,
      JSON.stringify({ plugins: { lookups: { query: { max_memory_bytes: MiB } } } })
    );
    small = await startTestHost({ LOOKUPS_HOST_CONFIG: file });
    // 4,000 networks of half a kilobyte each: more than the 1 MiB a query may hold.
    const rows = Array.from({ length: 4000 }, (_, i) => ({
      net: `10.${i >> 8}.${i & 255}.0/24`,
      note: 'n'.repeat(500),
    }));
    expect((await write(big, { rows })).status).toBe(200);
    expect((await setRules(big, { rules: [{ field: 'net', type: 'cidr' }] })).status).toBe(200);
    // 1,000 small networks that all hold every event, with max_matches 1000: 20,000 rows from 20
    // events, counted as copies sharing the events' values (about 1.4 MiB).
    expect(
      (
        await write(wide, {
          rows: Array.from({ length: 1000 }, (_, i) => ({ net: '0.0.0.0/0', k: i })),
        })
      ).status
    ).toBe(200);
    expect(
      (await setRules(wide, { rules: [{ field: 'net', type: 'cidr' }], max_matches: 1000 })).status
    ).toBe(200);
    await admin.indices.create({
      index: padded,
      body: {
        mappings: { properties: { ip: { type: 'ip' }, text: { type: 'keyword', index: false } } },
      },
    });
    await admin.bulk({
      refresh: true,
      body: Array.from({ length: 20 }, (_, i) => [
        { index: { _index: padded } },
        { ip: `10.0.0.${i}`, text: 't'.repeat(2000) },
      ]).flat(),
    });
  });
  afterAll(async () => {
    await small?.stop();
  });

  it('counts the lookup held for matching, and the rows its matches add, against the budget', async () => {
    const held = await callApi<Answer<object>>(small.url, 'POST', apiPaths.query(), {
      caller: users.reader,
      body: { query: `source=${source} | lookup ${big} net as ip replace note | fields n, note` },
    });
    expect(held.status).toBe(400);
    expect(held.body.message).toMatch(/^"lookup" needs more server memory than one query may hold/);
    const fanned = await callApi<Answer<object>>(small.url, 'POST', apiPaths.query(), {
      caller: users.reader,
      body: { query: `source=${padded} | lookup ${wide} net as ip replace k | stats count()` },
    });
    expect(fanned.status).toBe(400);
    expect(fanned.body.message).toMatch(/^"lookup" needs more server memory/);
    // The same queries within the default budget.
    const fine = await query(
      `source=${padded} | lookup ${wide} net as ip replace k | stats count()`
    );
    expect(fine.status).toBe(200);
    expect(fine.body.datarows).toEqual([[20 * 1000]]);
  });
});
