/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * One-click migration of a legacy (importer) lookup: a dry run first, shown as a preview (rows,
 * fields, the new backing index, and that the importer's index stays as it is), then "Migrate".
 * Afterwards the store reloads the lookup, which now shows as managed, and a toast says so.
 */
import { EuiBadge, EuiCallOut, EuiDescriptionList, EuiSpacer, EuiText } from '@elastic/eui';
import { i18n } from '@osd/i18n';
import type { MigrateResponse } from '../../../common/api/codecs';
import { ConfirmDialog } from '../../components/dialogs';
import { PreviewStatus, previewOf, usePreviewStep } from '../../components/previewed_action';
import { formatNumber } from '../../components/format';
import type { ApiFailure } from '../../services/api_client';
import { useServices } from '../../services/services_context';
import { useAppDispatch } from '../../store';
import { migrateLookup } from '../../store/operations';

export function MigrateModal({
  name,
  onClose,
}: {
  name: string;
  /** Called when the modal closes; `migrated` tells whether the lookup changed. */
  onClose: (migrated: boolean) => void;
}) {
  const dispatch = useAppDispatch();
  const { notifications } = useServices();

  const [step, setStep] = usePreviewStep(
    () => dispatch(migrateLookup({ name, dryRun: true })).unwrap(),
    name
  );

  const migrate = async () => {
    if (step.state !== 'preview') return;
    const { preview } = step;
    setStep({ state: 'running', preview });
    try {
      const done = await dispatch(migrateLookup({ name, dryRun: false })).unwrap();
      notifications.toasts.addSuccess({
        title: i18n.translate('lookups.migrate.doneTitle', {
          defaultMessage: '"{name}" is now a managed lookup',
          values: { name },
        }),
        text: done.message,
      });
      onClose(true);
    } catch (e) {
      setStep({ state: 'preview', preview, error: e as ApiFailure });
    }
  };

  const preview = previewOf(step);
  const canMigrate = preview !== null && preview.action === 'would_migrate';

  const title = i18n.translate('lookups.migrate.title', {
    defaultMessage: 'Migrate "{name}"',
    values: { name },
  });

  return (
    <ConfirmDialog
      title={title}
      onCancel={() => onClose(false)}
      onConfirm={migrate}
      cancelButtonText={i18n.translate('lookups.migrate.cancel', { defaultMessage: 'Cancel' })}
      confirmButtonText={i18n.translate('lookups.migrate.confirm', { defaultMessage: 'Migrate' })}
      confirmButtonDisabled={!canMigrate}
      isLoading={step.state === 'running'}
      defaultFocusedButton="confirm"
      data-test-subj="lookupsMigrateModal"
    >
      <PreviewStatus
        step={step}
        previewingText={i18n.translate('lookups.migrate.previewing', {
          defaultMessage: 'Checking what the migration would do…',
        })}
        previewFailedTitle={i18n.translate('lookups.migrate.previewFailed', {
          defaultMessage: 'The migration cannot be previewed',
        })}
        failedTitle={i18n.translate('lookups.migrate.failed', {
          defaultMessage: 'The migration failed',
        })}
        errorTestSubj="lookupsMigrateError"
        refused={{ lookup: name, action: 'migrate' }}
      >
        {preview ? <MigratePreview preview={preview} /> : null}
      </PreviewStatus>
    </ConfirmDialog>
  );
}

function MigratePreview({ preview }: { preview: MigrateResponse }) {
  if (preview.action !== 'would_migrate') {
    return <EuiCallOut color="primary" iconType="iInCircle" title={preview.message} size="s" />;
  }
  return (
    <div data-test-subj="lookupsMigratePreview">
      <EuiText size="s">
        <p>{preview.message}</p>
      </EuiText>
      <EuiSpacer size="m" />
      <EuiDescriptionList
        compressed
        type="column"
        listItems={[
          {
            title: i18n.translate('lookups.migrate.rows', { defaultMessage: 'Rows to copy' }),
            description: (
              <span data-test-subj="lookupsMigrateRows">{formatNumber(preview.rows)}</span>
            ),
          },
          {
            title: i18n.translate('lookups.migrate.fields', { defaultMessage: 'Fields' }),
            description: (
              <span data-test-subj="lookupsMigrateFields">
                {preview.fields.length === 0
                  ? '—'
                  : preview.fields.map((field) => (
                      <EuiBadge key={field} color="hollow">
                        {field}
                      </EuiBadge>
                    ))}
              </span>
            ),
          },
          {
            title: i18n.translate('lookups.migrate.target', {
              defaultMessage: 'New index',
            }),
            description: (
              <code data-test-subj="lookupsMigrateTarget">{preview.target_backing_index}</code>
            ),
          },
          {
            title: i18n.translate('lookups.migrate.legacyIndex', {
              defaultMessage: 'Legacy index',
            }),
            description: preview.legacy_index ? (
              <span>
                <code>{preview.legacy_index}</code>{' '}
                {i18n.translate('lookups.migrate.legacyStays', {
                  defaultMessage: '(stays as it is; nothing is deleted)',
                })}
              </span>
            ) : (
              '—'
            ),
          },
        ]}
      />
    </div>
  );
}
