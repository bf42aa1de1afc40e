/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * The catalog table for a long catalog: searched (as the user pauses typing) and paged by the
 * server, one page at a time.
 */
import { useEffect, useState } from 'react';
import { EuiBasicTable, EuiSpacer, type Criteria, type EuiBasicTableColumn } from '@elastic/eui';
import { i18n } from '@osd/i18n';
import type { LookupSummary } from '../../../common/api/codecs';
import { ApiErrorCallout } from '../../components/error_callout';
import type { ApiFailure } from '../../services/api_client';
import { useDebounced } from '../../components/use_debounced';
import { failureOf, useGetCatalogPageQuery } from '../../store/api';

/** How long the search box waits for typing to pause before it asks the server. */
const SEARCH_DEBOUNCE_MS = 300;

interface ServerPage {
  lookups: LookupSummary[];
  total: number;
  loading: boolean;
  error?: ApiFailure;
}

/** One page of a long catalog, searched and paged by the server. */
function useServerPage(needle: string, pageIndex: number, pageSize: number) {
  const query = useGetCatalogPageQuery({
    ...(needle ? { search: needle } : {}),
    from: pageIndex * pageSize,
    size: pageSize,
  });
  // The page shown stays while the next one loads.
  const page: ServerPage = {
    lookups: query.data?.lookups ?? NO_LOOKUPS,
    total: query.data?.total ?? 0,
    loading: query.isFetching,
    error: query.isError ? failureOf(query.error) : undefined,
  };
  return page;
}

const NO_LOOKUPS: LookupSummary[] = [];

export function ServerCatalogTable({
  columns,
  search,
  onSelectionChange,
  onPageShown,
}: {
  columns: Array<EuiBasicTableColumn<LookupSummary>>;
  search: string;
  onSelectionChange: (selected: LookupSummary[]) => void;
  /** The names of the rows shown, so that what the user may do is asked for them. */
  onPageShown: (names: string[]) => void;
}) {
  const needle = useDebounced(search.trim(), SEARCH_DEBOUNCE_MS);
  // The page picked belongs to the search it was picked for: a new search starts from its
  // first page in the same render, never asking for the old page number first.
  const [picked, setPicked] = useState({ needle, pageIndex: 0 });
  const pageIndex = picked.needle === needle ? picked.pageIndex : 0;
  const [pageSize, setPageSize] = useState(20);
  const page = useServerPage(needle, pageIndex, pageSize);
  const shownKey = page.lookups.map((l) => l.name).join('\n');
  useEffect(
    () => onPageShown(shownKey === '' ? [] : shownKey.split('\n')),
    [shownKey, onPageShown]
  );
  // The server sorts by name; columns do not sort a page on their own.
  const unsorted = columns.map((c) => ('field' in c ? { ...c, sortable: false } : c));
  return (
    <>
      {page.error ? (
        <>
          <ApiErrorCallout
            title={i18n.translate('lookups.catalog.pageFailed', {
              defaultMessage: 'This page of lookups could not be listed',
            })}
            error={page.error}
            data-test-subj="lookupsCatalogPageError"
          />
          <EuiSpacer size="m" />
        </>
      ) : null}
      <EuiBasicTable<LookupSummary>
        tableCaption={i18n.translate('lookups.catalog.caption', { defaultMessage: 'Lookups' })}
        items={page.lookups}
        itemId="name"
        rowHeader="name"
        columns={unsorted}
        loading={page.loading}
        pagination={{
          pageIndex,
          pageSize,
          totalItemCount: page.total,
          pageSizeOptions: [10, 20, 50, 100],
        }}
        onChange={({ page: next }: Criteria<LookupSummary>) => {
          if (!next) return;
          setPageSize(next.size);
          setPicked({ needle, pageIndex: next.size === pageSize ? next.index : 0 });
        }}
        isSelectable
        selection={{ onSelectionChange }}
        noItemsMessage={
          page.loading
            ? i18n.translate('lookups.catalog.pageLoading', { defaultMessage: 'Loading…' })
            : i18n.translate('lookups.catalog.noSearchMatch', {
                defaultMessage: 'No lookups match the search.',
              })
        }
        data-test-subj="lookupsCatalogTable"
        rowProps={(lookup) => ({ 'data-test-subj': `lookupsCatalogRow-${lookup.name}` })}
      />
    </>
  );
}
