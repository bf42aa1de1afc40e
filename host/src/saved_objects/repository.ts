/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * OSD's saved objects repository (src/core/server/saved_objects/service/lib/repository.ts) on
 * the OSD index, with OSD's own identity: document ids `<type>:<id>`, `updated_at` set on every
 * write, `version` from the document's sequence number and primary term, and OSD's answers:
 *   - create: a new id (uuid v4) unless one is given; an existing id is a 409 unless
 *     `overwrite` (then the document is replaced, conditionally on `version` when given);
 *   - get, update and delete of a missing object (or of a type the host does not keep): 404
 *     `Saved object [<type>/<id>] not found`;
 *   - update: a partial update (OpenSearch merges the attributes), conditional on `version`
 *     when given (409 when the object changed since), answered with the attributes sent;
 *   - find: only the registered types asked for (none: an empty page); bulk get: per object,
 *     the object or its error.
 * The index is made (or its mappings extended) with OSD's strict mappings on first use.
 */
import { randomUUID } from 'crypto';
import type { Logger, OpenSearchClient } from 'opensearch-dashboards/server';
import { decorateOpenSearchError, errorContent, savedObjectsErrors } from './errors';
import { buildMappings, type IndexMapping } from './mappings';
import { includedFields, searchBody, type FindOptions } from './search_dsl';
import type {
  SavedObject,
  SavedObjectError,
  SavedObjectReference,
  SavedObjectTypeRegistry,
} from './types';
import { decodeRequestVersion, encodeHitVersion } from './version';

interface RawDoc {
  _id: string;
  _source?: Record<string, unknown>;
  _seq_no?: number;
  _primary_term?: number;
  _score?: number | null;
  sort?: unknown[];
  found?: boolean;
}

export interface CreateOptions {
  id?: string;
  overwrite?: boolean;
  version?: string;
  references?: SavedObjectReference[];
  migrationVersion?: Record<string, string>;
}

export interface FindResponse {
  page: number;
  per_page: number;
  total: number;
  saved_objects: Array<SavedObject & { score: number | null; sort?: unknown[] }>;
}

const status = (error: unknown) => (error as { meta?: { statusCode?: number } }).meta?.statusCode;

export class SavedObjectsRepository {
  private ready: Promise<void> | undefined;

  constructor(
    private readonly client: OpenSearchClient,
    private readonly index: string,
    private readonly registry: SavedObjectTypeRegistry,
    private readonly logger: Logger
  ) {}

  /** Built when used: plugins register their types after the repository is made. */
  private get mappings(): IndexMapping {
    return buildMappings(this.registry);
  }

  private allowed(type: string) {
    return this.registry.getType(type) !== undefined;
  }

  private rawId(type: string, id: string) {
    return `${type}:${id}`;
  }

  /** OSD's `namespaces` in answers: the default namespace for single-namespace types. */
  private namespaces(type: string) {
    return this.registry.isSingleNamespace(type) ? { namespaces: ['default'] } : {};
  }

  private toSavedObject(type: string, id: string, doc: RawDoc): SavedObject {
    const source = doc._source ?? {};
    const version = encodeHitVersion(doc);
    return {
      id,
      type,
      ...this.namespaces(type),
      ...(source.updated_at ? { updated_at: source.updated_at as string } : {}),
      ...(version ? { version } : {}),
      attributes: (source[type] ?? {}) as Record<string, unknown>,
      references: (source.references as SavedObjectReference[] | undefined) ?? [],
      ...(source.migrationVersion
        ? { migrationVersion: source.migrationVersion as Record<string, string> }
        : {}),
    };
  }

  async create(
    type: string,
    attributes: Record<string, unknown>,
    options: CreateOptions = {}
  ): Promise<SavedObject> {
    if (!this.allowed(type)) throw savedObjectsErrors.unsupportedType(type);
    const id = options.id || randomUUID();
    const updatedAt = new Date().toISOString();
    const source = {
      [type]: attributes,
      type,
      references: options.references ?? [],
      ...(options.migrationVersion ? { migrationVersion: options.migrationVersion } : {}),
      updated_at: updatedAt,
    };
    await this.ensureIndex();
    const replace = Boolean(options.id && options.overwrite);
    try {
      const { body } = await this.client.index({
        index: this.index,
        id: this.rawId(type, id),
        refresh: 'wait_for',
        ...(replace ? {} : { op_type: 'create' as const }),
        ...(replace && options.version ? decodeRequestVersion(options.version) : {}),
        body: source,
      });
      return this.toSavedObject(type, id, { ...(body as RawDoc), _source: source });
    } catch (error) {
      throw decorateOpenSearchError(error);
    }
  }

  async get(type: string, id: string): Promise<SavedObject> {
    if (!this.allowed(type)) throw savedObjectsErrors.notFound(type, id);
    try {
      const { body } = await this.client.get(
        { index: this.index, id: this.rawId(type, id) },
        { ignore: [404] }
      );
      const doc = body as RawDoc;
      if (!doc.found || doc._source?.type !== type) throw savedObjectsErrors.notFound(type, id);
      return { ...this.toSavedObject(type, id, doc), namespaces: this.namespacesOf(type) };
    } catch (error) {
      throw decorateOpenSearchError(error);
    }
  }

  /** get, bulk get and update answer `namespaces: []` for a type in none. */
  private namespacesOf(type: string) {
    return this.registry.isSingleNamespace(type) ? ['default'] : [];
  }

  async update(
    type: string,
    id: string,
    attributes: Record<string, unknown>,
    options: { version?: string; references?: SavedObjectReference[] } = {}
  ): Promise<SavedObject> {
    if (!this.allowed(type)) throw savedObjectsErrors.notFound(type, id);
    const updatedAt = new Date().toISOString();
    const doc = {
      [type]: attributes,
      updated_at: updatedAt,
      ...(Array.isArray(options.references) ? { references: options.references } : {}),
    };
    const conditional = options.version ? decodeRequestVersion(options.version) : {};
    try {
      const { body, statusCode } = await this.client.update(
        {
          index: this.index,
          id: this.rawId(type, id),
          refresh: 'wait_for',
          ...conditional,
          body: { doc },
        },
        { ignore: [404] }
      );
      if (statusCode === 404) throw savedObjectsErrors.notFound(type, id);
      const version = encodeHitVersion(body as RawDoc);
      return {
        id,
        type,
        updated_at: updatedAt,
        ...(version ? { version } : {}),
        namespaces: this.namespacesOf(type),
        references: options.references as SavedObjectReference[],
        attributes,
      };
    } catch (error) {
      throw decorateOpenSearchError(error);
    }
  }

  async delete(type: string, id: string): Promise<Record<string, never>> {
    if (!this.allowed(type)) throw savedObjectsErrors.notFound(type, id);
    try {
      const { body } = await this.client.delete(
        { index: this.index, id: this.rawId(type, id), refresh: 'wait_for' },
        { ignore: [404] }
      );
      const result = (body as { result?: string; error?: { type?: string } }) ?? {};
      if (result.result === 'deleted') return {};
      if (result.result === 'not_found' || result.error?.type === 'index_not_found_exception') {
        throw savedObjectsErrors.notFound(type, id);
      }
      throw new Error(`Unexpected OpenSearch DELETE response: ${JSON.stringify({ type, id })}`);
    } catch (error) {
      throw decorateOpenSearchError(error);
    }
  }

  async find(options: FindOptions): Promise<FindResponse> {
    const types = options.type.filter((type) => this.allowed(type));
    const empty = { page: options.page, per_page: options.perPage, total: 0, saved_objects: [] };
    if (types.length === 0) return empty;
    const body = searchBody(options, types, this.registry, this.mappings);
    try {
      const answer = await this.client.search(
        {
          index: this.index,
          size: options.perPage,
          from: options.perPage * (options.page - 1),
          _source: includedFields(options.type, options.fields) as unknown as string[],
          rest_total_hits_as_int: true,
          body,
        },
        { ignore: [404] }
      );
      // No index yet: nothing saved.
      if (answer.statusCode === 404) return empty;
      const hits = answer.body.hits as unknown as { total: number; hits: RawDoc[] };
      return {
        page: options.page,
        per_page: options.perPage,
        total: hits.total,
        saved_objects: hits.hits.map((hit) => {
          const type = String(hit._source?.type);
          return {
            ...this.toSavedObject(type, hit._id.slice(type.length + 1), hit),
            score: hit._score ?? null,
            ...(hit.sort ? { sort: hit.sort } : {}),
          };
        }),
      };
    } catch (error) {
      throw decorateOpenSearchError(error);
    }
  }

  async bulkGet(
    objects: Array<{ type: string; id: string; fields?: string[] }>
  ): Promise<{ saved_objects: Array<SavedObject | SavedObjectError> }> {
    if (objects.length === 0) return { saved_objects: [] };
    const allowed = objects.filter((o) => this.allowed(o.type));
    let docs: RawDoc[] = [];
    if (allowed.length > 0) {
      try {
        const { body, statusCode } = await this.client.mget(
          {
            body: {
              docs: allowed.map(({ type, id, fields }) => ({
                _id: this.rawId(type, id),
                _index: this.index,
                ...(includedFields([type], fields)
                  ? { _source: includedFields([type], fields) }
                  : {}),
              })),
            },
          },
          { ignore: [404] }
        );
        docs = statusCode === 404 ? [] : ((body as { docs?: RawDoc[] }).docs ?? []);
      } catch (error) {
        throw decorateOpenSearchError(error);
      }
    }
    let next = 0;
    return {
      saved_objects: objects.map(({ type, id }) => {
        if (!this.allowed(type)) {
          return { id, type, error: errorContent(savedObjectsErrors.unsupportedType(type)) };
        }
        const doc = docs[next++];
        if (!doc?.found || doc._source?.type !== type) {
          return { id, type, error: errorContent(savedObjectsErrors.notFound(type, id)) };
        }
        return { ...this.toSavedObject(type, id, doc), namespaces: this.namespacesOf(type) };
      }),
    };
  }

  /**
   * The index with OSD's mappings: made when missing, else its mappings extended (additive). An
   * index whose mappings cannot take them (one made by hand, or by an older host without them)
   * is an error that names it, never a silent loss of strictness.
   */
  ensureIndex(): Promise<void> {
    this.ready ??= this.prepare().catch((error) => {
      this.ready = undefined;
      throw error;
    });
    return this.ready;
  }

  private async prepare() {
    try {
      await this.client.indices.create({
        index: this.index,
        body: {
          settings: { number_of_shards: 1, auto_expand_replicas: '0-1' },
          mappings: this.mappings as unknown as Record<string, unknown>,
        },
      });
      this.logger.debug(`created the saved objects index ${this.index}`);
      return;
    } catch (error) {
      const text = JSON.stringify((error as { meta?: { body?: unknown } }).meta?.body ?? '');
      if (status(error) !== 400 || !text.includes('resource_already_exists')) throw error;
    }
    try {
      await this.client.indices.putMapping({
        index: this.index,
        body: this.mappings as unknown as Record<string, unknown>,
      });
    } catch (error) {
      const reason = (error as { meta?: { body?: { error?: { reason?: string } } } }).meta?.body
        ?.error?.reason;
      throw new Error(
        `The saved objects index ${this.index} has mappings that cannot take OSD's (${reason ?? String(error)}): it was not made by OSD or this host. Delete it, or point opensearchDashboards.index (LOOKUPS_SAVED_OBJECTS_INDEX) at another index.`
      );
    }
  }
}
