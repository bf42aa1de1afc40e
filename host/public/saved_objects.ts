/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * `savedObjects.client` of the host's CoreStart: OSD's browser saved objects client
 * (src/core/public/saved_objects/saved_objects_client.ts, simple_saved_object.ts) over the
 * host's `/api/saved_objects` (host/src/saved_objects), with OSD's behaviour where a caller can
 * see it:
 *   - `get` is queued and sent as one `_bulk_get` 100 ms after the first call; a missing object
 *     resolves (it does not reject) with an object whose `error` says why;
 *   - `find` renames its options (`perPage` → `per_page`, `searchFields` → `search_fields`, …),
 *     sends `has_reference` as JSON, and renames the answer (`saved_objects` → `savedObjects`);
 *   - `create` sends `overwrite` in the query; `delete` sends `force`;
 *   - every object comes back as a SimpleSavedObject (`_version`, `get`/`set`/`has`, `save`,
 *     `delete`).
 */
import type {
  HttpFetchOptions,
  HttpStart,
  SavedObject,
  SavedObjectsClientContract,
  SavedObjectsCreateOptions,
  SavedObjectsDeleteOptions,
  SavedObjectsFindOptions,
  SavedObjectsStart,
  SavedObjectsUpdateOptions,
  SimpleSavedObject,
} from 'opensearch-dashboards/public';

const API_BASE_URL = '/api/saved_objects/';
const BATCH_INTERVAL = 100;

const path = (...parts: Array<string | undefined>) =>
  API_BASE_URL +
  parts
    .filter((part): part is string => Boolean(part))
    .map(encodeURIComponent)
    .join('/');

const FIND_NAMES: Record<string, string> = {
  defaultSearchOperator: 'default_search_operator',
  fields: 'fields',
  hasReference: 'has_reference',
  page: 'page',
  perPage: 'per_page',
  search: 'search',
  searchFields: 'search_fields',
  sortField: 'sort_field',
  type: 'type',
  filter: 'filter',
  namespaces: 'namespaces',
  preference: 'preference',
  workspaces: 'workspaces',
};

class HostSimpleSavedObject<T> implements SimpleSavedObject<T> {
  public attributes: T;
  public _version?: string;
  public id: string;
  public type: string;
  public migrationVersion: SavedObject<T>['migrationVersion'];
  public error: SavedObject<T>['error'];
  public references: SavedObject<T>['references'];
  public updated_at: SavedObject<T>['updated_at'];

  constructor(
    private readonly client: SavedObjectsClientContract,
    object: SavedObject<T>
  ) {
    this.id = object.id;
    this.type = object.type;
    this.attributes = object.attributes || ({} as T);
    this.references = object.references || [];
    this._version = object.version;
    this.migrationVersion = object.migrationVersion;
    this.updated_at = object.updated_at;
    if (object.error) this.error = object.error;
  }

  get(key: string) {
    return key
      .split('.')
      .reduce<unknown>(
        (value, part) => (value as Record<string, unknown> | undefined)?.[part],
        this.attributes
      );
  }

  set(key: string, value: unknown): T {
    const parts = key.split('.');
    let target = this.attributes as Record<string, unknown>;
    for (const part of parts.slice(0, -1)) {
      if (typeof target[part] !== 'object' || target[part] === null) target[part] = {};
      target = target[part] as Record<string, unknown>;
    }
    target[parts[parts.length - 1]] = value;
    return this.attributes;
  }

  has(key: string) {
    return this.get(key) !== undefined;
  }

  save(): Promise<SimpleSavedObject<T>> {
    const options = { migrationVersion: this.migrationVersion, references: this.references };
    return this.id
      ? this.client.update(this.type, this.id, this.attributes, options)
      : this.client.create(this.type, this.attributes, options);
  }

  delete() {
    return this.client.delete(this.type, this.id);
  }
}

interface Queued {
  type: string;
  id: string;
  resolve: (object: SimpleSavedObject<unknown>) => void;
  reject: (reason: unknown) => void;
}

export function createSavedObjects(http: HttpStart): SavedObjectsStart {
  let queue: Queued[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  const fetch = <R>(url: string, options: HttpFetchOptions) => http.fetch<R>(url, options);
  const wrap = <T>(object: SavedObject<T>) => new HostSimpleSavedObject<T>(client, object);
  const performBulkGet = (objects: Array<{ type: string; id: string }>) =>
    fetch<{ saved_objects: Array<SavedObject<unknown>> }>(path('_bulk_get'), {
      method: 'POST',
      body: JSON.stringify(objects),
    });

  const processQueue = async () => {
    timer = undefined;
    const batch = queue;
    queue = [];
    const seen = new Set<string>();
    const objects = batch.flatMap(({ type, id }) => {
      const key = `${type}|${id}`;
      if (seen.has(key)) return [];
      seen.add(key);
      return [{ id, type }];
    });
    try {
      const { saved_objects: found } = await performBulkGet(objects);
      for (const entry of batch) {
        const object = found.find((o) => o.id === entry.id && o.type === entry.type);
        // Each caller gets its own copy, as OSD clones them.
        entry.resolve(
          wrap(
            object
              ? (JSON.parse(JSON.stringify(object)) as SavedObject<unknown>)
              : ({ id: entry.id, type: entry.type } as SavedObject<unknown>)
          )
        );
      }
    } catch (error) {
      batch.forEach((entry) => entry.reject(error));
    }
  };

  const client: SavedObjectsClientContract = {
    create: <T>(type: string, attributes: T, options: SavedObjectsCreateOptions = {}) => {
      if (!type || !attributes) return Promise.reject(new Error('requires type and attributes'));
      return fetch<SavedObject<T>>(path(type, options.id), {
        method: 'POST',
        query: { overwrite: options.overwrite },
        body: JSON.stringify({
          attributes,
          migrationVersion: options.migrationVersion,
          references: options.references,
          ...(options.workspaces ? { workspaces: options.workspaces } : {}),
        }),
      }).then((answer) => wrap(answer));
    },

    delete: (type: string, id: string, options?: SavedObjectsDeleteOptions) => {
      if (!type || !id) return Promise.reject(new Error('requires type and id'));
      return fetch<{}>(path(type, id), { method: 'DELETE', query: { force: !!options?.force } }); // eslint-disable-line @typescript-eslint/no-empty-object-type
    },

    find: <T>(options: SavedObjectsFindOptions) => {
      const query: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(options)) {
        if (key in FIND_NAMES) query[FIND_NAMES[key]] = value;
      }
      if (query.has_reference) query.has_reference = JSON.stringify(query.has_reference);
      return fetch<{
        saved_objects: Array<SavedObject<T>>;
        total: number;
        per_page: number;
        page: number;
      }>(path('_find'), {
        method: 'GET',
        query: query as HttpFetchOptions['query'],
      }).then(({ saved_objects: found, per_page: perPage, ...rest }) => ({
        ...rest,
        perPage,
        savedObjects: found.map((object) => wrap(object)),
      }));
    },

    get: <T>(type: string, id: string) => {
      if (!type || !id) return Promise.reject(new Error('requires type and id'));
      return new Promise<SimpleSavedObject<T>>((resolve, reject) => {
        queue.push({
          type,
          id,
          resolve: resolve as (object: SimpleSavedObject<unknown>) => void,
          reject,
        });
        timer ??= setTimeout(() => void processQueue(), BATCH_INTERVAL);
      });
    },

    bulkGet: <T>(objects: Array<{ id: string; type: string }> = []) =>
      performBulkGet(objects.map(({ id, type }) => ({ id, type }))).then((answer) => ({
        savedObjects: answer.saved_objects.map((object) => wrap(object as SavedObject<T>)),
      })),

    update: <T>(
      type: string,
      id: string,
      attributes: T,
      { version, migrationVersion, references }: SavedObjectsUpdateOptions = {}
    ) => {
      if (!type || !id || !attributes) {
        return Promise.reject(new Error('requires type, id and attributes'));
      }
      return fetch<SavedObject<T>>(path(type, id), {
        method: 'PUT',
        body: JSON.stringify({ attributes, migrationVersion, references, version }),
      }).then((answer) => wrap(answer));
    },
  };
  return { client };
}
