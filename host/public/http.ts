/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * The browser `http` service, shaped like OSD's (src/core/public/http): paths get the base path,
 * `query` becomes the search string, non-GET requests carry `osd-xsrf` and a JSON content type,
 * and a non-2xx answer rejects with an HttpFetchError whose `body` is the server's error JSON.
 * `withLongNumeralsSupport` reads a JSON answer as OSD's `@osd/std` parse does: integers beyond
 * 2^53 as `bigint`, through json11 as OSD's is.
 */
import { parse as parseJson11 } from 'json11';
import type {
  HttpFetchOptions,
  HttpFetchQuery,
  HttpHandler,
  HttpSetup,
  IBasePath,
  IHttpFetchError,
} from 'opensearch-dashboards/public';

export class HttpFetchError extends Error implements IHttpFetchError {
  constructor(
    message: string,
    name: string,
    readonly request: Request,
    readonly response?: Response,
    readonly body?: IHttpFetchError['body']
  ) {
    super(message);
    this.name = name;
  }
}

export function createBasePath(basePath: string): IBasePath {
  const base = basePath.replace(/\/$/, '');
  return {
    get: () => base,
    prepend: (url) =>
      !base || !url.startsWith('/') || url.startsWith(`${base}/`) ? url : base + url,
    remove: (url) =>
      base && (url === base || url.startsWith(`${base}/`)) ? url.slice(base.length) || '/' : url,
  };
}

function appendQuery(url: URL, query: HttpFetchQuery | undefined) {
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) {
      url.searchParams.append(key, String(item));
    }
  }
}

/**
 * OSD's long-numeral JSON reading: `JSON.parse` first (which also rejects what is not JSON);
 * when that met a number, json11 reads the text again keeping long integers whole (a falsy
 * answer of json11 leaves JSON.parse's).
 */
export function parseWithLongNumerals(text: string): unknown {
  let sawNumber = false;
  const value: unknown = JSON.parse(text, (_key, v: unknown) => {
    if (typeof v === 'number' && Number.isFinite(v) && v !== Number.MAX_SAFE_INTEGER) {
      sawNumber = true;
    }
    return v;
  });
  if (!sawNumber) return value;
  const exact: unknown = parseJson11(text, null, { withLongNumerals: true });
  return exact || value;
}

async function readBody(response: Response, longNumerals: boolean): Promise<unknown> {
  if (response.status === 204) return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (/application\/json/.test(type)) {
    return longNumerals ? parseWithLongNumerals(await response.text()) : response.json();
  }
  if (/^text\/|ndjson/.test(type)) return response.text();
  return response.blob();
}

export interface HttpServiceDeps {
  basePath: string;
  /** Called on a 401: the session ended, so the user signs in again. */
  onUnauthorized: () => void;
  /** The page's origin and fetch; tests pass their own. */
  origin?: string;
  fetch?: (request: Request) => Promise<Response>;
  /** The OSD version the page was served by (sent as `osd-version`). */
  version?: string;
}

export function createHttp({
  basePath,
  onUnauthorized,
  origin = window.location.origin,
  fetch = (request) => window.fetch(request),
  version = '3.4.0',
}: HttpServiceDeps): HttpSetup {
  const base = createBasePath(basePath);

  const fetchWith = async (path: string, options: HttpFetchOptions = {}): Promise<unknown> => {
    const method = (options.method ?? 'GET').toUpperCase();
    const url = new URL(options.prependBasePath === false ? path : base.prepend(path), origin);
    appendQuery(url, options.query);

    // As OSD's fetch.ts: `Content-Type: application/json` on every request unless the caller
    // passes `'Content-Type': undefined` (then the browser sets it, e.g. a multipart boundary);
    // `osd-version` on every request (it satisfies the server's xsrf rule).
    const merged: Record<string, unknown> = {
      'Content-Type': 'application/json',
      ...options.headers,
      'osd-version': version,
    };
    const headers = new Headers();
    for (const [name, value] of Object.entries(merged)) {
      if (value !== undefined) headers.set(name, String(value));
    }

    const request = new Request(url, {
      method,
      headers,
      body: options.body ?? null,
      signal: options.signal,
      credentials: 'same-origin',
    });

    let response: Response;
    try {
      response = await fetch(request);
    } catch (e) {
      const error = e instanceof Error ? e : new Error(String(e));
      throw new HttpFetchError(error.message, error.name, request);
    }

    let body: unknown;
    try {
      body = await readBody(response, options.withLongNumeralsSupport === true);
    } catch (e) {
      const error = e instanceof Error ? e : new Error(String(e));
      throw new HttpFetchError(error.message, error.name, request, response);
    }
    if (!response.ok) {
      if (response.status === 401) onUnauthorized();
      const errorBody =
        typeof body === 'object' && body !== null ? (body as IHttpFetchError['body']) : undefined;
      throw new HttpFetchError(response.statusText, 'Error', request, response, errorBody);
    }
    return options.asResponse ? { request, response, body } : body;
  };

  const handler =
    (method?: string): HttpHandler =>
    <T = unknown>(path: string, options?: HttpFetchOptions) =>
      fetchWith(path, method ? { ...options, method } : options) as Promise<T>;

  return {
    basePath: base,
    fetch: handler(),
    get: handler('GET'),
    post: handler('POST'),
    put: handler('PUT'),
    delete: handler('DELETE'),
    patch: handler('PATCH'),
  };
}
