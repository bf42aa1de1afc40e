/* PPL: run a pipeline (and write its result when it ends in outputlookup), or explain it. */
import type { IRouter, RequestHandlerContext } from 'opensearch-dashboards/server';
import { ExplainBody, QueryBody } from '../../common/api/codecs';
import { ROUTE_PATTERNS } from '../../common/api/paths';
import { toErrorResponse } from '../lib/errors';
import { readCeiling } from '../services/ceiling';
import { currentUsername } from '../services/current_user';
import { QueryService } from '../services/ppl/query_service';
import type { RouteDeps } from '.';
import { validateWith } from './validation';

export function registerQueryRoutes(router: IRouter, deps: RouteDeps) {
  const { config, logger } = deps;

  const serviceFor = async (context: RequestHandlerContext, withUser: boolean) => {
    const { client } = context.core.opensearch;
    const [ceiling, user, records] = await Promise.all([
      readCeiling(client.asInternalUser, config.max_rows, logger),
      withUser ? currentUsername(client.asCurrentUser) : Promise.resolve(null),
      deps.records(),
    ]);
    return new QueryService({
      client: client.asCurrentUser,
      config,
      ceiling,
      logger,
      records,
      user,
    });
  };

  router.post(
    {
      path: ROUTE_PATTERNS.query,
      validate: { body: validateWith(QueryBody) },
      options: { timeout: { payload: 600_000 } },
    },
    async (context, request, response) => {
      try {
        const { query, size } = request.body;
        const writes = /\boutputlookup\b/i.test(query);
        const service = await serviceFor(context, writes);
        return response.ok({ body: await service.run(query, size) });
      } catch (error) {
        return toErrorResponse(error, response, logger);
      }
    }
  );

  router.post(
    { path: ROUTE_PATTERNS.explain, validate: { body: validateWith(ExplainBody) } },
    async (context, request, response) => {
      try {
        return response.ok({
          body: await (await serviceFor(context, false)).explain(request.body.query),
        });
      } catch (error) {
        return toErrorResponse(error, response, logger);
      }
    }
  );
}
