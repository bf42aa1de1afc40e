/*
 * The catalog: every lookup the user may read, with its kind, size, versions and orphans.
 * Search and a kind filter narrow the list; every column sorts; selected lookups (or all) can
 * have their old versions cleaned up; a legacy lookup migrates in one click.
 */
import { useEffect, useMemo, useState } from 'react';
import {
  EuiButton,
  EuiEmptyPrompt,
  EuiFieldSearch,
  EuiFilterButton,
  EuiFilterGroup,
  EuiFlexGroup,
  EuiFlexItem,
  EuiInMemoryTable,
  EuiLink,
  EuiLoadingContent,
  EuiSpacer,
  EuiText,
  EuiTitle,
  type EuiBasicTableColumn,
} from '@elastic/eui';
import { i18n } from '@osd/i18n';
import type { LookupKind, LookupSummary } from '../../../common/api/codecs';
import { appRoutes } from '../../../common/api/paths';
import { useAppChrome } from '../../components/chrome';
import { ApiErrorCallout } from '../../components/error_callout';
import { formatBytes, formatNumber, formatTime, rowCount } from '../../components/format';
import { KindBadge, kindLabel } from '../../components/kind_badge';
import { useRouterLink } from '../../components/router_link';
import { useAppDispatch, useAppSelector } from '../../store';
import {
  catalogKindToggled,
  catalogSearchChanged,
  fetchCatalog,
  filterLookups,
  LOOKUP_KINDS,
} from '../../store/catalog_slice';
import { MigrateModal } from '../migration/migrate_modal';
import { CleanupModal } from './cleanup_modal';

export const catalogTitle = () =>
  i18n.translate('lookups.catalog.title', { defaultMessage: 'Catalog' });

export function CatalogPage() {
  const dispatch = useAppDispatch();
  const link = useRouterLink();
  const { status, lookups, error, search, kinds } = useAppSelector((state) => state.catalog);
  const [selected, setSelected] = useState<LookupSummary[]>([]);
  const [cleanup, setCleanup] = useState<{ names?: string[] } | null>(null);
  const [migrating, setMigrating] = useState<string | null>(null);

  useAppChrome([{ text: catalogTitle() }]);

  useEffect(() => {
    const request = dispatch(fetchCatalog());
    return () => request.abort();
  }, [dispatch]);

  const shown = useMemo(() => filterLookups(lookups, search, kinds), [lookups, search, kinds]);
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
      truncateText: false,
      render: (name: string) => (
        <EuiLink {...link(appRoutes.lookup(name))} data-test-subj={`lookupsCatalogLink-${name}`}>
          {name}
        </EuiLink>
      ),
    },
    {
      field: 'kind',
      name: i18n.translate('lookups.catalog.col.kind', { defaultMessage: 'Kind' }),
      sortable: true,
      width: '18%',
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
      render: (rows: number) => formatNumber(rows),
    },
    {
      field: 'size_bytes',
      name: i18n.translate('lookups.catalog.col.size', { defaultMessage: 'Size' }),
      sortable: true,
      dataType: 'number',
      render: (bytes: number) => formatBytes(bytes),
    },
    {
      field: 'slice_count',
      name: i18n.translate('lookups.catalog.col.versions', { defaultMessage: 'Versions' }),
      sortable: true,
      dataType: 'number',
      render: (n: number) => formatNumber(n),
    },
    {
      field: 'orphan_count',
      name: i18n.translate('lookups.catalog.col.orphans', { defaultMessage: 'Old versions' }),
      sortable: true,
      dataType: 'number',
      render: (count: number, lookup: LookupSummary) =>
        count === 0
          ? '0'
          : i18n.translate('lookups.catalog.orphans', {
              defaultMessage: '{count} ({rows})',
              values: { count: formatNumber(count), rows: rowCount(lookup.orphan_rows) },
            }),
    },
    {
      field: 'last_write',
      name: i18n.translate('lookups.catalog.col.lastWrite', { defaultMessage: 'Last write' }),
      sortable: true,
      render: (time: string | null) => formatTime(time),
    },
    {
      name: i18n.translate('lookups.catalog.col.actions', { defaultMessage: 'Actions' }),
      width: '140px',
      render: (lookup: LookupSummary) =>
        lookup.kind === 'legacy' ? (
          <EuiButton
            size="s"
            onClick={() => setMigrating(lookup.name)}
            aria-label={i18n.translate('lookups.catalog.migrateAria', {
              defaultMessage: 'Migrate {name}',
              values: { name: lookup.name },
            })}
            data-test-subj={`lookupsCatalogMigrate-${lookup.name}`}
          >
            {i18n.translate('lookups.catalog.migrate', { defaultMessage: 'Migrate' })}
          </EuiButton>
        ) : null,
    },
  ];

  const firstLoad = lookups.length === 0 && (status === 'loading' || status === 'idle');

  return (
    <div data-test-subj="lookupsCatalogPage">
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
                iconType="refresh"
                onClick={() => dispatch(fetchCatalog())}
                isLoading={status === 'loading'}
                data-test-subj="lookupsCatalogRefresh"
              >
                {i18n.translate('lookups.catalog.refresh', { defaultMessage: 'Refresh' })}
              </EuiButton>
            </EuiFlexItem>
            <EuiFlexItem grow={false}>
              <EuiButton
                iconType="broom"
                color="danger"
                isDisabled={lookups.length === 0}
                onClick={() =>
                  setCleanup({
                    names: selected.length > 0 ? selected.map((l) => l.name) : undefined,
                  })
                }
                data-test-subj="lookupsCatalogCleanup"
              >
                {selected.length > 0
                  ? i18n.translate('lookups.catalog.cleanupSelected', {
                      defaultMessage: 'Clean up old versions ({count} selected)',
                      values: { count: selected.length },
                    })
                  : i18n.translate('lookups.catalog.cleanupAll', {
                      defaultMessage: 'Clean up old versions (all)',
                    })}
              </EuiButton>
            </EuiFlexItem>
          </EuiFlexGroup>
        </EuiFlexItem>
      </EuiFlexGroup>
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
      </EuiFlexGroup>
      <EuiSpacer size="m" />
      {error ? (
        <>
          <ApiErrorCallout
            title={i18n.translate('lookups.catalog.loadFailed', {
              defaultMessage: 'The lookups could not be listed',
            })}
            error={error}
            onRetry={() => dispatch(fetchCatalog())}
            data-test-subj="lookupsCatalogError"
          />
          <EuiSpacer size="m" />
        </>
      ) : null}
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
      ) : lookups.length > 0 ? (
        <EuiInMemoryTable<LookupSummary>
          tableCaption={i18n.translate('lookups.catalog.caption', { defaultMessage: 'Lookups' })}
          items={shown}
          itemId="name"
          rowHeader="name"
          columns={columns}
          sorting={{ sort: { field: 'name', direction: 'asc' } }}
          pagination={{ initialPageSize: 20, pageSizeOptions: [10, 20, 50, 100] }}
          isSelectable
          selection={{
            selectable: (lookup) => lookup.kind === 'managed',
            selectableMessage: (selectable) =>
              selectable
                ? ''
                : i18n.translate('lookups.catalog.notSelectable', {
                    defaultMessage: 'Only managed lookups have old versions to clean up',
                  }),
            onSelectionChange: setSelected,
          }}
          message={i18n.translate('lookups.catalog.noMatch', {
            defaultMessage: 'No lookups match the search and filter.',
          })}
          data-test-subj="lookupsCatalogTable"
          rowProps={(lookup) => ({ 'data-test-subj': `lookupsCatalogRow-${lookup.name}` })}
        />
      ) : null}
      {cleanup ? <CleanupModal names={cleanup.names} onClose={() => setCleanup(null)} /> : null}
      {migrating ? <MigrateModal name={migrating} onClose={() => setMigrating(null)} /> : null}
    </div>
  );
}
