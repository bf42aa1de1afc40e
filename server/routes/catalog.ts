/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * The catalog: lookups and their slices and descriptions, migration, rollback, cleanup, deletion
 * (of a lookup or one version).
 */
import type { IRouter } from 'opensearch-dashboards/server';
import {
  DescriptionBody,
  DryRunQuery,
  ListQuery,
  ReapBody,
  RollbackBody,
} from '../../common/api/codecs';
import { ROUTE_PATTERNS } from '../../common/api/paths';
import { CatalogService } from '../services/catalog/catalog_service';
import { LookupOperations } from '../services/catalog/operations';
import { describeLookup, withDescriptions } from '../services/descriptions/description_service';
import { withMatchModes } from '../services/match/match_service';
import type { LookupsRequestContext } from '../types';
import { handle } from './handler';
import { LONG_REQUEST_TIMEOUTS } from './timeouts';
import {
  lookupNameParam,
  lookupVersionParams,
  validateOptionalBody,
  validateWith,
} from './validation';

const catalog = (ctx: LookupsRequestContext) =>
  new CatalogService(ctx.client, ctx.records, ctx.leases, ctx.user);
const operations = (ctx: LookupsRequestContext) => new LookupOperations(ctx);

export function registerCatalogRoutes(router: IRouter) {
  router.get(
    { path: ROUTE_PATTERNS.list, validate: { query: validateWith(ListQuery) } },
    handle(async (ctx, request, response) => {
      const page = await ctx.schedules.annotate(await catalog(ctx).page(request.query));
      const lookups = await withMatchModes(ctx, await withDescriptions(ctx, page.lookups));
      return response.ok({ body: { ...page, lookups } });
    })
  );

  router.get(
    { path: ROUTE_PATTERNS.lookup, validate: { params: lookupNameParam('read') } },
    handle(async (ctx, request, response) => {
      const [lookup] = await withMatchModes(
        ctx,
        await withDescriptions(ctx, [await catalog(ctx).get(request.params.name)])
      );
      // Whether a schedule keeps it fresh, as the catalog says it.
      const [{ refresh }] = (await ctx.schedules.annotate({ lookups: [lookup], total: 1 })).lookups;
      return response.ok({ body: refresh ? { ...lookup, refresh } : lookup });
    })
  );

  router.put(
    {
      path: ROUTE_PATTERNS.description,
      validate: { params: lookupNameParam('read'), body: validateWith(DescriptionBody) },
    },
    handle(async (ctx, request, response) =>
      response.ok({
        body: await describeLookup(ctx, request.params.name, request.body.description),
      })
    )
  );

  router.delete(
    { path: ROUTE_PATTERNS.lookup, validate: { params: lookupNameParam('read') } },
    handle(async (ctx, request, response) =>
      response.ok({ body: await operations(ctx).delete(request.params.name) })
    )
  );

  router.post(
    {
      path: ROUTE_PATTERNS.migrate,
      validate: { params: lookupNameParam('write'), query: validateWith(DryRunQuery) },
      options: { timeout: LONG_REQUEST_TIMEOUTS },
    },
    handle(async (ctx, request, response) =>
      response.ok({
        body: await operations(ctx).migrate(request.params.name, request.query.dry_run ?? false),
      })
    )
  );

  router.post(
    {
      path: ROUTE_PATTERNS.rollback,
      validate: { params: lookupNameParam('read'), body: validateWith(RollbackBody) },
    },
    handle(async (ctx, request, response) =>
      response.ok({ body: await operations(ctx).rollback(request.params.name, request.body.slice) })
    )
  );

  router.delete(
    { path: ROUTE_PATTERNS.version, validate: { params: lookupVersionParams() } },
    handle(async (ctx, request, response) =>
      response.ok({
        body: await operations(ctx).deleteVersion(request.params.name, request.params.slice),
      })
    )
  );

  router.post(
    {
      path: ROUTE_PATTERNS.reapAll,
      validate: { body: validateOptionalBody(ReapBody) },
      options: { timeout: LONG_REQUEST_TIMEOUTS },
    },
    handle(async (ctx, request, response) =>
      response.ok({ body: await operations(ctx).reapAll(request.body) })
    )
  );

  router.post(
    {
      path: ROUTE_PATTERNS.reap,
      validate: { params: lookupNameParam('read'), body: validateOptionalBody(ReapBody) },
    },
    handle(async (ctx, request, response) =>
      response.ok({ body: await operations(ctx).reap(request.params.name, request.body) })
    )
  );
}
