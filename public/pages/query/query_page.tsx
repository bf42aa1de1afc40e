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
  EuiPopover,
  EuiSpacer,
} from '@elastic/eui';
import { i18n } from '@osd/i18n';
import { appRoutes } from '../../../common/api/paths';
import { parsePpl } from '../../../common/ppl/parser';
import { ServerStatusCallout } from '../../components/server_status';
import { useAppChrome } from '../../components/chrome';
import { formatTime } from '../../components/format';
import { Refusable } from '../../components/permissions';
import { useCurrentUser } from '../../services/current_user';
import { useServices } from '../../services/services_context';
import { useAppDispatch, useAppSelector } from '../../store';
import { useCatalog } from '../../store/api';
import {
  explainQuery,
  isFinalJob,
  isWriteResponse,
  queryParsed,
  queryTextChanged,
  recentCleared,
  recentLoaded,
  QUERY_RESULT_SIZE,
  runQuery,
  submitJob,
} from '../../store/query_slice';
import { ScheduleForm } from '../schedules/schedule_form';
import { resultSizeFor } from './chart_data';
import { indicesIn, type CompletionSources } from './completion';
import { PplEditor } from './ppl_editor';
import { useClusterSources, useJobPolling, useLookupFields, useWriteGrant } from './query_hooks';
import {
  parseErrorPosition,
  serverErrorPosition,
  SyntaxErrorMessage,
  toMarker,
  withMax,
  type PositionedError,
} from './query_errors';
import { browserStorage, loadRecentQueries, saveRecentQueries } from './recent_queries';
import { SavedQueryBar } from './saved_queries/saved_query_bar';
import { ExplainSection, RunSection } from './run_sections';

const EDITOR_ID = 'lookupsQueryEditor';
const ERROR_ID = 'lookupsQueryEditorError';
const HELP_ID = 'lookupsQueryEditorHelp';

export const queryTitle = () => i18n.translate('lookups.query.title', { defaultMessage: 'Query' });

export function QueryPage() {
  const dispatch = useAppDispatch();
  const history = useHistory();
  const location = useLocation();
  const { storage: givenStorage } = useServices();
  const currentUser = useCurrentUser();
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

  // Recent queries belong to the signed-in user: read once the user is known.
  useEffect(() => {
    if (currentUser === undefined) return;
    const key = currentUser ?? '';
    if (loadedFor.current === key) return;
    loadedFor.current = key;
    dispatch(recentLoaded(loadRecentQueries(storage, currentUser ?? undefined)));
  }, [dispatch, storage, currentUser]);
  useEffect(() => {
    if (currentUser === undefined || loadedFor.current !== (currentUser ?? '')) return;
    saveRecentQueries(storage, currentUser ?? undefined, recent);
  }, [storage, currentUser, recent]);

  // `/query?q=…` fills the editor once; with `run=true` ("Query this lookup") it also runs a
  // plain query (a write is never run from a link).
  useEffect(() => {
    const params = new URLSearchParams(location.search);
    const q = params.get('q');
    if (q === null) return;
    dispatch(queryTextChanged(q));
    history.replace(appRoutes.query());
    const parsed = parsePpl(q);
    if (params.get('run') === 'true' && parsed.ok && parsed.query.output === undefined) {
      running.current?.abort();
      running.current = dispatch(runQuery({ query: q, size: resultSizeFor(q, QUERY_RESULT_SIZE) }));
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
  const matchModes = useMemo(
    () =>
      Object.fromEntries(
        catalog.lookups.filter((l) => l.match_mode).map((l) => [l.name, l.match_mode!])
      ),
    [catalog.lookups]
  );
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
      matchModes,
    };
  }, [run.result, recent, reading, lookupFields, cluster, recentIndices, lookupNames, matchModes]);

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
          : dispatch(runQuery({ query: text, size: resultSizeFor(text, QUERY_RESULT_SIZE) }));
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
  const target = useMemo(() => {
    const parsed = parsePpl(text);
    return parsed.ok ? parsed.query.output?.name : undefined;
  }, [text]);
  const writes = target !== undefined;
  const writeGrant = useWriteGrant(target);
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
      <SavedQueryBar />
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
          <Refusable name={target ?? ''} action="write" grant={writes ? writeGrant : undefined}>
            {(refused) => (
              <EuiButton
                fill
                iconType="play"
                onClick={() => submit('run')}
                isLoading={run.status === 'loading' || job.status === 'submitting'}
                isDisabled={text.trim() === '' || refused}
                data-test-subj="lookupsQueryRun"
              >
                {writes
                  ? i18n.translate('lookups.query.runWrite', { defaultMessage: 'Run and write' })
                  : i18n.translate('lookups.query.run', { defaultMessage: 'Run' })}
              </EuiButton>
            )}
          </Refusable>
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
            {/* A schedule writes the lookup as its owner: offered only to who may write it. */}
            <Refusable
              name={target ?? ''}
              action="write"
              grant={writeGrant}
              testSubj="lookupsRefused-schedule"
            >
              {(refused) => (
                <EuiButtonEmpty
                  iconType="clock"
                  onClick={() => setScheduling(true)}
                  isDisabled={refused}
                  data-test-subj="lookupsQuerySchedule"
                >
                  {i18n.translate('lookups.query.schedule', { defaultMessage: 'Schedule…' })}
                </EuiButtonEmpty>
              )}
            </Refusable>
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

export default QueryPage;
