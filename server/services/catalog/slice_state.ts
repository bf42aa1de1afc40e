/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Where a version stands, from its write record and the lookup's lease. A write holds the
 * lookup's lease from start to end and its record names that lease: once the lease is gone
 * (released without the record finishing, expired with its host, or taken over by another
 * operation) the write is over, so its version is `failed` at once, not after a heartbeat
 * timeout, and nothing protects it as in flight any more. Records that name no lease (older
 * versions of the plugin) are alive while they heartbeat.
 */
import type { SliceInfo } from '../../../common/api/codecs';
import type { LeaseDocument } from '../plugin_index/leases';
import { isHeartbeating, type WriteRecord } from '../plugin_index/write_records';

export interface SliceState {
  state?: SliceInfo['state'];
  inFlight: boolean;
}

/**
 * `lease` is the lookup's lease as read now; `undefined` when it could not be read, and then a
 * `writing` record is judged by its heartbeat alone.
 */
export function sliceState(
  record: WriteRecord | undefined,
  lease: LeaseDocument | null | undefined,
  now = Date.now()
): SliceState {
  if (!record || record.status === 'seen' || record.status === 'deleted') {
    return { inFlight: false };
  }
  if (record.status !== 'writing') return { state: record.status, inFlight: false };
  if (record.lease_token === undefined || lease === undefined) {
    return { state: 'writing', inFlight: isHeartbeating(record, now) };
  }
  const held =
    lease !== null && lease.token === record.lease_token && Date.parse(lease.expires_at) > now;
  return held ? { state: 'writing', inFlight: true } : { state: 'failed', inFlight: false };
}
