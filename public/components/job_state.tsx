/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/* A write job's state and phase in words, and as a badge (the Query page's panel, the Jobs tab). */
import { EuiBadge } from '@elastic/eui';
import { i18n } from '@osd/i18n';
import type { Job, JobState } from '../../common/api/jobs';

export function jobStateLabel(state: JobState): string {
  switch (state) {
    case 'queued':
      return i18n.translate('lookups.job.state.queued', { defaultMessage: 'Queued' });
    case 'running':
      return i18n.translate('lookups.job.state.running', { defaultMessage: 'Running' });
    case 'publishing':
      return i18n.translate('lookups.job.state.publishing', { defaultMessage: 'Publishing' });
    case 'finished':
      return i18n.translate('lookups.job.state.finished', { defaultMessage: 'Finished' });
    case 'failed':
      return i18n.translate('lookups.job.state.failed', { defaultMessage: 'Failed' });
    case 'cancelling':
      return i18n.translate('lookups.job.state.cancelling', { defaultMessage: 'Cancelling' });
    case 'cancelled':
      return i18n.translate('lookups.job.state.cancelled', { defaultMessage: 'Cancelled' });
    case 'outcome_unknown':
      return i18n.translate('lookups.job.state.outcomeUnknown', {
        defaultMessage: 'Outcome unknown',
      });
  }
}

export function jobPhaseLabel(phase: Job['phase']): string | undefined {
  switch (phase) {
    case 'reading':
      return i18n.translate('lookups.job.phase.reading', { defaultMessage: 'reading the source' });
    case 'writing':
      return i18n.translate('lookups.job.phase.writing', { defaultMessage: 'writing rows' });
    default:
      return undefined;
  }
}

const COLORS: Record<JobState, string> = {
  queued: 'default',
  running: 'primary',
  publishing: 'primary',
  finished: 'success',
  failed: 'danger',
  cancelling: 'warning',
  cancelled: 'default',
  outcome_unknown: 'warning',
};

export function JobStateBadge({ state, ...rest }: { state: JobState; 'data-test-subj'?: string }) {
  return (
    <EuiBadge color={COLORS[state]} data-job-state={state} {...rest}>
      {jobStateLabel(state)}
    </EuiBadge>
  );
}
