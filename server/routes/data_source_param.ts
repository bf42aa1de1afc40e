/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Every route takes the optional `dataSourceId` query parameter (OSD's multiple data sources),
 * added here for all routes at once: the router the routes register on extends each route's
 * query validation with it, so no route can forget it and no route codec repeats it. The
 * route's own validation sees the query without it (its strict codec is unchanged); the
 * validated query carries it on, for the per-request context (server/request_context.ts).
 */
import type {
  IRouter,
  OpenSearchDashboardsRequest,
  RouteConfig,
  RouteMethod,
  RouteValidationFunction,
} from 'opensearch-dashboards/server';
import { DATA_SOURCE_PARAM, DataSourceQuery } from '../../common/api/data_source';
import { decode } from '../../common/api/decode';

/** The route's query validation, preceded by the check of `dataSourceId`. */
export function withDataSourceParam<Q>(
  validateRest?: RouteValidationFunction<Q>
): RouteValidationFunction<Q & DataSourceQuery> {
  return (data, result) => {
    const { [DATA_SOURCE_PARAM]: id, ...rest } = (data ?? {}) as Record<string, unknown>;
    const checked = decode(DataSourceQuery, id === undefined ? {} : { [DATA_SOURCE_PARAM]: id });
    if (!checked.ok) return result.badRequest(checked.message);
    let value = {} as Q;
    if (validateRest) {
      const own = validateRest(rest, result);
      if (own.error) return own;
      value = own.value as Q;
    } else {
      // A route without query options takes only `dataSourceId`.
      const unknown = Object.keys(rest)[0];
      if (unknown !== undefined) {
        return result.badRequest(`[${unknown}]: unknown option; allowed: ${DATA_SOURCE_PARAM}`);
      }
    }
    return result.ok({ ...value, ...checked.value });
  };
}

/** A router whose every route accepts `dataSourceId`. */
export function dataSourceRouter(router: IRouter): IRouter {
  const extend = <P, Q, B, M extends RouteMethod>(
    route: RouteConfig<P, Q, B, M>
  ): RouteConfig<P, Q, B, M> => {
    const validate = route.validate || {};
    if (validate.query !== undefined && typeof validate.query !== 'function') {
      throw new Error(`route ${route.path}: query validation must be a validation function`);
    }
    return { ...route, validate: { ...validate, query: withDataSourceParam(validate.query) } };
  };
  return {
    routerPath: router.routerPath,
    get: (route, handler) => router.get(extend(route), handler),
    post: (route, handler) => router.post(extend(route), handler),
    put: (route, handler) => router.put(extend(route), handler),
    patch: (route, handler) => router.patch(extend(route), handler),
    delete: (route, handler) => router.delete(extend(route), handler),
    handleLegacyErrors: router.handleLegacyErrors,
    getRoutes: () => router.getRoutes(),
  };
}

/** The data source a validated request is for; `undefined` for the local cluster. */
export function requestedDataSource(request: OpenSearchDashboardsRequest): string | undefined {
  const id = (request.query as Partial<DataSourceQuery> | undefined)?.[DATA_SOURCE_PARAM];
  return typeof id === 'string' ? id : undefined;
}
