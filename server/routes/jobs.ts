/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/* Durable write jobs: submit, list, read, cancel. */
import type { IRouter, RouteValidationFunction } from 'opensearch-dashboards/server';
import { JobBody, JobsQuery } from '../../common/api/jobs';
import { ROUTE_PATTERNS } from '../../common/api/paths';
import { handle } from './handler';
import { validateWith } from './validation';

const jobIdParam: RouteValidationFunction<{ id: string }> = (data, { ok, badRequest }) => {
  const id = (data as { id?: unknown })?.id;
  return typeof id === 'string' && /^[0-9a-f-]{36}$/.test(id)
    ? ok({ id })
    : badRequest('expected a job id as GET /api/lookups/_jobs answers it');
};

export function registerJobRoutes(router: IRouter) {
  router.post(
    { path: ROUTE_PATTERNS.jobs, validate: { body: validateWith(JobBody) } },
    handle(async (ctx, request, response) =>
      response.accepted({ body: await ctx.jobs.submit(ctx, request.body.query) })
    )
  );

  router.get(
    { path: ROUTE_PATTERNS.jobs, validate: { query: validateWith(JobsQuery) } },
    handle(async (ctx, request, response) =>
      response.ok({ body: { jobs: await ctx.jobs.list(ctx, request.query) } })
    )
  );

  router.get(
    { path: ROUTE_PATTERNS.job, validate: { params: jobIdParam } },
    handle(async (ctx, request, response) =>
      response.ok({ body: await ctx.jobs.get(ctx, request.params.id) })
    )
  );

  router.post(
    { path: ROUTE_PATTERNS.cancelJob, validate: { params: jobIdParam } },
    handle(async (ctx, request, response) =>
      response.ok({ body: await ctx.jobs.cancel(ctx, request.params.id) })
    )
  );
}
