/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * The saved query the Query page's editor holds, if any: what Save changes, what Rename and
 * Delete act on, and the text it was saved with (the editor's text differing from it is an
 * unsaved change). Saved queries live in OSD's index, not on a data source, so this state goes
 * along when the data source changes.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { SavedPplQuery } from '../services/saved_queries';

export interface SavedQueryState {
  open: SavedPplQuery | null;
}

export const initialSavedQueryState: SavedQueryState = { open: null };

export const savedQuerySlice = createSlice({
  name: 'savedQuery',
  initialState: initialSavedQueryState,
  reducers: {
    /** Opened, saved, or renamed: the editor now holds this saved query. */
    savedQueryHeld(state, action: PayloadAction<SavedPplQuery>) {
      state.open = action.payload;
    },
    /** Deleted, or a new query started: the editor holds no saved query. */
    savedQueryReleased(state) {
      state.open = null;
    },
  },
});

export const { savedQueryHeld, savedQueryReleased } = savedQuerySlice.actions;
