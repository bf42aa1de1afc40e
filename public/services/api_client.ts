/*
 * Typed calls to the plugin's HTTP API. Paths come from `common/api/paths` and answer types from
 * `common/api/codecs`, so the browser never repeats a path literal. A failed call rejects with a
 * `LookupsApiError` whose message is the server's own `message` (which says what to do), not
 * the HTTP status text OSD's fetch error carries.
 */
import type { HttpFetchQuery, HttpStart, IHttpFetchError } from 'opensearch-dashboards/public';
import { apiPaths } from '../../common/api/paths';
import type { RowsQuery, RowsResponse, WriteBody, WriteResponse } from '../../common/api/codecs';

export class LookupsApiError extends Error {
  constructor(
    message: string,
    readonly statusCode: number | undefined,
    readonly attributes: Record<string, unknown> | undefined,
    cause: unknown
  ) {
    super(message, { cause });
    this.name = 'LookupsApiError';
  }
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

async function call<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (e) {
    if (e instanceof LookupsApiError) throw e;
    const body = isFetchError(e) ? e.body : undefined;
    throw new LookupsApiError(errorMessage(e), body?.statusCode, body?.attributes, e);
  }
}

export interface LookupsApi {
  /**
   * Runs a PPL query, possibly ending in `outputlookup`. Its answer gets a type in common/ when
   * the query route lands; until then callers get the server's JSON as is.
   */
  query(query: string, options?: { size?: number; signal?: AbortSignal }): Promise<unknown>;
  write(name: string, body: WriteBody): Promise<WriteResponse>;
  rows(name: string, query?: RowsQuery, signal?: AbortSignal): Promise<RowsResponse>;
}

export function createLookupsApi(http: HttpStart): LookupsApi {
  return {
    query: (query, { size, signal } = {}) =>
      call(() =>
        http.post<unknown>(apiPaths.query(), { body: JSON.stringify({ query, size }), signal })
      ),
    write: (name, body) =>
      call(() => http.post<WriteResponse>(apiPaths.write(name), { body: JSON.stringify(body) })),
    rows: (name, query, signal) =>
      call(() =>
        http.get<RowsResponse>(apiPaths.rows(name), {
          query: query satisfies HttpFetchQuery | undefined,
          signal,
        })
      ),
  };
}
