/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * What shows under the Query page's editor: the last run's table or write summary, a write job's
 * progress, or the Explain panel.
 */
import {
  EuiButtonEmpty,
  EuiFlexGroup,
  EuiFlexItem,
  EuiLoadingContent,
  EuiSpacer,
  EuiText,
  EuiTitle,
} from '@elastic/eui';
import { useState } from 'react';
import { i18n } from '@osd/i18n';
import type { QueryResponse } from '../../../common/api/codecs';
import { ApiErrorCallout } from '../../components/error_callout';
import { useAppDispatch, useAppSelector } from '../../store';
import { cancelJob, isFinalJob, isWriteResponse, runQuery } from '../../store/query_slice';
import { LookupsIntro } from '../landing/intro';
import { ExplainPanel } from './explain_panel';
import { BusyCallout, isBusy, JobSection } from './job_panel';
import { QueryFailure, serverErrorPosition, withMax } from './query_errors';
import { QueryResultsTable, WriteSummary } from './query_results';
import type { ResultView } from './result_view_picker';

function JobRunSection({ onAddMax }: { onAddMax: (max: number) => void }) {
  const dispatch = useAppDispatch();
  const job = useAppSelector((state) => state.query.job);
  const text = useAppSelector((state) => state.query.text);
  if (job.status === 'submitting') {
    return (
      <>
        <EuiText size="s" color="subdued">
          <p>
            {i18n.translate('lookups.query.submitting', { defaultMessage: 'Starting the write…' })}
          </p>
        </EuiText>
        <EuiLoadingContent lines={3} data-test-subj="lookupsQueryLoading" />
      </>
    );
  }
  if (job.status === 'error' && job.error) {
    if (isBusy(job.error)) return <BusyCallout error={job.error} lookup={job.lookup} />;
    const positioned = serverErrorPosition(job.error, job.query ?? '');
    if (positioned && job.query === text && typeof job.error.attributes?.setting !== 'string') {
      return null;
    }
    const canLimit = job.query !== undefined && withMax(job.query, 1) !== null;
    return (
      <QueryFailure
        error={job.error}
        onAddMax={canLimit ? onAddMax : undefined}
        writes={job.lookup}
      />
    );
  }
  const canLimit = job.query !== undefined && withMax(job.query, 1) !== null;
  return (
    <JobSection
      run={job}
      onCancel={(id) => void dispatch(cancelJob(id))}
      onAddMax={canLimit ? onAddMax : undefined}
    />
  );
}

export function RunSection({ onAddMax }: { onAddMax: (max: number) => void }) {
  const dispatch = useAppDispatch();
  // Table or chart: kept while the rows a chart left out are read, and for the next run.
  const [view, setView] = useState<ResultView>('table');
  const run = useAppSelector((state) => state.query.run);
  const text = useAppSelector((state) => state.query.text);
  const last = useAppSelector((state) => state.query.last);
  const jobStatus = useAppSelector((state) => state.query.job.status);
  const jobEnded = useAppSelector((state) => isFinalJob(state.query.job.job));
  const blocked = useAppSelector(
    (state) => state.query.parseError !== undefined && state.query.parseErrorText === text
  );
  // A query the parser refused was not sent: the last run's output must not pass for its
  // result. Only a write still running stays (it can still be cancelled there).
  if (blocked && (last === 'query' || jobStatus !== 'tracking' || jobEnded)) return null;
  if (last === 'job' && jobStatus !== 'idle') return <JobRunSection onAddMax={onAddMax} />;
  if (run.status === 'idle') return <LookupsIntro />;
  if (run.status === 'loading') {
    return (
      <>
        <EuiText size="s" color="subdued">
          <p>{i18n.translate('lookups.query.running', { defaultMessage: 'Running…' })}</p>
        </EuiText>
        <EuiLoadingContent lines={5} data-test-subj="lookupsQueryLoading" />
      </>
    );
  }
  if (run.status === 'error' && run.error) {
    const positioned = serverErrorPosition(run.error, run.query ?? '');
    // A syntax error with a position shows under the editor while the text is the one sent.
    if (positioned && run.query === text && typeof run.error.attributes?.setting !== 'string') {
      return null;
    }
    const canLimit = run.query !== undefined && withMax(run.query, 1) !== null;
    return <QueryFailure error={run.error} onAddMax={canLimit ? onAddMax : undefined} />;
  }
  const result = run.result as QueryResponse;
  return isWriteResponse(result) ? (
    <WriteSummary result={result} />
  ) : (
    <QueryResultsTable
      result={result}
      query={run.query}
      view={view}
      onView={setView}
      onLoadRows={(size) => {
        if (run.query !== undefined) void dispatch(runQuery({ query: run.query, size }));
      }}
    />
  );
}

export function ExplainSection({ onClose }: { onClose: () => void }) {
  const explain = useAppSelector((state) => state.query.explain);
  const text = useAppSelector((state) => state.query.text);
  const positioned =
    explain.error && explain.query === text ? serverErrorPosition(explain.error, text) : null;
  return (
    <div>
      <EuiFlexGroup justifyContent="spaceBetween" alignItems="center" responsive={false}>
        <EuiFlexItem grow={false}>
          <EuiTitle size="xs">
            <h2>{i18n.translate('lookups.query.explainTitle', { defaultMessage: 'Explain' })}</h2>
          </EuiTitle>
        </EuiFlexItem>
        <EuiFlexItem grow={false}>
          <EuiButtonEmpty
            size="s"
            iconType="cross"
            onClick={onClose}
            data-test-subj="lookupsExplainClose"
          >
            {i18n.translate('lookups.query.explainClose', { defaultMessage: 'Close' })}
          </EuiButtonEmpty>
        </EuiFlexItem>
      </EuiFlexGroup>
      <EuiSpacer size="s" />
      {explain.status === 'loading' ? <EuiLoadingContent lines={4} /> : null}
      {explain.status === 'error' && explain.error && !positioned ? (
        <ApiErrorCallout
          title={i18n.translate('lookups.query.explainFailed', {
            defaultMessage: 'The query cannot be explained',
          })}
          error={explain.error}
          data-test-subj="lookupsExplainError"
        />
      ) : null}
      {explain.status === 'ready' && explain.result ? (
        <ExplainPanel result={explain.result} />
      ) : null}
    </div>
  );
}
