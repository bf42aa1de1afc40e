/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/* A schedule's cadence and a run's row change in words. */
import { i18n } from '@osd/i18n';
import type { Schedule, ScheduleRun } from '../../../common/api/schedules';
import { formatNumber } from '../../components/format';

export function cadenceText(schedule: Pick<Schedule, 'every' | 'cron' | 'time_zone'>): string {
  if (schedule.every !== undefined) {
    return i18n.translate('lookups.schedules.every', {
      defaultMessage: 'Every {every}',
      values: { every: schedule.every },
    });
  }
  return i18n.translate('lookups.schedules.cron', {
    defaultMessage: 'Cron {cron} ({zone})',
    values: { cron: schedule.cron ?? '', zone: schedule.time_zone },
  });
}

/** "120 rows (+4)", "120 rows (first version)", or nothing for a run that wrote none. */
export function runRowsText(run: ScheduleRun): string | undefined {
  if (run.rows === undefined) return undefined;
  const rows = formatNumber(run.rows);
  if (run.row_delta === undefined) return rows;
  if (run.row_delta === null) {
    return i18n.translate('lookups.schedules.rowsFirst', {
      defaultMessage: '{rows} (first version)',
      values: { rows },
    });
  }
  const sign = run.row_delta > 0 ? '+' : run.row_delta < 0 ? '−' : '±';
  return i18n.translate('lookups.schedules.rowsDelta', {
    defaultMessage: '{rows} ({sign}{delta})',
    values: { rows, sign, delta: formatNumber(Math.abs(run.row_delta)) },
  });
}
