/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Errors across the thread boundary. Structured clone keeps only an Error's message, so an error
 * crosses as its class name and own fields, and comes back as an instance of the same class
 * (instanceof holds: a cancelled write is still a WriteCancelledError, a 400 still a LookupError)
 * without running its constructor. An OpenSearch ResponseError keeps the `meta` that
 * ../../../lib/errors.ts reads (status, body, headers), not its connection.
 */
import {
  BadRequestError,
  ConflictError,
  LookupError,
  NotFoundError,
  PayloadTooLargeError,
} from '../../../lib/errors';
import { CeilingExceededError } from '../../ceiling';
import { LookupBusyError, PlainLookupBusyError } from '../../plugin_index/leases';
import { PublishGuardError } from '../../schedules/publish_guards';
import { BulkItemsFailedError } from '../../writer/bulk_loader';
import { WriteCancelledError } from '../../writer/cancellation';
import { OpenSearchTimeoutError, QueryTimeoutError } from '../budget';
import { QueryMemoryExceededError, ServerMemoryBusyError } from '../memory';
import { BufferLimitError } from '../operators';
import { QueryError } from '../plan_context';
import { RequestBoundError } from '../request_bounds';

const KNOWN: Array<abstract new (...args: never[]) => Error> = [
  LookupError,
  BadRequestError,
  NotFoundError,
  ConflictError,
  PayloadTooLargeError,
  CeilingExceededError,
  LookupBusyError,
  PlainLookupBusyError,
  PublishGuardError,
  BulkItemsFailedError,
  WriteCancelledError,
  OpenSearchTimeoutError,
  QueryTimeoutError,
  QueryMemoryExceededError,
  ServerMemoryBusyError,
  BufferLimitError,
  QueryError,
  RequestBoundError,
];
const PROTOTYPES = new Map<string, object>(KNOWN.map((c) => [c.name, c.prototype as object]));

export interface WireError {
  className: string;
  name: string;
  message: string;
  stack?: string;
  /** The error's own fields that can be cloned (statusCode, attributes, span, …). */
  fields: Record<string, unknown>;
}

function cloneable(value: unknown): boolean {
  try {
    structuredClone(value);
    return true;
  } catch {
    return false;
  }
}

export function toWire(error: unknown): WireError {
  if (!(error instanceof Error)) {
    return { className: 'Error', name: 'Error', message: String(error), fields: {} };
  }
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(error)) {
    if (key === 'meta' && value && typeof value === 'object') {
      const { statusCode, body, headers, warnings } = value as Record<string, unknown>;
      fields.meta = { statusCode, body, headers, warnings };
      if (!cloneable(fields.meta)) fields.meta = { statusCode, headers };
    } else if (cloneable(value)) {
      fields[key] = value;
    }
  }
  return {
    className: error.constructor?.name ?? 'Error',
    name: error.name,
    message: error.message,
    ...(error.stack !== undefined ? { stack: error.stack } : {}),
    fields,
  };
}

function isWireError(value: unknown): value is WireError {
  const wire = value as Partial<WireError> | null;
  return (
    typeof wire === 'object' &&
    wire !== null &&
    typeof wire.className === 'string' &&
    typeof wire.message === 'string' &&
    typeof wire.fields === 'object'
  );
}

export function fromWire(value: unknown): Error {
  if (!isWireError(value)) return new Error(`an error that could not be read: ${String(value)}`);
  const prototype =
    PROTOTYPES.get(value.className) ??
    // A LookupError of a class not listed keeps its status: it is still ours to answer.
    (typeof value.fields.statusCode === 'number' ? LookupError.prototype : Error.prototype);
  const error = Object.create(prototype) as Error;
  Object.defineProperty(error, 'message', {
    value: value.message,
    writable: true,
    configurable: true,
  });
  Object.assign(error, value.fields);
  if (value.name !== (prototype as Error).name) {
    Object.defineProperty(error, 'name', { value: value.name, writable: true, configurable: true });
  }
  if (value.stack !== undefined) {
    Object.defineProperty(error, 'stack', {
      value: value.stack,
      writable: true,
      configurable: true,
    });
  }
  return error;
}
