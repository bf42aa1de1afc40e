/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * The lookups the server holds, as RTK Query caches them: the catalog, each lookup's detail,
 * fields, pages of rows and searches. Every endpoint calls the store's API client (the thunk's
 * `extra`), which stays the one HTTP layer (data source id, long numerals, error messages).
 * Writes invalidate the tags of what they change, so every view showing it asks again; an
 * answer for arguments no longer asked for lands in its own cache entry, never on screen.
 */
import { createApi, fakeBaseQuery } from '@reduxjs/toolkit/query/react';
import type {
  DeleteResponse,
  DeleteVersionResponse,
  ListQuery,
  ListResponse,
  LookupDetail,
  MigrateResponse,
  ReapBody,
  ReapResponse,
  RollbackResponse,
  RowsQuery,
  RowsResponse,
  WriteBody,
  WriteResponse,
} from '../../common/api/codecs';
import type { EditBody, EditResponse } from '../../common/api/edit';
import type { Job } from '../../common/api/jobs';
import type { FieldCapsResponse, SearchBody, SearchResponse } from '../../common/api/search_codecs';
import {
  toApiFailure,
  type ApiFailure,
  type ImportOptions,
  type LookupsApi,
} from '../services/api_client';
import type { LoadStatus, ThunkExtra } from './types';

/**
 * Up to this many lookups the catalog holds them all and searches, filters, sorts and pages in
 * the browser; beyond it, search and paging go to the server (`search`, `from`, `size`).
 */
export const CLIENT_CATALOG_MAX = 500;

export interface Catalog {
  lookups: ListResponse['lookups'];
  /** How many lookups there are; over CLIENT_CATALOG_MAX, `lookups` holds only the first ones. */
  total: number;
}

/** What a lookup's data views hold; a write to the lookup changes all of them. */
export const lookupTags = (name: string) =>
  [
    { type: 'Lookup', id: name },
    { type: 'Rows', id: name },
    { type: 'FieldCaps', id: name },
  ] as const;

/** Runs one API client call as a query or mutation: its answer, or its failure as plain data. */
async function run<T>(
  extra: unknown,
  call: (api: LookupsApi) => Promise<T>
): Promise<{ data: T } | { error: ApiFailure }> {
  try {
    return { data: await call((extra as ThunkExtra).api) };
  } catch (e) {
    return { error: toApiFailure(e) };
  }
}

/** Whether a mutation changed something: it succeeded and was not a dry run. */
const changed = (error: unknown, dryRun: boolean | undefined) => error === undefined && !dryRun;

/**
 * Cleans up old versions of some lookups (each with `_reap`) or of all (`_reap` on the
 * catalog). A lookup whose cleanup fails is listed under `skipped` with the server's message,
 * as the catalog-wide route lists its own.
 */
async function reap(api: LookupsApi, names: string[] | undefined, body: ReapBody) {
  if (names === undefined) return api.reapAll(body);
  const settled = await Promise.allSettled(names.map((name) => api.reap(name, body)));
  // Nothing at all could be asked: that is an error, not an empty cleanup.
  if (names.length > 0 && settled.every((r) => r.status === 'rejected')) {
    throw (settled[0] as PromiseRejectedResult).reason;
  }
  const answer: ReapResponse = {
    dry_run: body.dry_run ?? false,
    removed: [],
    kept: [],
    skipped: [],
  };
  settled.forEach((result, i) => {
    if (result.status === 'fulfilled') {
      answer.removed.push(...result.value.removed);
      answer.kept.push(...result.value.kept);
      answer.skipped!.push(...(result.value.skipped ?? []));
    } else {
      answer.skipped!.push({ lookup: names[i], reason: toApiFailure(result.reason).message });
    }
  });
  return answer;
}

export const lookupsApi = createApi({
  reducerPath: 'lookupsApi',
  baseQuery: fakeBaseQuery<ApiFailure>(),
  tagTypes: ['Catalog', 'Lookup', 'Rows', 'FieldCaps', 'Jobs'],
  // Every visit to a page asks again, as a reload would: the cache only bridges the wait.
  refetchOnMountOrArgChange: true,
  endpoints: (build) => ({
    getCatalog: build.query<Catalog, void>({
      queryFn: (_arg, { extra, signal }) =>
        run(extra, async (api) => {
          // One more than the browser keeps: `total` then says whether the list is all there is.
          const answer = await api.listPage({ from: 0, size: CLIENT_CATALOG_MAX + 1 }, signal);
          const total = typeof answer.total === 'number' ? answer.total : answer.lookups.length;
          return { lookups: answer.lookups, total };
        }),
      providesTags: ['Catalog'],
    }),
    /** One page of a long catalog, searched and paged by the server. */
    getCatalogPage: build.query<ListResponse, ListQuery>({
      queryFn: (query, { extra, signal }) => run(extra, (api) => api.listPage(query, signal)),
      providesTags: ['Catalog'],
    }),
    getLookup: build.query<LookupDetail, string>({
      queryFn: (name, { extra, signal }) => run(extra, (api) => api.get(name, signal)),
      providesTags: (_result, _error, name) => [{ type: 'Lookup', id: name }],
    }),
    getFieldCaps: build.query<FieldCapsResponse, string>({
      queryFn: (name, { extra, signal }) => run(extra, (api) => api.fieldCaps(name, signal)),
      providesTags: (_result, _error, name) => [{ type: 'FieldCaps', id: name }],
    }),
    getRows: build.query<RowsResponse, { name: string; query: RowsQuery }>({
      queryFn: ({ name, query }, { extra, signal }) =>
        run(extra, (api) => api.rows(name, query, signal)),
      providesTags: (_result, _error, { name }) => [{ type: 'Rows', id: name }],
    }),
    searchRows: build.query<SearchResponse, { name: string; body: SearchBody }>({
      queryFn: ({ name, body }, { extra, signal }) =>
        run(extra, (api) => api.search(name, body, signal)),
      providesTags: (_result, _error, { name }) => [{ type: 'Rows', id: name }],
    }),
    getJobs: build.query<Job[], string>({
      queryFn: (name, { extra, signal }) => run(extra, (api) => api.jobs({ lookup: name }, signal)),
      providesTags: (_result, _error, name) => [{ type: 'Jobs', id: name }],
    }),

    migrate: build.mutation<MigrateResponse, { name: string; dryRun: boolean }>({
      queryFn: ({ name, dryRun }, { extra }) => run(extra, (api) => api.migrate(name, { dryRun })),
      invalidatesTags: (_result, error, { name, dryRun }) =>
        changed(error, dryRun) ? ['Catalog', ...lookupTags(name)] : [],
    }),
    rollback: build.mutation<RollbackResponse, { name: string; slice: string }>({
      queryFn: ({ name, slice }, { extra }) => run(extra, (api) => api.rollback(name, slice)),
      invalidatesTags: (_result, error, { name }) =>
        changed(error, false) ? ['Catalog', ...lookupTags(name)] : [],
    }),
    reap: build.mutation<ReapResponse, { names?: string[]; body?: ReapBody }>({
      queryFn: ({ names, body = {} }, { extra }) => run(extra, (api) => reap(api, names, body)),
      invalidatesTags: (_result, error, { names, body }) => {
        if (!changed(error, body?.dry_run)) return [];
        // The catalog-wide cleanup may have touched any lookup.
        if (names === undefined) return ['Catalog', 'Lookup', 'Rows', 'FieldCaps'];
        return ['Catalog', ...names.flatMap(lookupTags)];
      },
    }),
    describe: build.mutation<LookupDetail, { name: string; description: string }>({
      queryFn: ({ name, description }, { extra }) =>
        run(extra, (api) => api.describe(name, description)),
      invalidatesTags: (_result, error, { name }) =>
        changed(error, false) ? ['Catalog', { type: 'Lookup', id: name }] : [],
    }),
    deleteLookup: build.mutation<DeleteResponse, string>({
      queryFn: (name, { extra }) => run(extra, (api) => api.remove(name)),
      // The lookup is gone: only the catalog is asked again (its own page is left).
      invalidatesTags: (_result, error) => (changed(error, false) ? ['Catalog'] : []),
    }),
    deleteVersion: build.mutation<DeleteVersionResponse, { name: string; slice: string }>({
      queryFn: ({ name, slice }, { extra }) => run(extra, (api) => api.removeVersion(name, slice)),
      invalidatesTags: (_result, error, { name }) =>
        changed(error, false) ? ['Catalog', ...lookupTags(name)] : [],
    }),
    importFile: build.mutation<WriteResponse, { name: string; file: File; options: ImportOptions }>(
      {
        queryFn: ({ name, file, options }, { extra }) =>
          run(extra, (api) => api.importFile(name, file, options)),
        invalidatesTags: (_result, error, { name }) =>
          changed(error, false) ? ['Catalog', ...lookupTags(name)] : [],
      }
    ),
    edit: build.mutation<EditResponse, { name: string; body: EditBody }>({
      queryFn: ({ name, body }, { extra }) => run(extra, (api) => api.edit(name, body)),
      invalidatesTags: (_result, error, { name, body }) =>
        changed(error, body.dry_run) ? ['Catalog', ...lookupTags(name)] : [],
    }),
    write: build.mutation<WriteResponse, { name: string; body: WriteBody }>({
      queryFn: ({ name, body }, { extra }) => run(extra, (api) => api.write(name, body)),
      invalidatesTags: (_result, error, { name }) =>
        changed(error, false) ? ['Catalog', ...lookupTags(name), { type: 'Jobs', id: name }] : [],
    }),
  }),
});

export const {
  useGetCatalogQuery,
  useGetCatalogPageQuery,
  useGetLookupQuery,
  useGetFieldCapsQuery,
  useGetRowsQuery,
  useSearchRowsQuery,
  useGetJobsQuery,
} = lookupsApi;

/** Tells every view of these lookups (and the catalog) that a write outside the app changed them. */
export const lookupsChanged = (names: string[]) =>
  lookupsApi.util.invalidateTags([
    'Catalog',
    ...names.flatMap((name) => [...lookupTags(name), { type: 'Jobs' as const, id: name }]),
  ]);

/** An endpoint's failure as the views show it (every queryFn answers failures as ApiFailure). */
export function failureOf(error: unknown): ApiFailure | undefined {
  if (error === undefined) return undefined;
  const failure = error as Partial<ApiFailure>;
  return typeof failure.message === 'string'
    ? (failure as ApiFailure)
    : { message: 'Request failed' };
}

/** A query's state as one word: a reload keeps its data on screen and says `loading`. */
export function loadStatus(query: {
  isUninitialized: boolean;
  isFetching: boolean;
  isError: boolean;
}): LoadStatus {
  if (query.isUninitialized) return 'idle';
  if (query.isFetching) return 'loading';
  return query.isError ? 'error' : 'ready';
}

const NO_LOOKUPS: Catalog['lookups'] = [];

/** The catalog as its views read it; `refetchOnMount: false` takes a cached one as it is. */
export function useCatalog({ refetchOnMount = true }: { refetchOnMount?: boolean } = {}) {
  const query = useGetCatalogQuery(undefined, { refetchOnMountOrArgChange: refetchOnMount });
  return {
    status: loadStatus(query),
    lookups: query.data?.lookups ?? NO_LOOKUPS,
    total: query.data?.total ?? 0,
    // A retry is under way: the failure before it no longer stands.
    error: query.isError ? failureOf(query.error) : undefined,
    refetch: query.refetch,
  };
}

/** What a view reads of a query: its state, data and failure. */
export interface Loadable<T> {
  status: LoadStatus;
  data?: T;
  error?: ApiFailure;
}

/**
 * A query hook's result as a Loadable: the data for the current arguments (`keepPrevious`: or
 * the last answer, while the next one loads), the failure only while no retry runs.
 */
export function loadable<T>(
  query: {
    isUninitialized: boolean;
    isFetching: boolean;
    isError: boolean;
    data?: T;
    currentData?: T;
    error?: unknown;
  },
  { keepPrevious = false }: { keepPrevious?: boolean } = {}
): Loadable<T> {
  return {
    status: loadStatus(query),
    data: keepPrevious ? query.data : query.currentData,
    error: query.isError ? failureOf(query.error) : undefined,
  };
}
