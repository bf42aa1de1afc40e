/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/* Values of a source as PPL shows them. */
import { formatIpValue } from './source';

describe('ip values', () => {
  it('an IPv4-mapped IPv6 address is shown as IPv4 (ip.md); others unchanged', () => {
    expect(formatIpValue('::FFFF:1.2.3.4')).toBe('1.2.3.4');
    expect(formatIpValue('0:0:0:0:0:ffff:10.0.0.1')).toBe('10.0.0.1');
    expect(formatIpValue('::1')).toBe('::1');
    expect(formatIpValue('2001:db8::ffff:1.2.3.4')).toBe('2001:db8::ffff:1.2.3.4');
    expect(formatIpValue('10.1.2.3')).toBe('10.1.2.3');
    expect(formatIpValue(undefined)).toBeNull();
  });
});
