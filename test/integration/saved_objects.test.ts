/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * The host's saved objects HTTP API against the real cluster, as strict as OSD's
 * (src/core/server/saved_objects/routes/*.ts and service/lib/repository.ts): OSD's route
 * schemas refuse unknown parameters and body keys, OSD's strict index mappings refuse unknown
 * attributes, a missing object is OSD's 404, an existing id OSD's 409, and `version` makes an
 * update conditional. Saved objects are shared by every signed-in user (OSD without tenants).
 */
import { callApi, type Caller } from '../support/api';
import { adminClient, dropIndices, uniqueName } from '../support/cluster';
import { startTestHost, type TestHost } from '../support/host';
import { users } from '../support/users';

const API = '/api/saved_objects';
const index = uniqueName('.kibana_lookups_so');
let host: TestHost;

interface SavedObjectAnswer {
  id: string;
  type: string;
  version?: string;
  updated_at?: string;
  namespaces?: string[];
  attributes: Record<string, unknown>;
  references?: unknown[];
  error?: { statusCode: number; error: string; message: string };
}
interface ErrorAnswer {
  statusCode: number;
  error: string;
  message: string;
}

const call = <T = SavedObjectAnswer>(
  method: string,
  path: string,
  options: {
    body?: unknown;
    query?: Record<string, string | number | boolean>;
    caller?: Caller;
    xsrf?: boolean;
  } = {}
) => callApi<T>(host.url, method, `${API}${path}`, { caller: users.writer, ...options });

const query = (title: string, text = 'source=web_logs | stats count() by status') => ({
  title,
  description: `${title}, described`,
  query: { query: text, language: 'PPL' },
});

beforeAll(async () => {
  host = await startTestHost({ LOOKUPS_SAVED_OBJECTS_INDEX: index });
});
afterAll(async () => {
  await host?.stop();
  await dropIndices(adminClient(), index);
});

describe('create', () => {
  it('makes a query with a new id, its version and updated_at, in the default namespace', async () => {
    const res = await call('POST', '/query', { body: { attributes: query('Errors') } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      type: 'query',
      namespaces: ['default'],
      updated_at: expect.any(String),
      version: expect.any(String),
      attributes: query('Errors'),
      references: [],
    });
    expect(Date.parse(res.body.updated_at!)).toBeGreaterThan(Date.now() - 60_000);
    // Written with OSD's own identity into the OSD index, as `<type>:<id>`.
    const stored = await adminClient().get({ index, id: `query:${res.body.id}` });
    expect((stored.body._source as Record<string, unknown>).query).toEqual(query('Errors'));
  });

  it('answers 409 for an id that exists, and replaces it with overwrite=true', async () => {
    const first = await call('POST', '/query/fixed-id', { body: { attributes: query('One') } });
    expect(first.status).toBe(200);
    const again = await call<ErrorAnswer>('POST', '/query/fixed-id', {
      body: { attributes: query('Two') },
    });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ statusCode: 409, error: 'Conflict' });
    expect(again.body.message).toContain(
      '[query:fixed-id]: version conflict, document already exists'
    );
    const replaced = await call('POST', '/query/fixed-id', {
      body: { attributes: query('Two') },
      query: { overwrite: true },
    });
    expect(replaced.status).toBe(200);
    expect((await call('GET', '/query/fixed-id')).body.attributes.title).toBe('Two');
  });

  it.each([
    [
      'an attribute the type does not map',
      { ...query('x'), owner: 'me' },
      /dynamic introduction of \[owner\] within \[query\] is not allowed/,
    ],
    [
      'a key inside query',
      { title: 'x', query: { query: 'q', language: 'PPL', mode: 1 } },
      /dynamic introduction of \[mode\] within \[query.query\]/,
    ],
  ])(
    'refuses %s, as OSD’s strict mappings do, and stores nothing',
    async (_what, attributes, message) => {
      const res = await call<ErrorAnswer>('POST', '/query/strict-attr', { body: { attributes } });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('Bad Request');
      expect(res.body.message).toMatch(message);
      expect((await call('GET', '/query/strict-attr')).status).toBe(404);
    }
  );

  it.each([
    [
      'a body key the route does not know',
      { attributes: query('x'), owner: 'me' },
      {},
      '[request body.owner]: definition for this key is missing',
    ],
    [
      'no attributes',
      { references: [] },
      {},
      '[request body.attributes]: expected value of type [object] but got [undefined]',
    ],
    [
      'attributes that are no object',
      { attributes: [1] },
      {},
      '[request body.attributes]: expected value of type [object] but got [Array]',
    ],
    [
      'a reference without an id',
      { attributes: query('x'), references: [{ name: 'n', type: 't' }] },
      {},
      '[request body.references.0.id]: expected value of type [string] but got [undefined]',
    ],
    [
      'an unknown query parameter',
      { attributes: query('x') },
      { replace: true },
      '[request query.replace]: definition for this key is missing',
    ],
    [
      'overwrite that is no boolean',
      { attributes: query('x') },
      { overwrite: 'yes' },
      '[request query.overwrite]: expected value of type [boolean] but got [string]',
    ],
    [
      'initialNamespaces on a single-namespace type',
      { attributes: query('x'), initialNamespaces: ['a'] },
      {},
      '"options.initialNamespaces" can only be used on multi-namespace types: Bad Request',
    ],
  ])('refuses %s with OSD’s message', async (_what, body, params, message) => {
    const res = await call<ErrorAnswer>('POST', '/query', { body, query: params });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ statusCode: 400, error: 'Bad Request', message });
  });

  it('refuses a type the host does not keep, and a write without osd-xsrf', async () => {
    const other = await call<ErrorAnswer>('POST', '/visualization', {
      body: { attributes: { title: 'v' } },
    });
    expect(other.body).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: "Unsupported saved object type: 'visualization': Bad Request",
    });
    const noXsrf = await call<ErrorAnswer>('POST', '/query', {
      body: { attributes: query('x') },
      xsrf: false,
    });
    expect(noXsrf.status).toBe(400);
    expect(noXsrf.body.message).toBe('Request must contain a osd-xsrf header.');
  });
});

describe('get, update and delete', () => {
  it('answers OSD’s 404 for a missing object and for a type the host does not keep', async () => {
    for (const path of ['/query/no-such-id', '/visualization/v1']) {
      const res = await call<ErrorAnswer>('GET', path);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({
        statusCode: 404,
        error: 'Not Found',
        message: `Saved object [${path.slice(1)}] not found`,
      });
    }
  });

  it('updates conditionally on the version read: a stale one is a 409, a bad one a 400', async () => {
    const made = await call('POST', '/query', { body: { attributes: query('Versioned') } });
    const renamed = await call('PUT', `/query/${made.body.id}`, {
      body: { attributes: { title: 'Renamed' }, version: made.body.version },
    });
    expect(renamed.status).toBe(200);
    // OSD answers the attributes sent; the stored object keeps the others (a partial update).
    expect(renamed.body).toMatchObject({ id: made.body.id, attributes: { title: 'Renamed' } });
    expect(renamed.body.version).not.toBe(made.body.version);
    expect(renamed.body.updated_at! >= made.body.updated_at!).toBe(true);
    const read = await call('GET', `/query/${made.body.id}`);
    expect(read.body.attributes).toEqual({ ...query('Versioned'), title: 'Renamed' });

    const stale = await call<ErrorAnswer>('PUT', `/query/${made.body.id}`, {
      body: { attributes: { title: 'Lost update' }, version: made.body.version },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.error).toBe('Conflict');
    const bad = await call<ErrorAnswer>('PUT', `/query/${made.body.id}`, {
      body: { attributes: { title: 'x' }, version: 'not-a-version' },
    });
    expect(bad.body).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: 'Invalid version [not-a-version]',
    });
    const unknownKey = await call<ErrorAnswer>('PUT', `/query/${made.body.id}`, {
      body: { attributes: { title: 'x' }, migrationVersion: {} },
    });
    expect(unknownKey.body.message).toBe(
      '[request body.migrationVersion]: definition for this key is missing'
    );
    expect((await call('GET', `/query/${made.body.id}`)).body.attributes.title).toBe('Renamed');
  });

  it('answers 404 for an update or a delete of a missing object, and {} for a delete', async () => {
    const missing = await call<ErrorAnswer>('PUT', '/query/never-made', {
      body: { attributes: { title: 'x' } },
    });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Saved object [query/never-made] not found');
    const made = await call('POST', '/query', { body: { attributes: query('Short-lived') } });
    const deleted = await call('DELETE', `/query/${made.body.id}`);
    expect(deleted).toEqual({ status: 200, body: {} });
    const again = await call<ErrorAnswer>('DELETE', `/query/${made.body.id}`);
    expect(again.status).toBe(404);
    const badForce = await call<ErrorAnswer>('DELETE', `/query/${made.body.id}`, {
      query: { force: 'perhaps' },
    });
    expect(badForce.body.message).toBe(
      '[request query.force]: expected value of type [boolean] but got [string]'
    );
  });
});

describe('find and bulk get', () => {
  const titles = ['Alpha outage', 'Beta latency', 'Gamma outage'];
  const ids: string[] = [];
  beforeAll(async () => {
    for (const title of titles) {
      ids.push((await call('POST', '/query', { body: { attributes: query(title) } })).body.id);
    }
    // A DQL query, as Discover saves one: not PPL.
    await call('POST', '/query/dql-one', {
      body: {
        attributes: { title: 'Delta DQL', query: { query: 'status:500', language: 'kuery' } },
      },
    });
  });

  it('searches titles, filters on the language, sorts and pages as OSD', async () => {
    const found = await call<{
      total: number;
      page: number;
      per_page: number;
      saved_objects: SavedObjectAnswer[];
    }>('GET', '/_find', {
      query: {
        type: 'query',
        search: 'outage',
        search_fields: 'title',
        filter: 'query.attributes.query.language: PPL',
        per_page: 1,
        page: 2,
      },
    });
    expect(found.status).toBe(200);
    expect(found.body).toMatchObject({ total: 2, page: 2, per_page: 1 });
    expect(found.body.saved_objects).toHaveLength(1);
    expect(titles).toContain(found.body.saved_objects[0].attributes.title);

    const ppl = await call<{ saved_objects: SavedObjectAnswer[] }>('GET', '/_find', {
      query: { type: 'query', filter: 'query.attributes.query.language:PPL', per_page: 100 },
    });
    const languages = ppl.body.saved_objects.map(
      (o) => (o.attributes.query as { language: string }).language
    );
    expect(new Set(languages)).toEqual(new Set(['PPL']));
    expect(ppl.body.saved_objects.map((o) => o.attributes.title)).not.toContain('Delta DQL');

    const sorted = await call<{ saved_objects: SavedObjectAnswer[] }>('GET', '/_find', {
      query: { type: 'query', sort_field: 'updated_at', per_page: 100 },
    });
    const times = sorted.body.saved_objects.map((o) => o.updated_at!);
    expect(times.length).toBeGreaterThan(3);
    expect(times).toEqual([...times].sort());

    const prefix = await call<{ saved_objects: SavedObjectAnswer[] }>('GET', '/_find', {
      query: { type: 'query', search: 'gam*' },
    });
    expect(prefix.body.saved_objects.map((o) => o.attributes.title)).toEqual(['Gamma outage']);
  });

  it('gives an empty page for a type it does not keep, and refuses what OSD refuses', async () => {
    const none = await call('GET', '/_find', { query: { type: 'visualization' } });
    expect(none.body).toEqual({ page: 1, per_page: 20, total: 0, saved_objects: [] });
    const refusals: Array<[Record<string, string | number>, string]> = [
      [{ type: 'query', pages: 2 }, '[request query.pages]: definition for this key is missing'],
      [
        { type: 'query', per_page: -1 },
        '[request query.per_page]: Value must be equal to or greater than [0].',
      ],
      [
        { search: 'x' },
        '[request query.type]: expected at least one defined value but got [undefined]',
      ],
      [{ type: 'query', sort_field: 'nope' }, 'Unknown sort field nope: Bad Request'],
      [
        { type: 'query', filter: 'query.attributes.owner: me' },
        "This key 'query.attributes.owner' does NOT exist in query saved object index patterns: Bad Request",
      ],
      [
        { type: 'query', filter: 'visualization.attributes.title: x' },
        'This type visualization is not allowed: Bad Request',
      ],
      [
        { type: 'query', workspaces: 'w1' },
        'workspaces is not supported by this host: Bad Request',
      ],
    ];
    for (const [params, message] of refusals) {
      const res = await call<ErrorAnswer>('GET', '/_find', { query: params });
      expect({ params, status: res.status, message: res.body.message }).toEqual({
        params,
        status: 400,
        message,
      });
    }
  });

  it('reads several objects at once, each missing one with its own error', async () => {
    const res = await call<{ saved_objects: SavedObjectAnswer[] }>('POST', '/_bulk_get', {
      body: [
        { type: 'query', id: ids[0] },
        { type: 'query', id: 'missing-one' },
        { type: 'visualization', id: 'v' },
      ],
    });
    expect(res.status).toBe(200);
    const [first, missing, other] = res.body.saved_objects;
    expect(first).toMatchObject({ id: ids[0], attributes: query(titles[0]) });
    expect(missing).toEqual({
      id: 'missing-one',
      type: 'query',
      error: {
        statusCode: 404,
        error: 'Not Found',
        message: 'Saved object [query/missing-one] not found',
      },
    });
    expect(other.error?.message).toBe(
      "Unsupported saved object type: 'visualization': Bad Request"
    );
    const bad = await call<ErrorAnswer>('POST', '/_bulk_get', { body: [{ type: 'query' }] });
    expect(bad.body.message).toBe(
      '[request body.0.id]: expected value of type [string] but got [undefined]'
    );
  });
});

describe('who may use them', () => {
  it('refuses a caller who is not signed in', async () => {
    const res = await callApi(host.url, 'GET', `${API}/_find`, { query: { type: 'query' } });
    expect(res.status).toBe(401);
  });

  it('shares every saved query with every signed-in user, as OSD without tenants', async () => {
    const made = await call('POST', '/query', { body: { attributes: query('Shared') } });
    // A user without any index rights still reads and changes it: saved objects are OSD's.
    const read = await call('GET', `/query/${made.body.id}`, { caller: users.noAccess });
    expect(read.status).toBe(200);
    const renamed = await call('PUT', `/query/${made.body.id}`, {
      caller: users.reader,
      body: { attributes: { title: 'Renamed by the reader' } },
    });
    expect(renamed.status).toBe(200);
  });
});
