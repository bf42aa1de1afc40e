/* The catalog: lookups and their slices, migration, rollback, cleanup, deletion. */
import type { IRouter, RequestHandlerContext } from 'opensearch-dashboards/server';
import { DryRunQuery, ReapBody, RollbackBody } from '../../common/api/codecs';
import { ROUTE_PATTERNS } from '../../common/api/paths';
import { toErrorResponse } from '../lib/errors';
import { CatalogService } from '../services/catalog/catalog_service';
import { LookupOperations } from '../services/catalog/operations';
import { readCeiling } from '../services/ceiling';
import { currentUsername } from '../services/current_user';
import type { RouteDeps } from '.';
import { lookupNameParam, validateOptionalBody, validateWith } from './validation';

export function registerCatalogRoutes(router: IRouter, deps: RouteDeps) {
  const { config, logger } = deps;

  const catalogFor = async (context: RequestHandlerContext) =>
    new CatalogService(context.core.opensearch.client.asCurrentUser, await deps.records());

  const operationsFor = async (context: RequestHandlerContext) => {
    const { client } = context.core.opensearch;
    const [ceiling, user, records] = await Promise.all([
      readCeiling(client.asInternalUser, config.max_rows, logger),
      currentUsername(client.asCurrentUser),
      deps.records(),
    ]);
    return new LookupOperations({
      client: client.asCurrentUser,
      records,
      config,
      ceiling,
      logger,
      user,
    });
  };

  router.get(
    { path: ROUTE_PATTERNS.list, validate: false },
    async (context, _request, response) => {
      try {
        return response.ok({ body: { lookups: await (await catalogFor(context)).list() } });
      } catch (error) {
        return toErrorResponse(error, response, logger);
      }
    }
  );

  router.get(
    { path: ROUTE_PATTERNS.lookup, validate: { params: lookupNameParam('read') } },
    async (context, request, response) => {
      try {
        return response.ok({ body: await (await catalogFor(context)).get(request.params.name) });
      } catch (error) {
        return toErrorResponse(error, response, logger);
      }
    }
  );

  router.delete(
    { path: ROUTE_PATTERNS.lookup, validate: { params: lookupNameParam('read') } },
    async (context, request, response) => {
      try {
        return response.ok({
          body: await (await operationsFor(context)).delete(request.params.name),
        });
      } catch (error) {
        return toErrorResponse(error, response, logger);
      }
    }
  );

  router.post(
    {
      path: ROUTE_PATTERNS.migrate,
      validate: { params: lookupNameParam('write'), query: validateWith(DryRunQuery) },
    },
    async (context, request, response) => {
      try {
        const operations = await operationsFor(context);
        return response.ok({
          body: await operations.migrate(request.params.name, request.query.dry_run ?? false),
        });
      } catch (error) {
        return toErrorResponse(error, response, logger);
      }
    }
  );

  router.post(
    {
      path: ROUTE_PATTERNS.rollback,
      validate: { params: lookupNameParam('read'), body: validateWith(RollbackBody) },
    },
    async (context, request, response) => {
      try {
        const operations = await operationsFor(context);
        return response.ok({
          body: await operations.rollback(request.params.name, request.body.slice),
        });
      } catch (error) {
        return toErrorResponse(error, response, logger);
      }
    }
  );

  router.post(
    { path: ROUTE_PATTERNS.reapAll, validate: { body: validateOptionalBody(ReapBody) } },
    async (context, request, response) => {
      try {
        return response.ok({ body: await (await operationsFor(context)).reapAll(request.body) });
      } catch (error) {
        return toErrorResponse(error, response, logger);
      }
    }
  );

  router.post(
    {
      path: ROUTE_PATTERNS.reap,
      validate: { params: lookupNameParam('read'), body: validateOptionalBody(ReapBody) },
    },
    async (context, request, response) => {
      try {
        const operations = await operationsFor(context);
        return response.ok({ body: await operations.reap(request.params.name, request.body) });
      } catch (error) {
        return toErrorResponse(error, response, logger);
      }
    }
  );
}
