/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * The catalog page's own state: its search text and kind filter (kept here so they survive a
 * visit to a lookup and back). The lookups themselves are `lookupsApi`'s `getCatalog`.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { LookupKind, LookupSummary } from '../../common/api/codecs';
import { CLIENT_CATALOG_MAX } from './api';

export { CLIENT_CATALOG_MAX };

export const LOOKUP_KINDS: readonly LookupKind[] = ['managed', 'legacy', 'broken', 'conflict'];

export interface CatalogState {
  search: string;
  /** Kinds to show; empty shows every kind. */
  kinds: LookupKind[];
}

export const initialCatalogState: CatalogState = { search: '', kinds: [] };

export const catalogSlice = createSlice({
  name: 'catalog',
  initialState: initialCatalogState,
  reducers: {
    catalogSearchChanged(state, action: PayloadAction<string>) {
      state.search = action.payload;
    },
    catalogKindToggled(state, action: PayloadAction<LookupKind>) {
      const kind = action.payload;
      state.kinds = state.kinds.includes(kind)
        ? state.kinds.filter((k) => k !== kind)
        : [...state.kinds, kind];
    },
  },
});

export const { catalogSearchChanged, catalogKindToggled } = catalogSlice.actions;

/** Whether the catalog is too long to hold in the browser: the server searches and pages it. */
export const serverPaged = (state: { total: number }) => state.total > CLIENT_CATALOG_MAX;

/** The lookups the page shows: kind filter, then a case-insensitive search on name and reason. */
export function filterLookups(
  lookups: readonly LookupSummary[],
  search: string,
  kinds: readonly LookupKind[]
): LookupSummary[] {
  const needle = search.trim().toLowerCase();
  return lookups.filter(
    (lookup) =>
      (kinds.length === 0 || kinds.includes(lookup.kind)) &&
      (needle === '' ||
        lookup.name.toLowerCase().includes(needle) ||
        (lookup.backing_index ?? '').toLowerCase().includes(needle) ||
        (lookup.reason ?? '').toLowerCase().includes(needle))
  );
}
