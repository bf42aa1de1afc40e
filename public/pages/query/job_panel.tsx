/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * A write running as a job: its state and phase, rows written (of how many, when known), rate,
 * elapsed time and the time left, with Cancel while it can still be stopped; then how it ended —
 * what it wrote, the error, or that it was cancelled. And the 409 a busy lookup answers.
 */
import {
  EuiButton,
  EuiCallOut,
  EuiFlexGroup,
  EuiFlexItem,
  EuiLink,
  EuiPanel,
  EuiProgress,
  EuiSpacer,
  EuiStat,
  EuiText,
  EuiTitle,
  EuiToolTip,
} from '@elastic/eui';
import { i18n } from '@osd/i18n';
import type { WriteAction } from '../../../common/api/codecs';
import type { Job } from '../../../common/api/jobs';
import { appRoutes } from '../../../common/api/paths';
import { ApiErrorCallout, RefusalDetails } from '../../components/error_callout';
import { formatDuration, formatNumber, formatTime } from '../../components/format';
import { jobPhaseLabel, JobStateBadge } from '../../components/job_state';
import { refusedText } from '../../components/permissions';
import { useRouterLink } from '../../components/router_link';
import type { ApiFailure } from '../../services/api_client';
import { QueryFailure } from './query_errors';
import { isFinalJob, type JobRun } from '../../store/query_slice';
import { WrittenSummary } from './query_results';

/** Milliseconds the rows left will take at the job's rate, when both are known. */
export function timeLeftMs(job: Job): number | undefined {
  const { rows_total: total, rows_written: written, rate } = job.progress;
  if (total === undefined || !rate || rate <= 0) return undefined;
  return (Math.max(0, total - written) / rate) * 1000;
}

export const publishingNote = () =>
  i18n.translate('lookups.job.publishingNote', {
    defaultMessage: 'Publishing cannot be stopped; it is one atomic step',
  });

function Stat({ title, description, subj }: { title: string; description: string; subj: string }) {
  return (
    <EuiFlexItem grow={false}>
      <EuiStat
        title={<span data-test-subj={subj}>{title}</span>}
        description={description}
        titleSize="xs"
        reverse
        descriptionElement="div"
        titleElement="div"
      />
    </EuiFlexItem>
  );
}

function JobProgressPanel({
  job,
  cancelling,
  cancelError,
  pollError,
  onCancel,
}: {
  job: Job;
  cancelling: boolean;
  cancelError?: ApiFailure;
  pollError?: ApiFailure;
  onCancel: () => void;
}) {
  const { rows_written: written, rows_total: total, rate, elapsed_ms: elapsed } = job.progress;
  const phase = jobPhaseLabel(job.phase);
  const left = timeLeftMs(job);
  const publishing = job.state === 'publishing';
  const stopping = job.state === 'cancelling' || cancelling;
  const cancel = (
    <EuiButton
      size="s"
      color="danger"
      iconType="cross"
      onClick={onCancel}
      isDisabled={publishing || stopping}
      isLoading={stopping}
      data-test-subj="lookupsJobCancel"
    >
      {stopping
        ? i18n.translate('lookups.job.cancelling', { defaultMessage: 'Cancelling…' })
        : i18n.translate('lookups.job.cancel', { defaultMessage: 'Cancel' })}
    </EuiButton>
  );
  const label = i18n.translate('lookups.job.progressLabel', {
    defaultMessage: 'Rows written to {name}',
    values: { name: job.lookup },
  });
  return (
    <EuiPanel hasBorder paddingSize="m" data-test-subj="lookupsJobPanel" data-job-state={job.state}>
      <EuiFlexGroup alignItems="center" gutterSize="s" responsive={false} wrap>
        <EuiFlexItem grow={false}>
          <EuiTitle size="xs">
            <h2>
              {i18n.translate('lookups.job.title', {
                defaultMessage: 'Writing to {name}',
                values: { name: job.lookup },
              })}
            </h2>
          </EuiTitle>
        </EuiFlexItem>
        <EuiFlexItem grow={false}>
          <JobStateBadge state={job.state} data-test-subj="lookupsJobState" />
        </EuiFlexItem>
        {phase && !publishing ? (
          <EuiFlexItem grow={false}>
            <EuiText size="s" color="subdued">
              <span data-test-subj="lookupsJobPhase">{phase}</span>
            </EuiText>
          </EuiFlexItem>
        ) : null}
        <EuiFlexItem />
        <EuiFlexItem grow={false}>
          {publishing ? (
            <EuiToolTip content={publishingNote()} data-test-subj="lookupsJobCancelTip">
              {cancel}
            </EuiToolTip>
          ) : (
            cancel
          )}
        </EuiFlexItem>
      </EuiFlexGroup>
      <EuiSpacer size="m" />
      {total !== undefined && total > 0 ? (
        <EuiProgress
          value={Math.min(written, total)}
          max={total}
          size="m"
          color="primary"
          aria-label={label}
          data-test-subj="lookupsJobProgress"
        />
      ) : (
        <div style={{ position: 'relative', height: 4 }}>
          <EuiProgress
            size="xs"
            color="primary"
            aria-label={label}
            data-test-subj="lookupsJobProgress"
          />
        </div>
      )}
      <EuiSpacer size="m" />
      <EuiFlexGroup gutterSize="xl" responsive={false} wrap>
        <Stat
          subj="lookupsJobRows"
          title={
            total !== undefined
              ? i18n.translate('lookups.job.rowsOf', {
                  defaultMessage: '{written} of {total}',
                  values: { written: formatNumber(written), total: formatNumber(total) },
                })
              : formatNumber(written)
          }
          description={i18n.translate('lookups.job.rows', { defaultMessage: 'Rows written' })}
        />
        <Stat
          subj="lookupsJobRate"
          title={
            rate !== undefined
              ? i18n.translate('lookups.job.rateValue', {
                  defaultMessage: '{rate} rows/s',
                  values: { rate: formatNumber(Math.round(rate)) },
                })
              : '—'
          }
          description={i18n.translate('lookups.job.rate', { defaultMessage: 'Rate' })}
        />
        <Stat
          subj="lookupsJobElapsed"
          title={formatDuration(elapsed)}
          description={i18n.translate('lookups.job.elapsed', { defaultMessage: 'Elapsed' })}
        />
        {left !== undefined ? (
          <Stat
            subj="lookupsJobTimeLeft"
            title={i18n.translate('lookups.job.timeLeftValue', {
              defaultMessage: 'about {time}',
              values: { time: formatDuration(left) },
            })}
            description={i18n.translate('lookups.job.timeLeft', { defaultMessage: 'Time left' })}
          />
        ) : null}
      </EuiFlexGroup>
      {publishing ? (
        <>
          <EuiSpacer size="s" />
          <EuiText size="xs" color="subdued">
            <p data-test-subj="lookupsJobPublishing">{publishingNote()}</p>
          </EuiText>
        </>
      ) : null}
      {cancelError ? (
        <>
          <EuiSpacer size="m" />
          <ApiErrorCallout
            title={i18n.translate('lookups.job.cancelFailed', {
              defaultMessage: 'The job could not be cancelled',
            })}
            error={cancelError}
            data-test-subj="lookupsJobCancelError"
          />
        </>
      ) : null}
      {pollError ? (
        <>
          <EuiSpacer size="m" />
          <EuiCallOut
            size="s"
            color="warning"
            iconType="alert"
            title={i18n.translate('lookups.job.pollFailed', {
              defaultMessage: 'The job’s progress could not be read: {message}. Trying again.',
              values: { message: pollError.message },
            })}
            data-test-subj="lookupsJobPollError"
          />
        </>
      ) : null}
    </EuiPanel>
  );
}

/** A job the security plugin refused: its words, and the action they name. */
export function jobRefusal(job: Job): { reason: string; missing?: string } | undefined {
  const attr = job.error_attributes?.reason;
  const reason = typeof attr === 'string' ? attr : job.error;
  if (!reason || !/no permissions for \[/.test(reason)) return undefined;
  return { reason, missing: /no permissions for \[([^\]]+)\]/.exec(reason)?.[1] };
}

function JobEnd({ job, onAddMax }: { job: Job; onAddMax?: (max: number) => void }) {
  const link = useRouterLink();
  switch (job.state) {
    case 'finished':
      return (
        <WrittenSummary
          name={job.lookup}
          slice={job.slice ?? null}
          action={(job.action ?? 'created') as WriteAction}
          rows={job.progress.rows_written}
          replaced={job.replaced}
          unmatched={job.unmatched}
        />
      );
    case 'failed': {
      // The ceiling's failure keeps its setting and number, so the page can offer max=N.
      if (job.error && typeof job.error_attributes?.setting === 'string') {
        return (
          <QueryFailure
            error={{ statusCode: 400, message: job.error, attributes: job.error_attributes }}
            onAddMax={onAddMax}
          />
        );
      }
      const refusal = jobRefusal(job);
      return (
        <EuiCallOut
          color="danger"
          iconType="error"
          title={i18n.translate('lookups.job.failedTitle', {
            defaultMessage: 'The write to {name} failed',
            values: { name: job.lookup },
          })}
          data-test-subj="lookupsJobFailed"
        >
          <p data-test-subj="lookupsJobError">
            {refusal
              ? refusedText(job.lookup, 'write', refusal.missing)
              : (job.error ??
                i18n.translate('lookups.job.failedNoReason', {
                  defaultMessage: 'The server gave no reason.',
                }))}
          </p>
          {refusal ? <RefusalDetails reason={refusal.reason} testSubj="lookupsJobError" /> : null}
        </EuiCallOut>
      );
    }
    case 'cancelled':
      return (
        <EuiCallOut
          color="primary"
          iconType="iInCircle"
          title={i18n.translate('lookups.job.cancelledTitle', {
            defaultMessage: 'Cancelled; the lookup is unchanged',
          })}
          data-test-subj="lookupsJobCancelled"
        />
      );
    default:
      return (
        <EuiCallOut
          color="warning"
          iconType="alert"
          title={i18n.translate('lookups.job.unknownTitle', {
            defaultMessage: 'Whether the write to {name} took effect is not known',
            values: { name: job.lookup },
          })}
          data-test-subj="lookupsJobOutcomeUnknown"
        >
          <p>
            {i18n.translate('lookups.job.unknownBody', {
              defaultMessage:
                'The server running it stopped before it said how it ended. The Versions tab shows which version is current.',
            })}
          </p>
          <EuiLink {...link(appRoutes.lookup(job.lookup, 'versions'))}>
            {i18n.translate('lookups.job.unknownLink', {
              defaultMessage: 'Versions of {name}',
              values: { name: job.lookup },
            })}
          </EuiLink>
        </EuiCallOut>
      );
  }
}

/** A tracked job: its progress until it ends, then how it ended. */
export function JobSection({
  run,
  onCancel,
  onAddMax,
}: {
  run: JobRun;
  onCancel: (id: string) => void;
  onAddMax?: (max: number) => void;
}) {
  const job = run.job;
  if (!job) return null;
  if (isFinalJob(job)) {
    return (
      <div data-test-subj="lookupsJobEnd" data-job-state={job.state}>
        <JobEnd job={job} onAddMax={onAddMax} />
      </div>
    );
  }
  return (
    <JobProgressPanel
      job={job}
      cancelling={run.cancelling === true}
      cancelError={run.cancelError}
      pollError={run.pollError}
      onCancel={() => onCancel(job.id)}
    />
  );
}

/** The 409 a busy lookup answers: which operation (or job) holds it, by whom, since when. */
export function isBusy(error: ApiFailure | undefined): boolean {
  return error?.statusCode === 409 && error.attributes?.reason === 'lookup_busy';
}

export function BusyCallout({ error, lookup }: { error: ApiFailure; lookup?: string }) {
  const link = useRouterLink();
  const attributes = error.attributes ?? {};
  const text = (key: string) =>
    typeof attributes[key] === 'string' ? (attributes[key] as string) : undefined;
  const operation = text('operation') ?? '—';
  const user = text('user');
  const since = text('since');
  const jobId = text('job_id');
  return (
    <EuiCallOut
      color="warning"
      iconType="clock"
      title={i18n.translate('lookups.job.busyTitle', {
        defaultMessage: '{name} is busy',
        values: { name: lookup ?? '—' },
      })}
      data-test-subj="lookupsJobBusy"
    >
      <p data-test-subj="lookupsJobBusyHolder">
        {user
          ? i18n.translate('lookups.job.busyHolderUser', {
              defaultMessage: 'Another operation holds it: {operation} by {user}, since {since}.',
              values: { operation, user, since: formatTime(since) },
            })
          : i18n.translate('lookups.job.busyHolder', {
              defaultMessage: 'Another operation holds it: {operation}, since {since}.',
              values: { operation, since: formatTime(since) },
            })}
        {jobId
          ? ` ${i18n.translate('lookups.job.busyJob', {
              defaultMessage: 'Job {id}.',
              values: { id: jobId },
            })}`
          : ''}
      </p>
      <p>
        {i18n.translate('lookups.job.busyWait', {
          defaultMessage: 'Wait for it to finish and run the query again.',
        })}
      </p>
      {lookup ? (
        <EuiLink
          {...link(appRoutes.lookup(lookup, jobId ? 'jobs' : 'versions'))}
          data-test-subj="lookupsJobBusyLink"
        >
          {jobId
            ? i18n.translate('lookups.job.busyJobsLink', {
                defaultMessage: 'Jobs of {name}',
                values: { name: lookup },
              })
            : i18n.translate('lookups.job.busyLookupLink', {
                defaultMessage: 'Open {name}',
                values: { name: lookup },
              })}
        </EuiLink>
      ) : null}
    </EuiCallOut>
  );
}
