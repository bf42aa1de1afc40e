/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * The worker's OpenSearch client: opensearch-js itself (the same serializer, long numerals,
 * errors and timeouts as the main thread's client), whose one connection does not open sockets
 * but asks the main thread to send each request with the caller's scoped client
 * (opensearch_relay.ts). The answer comes back as raw bytes, parsed here. No credentials are
 * known on this side.
 */
import { Readable } from 'stream';
import type { IncomingMessage } from 'http';
import { Client, Connection, ConnectionPool, errors } from '@opensearch-project/opensearch';
import type { OpenSearchClient } from 'opensearch-dashboards/server';
import type { Rpc } from './protocol';
import type { RelayRequest, RelayResponse } from './opensearch_relay';

type Callback = (error: Error | null, response: IncomingMessage | null) => void;

interface BridgeParams {
  method?: string | null;
  path?: string | null;
  querystring?: string | null;
  headers?: unknown;
  body?: unknown;
  timeout?: number;
}

/** The answer as opensearch-js's transport reads a socket's: status, headers, a byte stream. */
function asIncomingMessage(response: RelayResponse): IncomingMessage {
  const stream = Readable.from(
    response.body.map((chunk) => Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength))
  ) as unknown as IncomingMessage;
  stream.statusCode = response.statusCode;
  stream.headers = response.headers;
  return stream;
}

/** What the main thread's relay failed with, as the error opensearch-js's own connection gives. */
function connectionError(error: unknown): Error {
  const { name, message } = error as { name?: string; message?: string };
  if (name === 'TimeoutError')
    return new errors.TimeoutError(message ?? 'Request timed out', undefined as never);
  if (name === 'RequestAbortedError')
    return new errors.RequestAbortedError(message ?? 'Request aborted');
  if (name === 'ConnectionError' || name === 'NoLivingConnectionsError') {
    return new errors.ConnectionError(message ?? 'Connection error');
  }
  // Ours (a relay limit): it keeps its class, and its status answers the query.
  return error as Error;
}

/** The header that names a request's query on this side; taken off before the request is sent. */
const TASK_HEADER = 'x-lookups-query-task';

/** One client per worker; each query reads through a child of it that names the query. */
export function bridgedClients(rpc: Rpc): (task: string) => OpenSearchClient {
  let nextRequest = 1;
  class BridgeConnection extends Connection {
    override request(params: BridgeParams, callback: Callback) {
      const headers = (params.headers ?? {}) as Record<string, unknown>;
      const task = String(headers[TASK_HEADER] ?? '');
      const id = `${task}:${nextRequest++}`;
      let done = false;
      const finish = (error: Error | null, response: IncomingMessage | null) => {
        if (done) return;
        done = true;
        callback(error, response);
      };
      const contentType = headers['content-type'];
      const body = params.body as string | Buffer | null | undefined;
      const request: RelayRequest = {
        id,
        task,
        method: params.method ?? 'GET',
        path: params.path ?? '/',
        querystring: params.querystring ?? '',
        ...(typeof contentType === 'string' ? { contentType } : {}),
        // A `_bulk` body is built here as bytes: it crosses as they are, and is sent as-is.
        ...(body != null && body.length > 0 ? { body } : {}),
        ...(params.timeout ? { timeoutMs: params.timeout } : {}),
      };
      rpc.call<RelayResponse>('opensearch', request).then(
        (response) => finish(null, asIncomingMessage(response)),
        (error) => finish(connectionError(error), null)
      );
      return {
        abort: () => {
          rpc.notify('opensearch-abort', { id });
          finish(new errors.RequestAbortedError('Request aborted'), null);
        },
      } as unknown as ReturnType<Connection['request']>;
    }
  }
  // One connection, never marked dead: a failure is the request's, and the main thread's
  // client has its own pool.
  class BridgePool extends ConnectionPool {
    override markDead() {
      return this;
    }
  }
  const root = new Client({
    node: 'http://opensearch.bridge.invalid',
    Connection: BridgeConnection,
    ConnectionPool: BridgePool,
    enableLongNumeralSupport: true,
    // 0: a request with no timeout of its own gets the main thread client's (OSD's
    // opensearch.requestTimeout).
    requestTimeout: 0,
  });
  return (task) => root.child({ headers: { [TASK_HEADER]: task } }) as unknown as OpenSearchClient;
}
