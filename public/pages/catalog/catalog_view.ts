/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * The page of the catalog the user sees, sorted and paged here rather than inside the table, so
 * the app knows exactly which rows are shown: it asks what the user may do for those rows, page
 * by page, however long the list.
 */
import { useEffect, useMemo, useState } from 'react';
import type { Criteria } from '@elastic/eui';
import { compareNames } from '../../../common/name_order';
import type { LookupSummary } from '../../../common/api/codecs';

export const PAGE_SIZES = [10, 20, 50, 100];

export type SortField =
  'name' | 'kind' | 'rows' | 'size_bytes' | 'slice_count' | 'orphan_count' | 'last_write';
export interface CatalogView {
  pageIndex: number;
  pageSize: number;
  field: SortField;
  direction: 'asc' | 'desc';
}

const collator = new Intl.Collator(undefined, { numeric: true });
const byName = (a: LookupSummary, b: LookupSummary) => compareNames(a.name, b.name);

/** By `field`, then by name, so rows that tie keep one order across pages. */
export function sortLookups(
  lookups: readonly LookupSummary[],
  field: SortField,
  direction: 'asc' | 'desc'
): LookupSummary[] {
  const sign = direction === 'asc' ? 1 : -1;
  const compare = (a: LookupSummary, b: LookupSummary) => {
    const x = a[field];
    const y = b[field];
    if (x === y) return 0;
    // Missing values (no write time) sort first ascending, as nothing comes before them.
    if (x === null || x === undefined) return -1;
    if (y === null || y === undefined) return 1;
    if (field === 'name') return byName(a, b);
    return typeof x === 'number' && typeof y === 'number'
      ? x - y
      : collator.compare(String(x), String(y));
  };
  // Names in the server's order (common/name_order.ts), so its pages and this table agree.
  return [...lookups].sort((a, b) => sign * compare(a, b) || byName(a, b));
}

export function pageOf(sorted: readonly LookupSummary[], view: CatalogView): LookupSummary[] {
  const from = view.pageIndex * view.pageSize;
  return sorted.slice(from, from + view.pageSize);
}

/** The view's state, the rows of its page, and the table props that drive it. */
export function useCatalogView(shown: readonly LookupSummary[]) {
  const [view, setView] = useState<CatalogView>({
    pageIndex: 0,
    pageSize: 20,
    field: 'name',
    direction: 'asc',
  });
  const sorted = useMemo(
    () => sortLookups(shown, view.field, view.direction),
    [shown, view.field, view.direction]
  );
  const lastPage = Math.max(0, Math.ceil(sorted.length / view.pageSize) - 1);
  // A narrower search or a delete can leave the page past the end: show the last one.
  useEffect(() => {
    if (view.pageIndex > lastPage) setView((v) => ({ ...v, pageIndex: lastPage }));
  }, [view.pageIndex, lastPage]);
  const items = useMemo(
    () => pageOf(sorted, { ...view, pageIndex: Math.min(view.pageIndex, lastPage) }),
    [sorted, view, lastPage]
  );
  const onChange = ({ page, sort }: Criteria<LookupSummary>) =>
    setView((v) => {
      const next = { ...v };
      if (sort) {
        next.field = sort.field as SortField;
        next.direction = sort.direction;
      }
      if (page) {
        next.pageIndex = page.size === v.pageSize ? page.index : 0;
        next.pageSize = page.size;
      }
      return next;
    });
  return {
    items,
    /** Every lookup the search and filter match, in the view's order (all pages). */
    all: sorted,
    pagination: {
      pageIndex: Math.min(view.pageIndex, lastPage),
      pageSize: view.pageSize,
      totalItemCount: sorted.length,
      pageSizeOptions: PAGE_SIZES,
    },
    sorting: { sort: { field: view.field, direction: view.direction } },
    onChange,
  };
}
