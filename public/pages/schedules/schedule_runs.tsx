/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/* A schedule's recent runs, newest first: when, how it ended, rows and their change, and why it failed. */
import { useEffect, useState } from 'react';
import {
  EuiBasicTable,
  EuiFlyout,
  EuiFlyoutBody,
  EuiFlyoutHeader,
  EuiLoadingContent,
  EuiText,
  EuiTitle,
  type EuiBasicTableColumn,
} from '@elastic/eui';
import { i18n } from '@osd/i18n';
import type { Schedule, ScheduleDetail, ScheduleRun } from '../../../common/api/schedules';
import { ApiErrorCallout } from '../../components/error_callout';
import { formatTime } from '../../components/format';
import { JobStateBadge } from '../../components/job_state';
import { isAbort, toApiFailure, type ApiFailure } from '../../services/api_client';
import { useApi } from '../../services/services_context';
import { cadenceText, runRowsText } from './cadence_text';

export function ScheduleRuns({ schedule, onClose }: { schedule: Schedule; onClose(): void }) {
  const api = useApi();
  const [detail, setDetail] = useState<ScheduleDetail | null>(null);
  const [error, setError] = useState<ApiFailure | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    api.schedule(schedule.id, controller.signal).then(setDetail, (e) => {
      if (!isAbort(e) && !controller.signal.aborted) setError(toApiFailure(e));
    });
    return () => controller.abort();
  }, [api, schedule.id]);

  const columns: Array<EuiBasicTableColumn<ScheduleRun>> = [
    {
      field: 'created_at',
      name: i18n.translate('lookups.scheduleRuns.col.started', { defaultMessage: 'Started' }),
      render: (at: string) => formatTime(at),
    },
    {
      field: 'finished_at',
      name: i18n.translate('lookups.scheduleRuns.col.ended', { defaultMessage: 'Ended' }),
      render: (at?: string) => formatTime(at),
    },
    {
      field: 'state',
      name: i18n.translate('lookups.scheduleRuns.col.outcome', { defaultMessage: 'Outcome' }),
      render: (state: ScheduleRun['state']) => (
        <JobStateBadge state={state} data-test-subj="lookupsScheduleRunState" />
      ),
    },
    {
      name: i18n.translate('lookups.scheduleRuns.col.rows', { defaultMessage: 'Rows' }),
      render: (run: ScheduleRun) => runRowsText(run) ?? '—',
    },
    {
      field: 'trigger',
      name: i18n.translate('lookups.scheduleRuns.col.trigger', { defaultMessage: 'Started by' }),
      render: (trigger: ScheduleRun['trigger']) =>
        trigger === 'manual'
          ? i18n.translate('lookups.scheduleRuns.manual', { defaultMessage: 'Run now' })
          : i18n.translate('lookups.scheduleRuns.scheduled', { defaultMessage: 'Schedule' }),
    },
    {
      field: 'error',
      name: i18n.translate('lookups.scheduleRuns.col.error', { defaultMessage: 'Why it failed' }),
      render: (message?: string) => message ?? '',
    },
  ];

  return (
    <EuiFlyout
      onClose={onClose}
      size="l"
      aria-labelledby="lookupsScheduleRunsTitle"
      data-test-subj="lookupsScheduleRuns"
    >
      <EuiFlyoutHeader hasBorder>
        <EuiTitle size="m">
          <h2 id="lookupsScheduleRunsTitle">
            {i18n.translate('lookups.scheduleRuns.title', {
              defaultMessage: 'Runs of {lookup}',
              values: { lookup: schedule.lookup },
            })}
          </h2>
        </EuiTitle>
        <EuiText size="s" color="subdued">
          <p>{cadenceText(schedule)}</p>
        </EuiText>
      </EuiFlyoutHeader>
      <EuiFlyoutBody>
        {error ? (
          <ApiErrorCallout
            title={i18n.translate('lookups.scheduleRuns.error', {
              defaultMessage: 'The runs could not be read',
            })}
            error={error}
          />
        ) : detail === null ? (
          <EuiLoadingContent lines={4} />
        ) : (
          <EuiBasicTable
            items={detail.runs}
            columns={columns}
            rowProps={(run: ScheduleRun) => ({
              'data-test-subj': `lookupsScheduleRun-${run.job_id}`,
            })}
            noItemsMessage={i18n.translate('lookups.scheduleRuns.none', {
              defaultMessage: 'No runs yet.',
            })}
            tableCaption={i18n.translate('lookups.scheduleRuns.caption', {
              defaultMessage: 'Runs of the schedule, newest first',
            })}
            data-test-subj="lookupsScheduleRunsTable"
          />
        )}
      </EuiFlyoutBody>
    </EuiFlyout>
  );
}
