/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Cleaning up old versions (orphaned slices) of some lookups or of all: a dry run of `_reap`
 * lists what would go and what stays (and why), and only "Remove" deletes, with the same
 * settings. The server's defaults decide how many recent versions and how young a version
 * is kept; the preview shows its reasons, so nothing goes unannounced.
 *
 * The API has no "delete this one version": cleanup is per lookup, by age and count.
 */
import {
  EuiBasicTable,
  EuiCallOut,
  EuiConfirmModal,
  EuiSpacer,
  EuiText,
  EuiTitle,
} from '@elastic/eui';
import { i18n } from '@osd/i18n';
import type { ReapResponse } from '../../../common/api/codecs';
import { PreviewStatus, previewOf, usePreviewStep } from '../../components/previewed_action';
import { formatNumber, rowCount, shortSlice, versionCount } from '../../components/format';
import type { ApiFailure } from '../../services/api_client';
import { useServices } from '../../services/services_context';
import { useAppDispatch } from '../../store';
import { reapVersions } from '../../store/operations';

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

  const [step, setStep] = usePreviewStep(
    () => dispatch(reapVersions({ names, body: { dry_run: true } })).unwrap(),
    key
  );

  const remove = async () => {
    if (step.state !== 'preview') return;
    const { preview } = step;
    setStep({ state: 'running', preview });
    try {
      const done = await dispatch(reapVersions({ names, body: {} })).unwrap();
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
    <EuiConfirmModal
      title={title}
      onCancel={onClose}
      onConfirm={remove}
      cancelButtonText={i18n.translate('lookups.cleanup.cancel', { defaultMessage: 'Cancel' })}
      confirmButtonText={i18n.translate('lookups.cleanup.confirm', {
        defaultMessage: 'Remove {versions}',
        values: { versions: versionCount(count) },
      })}
      buttonColor="danger"
      confirmButtonDisabled={count === 0}
      isLoading={step.state === 'running'}
      maxWidth={720}
      data-test-subj="lookupsCleanupModal"
    >
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
        {preview ? <CleanupPreview preview={preview} /> : null}
      </PreviewStatus>
    </EuiConfirmModal>
  );
}

function CleanupPreview({ preview }: { preview: ReapResponse }) {
  const skipped = preview.skipped ?? [];
  return (
    <div data-test-subj="lookupsCleanupPreview">
      {preview.removed.length === 0 ? (
        <EuiCallOut
          size="s"
          iconType="check"
          title={i18n.translate('lookups.cleanup.nothing', {
            defaultMessage: 'There are no old versions to remove.',
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
