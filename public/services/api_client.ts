/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Typed calls to the plugin's HTTP API. Paths come from `common/api/paths` and answer types from
 * `common/api`, so the browser never repeats a path literal. A failed call rejects with a
 * `LookupsApiError` whose message is the server's own `message` (which says what to do), not
 * the HTTP status text OSD's fetch error carries.
 */
import type {
  HttpFetchOptions,
  HttpFetchQuery,
  HttpHandler,
  HttpStart,
  IHttpFetchError,
} from 'opensearch-dashboards/public';
import type { Job, JobState, JobsResponse } from '../../common/api/jobs';
import type {
  RunScheduleResponse,
  Schedule,
  ScheduleBody,
  ScheduleDetail,
  SchedulesResponse,
} from '../../common/api/schedules';
import { stringifyJson } from '../../common/api/lossless_json';
import { apiPaths } from '../../common/api/paths';
import type {
  MatchBody,
  MatchSettings,
  MatchTryBody,
  MatchTryResponse,
} from '../../common/match/codecs';
import type { ReplicasBody, ReplicasSettings } from '../../common/api/replicas';
import type { CompareBody, CompareResponse } from '../../common/api/compare';
import type { EditBody, EditResponse } from '../../common/api/edit';
import type { PermissionsResponse } from '../../common/api/permissions';
import type {
  DeleteResponse,
  DeleteVersionResponse,
  ExplainResponse,
  ListQuery,
  ListResponse,
  LookupDetail,
  LookupSummary,
  MigrateResponse,
  QueryResponse,
  ReapBody,
  ReapResponse,
  RollbackResponse,
  RowsQuery,
  RowsResponse,
  SourceFieldsResponse,
  SourcesResponse,
  StatusResponse,
  WriteBody,
  WriteOptions,
  WriteResponse,
} from '../../common/api/codecs';
import type {
  CsvDelimiter,
  ExportFormat,
  FieldCapsResponse,
  ImportFormat,
  SearchBody,
  SearchResponse,
} from '../../common/api/search_codecs';

export class LookupsApiError extends Error {
  constructor(
    message: string,
    readonly statusCode: number | undefined,
    readonly attributes: Record<string, unknown> | undefined,
    cause: unknown
  ) {
    // Only an Error is kept as the cause: OSD's TypeScript (4.6) types `cause` as an Error.
    super(message, cause instanceof Error ? { cause } : undefined);
    this.name = 'LookupsApiError';
  }
}

/** A failed call in a form Redux can keep (plain data, no Error instance). */
export interface ApiFailure {
  message: string;
  statusCode?: number;
  attributes?: Record<string, unknown>;
}

function isFetchError(e: unknown): e is IHttpFetchError {
  return e instanceof Error && 'body' in e;
}

/** The message to show for a failed call: the server's `body.message` when there is one. */
export function errorMessage(e: unknown): string {
  if (isFetchError(e) && typeof e.body?.message === 'string' && e.body.message) {
    return e.body.message;
  }
  if (e instanceof Error) return e.message;
  return String(e);
}

function isApiFailure(e: unknown): e is ApiFailure {
  return (
    typeof e === 'object' &&
    e !== null &&
    !(e instanceof Error) &&
    typeof (e as { message?: unknown }).message === 'string'
  );
}

/** Any rejection as an ApiFailure, keeping the status and attributes the server sent. */
export function toApiFailure(e: unknown): ApiFailure {
  if (e instanceof LookupsApiError) {
    return { message: e.message, statusCode: e.statusCode, attributes: e.attributes };
  }
  // Already plain data: a store mutation's `unwrap()` rejects with the ApiFailure it kept.
  if (isApiFailure(e)) return e;
  const body = isFetchError(e) ? e.body : undefined;
  return { message: errorMessage(e), statusCode: body?.statusCode, attributes: body?.attributes };
}

/** True for the rejection of a call that was cancelled on purpose (an AbortSignal fired). */
export function isAbort(e: unknown): boolean {
  const cause = e instanceof LookupsApiError ? e.cause : e;
  return cause instanceof Error && cause.name === 'AbortError';
}

async function call<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (e) {
    if (e instanceof LookupsApiError) throw e;
    const body = isFetchError(e) ? e.body : undefined;
    throw new LookupsApiError(errorMessage(e), body?.statusCode, body?.attributes, e);
  }
}

export interface ImportOptions extends WriteOptions {
  format?: ImportFormat;
  delimiter?: CsvDelimiter;
}

export interface LookupsApi {
  /** Every lookup the caller may read. */
  list(signal?: AbortSignal): Promise<LookupSummary[]>;
  /** A page of the lookups whose name contains `search` (server-side search and paging). */
  listPage(query: ListQuery, signal?: AbortSignal): Promise<ListResponse>;
  /** One lookup with its slices (versions). */
  get(name: string, signal?: AbortSignal): Promise<LookupDetail>;
  /** Runs a PPL query, possibly ending in `outputlookup`. */
  query(query: string, options?: { size?: number; signal?: AbortSignal }): Promise<QueryResponse>;
  /** Starts a write (a query ending in outputlookup) as a job; answers at once (`queued`). */
  submitJob(query: string, signal?: AbortSignal): Promise<Job>;
  /** The caller's jobs, newest first, optionally for one lookup or in one state. */
  jobs(query?: { lookup?: string; state?: JobState }, signal?: AbortSignal): Promise<Job[]>;
  job(id: string, signal?: AbortSignal): Promise<Job>;
  cancelJob(id: string): Promise<Job>;
  /** The caller's schedules (scheduled refreshes), oldest first. */
  schedules(signal?: AbortSignal): Promise<Schedule[]>;
  /** One of the caller's schedules with its recent runs, newest first. */
  schedule(id: string, signal?: AbortSignal): Promise<ScheduleDetail>;
  createSchedule(body: ScheduleBody): Promise<Schedule>;
  /** Replaces what the user sets of a schedule. */
  updateSchedule(id: string, body: ScheduleBody): Promise<Schedule>;
  deleteSchedule(id: string): Promise<{ deleted: string }>;
  /** Starts a run now, outside the schedule's cadence. */
  runSchedule(id: string): Promise<Job>;
  /** What the caller may do with each named lookup (none: only whether they manage security). */
  permissions(names: string[], signal?: AbortSignal): Promise<PermissionsResponse>;
  /** Two versions of a lookup side by side (and by key, with `key_field`). */
  compare(name: string, body: CompareBody, signal?: AbortSignal): Promise<CompareResponse>;
  /** What the server's own identity may not do. */
  status(signal?: AbortSignal): Promise<StatusResponse>;
  /** The plan of a query, and what a write would do; writes nothing. */
  explain(query: string, signal?: AbortSignal): Promise<ExplainResponse>;
  write(name: string, body: WriteBody): Promise<WriteResponse>;
  /** A change to one version published as a new one (`dry_run`: its preview, writing nothing). */
  edit(name: string, body: EditBody): Promise<EditResponse>;
  rows(name: string, query?: RowsQuery, signal?: AbortSignal): Promise<RowsResponse>;
  search(name: string, body: SearchBody, signal?: AbortSignal): Promise<SearchResponse>;
  /**
   * `_field_caps?fields=*&include_unmapped=true`: every field, and for a field only some slices
   * carry, which (as OpenSearch lists indices only when asked for unmapped ones).
   */
  fieldCaps(name: string, signal?: AbortSignal): Promise<FieldCapsResponse>;
  migrate(name: string, options?: { dryRun?: boolean }): Promise<MigrateResponse>;
  rollback(name: string, slice: string): Promise<RollbackResponse>;
  reap(name: string, body?: ReapBody): Promise<ReapResponse>;
  reapAll(body?: ReapBody): Promise<ReapResponse>;
  remove(name: string): Promise<DeleteResponse>;
  /** Sets the lookup's description (an empty text removes it); answers the lookup. */
  describe(name: string, description: string): Promise<LookupDetail>;
  /** The lookup's match rules (none: exact matches). */
  match(name: string): Promise<MatchSettings>;
  /** Sets (an empty list removes) the lookup's match rules; checked against its current version. */
  setMatch(name: string, body: MatchBody): Promise<MatchSettings>;
  /** The rows an event with these values would get, in order (under `rules` when given). */
  tryMatch(name: string, body: MatchTryBody): Promise<MatchTryResponse>;
  /** The lookup's replica choice (its backing index's `auto_expand_replicas`). */
  replicas(name: string): Promise<ReplicasSettings>;
  /** Sets the lookup's replica choice; kept across its writes. */
  setReplicas(name: string, body: ReplicasBody): Promise<ReplicasSettings>;
  /** Deletes one old version (never the current one: the server answers 409). */
  removeVersion(name: string, slice: string): Promise<DeleteVersionResponse>;
  /** A multipart upload: the file as the part `file`, options in the query string. */
  importFile(name: string, file: File, options?: ImportOptions): Promise<WriteResponse>;
  /** The URL of a download (a plain link, so the browser streams it to disk). */
  exportUrl(name: string, format: ExportFormat): string;
  /** The indices, aliases and data streams the caller may query (for completion). */
  sources(signal?: AbortSignal): Promise<SourcesResponse>;
  /** The fields of an index, alias or data stream, with PPL type names. */
  sourceFields(name: string, signal?: AbortSignal): Promise<SourceFieldsResponse>;
}

function importQuery(options: ImportOptions): HttpFetchQuery {
  const query: HttpFetchQuery = {};
  if (options.append !== undefined) query.append = options.append;
  if (options.override_if_empty !== undefined) query.override_if_empty = options.override_if_empty;
  if (options.key_field?.length) query.key_field = options.key_field.join(',');
  if (options.max !== undefined) query.max = options.max;
  if (options.format) query.format = options.format;
  if (options.delimiter) query.delimiter = options.delimiter;
  return query;
}

const asFetchQuery = (query: HttpFetchQuery | undefined): HttpFetchQuery | undefined => query;

export interface LookupsApiOptions {
  /** The data source every call acts on (`?dataSourceId=`); none: the local cluster. */
  dataSourceId?: string;
}

/** `http` whose every call carries `dataSourceId` in its query, beside the call's own keys. */
function onDataSource(http: HttpStart, dataSourceId: string | undefined): HttpStart {
  if (!dataSourceId) return http;
  const scoped =
    (handler: HttpHandler): HttpHandler =>
    (path: string, options?: HttpFetchOptions) =>
      handler(path, { ...options, query: { ...options?.query, dataSourceId } });
  return {
    ...http,
    fetch: scoped(http.fetch),
    get: scoped(http.get),
    post: scoped(http.post),
    put: scoped(http.put),
    delete: scoped(http.delete),
    patch: scoped(http.patch),
  };
}

export function createLookupsApi(
  coreHttp: HttpStart,
  { dataSourceId }: LookupsApiOptions = {}
): LookupsApi {
  const http = onDataSource(coreHttp, dataSourceId);
  const postJson = <T>(path: string, body: unknown, signal?: AbortSignal) =>
    call(() => http.post<T>(path, { body: JSON.stringify(body), signal }));
  // Answers carrying user values keep integers beyond 2^53 exact (as bigint): OSD's option.
  const postValues = <T>(path: string, body: unknown, signal?: AbortSignal) =>
    call(() =>
      http.post<T>(path, { body: stringifyJson(body), signal, withLongNumeralsSupport: true })
    );
  return {
    list: (signal) =>
      call(() => http.get<{ lookups: LookupSummary[] }>(apiPaths.list(), { signal })).then(
        (answer) => answer.lookups
      ),
    listPage: (query, signal) =>
      call(() => http.get<ListResponse>(apiPaths.list(), { query: asFetchQuery(query), signal })),
    get: (name, signal) => call(() => http.get<LookupDetail>(apiPaths.lookup(name), { signal })),
    query: (query, { size, signal } = {}) =>
      postValues<QueryResponse>(apiPaths.query(), { query, size }, signal),
    submitJob: (query, signal) => postJson<Job>(apiPaths.jobs(), { query }, signal),
    jobs: (query = {}, signal) =>
      call(() =>
        http.get<JobsResponse>(apiPaths.jobs(), { query: asFetchQuery(query), signal })
      ).then((answer) => answer.jobs),
    job: (id, signal) => call(() => http.get<Job>(apiPaths.job(id), { signal })),
    cancelJob: (id) => call(() => http.post<Job>(apiPaths.cancelJob(id))),
    schedules: (signal) =>
      call(() => http.get<SchedulesResponse>(apiPaths.schedules(), { signal })).then(
        (answer) => answer.schedules
      ),
    schedule: (id, signal) =>
      call(() => http.get<ScheduleDetail>(apiPaths.schedule(id), { signal })),
    createSchedule: (body) => postJson<Schedule>(apiPaths.schedules(), body),
    updateSchedule: (id, body) =>
      call(() => http.put<Schedule>(apiPaths.schedule(id), { body: JSON.stringify(body) })),
    deleteSchedule: (id) => call(() => http.delete<{ deleted: string }>(apiPaths.schedule(id))),
    runSchedule: (id) =>
      postJson<RunScheduleResponse>(apiPaths.runSchedule(id), {}).then((answer) => answer.job),
    permissions: (names, signal) =>
      call(() =>
        http.get<PermissionsResponse>(apiPaths.permissions(), {
          query: names.length > 0 ? { names: names.join(',') } : undefined,
          signal,
        })
      ),
    compare: (name, body, signal) =>
      postValues<CompareResponse>(apiPaths.compare(name), body, signal),
    status: (signal) => call(() => http.get<StatusResponse>(apiPaths.status(), { signal })),
    explain: (query, signal) => postJson<ExplainResponse>(apiPaths.explain(), { query }, signal),
    write: (name, body) => postJson<WriteResponse>(apiPaths.write(name), body),
    edit: (name, body) => postValues<EditResponse>(apiPaths.edit(name), body),
    rows: (name, query, signal) =>
      call(() =>
        http.get<RowsResponse>(apiPaths.rows(name), {
          // TypeScript 4.6 (OSD's) has no `satisfies`: a typed binding checks the same.
          query: asFetchQuery(query),
          signal,
          withLongNumeralsSupport: true,
        })
      ),
    search: (name, body, signal) => postValues<SearchResponse>(apiPaths.search(name), body, signal),
    fieldCaps: (name, signal) =>
      call(() =>
        http.get<FieldCapsResponse>(apiPaths.fieldCaps(name), {
          query: { fields: '*', include_unmapped: true },
          signal,
        })
      ),
    migrate: (name, { dryRun = false } = {}) =>
      call(() =>
        http.post<MigrateResponse>(apiPaths.migrate(name), {
          query: dryRun ? { dry_run: true } : undefined,
        })
      ),
    rollback: (name, slice) => postJson<RollbackResponse>(apiPaths.rollback(name), { slice }),
    reap: (name, body = {}) => postJson<ReapResponse>(apiPaths.reap(name), body),
    reapAll: (body = {}) => postJson<ReapResponse>(apiPaths.reapAll(), body),
    remove: (name) => call(() => http.delete<DeleteResponse>(apiPaths.lookup(name))),
    describe: (name, description) =>
      call(() =>
        http.put<LookupDetail>(apiPaths.description(name), {
          body: JSON.stringify({ description }),
        })
      ),
    match: (name) => call(() => http.get<MatchSettings>(apiPaths.match(name))),
    setMatch: (name, body) =>
      call(() => http.put<MatchSettings>(apiPaths.match(name), { body: JSON.stringify(body) })),
    tryMatch: (name, body) => postJson<MatchTryResponse>(apiPaths.tryMatch(name), body),
    replicas: (name) => call(() => http.get<ReplicasSettings>(apiPaths.replicas(name))),
    setReplicas: (name, body) =>
      call(() =>
        http.put<ReplicasSettings>(apiPaths.replicas(name), { body: JSON.stringify(body) })
      ),
    removeVersion: (name, slice) =>
      call(() => http.delete<DeleteVersionResponse>(apiPaths.version(name, slice))),
    importFile: (name, file, options = {}) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return call(() =>
        http.post<WriteResponse>(apiPaths.import(name), {
          body: form,
          query: importQuery(options),
          // OSD's http.fetch sends `application/json` unless told not to; the browser then
          // sets the multipart type with its boundary.
          headers: { 'Content-Type': undefined },
        })
      );
    },
    exportUrl: (name, format) =>
      `${http.basePath.prepend(apiPaths.export(name))}?${new URLSearchParams({
        format,
        ...(dataSourceId ? { dataSourceId } : {}),
      })}`,
    sources: (signal) => call(() => http.get<SourcesResponse>(apiPaths.sources(), { signal })),
    sourceFields: (name, signal) =>
      call(() => http.get<SourceFieldsResponse>(apiPaths.sourceFields(name), { signal })),
  };
}
