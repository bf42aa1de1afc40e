/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * The main thread's side of a worker's OpenSearch request: sent with the caller's scoped client
 * (its credentials never leave this thread), retried never, and answered with the raw bytes of
 * the body. Nothing is parsed here. An answer over
 * `maxBytes` is cut off, so one request cannot fill this thread's memory.
 */
import type { OpenSearchClient } from 'opensearch-dashboards/server';
import { BadRequestError } from '../../../lib/errors';
import { formatBytes } from '../memory';

export interface RelayRequest {
  id: string;
  task: string;
  method: string;
  path: string;
  querystring: string;
  contentType?: string;
  /** JSON as the worker's client wrote it, or bytes (a `_bulk` body), sent as they are. */
  body?: string | Uint8Array;
  timeoutMs?: number;
}

export interface RelayResponse {
  statusCode: number;
  headers: Record<string, string | string[] | undefined>;
  /** The body's bytes as they came from the socket, not joined (one copy fewer on this thread). */
  body: Uint8Array[];
}

export const RELAY_MAX_BYTES_SETTING = 'lookups.query.worker_max_heap_mb';

export class RelayAnswerTooLargeError extends BadRequestError {
  constructor(limitBytes: number) {
    super(
      `OpenSearch's answer to one of the query's requests is over ${formatBytes(limitBytes)}, more than a query worker may take in at once. ` +
        `Ask for less (fewer fields or rows per page), or ask an operator to raise ${RELAY_MAX_BYTES_SETTING}.`,
      { setting: RELAY_MAX_BYTES_SETTING, max_bytes: limitBytes }
    );
  }
}

interface Abortable {
  abort(): unknown;
}

interface Streamed {
  statusCode: number | null;
  headers: Record<string, string | string[] | undefined> | null;
  body: NodeJS.ReadableStream & { destroy(): void };
}

async function readAll(stream: Streamed['body'], maxBytes: number): Promise<Buffer[]> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    total += chunk.length;
    if (total > maxBytes) {
      stream.destroy();
      throw new RelayAnswerTooLargeError(maxBytes);
    }
    chunks.push(chunk);
  }
  return chunks;
}

function bodyBytes(body: string | Uint8Array): Buffer {
  return typeof body === 'string'
    ? Buffer.from(body, 'utf8')
    : Buffer.from(body.buffer, body.byteOffset, body.byteLength);
}

/** Sends one worker request; `inFlight` lets the task abort it when it ends. */
export async function relay(
  client: OpenSearchClient,
  request: RelayRequest,
  maxBytes: number,
  inFlight: Map<string, Abortable>
): Promise<RelayResponse> {
  const sent = client.transport.request(
    {
      method: request.method,
      path: request.path,
      querystring: request.querystring as unknown as Record<string, unknown>,
      ...(request.body !== undefined ? { body: bodyBytes(request.body) } : {}),
    },
    {
      asStream: true,
      maxRetries: 0,
      ...(request.timeoutMs ? { requestTimeout: request.timeoutMs } : {}),
      ...(request.contentType ? { headers: { 'content-type': request.contentType } } : {}),
    }
  );
  inFlight.set(request.id, sent as unknown as Abortable);
  try {
    const response = (await sent) as unknown as Streamed;
    const body = await readAll(response.body, maxBytes);
    return { statusCode: response.statusCode ?? 0, headers: response.headers ?? {}, body };
  } finally {
    inFlight.delete(request.id);
  }
}
