/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * The confirms of the Versions tab: restore an old version (the current one stays as an old
 * version), and delete one old version (its rows go for good; the timeline keeps the event).
 */
import { useState, type ReactNode } from 'react';
import { EuiSpacer, EuiText } from '@elastic/eui';
import { i18n } from '@osd/i18n';
import type { SliceInfo } from '../../../common/api/codecs';
import type { LookupAction } from '../../../common/api/permissions';
import { ConfirmDialog } from '../../components/dialogs';
import { ApiErrorCallout } from '../../components/error_callout';
import { rowCount, shortSlice } from '../../components/format';
import type { ApiFailure } from '../../services/api_client';
import { useServices } from '../../services/services_context';
import { useAppDispatch } from '../../store';
import { deleteVersion, rollbackLookup } from '../../store/operations';

/** A confirm that runs `act`, says the refusal inside the modal, and closes once done. */
function ActionConfirm({
  name,
  action,
  title,
  confirmText,
  failedTitle,
  danger,
  act,
  onClose,
  children,
  testSubj,
  errorTestSubj,
}: {
  name: string;
  action: LookupAction;
  title: string;
  confirmText: string;
  failedTitle: string;
  danger?: boolean;
  act: () => Promise<void>;
  onClose: () => void;
  children: ReactNode;
  testSubj: string;
  errorTestSubj: string;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiFailure | null>(null);
  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await act();
      onClose();
    } catch (e) {
      setError(e as ApiFailure);
      setBusy(false);
    }
  };
  return (
    <ConfirmDialog
      title={title}
      onCancel={onClose}
      onConfirm={confirm}
      cancelButtonText={i18n.translate('lookups.versions.modalCancel', {
        defaultMessage: 'Cancel',
      })}
      confirmButtonText={confirmText}
      buttonColor={danger ? 'danger' : 'primary'}
      isLoading={busy}
      data-test-subj={testSubj}
    >
      <EuiText size="s">{children}</EuiText>
      {error ? (
        <>
          <EuiSpacer size="m" />
          <ApiErrorCallout
            title={failedTitle}
            error={error}
            refused={{ lookup: name, action }}
            data-test-subj={errorTestSubj}
          />
        </>
      ) : null}
    </ConfirmDialog>
  );
}

export function RestoreModal({
  name,
  slice,
  current,
  onClose,
}: {
  name: string;
  slice: SliceInfo;
  current?: SliceInfo;
  onClose: () => void;
}) {
  const dispatch = useAppDispatch();
  const { notifications } = useServices();
  const id = shortSlice(slice.id);
  return (
    <ActionConfirm
      name={name}
      action="restore"
      title={i18n.translate('lookups.versions.restoreTitle', {
        defaultMessage: 'Restore version {id}?',
        values: { id },
      })}
      confirmText={i18n.translate('lookups.versions.restoreConfirm', {
        defaultMessage: 'Restore',
      })}
      failedTitle={i18n.translate('lookups.versions.restoreFailed', {
        defaultMessage: 'The version could not be restored',
      })}
      act={async () => {
        await dispatch(rollbackLookup({ name, slice: slice.id })).unwrap();
        notifications.toasts.addSuccess({
          title: i18n.translate('lookups.versions.restored', {
            defaultMessage: 'Restored version {id} of "{name}"',
            values: { id, name },
          }),
        });
      }}
      onClose={onClose}
      testSubj="lookupsRestoreModal"
      errorTestSubj="lookupsRestoreError"
    >
      <p>
        {i18n.translate('lookups.versions.restoreBody', {
          defaultMessage:
            'Searches on "{name}" will read version {id} ({rows}) again. The current version {current} stays as an old version, so you can restore it later.',
          values: { name, id, rows: rowCount(slice.rows), current: shortSlice(current?.id) },
        })}
      </p>
    </ActionConfirm>
  );
}

export function DeleteVersionModal({
  name,
  slice,
  onClose,
}: {
  name: string;
  slice: SliceInfo;
  onClose: () => void;
}) {
  const dispatch = useAppDispatch();
  const { notifications } = useServices();
  const id = shortSlice(slice.id);
  return (
    <ActionConfirm
      name={name}
      action="delete_version"
      danger
      title={i18n.translate('lookups.versions.deleteTitle', {
        defaultMessage: 'Delete version {id}?',
        values: { id },
      })}
      confirmText={i18n.translate('lookups.versions.deleteConfirm', {
        defaultMessage: 'Delete version',
      })}
      failedTitle={i18n.translate('lookups.versions.deleteFailed', {
        defaultMessage: 'The version could not be deleted',
      })}
      act={async () => {
        const done = await dispatch(deleteVersion({ name, slice: slice.id })).unwrap();
        notifications.toasts.addSuccess({
          title: i18n.translate('lookups.versions.deleted', {
            defaultMessage: 'Deleted version {id} of "{name}" ({rows})',
            values: { id, name, rows: rowCount(done.rows) },
          }),
        });
      }}
      onClose={onClose}
      testSubj="lookupsDeleteVersionModal"
      errorTestSubj="lookupsDeleteVersionError"
    >
      <p>
        {i18n.translate('lookups.versions.deleteBody', {
          defaultMessage:
            'Its {rows} are removed for good, so it can no longer be restored or compared. The current version of "{name}" is not touched. The timeline keeps a note that you deleted it.',
          values: { name, rows: rowCount(slice.rows) },
        })}
      </p>
    </ActionConfirm>
  );
}
