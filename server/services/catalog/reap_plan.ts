/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Which old versions a cleanup removes and which it keeps, and why: the `keep` newest versions
 * one could restore, anything younger than the grace period, and every version still being
 * written. A failed or cancelled write is no version to keep: it never pushes a complete one out
 * of the newest, and goes once it is past the grace period.
 */
import type { ReapResponse, SliceInfo } from '../../../common/api/codecs';

/**
 * A version another one could take over from: complete (or of unknown state, made by another
 * writer), not being written; never a failed or cancelled one.
 */
export const restorable = (s: SliceInfo) =>
  !s.in_flight && (s.state === undefined || s.state === 'complete');

export interface ReapRule {
  keep: number;
  graceMs: number;
  /** The grace period as the caller wrote it, for the reasons given. */
  olderThan: string;
}

/** `ageMs` of a version: how long ago it was written (or first seen). */
export function planReap(
  lookup: string,
  slices: SliceInfo[],
  ageMs: (slice: string) => number,
  rule: ReapRule
): Pick<ReapResponse, 'removed' | 'kept'> {
  const removed: ReapResponse['removed'] = [];
  const kept: ReapResponse['kept'] = [];
  const old = slices.filter((s) => !s.current && !s.in_flight);
  const newestFirst = [...old].sort((a, b) => ageMs(a.id) - ageMs(b.id));
  let newestKept = 0;
  for (const slice of newestFirst) {
    if (restorable(slice) && newestKept < rule.keep) {
      newestKept++;
      kept.push({
        lookup,
        slice: slice.id,
        reason: `one of the ${rule.keep} most recent versions`,
        rule: 'newest',
      });
    } else if (ageMs(slice.id) < rule.graceMs) {
      kept.push({
        lookup,
        slice: slice.id,
        reason: `younger than ${rule.olderThan}`,
        rule: 'younger',
      });
    } else {
      removed.push({ lookup, slice: slice.id, rows: slice.rows });
    }
  }
  for (const slice of slices.filter((s) => s.in_flight)) {
    kept.push({
      lookup,
      slice: slice.id,
      reason: 'a write is still filling it',
      rule: 'in_flight',
    });
  }
  return { removed, kept };
}
