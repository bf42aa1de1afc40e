/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/* Requests to the local OpenSearch node as one of the test users (Node 20 fetch). */
import { TEST_USERS, type TestUser } from './test_users';

export function opensearchUrl(): string {
  const url =
    process.env.OPENSEARCH_URL || `http://127.0.0.1:${process.env.OPENSEARCH_PORT || '9200'}`;
  return url.replace(/\/+$/, '');
}

export interface OsResponse {
  status: number;
  body: unknown;
  text: string;
}

/** One request to the node as `user` (default admin). Never throws on HTTP errors. */
export async function osRequest(
  method: string,
  path: string,
  options: { user?: TestUser; body?: unknown; ndjson?: string; timeoutMs?: number } = {}
): Promise<OsResponse> {
  const user = options.user ?? TEST_USERS.admin;
  const headers: Record<string, string> = {
    authorization: 'Basic ' + Buffer.from(`${user.username}:${user.password}`).toString('base64'),
  };
  let body: string | undefined;
  if (options.ndjson !== undefined) {
    headers['content-type'] = 'application/x-ndjson';
    body = options.ndjson;
  } else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const res = await fetch(`${opensearchUrl()}/${path.replace(/^\/+/, '')}`, {
    method,
    headers,
    body,
    signal: AbortSignal.timeout(options.timeoutMs ?? 120_000),
  });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON (e.g. _cat output); keep the text
  }
  return { status: res.status, body: parsed, text };
}

/** Like osRequest, but throws unless the status is 2xx. */
export async function osRequestOk(
  method: string,
  path: string,
  options: Parameters<typeof osRequest>[2] = {}
): Promise<OsResponse> {
  const res = await osRequest(method, path, options);
  if (res.status < 200 || res.status > 299) {
    throw new Error(`${method} /${path} -> HTTP ${res.status}: ${res.text.slice(0, 500)}`);
  }
  return res;
}
