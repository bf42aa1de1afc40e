/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * PPL saved queries as OSD keeps them: saved objects of type `query`, `{ title, description,
 * query: { query, language: 'PPL' } }`, through core's saved objects client, so a query saved
 * here opens in Discover and the other way round. As Discover's saved query service
 * (src/plugins/data/public/query/saved_query/saved_query_service.ts), a new saved query's id is
 * its title, so a second one with a title already taken is a conflict; a rename keeps the id
 * (schedules made from it keep their link). Changes are conditional on the version read, so an
 * edit another user saved meanwhile is not overwritten unseen.
 */
import type { SavedObjectsClientContract, SimpleSavedObject } from 'opensearch-dashboards/public';

export const SAVED_QUERY_TYPE = 'query';
export const PPL_LANGUAGE = 'PPL';

export interface SavedQueryAttributes {
  title: string;
  description: string;
  query: { query: string; language: string };
}

export interface SavedPplQuery {
  id: string;
  title: string;
  description: string;
  text: string;
  /** The saved object's version: changes are made only if it is still this one. */
  version?: string;
  updatedAt?: string;
}

export interface SavedQueryPage {
  total: number;
  queries: SavedPplQuery[];
}

/** Why a saved query could not be read or written, for the user. */
export class SavedQueryError extends Error {
  constructor(
    message: string,
    public readonly reason: 'not_found' | 'title_taken' | 'changed' | 'not_ppl' | 'failed'
  ) {
    super(message);
  }
}

const statusOf = (error: unknown) =>
  (error as { body?: { statusCode?: number } }).body?.statusCode ??
  (error as { response?: { status?: number } }).response?.status;

function toSavedPplQuery(object: SimpleSavedObject<SavedQueryAttributes>): SavedPplQuery {
  const attributes = object.attributes;
  const text = attributes.query?.query;
  return {
    id: object.id,
    title: attributes.title ?? object.id,
    description: attributes.description ?? '',
    // Discover keeps a DQL query's object as JSON; a PPL query is its text.
    text: typeof text === 'string' ? text : JSON.stringify(text ?? ''),
    version: object._version,
    updatedAt: object.updated_at,
  };
}

export interface SavedQueriesService {
  find(options: { search?: string; page: number; perPage: number }): Promise<SavedQueryPage>;
  get(id: string): Promise<SavedPplQuery>;
  /** Several at once; missing ones are left out. */
  getMany(ids: string[]): Promise<Map<string, SavedPplQuery>>;
  create(attributes: { title: string; description: string; text: string }): Promise<SavedPplQuery>;
  update(
    query: SavedPplQuery,
    changes: Partial<Pick<SavedPplQuery, 'title' | 'description' | 'text'>>
  ): Promise<SavedPplQuery>;
  delete(id: string): Promise<void>;
}

export function createSavedQueriesService(client: SavedObjectsClientContract): SavedQueriesService {
  const attributesOf = (q: Pick<SavedPplQuery, 'title' | 'description' | 'text'>) => ({
    title: q.title.trim(),
    description: q.description,
    query: { query: q.text, language: PPL_LANGUAGE },
  });
  const titleTaken = (title: string) =>
    new SavedQueryError(
      `A saved query named "${title}" already exists. Choose another name, or open that one.`,
      'title_taken'
    );
  const read = async (id: string): Promise<SimpleSavedObject<SavedQueryAttributes>> => {
    const object = await client.get<SavedQueryAttributes>(SAVED_QUERY_TYPE, id);
    if (object.error) {
      throw new SavedQueryError(
        object.error.statusCode === 404
          ? `The saved query "${id}" no longer exists: someone deleted it.`
          : object.error.message,
        object.error.statusCode === 404 ? 'not_found' : 'failed'
      );
    }
    return object;
  };

  return {
    async find({ search, page, perPage }) {
      const words = search?.trim();
      const answer = await client.find<SavedQueryAttributes>({
        type: SAVED_QUERY_TYPE,
        // As Discover: titles weigh more than descriptions, best match first; a word also
        // matches as a prefix.
        ...(words ? { search: `${words}*`, searchFields: ['title^5', 'description'] } : {}),
        sortField: '_score',
        filter: `${SAVED_QUERY_TYPE}.attributes.query.language: ${PPL_LANGUAGE}`,
        page,
        perPage,
      });
      return { total: answer.total, queries: answer.savedObjects.map(toSavedPplQuery) };
    },

    async get(id) {
      const object = await read(id);
      if (object.attributes.query?.language !== PPL_LANGUAGE) {
        throw new SavedQueryError(
          `The saved query "${object.attributes.title ?? id}" is written in ${String(object.attributes.query?.language)}, not PPL: open it in Discover.`,
          'not_ppl'
        );
      }
      return toSavedPplQuery(object);
    },

    async getMany(ids) {
      const unique = [...new Set(ids)];
      if (unique.length === 0) return new Map();
      const answer = await client.bulkGet<SavedQueryAttributes>(
        unique.map((id) => ({ id, type: SAVED_QUERY_TYPE }))
      );
      return new Map(
        answer.savedObjects
          .filter((object) => !object.error)
          .map((object) => [object.id, toSavedPplQuery(object)])
      );
    },

    async create(query) {
      const attributes = attributesOf(query);
      try {
        const created = await client.create(SAVED_QUERY_TYPE, attributes, {
          id: attributes.title,
        });
        return toSavedPplQuery(created);
      } catch (error) {
        if (statusOf(error) === 409) throw titleTaken(attributes.title);
        throw error;
      }
    },

    async update(query, changes) {
      const next = { ...query, ...changes };
      const attributes = attributesOf(next);
      // A new title must not be another saved query's (Discover names them by title).
      if (attributes.title !== query.title.trim()) {
        const other = await client.get<SavedQueryAttributes>(SAVED_QUERY_TYPE, attributes.title);
        if (!other.error && other.id !== query.id) throw titleTaken(attributes.title);
      }
      try {
        const updated = await client.update(SAVED_QUERY_TYPE, query.id, attributes, {
          version: query.version,
        });
        return { ...toSavedPplQuery(updated), updatedAt: updated.updated_at };
      } catch (error) {
        const status = statusOf(error);
        if (status === 409) {
          throw new SavedQueryError(
            `"${query.title}" was changed by someone else since you opened it. Open it again to see their version, or save yours as a new query.`,
            'changed'
          );
        }
        if (status === 404) {
          throw new SavedQueryError(
            `"${query.title}" no longer exists: someone deleted it. Save yours as a new query.`,
            'not_found'
          );
        }
        throw error;
      }
    },

    async delete(id) {
      try {
        await client.delete(SAVED_QUERY_TYPE, id);
      } catch (error) {
        // Already gone is what was wanted.
        if (statusOf(error) !== 404) throw error;
      }
    },
  };
}
