/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/* Two versions of a lookup compared, as the caller. */
import type { IRouter } from 'opensearch-dashboards/server';
import { CompareBody } from '../../common/api/compare';
import { ROUTE_PATTERNS } from '../../common/api/paths';
import { CatalogService } from '../services/catalog/catalog_service';
import { compareVersions } from '../services/compare/compare_service';
import { handle } from './handler';
import { LONG_REQUEST_TIMEOUTS } from './timeouts';
import { lookupNameParam, validateWith } from './validation';

export function registerCompareRoute(router: IRouter) {
  router.post(
    {
      path: ROUTE_PATTERNS.compare,
      validate: { params: lookupNameParam('read'), body: validateWith(CompareBody) },
      options: { timeout: LONG_REQUEST_TIMEOUTS },
    },
    handle(async (ctx, request, response) => {
      const { name } = request.params;
      const detail = await new CatalogService(ctx.client, ctx.records, ctx.leases, ctx.user).get(
        name
      );
      const slices = detail.slices.map((s) => s.id);
      return response.ok({
        body: await compareVersions(ctx.client, name, request.body, slices),
      });
    })
  );
}
