/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Streams documents into one index with `_bulk`: a bounded number of requests in flight (so
 * memory stays a few batches whatever the result size), items rejected with 429 retried with
 * exponential backoff inside an absolute deadline, and any other item failure stopping the
 * write with the failed rows named.
 *
 * A batch is encoded into its `_bulk` body (one Buffer) as it is added, before waiting for a
 * free slot: only those bytes are kept while a request is in flight, not the documents. The
 * documents would otherwise outlive young-generation collections and be promoted, and V8 lets
 * promoted garbage pile up to many times the live heap before a full collection (the import
 * bench measured that as the host's RSS growth). A 429 retry re-sends the items' own bytes; a
 * failed item's document is read back from them for its message.
 */
import { parseJson, stringifyJson } from '../../../common/api/lossless_json';
import type { Logger, OpenSearchClient } from 'opensearch-dashboards/server';
import { BadRequestError, LookupError } from '../../lib/errors';

/** Long enough for one slow batch under load; the retry deadline bounds the whole write. */
export const BULK_REQUEST_TIMEOUT_MS = 10 * 60 * 1000;

export interface BulkDocument {
  /** 0-based position of the row in the write's input, for messages. */
  rowNumber: number;
  id?: string;
  source: Record<string, unknown>;
}

export interface BulkLoaderOptions {
  client: OpenSearchClient;
  index: string;
  maxInFlight: number;
  retryDeadlineMs: number;
  logger: Logger;
}

interface BulkItemResult {
  status: number;
  error?: { type?: string; reason?: string; caused_by?: { reason?: string } };
}

const MAX_NAMED_FAILURES = 5;
const FIRST_BACKOFF_MS = 100;
const MAX_BACKOFF_MS = 5000;

export class BulkItemsFailedError extends LookupError {}

function describeValue(value: unknown): string {
  if (Array.isArray(value)) return `an array (${stringifyJson(value).slice(0, 60)})`;
  if (value === null || value === undefined) return 'no value';
  if (typeof value === 'object') return `an object (${stringifyJson(value).slice(0, 60)})`;
  return `a ${typeof value} (${stringifyJson(value).slice(0, 60)})`;
}

/** A mapping conflict names the field and both types; anything else keeps OpenSearch's words. */
function describeFailure(doc: BulkDocument, item: BulkItemResult): string {
  const reason = item.error?.reason ?? item.error?.type ?? `status ${item.status}`;
  const parse = /failed to parse field \[([^\]]+)\] of type \[([^\]]+)\]/.exec(reason);
  if (parse) {
    const [, field, type] = parse;
    return `row ${doc.rowNumber + 1}: field "${field}" has type ${type} in this lookup, but the row has ${describeValue(
      field
        .split('.')
        .reduce<unknown>((v, k) => (v as Record<string, unknown> | undefined)?.[k], doc.source)
    )}`;
  }
  const changed =
    /mapper \[([^\]]+)\] cannot be changed from type \[([^\]]+)\] to \[([^\]]+)\]/.exec(reason);
  if (changed) {
    const [, field, existing, incoming] = changed;
    return `row ${doc.rowNumber + 1}: field "${field}" has type ${existing} in this lookup, but the row has a ${incoming} value`;
  }
  return `row ${doc.rowNumber + 1}: ${reason}`;
}

const PLAIN_ACTION = '{"index":{}}\n';

/** A batch as `_bulk` bytes: item i is `body[starts[i], starts[i + 1])` (action and source). */
interface EncodedBatch {
  body: Buffer;
  /** The buffer `body` is the start of, given back once the request is answered. */
  buffer: Buffer;
  starts: number[];
  rowNumbers: number[];
}

export class BulkLoader {
  private readonly inFlight = new Set<Promise<void>>();
  private failure: unknown;
  private documentsWritten = 0;
  private readonly spare: Buffer[] = [];
  constructor(private readonly options: BulkLoaderOptions) {}

  get written() {
    return this.documentsWritten;
  }

  /** Queues a batch; waits while the in-flight limit is reached; rethrows an earlier failure. */
  async add(batch: BulkDocument[]): Promise<void> {
    this.throwIfFailed();
    if (batch.length === 0) return;
    const encoded = this.encode(batch);
    while (this.inFlight.size >= this.options.maxInFlight) {
      await Promise.race(this.inFlight);
      this.throwIfFailed();
    }
    const request = this.send(encoded)
      .catch((error) => {
        this.failure ??= error;
      })
      // The request has been answered: its bytes are no longer read by anyone.
      .finally(() => this.giveBuffer(encoded.buffer));
    const tracked = request.finally(() => this.inFlight.delete(tracked));
    this.inFlight.add(tracked);
  }

  /** Waits for every request; rethrows the first failure. */
  async finish(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.race(this.inFlight);
    this.throwIfFailed();
  }

  /**
   * Waits for every request without rethrowing: a write that stops early must not clean up or
   * answer while a batch it sent can still land (it could re-create a deleted index).
   */
  async settle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.race(this.inFlight);
  }

  /**
   * A buffer of at least `bytes` for a batch's body: one kept from an answered request when it is
   * large enough. The buffers of the requests in flight and the one being filled are all there
   * ever are, instead of one new buffer per batch left for the garbage collector (the import
   * bench saw those pile up as tens of MB of `arrayBuffers`).
   */
  private takeBuffer(bytes: number): Buffer {
    const i = this.spare.findIndex((b) => b.length >= bytes);
    if (i >= 0) return this.spare.splice(i, 1)[0];
    // Some room over the batch, so batches of slightly different sizes reuse it.
    return Buffer.allocUnsafeSlow(Math.ceil(bytes * 1.25));
  }

  private giveBuffer(buffer: Buffer) {
    if (this.spare.length < this.options.maxInFlight + 1) this.spare.push(buffer);
  }

  private throwIfFailed() {
    if (this.failure !== undefined) throw this.failure;
  }

  /** The NDJSON of `_bulk`, as one string then its UTF-8 bytes, with each item's offset. */
  private encode(batch: BulkDocument[]): EncodedBatch {
    const starts: number[] = new Array<number>(batch.length + 1);
    const rowNumbers: number[] = new Array<number>(batch.length);
    let text = '';
    let bytes = 0;
    for (let i = 0; i < batch.length; i++) {
      const doc = batch[i];
      // A long beyond 2^53 is a bigint here, written as its JSON number.
      const item =
        // The index is the request's (`/<index>/_bulk`): fewer bytes per item to write and parse.
        (doc.id === undefined ? PLAIN_ACTION : `{"index":{"_id":${JSON.stringify(doc.id)}}}\n`) +
        `${stringifyJson(doc.source)}\n`;
      starts[i] = bytes;
      rowNumbers[i] = doc.rowNumber;
      bytes += Buffer.byteLength(item);
      text += item;
    }
    starts[batch.length] = bytes;
    const buffer = this.takeBuffer(bytes);
    buffer.write(text, 0, bytes, 'utf8');
    return { body: buffer.subarray(0, bytes), starts, rowNumbers, buffer };
  }

  /** The document of item `i`, read back from its bytes (for a failure's message). */
  private static documentAt(batch: EncodedBatch, i: number): BulkDocument {
    const item = batch.body.subarray(batch.starts[i], batch.starts[i + 1]);
    const source = item.subarray(item.indexOf(10) + 1).toString('utf8');
    return {
      rowNumber: batch.rowNumbers[i],
      source: parseJson(source) as Record<string, unknown>,
    };
  }

  /** The items `indices` of `batch` as a batch of their own (for a retry). */
  private static pick(batch: EncodedBatch, indices: number[]): EncodedBatch {
    const parts: Buffer[] = [];
    const starts: number[] = [];
    let bytes = 0;
    for (const i of indices) {
      const part = batch.body.subarray(batch.starts[i], batch.starts[i + 1]);
      starts.push(bytes);
      parts.push(part);
      bytes += part.length;
    }
    starts.push(bytes);
    const body = Buffer.concat(parts, bytes);
    return {
      body,
      buffer: body,
      starts,
      rowNumbers: indices.map((i) => batch.rowNumbers[i]),
    };
  }

  private async send(batch: EncodedBatch) {
    const deadline = Date.now() + this.options.retryDeadlineMs;
    let pending = batch;
    for (let attempt = 0; ; attempt++) {
      // Never re-sent by the client: a `_bulk` that timed out may still be applied, and a second
      // copy would duplicate rows. Only 429 items are retried, below, by the writer itself.
      // Only each item's status and error are read: the rest of the answer (index, id, version,
      // shards, seq_no for every row) is left on the server, which keeps the answer ~8 times
      // smaller to receive and parse.
      const { body: response } = await this.options.client.bulk(
        {
          index: this.options.index,
          body: pending.body,
          filter_path: 'errors,items.*.status,items.*.error',
        },
        { maxRetries: 0, requestTimeout: BULK_REQUEST_TIMEOUT_MS }
      );
      const items = (response as { items: Array<Record<string, BulkItemResult>> }).items;
      const rejected: number[] = [];
      const failed: string[] = [];
      let failedCount = 0;
      let denied: BulkItemResult | undefined;
      items.forEach((entry, i) => {
        const item = entry.index ?? Object.values(entry)[0];
        if (item.status < 300) return;
        if (item.status === 429) rejected.push(i);
        else if (item.status === 401 || item.status === 403) denied ??= item;
        else {
          failedCount++;
          if (failed.length < MAX_NAMED_FAILURES) {
            failed.push(describeFailure(BulkLoader.documentAt(pending, i), item));
          }
        }
      });
      if (denied) {
        const reason = denied.error?.reason ?? `status ${denied.status}`;
        throw new LookupError(
          denied.status,
          `OpenSearch refused this for your user: ${reason}. Ask an administrator for the index permissions it names.`,
          { reason }
        );
      }
      this.documentsWritten += pending.rowNumbers.length - rejected.length - failedCount;
      if (failedCount > 0) {
        const more =
          failedCount > failed.length ? ` (and ${failedCount - failed.length} more)` : '';
        throw new BadRequestError(
          `OpenSearch refused ${failedCount} row${failedCount > 1 ? 's' : ''}${more}: ${failed.join('; ')}. ` +
            'The write stopped: fix those values (or cast them) and write again.',
          { failed_rows: failedCount }
        );
      }
      if (rejected.length === 0) return;
      const backoff = Math.min(MAX_BACKOFF_MS, FIRST_BACKOFF_MS * 2 ** attempt);
      if (Date.now() + backoff > deadline) {
        throw new LookupError(
          429,
          `OpenSearch kept rejecting ${rejected.length} rows as too many requests (429) for ${Math.round(
            this.options.retryDeadlineMs / 1000
          )} s. The write stopped; try again when the cluster is less busy.`
        );
      }
      this.options.logger.debug(
        `retrying ${rejected.length} rows rejected with 429 in ${backoff} ms`
      );
      await new Promise((resolve) => setTimeout(resolve, backoff));
      pending = BulkLoader.pick(pending, rejected);
    }
  }
}
