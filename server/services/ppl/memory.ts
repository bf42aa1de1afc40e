/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * The server memory a query holds. The engine runs inside the Dashboards server, so a query that
 * holds too much would take every user's Dashboards down with it. Each command that holds rows
 * (a sort, the groups of a stats, a join's right side, …) and each streaming command that makes
 * new values (eval, spath, …) counts their approximate bytes in a hold; the holds of one query
 * count against its budget (`lookups.query.max_memory_bytes`) and, through the host's pool,
 * against what every running query and job may hold together
 * (`lookups.query.max_total_memory_bytes`). Sizes are estimated from the values (a string's
 * length, an array's elements), never by serializing them.
 */
import { BadRequestError, LookupError } from '../../lib/errors';

export const QUERY_MEMORY_SETTING = 'lookups.query.max_memory_bytes';
export const TOTAL_MEMORY_SETTING = 'lookups.query.max_total_memory_bytes';
export const DEFAULT_QUERY_MEMORY_BYTES = 64 * 1024 * 1024;
export const DEFAULT_TOTAL_MEMORY_BYTES = 256 * 1024 * 1024;

/** `67108864` as `64 MiB`. */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes)) return 'unlimited';
  const units = ['bytes', 'KiB', 'MiB', 'GiB', 'TiB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${unit === 0 ? value : Number(value.toFixed(1))} ${units[unit]}`;
}

/** Over the query's own budget: the query's doing, a 400 naming the command and the setting. */
export class QueryMemoryExceededError extends BadRequestError {
  constructor(command: string, neededBytes: number, limitBytes: number) {
    super(
      `"${command}" needs more server memory than one query may hold: about ${formatBytes(neededBytes)}, ` +
        `over the budget of ${formatBytes(limitBytes)} set by ${QUERY_MEMORY_SETTING}, so the query was stopped. ` +
        'Hold fewer or smaller values: filter earlier with where, keep only the fields you need with fields, ' +
        `aggregate with stats, or ask an operator to raise ${QUERY_MEMORY_SETTING}.`,
      {
        reason: 'query_memory_exceeded',
        command,
        setting: QUERY_MEMORY_SETTING,
        max_memory_bytes: limitBytes,
      }
    );
  }
}

/** Over what all running queries and jobs may hold together: nobody's fault, retry later. */
export class ServerMemoryBusyError extends LookupError {
  constructor(limitBytes: number) {
    super(
      429,
      `The server is holding as much memory for running queries and jobs as it may ` +
        `(${formatBytes(limitBytes)}, ${TOTAL_MEMORY_SETTING}), so this query was stopped. ` +
        'Retry in a few seconds.',
      {
        reason: 'server_memory_busy',
        setting: TOTAL_MEMORY_SETTING,
        max_total_memory_bytes: limitBytes,
      }
    );
  }
}

/**
 * Of the host-wide budget, the share queries may hold. V8 collects lazily: for each byte a query
 * holds, its making left about as much garbage (pages read from OpenSearch, rows copied from
 * command to command) that the collector has yet to reclaim, and both grow the process.
 */
export const HELD_SHARE = 0.5;

/**
 * What all running queries and jobs of this process hold: one per plugin (server/plugin.ts),
 * shared by the local cluster's services and every data source's. They may hold
 * {@link HELD_SHARE} of `limitBytes`, the rest being room for the garbage they leave.
 */
export class MemoryPool {
  private used = 0;
  private readonly heldLimit: number;

  constructor(readonly limitBytes: number = DEFAULT_TOTAL_MEMORY_BYTES) {
    this.heldLimit = limitBytes * HELD_SHARE;
  }

  /** What running queries hold now. */
  get usedBytes(): number {
    return this.used;
  }

  /** Whether `bytes` more fit. */
  fits(bytes: number): boolean {
    return this.used + bytes <= this.heldLimit;
  }

  /** Takes `bytes`; false (taking nothing) when they do not fit. */
  take(bytes: number): boolean {
    if (!this.fits(bytes)) return false;
    this.used += bytes;
    return true;
  }

  give(bytes: number): void {
    this.used = Math.max(0, this.used - bytes);
  }
}

/**
 * One query's memory: the sum of its holds, within its budget and the host's pool. A query
 * refused more gives back all it holds at once, before its commands have wound down (closing a
 * point in time may wait on OpenSearch): other queries should not be refused for memory that a
 * stopped one still counts.
 */
export class QueryMemory {
  private held = 0;
  private stopped: Error | undefined;

  constructor(
    readonly limitBytes: number = DEFAULT_QUERY_MEMORY_BYTES,
    private readonly pool?: MemoryPool
  ) {}

  get heldBytes(): number {
    return this.held;
  }

  /** Throws when `bytes` more would not fit the query's budget or the host's pool. */
  ensureRoom(bytes: number, command: string): void {
    if (this.stopped) throw this.stopped;
    if (this.held + bytes > this.limitBytes) {
      throw this.stop(new QueryMemoryExceededError(command, this.held + bytes, this.limitBytes));
    }
    if (this.pool && !this.pool.fits(bytes)) {
      throw this.stop(new ServerMemoryBusyError(this.pool.limitBytes));
    }
  }

  reserve(bytes: number, command: string): void {
    this.ensureRoom(bytes, command);
    if (this.pool && !this.pool.take(bytes)) {
      throw this.stop(new ServerMemoryBusyError(this.pool.limitBytes));
    }
    this.held += bytes;
  }

  private stop(error: Error): Error {
    this.stopped = error;
    this.close();
    return error;
  }

  release(bytes: number): void {
    const given = Math.min(bytes, this.held);
    this.held -= given;
    this.pool?.give(given);
  }

  hold(command: string): MemoryHold {
    return new MemoryHold(this, command);
  }

  /** At the query's end, whatever the end: everything goes back to the pool. */
  close(): void {
    this.release(this.held);
  }
}

/** What one command holds now. */
export class MemoryHold {
  private bytes = 0;

  constructor(
    private readonly memory: QueryMemory,
    readonly command: string
  ) {}

  get heldBytes(): number {
    return this.bytes;
  }

  add(bytes: number): void {
    this.memory.reserve(bytes, this.command);
    this.bytes += bytes;
  }

  addRow(row: Record<string, unknown>): void {
    this.add(rowBytes(row));
  }

  addRows(rows: Iterable<Record<string, unknown>>): void {
    let bytes = 0;
    for (const row of rows) bytes += rowBytes(row);
    this.add(bytes);
  }

  /** Throws when a value of `bytes` could not be held (checked before it is built). */
  ensureRoom(bytes: number): void {
    this.memory.ensureRoom(bytes, this.command);
  }

  /** Gives back part of what it holds (rows handed on to the next command). */
  release(bytes: number): void {
    const given = Math.min(bytes, this.bytes);
    this.memory.release(given);
    this.bytes -= given;
  }

  /** Gives back everything: a streaming command's previous batch, or any command at its end. */
  clear(): void {
    this.memory.release(this.bytes);
    this.bytes = 0;
  }
}

// ---------------------------------------------------------------------------------------------
// Sizes, approximately as V8 holds them (64-bit, pointer compression off): a slot per property or
// element, a header per object (with its map and property store), array and string, one byte per
// character of a string. Measured against the live heap of real queries, rounded up.

const SLOT = 8;
const HEADER = 32;
const STRING_HEADER = 16;
const NUMBER = 16;
/** Past this depth a value is counted as one slot (deeper values are refused elsewhere). */
const MAX_DEPTH = 128;

/** The approximate bytes a value holds (beyond the slot that refers to it). */
export function valueBytes(value: unknown, depth = 0): number {
  switch (typeof value) {
    case 'string':
      return STRING_HEADER + value.length;
    case 'number':
      return NUMBER;
    case 'bigint':
      return HEADER;
    case 'object': {
      if (value === null) return 0;
      if (depth >= MAX_DEPTH) return SLOT;
      if (Array.isArray(value)) {
        let bytes = HEADER + SLOT * value.length;
        for (const element of value) bytes += valueBytes(element, depth + 1);
        return bytes;
      }
      let bytes = HEADER;
      for (const [key, v] of Object.entries(value)) {
        bytes += SLOT + STRING_HEADER + key.length + valueBytes(v, depth + 1);
      }
      return bytes;
    }
    default:
      return 0;
  }
}

/** A row: its object and its values (column names are shared by every row, so not counted). */
export function rowBytes(row: Record<string, unknown>): number {
  let bytes = HEADER;
  for (const key in row) bytes += SLOT + valueBytes(row[key]);
  return bytes;
}

/** A copy of a row that shares its values (mvexpand's rows, a join's pairs): only the slots. */
export function shallowRowBytes(row: Record<string, unknown>): number {
  return HEADER + SLOT * Object.keys(row).length;
}

/** The bytes of a string of `length` characters. */
export const stringBytes = (length: number): number => STRING_HEADER + length;
