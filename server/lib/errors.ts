/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Typed errors, and the one place that turns any error into an HTTP answer. Services throw
 * these; route handlers only call `toErrorResponse`. A failure is never a 200.
 */
import type {
  IOpenSearchDashboardsResponse,
  Logger,
  OpenSearchDashboardsResponseFactory,
} from 'opensearch-dashboards/server';

export type ErrorAttributes = Record<string, unknown>;

export class LookupError extends Error {
  constructor(
    public readonly statusCode: number,
    message: string,
    public readonly attributes?: ErrorAttributes
  ) {
    super(message);
    this.name = new.target.name;
  }

  /** The same error (its class, message and fields) with more attributes. */
  withAttributes(extra: ErrorAttributes): this {
    const copy = Object.create(Object.getPrototypeOf(this)) as this;
    Object.assign(copy, this, { attributes: { ...this.attributes, ...extra } });
    Object.defineProperty(copy, 'message', { value: this.message, writable: true });
    Object.defineProperty(copy, 'stack', { value: this.stack, writable: true });
    return copy;
  }
}
export class BadRequestError extends LookupError {
  constructor(message: string, attributes?: ErrorAttributes) {
    super(400, message, attributes);
  }
}
export class NotFoundError extends LookupError {
  constructor(message: string, attributes?: ErrorAttributes) {
    super(404, message, attributes);
  }
}
export class ConflictError extends LookupError {
  constructor(message: string, attributes?: ErrorAttributes) {
    super(409, message, attributes);
  }
}
export class PayloadTooLargeError extends LookupError {
  constructor(message: string, attributes?: ErrorAttributes) {
    super(413, message, attributes);
  }
}

/** What the opensearch-js client throws for a non-2xx answer. */
interface OpenSearchResponseError {
  meta: { statusCode?: number; body?: unknown; headers?: Record<string, string> };
  message: string;
}
export function isOpenSearchResponseError(error: unknown): error is OpenSearchResponseError {
  return (
    typeof error === 'object' &&
    error !== null &&
    'meta' in error &&
    typeof (error as { meta?: unknown }).meta === 'object' &&
    (error as { meta: unknown }).meta !== null &&
    (error as { name?: string }).name === 'ResponseError'
  );
}
export function openSearchStatus(error: unknown): number | undefined {
  return isOpenSearchResponseError(error) ? error.meta.statusCode : undefined;
}

/** The `reason` OpenSearch gives, e.g. "no permissions for [indices:data/read/search] …". */
export function openSearchReason(error: OpenSearchResponseError): string {
  const body = error.meta.body as
    | {
        error?:
          { reason?: string; type?: string; root_cause?: Array<{ reason?: string }> } | string;
      }
    | undefined;
  if (body && typeof body.error === 'object') {
    return body.error.reason ?? body.error.root_cause?.[0]?.reason ?? error.message;
  }
  if (body && typeof body.error === 'string') return body.error;
  return error.message;
}

/** Whether OpenSearch refused the request with a circuit breaker (its memory protection). */
export function isCircuitBreaker(error: OpenSearchResponseError): boolean {
  const body = error.meta.body;
  const text = typeof body === 'string' ? body : JSON.stringify(body ?? '');
  return text.includes('circuit_breaking_exception');
}

/** The client's names for a node it could not reach or that did not answer in time. */
export const isUnreachable = (name: string | undefined) =>
  name === 'ConnectionError' || name === 'TimeoutError' || name === 'NoLivingConnectionsError';

/**
 * Maps an error to OSD's response. A 401 from OpenSearch is answered as OSD's router answers
 * the ones it recognises (401, OpenSearch's `www-authenticate` challenge): OSD recognises one
 * only when it has a body, and a HEAD request's has none, so rethrowing it could end as a 500.
 * 403 passes through
 * with what was denied. Anything unexpected is logged and is a 500. On a data source
 * (`dataSource`, its id), a source that cannot be reached is a 502 (504 when it timed out)
 * naming it, and a 401 is a 400: the data source's stored credentials were refused, which says
 * nothing of the caller's own sign-in (OSD's data source errors cast it so too).
 */
export function toErrorResponse(
  error: unknown,
  response: OpenSearchDashboardsResponseFactory,
  logger: Logger,
  dataSource?: string
): IOpenSearchDashboardsResponse {
  if (dataSource !== undefined) {
    const answer = dataSourceResponse(error, response, logger, dataSource);
    if (answer) return answer;
  }
  if (error instanceof LookupError) {
    if (error.statusCode >= 500) logger.warn(`answered ${error.statusCode}: ${error.message}`);
    return response.customError({
      statusCode: error.statusCode,
      body: { message: error.message, attributes: error.attributes },
    });
  }
  if (isOpenSearchResponseError(error)) {
    const status = error.meta.statusCode;
    if (status === 401) {
      const headers = (error.meta.headers ?? {}) as Record<string, string | undefined>;
      const challenge = Object.entries(headers).find(
        ([name]) => name.toLowerCase() === 'www-authenticate'
      )?.[1];
      return response.unauthorized({
        body: { message: 'OpenSearch did not accept your credentials: sign in again.' },
        headers: { 'www-authenticate': challenge ?? 'Basic realm="Authorization Required"' },
      });
    }
    const reason = openSearchReason(error);
    if (status === 403) {
      return response.forbidden({
        body: {
          message: `OpenSearch refused this for your user: ${reason}. Ask an administrator for the index permissions it names.`,
          attributes: { reason },
        },
      });
    }
    // Sent once, never retried in a loop (ppl/bounded_client.ts): the user decides when to retry.
    if (isCircuitBreaker(error)) {
      logger.warn(`OpenSearch refused a request with a circuit breaker: ${reason}`);
      return response.customError({
        statusCode: 429,
        body: {
          message: `OpenSearch refused the request to protect its memory (a circuit breaker: ${reason}). Try again shortly, or ask for less: filter earlier, fewer rows or groups.`,
          attributes: { reason: 'opensearch_circuit_breaker' },
        },
      });
    }
    if (status === 429) {
      return response.customError({
        statusCode: 429,
        body: {
          message: `OpenSearch is overloaded: ${reason}. Try again shortly.`,
          attributes: { reason: 'opensearch_overloaded' },
        },
      });
    }
    if (status === 503) {
      logger.warn(`OpenSearch answered 503: ${reason}`);
      return response.customError({
        statusCode: 503,
        body: {
          message: `OpenSearch cannot serve this right now: ${reason}. Try again shortly.`,
          attributes: { reason: 'opensearch_unavailable' },
        },
      });
    }
    if (status === 400 || status === 404 || status === 409) {
      return response.customError({ statusCode: status, body: { message: reason } });
    }
  }
  const bodyProblem = requestBodyProblem(error);
  if (bodyProblem) {
    return response.customError({ statusCode: 400, body: { message: bodyProblem } });
  }
  if (isOpenSearchResponseError(error)) {
    // What OpenSearch said, which its client's error message leaves out.
    logger.error(
      `OpenSearch answered ${error.meta.statusCode ?? 'with no status'}: ${openSearchReason(error)}`
    );
  }
  logger.error(error instanceof Error ? error : String(error));
  const name = (error as { name?: string } | undefined)?.name;
  if (isUnreachable(name)) {
    return response.customError({
      statusCode: 503,
      body: {
        message: 'OpenSearch cannot be reached right now. Try again when the cluster is up.',
      },
    });
  }
  return response.customError({
    statusCode: 500,
    body: {
      message:
        'The lookups service could not complete the request; the error is in the server log.',
    },
  });
}

function dataSourceResponse(
  error: unknown,
  response: OpenSearchDashboardsResponseFactory,
  logger: Logger,
  dataSource: string
): IOpenSearchDashboardsResponse | undefined {
  const name = (error as { name?: string } | undefined)?.name;
  if (isUnreachable(name)) {
    logger.warn(`data source "${dataSource}" cannot be reached: ${(error as Error).message}`);
    const timedOut = name === 'TimeoutError';
    return response.customError({
      statusCode: timedOut ? 504 : 502,
      body: {
        message: `Data source "${dataSource}" cannot be reached (${timedOut ? 'it did not answer in time' : (error as Error).message}). Check that its cluster is up and its endpoint is right, or pick another data source.`,
        attributes: { reason: 'data_source_unreachable', data_source: dataSource },
      },
    });
  }
  if (openSearchStatus(error) === 401) {
    return response.customError({
      statusCode: 400,
      body: {
        message: `Data source "${dataSource}" refused the credentials stored with it; an administrator can update them under Dashboards Management > Data sources.`,
        attributes: { reason: 'data_source_credentials_refused', data_source: dataSource },
      },
    });
  }
  return undefined;
}

/**
 * A request body that breaks while the plugin reads it (a gzip or deflate body that is not,
 * an upload cut off by the client) is the client's problem, not the server's.
 */
function requestBodyProblem(error: unknown): string | undefined {
  const e = error as { code?: string; errno?: number; message?: string } | undefined;
  if (!e || typeof e !== 'object') return undefined;
  if (typeof e.code === 'string' && e.code.startsWith('Z_')) {
    return `The request body could not be decompressed (${e.message}): send it as the content-encoding says, or uncompressed.`;
  }
  if (
    e.code === 'ECONNRESET' ||
    e.message === 'aborted' ||
    e.code === 'ERR_STREAM_PREMATURE_CLOSE'
  ) {
    return 'The upload was cut off before it ended; nothing was published. Send the whole file again.';
  }
  return undefined;
}
