/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Data sources as OSD keeps them: saved objects of type `data-source` in the local cluster's
 * OSD index (`opensearchDashboards.index`, document id `data-source:<id>`), written with OSD's
 * own identity. As OSD's data source saved objects client wrapper (src/plugins/data_source/
 * server/saved_objects/data_source_saved_objects_client_wrapper.ts): the attributes are
 * checked on create (title, an http(s) endpoint, an auth type this host supports), the
 * password is encrypted before it is stored, and nothing read back for a browser carries it.
 */
import { randomUUID } from 'crypto';
import type { OpenSearchClient } from 'opensearch-dashboards/server';
import type { CredentialCipher } from './cryptography';
import { DataSourceError } from './errors';

export const DATA_SOURCE_TYPE = 'data-source';

export type DataSourceAuth =
  | { type: 'no_auth' }
  | { type: 'username_password'; credentials: { username: string; password: string } };

export interface DataSourceAttributes {
  title: string;
  description?: string;
  endpoint: string;
  auth: DataSourceAuth;
}

export interface DataSourceObject {
  id: string;
  type: typeof DATA_SOURCE_TYPE;
  attributes: DataSourceAttributes;
  updated_at?: string;
}

/**
 * What a browser may see of a data source: never its credentials. With `fields` (as `_find`
 * takes them: attribute names, `auth.type` for the auth type), those attributes only.
 */
export function publicView(object: DataSourceObject, fields?: string[]) {
  const { title, description, endpoint, auth } = object.attributes;
  const all: Record<string, unknown> = { title, description, endpoint, auth: { type: auth.type } };
  const wanted = fields?.map((f) => (f === 'auth.type' ? 'auth' : f));
  const attributes = wanted
    ? Object.fromEntries(Object.entries(all).filter(([key]) => wanted.includes(key)))
    : all;
  return { id: object.id, type: object.type, updated_at: object.updated_at, attributes };
}

export interface FindOptions {
  page: number;
  perPage: number;
  fields?: string[];
}

/** What OSD's `_find` also knows but this host does not do: refused rather than ignored. */
const FIND_UNSUPPORTED = [
  'search',
  'default_search_operator',
  'search_fields',
  'sort_field',
  'has_reference',
  'filter',
  'namespaces',
  'workspaces',
];

/** `GET /api/saved_objects/_find`'s query, checked as strictly as OSD's route schema. */
export function findOptions(query: Record<string, unknown>): FindOptions {
  for (const key of Object.keys(query)) {
    if (FIND_UNSUPPORTED.includes(key)) {
      throw new DataSourceError(`[request query.${key}]: not supported by this host`);
    }
    if (!['type', 'page', 'per_page', 'fields'].includes(key)) {
      throw new DataSourceError(`[request query.${key}]: definition for this key is missing`);
    }
  }
  const types = [query.type ?? []].flat();
  if (types.length === 0) throw new DataSourceError('[request query.type]: expected a value');
  if (types.some((type) => type !== DATA_SOURCE_TYPE)) {
    throw new DataSourceError(`this host keeps only "${DATA_SOURCE_TYPE}" saved objects`);
  }
  const count = (key: string, fallback: number, max: number) => {
    const raw = query[key];
    if (raw === undefined) return fallback;
    const n = Number(raw);
    if (typeof raw !== 'string' || !Number.isInteger(n) || n < 0 || n > max) {
      throw new DataSourceError(`[request query.${key}]: expected a whole number from 0 to ${max}`);
    }
    return n;
  };
  const fields = query.fields === undefined ? undefined : [query.fields].flat().map(String);
  return {
    page: Math.max(count('page', 1, 10_000), 1),
    perPage: count('per_page', 20, 10_000),
    fields,
  };
}

const isText = (v: unknown): v is string => typeof v === 'string' && v.trim().length > 0;

/** OSD's checks on a new data source, with its messages where it has them. */
export function checkAttributes(raw: unknown): DataSourceAttributes {
  const a = (raw ?? {}) as Record<string, unknown>;
  if (!isText(a.title)) throw new DataSourceError('"title" attribute must be a non-empty string');
  let url: URL;
  try {
    url = new URL(String(a.endpoint));
  } catch {
    throw new DataSourceError('"endpoint" attribute is not valid or allowed');
  }
  if (!['http:', 'https:'].includes(url.protocol) || url.username || url.password) {
    throw new DataSourceError('"endpoint" attribute is not valid or allowed');
  }
  const auth = (a.auth ?? {}) as { type?: unknown; credentials?: Record<string, unknown> };
  let checkedAuth: DataSourceAuth;
  if (auth.type === 'no_auth') {
    checkedAuth = { type: 'no_auth' };
  } else if (auth.type === 'username_password') {
    const { username, password } = auth.credentials ?? {};
    if (!isText(username))
      throw new DataSourceError('"auth.credentials.username" attribute is required');
    if (!isText(password))
      throw new DataSourceError('"auth.credentials.password" attribute is required');
    checkedAuth = { type: 'username_password', credentials: { username, password } };
  } else if (auth.type === 'sigv4') {
    throw new DataSourceError('sigv4 is not a supported auth type for data sources on this host');
  } else {
    throw new DataSourceError(`Invalid auth type: '${String(auth.type)}'`);
  }
  return {
    title: a.title,
    ...(isText(a.description) ? { description: a.description } : {}),
    // As OSD: the endpoint is kept as given, less a trailing slash.
    endpoint: String(a.endpoint).replace(/\/+$/, ''),
    auth: checkedAuth,
  };
}

const notFound = (id: string) =>
  new DataSourceError(`Saved object [${DATA_SOURCE_TYPE}/${id}] not found`, 404);

export class DataSourceStore {
  constructor(
    private readonly client: OpenSearchClient,
    private readonly index: string,
    private readonly cipher: CredentialCipher
  ) {}

  async create(raw: unknown): Promise<DataSourceObject> {
    const attributes = checkAttributes(raw);
    if (attributes.auth.type === 'username_password') {
      const { username, password } = attributes.auth.credentials;
      attributes.auth = {
        type: 'username_password',
        credentials: {
          username,
          password: this.cipher.encryptAndEncode(password, { endpoint: attributes.endpoint }),
        },
      };
    }
    const object: DataSourceObject = {
      id: randomUUID(),
      type: DATA_SOURCE_TYPE,
      attributes,
      updated_at: new Date().toISOString(),
    };
    await this.ensureIndex();
    await this.client.index({
      index: this.index,
      id: `${DATA_SOURCE_TYPE}:${object.id}`,
      op_type: 'create',
      refresh: 'wait_for',
      body: {
        type: DATA_SOURCE_TYPE,
        [DATA_SOURCE_TYPE]: attributes,
        references: [],
        updated_at: object.updated_at,
      },
    });
    return object;
  }

  /** As OSD's saved objects index: `type` a keyword, so that `_find` can filter on it. */
  private async ensureIndex() {
    if ((await this.client.indices.exists({ index: this.index })).body) return;
    await this.client.indices
      .create({
        index: this.index,
        body: {
          mappings: { properties: { type: { type: 'keyword' }, updated_at: { type: 'date' } } },
        },
      })
      .catch((error: { meta?: { body?: unknown } }) => {
        // Made meanwhile by another host: fine.
        if (!JSON.stringify(error.meta?.body ?? '').includes('resource_already_exists')) {
          throw error;
        }
      });
  }

  /** The stored object, its password still encrypted. */
  async get(id: string): Promise<DataSourceObject> {
    try {
      const { body } = await this.client.get({
        index: this.index,
        id: `${DATA_SOURCE_TYPE}:${id}`,
      });
      const source = body._source as Record<string, unknown>;
      if (source?.type !== DATA_SOURCE_TYPE) throw notFound(id);
      return {
        id,
        type: DATA_SOURCE_TYPE,
        attributes: source[DATA_SOURCE_TYPE] as DataSourceAttributes,
        updated_at: source.updated_at as string | undefined,
      };
    } catch (error) {
      if ((error as { meta?: { statusCode?: number } }).meta?.statusCode === 404)
        throw notFound(id);
      throw error;
    }
  }

  async find({
    page,
    perPage,
  }: FindOptions): Promise<{ total: number; objects: DataSourceObject[] }> {
    try {
      const { body } = await this.client.search({
        index: this.index,
        from: (page - 1) * perPage,
        size: perPage,
        body: {
          query: { term: { type: DATA_SOURCE_TYPE } },
          sort: [{ updated_at: { order: 'desc', unmapped_type: 'date' } }],
        },
      });
      const hits = body.hits.hits as Array<{ _id: string; _source: Record<string, unknown> }>;
      const total = body.hits.total as { value: number } | number;
      return {
        total: typeof total === 'number' ? total : total.value,
        objects: hits.map((hit) => ({
          id: hit._id.slice(DATA_SOURCE_TYPE.length + 1),
          type: DATA_SOURCE_TYPE,
          attributes: hit._source[DATA_SOURCE_TYPE] as DataSourceAttributes,
          updated_at: hit._source.updated_at as string | undefined,
        })),
      };
    } catch (error) {
      // No OSD index yet: no data sources.
      if ((error as { meta?: { statusCode?: number } }).meta?.statusCode === 404) {
        return { total: 0, objects: [] };
      }
      throw error;
    }
  }

  async delete(id: string): Promise<void> {
    await this.get(id);
    await this.client.delete({
      index: this.index,
      id: `${DATA_SOURCE_TYPE}:${id}`,
      refresh: 'wait_for',
    });
  }
}
