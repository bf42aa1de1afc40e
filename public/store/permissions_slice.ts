/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * What the caller may do with each lookup, asked once per lookup per mount (roles do not change
 * while a page is open, and the server checks every real request anyway). Unknown or failed
 * answers leave actions enabled: the server's refusal is then the answer.
 */
import { createAsyncThunk, createSlice } from '@reduxjs/toolkit';
import type { LookupPermissions, PermissionsResponse } from '../../common/api/permissions';
import { MAX_PERMISSION_NAMES } from '../../common/api/permissions';
import type { ThunkExtra } from './types';

export interface PermissionsState {
  /** By lookup name: the answer, or `'loading'` while asked. */
  byName: Record<string, LookupPermissions | 'loading'>;
  /** Whether the caller may change the security configuration; undefined until known. */
  canManageSecurity?: boolean;
}

export const initialPermissionsState: PermissionsState = { byName: {} };

interface RootLike {
  permissions: PermissionsState;
}

/** Asks for the names not yet known (the first MAX_PERMISSION_NAMES of them). */
export const fetchPermissions = createAsyncThunk<
  PermissionsResponse,
  string[],
  { extra: ThunkExtra; state: RootLike }
>('permissions/fetch', async (names, { extra, signal }) => extra.api.permissions(names, signal), {
  condition: (names, { getState }) => {
    const { byName, canManageSecurity } = getState().permissions;
    return names.length === 0
      ? canManageSecurity === undefined
      : names.some((name) => byName[name] === undefined);
  },
});

/** The names of `names` nobody has asked about yet, at most one request's worth. */
export function unknownNames(state: PermissionsState, names: string[]): string[] {
  return [...new Set(names)]
    .filter((name) => state.byName[name] === undefined)
    .slice(0, MAX_PERMISSION_NAMES);
}

export const permissionsSlice = createSlice({
  name: 'permissions',
  initialState: initialPermissionsState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(fetchPermissions.pending, (state, action) => {
        for (const name of action.meta.arg) state.byName[name] ??= 'loading';
      })
      .addCase(fetchPermissions.fulfilled, (state, action) => {
        for (const lookup of action.payload.lookups) state.byName[lookup.name] = lookup;
        state.canManageSecurity = action.payload.can_manage_security;
      })
      .addCase(fetchPermissions.rejected, (state, action) => {
        // Forgotten, so a later visit asks again; meanwhile actions stay enabled.
        for (const name of action.meta.arg) {
          if (state.byName[name] === 'loading') delete state.byName[name];
        }
      });
  },
});
