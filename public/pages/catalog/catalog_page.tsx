/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * The catalog: every lookup the user may read, with its kind, size, versions and orphans.
 * Search and a kind filter narrow the list; every column sorts; selected lookups (or all) can
 * have their old versions cleaned up; a legacy lookup migrates in one click.
 */
import { useCallback, useMemo, useRef, useState } from 'react';
import {
  EuiBasicTable,
  EuiBadge,
  EuiButton,
  EuiCallOut,
  EuiEmptyPrompt,
  EuiFieldSearch,
  EuiFilterButton,
  EuiFilterGroup,
  EuiFlexGroup,
  EuiFlexItem,
  EuiLink,
  EuiLoadingContent,
  EuiSpacer,
  EuiText,
  EuiTitle,
  EuiToolTip,
  type EuiBasicTableColumn,
} from '@elastic/eui';
import { i18n } from '@osd/i18n';
import type { LookupKind, LookupSummary } from '../../../common/api/codecs';
import { appRoutes } from '../../../common/api/paths';
import { useAppChrome } from '../../components/chrome';
import { RefreshBadge } from '../../components/refresh_badge';
import { ApiErrorCallout } from '../../components/error_callout';
import { formatBytes, formatNumber, formatTime, rowCount } from '../../components/format';
import { KindBadge, kindLabel } from '../../components/kind_badge';
import { useRouterLink } from '../../components/router_link';
import { usePermissions } from '../../components/permissions';
import { ServerStatusCallout } from '../../components/server_status';
import { useAppDispatch, useAppSelector } from '../../store';
import { lookupsApi, useCatalog } from '../../store/api';
import {
  catalogKindToggled,
  catalogSearchChanged,
  filterLookups,
  LOOKUP_KINDS,
  serverPaged,
} from '../../store/catalog_slice';
import { MigrateModal } from '../migration/migrate_modal';
import { DeleteModal } from '../lookup/delete_modal';
import { NoReadableLookups, summarizeAccess } from './catalog_access';
import { CleanupModal } from './cleanup_modal';
import { cleanupRuleText } from './cleanup_rule';
import { useCatalogView } from './catalog_view';
import { CreateFromFileModal } from './create_from_file';
import { CreateWithColumnsModal } from './create_with_columns';
import { RowActions, type RowActionHandlers } from './row_actions';
import { PageSelectionNote } from './page_selection_note';
import { ServerCatalogTable } from './server_catalog_table';

export const catalogTitle = () =>
  i18n.translate('lookups.catalog.title', { defaultMessage: 'Catalog' });

export function CatalogPage() {
  const dispatch = useAppDispatch();
  const link = useRouterLink();
  const { status, lookups, error, total, refetch } = useCatalog();
  const { search, kinds } = useAppSelector((state) => state.catalog);
  const paged = serverPaged({ total });
  // Refresh asks the server's page again too (both are the Catalog).
  const refresh = () => dispatch(lookupsApi.util.invalidateTags(['Catalog']));
  // What the table's checkboxes hold (one page at most), or every lookup that matches.
  const [pageSelection, setPageSelection] = useState<LookupSummary[]>([]);
  const [allMatching, setAllMatching] = useState(false);
  const tableRef = useRef<EuiBasicTable<LookupSummary>>(null);
  const onSelectionChange = useCallback((items: LookupSummary[]) => {
    setPageSelection(items);
    setAllMatching(false);
  }, []);
  const [cleanup, setCleanup] = useState<{ names?: string[] } | null>(null);
  const [migrating, setMigrating] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<LookupSummary[] | null>(null);
  const [creating, setCreating] = useState(false);
  const [creatingEmpty, setCreatingEmpty] = useState(false);
  const rowHandlers: RowActionHandlers = {
    onMigrate: (lookup) => setMigrating(lookup.name),
    onCleanup: (lookup) => setCleanup({ names: [lookup.name] }),
    onDelete: (lookup) => setDeleting([lookup]),
  };
  const shown = useMemo(() => filterLookups(lookups, search, kinds), [lookups, search, kinds]);
  const view = useCatalogView(shown);
  const selected = allMatching ? view.all : pageSelection;
  const managedSelected = selected.filter((l) => l.kind === 'managed');
  // The server's page, when it pages (reported by its table).
  const [serverPageNames, setServerPageNames] = useState<string[]>([]);
  // Asked once per lookup, for the rows shown: each page asks for its own rows as it is shown
  // (the server checks every request anyway).
  const pageNames = useMemo(
    () => (paged ? serverPageNames : view.items.map((l) => l.name)),
    [paged, serverPageNames, view.items]
  );
  const permissions = usePermissions(
    status === 'ready' ? pageNames : error?.statusCode === 403 ? [] : null
  );
  // Read-only is said once every lookup asked about so far refuses every write.
  const access = summarizeAccess(
    [...new Set([...lookups.map((l) => l.name), ...pageNames])].filter(
      (name) => permissions.byName[name] !== undefined
    ),
    permissions.byName
  );

  useAppChrome([{ text: catalogTitle() }]);

  const counts = useMemo(() => {
    const byKind = new Map<LookupKind, number>();
    for (const lookup of lookups) byKind.set(lookup.kind, (byKind.get(lookup.kind) ?? 0) + 1);
    return byKind;
  }, [lookups]);

  const columns: Array<EuiBasicTableColumn<LookupSummary>> = [
    {
      field: 'name',
      name: i18n.translate('lookups.catalog.col.name', { defaultMessage: 'Name' }),
      sortable: true,
      // One line, cut with an ellipsis (the full name on hover), never broken mid-word.
      // The rest of the row: at 1024 px the other columns keep what they show whole.
      truncateText: true,
      render: (name: string, lookup: LookupSummary) => (
        <div style={{ minWidth: 0, maxWidth: '100%' }}>
          <span className="eui-textTruncate" title={name} style={{ display: 'block' }}>
            <EuiLink
              {...link(appRoutes.lookup(name))}
              data-test-subj={`lookupsCatalogLink-${name}`}
            >
              {name}
            </EuiLink>{' '}
            <RefreshBadge refresh={lookup.refresh} />
            {lookup.match_mode ? (
              <EuiBadge
                color="hollow"
                title={i18n.translate('lookups.catalog.matchModeTitle', {
                  defaultMessage: 'lookup matches it by these rules: {mode}',
                  values: { mode: lookup.match_mode },
                })}
                data-test-subj="lookupsCatalogMatchMode"
              >
                {lookup.match_mode}
              </EuiBadge>
            ) : null}
          </span>
          {lookup.description ? (
            <EuiText size="xs" color="subdued">
              <span
                className="eui-textTruncate"
                style={{ display: 'block' }}
                title={lookup.description}
                data-test-subj="lookupsCatalogDescription"
              >
                {lookup.description}
              </span>
            </EuiText>
          ) : null}
        </div>
      ),
    },
    {
      field: 'kind',
      name: i18n.translate('lookups.catalog.col.kind', { defaultMessage: 'Kind' }),
      sortable: true,
      width: '96px',
      render: (kind: LookupKind, lookup: LookupSummary) => (
        <div>
          <KindBadge kind={kind} />
          {lookup.reason && (kind === 'broken' || kind === 'conflict') ? (
            <EuiText size="xs" color="subdued" data-test-subj="lookupsCatalogReason">
              <p>{lookup.reason}</p>
            </EuiText>
          ) : null}
        </div>
      ),
    },
    {
      field: 'rows',
      name: i18n.translate('lookups.catalog.col.rows', { defaultMessage: 'Rows' }),
      sortable: true,
      dataType: 'number',
      width: '64px',
      render: (rows: number) => formatNumber(rows),
    },
    {
      field: 'size_bytes',
      name: i18n.translate('lookups.catalog.col.size', { defaultMessage: 'Size' }),
      sortable: true,
      dataType: 'number',
      width: '80px',
      render: (bytes: number) => <span className="eui-textNoWrap">{formatBytes(bytes)}</span>,
    },
    {
      field: 'slice_count',
      name: i18n.translate('lookups.catalog.col.versions', { defaultMessage: 'Versions' }),
      sortable: true,
      dataType: 'number',
      width: '80px',
      render: (n: number) => formatNumber(n),
    },
    {
      field: 'orphan_count',
      name: i18n.translate('lookups.catalog.col.orphans', { defaultMessage: 'Old versions' }),
      sortable: true,
      dataType: 'number',
      // Room for the header and "12 (1,234 rows)" on one line.
      width: '116px',
      render: (count: number, lookup: LookupSummary) => (
        <span className="eui-textNoWrap">
          {count === 0
            ? '0'
            : i18n.translate('lookups.catalog.orphans', {
                defaultMessage: '{count} ({rows})',
                values: { count: formatNumber(count), rows: rowCount(lookup.orphan_rows) },
              })}
        </span>
      ),
    },
    {
      field: 'last_write',
      name: i18n.translate('lookups.catalog.col.lastWrite', { defaultMessage: 'Last write' }),
      sortable: true,
      // A time is read whole: on one line, to the minute (the second in its title).
      width: '168px',
      render: (time: string | null) => (
        <span className="eui-textNoWrap" title={formatTime(time)}>
          {formatTime(time, 'short')}
        </span>
      ),
    },
    {
      name: i18n.translate('lookups.catalog.col.actions', { defaultMessage: 'Actions' }),
      width: '136px',
      render: (lookup: LookupSummary) => <RowActions lookup={lookup} handlers={rowHandlers} />,
    },
  ];

  const firstLoad = lookups.length === 0 && (status === 'loading' || status === 'idle');

  return (
    <div data-test-subj="lookupsCatalogPage">
      <ServerStatusCallout />
      <EuiFlexGroup alignItems="center" justifyContent="spaceBetween" responsive={false}>
        <EuiFlexItem grow={false}>
          <EuiTitle size="m">
            <h2>{catalogTitle()}</h2>
          </EuiTitle>
        </EuiFlexItem>
        <EuiFlexItem grow={false}>
          <EuiFlexGroup gutterSize="s" responsive={false}>
            <EuiFlexItem grow={false}>
              <EuiButton
                iconType="importAction"
                onClick={() => setCreating(true)}
                data-test-subj="lookupsCatalogCreate"
              >
                {i18n.translate('lookups.catalog.create', {
                  defaultMessage: 'Create from file',
                })}
              </EuiButton>
            </EuiFlexItem>
            <EuiFlexItem grow={false}>
              <EuiButton
                iconType="tableDensityNormal"
                onClick={() => setCreatingEmpty(true)}
                data-test-subj="lookupsCatalogCreateColumns"
              >
                {i18n.translate('lookups.catalog.createColumns', {
                  defaultMessage: 'Create with columns',
                })}
              </EuiButton>
            </EuiFlexItem>
            <EuiFlexItem grow={false}>
              <EuiButton
                iconType="refresh"
                onClick={() => void refresh()}
                isLoading={status === 'loading'}
                data-test-subj="lookupsCatalogRefresh"
              >
                {i18n.translate('lookups.catalog.refresh', { defaultMessage: 'Refresh' })}
              </EuiButton>
            </EuiFlexItem>
            <EuiFlexItem grow={false}>
              {/* The rule is said before anything is previewed. */}
              <EuiToolTip content={cleanupRuleText()} data-test-subj="lookupsCatalogCleanupRule">
                <EuiButton
                  iconType="broom"
                  color="danger"
                  isDisabled={lookups.length === 0 || access === 'readOnly'}
                  onClick={() =>
                    setCleanup({
                      names:
                        managedSelected.length > 0 ? managedSelected.map((l) => l.name) : undefined,
                    })
                  }
                  data-test-subj="lookupsCatalogCleanup"
                >
                  {managedSelected.length > 0
                    ? i18n.translate('lookups.catalog.cleanupSelected', {
                        defaultMessage: 'Clean up old versions ({count} selected)',
                        values: { count: managedSelected.length },
                      })
                    : i18n.translate('lookups.catalog.cleanupAll', {
                        defaultMessage: 'Clean up old versions (all)',
                      })}
                </EuiButton>
              </EuiToolTip>
            </EuiFlexItem>
            {selected.length > 0 ? (
              <EuiFlexItem grow={false}>
                <EuiButton
                  iconType="trash"
                  color="danger"
                  isDisabled={access === 'readOnly'}
                  onClick={() => setDeleting(selected)}
                  data-test-subj="lookupsCatalogDeleteSelected"
                >
                  {i18n.translate('lookups.catalog.deleteSelected', {
                    defaultMessage: 'Delete ({count} selected)',
                    values: { count: selected.length },
                  })}
                </EuiButton>
              </EuiFlexItem>
            ) : null}
          </EuiFlexGroup>
        </EuiFlexItem>
      </EuiFlexGroup>
      {access === 'readOnly' ? (
        <>
          <EuiSpacer size="s" />
          <EuiCallOut
            size="s"
            iconType="lock"
            title={i18n.translate('lookups.catalog.readOnly', {
              defaultMessage:
                'You can read these lookups but not change them: your user may not change any of the lookups listed (write, import, restore, clean up or delete). Your roles may still allow a new lookup under another name; the app checks each name you give.',
            })}
            data-test-subj="lookupsCatalogReadOnly"
          />
        </>
      ) : null}
      <EuiText size="s" color="subdued">
        <p>
          {i18n.translate('lookups.catalog.description', {
            defaultMessage:
              'The lookups you may read. Old versions are kept after each overwrite so you can restore one; clean them up when you no longer need them.',
          })}
        </p>
      </EuiText>
      <EuiSpacer size="m" />
      <EuiFlexGroup gutterSize="m" responsive={false} wrap>
        <EuiFlexItem grow>
          <EuiFieldSearch
            fullWidth
            value={search}
            onChange={(e) => dispatch(catalogSearchChanged(e.target.value))}
            placeholder={i18n.translate('lookups.catalog.searchPlaceholder', {
              defaultMessage: 'Search by name',
            })}
            aria-label={i18n.translate('lookups.catalog.searchLabel', {
              defaultMessage: 'Search lookups',
            })}
            data-test-subj="lookupsCatalogSearch"
          />
        </EuiFlexItem>
        {paged ? null : (
          <EuiFlexItem grow={false}>
            <EuiFilterGroup
              aria-label={i18n.translate('lookups.catalog.kindFilter', {
                defaultMessage: 'Filter by kind',
              })}
              role="group"
            >
              {LOOKUP_KINDS.map((kind) => (
                <EuiFilterButton
                  key={kind}
                  hasActiveFilters={kinds.includes(kind)}
                  aria-pressed={kinds.includes(kind)}
                  numFilters={counts.get(kind) ?? 0}
                  onClick={() => dispatch(catalogKindToggled(kind))}
                  data-test-subj={`lookupsCatalogKind-${kind}`}
                >
                  {kindLabel(kind)}
                </EuiFilterButton>
              ))}
            </EuiFilterGroup>
          </EuiFlexItem>
        )}
      </EuiFlexGroup>
      {paged ? (
        <EuiText size="xs" color="subdued">
          <p data-test-subj="lookupsCatalogServerPaged">
            {i18n.translate('lookups.catalog.serverPaged', {
              defaultMessage:
                '{total} lookups: too many to hold here, so the server searches them by name and sends one page at a time, sorted by name.',
              values: { total: formatNumber(total) },
            })}
          </p>
        </EuiText>
      ) : null}
      <EuiSpacer size="m" />
      {error?.statusCode === 403 ? (
        <NoReadableLookups
          operatorHint={permissions.canManageSecurity ? error.message : undefined}
        />
      ) : error ? (
        <>
          <ApiErrorCallout
            title={i18n.translate('lookups.catalog.loadFailed', {
              defaultMessage: 'The lookups could not be listed',
            })}
            error={error}
            onRetry={() => void refetch()}
            data-test-subj="lookupsCatalogError"
          />
          <EuiSpacer size="m" />
        </>
      ) : null}
      <PageSelectionNote
        selected={pageSelection.length}
        pageSize={paged ? serverPageNames.length : view.items.length}
        matching={paged ? total : view.all.length}
        allMatching={allMatching}
        onSelectAll={paged ? undefined : () => setAllMatching(true)}
        onClear={() => {
          setAllMatching(false);
          tableRef.current?.setSelection([]);
        }}
      />
      {firstLoad ? (
        <EuiLoadingContent lines={6} data-test-subj="lookupsCatalogLoading" />
      ) : status === 'ready' && lookups.length === 0 ? (
        <EuiEmptyPrompt
          iconType="indexMapping"
          title={
            <h3>
              {i18n.translate('lookups.catalog.emptyTitle', {
                defaultMessage: 'No lookups yet',
              })}
            </h3>
          }
          body={
            <p>
              {i18n.translate('lookups.catalog.emptyBody', {
                defaultMessage:
                  'End a PPL query with outputlookup <name> to write one, or ask for read access to existing lookups.',
              })}
            </p>
          }
          actions={
            <EuiButton {...link(appRoutes.query())} fill data-test-subj="lookupsCatalogGoQuery">
              {i18n.translate('lookups.catalog.goQuery', { defaultMessage: 'Write a query' })}
            </EuiButton>
          }
          data-test-subj="lookupsCatalogEmpty"
        />
      ) : paged ? (
        <ServerCatalogTable
          columns={columns}
          search={search}
          onSelectionChange={onSelectionChange}
          onPageShown={setServerPageNames}
        />
      ) : lookups.length > 0 ? (
        <EuiBasicTable<LookupSummary>
          ref={tableRef}
          tableCaption={i18n.translate('lookups.catalog.caption', { defaultMessage: 'Lookups' })}
          items={view.items}
          itemId="name"
          rowHeader="name"
          columns={columns}
          sorting={view.sorting}
          pagination={view.pagination}
          onChange={view.onChange}
          isSelectable
          selection={{ onSelectionChange }}
          noItemsMessage={i18n.translate('lookups.catalog.noMatch', {
            defaultMessage: 'No lookups match the search and filter.',
          })}
          data-test-subj="lookupsCatalogTable"
          rowProps={(lookup) => ({ 'data-test-subj': `lookupsCatalogRow-${lookup.name}` })}
        />
      ) : null}
      {cleanup ? <CleanupModal names={cleanup.names} onClose={() => setCleanup(null)} /> : null}
      {creating ? <CreateFromFileModal onClose={() => setCreating(false)} /> : null}
      {creatingEmpty ? <CreateWithColumnsModal onClose={() => setCreatingEmpty(false)} /> : null}
      {deleting ? (
        <DeleteModal
          lookups={deleting}
          onClose={() => setDeleting(null)}
          onDeleted={(names) => {
            setAllMatching(false);
            setPageSelection((s) => s.filter((l) => !names.includes(l.name)));
          }}
        />
      ) : null}
      {migrating ? <MigrateModal name={migrating} onClose={() => setMigrating(null)} /> : null}
    </div>
  );
}
