/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * The Query page: a PPL editor with highlighting, completion and error markers; Run
 * (Ctrl/Cmd+Enter) shows a table, or for a pipeline ending in outputlookup what it wrote;
 * Explain shows the plan and what a write would do. Loaded on demand (React.lazy in app.tsx):
 * the editor, the parser and the tokenizer stay out of the first paint.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useHistory, useLocation } from 'react-router-dom';
import {
  EuiButton,
  EuiButtonEmpty,
  EuiContextMenuItem,
  EuiContextMenuPanel,
  EuiFlexGroup,
  EuiFlexItem,
  EuiFormRow,
  EuiHorizontalRule,
  EuiLoadingContent,
  EuiPopover,
  EuiSpacer,
  EuiText,
  EuiTitle,
} from '@elastic/eui';
import { i18n } from '@osd/i18n';
import type { QueryResponse } from '../../../common/api/codecs';
import { appRoutes } from '../../../common/api/paths';
import { parsePpl } from '../../../common/ppl/parser';
import { ServerStatusCallout } from '../../components/server_status';
import { useAppChrome } from '../../components/chrome';
import { ApiErrorCallout } from '../../components/error_callout';
import { formatTime } from '../../components/format';
import { isAbort, toApiFailure } from '../../services/api_client';
import { useApi, useServices } from '../../services/services_context';
import { useAppDispatch, useAppSelector } from '../../store';
import { lookupsChanged, useCatalog } from '../../store/api';
import {
  cancelJob,
  explainQuery,
  isFinalJob,
  isWriteResponse,
  jobPollFailed,
  jobUpdated,
  queryParsed,
  queryTextChanged,
  recentCleared,
  recentLoaded,
  runQuery,
  submitJob,
} from '../../store/query_slice';
import { LookupsIntro } from '../landing/intro';
import { ScheduleForm } from '../schedules/schedule_form';
import { indicesIn, type CompletionSources } from './completion';
import { ExplainPanel } from './explain_panel';
import { BusyCallout, isBusy, JobSection } from './job_panel';
import { PplEditor } from './ppl_editor';
import {
  parseErrorPosition,
  QueryFailure,
  serverErrorPosition,
  SyntaxErrorMessage,
  toMarker,
  withMax,
  type PositionedError,
} from './query_errors';
import { QueryResultsTable, WriteSummary } from './query_results';
import { browserStorage, loadRecentQueries, saveRecentQueries } from './recent_queries';

const EDITOR_ID = 'lookupsQueryEditor';
const ERROR_ID = 'lookupsQueryEditorError';
const HELP_ID = 'lookupsQueryEditorHelp';

export const queryTitle = () => i18n.translate('lookups.query.title', { defaultMessage: 'Query' });

/** Fields of the lookups a query reads, asked once per lookup from `_field_caps`. */
function useLookupFields(names: string[], lookups: ReadonlySet<string>): string[] {
  const api = useApi();
  const [known, setKnown] = useState<Record<string, string[]>>({});
  const asked = useRef(new Set<string>());
  const wanted = names.filter((n) => lookups.has(n));
  const key = wanted.join(',');
  useEffect(() => {
    for (const name of key ? key.split(',') : []) {
      if (asked.current.has(name)) continue;
      asked.current.add(name);
      api.fieldCaps(name).then(
        (caps) => setKnown((k) => ({ ...k, [name]: Object.keys(caps.fields) })),
        // Completion is a help: a lookup whose fields cannot be read just offers none.
        () => undefined
      );
    }
  }, [api, key]);
  return wanted.flatMap((n) => known[n] ?? []);
}

/**
 * What the cluster says, as the caller: the sources they may query (asked once) and the fields
 * of each listed source the query reads (asked once per source). Completion is a help: when a
 * route fails, the editor keeps what it knows from the catalog and recent queries.
 */
function useClusterSources(
  names: string[],
  lookups: ReadonlySet<string>
): { indices: string[]; fields: string[] } {
  const api = useApi();
  const [indices, setIndices] = useState<string[]>([]);
  const [known, setKnown] = useState<Record<string, string[]>>({});
  const asked = useRef(new Set<string>());
  useEffect(() => {
    const controller = new AbortController();
    api.sources(controller.signal).then(
      (answer) => setIndices(answer.sources.map((s) => s.name)),
      () => undefined
    );
    return () => controller.abort();
  }, [api]);
  const listed = useMemo(() => new Set(indices), [indices]);
  // Lookups get their fields from `_field_caps` (useLookupFields); names being typed are not asked.
  const wanted = names.filter((n) => listed.has(n) && !lookups.has(n));
  const key = wanted.join(',');
  useEffect(() => {
    for (const name of key ? key.split(',') : []) {
      if (asked.current.has(name)) continue;
      asked.current.add(name);
      api.sourceFields(name).then(
        (answer) => setKnown((k) => ({ ...k, [name]: answer.fields.map((f) => f.name) })),
        () => undefined
      );
    }
  }, [api, key]);
  const fields = useMemo(
    () => (key ? key.split(',') : []).flatMap((n) => known[n] ?? []),
    [key, known]
  );
  return useMemo(() => ({ indices, fields }), [indices, fields]);
}

/** How often a running job is asked how far it got. */
export const JOB_POLL_MS = 500;

/**
 * Polls the tracked job until it reaches a final state; stops when the page unmounts (and
 * starts again when it mounts while the job still runs).
 */
function useJobPolling(id: string | undefined, ended: boolean) {
  const api = useApi();
  const dispatch = useAppDispatch();
  useEffect(() => {
    if (!id || ended) return undefined;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      try {
        const job = await api.job(id, controller.signal);
        dispatch(jobUpdated(job));
        if (isFinalJob(job)) {
          if (job.state === 'finished') dispatch(lookupsChanged([job.lookup]));
          return;
        }
      } catch (e) {
        if (isAbort(e) || controller.signal.aborted) return;
        const error = toApiFailure(e);
        dispatch(jobPollFailed({ id, error }));
        // Not the caller's job (or gone): asking again will not help.
        if (error.statusCode === 404) return;
      }
      if (!controller.signal.aborted) timer = setTimeout(poll, JOB_POLL_MS);
    };
    timer = setTimeout(poll, JOB_POLL_MS);
    return () => {
      controller.abort();
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [api, dispatch, id, ended]);
}

export function QueryPage() {
  const dispatch = useAppDispatch();
  const history = useHistory();
  const location = useLocation();
  const { currentUser, storage: givenStorage } = useServices();
  const storage = useMemo(() => givenStorage ?? browserStorage(), [givenStorage]);
  const { text, last, run, job, explain, parseError, parseErrorText, recent } = useAppSelector(
    (state) => state.query
  );
  // Lookup names for completion come from the catalog (a cached one will do).
  const catalog = useCatalog({ refetchOnMount: false });
  const textareaRef = useRef<HTMLTextAreaElement | null>(null);
  const running = useRef<{ abort: () => void } | null>(null);
  const [recentOpen, setRecentOpen] = useState(false);
  const [showExplain, setShowExplain] = useState(false);
  const [scheduling, setScheduling] = useState(false);
  const loadedFor = useRef<string | null>(null);

  useAppChrome([{ text: queryTitle() }]);
  useJobPolling(job.job?.id, isFinalJob(job.job));

  // Recent queries belong to the signed-in user.
  useEffect(() => {
    const key = currentUser ?? '';
    if (loadedFor.current === key) return;
    loadedFor.current = key;
    dispatch(recentLoaded(loadRecentQueries(storage, currentUser)));
  }, [dispatch, storage, currentUser]);
  useEffect(() => {
    if (loadedFor.current === (currentUser ?? '')) saveRecentQueries(storage, currentUser, recent);
  }, [storage, currentUser, recent]);

  // `/query?q=…` (e.g. "Query this lookup") fills the editor once.
  useEffect(() => {
    const q = new URLSearchParams(location.search).get('q');
    if (q !== null) {
      dispatch(queryTextChanged(q));
      history.replace(appRoutes.query());
    }
  }, [dispatch, history, location.search]);

  // Once a parse error shows, it follows the text as it is fixed.
  useEffect(() => {
    if (parseErrorText === undefined || parseErrorText === text) return undefined;
    const timer = setTimeout(() => {
      const parsed = parsePpl(text);
      dispatch(queryParsed({ text, error: parsed.ok ? undefined : parsed.error }));
    }, 250);
    return () => clearTimeout(timer);
  }, [dispatch, text, parseErrorText]);

  const lookupNames = useMemo(() => catalog.lookups.map((l) => l.name), [catalog.lookups]);
  const lookupSet = useMemo(() => new Set(lookupNames), [lookupNames]);
  const recentIndices = useMemo(() => recent.flatMap((r) => indicesIn(r.query)), [recent]);
  const reading = useMemo(() => indicesIn(text), [text]);
  const lookupFields = useLookupFields(reading, lookupSet);
  const cluster = useClusterSources(reading, lookupSet);
  const sources: CompletionSources = useMemo(() => {
    const fields = new Set<string>();
    const result = run.result;
    if (result && !isWriteResponse(result)) result.schema.forEach((c) => fields.add(c.name));
    for (const r of recent) {
      if (r.fields && indicesIn(r.query).some((i) => reading.includes(i))) {
        r.fields.forEach((f) => fields.add(f));
      }
    }
    lookupFields.forEach((f) => fields.add(f));
    cluster.fields.forEach((f) => fields.add(f));
    return {
      indices: [...new Set([...recentIndices, ...cluster.indices])],
      lookups: lookupNames,
      fields: [...fields].sort(),
    };
  }, [run.result, recent, reading, lookupFields, cluster, recentIndices, lookupNames]);

  // The error to mark: the parser's (for this very text) or the server's (for the text it got).
  const positioned: PositionedError | null = useMemo(() => {
    // While the text changes the parser's error is re-checked (above), so it stays current.
    if (parseError) return parseErrorPosition(parseError);
    if (run.status === 'error' && run.error && run.query === text) {
      return serverErrorPosition(run.error, text);
    }
    if (job.status === 'error' && job.error && job.query === text) {
      return serverErrorPosition(job.error, text);
    }
    if (showExplain && explain.status === 'error' && explain.error && explain.query === text) {
      return serverErrorPosition(explain.error, text);
    }
    return null;
  }, [parseError, run, job, explain, showExplain, text]);
  const markers = positioned ? [toMarker(positioned)] : [];

  const submit = useCallback(
    (mode: 'run' | 'explain') => {
      if (text.trim() === '') return;
      const parsed = parsePpl(text);
      dispatch(queryParsed({ text, error: parsed.ok ? undefined : parsed.error }));
      if (!parsed.ok) return;
      running.current?.abort();
      if (mode === 'run') {
        const output = parsed.query.output;
        // Every write runs as a job the page follows; a plain query answers its rows at once.
        running.current = output
          ? dispatch(submitJob({ query: text, lookup: output.name }))
          : dispatch(runQuery({ query: text }));
        setShowExplain(false);
      } else {
        running.current = dispatch(explainQuery({ query: text }));
        setShowExplain(true);
      }
    },
    [dispatch, text]
  );

  const goTo = (offset: number, length: number) => {
    const textarea = textareaRef.current;
    if (!textarea) return;
    textarea.focus();
    textarea.setSelectionRange(offset, offset + length);
  };

  const busy =
    run.status === 'loading' || explain.status === 'loading' || job.status === 'submitting';
  const writes = useMemo(() => {
    const parsed = parsePpl(text);
    return parsed.ok && parsed.query.output !== undefined;
  }, [text]);
  const recentMenu = recent.map((r) => (
    <EuiContextMenuItem
      key={r.query}
      onClick={() => {
        dispatch(queryTextChanged(r.query));
        setRecentOpen(false);
        textareaRef.current?.focus();
      }}
      toolTipContent={formatTime(r.at)}
      data-test-subj="lookupsRecentQuery"
    >
      <code style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
        {r.query.length > 200 ? `${r.query.slice(0, 200)}…` : r.query}
      </code>
    </EuiContextMenuItem>
  ));

  return (
    <div data-test-subj="lookupsQueryPage">
      <ServerStatusCallout />
      <EuiFormRow
        fullWidth
        label={i18n.translate('lookups.query.editorLabel', { defaultMessage: 'PPL query' })}
        labelAppend={
          <EuiPopover
            isOpen={recentOpen}
            closePopover={() => setRecentOpen(false)}
            panelPaddingSize="none"
            anchorPosition="downRight"
            button={
              <EuiButtonEmpty
                size="xs"
                iconType="clock"
                onClick={() => setRecentOpen((o) => !o)}
                isDisabled={recent.length === 0}
                data-test-subj="lookupsRecentButton"
              >
                {i18n.translate('lookups.query.recent', {
                  defaultMessage: 'Recent queries ({count})',
                  values: { count: recent.length },
                })}
              </EuiButtonEmpty>
            }
          >
            <EuiContextMenuPanel
              style={{ width: 480, maxHeight: 400, overflowY: 'auto' }}
              items={[
                ...recentMenu,
                <EuiContextMenuItem
                  key="__clear"
                  icon="trash"
                  onClick={() => {
                    dispatch(recentCleared());
                    setRecentOpen(false);
                  }}
                >
                  {i18n.translate('lookups.query.recentClear', {
                    defaultMessage: 'Clear recent queries',
                  })}
                </EuiContextMenuItem>,
              ]}
            />
          </EuiPopover>
        }
        helpText={
          <span id={HELP_ID}>
            {i18n.translate('lookups.query.editorHelp', {
              defaultMessage:
                'Ctrl+Enter (⌘+Enter) runs the query; Ctrl+Space suggests commands, options, indices and fields.',
            })}
          </span>
        }
      >
        <PplEditor
          id={EDITOR_ID}
          value={text}
          onChange={(value) => dispatch(queryTextChanged(value))}
          onRun={() => submit('run')}
          markers={markers}
          sources={sources}
          describedBy={positioned ? `${ERROR_ID} ${HELP_ID}` : HELP_ID}
          invalid={positioned !== null}
          // No lookup name: an example must not suggest a name the user may not write.
          placeholder="source=<index> | stats count() by host"
          textareaRef={textareaRef}
        />
      </EuiFormRow>
      {positioned ? (
        <>
          <EuiSpacer size="s" />
          <SyntaxErrorMessage
            error={positioned}
            id={ERROR_ID}
            onGoTo={() => goTo(positioned.offset, positioned.length)}
          />
        </>
      ) : null}
      <EuiSpacer size="m" />
      <EuiFlexGroup gutterSize="s" responsive={false} wrap>
        <EuiFlexItem grow={false}>
          <EuiButton
            fill
            iconType="play"
            onClick={() => submit('run')}
            isLoading={run.status === 'loading' || job.status === 'submitting'}
            isDisabled={text.trim() === ''}
            data-test-subj="lookupsQueryRun"
          >
            {writes
              ? i18n.translate('lookups.query.runWrite', { defaultMessage: 'Run and write' })
              : i18n.translate('lookups.query.run', { defaultMessage: 'Run' })}
          </EuiButton>
        </EuiFlexItem>
        <EuiFlexItem grow={false}>
          <EuiButton
            iconType="inspect"
            onClick={() => submit('explain')}
            isLoading={explain.status === 'loading'}
            isDisabled={text.trim() === ''}
            data-test-subj="lookupsQueryExplain"
          >
            {i18n.translate('lookups.query.explain', { defaultMessage: 'Explain' })}
          </EuiButton>
        </EuiFlexItem>
        {writes ? (
          <EuiFlexItem grow={false}>
            <EuiButtonEmpty
              iconType="clock"
              onClick={() => setScheduling(true)}
              data-test-subj="lookupsQuerySchedule"
            >
              {i18n.translate('lookups.query.schedule', { defaultMessage: 'Schedule…' })}
            </EuiButtonEmpty>
          </EuiFlexItem>
        ) : null}
        {busy ? (
          <EuiFlexItem grow={false}>
            <EuiButtonEmpty
              iconType="cross"
              onClick={() => running.current?.abort()}
              data-test-subj="lookupsQueryCancel"
            >
              {i18n.translate('lookups.query.cancel', { defaultMessage: 'Cancel' })}
            </EuiButtonEmpty>
          </EuiFlexItem>
        ) : null}
      </EuiFlexGroup>
      {scheduling ? (
        <ScheduleForm
          query={text}
          onClose={() => setScheduling(false)}
          onSaved={() => {
            setScheduling(false);
            history.push(appRoutes.schedules());
          }}
        />
      ) : null}
      <EuiHorizontalRule margin="l" />
      {showExplain ? (
        <ExplainSection onClose={() => setShowExplain(false)} />
      ) : (
        <RunSection
          onAddMax={(max) => {
            const next = withMax((last === 'job' ? job.query : run.query) ?? text, max);
            if (next !== null) dispatch(queryTextChanged(next));
            textareaRef.current?.focus();
          }}
        />
      )}
    </div>
  );
}

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

function RunSection({ onAddMax }: { onAddMax: (max: number) => void }) {
  const run = useAppSelector((state) => state.query.run);
  const text = useAppSelector((state) => state.query.text);
  const last = useAppSelector((state) => state.query.last);
  const jobStatus = useAppSelector((state) => state.query.job.status);
  const blocked = useAppSelector(
    (state) => state.query.parseError !== undefined && state.query.parseErrorText === text
  );
  // A query the parser refused was not sent: the last run's output must not pass for its result.
  if (blocked && (last === 'query' || jobStatus !== 'tracking')) return null;
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
    <QueryResultsTable result={result} />
  );
}

function ExplainSection({ onClose }: { onClose: () => void }) {
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

export default QueryPage;
