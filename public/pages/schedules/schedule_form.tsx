/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Making or changing a schedule: the query (in the app's PPL editor), a description, an
 * interval or a cron expression in a time zone, whether it runs, and its publish guards. The
 * query and the cadence are checked as they are typed with the same code the server uses (a
 * period shorter than `lookups.schedules.min_interval_ms` too), and the next runs are shown only
 * for a cadence the server will take.
 */
import { useMemo, useState } from 'react';
import {
  EuiButton,
  EuiButtonEmpty,
  EuiCheckbox,
  EuiFieldNumber,
  EuiFieldText,
  EuiForm,
  EuiFormRow,
  EuiRadioGroup,
  EuiSpacer,
  EuiSwitch,
  EuiText,
  EuiTextArea,
} from '@elastic/eui';
import { i18n } from '@osd/i18n';
import type { SavedQueryLink, Schedule, ScheduleBody } from '../../../common/api/schedules';
import { nextRunAfter, parseCadence, tooFrequent } from '../../../common/schedules/cadence';
import { parsePpl } from '../../../common/ppl/parser';
import { Dialog } from '../../components/dialogs';
import { ApiErrorCallout } from '../../components/error_callout';
import { formatTime } from '../../components/format';
import { toApiFailure, type ApiFailure } from '../../services/api_client';
import { Refusable } from '../../components/permissions';
import { useApi, useServices } from '../../services/services_context';
import { useWriteGrant } from '../query/query_hooks';
import { ScheduleQueryField, scheduleQueryProblem } from './schedule_query_field';

type Kind = 'every' | 'cron';

function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

export interface ScheduleFormProps {
  /** The schedule to change; without it a new one is made. */
  schedule?: Schedule;
  /** The query a new schedule starts from (the Query page's editor, or a saved query's text). */
  query?: string;
  /** The saved query a new schedule's text was copied from. */
  savedQuery?: SavedQueryLink;
  /** The description a new schedule starts from (the saved query's). */
  description?: string;
  onClose(): void;
  onSaved(schedule: Schedule): void;
}

export function ScheduleForm({
  schedule,
  query,
  savedQuery,
  description: initialDescription,
  onClose,
  onSaved,
}: ScheduleFormProps) {
  const api = useApi();
  const { config } = useServices();
  const minIntervalMs = config.schedules.min_interval_ms;
  const link = schedule ? schedule.saved_query : savedQuery;
  const [text, setText] = useState(schedule?.query ?? query ?? '');
  const [description, setDescription] = useState(
    schedule?.description ?? initialDescription?.slice(0, 1000) ?? ''
  );
  const [kind, setKind] = useState<Kind>(schedule?.cron !== undefined ? 'cron' : 'every');
  const [every, setEvery] = useState(schedule?.every ?? '1h');
  const [cron, setCron] = useState(schedule?.cron ?? '0 3 * * *');
  const [timeZone, setTimeZone] = useState(schedule?.time_zone ?? browserTimeZone());
  const [enabled, setEnabled] = useState(schedule?.enabled ?? true);
  const [skipEmpty, setSkipEmpty] = useState(schedule?.guards.skip_empty ?? false);
  const [limitShrink, setLimitShrink] = useState(schedule?.guards.max_shrink_percent !== undefined);
  const [shrink, setShrink] = useState(schedule?.guards.max_shrink_percent ?? 50);
  const [keepColumns, setKeepColumns] = useState(schedule?.guards.keep_columns ?? false);
  const [saving, setSaving] = useState(false);
  const target = useMemo(() => {
    const parsed = parsePpl(text);
    return parsed.ok ? parsed.query.output?.name : undefined;
  }, [text]);
  const writeGrant = useWriteGrant(target);
  const [error, setError] = useState<ApiFailure | null>(null);

  const cadenceInput = kind === 'every' ? { every } : { cron, time_zone: timeZone };
  const cadence = useMemo(
    () => {
      const parsed = parseCadence(cadenceInput);
      if (!parsed.ok) return parsed;
      // The shortest period the server takes, refused here already.
      const frequent = tooFrequent(parsed.cadence, new Date(), minIntervalMs);
      return frequent ? { ok: false as const, message: frequent, field: kind } : parsed;
    },
    // The input object is rebuilt each render; its parts decide.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [kind, every, cron, timeZone, minIntervalMs]
  );
  const nextRuns = useMemo(() => {
    if (!cadence.ok) return [];
    const anchor = schedule ? new Date(schedule.created_at) : new Date();
    const runs: Date[] = [];
    let after = new Date();
    for (let i = 0; i < 3; i++) {
      after = nextRunAfter(cadence.cadence, after, anchor);
      runs.push(after);
    }
    return runs;
  }, [cadence, schedule]);

  const body = (): ScheduleBody => ({
    query: text,
    ...(kind === 'every' ? { every } : { cron, time_zone: timeZone }),
    ...(description.trim() !== '' ? { description } : {}),
    ...(link ? { saved_query: link } : {}),
    enabled,
    guards: {
      ...(skipEmpty ? { skip_empty: true } : {}),
      ...(limitShrink ? { max_shrink_percent: shrink } : {}),
      ...(keepColumns ? { keep_columns: true } : {}),
    },
  });

  const save = async () => {
    setSaving(true);
    setError(null);
    try {
      const saved = schedule
        ? await api.updateSchedule(schedule.id, body())
        : await api.createSchedule(body());
      onSaved(saved);
    } catch (e) {
      setError(toApiFailure(e));
      setSaving(false);
    }
  };

  const title = schedule
    ? i18n.translate('lookups.scheduleForm.editTitle', { defaultMessage: 'Change schedule' })
    : i18n.translate('lookups.scheduleForm.newTitle', { defaultMessage: 'Schedule a refresh' });
  const cadenceError = !cadence.ok ? cadence.message : undefined;

  return (
    <Dialog
      id="lookupsScheduleFormTitle"
      title={title}
      testSubj="lookupsScheduleForm"
      onClose={onClose}
      footer={
        <>
          <EuiButtonEmpty onClick={onClose} data-test-subj="lookupsScheduleFormCancel">
            {i18n.translate('lookups.common.cancel', { defaultMessage: 'Cancel' })}
          </EuiButtonEmpty>
          {/* Each run writes the lookup as its owner: refused here when they may not. */}
          <Refusable name={target ?? ''} action="write" grant={writeGrant}>
            {(refused) => (
              <EuiButton
                fill
                onClick={save}
                isLoading={saving}
                isDisabled={
                  refused ||
                  !cadence.ok ||
                  text.trim() === '' ||
                  scheduleQueryProblem(text) !== undefined ||
                  description.length > 1000
                }
                data-test-subj="lookupsScheduleFormSave"
              >
                {schedule
                  ? i18n.translate('lookups.scheduleForm.save', { defaultMessage: 'Save' })
                  : i18n.translate('lookups.scheduleForm.create', {
                      defaultMessage: 'Create schedule',
                    })}
              </EuiButton>
            )}
          </Refusable>
        </>
      }
    >
      <EuiText size="s" color="subdued">
        <p>
          {i18n.translate('lookups.scheduleForm.intro', {
            defaultMessage:
              'The query runs as you, on the cadence you choose, and replaces the lookup it writes each time it succeeds.',
          })}
        </p>
      </EuiText>
      <EuiSpacer size="m" />
      <EuiForm component="form" onSubmit={(e) => e.preventDefault()}>
        <ScheduleQueryField value={text} onChange={setText} savedQuery={link} />
        <EuiFormRow
          label={i18n.translate('lookups.scheduleForm.description', {
            defaultMessage: 'Description',
          })}
          helpText={i18n.translate('lookups.scheduleForm.descriptionHelp', {
            defaultMessage: 'What this schedule keeps fresh, shown in the schedules list.',
          })}
          fullWidth
          isInvalid={description.length > 1000}
          error={i18n.translate('lookups.scheduleForm.descriptionTooLong', {
            defaultMessage: 'At most 1000 characters.',
          })}
        >
          <EuiTextArea
            value={description}
            onChange={(e) => setDescription(e.target.value)}
            rows={2}
            fullWidth
            isInvalid={description.length > 1000}
            data-test-subj="lookupsScheduleFormDescription"
          />
        </EuiFormRow>
        <EuiFormRow label={i18n.translate('lookups.scheduleForm.runs', { defaultMessage: 'Runs' })}>
          <EuiRadioGroup
            idSelected={`lookupsScheduleKind-${kind}`}
            onChange={(id) => setKind(id.endsWith('cron') ? 'cron' : 'every')}
            options={[
              {
                id: 'lookupsScheduleKind-every',
                label: i18n.translate('lookups.scheduleForm.kindEvery', {
                  defaultMessage: 'At an interval',
                }),
              },
              {
                id: 'lookupsScheduleKind-cron',
                label: i18n.translate('lookups.scheduleForm.kindCron', {
                  defaultMessage: 'On a cron expression',
                }),
              },
            ]}
          />
        </EuiFormRow>
        {kind === 'every' ? (
          <EuiFormRow
            label={i18n.translate('lookups.scheduleForm.every', { defaultMessage: 'Every' })}
            helpText={i18n.translate('lookups.scheduleForm.everyHelp', {
              defaultMessage: 'A number and a unit: 30m, 6h, 1d.',
            })}
            isInvalid={cadenceError !== undefined}
            error={cadenceError}
          >
            <EuiFieldText
              value={every}
              onChange={(e) => setEvery(e.target.value)}
              isInvalid={cadenceError !== undefined}
              data-test-subj="lookupsScheduleFormEvery"
            />
          </EuiFormRow>
        ) : (
          <>
            <EuiFormRow
              label={i18n.translate('lookups.scheduleForm.cron', {
                defaultMessage: 'Cron expression',
              })}
              helpText={i18n.translate('lookups.scheduleForm.cronHelp', {
                defaultMessage: 'minute hour day month weekday, e.g. 0 3 * * * for 03:00 daily.',
              })}
              isInvalid={
                cadenceError !== undefined && cadence.ok === false && cadence.field === 'cron'
              }
              error={cadence.ok === false && cadence.field === 'cron' ? cadenceError : undefined}
            >
              <EuiFieldText
                value={cron}
                onChange={(e) => setCron(e.target.value)}
                data-test-subj="lookupsScheduleFormCron"
              />
            </EuiFormRow>
            <EuiFormRow
              label={i18n.translate('lookups.scheduleForm.timeZone', {
                defaultMessage: 'Time zone',
              })}
              isInvalid={cadence.ok === false && cadence.field === 'time_zone'}
              error={
                cadence.ok === false && cadence.field === 'time_zone' ? cadenceError : undefined
              }
            >
              <EuiFieldText
                value={timeZone}
                onChange={(e) => setTimeZone(e.target.value)}
                data-test-subj="lookupsScheduleFormTimeZone"
              />
            </EuiFormRow>
          </>
        )}
        {nextRuns.length > 0 ? (
          <EuiText size="xs" color="subdued" data-test-subj="lookupsScheduleFormNextRuns">
            <p>
              {i18n.translate('lookups.scheduleForm.nextRuns', {
                defaultMessage: 'Next runs: {runs}',
                values: { runs: nextRuns.map((d) => formatTime(d.toISOString())).join(', ') },
              })}
            </p>
          </EuiText>
        ) : null}
        <EuiSpacer size="m" />
        <EuiFormRow
          label={i18n.translate('lookups.scheduleForm.guards', {
            defaultMessage: 'Keep the current version when the new result…',
          })}
          fullWidth
        >
          <div>
            <EuiCheckbox
              id="lookupsScheduleGuardEmpty"
              label={i18n.translate('lookups.scheduleForm.guardEmpty', {
                defaultMessage: 'is empty',
              })}
              checked={skipEmpty}
              onChange={(e) => setSkipEmpty(e.target.checked)}
              data-test-subj="lookupsScheduleGuardEmpty"
            />
            <EuiCheckbox
              id="lookupsScheduleGuardShrink"
              label={i18n.translate('lookups.scheduleForm.guardShrink', {
                defaultMessage: 'has more than this share fewer rows',
              })}
              checked={limitShrink}
              onChange={(e) => setLimitShrink(e.target.checked)}
              data-test-subj="lookupsScheduleGuardShrink"
            />
            {limitShrink ? (
              <EuiFieldNumber
                compressed
                min={0}
                max={100}
                value={shrink}
                append="%"
                aria-label={i18n.translate('lookups.scheduleForm.guardShrinkPercent', {
                  defaultMessage: 'Largest share of rows a run may lose',
                })}
                onChange={(e) => setShrink(Number(e.target.value))}
                data-test-subj="lookupsScheduleGuardShrinkPercent"
              />
            ) : null}
            <EuiCheckbox
              id="lookupsScheduleGuardColumns"
              label={i18n.translate('lookups.scheduleForm.guardColumns', {
                defaultMessage: 'lacks a column the current version has',
              })}
              checked={keepColumns}
              onChange={(e) => setKeepColumns(e.target.checked)}
              data-test-subj="lookupsScheduleGuardColumns"
            />
          </div>
        </EuiFormRow>
        <EuiSpacer size="s" />
        <EuiSwitch
          label={i18n.translate('lookups.scheduleForm.enabled', {
            defaultMessage: 'Enabled',
          })}
          checked={enabled}
          onChange={(e) => setEnabled(e.target.checked)}
          data-test-subj="lookupsScheduleFormEnabled"
        />
      </EuiForm>
      {error ? (
        <>
          <EuiSpacer size="m" />
          <ApiErrorCallout
            title={i18n.translate('lookups.scheduleForm.error', {
              defaultMessage: 'The schedule was not saved',
            })}
            error={error}
            data-test-subj="lookupsScheduleFormError"
          />
        </>
      ) : null}
    </Dialog>
  );
}
