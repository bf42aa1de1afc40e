/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * A lookup's storage and its whole-lookup actions: the backing index and the alias filter,
 * export (plain download links), import of a CSV or NDJSON file, and deletion with a confirm
 * that names what goes.
 */
import { useState } from 'react';
import { useHistory } from 'react-router-dom';
import {
  EuiButton,
  EuiCodeBlock,
  EuiConfirmModal,
  EuiDescriptionList,
  EuiFieldText,
  EuiFlexGroup,
  EuiFlexItem,
  EuiFormRow,
  EuiHorizontalRule,
  EuiLoadingContent,
  EuiSpacer,
  EuiText,
  EuiTitle,
} from '@elastic/eui';
import { i18n } from '@osd/i18n';
import type { LookupDetail } from '../../../common/api/codecs';
import { appRoutes } from '../../../common/api/paths';
import { ApiErrorCallout } from '../../components/error_callout';
import { rowCount, shortSlice, versionCount } from '../../components/format';
import type { ApiFailure } from '../../services/api_client';
import { useApi, useServices } from '../../services/services_context';
import { useAppDispatch } from '../../store';
import { deleteLookup } from '../../store/operations';
import { ImportForm } from './import_form';

export function SettingsTab({ name, lookup }: { name: string; lookup?: LookupDetail }) {
  const api = useApi();
  const [deleting, setDeleting] = useState(false);
  if (!lookup) return <EuiLoadingContent lines={5} data-test-subj="lookupsSettingsLoading" />;

  return (
    <div data-test-subj="lookupsSettingsTab">
      <EuiTitle size="xs">
        <h3>{i18n.translate('lookups.settings.storage', { defaultMessage: 'Storage' })}</h3>
      </EuiTitle>
      <EuiSpacer size="s" />
      <EuiDescriptionList
        type="column"
        compressed
        titleProps={{ style: { width: '25%' } }}
        descriptionProps={{ style: { width: '75%' } }}
        listItems={[
          {
            title: i18n.translate('lookups.settings.alias', { defaultMessage: 'Alias' }),
            description: <code>{lookup.name}</code>,
          },
          {
            title: i18n.translate('lookups.settings.backingIndex', {
              defaultMessage: 'Backing index',
            }),
            description: (
              <code data-test-subj="lookupsSettingsBackingIndex">
                {lookup.backing_index ?? '—'}
              </code>
            ),
          },
          {
            title: i18n.translate('lookups.settings.currentVersion', {
              defaultMessage: 'Current version',
            }),
            description: (
              <code title={lookup.current_slice ?? ''}>{lookup.current_slice ?? '—'}</code>
            ),
          },
        ]}
      />
      <EuiSpacer size="m" />
      <EuiText size="s">
        <h4>
          {i18n.translate('lookups.settings.aliasFilter', { defaultMessage: 'Alias filter' })}
        </h4>
      </EuiText>
      <EuiSpacer size="xs" />
      {/* Plain text: OUI's JSON colours fall short of a 4.5:1 contrast. */}
      <EuiCodeBlock
        language="text"
        paddingSize="s"
        fontSize="s"
        isCopyable
        aria-label={i18n.translate('lookups.settings.aliasFilterLabel', {
          defaultMessage: 'Alias filter',
        })}
        data-test-subj="lookupsSettingsFilter"
      >
        {lookup.filter === undefined ? '—' : JSON.stringify(lookup.filter, null, 2)}
      </EuiCodeBlock>

      <EuiHorizontalRule />
      <EuiTitle size="xs">
        <h3>{i18n.translate('lookups.settings.export', { defaultMessage: 'Export' })}</h3>
      </EuiTitle>
      <EuiText size="s" color="subdued">
        <p>
          {i18n.translate('lookups.settings.exportBody', {
            defaultMessage: 'Download every row of the current version.',
          })}
        </p>
      </EuiText>
      <EuiSpacer size="s" />
      <EuiFlexGroup gutterSize="s" responsive={false}>
        <EuiFlexItem grow={false}>
          <EuiButton
            iconType="download"
            href={api.exportUrl(name, 'csv')}
            download={`${name}.csv`}
            data-test-subj="lookupsExportCsv"
          >
            {i18n.translate('lookups.settings.exportCsv', { defaultMessage: 'Export CSV' })}
          </EuiButton>
        </EuiFlexItem>
        <EuiFlexItem grow={false}>
          <EuiButton
            iconType="download"
            href={api.exportUrl(name, 'ndjson')}
            download={`${name}.ndjson`}
            data-test-subj="lookupsExportNdjson"
          >
            {i18n.translate('lookups.settings.exportNdjson', { defaultMessage: 'Export NDJSON' })}
          </EuiButton>
        </EuiFlexItem>
      </EuiFlexGroup>

      <EuiHorizontalRule />
      <EuiTitle size="xs">
        <h3>{i18n.translate('lookups.settings.import', { defaultMessage: 'Import a file' })}</h3>
      </EuiTitle>
      <EuiSpacer size="s" />
      <ImportForm name={name} />

      <EuiHorizontalRule />
      <EuiTitle size="xs">
        <h3>
          {i18n.translate('lookups.settings.delete', { defaultMessage: 'Delete this lookup' })}
        </h3>
      </EuiTitle>
      <EuiText size="s" color="subdued">
        <p>
          {i18n.translate('lookups.settings.deleteBody', {
            defaultMessage:
              'Removes the alias and the backing index with every version. This cannot be undone.',
          })}
        </p>
      </EuiText>
      <EuiSpacer size="s" />
      <EuiButton
        color="danger"
        iconType="trash"
        onClick={() => setDeleting(true)}
        data-test-subj="lookupsDeleteButton"
      >
        {i18n.translate('lookups.settings.deleteButton', { defaultMessage: 'Delete lookup' })}
      </EuiButton>
      {deleting ? <DeleteModal lookup={lookup} onClose={() => setDeleting(false)} /> : null}
    </div>
  );
}

function DeleteModal({ lookup, onClose }: { lookup: LookupDetail; onClose: () => void }) {
  const dispatch = useAppDispatch();
  const history = useHistory();
  const { notifications } = useServices();
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiFailure | null>(null);
  const totalRows = lookup.slices.reduce((n, s) => n + s.rows, 0);

  const remove = async () => {
    setBusy(true);
    setError(null);
    try {
      const done = await dispatch(deleteLookup(lookup.name)).unwrap();
      notifications.toasts.addSuccess({
        title: i18n.translate('lookups.settings.deleted', {
          defaultMessage: 'Deleted "{name}" ({rows})',
          values: { name: done.name, rows: rowCount(done.rows) },
        }),
      });
      onClose();
      history.push(appRoutes.catalog());
    } catch (e) {
      setError(e as ApiFailure);
      setBusy(false);
    }
  };

  return (
    <EuiConfirmModal
      title={i18n.translate('lookups.settings.deleteTitle', {
        defaultMessage: 'Delete "{name}"?',
        values: { name: lookup.name },
      })}
      onCancel={onClose}
      onConfirm={remove}
      cancelButtonText={i18n.translate('lookups.settings.deleteCancel', {
        defaultMessage: 'Cancel',
      })}
      confirmButtonText={i18n.translate('lookups.settings.deleteConfirm', {
        defaultMessage: 'Delete',
      })}
      buttonColor="danger"
      confirmButtonDisabled={typed !== lookup.name}
      isLoading={busy}
      data-test-subj="lookupsDeleteModal"
    >
      <EuiText size="s">
        <p>
          {i18n.translate('lookups.settings.deleteWhat', {
            defaultMessage: 'This removes:',
          })}
        </p>
        <ul data-test-subj="lookupsDeleteWhat">
          <li>
            {i18n.translate('lookups.settings.deleteAlias', {
              defaultMessage: 'the alias {alias}, which searches use',
              values: { alias: lookup.name },
            })}
          </li>
          <li>
            {i18n.translate('lookups.settings.deleteIndex', {
              defaultMessage:
                'the backing index {index} with {versions} ({rows}; current version {current})',
              values: {
                index: lookup.backing_index ?? '—',
                versions: versionCount(lookup.slices.length),
                rows: rowCount(totalRows),
                current: shortSlice(lookup.current_slice),
              },
            })}
          </li>
        </ul>
      </EuiText>
      <EuiSpacer size="m" />
      <EuiFormRow
        label={i18n.translate('lookups.settings.deleteType', {
          defaultMessage: 'Type the name of the lookup to confirm',
        })}
      >
        <EuiFieldText
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          data-test-subj="lookupsDeleteConfirmName"
        />
      </EuiFormRow>
      {error ? (
        <>
          <EuiSpacer size="m" />
          <ApiErrorCallout
            title={i18n.translate('lookups.settings.deleteFailed', {
              defaultMessage: 'The lookup could not be deleted',
            })}
            error={error}
            data-test-subj="lookupsDeleteError"
          />
        </>
      ) : null}
    </EuiConfirmModal>
  );
}
