/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/**
 * Slice uuids: random ones for new slices, and the deterministic one for an append to an absent
 * lookup, so that two concurrent first appends write the same slice and add the same alias filter.
 */
import { toHex, utf8Bytes } from './bytes';
import { SubstrateError } from './errors';
// Node's hashes: only the server writes slices (the browser never computes their uuids).
import { createHash } from 'crypto';

/** What is hashed, before the name, to get the append-to-absent slice uuid. */
export const APPEND_SLICE_PREFIX = 'outputlookup:';

/** A uuid as the writers print it: lower-case 8-4-4-4-12 hex. */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function formatUuid(bytes: Uint8Array): string {
  const hex = toHex(bytes);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

/** Sets the version nibble and the RFC 4122 variant bits (`10`) of 16 uuid bytes, in place. */
function stamp(bytes: Uint8Array, version: number): Uint8Array {
  bytes[6] = (bytes[6] & 0x0f) | (version << 4);
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  return bytes;
}

/**
 * A name-based uuid v3 over raw bytes with no namespace: what Java's `UUID.nameUUIDFromBytes`
 * gives.
 */
export function nameBasedUuid(name: Uint8Array): string {
  return formatUuid(stamp(new Uint8Array(createHash('md5').update(name).digest()), 3));
}

/** The slice an append to the absent lookup `name` writes: uuid v3 of `outputlookup:<name>`. */
export function appendToAbsentSliceUuid(name: string): string {
  return nameBasedUuid(utf8Bytes(APPEND_SLICE_PREFIX + name));
}

export interface RandomSource {
  getRandomValues<T extends Uint8Array>(array: T): T;
}

/**
 * A random uuid v4 for a new slice. `crypto.getRandomValues` exists in browsers (also outside
 * secure contexts, unlike `crypto.randomUUID`) and in Node 20.
 */
export function randomSliceUuid(source: RandomSource | null = globalThis.crypto ?? null): string {
  if (!source || typeof source.getRandomValues !== 'function') {
    throw new SubstrateError(
      'no_random_source',
      'No secure random source (crypto.getRandomValues) is available to make a slice uuid.'
    );
  }
  return formatUuid(stamp(source.getRandomValues(new Uint8Array(16)), 4));
}
