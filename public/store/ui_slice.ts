/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Which page the app shows. The URL (the route path) is the source of truth, so deep links survive a
 * reload; the route writes it here and views read it, so nothing else has to parse the URL.
 */
import { createSlice, PayloadAction } from '@reduxjs/toolkit';

export type AppPage = 'query' | 'catalog' | 'lookup' | 'schedules';

export interface UiState {
  page: AppPage;
  /** The lookup the page is about (`/lookups/:name/:tab?`), undefined elsewhere. */
  lookupName?: string;
  lookupTab?: string;
}

export const initialUiState: UiState = { page: 'query' };

export const uiSlice = createSlice({
  name: 'ui',
  initialState: initialUiState,
  reducers: {
    pageShown(_state, action: PayloadAction<UiState>) {
      return action.payload;
    },
  },
});

export const { pageShown } = uiSlice.actions;
