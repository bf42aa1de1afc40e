import type { IRouter } from 'opensearch-dashboards/server';
import { ROUTE_PATTERNS } from '../../common/api/paths';
import { RowsQuery } from '../../common/api/codecs';
import { toErrorResponse } from '../lib/errors';
import { readRows } from '../services/rows_service';
import type { RouteDeps } from '.';
import { lookupNameParam, validateWith } from './validation';

export function registerRowsRoute(router: IRouter, { logger }: RouteDeps) {
  router.get(
    {
      path: ROUTE_PATTERNS.rows,
      validate: { params: lookupNameParam('read'), query: validateWith(RowsQuery) },
    },
    async (context, request, response) => {
      try {
        const rows = await readRows(
          context.core.opensearch.client.asCurrentUser,
          request.params.name,
          request.query
        );
        return response.ok({ body: rows });
      } catch (error) {
        return toErrorResponse(error, response, logger);
      }
    }
  );
}
