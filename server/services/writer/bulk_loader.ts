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
 * Documents are encoded as they are added, a few hundred at a time, into the open batch's
 * `_bulk` body (one Buffer, outside the JS heap), which goes out once it holds `batchSize`
 * documents. Only those bytes are kept while a request is in flight or waits for a slot, never
 * the documents; the writer waits for a slot (`ready`) before it reads more rows, holding none.
 * So each group of rows dies young: rows that outlive young-generation collections are
 * promoted, and V8 lets promoted garbage pile up to several times the live heap before a full
 * collection (the import bench measures that as the host's RSS growth). A 429 retry re-sends
 * the items' own bytes; a failed item's document is read back from them for its message.
 */
import { parseJson, stringifyJson } from '../../../common/api/lossless_json';
import type { Logger, OpenSearchClient } from 'opensearch-dashboards/server';
import { BadRequestError, LookupError } from '../../lib/errors';
import { CopiesUnavailableError } from './copies';

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
  /** Documents per `_bulk` request. */
  batchSize: number;
  maxInFlight: number;
  retryDeadlineMs: number;
  /** How long each `_bulk` waits for every copy of the index to be active (`wait_for_active_shards=all`). */
  copiesTimeoutMs: number;
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
const NEWLINE = 10;
/** The first open batch's buffer, before any batch has said how large batches are. */
const FIRST_BUFFER_BYTES = 1024 * 1024;

/**
 * A batch as `_bulk` bytes: two lines per item, its action and its source (JSON as written here
 * never holds a raw newline), so items are found again by counting newlines.
 */
interface EncodedBatch {
  body: Buffer;
  /** The buffer `body` is the start of, given back once the request is answered. */
  buffer: Buffer;
  rowNumbers: number[];
}

/** The batch being filled: its first `bytes` bytes of `buffer` hold its items so far. */
interface OpenBatch {
  buffer: Buffer;
  bytes: number;
  rowNumbers: number[];
}

/** Where each item of a `_bulk` body starts, and (last) where the body ends. */
function itemStarts(body: Buffer): number[] {
  const starts = [0];
  let lines = 0;
  for (let at = body.indexOf(NEWLINE); at >= 0; at = body.indexOf(NEWLINE, at + 1)) {
    if (++lines % 2 === 0) starts.push(at + 1);
  }
  return starts;
}

export class BulkLoader {
  private readonly inFlight = new Set<Promise<void>>();
  private failure: unknown;
  private documentsWritten = 0;
  /** Items that replaced a document with the same `_id` (an upsert by key) rather than adding one. */
  private documentsReplaced = 0;
  private readonly spare: Buffer[] = [];
  private open: OpenBatch | undefined;
  /** Full batches waiting for a request slot. */
  private readonly queued: EncodedBatch[] = [];
  private largestBatchBytes = 0;
  constructor(private readonly options: BulkLoaderOptions) {}

  get written() {
    return this.documentsWritten;
  }

  get replaced() {
    return this.documentsReplaced;
  }

  /**
   * Encodes documents into the open batch; each batch that fills is sent, or queued (as bytes)
   * while the in-flight limit is reached. Rethrows an earlier failure.
   */
  add(documents: BulkDocument[]): void {
    this.throwIfFailed();
    let from = 0;
    while (from < documents.length) {
      const open = (this.open ??= this.openBatch());
      const to = Math.min(documents.length, from + this.options.batchSize - open.rowNumbers.length);
      BulkLoader.append(open, documents, from, to);
      from = to;
      if (open.rowNumbers.length >= this.options.batchSize) this.close();
    }
  }

  /**
   * Waits until no full batch waits for a request slot; rethrows a failure. A writer waits here
   * before it reads more rows, holding none: rows held across the wait would be promoted.
   */
  async ready(): Promise<void> {
    this.throwIfFailed();
    while (this.queued.length > 0) {
      await Promise.race(this.inFlight);
      this.throwIfFailed();
    }
  }

  /** Sends the last, partial batch and waits for every request; rethrows the first failure. */
  async finish(): Promise<void> {
    this.throwIfFailed();
    this.close();
    while (this.inFlight.size > 0) await Promise.race(this.inFlight);
    this.throwIfFailed();
  }

  /**
   * Drops the batches not sent and waits for every request without rethrowing: a write that
   * stops early must not clean up or answer while a batch it sent can still land (it could
   * re-create a deleted index).
   */
  async settle(): Promise<void> {
    this.open = undefined;
    this.queued.length = 0;
    while (this.inFlight.size > 0) await Promise.race(this.inFlight);
  }

  /** The open batch is complete: it goes out when a slot is free. */
  private close() {
    const open = this.open;
    this.open = undefined;
    if (!open || open.rowNumbers.length === 0) return;
    this.largestBatchBytes = Math.max(this.largestBatchBytes, open.bytes);
    this.queued.push({
      body: open.buffer.subarray(0, open.bytes),
      buffer: open.buffer,
      rowNumbers: open.rowNumbers,
    });
    this.pump();
  }

  /** Sends queued batches while slots are free, and none after a failure. */
  private pump() {
    while (
      this.queued.length > 0 &&
      this.inFlight.size < this.options.maxInFlight &&
      this.failure === undefined
    ) {
      const encoded = this.queued.shift() as EncodedBatch;
      const request = this.send(encoded)
        .catch((error) => {
          this.failure ??= error;
        })
        // The request has been answered: its bytes are no longer read by anyone.
        .finally(() => this.giveBuffer(encoded.buffer));
      const tracked = request.finally(() => {
        this.inFlight.delete(tracked);
        this.pump();
      });
      this.inFlight.add(tracked);
    }
  }

  /**
   * A new open batch, in a buffer kept from an answered request when one is as large as the
   * largest batch so far. The buffers of the requests in flight and the one being filled are all
   * there ever are, instead of one new buffer per batch left for the garbage collector (the
   * import bench saw those pile up as tens of MB of `arrayBuffers`).
   */
  private openBatch(): OpenBatch {
    const wanted = this.largestBatchBytes || FIRST_BUFFER_BYTES;
    const i = this.spare.findIndex((b) => b.length >= wanted);
    // Some room over the largest batch, so batches of slightly different sizes reuse it.
    const buffer =
      i >= 0 ? this.spare.splice(i, 1)[0] : Buffer.allocUnsafeSlow(Math.ceil(wanted * 1.25));
    return { buffer, bytes: 0, rowNumbers: [] };
  }

  private giveBuffer(buffer: Buffer) {
    if (this.spare.length < this.options.maxInFlight + 1) this.spare.push(buffer);
  }

  private throwIfFailed() {
    if (this.failure !== undefined) throw this.failure;
  }

  /** Items `[from, to)` of `documents` as `_bulk` NDJSON at the end of the open batch. */
  private static append(open: OpenBatch, documents: BulkDocument[], from: number, to: number) {
    let text = '';
    for (let i = from; i < to; i++) {
      const doc = documents[i];
      // The index is the request's (`/<index>/_bulk`): fewer bytes per item to write and parse.
      // A long beyond 2^53 is a bigint here, written as its JSON number.
      text +=
        (doc.id === undefined ? PLAIN_ACTION : `{"index":{"_id":${JSON.stringify(doc.id)}}}\n`) +
        `${stringifyJson(doc.source)}\n`;
      open.rowNumbers.push(doc.rowNumber);
    }
    const bytes = Buffer.byteLength(text);
    if (open.bytes + bytes > open.buffer.length) {
      const grown = Buffer.allocUnsafeSlow(Math.ceil((open.bytes + bytes) * 1.5));
      open.buffer.copy(grown, 0, 0, open.bytes);
      open.buffer = grown;
    }
    open.buffer.write(text, open.bytes, bytes, 'utf8');
    open.bytes += bytes;
  }

  /** The document of item `i`, read back from its bytes (for a failure's message). */
  private static documentAt(batch: EncodedBatch, starts: number[], i: number): BulkDocument {
    const item = batch.body.subarray(starts[i], starts[i + 1]);
    const source = item.subarray(item.indexOf(NEWLINE) + 1).toString('utf8');
    return {
      rowNumber: batch.rowNumbers[i],
      source: parseJson(source) as Record<string, unknown>,
    };
  }

  /** The items `indices` of `batch` as a batch of their own (for a retry). */
  private static pick(batch: EncodedBatch, indices: number[]): EncodedBatch {
    const starts = itemStarts(batch.body);
    const parts = indices.map((i) => batch.body.subarray(starts[i], starts[i + 1]));
    const body = Buffer.concat(parts);
    return { body, buffer: body, rowNumbers: indices.map((i) => batch.rowNumbers[i]) };
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
          // Durable on 200: an item is acknowledged once it is on every copy the index is
          // configured with, never on the primary alone (copies.ts checks again before publishing).
          wait_for_active_shards: 'all',
          timeout: `${this.options.copiesTimeoutMs}ms`,
          filter_path: 'errors,items.*.status,items.*.error',
        },
        { maxRetries: 0, requestTimeout: BULK_REQUEST_TIMEOUT_MS }
      );
      const items = (response as { items: Array<Record<string, BulkItemResult>> }).items;
      const rejected: number[] = [];
      const failed: string[] = [];
      let failedCount = 0;
      let denied: BulkItemResult | undefined;
      let unavailable: BulkItemResult | undefined;
      let starts: number[] | undefined;
      items.forEach((entry, i) => {
        const item = entry.index ?? Object.values(entry)[0];
        // 200: an existing document was replaced; 201: a new one was created.
        if (item.status === 200) this.documentsReplaced++;
        if (item.status < 300) return;
        if (item.status === 429) rejected.push(i);
        else if (item.status === 401 || item.status === 403) denied ??= item;
        // Copies not active in time, a primary lost: the cluster's fault, not the row's.
        else if (item.status >= 500) unavailable ??= item;
        else {
          failedCount++;
          if (failed.length < MAX_NAMED_FAILURES) {
            starts ??= itemStarts(pending.body);
            failed.push(describeFailure(BulkLoader.documentAt(pending, starts, i), item));
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
      if (unavailable) {
        const reason = unavailable.error?.reason ?? `status ${unavailable.status}`;
        throw new CopiesUnavailableError(
          `OpenSearch could not write rows to every copy of the lookup's index: ${reason}. ` +
            'Nothing was published. Write again once the cluster is green (every replica assigned).',
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
