/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Changes to lookups: migrate, restore a version, delete one version, clean up old versions,
 * delete, import, write, describe. Each is an RTK Query mutation (see api.ts): dispatched, it resolves
 * with the server's answer or rejects with its ApiFailure (callers `unwrap()` it and show the
 * message), and a real change invalidates what it touched, so no view keeps the state from
 * before. Not tracked in the store: the caller holds the answer (and an import's File never
 * reaches the state).
 */
import type { ReapBody, WriteBody } from '../../common/api/codecs';
import type { EditBody } from '../../common/api/edit';
import type { ImportOptions } from '../services/api_client';
import { lookupsApi, lookupTags } from './api';

const untracked = { track: false };
const { endpoints } = lookupsApi;

export const migrateLookup = (arg: { name: string; dryRun: boolean }) =>
  endpoints.migrate.initiate(arg, untracked);

export const rollbackLookup = (arg: { name: string; slice: string }) =>
  endpoints.rollback.initiate(arg, untracked);

/**
 * Cleans up old versions of some lookups or (no names) of all; a lookup whose cleanup fails is
 * listed under `skipped` with the server's message.
 */
export const reapVersions = (arg: { names?: string[]; body?: ReapBody }) =>
  endpoints.reap.initiate(arg, untracked);

export const deleteLookup = (name: string) => endpoints.deleteLookup.initiate(name, untracked);

export const deleteVersion = (arg: { name: string; slice: string }) =>
  endpoints.deleteVersion.initiate(arg, untracked);

export const importIntoLookup = (arg: { name: string; file: File; options: ImportOptions }) =>
  endpoints.importFile.initiate(arg, untracked);

export const writeLookup = (arg: { name: string; body: WriteBody }) =>
  endpoints.write.initiate(arg, untracked);

export const describeLookup = (arg: { name: string; description: string }) =>
  endpoints.describe.initiate(arg, untracked);
/** An edit of a lookup (`dry_run`: its preview only; nothing changes, nothing is invalidated). */
export const editLookup = (arg: { name: string; body: EditBody }) =>
  endpoints.edit.initiate(arg, untracked);

/**
 * The lookup changed under a view (another user's write, found by a 409): what the store holds
 * of it, and the catalog, are asked again, so its header and tabs show the version now current.
 */
export const lookupChanged = (name: string) =>
  lookupsApi.util.invalidateTags(['Catalog', ...lookupTags(name)]);
