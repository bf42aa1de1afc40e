/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * What the server's identity may not do, so the app can say so (a callout naming the
 * permission), and who the caller is, which OSD's page does not tell a plugin (the app keeps
 * per-user browser state apart with it).
 */
import type { IRouter } from 'opensearch-dashboards/server';
import type { StatusResponse } from '../../common/api/codecs';
import { ROUTE_PATTERNS } from '../../common/api/paths';
import { handle } from './handler';

export function registerStatusRoute(
  router: IRouter,
  identity: () => Promise<StatusResponse['server_identity']>
) {
  router.get(
    { path: ROUTE_PATTERNS.status, validate: false },
    handle(async (ctx, _request, response) => {
      const [serverIdentity, caller] = await Promise.all([identity(), ctx.user()]);
      const body: StatusResponse = {
        server_identity: serverIdentity,
        caller: { username: caller },
      };
      return response.ok({ body });
    })
  );
}
