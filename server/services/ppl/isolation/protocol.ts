/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Calls between the main thread and a query worker, both ways, over one message port: a call
 * names a method and waits for its reply; a notice (a cancel, a log line) waits for none.
 * Values cross by structured clone (bigints included); errors as wire_errors.ts writes them.
 */
import * as t from 'io-ts';
import { isLeft } from 'fp-ts/lib/Either';
import { fromWire, toWire } from './wire_errors';

const CallMessage = t.type({
  t: t.literal('call'),
  id: t.number,
  method: t.string,
  args: t.unknown,
});
const ReplyMessage = t.intersection([
  t.type({ t: t.literal('reply'), id: t.number, ok: t.boolean }),
  t.partial({ value: t.unknown, error: t.unknown }),
]);
const NoticeMessage = t.type({ t: t.literal('notice'), method: t.string, args: t.unknown });
export const Envelope = t.union([CallMessage, ReplyMessage, NoticeMessage]);
export type Envelope = t.TypeOf<typeof Envelope>;

/** The side of an IPC channel (a worker process, or `process` in one) that this needs. */
export interface Port {
  postMessage(message: unknown): void;
  on(event: 'message', listener: (message: unknown) => void): unknown;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Handler = (args: any) => unknown;

export class Rpc {
  private nextId = 1;
  private readonly pending = new Map<
    number,
    { resolve: (value: unknown) => void; reject: (error: unknown) => void }
  >();
  private readonly handlers = new Map<string, Handler>();
  private readonly notices = new Map<string, Handler>();

  constructor(
    private readonly port: Port,
    /** Told of a message that is not one of ours (it is dropped). */
    private readonly onStray: (problem: string) => void
  ) {
    port.on('message', (message) => this.receive(message));
  }

  /** Answers calls of `method`; what it returns (or throws) is the reply. */
  handle(method: string, handler: Handler): this {
    this.handlers.set(method, handler);
    return this;
  }

  onNotice(method: string, handler: Handler): this {
    this.notices.set(method, handler);
    return this;
  }

  /** `A`: the arguments' type, so a caller's message is checked where it is written. */
  call<T, A = unknown>(method: string, args: A): Promise<T> {
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      try {
        this.port.postMessage({ t: 'call', id, method, args });
      } catch (error) {
        this.pending.delete(id);
        reject(error);
      }
    });
  }

  notify<A = unknown>(method: string, args: A): void {
    this.port.postMessage({ t: 'notice', method, args });
  }

  /** Every call still waiting fails with `error` (the other side is gone). */
  failAll(error: unknown): void {
    const waiting = [...this.pending.values()];
    this.pending.clear();
    for (const { reject } of waiting) reject(error);
  }

  get waiting(): number {
    return this.pending.size;
  }

  private receive(raw: unknown): void {
    const decoded = Envelope.decode(raw);
    if (isLeft(decoded)) {
      this.onStray('a message that is not a call, reply or notice');
      return;
    }
    const message = decoded.right;
    if (message.t === 'reply') {
      const waiting = this.pending.get(message.id);
      if (!waiting) return;
      this.pending.delete(message.id);
      if (message.ok) waiting.resolve(message.value);
      else waiting.reject(fromWire(message.error));
      return;
    }
    if (message.t === 'notice') {
      const handler = this.notices.get(message.method);
      if (handler) void Promise.resolve().then(() => handler(message.args));
      else this.onStray(`a notice of unknown kind "${message.method}"`);
      return;
    }
    void this.answer(message.id, message.method, message.args);
  }

  private async answer(id: number, method: string, args: unknown): Promise<void> {
    const handler = this.handlers.get(method);
    try {
      if (!handler) throw new Error(`no handler for "${method}"`);
      const value = await handler(args);
      this.port.postMessage({ t: 'reply', id, ok: true, value });
    } catch (error) {
      try {
        this.port.postMessage({ t: 'reply', id, ok: false, error: toWire(error) });
      } catch (unsendable) {
        this.port.postMessage({
          t: 'reply',
          id,
          ok: false,
          error: toWire(new Error(String(unsendable))),
        });
      }
    }
  }
}
