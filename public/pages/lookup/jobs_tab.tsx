/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * A lookup's write jobs, as far as they are the caller's (`GET /_jobs?lookup=`), newest first:
 * state, rows, start and end, user and error. While one is still going the list is asked again,
 * so it updates; leaving the tab stops that. A write to the lookup asks again too.
 */
import {
  EuiBasicTable,
  EuiButton,
  EuiFlexGroup,
  EuiFlexItem,
  EuiText,
  EuiSpacer,
  type EuiBasicTableColumn,
} from '@elastic/eui';
import { i18n } from '@osd/i18n';
import type { Job } from '../../../common/api/jobs';
import { ApiErrorCallout } from '../../components/error_callout';
import { formatNumber, formatTime } from '../../components/format';
import { JobStateBadge } from '../../components/job_state';
import { useAppSelector } from '../../store';
import { failureOf, lookupsApi, useGetJobsQuery } from '../../store/api';
import { isFinalJob } from '../../store/query_slice';

/** How often the list is asked again while a job in it is still going. */
export const JOBS_POLL_MS = 2000;

export function JobsTab({ name }: { name: string }) {
  // While a job in the list is still going, the list is asked again every JOBS_POLL_MS.
  const going = useAppSelector(
    (state) =>
      lookupsApi.endpoints.getJobs
        .select(name)(state)
        .data?.some((job) => !isFinalJob(job)) ?? false
  );
  const query = useGetJobsQuery(name, { pollingInterval: going ? JOBS_POLL_MS : 0 });
  const jobs = query.data ?? null;
  const error = query.isError ? (failureOf(query.error) ?? null) : null;
  const reload = () => void query.refetch();

  const columns: Array<EuiBasicTableColumn<Job>> = [
    {
      field: 'state',
      name: i18n.translate('lookups.jobs.col.state', { defaultMessage: 'State' }),
      width: '130px',
      render: (state: Job['state']) => (
        <JobStateBadge state={state} data-test-subj="lookupsJobsState" />
      ),
    },
    {
      name: i18n.translate('lookups.jobs.col.rows', { defaultMessage: 'Rows written' }),
      width: '160px',
      render: (job: Job) => (
        <span data-test-subj="lookupsJobsRows">
          {job.progress.rows_total !== undefined && !isFinalJob(job)
            ? i18n.translate('lookups.jobs.rowsOf', {
                defaultMessage: '{written} of {total}',
                values: {
                  written: formatNumber(job.progress.rows_written),
                  total: formatNumber(job.progress.rows_total),
                },
              })
            : formatNumber(job.progress.rows_written)}
        </span>
      ),
    },
    {
      name: i18n.translate('lookups.jobs.col.started', { defaultMessage: 'Started' }),
      render: (job: Job) => formatTime(job.started_at ?? job.created_at),
    },
    {
      field: 'finished_at',
      name: i18n.translate('lookups.jobs.col.ended', { defaultMessage: 'Ended' }),
      render: (time: string | undefined) => formatTime(time),
    },
    {
      field: 'user',
      name: i18n.translate('lookups.jobs.col.user', { defaultMessage: 'User' }),
      width: '140px',
      render: (user: string | null) => user ?? '—',
    },
    {
      field: 'error',
      name: i18n.translate('lookups.jobs.col.error', { defaultMessage: 'Error' }),
      width: '30%',
      render: (message: string | undefined) =>
        message ? (
          <EuiText size="xs" color="danger">
            <span data-test-subj="lookupsJobsError">{message}</span>
          </EuiText>
        ) : (
          '—'
        ),
    },
  ];

  return (
    <div data-test-subj="lookupsJobsTab">
      <EuiFlexGroup alignItems="center" justifyContent="spaceBetween" responsive={false}>
        <EuiFlexItem>
          <EuiText size="s" color="subdued">
            <p>
              {i18n.translate('lookups.jobs.summary', {
                defaultMessage:
                  'Your writes to this lookup that ran as jobs, newest first. Jobs still running update here.',
              })}
            </p>
          </EuiText>
        </EuiFlexItem>
        <EuiFlexItem grow={false}>
          <EuiButton
            iconType="refresh"
            size="s"
            onClick={reload}
            data-test-subj="lookupsJobsRefresh"
          >
            {i18n.translate('lookups.jobs.refresh', { defaultMessage: 'Refresh' })}
          </EuiButton>
        </EuiFlexItem>
      </EuiFlexGroup>
      <EuiSpacer size="m" />
      {error ? (
        <>
          <ApiErrorCallout
            title={i18n.translate('lookups.jobs.loadFailed', {
              defaultMessage: 'The jobs could not be listed',
            })}
            error={error}
            onRetry={reload}
            data-test-subj="lookupsJobsError-load"
          />
          <EuiSpacer size="m" />
        </>
      ) : null}
      <EuiBasicTable<Job>
        tableCaption={i18n.translate('lookups.jobs.caption', {
          defaultMessage: 'Write jobs of {name}',
          values: { name },
        })}
        items={jobs ?? []}
        itemId="id"
        columns={columns}
        loading={jobs === null && !error}
        noItemsMessage={
          jobs === null
            ? i18n.translate('lookups.jobs.loading', { defaultMessage: 'Loading jobs…' })
            : i18n.translate('lookups.jobs.empty', {
                defaultMessage: 'You have run no write jobs on this lookup.',
              })
        }
        rowProps={(job) => ({ 'data-test-subj': `lookupsJobsRow-${job.id}` })}
        data-test-subj="lookupsJobsTable"
      />
    </div>
  );
}
