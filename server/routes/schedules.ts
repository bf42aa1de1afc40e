/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/* Scheduled refresh: make, list, read, change, delete and run schedules. */
import type { IRouter, RouteValidationFunction } from 'opensearch-dashboards/server';
import { ROUTE_PATTERNS } from '../../common/api/paths';
import { ScheduleBody } from '../../common/api/schedules';
import { handle } from './handler';
import { validateWith } from './validation';

const scheduleIdParam: RouteValidationFunction<{ id: string }> = (data, { ok, badRequest }) => {
  const id = (data as { id?: unknown })?.id;
  return typeof id === 'string' && /^[0-9a-f-]{36}$/.test(id)
    ? ok({ id })
    : badRequest('expected a schedule id as GET /api/lookups/_schedules answers it');
};

export function registerScheduleRoutes(router: IRouter) {
  router.post(
    { path: ROUTE_PATTERNS.schedules, validate: { body: validateWith(ScheduleBody) } },
    handle(async (ctx, request, response) =>
      response.ok({ body: await ctx.schedules.create(ctx, request.body) })
    )
  );

  router.get(
    { path: ROUTE_PATTERNS.schedules, validate: false },
    handle(async (ctx, _request, response) =>
      response.ok({ body: { schedules: await ctx.schedules.list(ctx) } })
    )
  );

  router.get(
    { path: ROUTE_PATTERNS.schedule, validate: { params: scheduleIdParam } },
    handle(async (ctx, request, response) =>
      response.ok({ body: await ctx.schedules.get(ctx, request.params.id) })
    )
  );

  router.put(
    {
      path: ROUTE_PATTERNS.schedule,
      validate: { params: scheduleIdParam, body: validateWith(ScheduleBody) },
    },
    handle(async (ctx, request, response) =>
      response.ok({ body: await ctx.schedules.update(ctx, request.params.id, request.body) })
    )
  );

  router.delete(
    { path: ROUTE_PATTERNS.schedule, validate: { params: scheduleIdParam } },
    handle(async (ctx, request, response) =>
      response.ok({ body: await ctx.schedules.delete(ctx, request.params.id) })
    )
  );

  router.post(
    { path: ROUTE_PATTERNS.runSchedule, validate: { params: scheduleIdParam } },
    handle(async (ctx, request, response) =>
      response.accepted({ body: { job: await ctx.schedules.run(ctx, request.params.id) } })
    )
  );
}
