/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * The Matching section of a lookup's page: how `lookup` matches its rows (a rule per column:
 * exact in any case, cidr, wildcard, range, time as of), how many rows one event may get, and
 * the values an event gets when nothing matches. The draft is checked as it is typed, against
 * the rows the page read (the server checks every row when it is saved). "Try a value" shows the
 * rows an event would get, in order. Whoever may not write the lookup sees the rules read-only.
 */
import { useCallback, useMemo, useState } from 'react';
import {
  EuiButton,
  EuiButtonEmpty,
  EuiButtonIcon,
  EuiCallOut,
  EuiCheckbox,
  EuiCodeBlock,
  EuiFieldNumber,
  EuiFieldText,
  EuiFlexGroup,
  EuiFlexItem,
  EuiFormRow,
  EuiLoadingContent,
  EuiSelect,
  EuiSpacer,
  EuiTextArea,
  EuiTitle,
} from '@elastic/eui';
import { i18n } from '@osd/i18n';
import {
  describeRule,
  MATCH_TYPES,
  type MatchSettings,
  type MatchTryResponse,
} from '../../../../common/match/codecs';
import { toPplType, type PplType } from '../../../../common/ppl/types';
import { ApiErrorCallout } from '../../../components/error_callout';
import { ActionButton, useGrant } from '../../../components/permissions';
import { toApiFailure, type ApiFailure } from '../../../services/api_client';
import { useApi } from '../../../services/services_context';
import { SettingsSection, useSettingsSection } from '../settings/settings_section';
import { checkDraft, type Draft, draftOf, emptyRule, tryFields } from './rules_draft';

/** The rows the browser checks a draft against (the server checks them all). */
const CHECKED_ROWS = 1000;

interface Table {
  columns: Map<string, PplType>;
  rows: Array<Record<string, unknown>>;
}

export function MatchingSection({ name }: { name: string }) {
  const api = useApi();
  const grant = useGrant(name, 'write');
  const [settings, setSettings] = useState<MatchSettings | null>(null);
  const [table, setTable] = useState<Table | null>(null);
  const [draft, setDraft] = useState<Draft | null>(null);
  const { error, busy, run } = useSettingsSection(
    useCallback(async () => {
      const [rules, rows] = await Promise.all([
        api.match(name),
        api.rows(name, { size: CHECKED_ROWS }),
      ]);
      setSettings(rules);
      setTable({
        columns: new Map(rows.schema.map((c) => [c.name, toPplType(c.type)])),
        rows: rows.datarows.map((r) =>
          Object.fromEntries(rows.schema.map((c, i) => [c.name, r[i]]))
        ),
      });
    }, [api, name])
  );

  const check = useMemo(
    () => (draft && table ? checkDraft(draft, table.columns, table.rows) : null),
    [draft, table]
  );

  if (!settings || !table) {
    return error ? (
      <ApiErrorCallout
        title={i18n.translate('lookups.matching.loadFailed', {
          defaultMessage: 'The match rules could not be read',
        })}
        error={error}
      />
    ) : (
      <EuiLoadingContent lines={3} data-test-subj="lookupsMatchingLoading" />
    );
  }
  const columnNames = [...table.columns.keys()];
  const save = async () => {
    if (!check?.ok) return;
    const body = check.body;
    await run(async () => {
      setSettings(await api.setMatch(name, body));
      setDraft(null);
    });
  };
  const edit = (change: (d: Draft) => Draft) => setDraft((d) => (d ? change(d) : d));

  return (
    <SettingsSection
      data-test-subj="lookupsMatching"
      title={i18n.translate('lookups.matching.title', { defaultMessage: 'Matching' })}
      help={i18n.translate('lookups.matching.help', {
        defaultMessage:
          "How lookup matches this lookup's rows. Columns without a rule match exactly, as in the SQL plugin.",
      })}
      saveError={error}
      saveFailedTitle={i18n.translate('lookups.matching.saveFailed', {
        defaultMessage: 'The rules were not saved',
      })}
      saveErrorProps={{
        refused: { lookup: name, action: 'write' },
        'data-test-subj': 'lookupsMatchingError',
      }}
      below={
        <>
          <EuiSpacer size="m" />
          <TryValue name={name} settings={settings} draft={check?.ok ? check.body : undefined} />
        </>
      }
    >
      {draft === null ? (
        <>
          <EuiCodeBlock
            language="text"
            paddingSize="s"
            fontSize="s"
            data-test-subj="lookupsMatchingRules"
          >
            {settings.rules.length === 0
              ? i18n.translate('lookups.matching.none', {
                  defaultMessage: 'Exact matches (no rules).',
                })
              : [
                  ...settings.rules.map(describeRule),
                  ...(settings.max_matches ? [`max_matches ${settings.max_matches}`] : []),
                  ...Object.entries(settings.default ?? {}).map(([k, v]) => `default ${k}=${v}`),
                ].join('\n')}
          </EuiCodeBlock>
          <EuiSpacer size="s" />
          <ActionButton
            lookup={name}
            action="write"
            grant={grant}
            size="s"
            iconType="pencil"
            onClick={() => setDraft(draftOf(settings))}
            data-test-subj="lookupsMatchingEdit"
          >
            {i18n.translate('lookups.matching.edit', { defaultMessage: 'Edit rules' })}
          </ActionButton>
        </>
      ) : (
        <div data-test-subj="lookupsMatchingForm">
          {draft.rules.map((rule, i) => (
            <EuiFlexGroup key={i} gutterSize="s" alignItems="flexEnd" responsive={false} wrap>
              <EuiFlexItem grow={false}>
                <EuiFormRow
                  label={i18n.translate('lookups.matching.column', { defaultMessage: 'Column' })}
                  display="rowCompressed"
                >
                  <EuiSelect
                    compressed
                    options={columnNames.map((c) => ({ value: c, text: c }))}
                    value={rule.field}
                    onChange={(e) => edit((d) => setRule(d, i, { field: e.target.value }))}
                    data-test-subj={`lookupsMatchingField-${i}`}
                  />
                </EuiFormRow>
              </EuiFlexItem>
              <EuiFlexItem grow={false}>
                <EuiFormRow
                  label={i18n.translate('lookups.matching.type', { defaultMessage: 'Match' })}
                  display="rowCompressed"
                >
                  <EuiSelect
                    compressed
                    options={MATCH_TYPES.map((m) => ({ value: m, text: m }))}
                    value={rule.type}
                    onChange={(e) =>
                      edit((d) =>
                        setRule(d, i, { type: e.target.value as Draft['rules'][0]['type'] })
                      )
                    }
                    data-test-subj={`lookupsMatchingType-${i}`}
                  />
                </EuiFormRow>
              </EuiFlexItem>
              {rule.type === 'range' || rule.type === 'time' ? (
                <EuiFlexItem grow={false}>
                  <EuiFormRow
                    label={i18n.translate('lookups.matching.to', {
                      defaultMessage: 'Until column',
                    })}
                    display="rowCompressed"
                  >
                    <EuiSelect
                      compressed
                      hasNoInitialSelection
                      options={[
                        ...(rule.type === 'time'
                          ? [
                              {
                                value: '',
                                text: i18n.translate('lookups.matching.noEnd', {
                                  defaultMessage: '(none)',
                                }),
                              },
                            ]
                          : []),
                        ...columnNames.map((c) => ({ value: c, text: c })),
                      ]}
                      value={rule.to}
                      onChange={(e) => edit((d) => setRule(d, i, { to: e.target.value }))}
                      data-test-subj={`lookupsMatchingTo-${i}`}
                    />
                  </EuiFormRow>
                </EuiFlexItem>
              ) : null}
              {rule.type === 'time' ? (
                <EuiFlexItem grow={false}>
                  <EuiFormRow
                    label={i18n.translate('lookups.matching.eventField', {
                      defaultMessage: 'Event time field',
                    })}
                    display="rowCompressed"
                  >
                    <EuiFieldText
                      compressed
                      placeholder="@timestamp"
                      value={rule.eventField}
                      onChange={(e) => edit((d) => setRule(d, i, { eventField: e.target.value }))}
                    />
                  </EuiFormRow>
                </EuiFlexItem>
              ) : null}
              {rule.type === 'exact' || rule.type === 'wildcard' ? (
                <EuiFlexItem grow={false}>
                  <EuiCheckbox
                    id={`lookupsMatchingCase-${i}`}
                    label={i18n.translate('lookups.matching.anyCase', {
                      defaultMessage: 'Any case',
                    })}
                    checked={!rule.caseSensitive}
                    onChange={(e) =>
                      edit((d) => setRule(d, i, { caseSensitive: !e.target.checked }))
                    }
                  />
                </EuiFlexItem>
              ) : null}
              <EuiFlexItem grow={false}>
                <EuiButtonIcon
                  iconType="trash"
                  aria-label={i18n.translate('lookups.matching.remove', {
                    defaultMessage: 'Remove the rule on {field}',
                    values: { field: rule.field },
                  })}
                  onClick={() => edit((d) => ({ ...d, rules: d.rules.filter((_, j) => j !== i) }))}
                />
              </EuiFlexItem>
            </EuiFlexGroup>
          ))}
          <EuiSpacer size="s" />
          <EuiButtonEmpty
            size="s"
            iconType="plusInCircle"
            onClick={() =>
              edit((d) => ({ ...d, rules: [...d.rules, emptyRule(columnNames[0] ?? '')] }))
            }
            data-test-subj="lookupsMatchingAdd"
          >
            {i18n.translate('lookups.matching.add', { defaultMessage: 'Add a rule' })}
          </EuiButtonEmpty>
          <EuiFlexGroup gutterSize="m" responsive={false} wrap>
            <EuiFlexItem grow={false}>
              <EuiFormRow
                label={i18n.translate('lookups.matching.maxMatches', {
                  defaultMessage: 'Rows per event (max_matches)',
                })}
                helpText={i18n.translate('lookups.matching.maxMatchesHelp', {
                  defaultMessage: 'Empty: 1 with an inexact rule, else every match.',
                })}
              >
                <EuiFieldNumber
                  min={1}
                  max={1000}
                  value={draft.maxMatches}
                  onChange={(e) => edit((d) => ({ ...d, maxMatches: e.target.value }))}
                  data-test-subj="lookupsMatchingMax"
                />
              </EuiFormRow>
            </EuiFlexItem>
            <EuiFlexItem>
              <EuiFormRow
                label={i18n.translate('lookups.matching.defaults', {
                  defaultMessage: 'Defaults when nothing matches',
                })}
                helpText={i18n.translate('lookups.matching.defaultsHelp', {
                  defaultMessage: 'One field=value per line.',
                })}
              >
                <EuiTextArea
                  rows={2}
                  value={draft.defaults}
                  onChange={(e) => edit((d) => ({ ...d, defaults: e.target.value }))}
                  data-test-subj="lookupsMatchingDefaults"
                />
              </EuiFormRow>
            </EuiFlexItem>
          </EuiFlexGroup>
          {check && !check.ok ? (
            <EuiCallOut
              size="s"
              color="danger"
              iconType="alert"
              title={check.message}
              data-test-subj="lookupsMatchingInvalid"
            />
          ) : null}
          <EuiSpacer size="s" />
          <EuiFlexGroup gutterSize="s" responsive={false}>
            <EuiFlexItem grow={false}>
              <EuiButton
                size="s"
                fill
                onClick={save}
                isLoading={busy}
                isDisabled={!check?.ok}
                data-test-subj="lookupsMatchingSave"
              >
                {i18n.translate('lookups.matching.save', { defaultMessage: 'Save rules' })}
              </EuiButton>
            </EuiFlexItem>
            <EuiFlexItem grow={false}>
              <EuiButtonEmpty
                size="s"
                onClick={() => setDraft(null)}
                data-test-subj="lookupsMatchingCancel"
              >
                {i18n.translate('lookups.matching.cancel', { defaultMessage: 'Cancel' })}
              </EuiButtonEmpty>
            </EuiFlexItem>
          </EuiFlexGroup>
        </div>
      )}
    </SettingsSection>
  );
}

function setRule(d: Draft, i: number, change: Partial<Draft['rules'][0]>): Draft {
  return { ...d, rules: d.rules.map((r, j) => (j === i ? { ...r, ...change } : r)) };
}

/** "Try a value": the rows an event would get, under the saved rules or the valid draft. */
function TryValue({
  name,
  settings,
  draft,
}: {
  name: string;
  settings: MatchSettings;
  draft?: MatchSettings | Omit<MatchSettings, 'updated_by' | 'updated_at'>;
}) {
  const api = useApi();
  const rules = draft ?? settings;
  const fields = tryFields(rules.rules);
  const timed = rules.rules.some((r) => r.type === 'time');
  const [values, setValues] = useState<Record<string, string>>({});
  const [at, setAt] = useState('');
  const [answer, setAnswer] = useState<MatchTryResponse | null>(null);
  const [error, setError] = useState<ApiFailure | null>(null);
  if (fields.length === 0) return null;
  const run = async () => {
    setError(null);
    try {
      setAnswer(
        await api.tryMatch(name, {
          values: Object.fromEntries(fields.map((f) => [f, values[f] ?? ''])),
          ...(timed && at ? { event_time: at } : {}),
          ...(draft ? { rules: draft } : {}),
        })
      );
    } catch (e) {
      setError(toApiFailure(e));
    }
  };
  return (
    <div data-test-subj="lookupsMatchingTry">
      <EuiTitle size="xxs">
        <h4>{i18n.translate('lookups.matching.try', { defaultMessage: 'Try a value' })}</h4>
      </EuiTitle>
      <EuiFlexGroup gutterSize="s" alignItems="flexEnd" responsive={false} wrap>
        {fields.map((f) => (
          <EuiFlexItem grow={false} key={f}>
            <EuiFormRow label={f} display="rowCompressed">
              <EuiFieldText
                compressed
                value={values[f] ?? ''}
                onChange={(e) => setValues((v) => ({ ...v, [f]: e.target.value }))}
                data-test-subj={`lookupsMatchingTryValue-${f}`}
              />
            </EuiFormRow>
          </EuiFlexItem>
        ))}
        {timed ? (
          <EuiFlexItem grow={false}>
            <EuiFormRow
              label={i18n.translate('lookups.matching.eventTime', { defaultMessage: 'Event time' })}
              display="rowCompressed"
            >
              <EuiFieldText
                compressed
                placeholder="2024-01-31 12:00:00"
                value={at}
                onChange={(e) => setAt(e.target.value)}
                data-test-subj="lookupsMatchingTryTime"
              />
            </EuiFormRow>
          </EuiFlexItem>
        ) : null}
        <EuiFlexItem grow={false}>
          <EuiButton size="s" onClick={run} data-test-subj="lookupsMatchingTryRun">
            {i18n.translate('lookups.matching.tryRun', { defaultMessage: 'Try' })}
          </EuiButton>
        </EuiFlexItem>
      </EuiFlexGroup>
      {error ? (
        <ApiErrorCallout
          title={i18n.translate('lookups.matching.tryFailed', {
            defaultMessage: 'The value could not be tried',
          })}
          error={error}
        />
      ) : null}
      {answer ? (
        <ol data-test-subj="lookupsMatchingTryResult">
          {answer.matches.length === 0 ? (
            <li>
              {i18n.translate('lookups.matching.noMatch', { defaultMessage: 'No row matches.' })}
            </li>
          ) : (
            answer.matches.map((row, i) => (
              <li key={i} data-test-subj="lookupsMatchingTryRow">
                <code>{JSON.stringify(row)}</code>
                {answer.defaulted
                  ? ` ${i18n.translate('lookups.matching.defaulted', { defaultMessage: '(the defaults)' })}`
                  : ''}
              </li>
            ))
          )}
        </ol>
      ) : null}
    </div>
  );
}
