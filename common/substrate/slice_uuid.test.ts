/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

import { createHash, randomUUID } from 'node:crypto';
import { SubstrateError } from './errors';
import {
  APPEND_SLICE_PREFIX,
  UUID_PATTERN,
  appendToAbsentSliceUuid,
  nameBasedUuid,
  randomSliceUuid,
} from './slice_uuid';

describe('appendToAbsentSliceUuid', () => {
  // The two discriminant lines of id-vectors.tsv (id_encoder.test.ts checks them from the file).
  it.each([
    ['hosts', 'e673dc0f-cc43-3640-8425-94ee68812625'],
    ['web_hosts-2026', 'e8c573fc-3a8a-35bb-9049-0ed7f250ea43'],
  ])('%s -> %s', (name, expected) => {
    expect(appendToAbsentSliceUuid(name)).toBe(expected);
  });

  it('is an MD5 of "outputlookup:" + name with version 3 and variant 10', () => {
    for (const name of ['hosts', 'zürich', 'a'.repeat(247), 'x']) {
      const digest = createHash('md5')
        .update(Buffer.from(APPEND_SLICE_PREFIX + name, 'utf8'))
        .digest();
      digest[6] = (digest[6] & 0x0f) | 0x30;
      digest[8] = (digest[8] & 0x3f) | 0x80;
      const hex = digest.toString('hex');
      const expected = hex.replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, '$1-$2-$3-$4-$5');
      const uuid = appendToAbsentSliceUuid(name);
      expect(uuid).toBe(expected);
      expect(uuid).toMatch(UUID_PATTERN);
      expect(uuid[14]).toBe('3');
      expect('89ab').toContain(uuid[19]);
    }
  });

  it('is deterministic and differs between names', () => {
    expect(appendToAbsentSliceUuid('hosts')).toBe(appendToAbsentSliceUuid('hosts'));
    expect(appendToAbsentSliceUuid('hosts')).not.toBe(appendToAbsentSliceUuid('hosts2'));
  });

  it('nameBasedUuid of empty input is the well-known v3 of nothing', () => {
    // Java: UUID.nameUUIDFromBytes(new byte[0]).
    expect(nameBasedUuid(new Uint8Array(0))).toBe('d41d8cd9-8f00-3204-a980-0998ecf8427e');
  });
});

describe('randomSliceUuid', () => {
  it('is a lower-case uuid v4', () => {
    for (let i = 0; i < 200; i++) {
      const uuid = randomSliceUuid();
      expect(uuid).toMatch(UUID_PATTERN);
      expect(uuid[14]).toBe('4');
      expect('89ab').toContain(uuid[19]);
    }
  });

  it('matches the shape node:crypto gives', () => {
    const pattern = (uuid: string) => uuid.replace(/[0-9a-f]/g, 'x').length;
    expect(pattern(randomSliceUuid())).toBe(pattern(randomUUID()));
  });

  it('does not repeat', () => {
    const seen = new Set(Array.from({ length: 1000 }, () => randomSliceUuid()));
    expect(seen.size).toBe(1000);
  });

  it('stamps version and variant over whatever the source gives', () => {
    const ones = { getRandomValues: <T extends Uint8Array>(a: T) => a.fill(0xff) };
    const zeros = { getRandomValues: <T extends Uint8Array>(a: T) => a.fill(0) };
    expect(randomSliceUuid(ones)).toBe('ffffffff-ffff-4fff-bfff-ffffffffffff');
    expect(randomSliceUuid(zeros)).toBe('00000000-0000-4000-8000-000000000000');
  });

  it('refuses without a random source', () => {
    expect(() => randomSliceUuid(null)).toThrow(SubstrateError);
    expect(() => randomSliceUuid({} as never)).toThrow(/crypto.getRandomValues/);
  });
});
