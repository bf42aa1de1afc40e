/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Changes to lookups: migrate, restore a version, delete one version, clean up old versions,
 * delete, import. Each
 * thunk resolves with the server's answer or rejects with its ApiFailure (callers `unwrap()` it
 * and show the message), and after a real change reloads what the store holds of the lookups
 * it touched, so no view keeps showing the state from before.
 */
import { createAsyncThunk } from '@reduxjs/toolkit';
import type {
  DeleteResponse,
  DeleteVersionResponse,
  MigrateResponse,
  ReapBody,
  ReapResponse,
  RollbackResponse,
  WriteResponse,
} from '../../common/api/codecs';
import { toApiFailure, type ApiFailure, type ImportOptions } from '../services/api_client';
import { fetchCatalog } from './catalog_slice';
import { fetchFieldCaps, fetchLookup, fetchRows, searchCleared } from './lookup_slice';
import type { ThunkExtra } from './types';
import type { RootState } from './index';

type Config = { extra: ThunkExtra; rejectValue: ApiFailure; state: RootState };

/** Reloads the catalog (when it was loaded) and the open lookup (when it is one of `names`). */
export const refreshLookups = createAsyncThunk<void, { names?: string[] }, Config>(
  'lookups/refresh',
  async ({ names }, { dispatch, getState }) => {
    const state = getState();
    const reloads: Array<Promise<unknown>> = [];
    if (state.catalog.status !== 'idle') reloads.push(dispatch(fetchCatalog()));
    const open = state.lookup.name;
    if (open !== undefined && (names === undefined || names.includes(open))) {
      reloads.push(dispatch(fetchLookup(open)));
      if (state.lookup.fieldCaps.status !== 'idle') reloads.push(dispatch(fetchFieldCaps(open)));
      if (state.lookup.rows.status !== 'idle') {
        reloads.push(dispatch(fetchRows({ name: open, query: state.lookup.rows.request ?? {} })));
      }
      dispatch(searchCleared());
    }
    await Promise.all(reloads);
  }
);

export const migrateLookup = createAsyncThunk<
  MigrateResponse,
  { name: string; dryRun: boolean },
  Config
>('lookups/migrate', async ({ name, dryRun }, { extra, dispatch, rejectWithValue }) => {
  try {
    const answer = await extra.api.migrate(name, { dryRun });
    if (!dryRun) void dispatch(refreshLookups({ names: [name] }));
    return answer;
  } catch (e) {
    return rejectWithValue(toApiFailure(e));
  }
});

export const rollbackLookup = createAsyncThunk<
  RollbackResponse,
  { name: string; slice: string },
  Config
>('lookups/rollback', async ({ name, slice }, { extra, dispatch, rejectWithValue }) => {
  try {
    const answer = await extra.api.rollback(name, slice);
    await dispatch(refreshLookups({ names: [name] }));
    return answer;
  } catch (e) {
    return rejectWithValue(toApiFailure(e));
  }
});

/**
 * Cleans up old versions of some lookups (each with `_reap`) or of all (`_reap` on the
 * catalog). A lookup whose cleanup fails is listed under `skipped` with the server's message,
 * as the catalog-wide route lists its own.
 */
export const reapVersions = createAsyncThunk<
  ReapResponse,
  { names?: string[]; body?: ReapBody },
  Config
>('lookups/reap', async ({ names, body = {} }, { extra, dispatch, rejectWithValue }) => {
  try {
    let answer: ReapResponse;
    if (names === undefined) {
      answer = await extra.api.reapAll(body);
    } else {
      const settled = await Promise.allSettled(names.map((name) => extra.api.reap(name, body)));
      answer = { dry_run: body.dry_run ?? false, removed: [], kept: [], skipped: [] };
      settled.forEach((result, i) => {
        if (result.status === 'fulfilled') {
          answer.removed.push(...result.value.removed);
          answer.kept.push(...result.value.kept);
          answer.skipped!.push(...(result.value.skipped ?? []));
        } else {
          answer.skipped!.push({ lookup: names[i], reason: toApiFailure(result.reason).message });
        }
      });
      // Nothing at all could be asked: that is an error, not an empty cleanup.
      if (names.length > 0 && settled.every((r) => r.status === 'rejected')) {
        return rejectWithValue(toApiFailure((settled[0] as PromiseRejectedResult).reason));
      }
    }
    if (!body.dry_run) await dispatch(refreshLookups({ names }));
    return answer;
  } catch (e) {
    return rejectWithValue(toApiFailure(e));
  }
});

export const deleteLookup = createAsyncThunk<DeleteResponse, string, Config>(
  'lookups/delete',
  async (name, { extra, dispatch, rejectWithValue }) => {
    try {
      const answer = await extra.api.remove(name);
      // The open lookup is gone: reload only the catalog.
      await dispatch(refreshLookups({ names: [] }));
      return answer;
    } catch (e) {
      return rejectWithValue(toApiFailure(e));
    }
  }
);

export const deleteVersion = createAsyncThunk<
  DeleteVersionResponse,
  { name: string; slice: string },
  Config
>('lookups/deleteVersion', async ({ name, slice }, { extra, dispatch, rejectWithValue }) => {
  try {
    const answer = await extra.api.removeVersion(name, slice);
    await dispatch(refreshLookups({ names: [name] }));
    return answer;
  } catch (e) {
    return rejectWithValue(toApiFailure(e));
  }
});

export const importIntoLookup = createAsyncThunk<
  WriteResponse,
  { name: string; file: File; options: ImportOptions },
  Config
>('lookups/import', async ({ name, file, options }, { extra, dispatch, rejectWithValue }) => {
  try {
    const answer = await extra.api.importFile(name, file, options);
    await dispatch(refreshLookups({ names: [name] }));
    return answer;
  } catch (e) {
    return rejectWithValue(toApiFailure(e));
  }
});
