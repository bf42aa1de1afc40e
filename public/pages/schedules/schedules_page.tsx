/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * The caller's schedules: which lookup each refreshes, with which query and description, and
 * how often, the next run, how the last one ended, and whether the lookup is stale; enable or
 * disable, run now, change, delete, and the run history. A schedule made from a saved query
 * shows its title, and says when the saved query's text changed since (the owner may take it).
 * While a run is going the list is asked again, so it updates. The form (with the PPL editor)
 * loads when it opens.
 */
import { Fragment, lazy, Suspense, useCallback, useEffect, useState } from 'react';
import {
  EuiBadge,
  EuiBasicTable,
  EuiButton,
  EuiButtonEmpty,
  EuiButtonIcon,
  EuiEmptyPrompt,
  EuiFlexGroup,
  EuiFlexItem,
  EuiLink,
  EuiLoadingContent,
  EuiSpacer,
  EuiSwitch,
  EuiText,
  EuiTextColor,
  EuiToolTip,
  type EuiBasicTableColumn,
} from '@elastic/eui';
import { i18n } from '@osd/i18n';
import { FINAL_JOB_STATES } from '../../../common/api/jobs';
import { appRoutes } from '../../../common/api/paths';
import type { Schedule } from '../../../common/api/schedules';
import { useAppChrome } from '../../components/chrome';
import { ConfirmDialog } from '../../components/dialogs';
import { ApiErrorCallout } from '../../components/error_callout';
import { formatTime } from '../../components/format';
import { JobStateBadge } from '../../components/job_state';
import { useRouterLink } from '../../components/router_link';
import { isAbort, toApiFailure, type ApiFailure } from '../../services/api_client';
import type { SavedPplQuery } from '../../services/saved_queries';
import { useApi, useServices } from '../../services/services_context';
import { cadenceText, runRowsText } from './cadence_text';
import { scheduleBodyOf } from './schedule_body';
import { ScheduleRuns } from './schedule_runs';
import { ScheduleQueryCell } from './schedule_query_cell';
import { useSavedQueryStandings } from './saved_query_status';
import { TakeSavedQueryText } from './take_saved_query_text';

const ScheduleForm = lazy(() =>
  import('./schedule_form').then((module) => ({ default: module.ScheduleForm }))
);

/** How often the list is asked again while a run in it is going. */
export const SCHEDULES_POLL_MS = 2000;

const pageTitle = () => i18n.translate('lookups.schedules.title', { defaultMessage: 'Schedules' });

/** A lookup name breaks after its underscores, never mid-word (unless a part is too long). */
const NAME_BREAKS = { wordBreak: 'normal', overflowWrap: 'anywhere' } as const;

function breakableName(name: string) {
  return name.split(/(?<=_)/).map((part, i) => (
    <Fragment key={i}>
      {i > 0 ? <wbr /> : null}
      {part}
    </Fragment>
  ));
}

export function SchedulesPage() {
  useAppChrome([{ text: pageTitle() }]);
  const api = useApi();
  const { notifications } = useServices();
  const link = useRouterLink();
  const [schedules, setSchedules] = useState<Schedule[] | null>(null);
  const [error, setError] = useState<ApiFailure | null>(null);
  const [round, setRound] = useState(0);
  const [editing, setEditing] = useState<Schedule | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Schedule | null>(null);
  const [history, setHistory] = useState<Schedule | null>(null);
  const [taking, setTaking] = useState<Schedule | null>(null);
  const reload = useCallback(() => setRound((r) => r + 1), []);
  const standings = useSavedQueryStandings(schedules);
  const going =
    schedules?.some((s) => s.last_run !== undefined && !FINAL_JOB_STATES.has(s.last_run.state)) ??
    false;

  useEffect(() => {
    const controller = new AbortController();
    api.schedules(controller.signal).then(
      (answer) => {
        setSchedules(answer);
        setError(null);
      },
      (e) => {
        if (!isAbort(e) && !controller.signal.aborted) setError(toApiFailure(e));
      }
    );
    return () => controller.abort();
  }, [api, round]);

  useEffect(() => {
    if (!going) return undefined;
    const timer = setTimeout(reload, SCHEDULES_POLL_MS);
    return () => clearTimeout(timer);
  }, [going, schedules, reload]);

  const act = async (work: () => Promise<unknown>, failed: string) => {
    try {
      await work();
    } catch (e) {
      notifications.toasts.addDanger({ title: failed, text: toApiFailure(e).message });
    }
    reload();
  };

  const toggle = (schedule: Schedule) =>
    act(
      () =>
        api.updateSchedule(schedule.id, scheduleBodyOf(schedule, { enabled: !schedule.enabled })),
      i18n.translate('lookups.schedules.toggleFailed', {
        defaultMessage: 'The schedule was not changed',
      })
    );

  const columns: Array<EuiBasicTableColumn<Schedule>> = [
    {
      field: 'lookup',
      name: i18n.translate('lookups.schedules.col.lookup', { defaultMessage: 'Lookup' }),
      width: '15%',
      render: (lookup: string, schedule: Schedule) => (
        <span>
          <EuiLink
            {...link(appRoutes.lookup(lookup))}
            style={NAME_BREAKS}
            data-test-subj="lookupsScheduleLookup"
          >
            {breakableName(lookup)}
          </EuiLink>{' '}
          {schedule.stale ? (
            <EuiToolTip
              content={i18n.translate('lookups.schedules.staleTip', {
                defaultMessage: 'No successful run for more than twice the schedule’s period.',
              })}
            >
              <EuiBadge color="warning" data-test-subj="lookupsScheduleStale">
                {i18n.translate('lookups.schedules.stale', { defaultMessage: 'Stale' })}
              </EuiBadge>
            </EuiToolTip>
          ) : null}
        </span>
      ),
    },
    {
      field: 'query',
      name: i18n.translate('lookups.schedules.col.query', { defaultMessage: 'Query' }),
      width: '24%',
      render: (_query: string, schedule: Schedule) => (
        <ScheduleQueryCell
          schedule={schedule}
          standing={standings.get(schedule.id)}
          onTake={() => setTaking(schedule)}
        />
      ),
    },
    {
      field: 'description',
      name: i18n.translate('lookups.schedules.col.description', {
        defaultMessage: 'Description',
      }),
      width: '13%',
      render: (description: string | undefined) =>
        description ? (
          <span data-test-subj="lookupsScheduleDescription">{description}</span>
        ) : (
          <EuiTextColor color="subdued">—</EuiTextColor>
        ),
    },
    {
      name: i18n.translate('lookups.schedules.col.cadence', { defaultMessage: 'Runs' }),
      render: (schedule: Schedule) => cadenceText(schedule),
    },
    {
      field: 'next_run_at',
      name: i18n.translate('lookups.schedules.col.next', { defaultMessage: 'Next run' }),
      render: (at: string | null) =>
        at === null
          ? i18n.translate('lookups.schedules.disabled', { defaultMessage: 'Disabled' })
          : formatTime(at),
    },
    {
      name: i18n.translate('lookups.schedules.col.last', { defaultMessage: 'Last run' }),
      render: (schedule: Schedule) =>
        schedule.last_run ? (
          <span data-test-subj="lookupsScheduleLastRun">
            <JobStateBadge
              state={schedule.last_run.state}
              data-test-subj="lookupsScheduleLastState"
            />{' '}
            {runRowsText(schedule.last_run) ?? ''}{' '}
            <EuiTextColor color="subdued">{formatTime(schedule.last_run.created_at)}</EuiTextColor>
          </span>
        ) : (
          i18n.translate('lookups.schedules.never', { defaultMessage: 'Not run yet' })
        ),
    },
    {
      field: 'enabled',
      name: i18n.translate('lookups.schedules.col.enabled', { defaultMessage: 'Enabled' }),
      width: '80px',
      render: (enabled: boolean, schedule: Schedule) => (
        <EuiSwitch
          label={i18n.translate('lookups.schedules.enabledLabel', {
            defaultMessage: 'Enabled: {lookup}',
            values: { lookup: schedule.lookup },
          })}
          showLabel={false}
          checked={enabled}
          onChange={() => toggle(schedule)}
          data-test-subj="lookupsScheduleEnabled"
        />
      ),
    },
    {
      name: i18n.translate('lookups.schedules.col.actions', { defaultMessage: 'Actions' }),
      // Four icon buttons side by side, with the cell's padding.
      width: '132px',
      render: (schedule: Schedule) => {
        const button = (
          testSubj: string,
          icon: string,
          label: string,
          onClick: () => void,
          color: 'primary' | 'danger' = 'primary'
        ) => (
          <EuiToolTip content={label}>
            <EuiButtonIcon
              iconType={icon}
              color={color}
              aria-label={`${label}: ${schedule.lookup}`}
              onClick={onClick}
              data-test-subj={testSubj}
            />
          </EuiToolTip>
        );
        return (
          <EuiFlexGroup gutterSize="xs" responsive={false} wrap={false}>
            <EuiFlexItem grow={false}>
              {button(
                'lookupsScheduleRunNow',
                'play',
                i18n.translate('lookups.schedules.runNow', { defaultMessage: 'Run now' }),
                () =>
                  act(
                    () => api.runSchedule(schedule.id),
                    i18n.translate('lookups.schedules.runFailed', {
                      defaultMessage: 'The run did not start',
                    })
                  )
              )}
            </EuiFlexItem>
            <EuiFlexItem grow={false}>
              {button(
                'lookupsScheduleHistory',
                'clock',
                i18n.translate('lookups.schedules.history', { defaultMessage: 'Run history' }),
                () => setHistory(schedule)
              )}
            </EuiFlexItem>
            <EuiFlexItem grow={false}>
              {button(
                'lookupsScheduleEdit',
                'pencil',
                i18n.translate('lookups.schedules.edit', { defaultMessage: 'Change' }),
                () => setEditing(schedule)
              )}
            </EuiFlexItem>
            <EuiFlexItem grow={false}>
              {button(
                'lookupsScheduleDelete',
                'trash',
                i18n.translate('lookups.schedules.delete', {
                  defaultMessage: 'Delete the schedule (the lookup stays)',
                }),
                () => setDeleting(schedule),
                'danger'
              )}
            </EuiFlexItem>
          </EuiFlexGroup>
        );
      },
    },
  ];

  return (
    <div data-test-subj="lookupsSchedulesPage">
      <EuiFlexGroup justifyContent="spaceBetween" alignItems="center">
        <EuiFlexItem grow={false}>
          <EuiText size="s" color="subdued">
            <p>
              {i18n.translate('lookups.schedules.intro', {
                defaultMessage:
                  'Each schedule runs its query as you and replaces its lookup when the run succeeds.',
              })}
            </p>
          </EuiText>
        </EuiFlexItem>
        <EuiFlexItem grow={false}>
          <EuiFlexGroup gutterSize="s">
            <EuiFlexItem grow={false}>
              <EuiButtonEmpty
                iconType="refresh"
                onClick={reload}
                data-test-subj="lookupsSchedulesRefresh"
              >
                {i18n.translate('lookups.common.refresh', { defaultMessage: 'Refresh' })}
              </EuiButtonEmpty>
            </EuiFlexItem>
            <EuiFlexItem grow={false}>
              <EuiButton
                fill
                iconType="plusInCircle"
                onClick={() => setEditing('new')}
                data-test-subj="lookupsScheduleNew"
              >
                {i18n.translate('lookups.schedules.new', { defaultMessage: 'New schedule' })}
              </EuiButton>
            </EuiFlexItem>
          </EuiFlexGroup>
        </EuiFlexItem>
      </EuiFlexGroup>
      <EuiSpacer size="m" />
      {error ? (
        <ApiErrorCallout
          title={i18n.translate('lookups.schedules.error', {
            defaultMessage: 'The schedules could not be read',
          })}
          error={error}
          onRetry={reload}
        />
      ) : schedules === null ? (
        <EuiLoadingContent lines={4} />
      ) : schedules.length === 0 ? (
        <EuiEmptyPrompt
          iconType="clock"
          title={
            <h2>
              {i18n.translate('lookups.schedules.emptyTitle', {
                defaultMessage: 'No schedules yet',
              })}
            </h2>
          }
          body={
            <p>
              {i18n.translate('lookups.schedules.emptyBody', {
                defaultMessage:
                  'Write a query ending in outputlookup on the Query page and choose Schedule, or make one here.',
              })}
            </p>
          }
          data-test-subj="lookupsSchedulesEmpty"
        />
      ) : (
        <EuiBasicTable
          items={schedules}
          columns={columns}
          rowProps={(schedule: Schedule) => ({
            'data-test-subj': `lookupsSchedule-${schedule.lookup}`,
          })}
          tableCaption={pageTitle()}
          data-test-subj="lookupsSchedulesTable"
        />
      )}
      {editing ? (
        <Suspense fallback={null}>
          <ScheduleForm
            schedule={editing === 'new' ? undefined : editing}
            onClose={() => setEditing(null)}
            onSaved={() => {
              setEditing(null);
              reload();
            }}
          />
        </Suspense>
      ) : null}
      {taking && standings.get(taking.id)?.state === 'changed' ? (
        <TakeSavedQueryText
          schedule={taking}
          current={(standings.get(taking.id) as { current: SavedPplQuery }).current}
          onClose={() => setTaking(null)}
          onTaken={() => {
            setTaking(null);
            reload();
          }}
        />
      ) : null}
      {history ? <ScheduleRuns schedule={history} onClose={() => setHistory(null)} /> : null}
      {deleting ? (
        <ConfirmDialog
          title={i18n.translate('lookups.schedules.deleteTitle', {
            defaultMessage: 'Delete the schedule of {lookup}?',
            values: { lookup: deleting.lookup },
          })}
          onCancel={() => setDeleting(null)}
          onConfirm={() => {
            const doomed = deleting;
            setDeleting(null);
            void act(
              () => api.deleteSchedule(doomed.id),
              i18n.translate('lookups.schedules.deleteFailed', {
                defaultMessage: 'The schedule was not deleted',
              })
            );
          }}
          cancelButtonText={i18n.translate('lookups.common.cancel', { defaultMessage: 'Cancel' })}
          confirmButtonText={i18n.translate('lookups.schedules.deleteConfirm', {
            defaultMessage: 'Delete schedule',
          })}
          buttonColor="danger"
          data-test-subj="lookupsScheduleDeleteModal"
        >
          <p>
            {i18n.translate('lookups.schedules.deleteBody', {
              defaultMessage: 'The lookup and its versions stay; it is no longer refreshed.',
            })}
          </p>
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
