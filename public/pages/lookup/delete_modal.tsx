/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Deleting one lookup or several (the catalog's bulk delete): a confirm that names what goes and
 * asks for the name (or, for several, their count) to be typed. Lookups are deleted one by one;
 * a refusal for one is said for that one and the others still go.
 */
import { useState } from 'react';
import { EuiConfirmModal, EuiFieldText, EuiFormRow, EuiSpacer, EuiText } from '@elastic/eui';
import { i18n } from '@osd/i18n';
import type { LookupSummary } from '../../../common/api/codecs';
import { ApiErrorCallout } from '../../components/error_callout';
import { rowCount, versionCount } from '../../components/format';
import type { ApiFailure } from '../../services/api_client';
import { useServices } from '../../services/services_context';
import { useAppDispatch } from '../../store';
import { deleteLookup } from '../../store/operations';

export function DeleteModal({
  lookups,
  onClose,
  onDeleted,
}: {
  lookups: LookupSummary[];
  onClose: () => void;
  /** Called with the names that went, once every delete has answered. */
  onDeleted?: (names: string[]) => void;
}) {
  const dispatch = useAppDispatch();
  const { notifications } = useServices();
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const [failures, setFailures] = useState<Array<{ name: string; error: ApiFailure }>>([]);
  const single = lookups.length === 1 ? lookups[0] : undefined;
  const expected = single ? single.name : String(lookups.length);

  const remove = async () => {
    setBusy(true);
    setFailures([]);
    const gone: string[] = [];
    let goneRows = 0;
    const failed: Array<{ name: string; error: ApiFailure }> = [];
    for (const lookup of lookups) {
      try {
        const done = await dispatch(deleteLookup(lookup.name)).unwrap();
        gone.push(done.name);
        goneRows += done.rows;
      } catch (e) {
        failed.push({ name: lookup.name, error: e as ApiFailure });
      }
    }
    if (gone.length > 0) {
      notifications.toasts.addSuccess({
        title:
          gone.length === 1
            ? i18n.translate('lookups.delete.doneOne', {
                defaultMessage: 'Deleted "{name}" ({rows})',
                values: { name: gone[0], rows: rowCount(goneRows) },
              })
            : i18n.translate('lookups.delete.doneMany', {
                defaultMessage: 'Deleted {count} lookups ({rows})',
                values: { count: gone.length, rows: rowCount(goneRows) },
              }),
      });
    }
    setBusy(false);
    if (failed.length === 0) {
      onClose();
      onDeleted?.(gone);
    } else {
      setFailures(failed);
      if (gone.length > 0) onDeleted?.(gone);
    }
  };

  const title = single
    ? i18n.translate('lookups.delete.titleOne', {
        defaultMessage: 'Delete "{name}"?',
        values: { name: single.name },
      })
    : i18n.translate('lookups.delete.titleMany', {
        defaultMessage: 'Delete {count} lookups?',
        values: { count: lookups.length },
      });

  return (
    <EuiConfirmModal
      title={title}
      // OUI 1.22's modal has no dialog role of its own: without it the content sits outside
      // any landmark.
      role="dialog"
      aria-modal="true"
      aria-label={title}
      onCancel={onClose}
      onConfirm={remove}
      cancelButtonText={i18n.translate('lookups.delete.cancel', { defaultMessage: 'Cancel' })}
      confirmButtonText={i18n.translate('lookups.delete.confirm', { defaultMessage: 'Delete' })}
      buttonColor="danger"
      confirmButtonDisabled={typed.trim() !== expected}
      isLoading={busy}
      data-test-subj="lookupsDeleteModal"
    >
      <EuiText size="s">
        <p>
          {i18n.translate('lookups.delete.what', {
            defaultMessage: 'This removes, with every stored version (it cannot be undone):',
          })}
        </p>
        <ul data-test-subj="lookupsDeleteWhat">
          {lookups.map((lookup) => (
            <li key={lookup.name}>
              {i18n.translate('lookups.delete.item', {
                defaultMessage: '{name}: {versions}, {rows}',
                values: {
                  name: lookup.name,
                  versions: versionCount(Math.max(lookup.slice_count, 1)),
                  rows: rowCount(lookup.rows + lookup.orphan_rows),
                },
              })}
            </li>
          ))}
        </ul>
      </EuiText>
      <EuiSpacer size="m" />
      <EuiFormRow
        label={
          single
            ? i18n.translate('lookups.delete.typeName', {
                defaultMessage: 'Type the name of the lookup to confirm',
              })
            : i18n.translate('lookups.delete.typeCount', {
                defaultMessage: 'Type the number of lookups ({count}) to confirm',
                values: { count: lookups.length },
              })
        }
      >
        <EuiFieldText
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          data-test-subj="lookupsDeleteConfirmName"
        />
      </EuiFormRow>
      {failures.map(({ name, error }) => (
        <div key={name}>
          <EuiSpacer size="m" />
          <ApiErrorCallout
            title={i18n.translate('lookups.delete.failed', {
              defaultMessage: '"{name}" was not deleted',
              values: { name },
            })}
            error={error}
            refused={{ lookup: name, action: 'delete' }}
            data-test-subj="lookupsDeleteError"
          />
        </div>
      ))}
    </EuiConfirmModal>
  );
}
