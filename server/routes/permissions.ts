/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/* What the caller may do with some lookups (`?names=a,b`), asked of OpenSearch as the caller. */
import type { IRouter } from 'opensearch-dashboards/server';
import { ROUTE_PATTERNS } from '../../common/api/paths';
import { PermissionsQuery, type PermissionsResponse } from '../../common/api/permissions';
import { canManageSecurity, lookupPermissions } from '../services/permissions/permission_probe';
import { handle } from './handler';
import { validateWith } from './validation';

export function registerPermissionsRoute(router: IRouter) {
  router.get(
    { path: ROUTE_PATTERNS.permissions, validate: { query: validateWith(PermissionsQuery) } },
    handle(async (ctx, request, response) => {
      const [lookups, manage] = await Promise.all([
        lookupPermissions(ctx.client, request.query.names),
        canManageSecurity(ctx.client),
      ]);
      const body: PermissionsResponse = { lookups, can_manage_security: manage };
      return response.ok({ body });
    })
  );
}
