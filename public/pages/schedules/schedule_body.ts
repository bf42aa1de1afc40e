/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/* A schedule as the body that sets it again (PUT replaces all of it), with some of it changed. */
import type { Schedule, ScheduleBody } from '../../../common/api/schedules';

export function scheduleBodyOf(
  schedule: Schedule,
  changes: Partial<ScheduleBody> = {}
): ScheduleBody {
  return {
    query: schedule.query,
    ...(schedule.every !== undefined
      ? { every: schedule.every }
      : { cron: schedule.cron, time_zone: schedule.time_zone }),
    enabled: schedule.enabled,
    guards: schedule.guards,
    ...(schedule.description !== undefined ? { description: schedule.description } : {}),
    ...(schedule.saved_query !== undefined ? { saved_query: schedule.saved_query } : {}),
    ...changes,
  };
}
