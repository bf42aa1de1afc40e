/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * The one wrapper every route handler goes through: it runs the handler and maps whatever it
 * throws to an answer in one place (server/lib/errors.ts).
 */
import type {
  IOpenSearchDashboardsResponse,
  OpenSearchDashboardsRequest,
  OpenSearchDashboardsResponseFactory,
  RequestHandler,
  RequestHandlerContext,
} from 'opensearch-dashboards/server';
import { toErrorResponse } from '../lib/errors';
import type { LookupsRequestContext } from '../types';

export type LookupsHandler<P, Q, B> = (
  lookups: LookupsRequestContext,
  request: OpenSearchDashboardsRequest<P, Q, B>,
  response: OpenSearchDashboardsResponseFactory,
  context: RequestHandlerContext
) => Promise<IOpenSearchDashboardsResponse>;

export function handle<P, Q, B>(handler: LookupsHandler<P, Q, B>): RequestHandler<P, Q, B> {
  return async (context, request, response) => {
    const { lookups } = context;
    try {
      if (lookups.unavailable) throw lookups.unavailable;
      return await handler(lookups, request, response, context);
    } catch (error) {
      return toErrorResponse(error, response, lookups.logger, lookups.dataSource);
    }
  };
}
