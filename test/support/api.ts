/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/* Talks to the plugin's HTTP API as a given user, the way a script or the browser would. */
import { basicAuthorization } from '../../host/src/auth/session';

export interface ApiAnswer<T = unknown> {
  status: number;
  body: T;
}

export interface Caller {
  username?: string;
  password?: string;
}

export async function callApi<T = Record<string, unknown>>(
  baseUrl: string,
  method: string,
  path: string,
  options: {
    caller?: Caller;
    body?: unknown;
    xsrf?: boolean;
    query?: Record<string, string | number | boolean>;
  } = {}
): Promise<ApiAnswer<T>> {
  const headers: Record<string, string> = {};
  if (options.caller?.username) {
    headers.authorization = basicAuthorization(
      options.caller.username,
      options.caller.password ?? ''
    );
  }
  if (options.xsrf ?? method !== 'GET') headers['osd-xsrf'] = 'true';
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const query = options.query
    ? `?${new URLSearchParams(Object.entries(options.query).map(([k, v]) => [k, String(v)]))}`
    : '';
  const res = await fetch(`${baseUrl}${path}${query}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: keep the text
  }
  return { status: res.status, body: body as T };
}
