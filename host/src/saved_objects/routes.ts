/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * OSD's saved objects HTTP API (src/core/server/saved_objects/routes/{create,get,update,delete,
 * find,bulk_get}.ts) under `/api/saved_objects`, with OSD's route schemas (so an unknown query
 * parameter or body key is a 400 `[request query.<key>]: definition for this key is missing`),
 * its legacy error answers (`{ statusCode, error, message }`) and its results.
 *
 * Who may use them: OSD with the security plugin and no tenants keeps saved objects in one
 * index for everybody, written with OSD's own identity; any signed-in user may read and change
 * any of them (the security plugin's tenants are what would separate users). The host does
 * the same: the caller must be signed in (the cluster must accept their credentials), and no
 * object belongs to a user.
 *
 * What the host does not do, it refuses rather than ignores: `workspaces`, and `filter` beyond
 * one proposition (search_dsl.ts).
 */
import Boom from '@hapi/boom';
import { schema } from '@osd/config-schema';
import type { IRouter, RequestHandlerContext } from 'opensearch-dashboards/server';
import { savedObjectsErrors } from './errors';
import type { SavedObjectsRepository } from './repository';
import type { SavedObject, SavedObjectError, SavedObjectTypeRegistry } from './types';

export const SAVED_OBJECTS_API = '/api/saved_objects';

const referencesSchema = schema.arrayOf(
  schema.object({ name: schema.string(), type: schema.string(), id: schema.string() })
);
const stringOrArray = schema.oneOf([schema.string(), schema.arrayOf(schema.string())]);
const asArray = (value: string | string[] | undefined) =>
  value === undefined ? undefined : Array.isArray(value) ? value : [value];

/**
 * As OSD with the security plugin: the caller is authenticated by the cluster itself. A cluster
 * without the security plugin (no `authinfo`: 400/404) authenticates nobody, as OSD without it.
 */
export async function signedIn(context: RequestHandlerContext) {
  try {
    await context.core.opensearch.client.asCurrentUser.transport.request({
      method: 'GET',
      path: '/_plugins/_security/authinfo',
    });
  } catch (error) {
    const status = (error as { meta?: { statusCode?: number } }).meta?.statusCode;
    if (status === 401) throw Boom.unauthorized('Authentication required');
    if (status !== 400 && status !== 404) throw error;
  }
}

export function registerSavedObjectsRoutes(
  router: IRouter,
  repository: SavedObjectsRepository,
  registry: SavedObjectTypeRegistry
) {
  const view = <T extends SavedObject | SavedObjectError>(object: T): T => {
    if ('error' in object) return object;
    return (registry.wrapperOf(object.type).view?.(object) ?? object) as T;
  };
  const unsupported = (what: string) =>
    savedObjectsErrors.badRequest(`${what} is not supported by this host`);

  router.post(
    {
      path: `${SAVED_OBJECTS_API}/{type}/{id?}`,
      validate: {
        params: schema.object({ type: schema.string(), id: schema.maybe(schema.string()) }),
        query: schema.object({ overwrite: schema.boolean({ defaultValue: false }) }),
        body: schema.object({
          attributes: schema.recordOf(schema.string(), schema.any()),
          migrationVersion: schema.maybe(schema.recordOf(schema.string(), schema.string())),
          references: schema.maybe(referencesSchema),
          initialNamespaces: schema.maybe(schema.arrayOf(schema.string(), { minSize: 1 })),
          workspaces: schema.maybe(schema.arrayOf(schema.string(), { minSize: 1 })),
        }),
      },
    },
    router.handleLegacyErrors(async (context, request, response) => {
      await signedIn(context);
      const { type, id } = request.params;
      const { attributes, migrationVersion, references, initialNamespaces, workspaces } =
        request.body;
      if (initialNamespaces) {
        throw savedObjectsErrors.badRequest(
          '"options.initialNamespaces" can only be used on multi-namespace types'
        );
      }
      if (workspaces) throw unsupported('workspaces');
      const wrapper = registry.wrapperOf(type);
      const created = await repository.create(type, wrapper.create?.(attributes) ?? attributes, {
        id,
        overwrite: request.query.overwrite,
        migrationVersion,
        references,
      });
      return response.ok({ body: view(created) });
    })
  );

  router.get(
    {
      path: `${SAVED_OBJECTS_API}/{type}/{id}`,
      validate: { params: schema.object({ type: schema.string(), id: schema.string() }) },
    },
    router.handleLegacyErrors(async (context, request, response) => {
      await signedIn(context);
      const { type, id } = request.params;
      return response.ok({ body: view(await repository.get(type, id)) });
    })
  );

  router.put(
    {
      path: `${SAVED_OBJECTS_API}/{type}/{id}`,
      validate: {
        params: schema.object({ type: schema.string(), id: schema.string() }),
        body: schema.object({
          attributes: schema.recordOf(schema.string(), schema.any()),
          version: schema.maybe(schema.string()),
          references: schema.maybe(referencesSchema),
        }),
      },
    },
    router.handleLegacyErrors(async (context, request, response) => {
      await signedIn(context);
      const { type, id } = request.params;
      const { attributes, version, references } = request.body;
      const wrapper = registry.wrapperOf(type);
      const updated = await repository.update(
        type,
        id,
        wrapper.update?.(attributes) ?? attributes,
        {
          version,
          references,
        }
      );
      return response.ok({ body: view(updated) });
    })
  );

  router.delete(
    {
      path: `${SAVED_OBJECTS_API}/{type}/{id}`,
      validate: {
        params: schema.object({ type: schema.string(), id: schema.string() }),
        query: schema.object({ force: schema.maybe(schema.boolean()) }),
      },
    },
    router.handleLegacyErrors(async (context, request, response) => {
      await signedIn(context);
      const { type, id } = request.params;
      return response.ok({ body: await repository.delete(type, id) });
    })
  );

  router.get(
    {
      path: `${SAVED_OBJECTS_API}/_find`,
      validate: {
        query: schema.object({
          per_page: schema.number({ min: 0, defaultValue: 20 }),
          page: schema.number({ min: 0, defaultValue: 1 }),
          type: stringOrArray,
          search: schema.maybe(schema.string()),
          default_search_operator: schema.oneOf([schema.literal('OR'), schema.literal('AND')], {
            defaultValue: 'OR',
          }),
          search_fields: schema.maybe(stringOrArray),
          sort_field: schema.maybe(schema.string()),
          has_reference: schema.maybe(
            schema.object({ type: schema.string(), id: schema.string() })
          ),
          fields: schema.maybe(stringOrArray),
          filter: schema.maybe(schema.string()),
          namespaces: schema.maybe(stringOrArray),
          workspaces: schema.maybe(stringOrArray),
        }),
      },
    },
    router.handleLegacyErrors(async (context, request, response) => {
      await signedIn(context);
      const query = request.query;
      if (query.workspaces !== undefined) throw unsupported('workspaces');
      const found = await repository.find({
        type: asArray(query.type) ?? [],
        page: query.page,
        perPage: query.per_page,
        search: query.search,
        defaultSearchOperator: query.default_search_operator,
        searchFields: asArray(query.search_fields),
        sortField: query.sort_field,
        hasReference: query.has_reference,
        fields: asArray(query.fields),
        filter: query.filter,
        namespaces: asArray(query.namespaces),
      });
      return response.ok({ body: { ...found, saved_objects: found.saved_objects.map(view) } });
    })
  );

  router.post(
    {
      path: `${SAVED_OBJECTS_API}/_bulk_get`,
      validate: {
        body: schema.arrayOf(
          schema.object({
            type: schema.string(),
            id: schema.string(),
            fields: schema.maybe(schema.arrayOf(schema.string())),
          })
        ),
      },
    },
    router.handleLegacyErrors(async (context, request, response) => {
      await signedIn(context);
      const result = await repository.bulkGet(request.body);
      return response.ok({ body: { saved_objects: result.saved_objects.map(view) } });
    })
  );
}
