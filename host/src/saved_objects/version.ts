/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * A saved object's `version` as OSD encodes it (src/core/server/saved_objects/version): its
 * document's `_seq_no` and `_primary_term`, as JSON, in base64. Sent back on an update, it makes
 * the write conditional on the object being unchanged since it was read.
 */
import { savedObjectsErrors } from './errors';

export const encodeVersion = (seqNo: number, primaryTerm: number) =>
  Buffer.from(JSON.stringify([seqNo, primaryTerm]), 'utf8').toString('base64');

/** The version of a document as OpenSearch answers it, when it says (`seq_no_primary_term`). */
export const encodeHitVersion = (hit: { _seq_no?: number; _primary_term?: number }) =>
  hit._seq_no !== undefined && hit._primary_term !== undefined
    ? encodeVersion(hit._seq_no, hit._primary_term)
    : undefined;

/** The conditional-write parameters of a version a client sent, or OSD's 400 for a bad one. */
export function decodeRequestVersion(version: string): {
  if_seq_no: number;
  if_primary_term: number;
} {
  try {
    const parsed = JSON.parse(Buffer.from(version, 'base64').toString('utf8')) as unknown;
    if (
      Array.isArray(parsed) &&
      parsed.length === 2 &&
      Number.isInteger(parsed[0]) &&
      Number.isInteger(parsed[1])
    ) {
      return { if_seq_no: parsed[0], if_primary_term: parsed[1] };
    }
  } catch {
    // refused below
  }
  throw savedObjectsErrors.invalidVersion(version);
}
