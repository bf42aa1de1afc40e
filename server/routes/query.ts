/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/* PPL: run a pipeline (and write its result when it ends in outputlookup), or explain it. */
import type { IRouter } from 'opensearch-dashboards/server';
import { ExplainBody, QueryBody } from '../../common/api/codecs';
import { ROUTE_PATTERNS } from '../../common/api/paths';
import { withLookupLease } from '../services/lookup_lease';
import { IsolatedQueryService } from '../services/ppl/isolation/isolated_query_service';
import type { LookupsRequestContext } from '../types';
import { handle } from './handler';
import { jsonBody } from './json_body';
import { LONG_REQUEST_TIMEOUTS } from './timeouts';
import { validateWith } from './validation';

async function queryService(ctx: LookupsRequestContext) {
  return new IsolatedQueryService(ctx.queries, {
    client: ctx.client,
    config: ctx.config,
    ceiling: await ctx.ceiling(),
    logger: ctx.logger,
    records: ctx.records,
    clusterLimits: ctx.clusterLimits,
    // Whether the query writes is the parser's call: the user is asked only when it does.
    underLease: (name, work) =>
      withLookupLease(ctx, name, 'write', async (lease) => work({ lease, user: await ctx.user() })),
  });
}

export function registerQueryRoutes(router: IRouter) {
  router.post(
    {
      path: ROUTE_PATTERNS.query,
      validate: { body: validateWith(QueryBody) },
      options: { timeout: LONG_REQUEST_TIMEOUTS },
    },
    handle(async (ctx, request, response) => {
      const { query, size } = request.body;
      // A synchronous write runs to its end (or to lookups.query.write_timeout) even when its
      // client hangs up: OSD gives a route no signal for that once the request's body was read
      // (`request.events.aborted$` fires only while it is still arriving). Long writes belong
      // in jobs, which can be cancelled.
      const service = await queryService(ctx);
      return response.ok(jsonBody(await service.run(query, size)));
    })
  );

  router.post(
    {
      path: ROUTE_PATTERNS.explain,
      validate: { body: validateWith(ExplainBody) },
      options: { timeout: LONG_REQUEST_TIMEOUTS },
    },
    handle(async (ctx, request, response) =>
      response.ok(jsonBody(await (await queryService(ctx)).explain(request.body.query)))
    )
  );
}
