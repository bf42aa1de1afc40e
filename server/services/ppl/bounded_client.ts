/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * The OpenSearch client a query's pipeline reads through. Every request it sends gets the time
 * left to the query: the transport's `requestTimeout`, and a search its own `timeout` too, so
 * OpenSearch stops working on it as well. A search that timed out part way (`timed_out`, partial
 * hits) fails rather than passing for complete. Nothing is retried: a cluster that answers 429
 * or 503 (a circuit breaker, an overloaded node) is not asked again in a loop; the user gets the
 * answer (../../lib/errors.ts) and may try again.
 */
import type { OpenSearchClient } from 'opensearch-dashboards/server';
import { OpenSearchTimeoutError, QueryBudget } from './budget';

/** Clean-up (a point in time closed) runs even after the deadline, with a time of its own. */
const CLEANUP = new Set(['deletePit', 'clearScroll']);
const CLEANUP_TIMEOUT_MS = 10_000;

/** The client's own members that are not requests (left as they are). */
const NOT_REQUESTS = new Set([
  'child',
  'close',
  'extend',
  'on',
  'once',
  'off',
  'emit',
  'addListener',
  'removeListener',
  'transport',
  'connectionPool',
  'serializer',
  'helpers',
  'name',
]);

interface RequestOptions {
  requestTimeout?: number | string;
  maxRetries?: number;
  [key: string]: unknown;
}

type Call = (params?: unknown, options?: RequestOptions) => Promise<{ body?: unknown }>;

async function send(
  call: Call,
  api: string,
  budget: QueryBudget,
  params: unknown,
  options: RequestOptions | undefined
) {
  const cleanup = CLEANUP.has(api);
  const left = cleanup ? CLEANUP_TIMEOUT_MS : Math.floor(budget.remainingMs());
  if (left <= 0) throw budget.timedOut();
  const given = Number(options?.requestTimeout ?? Infinity);
  const bounded: RequestOptions = {
    ...options,
    requestTimeout: Math.min(Number.isFinite(given) ? given : Infinity, left),
    maxRetries: 0,
  };
  const request = params as { body?: Record<string, unknown> } | undefined;
  const withTimeout =
    api === 'search' && request?.body && typeof request.body === 'object'
      ? { ...request, body: { ...request.body, timeout: `${left}ms` } }
      : params;
  let response: { body?: unknown };
  try {
    response = await call(withTimeout, bounded);
  } catch (error) {
    if ((error as { name?: string } | undefined)?.name === 'TimeoutError') {
      throw new OpenSearchTimeoutError(budget.timeoutMs, budget.timeoutSetting);
    }
    throw error;
  }
  if (api === 'search' && (response?.body as { timed_out?: boolean } | undefined)?.timed_out) {
    throw new OpenSearchTimeoutError(budget.timeoutMs, budget.timeoutSetting);
  }
  return response;
}

function bound<T extends object>(target: T, budget: QueryBudget): T {
  return new Proxy(target, {
    get(object, key, receiver) {
      const value = Reflect.get(object, key, receiver);
      if (typeof key !== 'string' || NOT_REQUESTS.has(key) || key.startsWith('_')) return value;
      if (typeof value === 'function') {
        const call = (value as Call).bind(object);
        return (params?: unknown, options?: RequestOptions) =>
          send(call, key, budget, params, options);
      }
      // A namespace of requests (`indices`, `cluster`, …).
      if (value !== null && typeof value === 'object') return bound(value as object, budget);
      return value;
    },
  });
}

/** `client`, its every request bounded by the query's `budget`. */
export function boundedClient(client: OpenSearchClient, budget: QueryBudget): OpenSearchClient {
  return bound(client, budget);
}
