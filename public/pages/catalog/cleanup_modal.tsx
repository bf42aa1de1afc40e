/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Cleaning up old versions (orphaned slices) of some lookups or of all: the rule is stated first,
 * editable (keep N, older than), and sent explicitly, so what is said is what runs; a dry run of `_reap` lists what
 * would go and what stays (and why), and only "Remove" deletes, with the same rule. The preview
 * accounts for every old version the catalog counts; where its count differs, it says why.
 */
import { useMemo, useState } from 'react';
import { useStore } from 'react-redux';
import { EuiBasicTable, EuiCallOut, EuiSpacer, EuiText, EuiTitle } from '@elastic/eui';
import { i18n } from '@osd/i18n';
import type { LookupSummary, ReapResponse } from '../../../common/api/codecs';
import { ConfirmDialog } from '../../components/dialogs';
import { PreviewStatus, previewOf, usePreviewStep } from '../../components/previewed_action';
import { formatNumber, rowCount, shortSlice, versionCount } from '../../components/format';
import type { ApiFailure } from '../../services/api_client';
import { useServices } from '../../services/services_context';
import { useAppDispatch, type RootState } from '../../store';
import { lookupsApi } from '../../store/api';
import { reapVersions } from '../../store/operations';
import { useDebounced } from '../../components/use_debounced';
import {
  CLEANUP_RULE,
  type CleanupRule,
  cleanupAccount,
  cleanupAccountText,
  cleanupRuleText,
  oldVersions,
} from './cleanup_rule';
import { CleanupRuleFields, ruleInput, ruleOf, type CleanupRuleInput } from './cleanup_rule_fields';

/** How long the rule's fields wait for typing to pause before the preview is asked again. */
const RULE_DEBOUNCE_MS = 400;

const ruleKeyOf = (rule: CleanupRule) => `${rule.keep}/${rule.older_than}`;
function ruleFromKey(key: string): CleanupRule {
  const [keep, olderThan] = key.split('/');
  return { keep: Number(keep), older_than: olderThan };
}

/**
 * The old versions the app has counted for these lookups (the open lookup's page, else the
 * catalog), or undefined where it has not counted them all.
 */
function countedOldVersions(
  state: RootState,
  names: string[] | undefined
): Map<string, number> | undefined {
  const counted = new Map<string, number>();
  const note = (l: Pick<LookupSummary, 'name' | 'kind' | 'orphan_count'>) => {
    if (l.kind === 'managed' || l.kind === 'broken') counted.set(l.name, l.orphan_count);
  };
  const catalog = lookupsApi.endpoints.getCatalog.select()(state).data;
  if (names === undefined) {
    if (!catalog || catalog.total > catalog.lookups.length) return undefined;
    catalog.lookups.forEach(note);
    return counted;
  }
  for (const name of names) {
    const detail = lookupsApi.endpoints.getLookup.select(name)(state).data;
    const summary = detail ?? catalog?.lookups.find((l) => l.name === name);
    if (!summary) return undefined;
    note(summary);
  }
  return counted;
}

export function CleanupModal({
  names,
  onClose,
}: {
  /** The lookups to clean up; undefined cleans up every lookup the user may write. */
  names?: string[];
  onClose: () => void;
}) {
  const dispatch = useAppDispatch();
  const { notifications } = useServices();
  const key = names?.join('\n');
  // Counted when the modal opens: the preview is compared with what the user saw.
  const store = useStore<RootState>();
  const [counted] = useState(() => countedOldVersions(store.getState(), names));

  // The rule as typed, and the rule the preview follows once typing pauses (only a valid one).
  const [input, setInput] = useState<CleanupRuleInput>(() => ruleInput(CLEANUP_RULE));
  const typed = ruleOf(input);
  const typedKey = typed ? `${typed.keep}/${typed.older_than}` : undefined;
  // Debounced as text: a rule object would be new on every render.
  const ruleKey = useDebounced(typedKey, RULE_DEBOUNCE_MS) ?? ruleKeyOf(CLEANUP_RULE);
  const rule = useMemo(() => ruleFromKey(ruleKey), [ruleKey]);
  const settledRule = typedKey === ruleKey;

  const [step, setStep] = usePreviewStep(
    () => dispatch(reapVersions({ names, body: { ...rule, dry_run: true } })).unwrap(),
    `${key}|${ruleKey}`
  );

  const remove = async () => {
    if (step.state !== 'preview' || !settledRule) return;
    const { preview } = step;
    setStep({ state: 'running', preview });
    try {
      const done = await dispatch(reapVersions({ names, body: { ...rule } })).unwrap();
      const rows = done.removed.reduce((sum, r) => sum + r.rows, 0);
      notifications.toasts.addSuccess({
        title: i18n.translate('lookups.cleanup.doneTitle', {
          defaultMessage: 'Removed {versions} ({rows})',
          values: { versions: versionCount(done.removed.length), rows: rowCount(rows) },
        }),
      });
      onClose();
    } catch (e) {
      setStep({ state: 'preview', preview, error: e as ApiFailure });
    }
  };

  const preview = previewOf(step);
  const count = preview?.removed.length ?? 0;
  const title =
    names === undefined
      ? i18n.translate('lookups.cleanup.titleAll', {
          defaultMessage: 'Clean up old versions of all lookups',
        })
      : names.length === 1
        ? i18n.translate('lookups.cleanup.titleOne', {
            defaultMessage: 'Clean up old versions of "{name}"',
            values: { name: names[0] },
          })
        : i18n.translate('lookups.cleanup.titleSome', {
            defaultMessage: 'Clean up old versions of {count} lookups',
            values: { count: names.length },
          });

  return (
    <ConfirmDialog
      title={title}
      onCancel={onClose}
      onConfirm={remove}
      cancelButtonText={i18n.translate('lookups.cleanup.cancel', { defaultMessage: 'Cancel' })}
      confirmButtonText={i18n.translate('lookups.cleanup.confirm', {
        defaultMessage: 'Remove {versions}',
        values: { versions: versionCount(count) },
      })}
      buttonColor="danger"
      confirmButtonDisabled={count === 0 || !settledRule || step.state === 'previewing'}
      isLoading={step.state === 'running'}
      maxWidth={720}
      data-test-subj="lookupsCleanupModal"
    >
      <EuiText size="s">
        <p data-test-subj="lookupsCleanupRule">{cleanupRuleText(rule)}</p>
      </EuiText>
      <EuiSpacer size="s" />
      <CleanupRuleFields input={input} onChange={setInput} disabled={step.state === 'running'} />
      <EuiSpacer size="m" />
      <PreviewStatus
        step={step}
        previewingText={i18n.translate('lookups.cleanup.previewing', {
          defaultMessage: 'Listing the versions that can be removed…',
        })}
        previewFailedTitle={i18n.translate('lookups.cleanup.previewFailed', {
          defaultMessage: 'The cleanup cannot be previewed',
        })}
        failedTitle={i18n.translate('lookups.cleanup.failed', {
          defaultMessage: 'The cleanup failed',
        })}
        errorTestSubj="lookupsCleanupError"
        refused={names?.length === 1 ? { lookup: names[0], action: 'cleanup' } : undefined}
      >
        {preview ? <CleanupPreview preview={preview} counted={counted} rule={rule} /> : null}
      </PreviewStatus>
    </ConfirmDialog>
  );
}

/**
 * The preview's own count against the app's: the same, or a sentence saying why not (lookups
 * left alone, or versions written or removed since the count was made).
 */
function CountNote({ preview, counted }: { preview: ReapResponse; counted?: Map<string, number> }) {
  if (!counted) return null;
  const skipped = new Set((preview.skipped ?? []).map((s) => s.lookup));
  let expected = 0;
  let skippedOld = 0;
  for (const [name, n] of counted) {
    if (skipped.has(name)) skippedOld += n;
    else expected += n;
  }
  const found = cleanupAccount(preview).old;
  const notes: string[] = [];
  if (skippedOld > 0) {
    notes.push(
      i18n.translate('lookups.cleanup.countSkipped', {
        defaultMessage: '{versions} of lookups left alone (listed below) are not counted here.',
        values: { versions: oldVersions(skippedOld) },
      })
    );
  }
  if (found !== expected) {
    notes.push(
      i18n.translate('lookups.cleanup.countChanged', {
        defaultMessage:
          'The list counted {counted} when it was loaded; the lookups have changed since, and this preview is what they hold now.',
        values: { counted: oldVersions(expected) },
      })
    );
  }
  if (notes.length === 0) return null;
  return (
    <EuiText size="s" color="subdued">
      <p data-test-subj="lookupsCleanupCountNote">{notes.join(' ')}</p>
    </EuiText>
  );
}

function CleanupPreview({
  preview,
  counted,
  rule,
}: {
  preview: ReapResponse;
  counted?: Map<string, number>;
  rule: CleanupRule;
}) {
  const skipped = preview.skipped ?? [];
  const account = cleanupAccount(preview);
  return (
    <div data-test-subj="lookupsCleanupPreview">
      {account.old > 0 || account.inFlight > 0 ? (
        <EuiText size="s">
          <p data-test-subj="lookupsCleanupAccount">{cleanupAccountText(account, rule)}</p>
        </EuiText>
      ) : null}
      <CountNote preview={preview} counted={counted} />
      <EuiSpacer size="s" />
      {preview.removed.length === 0 ? (
        <EuiCallOut
          size="s"
          iconType="check"
          title={i18n.translate('lookups.cleanup.nothing', {
            defaultMessage: 'Nothing is removed under this rule.',
          })}
        />
      ) : (
        <>
          <EuiText size="s">
            <p>
              {i18n.translate('lookups.cleanup.willRemove', {
                defaultMessage:
                  'These versions are no longer current and will be deleted. The current version of each lookup stays.',
              })}
            </p>
          </EuiText>
          <EuiSpacer size="s" />
          <EuiBasicTable<ReapResponse['removed'][number]>
            tableCaption={i18n.translate('lookups.cleanup.removedCaption', {
              defaultMessage: 'Versions to remove',
            })}
            items={preview.removed}
            rowHeader="lookup"
            columns={[
              {
                field: 'lookup',
                name: i18n.translate('lookups.cleanup.col.lookup', { defaultMessage: 'Lookup' }),
              },
              {
                field: 'slice',
                name: i18n.translate('lookups.cleanup.col.version', { defaultMessage: 'Version' }),
                render: (slice: string) => <code title={slice}>{shortSlice(slice)}</code>,
              },
              {
                field: 'rows',
                name: i18n.translate('lookups.cleanup.col.rows', { defaultMessage: 'Rows' }),
                align: 'right',
                render: (rows: number) => formatNumber(rows),
              },
            ]}
            data-test-subj="lookupsCleanupRemoved"
          />
        </>
      )}
      {preview.kept.length > 0 ? (
        <>
          <EuiSpacer size="m" />
          <EuiTitle size="xxs">
            <h3>
              {i18n.translate('lookups.cleanup.keptTitle', {
                defaultMessage: 'Kept ({count})',
                values: { count: preview.kept.length },
              })}
            </h3>
          </EuiTitle>
          <EuiText size="xs" data-test-subj="lookupsCleanupKept">
            <ul>
              {preview.kept.map((kept) => (
                <li key={`${kept.lookup}/${kept.slice}`}>
                  {kept.lookup} <code>{shortSlice(kept.slice)}</code>: {kept.reason}
                </li>
              ))}
            </ul>
          </EuiText>
        </>
      ) : null}
      {skipped.length > 0 ? (
        <>
          <EuiSpacer size="m" />
          <EuiCallOut
            size="s"
            color="warning"
            iconType="alert"
            title={i18n.translate('lookups.cleanup.skippedTitle', {
              defaultMessage: 'Some lookups were left alone',
            })}
            data-test-subj="lookupsCleanupSkipped"
          >
            <ul>
              {skipped.map((s) => (
                <li key={s.lookup}>
                  <strong>{s.lookup}</strong>: {s.reason}
                </li>
              ))}
            </ul>
          </EuiCallOut>
        </>
      ) : null}
    </div>
  );
}
