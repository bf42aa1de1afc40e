/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

import type { SliceInfo } from '../../../common/api/codecs';
import { planReap, restorable } from './reap_plan';

const HOUR = 3_600_000;
const slice = (id: string, state?: SliceInfo['state'], extra: Partial<SliceInfo> = {}) => ({
  id,
  rows: 1,
  current: false,
  ...(state ? { state } : {}),
  ...extra,
});
// Ages in hours by slice id: s1 is the newest.
const ages: Record<string, number> = { cur: 0, s1: 2, s2: 3, s3: 4, s4: 5, s5: 6 };
const ageMs = (id: string) => ages[id] * HOUR;
const rule = { keep: 2, graceMs: HOUR, olderThan: '1h' };

describe('planReap', () => {
  it('keeps the newest restorable versions; cancelled and failed ones do not count among them', () => {
    const slices = [
      slice('cur', 'complete', { current: true }),
      slice('s1', 'cancelled'),
      slice('s2', 'failed'),
      slice('s3', 'complete'),
      slice('s4'),
      slice('s5', 'complete'),
    ];
    const plan = planReap('lk', slices, ageMs, rule);
    expect(plan.kept.map((k) => [k.slice, k.rule])).toEqual([
      ['s3', 'newest'],
      ['s4', 'newest'],
    ]);
    expect(plan.removed.map((r) => r.slice)).toEqual(['s1', 's2', 's5']);
  });

  it('a young cancelled version is kept for its age, and one being written is never touched', () => {
    const slices = [
      slice('cur', 'complete', { current: true }),
      slice('s1', 'cancelled'),
      slice('s2', 'writing', { in_flight: true }),
    ];
    const plan = planReap('lk', slices, ageMs, { ...rule, graceMs: 10 * HOUR, olderThan: '10h' });
    expect(plan.kept.map((k) => [k.slice, k.rule])).toEqual([
      ['s1', 'younger'],
      ['s2', 'in_flight'],
    ]);
    expect(plan.removed).toEqual([]);
  });

  it('restorable: complete or made by another writer, and not being written', () => {
    expect(restorable(slice('a', 'complete'))).toBe(true);
    expect(restorable(slice('a'))).toBe(true);
    expect(restorable(slice('a', 'cancelled'))).toBe(false);
    expect(restorable(slice('a', 'failed'))).toBe(false);
    expect(restorable(slice('a', 'writing'))).toBe(false);
    expect(restorable(slice('a', 'complete', { in_flight: true }))).toBe(false);
  });
});
