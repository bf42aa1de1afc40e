/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/* The sources the caller may query and their fields, for the PPL editor's completion. */
import type { IRouter, RouteValidationFunction } from 'opensearch-dashboards/server';
import { ROUTE_PATTERNS } from '../../common/api/paths';
import { validateLookupName } from '../../common/substrate/names';
import { SourcesService } from '../services/sources_service';
import { handle } from './handler';

/** `{name}`: an index, alias or data stream name, checked by OpenSearch's rules for reads. */
const sourceNameParam: RouteValidationFunction<{ name: string }> = (data, { ok, badRequest }) => {
  const name = (data as { name?: unknown })?.name;
  if (typeof name !== 'string') return badRequest('an index name is required in the path');
  const check = validateLookupName(name, { purpose: 'read' });
  return check.ok ? ok({ name }) : badRequest(check.message.replace(/^Lookup name/, 'Index name'));
};

export function registerSourcesRoutes(router: IRouter) {
  router.get(
    { path: ROUTE_PATTERNS.sources, validate: false },
    handle(async (ctx, _request, response) =>
      response.ok({ body: await new SourcesService(ctx.client).list() })
    )
  );

  router.get(
    { path: ROUTE_PATTERNS.sourceFields, validate: { params: sourceNameParam } },
    handle(async (ctx, request, response) =>
      response.ok({ body: await new SourcesService(ctx.client).fields(request.params.name) })
    )
  );
}
