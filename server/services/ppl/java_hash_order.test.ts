/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * The expected orders are what JDK 25's HashSet and HashMap print for the same calls
 * (`new HashSet<>(List.of(…))`, `addAll(…)`, `keySet()`).
 */
import {
  javaHashMapCopyOrder,
  javaHashMapOrder,
  javaHashSetOrder,
  javaStringHash,
} from './java_hash_order';

describe('javaStringHash', () => {
  it('is String.hashCode, overflowing as a Java int', () => {
    expect(javaStringHash('')).toBe(0);
    expect(javaStringHash('abc')).toBe(96354);
    expect(javaStringHash('polygenelubricants')).toBe(-2147483648);
  });
});

describe('javaHashSetOrder', () => {
  it('orders by bucket, not by insertion or name', () => {
    expect(javaHashSetOrder(['rack', 'dc'], ['host'])).toEqual(['rack', 'host', 'dc']);
    expect(javaHashSetOrder(['zone', 'dc', 'rack', 'owner'], ['host'])).toEqual([
      'owner',
      'rack',
      'zone',
      'host',
      'dc',
    ]);
  });

  it('keeps a member added twice once, and follows the table as it grows past 12', () => {
    expect(javaHashSetOrder(['rack', 'dc'], ['rack'])).toEqual(['rack', 'dc']);
    const many = Array.from({ length: 20 }, (_, i) => `field_${i}x`);
    const printed =
      'field_17x, field_18x, field_15x, field_16x, field_9x, field_8x, field_7x, field_19x, field_6x, field_5x, field_4x, field_3x, field_2x, field_1x, field_0x, field_10x, field_13x, field_14x, field_11x, field_12x';
    expect(javaHashSetOrder(many.slice(0, 3), many.slice(3)).join(', ')).toBe(printed);
    expect(javaHashSetOrder([], many).join(', ')).toBe(printed);
  });
});

describe('javaHashMapCopyOrder', () => {
  it('sizes the table for the copied keys (a HashMap given them by putAll)', () => {
    expect(javaHashMapCopyOrder(['floor', 'host', 'rack'])).toEqual(['floor', 'host', 'rack']);
    expect(javaHashMapCopyOrder(['dc', 'floor', 'host', 'owner', 'rack', 'zone'])).toEqual([
      'host',
      'owner',
      'rack',
      'floor',
      'zone',
      'dc',
    ]);
    const logs = ['@timestamp', 'bytes', 'client_ip', 'host', 'message', 'method', 'region'];
    expect(
      javaHashMapCopyOrder([...logs, 'status', 'url', 'user', 'latency_ms', 'agent']).join(',')
    ).toBe(
      'agent,@timestamp,method,bytes,host,client_ip,message,region,user,url,status,latency_ms'
    );
  });

  it('differs from one put at a time where the sizes differ', () => {
    const letters = 'abcdefghijklmnopqrstuvwxyz'.split('');
    const keys = [...letters, 'aa', 'bb', 'cc', 'dd', 'ee', 'ff', 'gg', 'hh', 'ii', 'jj'];
    expect(javaHashMapCopyOrder(keys).slice(0, 12).join(',')).toBe(
      'bb,dd,ff,hh,jj,aa,cc,ee,gg,ii,a,b'
    );
    expect(javaHashMapOrder(['k', 'n', 'o'])).toEqual(['k', 'n', 'o']);
    expect(javaHashMapCopyOrder(['k', 'n', 'o'])).toEqual(['n', 'k', 'o']);
  });
});
