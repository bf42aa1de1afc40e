/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/* A lookup's replica choice: read, and set on its backing index. */
import type { IRouter } from 'opensearch-dashboards/server';
import { ROUTE_PATTERNS } from '../../common/api/paths';
import { ReplicasBody } from '../../common/api/replicas';
import { getReplicas, setReplicas } from '../services/replicas_service';
import { handle } from './handler';
import { lookupNameParam, validateWith } from './validation';

export function registerReplicasRoutes(router: IRouter) {
  router.get(
    { path: ROUTE_PATTERNS.replicas, validate: { params: lookupNameParam('read') } },
    handle(async (ctx, request, response) =>
      response.ok({ body: await getReplicas(ctx, request.params.name) })
    )
  );

  router.put(
    {
      path: ROUTE_PATTERNS.replicas,
      validate: { params: lookupNameParam('write'), body: validateWith(ReplicasBody) },
    },
    handle(async (ctx, request, response) =>
      response.ok({ body: await setReplicas(ctx, request.params.name, request.body) })
    )
  );
}
