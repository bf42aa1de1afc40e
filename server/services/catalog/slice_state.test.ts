/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

import type { LeaseDocument } from '../plugin_index/leases';
import { IN_FLIGHT_TIMEOUT_MS, type WriteRecord } from '../plugin_index/write_records';
import { sliceState } from './slice_state';

const NOW = Date.parse('2026-03-01T12:00:00Z');
const at = (offsetMs: number) => new Date(NOW + offsetMs).toISOString();

const record = (patch: Partial<WriteRecord> = {}): WriteRecord => ({
  lookup: 'lk',
  backing_index: 'lk__lookup',
  slice: 's1',
  status: 'writing',
  started_at: at(-5_000),
  heartbeat_at: at(-1_000),
  lease_token: 't1',
  ...patch,
});

const lease = (patch: Partial<LeaseDocument> = {}): LeaseDocument => ({
  lookup: 'lk',
  host: 'h1',
  token: 't1',
  operation: 'write',
  user: 'u',
  acquired_at: at(-5_000),
  expires_at: at(20_000),
  ...patch,
});

describe('sliceState', () => {
  it('a write whose lease lives is in flight', () => {
    expect(sliceState(record(), lease(), NOW)).toEqual({ state: 'writing', inFlight: true });
  });

  it.each([
    ['expired', lease({ expires_at: at(-1) })],
    ['released (no lease at all)', null],
    ['taken over by another operation', lease({ token: 't2' })],
  ])('a write whose lease is %s is failed at once, and nothing keeps it in flight', (_, l) => {
    expect(sliceState(record(), l, NOW)).toEqual({ state: 'failed', inFlight: false });
  });

  it('a finished record keeps its own state; cancelled stays cancelled', () => {
    expect(sliceState(record({ status: 'complete' }), null, NOW)).toEqual({
      state: 'complete',
      inFlight: false,
    });
    expect(sliceState(record({ status: 'cancelled' }), lease(), NOW)).toEqual({
      state: 'cancelled',
      inFlight: false,
    });
  });

  it('seen and deleted records, and no record, say nothing of a state', () => {
    expect(sliceState(record({ status: 'seen' }), null, NOW)).toEqual({ inFlight: false });
    expect(sliceState(record({ status: 'deleted' }), null, NOW)).toEqual({ inFlight: false });
    expect(sliceState(undefined, null, NOW)).toEqual({ inFlight: false });
  });

  it('a record that names no lease (or leases that could not be read) goes by its heartbeat', () => {
    const old = record({ lease_token: undefined });
    expect(sliceState(old, null, NOW)).toEqual({ state: 'writing', inFlight: true });
    const silent = record({ lease_token: undefined, heartbeat_at: at(-IN_FLIGHT_TIMEOUT_MS - 1) });
    expect(sliceState(silent, null, NOW)).toEqual({ state: 'writing', inFlight: false });
    expect(sliceState(record(), undefined, NOW)).toEqual({ state: 'writing', inFlight: true });
  });
});
