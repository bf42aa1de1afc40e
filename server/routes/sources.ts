/* The sources the caller may query and their fields, for the PPL editor's completion. */
import type { IRouter, RouteValidationFunction } from 'opensearch-dashboards/server';
import { ROUTE_PATTERNS } from '../../common/api/paths';
import { validateLookupName } from '../../common/substrate/names';
import { toErrorResponse } from '../lib/errors';
import { SourcesService } from '../services/sources_service';
import type { RouteDeps } from '.';

/** `{name}`: an index, alias or data stream name, checked by OpenSearch's rules for reads. */
const sourceNameParam: RouteValidationFunction<{ name: string }> = (data, { ok, badRequest }) => {
  const name = (data as { name?: unknown })?.name;
  if (typeof name !== 'string') return badRequest('an index name is required in the path');
  const check = validateLookupName(name, { purpose: 'read' });
  return check.ok ? ok({ name }) : badRequest(check.message.replace(/^Lookup name/, 'Index name'));
};

export function registerSourcesRoutes(router: IRouter, { logger }: RouteDeps) {
  router.get(
    { path: ROUTE_PATTERNS.sources, validate: false },
    async (context, _request, response) => {
      try {
        const service = new SourcesService(context.core.opensearch.client.asCurrentUser);
        return response.ok({ body: await service.list() });
      } catch (error) {
        return toErrorResponse(error, response, logger);
      }
    }
  );

  router.get(
    { path: ROUTE_PATTERNS.sourceFields, validate: { params: sourceNameParam } },
    async (context, request, response) => {
      try {
        const service = new SourcesService(context.core.opensearch.client.asCurrentUser);
        return response.ok({ body: await service.fields(request.params.name) });
      } catch (error) {
        return toErrorResponse(error, response, logger);
      }
    }
  );
}
