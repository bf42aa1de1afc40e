/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * A lookup's storage, its match rules (matching/), its replicas (replicas_section.tsx), and its whole-lookup actions: the backing index and the alias filter,
 * export (plain download links), import of a CSV or NDJSON file, and deletion with a confirm
 * that names what goes.
 */
import { useState } from 'react';
import { useHistory } from 'react-router-dom';
import {
  EuiButton,
  EuiCodeBlock,
  EuiDescriptionList,
  EuiFlexGroup,
  EuiFlexItem,
  EuiHorizontalRule,
  EuiLoadingContent,
  EuiSpacer,
  EuiText,
  EuiTitle,
} from '@elastic/eui';
import { i18n } from '@osd/i18n';
import { isDeletableKind, type LookupDetail } from '../../../common/api/codecs';
import { appRoutes } from '../../../common/api/paths';
import { ActionButton, useGrant } from '../../components/permissions';
import { useApi } from '../../services/services_context';
import { DeleteModal } from './delete_modal';
import { ImportForm } from './import_form';
import { MatchingSection } from './matching/matching_section';
import { ReplicasSection } from './replicas_section';

export function SettingsTab({ name, lookup }: { name: string; lookup?: LookupDetail }) {
  const api = useApi();
  const history = useHistory();
  const [deleting, setDeleting] = useState(false);
  const deleteGrant = useGrant(name, 'delete');
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
              defaultMessage: 'Index',
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
      {lookup.kind === 'managed' ? (
        <>
          <MatchingSection name={name} />
          <EuiHorizontalRule />
          <ReplicasSection name={name} />
          <EuiHorizontalRule />
        </>
      ) : null}
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
      {isDeletableKind(lookup.kind) ? (
        <>
          <EuiText size="s" color="subdued">
            <p>
              {i18n.translate('lookups.settings.deleteBody', {
                defaultMessage:
                  'Removes the lookup with every stored version. This cannot be undone.',
              })}
            </p>
          </EuiText>
          <EuiSpacer size="s" />
          <ActionButton
            lookup={name}
            action="delete"
            grant={deleteGrant}
            color="danger"
            iconType="trash"
            onClick={() => setDeleting(true)}
            data-test-subj="lookupsDeleteButton"
          >
            {i18n.translate('lookups.settings.deleteButton', { defaultMessage: 'Delete lookup' })}
          </ActionButton>
        </>
      ) : (
        <EuiText size="s" color="subdued">
          <p data-test-subj="lookupsSettingsNoDelete">
            {lookup.kind === 'legacy'
              ? i18n.translate('lookups.settings.noDeleteLegacy', {
                  defaultMessage:
                    'Not deleted here: its rows live in {index}, an index the data importer made, which belongs to its owner. Migrate the lookup first (then it can be deleted here), or remove the alias in OpenSearch.',
                  values: { index: lookup.backing_index ?? '—' },
                })
              : i18n.translate('lookups.settings.noDeleteConflict', {
                  defaultMessage:
                    'Not deleted here: "{name}" is not a lookup this plugin manages. Resolve it in OpenSearch.',
                  values: { name },
                })}
          </p>
        </EuiText>
      )}
      {deleting ? (
        <DeleteModal
          lookups={[lookup]}
          onClose={() => setDeleting(false)}
          onDeleted={() => history.push(appRoutes.catalog())}
        />
      ) : null}
    </div>
  );
}
