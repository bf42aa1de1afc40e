/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * What a catalog row offers: open it, query it, export it (CSV or NDJSON), migrate (importer lookups), clean up old
 * versions (when there are some) and delete (not an importer's lookup, whose index is its
 * owner's); each write is disabled, with the missing
 * permission, for a user who may not.
 */
import { useState } from 'react';
import {
  EuiButtonEmpty,
  EuiButtonIcon,
  EuiFlexGroup,
  EuiFlexItem,
  EuiPopover,
  EuiToolTip,
} from '@elastic/eui';
import { i18n } from '@osd/i18n';
import { isDeletableKind, type LookupSummary } from '../../../common/api/codecs';
import type { LookupAction } from '../../../common/api/permissions';
import { appRoutes } from '../../../common/api/paths';
import { grantOf, Refusable } from '../../components/permissions';
import { useRouterLink } from '../../components/router_link';
import { useApi } from '../../services/services_context';
import { useAppSelector } from '../../store';

export interface RowActionHandlers {
  onMigrate: (lookup: LookupSummary) => void;
  onCleanup: (lookup: LookupSummary) => void;
  onDelete: (lookup: LookupSummary) => void;
}

function WriteAction({
  lookup,
  action,
  icon,
  label,
  color,
  onClick,
}: {
  lookup: LookupSummary;
  action: LookupAction;
  icon: string;
  label: string;
  color?: 'danger' | 'primary';
  onClick: () => void;
}) {
  const grant = useAppSelector((s) => grantOf(s.permissions.byName[lookup.name], action));
  return (
    <Refusable name={lookup.name} action={action} grant={grant}>
      {(refused) => {
        const button = (
          <EuiButtonIcon
            iconType={icon}
            color={color ?? 'primary'}
            aria-label={label}
            isDisabled={refused}
            onClick={onClick}
            data-test-subj={
              action === 'migrate'
                ? `lookupsCatalogMigrate-${lookup.name}`
                : `lookupsCatalog-${action}-${lookup.name}`
            }
          />
        );
        return refused ? button : <EuiToolTip content={label}>{button}</EuiToolTip>;
      }}
    </Refusable>
  );
}

/** Downloads of the current version, as on the lookup's Settings tab. */
function ExportAction({ lookup }: { lookup: LookupSummary }) {
  const api = useApi();
  const [open, setOpen] = useState(false);
  const label = i18n.translate('lookups.catalog.action.export', {
    defaultMessage: 'Export {name}',
    values: { name: lookup.name },
  });
  const item = (format: 'csv' | 'ndjson', text: string, testSubj: string) => (
    <EuiFlexItem key={format}>
      <EuiButtonEmpty
        size="s"
        flush="left"
        iconType="download"
        href={api.exportUrl(lookup.name, format)}
        download={`${lookup.name}.${format}`}
        onClick={() => setOpen(false)}
        data-test-subj={`${testSubj}-${lookup.name}`}
      >
        {text}
      </EuiButtonEmpty>
    </EuiFlexItem>
  );
  return (
    <EuiPopover
      isOpen={open}
      closePopover={() => setOpen(false)}
      panelPaddingSize="none"
      anchorPosition="downRight"
      button={
        <EuiToolTip content={label}>
          <EuiButtonIcon
            iconType="download"
            aria-label={label}
            aria-haspopup="true"
            aria-expanded={open}
            onClick={() => setOpen((o) => !o)}
            data-test-subj={`lookupsCatalog-export-${lookup.name}`}
          />
        </EuiToolTip>
      }
    >
      <EuiFlexGroup direction="column" gutterSize="none" style={{ padding: '4px 12px' }}>
        {item(
          'csv',
          i18n.translate('lookups.catalog.exportCsv', { defaultMessage: 'Export CSV' }),
          'lookupsCatalogExportCsv'
        )}
        {item(
          'ndjson',
          i18n.translate('lookups.catalog.exportNdjson', { defaultMessage: 'Export NDJSON' }),
          'lookupsCatalogExportNdjson'
        )}
      </EuiFlexGroup>
    </EuiPopover>
  );
}

export function RowActions({
  lookup,
  handlers,
}: {
  lookup: LookupSummary;
  handlers: RowActionHandlers;
}) {
  const link = useRouterLink();
  const values = { name: lookup.name };
  const queryLabel = i18n.translate('lookups.catalog.action.query', {
    defaultMessage: 'Query {name}',
    values,
  });
  const openLabel = i18n.translate('lookups.catalog.action.open', {
    defaultMessage: 'Open {name}',
    values,
  });
  return (
    <EuiFlexGroup gutterSize="xs" responsive={false} wrap={false}>
      <EuiFlexItem grow={false}>
        <EuiToolTip content={openLabel}>
          <EuiButtonIcon
            iconType="inspect"
            aria-label={openLabel}
            {...link(appRoutes.lookup(lookup.name))}
            data-test-subj={`lookupsCatalog-open-${lookup.name}`}
          />
        </EuiToolTip>
      </EuiFlexItem>
      {lookup.kind !== 'broken' ? (
        <EuiFlexItem grow={false}>
          <EuiToolTip content={queryLabel}>
            <EuiButtonIcon
              iconType="console"
              aria-label={queryLabel}
              {...link(appRoutes.queryLookup(lookup.name))}
              data-test-subj={`lookupsCatalog-query-${lookup.name}`}
            />
          </EuiToolTip>
        </EuiFlexItem>
      ) : null}
      {lookup.kind === 'managed' || lookup.kind === 'legacy' ? (
        <EuiFlexItem grow={false}>
          <ExportAction lookup={lookup} />
        </EuiFlexItem>
      ) : null}
      {lookup.kind === 'legacy' ? (
        <EuiFlexItem grow={false}>
          <WriteAction
            lookup={lookup}
            action="migrate"
            icon="merge"
            label={i18n.translate('lookups.catalog.migrateAria', {
              defaultMessage: 'Migrate {name}',
              values,
            })}
            onClick={() => handlers.onMigrate(lookup)}
          />
        </EuiFlexItem>
      ) : null}
      {lookup.kind === 'managed' && lookup.orphan_count > 0 ? (
        <EuiFlexItem grow={false}>
          <WriteAction
            lookup={lookup}
            action="cleanup"
            icon="broom"
            label={i18n.translate('lookups.catalog.action.cleanup', {
              defaultMessage: 'Clean up old versions of {name}',
              values,
            })}
            onClick={() => handlers.onCleanup(lookup)}
          />
        </EuiFlexItem>
      ) : null}
      {isDeletableKind(lookup.kind) ? (
        <EuiFlexItem grow={false}>
          <WriteAction
            lookup={lookup}
            action="delete"
            icon="trash"
            color="danger"
            label={i18n.translate('lookups.catalog.action.delete', {
              defaultMessage: 'Delete {name}',
              values,
            })}
            onClick={() => handlers.onDelete(lookup)}
          />
        </EuiFlexItem>
      ) : null}
    </EuiFlexGroup>
  );
}
