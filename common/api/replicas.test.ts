/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

import { decode } from './decode';
import { isAutoExpandReplicas, ReplicasBody } from './replicas';

describe('ReplicasBody', () => {
  it.each(['0-1', '0-all', '1-all', '1-3', '2-2', 'false'])('takes %j', (value) => {
    expect(decode(ReplicasBody, { auto_expand_replicas: value })).toEqual({
      ok: true,
      value: { auto_expand_replicas: value },
    });
  });

  it.each(['all', '1', '0-', '-1', '3-1', 'true', ' 0-1', '0-1 ', '0-ALL', ''])(
    'refuses %j, saying what to send',
    (value) => {
      const decoded = decode(ReplicasBody, { auto_expand_replicas: value });
      expect(decoded).toEqual({
        ok: false,
        field: 'auto_expand_replicas',
        message: expect.stringMatching(
          /^\[auto_expand_replicas\]: expected a replica range such as "0-1" .* or "0-all" .*, or "false" but got/
        ),
      });
    }
  );

  it('refuses a number, a missing value and an unknown key', () => {
    expect(decode(ReplicasBody, { auto_expand_replicas: 1 })).toMatchObject({ ok: false });
    expect(decode(ReplicasBody, {})).toMatchObject({ ok: false });
    expect(decode(ReplicasBody, { auto_expand_replicas: '0-1', replicas: 2 })).toMatchObject({
      ok: false,
      message: '[replicas]: unknown option; allowed: auto_expand_replicas',
    });
  });

  it('is the check the config uses', () => {
    expect(isAutoExpandReplicas('0-all')).toBe(true);
    expect(isAutoExpandReplicas('5-4')).toBe(false);
  });
});
