/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

import { createHash } from 'node:crypto';
import * as fs from 'fs';
import * as path from 'path';
import { SubstrateError } from './errors';
import {
  DOC_ID_LENGTH,
  KeyType,
  KeyValue,
  canonicalKeyText,
  encodeDocId,
  keyToken,
  keyTypeForColumn,
} from './id_encoder';
import { appendToAbsentSliceUuid } from './slice_uuid';

const FIXTURE = path.join(__dirname, 'fixtures', 'id-vectors.tsv');
// The design folder sits beside the repository (/work/shared next to /work/main).
const SHARED = path.resolve(__dirname, '../../../shared/design/id-vectors.tsv');
const APPEND_PREFIX = 'outputlookup:';

const JAVA_TYPES: Record<string, KeyType> = {
  String: 'string',
  Long: 'integral',
  Integer: 'integral',
  Short: 'integral',
  Byte: 'integral',
  Double: 'double',
  BigDecimal: 'decimal',
  BigInteger: 'biginteger',
  Boolean: 'boolean',
};

interface Vectors {
  salt: string;
  ids: Array<{ label: string; keys: KeyValue[]; expected: string }>;
  discriminants: Array<{ name: string; expected: string }>;
}

/** The value as it reaches the encoder from a JSON row (exact digits stay strings). */
function valueOf(javaType: string, text: string): unknown {
  switch (javaType) {
    case 'null':
      return null;
    case 'Double':
      return Number(text);
    case 'Boolean':
      return text === 'true';
    default:
      return text;
  }
}

/** `field=JavaType:value, field=JavaType:value`; a value may hold spaces, commas and any text. */
function parseKeys(column: string): KeyValue[] {
  return column.split(/, (?=[A-Za-z_][A-Za-z0-9_.]*=)/).map((part) => {
    const equals = part.indexOf('=');
    const colon = part.indexOf(':', equals);
    if (equals < 1 || colon < 0) {
      throw new Error(`Cannot read key ${JSON.stringify(part)}`);
    }
    const field = part.slice(0, equals);
    const javaType = part.slice(equals + 1, colon);
    const text = part.slice(colon + 1);
    if (javaType === 'null') {
      return { field, type: 'string', value: null };
    }
    const type = JAVA_TYPES[javaType];
    if (!type) {
      throw new Error(`Unknown Java type ${javaType} in ${JSON.stringify(part)}`);
    }
    return { field, type, value: valueOf(javaType, text) };
  });
}

function readVectors(text: string): Vectors {
  const vectors: Vectors = { salt: '', ids: [], discriminants: [] };
  for (const line of text.split('\n')) {
    if (line.trim() === '' || line.startsWith('#')) {
      continue;
    }
    const columns = line.split('\t');
    const [label] = columns;
    if (label === 'salt') {
      vectors.salt = columns[1];
    } else if (label === 'discriminant') {
      expect(columns[1].startsWith(APPEND_PREFIX)).toBe(true);
      vectors.discriminants.push({
        name: columns[1].slice(APPEND_PREFIX.length),
        expected: columns[2],
      });
    } else {
      expect(columns).toHaveLength(3);
      vectors.ids.push({ label, keys: parseKeys(columns[1]), expected: columns[2] });
    }
  }
  return vectors;
}

const vectors = readVectors(fs.readFileSync(FIXTURE, 'utf8'));

describe('id-vectors.tsv', () => {
  it('the fixture is a copy of the shared design file, when that file is beside the repo', () => {
    if (!fs.existsSync(SHARED)) {
      return;
    }
    expect(fs.readFileSync(FIXTURE, 'utf8')).toBe(fs.readFileSync(SHARED, 'utf8'));
  });

  it('holds the salt, the ids and the two discriminants', () => {
    expect(vectors.salt).toMatch(/^[0-9a-f-]{36}$/);
    expect(vectors.ids.length).toBeGreaterThanOrEqual(22);
    expect(vectors.discriminants).toHaveLength(2);
  });

  it('reads keys with spaces and non-ASCII text whole', () => {
    const unicode = vectors.ids.find((v) => v.label === 'unicode');
    expect(unicode?.keys).toEqual([{ field: 'name', type: 'string', value: 'Zürich €𝄞' }]);
    const two = vectors.ids.find((v) => v.label === 'two strings');
    expect(two?.keys.map((k) => k.field)).toEqual(['region', 'host']);
  });

  it.each(vectors.ids.map((v) => [v.label, v] as const))('reproduces %s', (_label, vector) => {
    const id = encodeDocId(vector.keys, vectors.salt);
    expect(id).toBe(vector.expected);
    expect(id).toHaveLength(DOC_ID_LENGTH);
  });

  it.each(vectors.discriminants.map((d) => [d.name, d] as const))(
    'reproduces the append-to-absent slice of %s',
    (_name, discriminant) => {
      expect(appendToAbsentSliceUuid(discriminant.name)).toBe(discriminant.expected);
    }
  );
});

describe('encodeDocId: the same key in other JSON shapes', () => {
  const salt = () => vectors.salt;
  const expectedOf = (label: string) => {
    const vector = vectors.ids.find((v) => v.label === label);
    if (!vector) {
      throw new Error(`no vector ${label}`);
    }
    return vector.expected;
  };

  it.each<[string, KeyValue]>([
    ['long 1', { type: 'integral', value: 1 }],
    ['long 1', { type: 'integral', value: 1n }],
    ['long 1', { type: 'integral', value: '01' }],
    ['long 1', { type: 'integral', value: '+1' }],
    ['int -42', { type: 'integral', value: -42 }],
    ['double 1.0', { type: 'double', value: '1.0' }],
    ['double 1.0', { type: 'double', value: 1n }],
    ['double 1e21', { type: 'double', value: '1e21' }],
    ['double -0.0', { type: 'double', value: '-0.0' }],
    ['bigdecimal 1.50', { type: 'decimal', value: 1.5 }],
    ['bigdecimal 1.50', { type: 'decimal', value: '15e-1' }],
    ['bigdecimal 100', { type: 'decimal', value: 100 }],
    ['bigdecimal 100', { type: 'decimal', value: 100n }],
    ['bigdecimal 100', { type: 'decimal', value: '1E+2' }],
    ['biginteger 2^100', { type: 'biginteger', value: 2n ** 100n }],
    ['boolean true', { type: 'boolean', value: 'true' }],
    ['string 1', { type: 'string', value: 1 }],
    ['null', { type: 'integral', value: undefined }],
    ['null', { type: 'double', value: null }],
  ])('%s from %p', (label, key) => {
    expect(encodeDocId([key], salt())).toBe(expectedOf(label));
  });

  it('the tag tells an integral 1 from a string "1" and a double 1.0', () => {
    const ids = (['integral', 'string', 'double', 'decimal', 'biginteger'] as const).map((type) =>
      encodeDocId([{ type, value: 1 }], salt())
    );
    // decimal and biginteger 1 differ from integral 1 by their tag too.
    expect(new Set(ids).size).toBe(5);
  });
});

describe('encodeDocId: longs beyond 2^53', () => {
  // Ids from a Java encoder written to substrate.md's token rules (Long.toString, SHA-256,
  // unpadded base64url) with the salt of id-vectors.tsv; run with OpenJDK, not with this code.
  const JAVA_IDS: Array<[bigint, string]> = [
    [9007199254740992n, '84C9XnJ0wPWdbvXU2Aw0rubkP9eMK1MYMBDiir47wVE'],
    [9007199254740993n, 'Euxtbx-uhd_l_bRV3KTFqxTpnzM6PbyKhYVJMlCKons'],
    [9223372036854775807n, 'q65TnXNhro2AYQfBVYAOLMiO97ThZ_czPw5zp84MyGg'],
    [-9223372036854775808n, 'bAmzWClrqlKvsaS3JLKB2ggkkY9VNOHl6NALFyJvs6s'],
  ];

  it.each(JAVA_IDS)('long %p: as a bigint, as digits and typed by value', (value, expected) => {
    const salt = vectors.salt;
    expect(encodeDocId([{ type: 'integral', value }], salt)).toBe(expected);
    expect(encodeDocId([{ type: 'integral', value: value.toString() }], salt)).toBe(expected);
    expect(encodeDocId([{ type: keyTypeForColumn(undefined, value), value }], salt)).toBe(expected);
  });

  it('2^53 + 1 does not share the id of 2^53', () => {
    expect(JAVA_IDS[0][1]).not.toBe(JAVA_IDS[1][1]);
  });
});

describe('encodeDocId: against an independent encoder built on node:crypto', () => {
  const TAGS: Record<KeyType, string> = {
    boolean: 'b',
    integral: 'i',
    double: 'd',
    decimal: 'D',
    biginteger: 'I',
    string: 's',
  };

  function reference(texts: Array<[KeyType, string] | null>, salt: string): string {
    const parts = [...texts, ['string', salt] as [KeyType, string]].map((entry) => {
      if (entry === null) {
        return Buffer.from('N');
      }
      const body = Buffer.from(entry[1], 'utf8');
      const length = Buffer.alloc(4);
      length.writeUInt32BE(body.length);
      return Buffer.concat([Buffer.from('V' + TAGS[entry[0]]), length, body]);
    });
    return createHash('sha256').update(Buffer.concat(parts)).digest('base64url');
  }

  it('agrees on 500 generated key lists', () => {
    let seed = 7;
    const next = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0);
    const alphabet = ['a', 'Z', ' ', ',', '=', 'ü', '€', '𝄞', '\t', '0'];
    for (let i = 0; i < 500; i++) {
      const keys: KeyValue[] = [];
      const texts: Array<[KeyType, string] | null> = [];
      for (let k = next() % 4; k >= 0; k--) {
        const choice = next() % 4;
        if (choice === 0) {
          keys.push({ type: 'string', value: null });
          texts.push(null);
        } else if (choice === 1) {
          const n = (next() % 2_000_001) - 1_000_000;
          keys.push({ type: 'integral', value: n });
          texts.push(['integral', String(n)]);
        } else {
          const text = Array.from(
            { length: next() % 300 },
            () => alphabet[next() % alphabet.length]
          ).join('');
          keys.push({ type: 'string', value: text });
          texts.push(['string', text]);
        }
      }
      const salt = `salt-${i}`;
      expect(encodeDocId(keys, salt)).toBe(reference(texts, salt));
    }
  });
});

describe('keyToken', () => {
  it('is N for null and missing values', () => {
    expect(Array.from(keyToken({ type: 'string', value: null }))).toEqual([0x4e]);
    expect(Array.from(keyToken({ type: 'integral', value: undefined }))).toEqual([0x4e]);
  });

  it('is V, the tag, a 4-byte big-endian byte length, then the UTF-8 text', () => {
    expect(Buffer.from(keyToken({ type: 'string', value: 'é€' })).toString('hex')).toBe(
      '5673' + '00000005' + 'c3a9e282ac'
    );
    expect(Buffer.from(keyToken({ type: 'double', value: 1 })).toString('hex')).toBe(
      '5664' + '00000003' + '312e30'
    );
  });

  it('encodes an empty string as a value, not as null', () => {
    expect(Buffer.from(keyToken({ type: 'string', value: '' })).toString('hex')).toBe(
      '567300000000'
    );
  });

  it('refuses a multivalue key, naming the field', () => {
    const attempt = () => keyToken({ type: 'string', value: ['a', 'b'], field: 'host' });
    expect(attempt).toThrow(SubstrateError);
    expect(attempt).toThrow(/Key field "host" holds several values \(2\)/);
    expect(attempt).toThrow(expect.objectContaining({ code: 'multivalue_key', field: 'host' }));
  });

  it('refuses an empty or one-element array too', () => {
    expect(() => keyToken({ type: 'string', value: [] })).toThrow(/several values/);
    expect(() => keyToken({ type: 'string', value: ['a'] })).toThrow(/several values/);
  });

  it('refuses an object value', () => {
    expect(() => keyToken({ type: 'string', value: { a: 1 }, field: 'geo' })).toThrow(
      expect.objectContaining({ code: 'unsupported_key_value', field: 'geo' })
    );
  });
});

describe('canonicalKeyText', () => {
  it.each<[KeyType, unknown, string]>([
    ['boolean', true, 'true'],
    ['boolean', false, 'false'],
    ['boolean', 'false', 'false'],
    ['integral', 0, '0'],
    ['integral', -0, '0'],
    ['integral', -42, '-42'],
    ['integral', '-0', '0'],
    ['integral', '9223372036854775807', '9223372036854775807'],
    ['integral', 9223372036854775807n, '9223372036854775807'],
    ['integral', '18446744073709551615', '18446744073709551615'],
    // A number past 2^53 is the double it became when the JSON was parsed.
    ['integral', 2 ** 60, '1152921504606846976'],
    ['integral', 1e21, '1000000000000000000000'],
    ['biginteger', '1267650600228229401496703205376', '1267650600228229401496703205376'],
    ['biginteger', -(2n ** 100n), '-1267650600228229401496703205376'],
    ['double', 1, '1.0'],
    ['double', 0.1 + 0.2, '0.30000000000000004'],
    ['double', '1e-4', '1.0E-4'],
    ['double', 'NaN', 'NaN'],
    ['double', '-Infinity', '-Infinity'],
    ['double', 5e-324, '4.9E-324'],
    ['decimal', '1.50', '1.5'],
    ['decimal', '100', '100'],
    ['decimal', '-0.00', '0'],
    ['decimal', 1e21, '1000000000000000000000'],
    ['decimal', 1e-7, '0.0000001'],
    ['decimal', 0.1, '0.1'],
    ['string', 'web-01', 'web-01'],
    ['string', '', ''],
    ['string', 42, '42'],
    ['string', 1.5, '1.5'],
    ['string', true, 'true'],
    ['string', 12n, '12'],
  ])('%s %p -> %j', (type, value, expected) => {
    expect(canonicalKeyText({ type, value })).toBe(expected);
  });

  it.each<[KeyType, unknown]>([
    ['boolean', 1],
    ['boolean', 'TRUE'],
    ['boolean', 'yes'],
    ['integral', 1.5],
    ['integral', '1.0'],
    ['integral', 'abc'],
    ['integral', ''],
    ['integral', true],
    ['integral', NaN],
    ['biginteger', '1e3'],
    ['double', 'abc'],
    ['double', ''],
    ['double', true],
    ['decimal', 'abc'],
    ['decimal', NaN],
    ['decimal', Infinity],
    ['decimal', '1e999999999'],
    ['decimal', false],
  ])('refuses %s %p with invalid_key_value', (type, value) => {
    expect(() => canonicalKeyText({ type, value, field: 'k' })).toThrow(
      expect.objectContaining({ code: 'invalid_key_value', field: 'k' })
    );
  });

  it('names the field, the value and what to do', () => {
    expect(() => canonicalKeyText({ type: 'integral', value: 'abc', field: 'id' })).toThrow(
      'Key field "id" holds "abc", which is not an integer: check that the key field holds the values its column type says.'
    );
  });
});

describe('keyTypeForColumn', () => {
  it.each<[string, KeyType]>([
    ['boolean', 'boolean'],
    ['byte', 'integral'],
    ['short', 'integral'],
    ['integer', 'integral'],
    ['int', 'integral'],
    ['long', 'integral'],
    ['bigint', 'integral'],
    ['unsigned_long', 'integral'],
    ['float', 'double'],
    ['double', 'double'],
    ['half_float', 'double'],
    ['scaled_float', 'double'],
    ['decimal', 'decimal'],
    ['bigdecimal', 'decimal'],
    ['biginteger', 'biginteger'],
    ['string', 'string'],
    ['keyword', 'string'],
    ['text', 'string'],
    ['date', 'string'],
    ['timestamp', 'string'],
    ['time', 'string'],
    ['ip', 'string'],
    ['geo_point', 'string'],
    ['LONG', 'integral'],
    [' Double ', 'double'],
  ])('%j -> %s, whatever the value looks like', (pplType, expected) => {
    expect(keyTypeForColumn(pplType, 1)).toBe(expected);
    expect(keyTypeForColumn(pplType, 'x')).toBe(expected);
  });

  it.each<[unknown, KeyType]>([
    [true, 'boolean'],
    [1, 'integral'],
    [-42, 'integral'],
    [Number.MAX_SAFE_INTEGER, 'integral'],
    [2 ** 53, 'double'],
    [-0, 'double'],
    [1.5, 'double'],
    [1n, 'integral'],
    [2n ** 63n - 1n, 'integral'],
    [-(2n ** 63n), 'integral'],
    [2n ** 63n, 'biginteger'],
    [-(2n ** 63n) - 1n, 'biginteger'],
    ['1', 'string'],
    [null, 'string'],
    [undefined, 'string'],
  ])('without a declared type, %p -> %s', (value, expected) => {
    expect(keyTypeForColumn(undefined, value)).toBe(expected);
    expect(keyTypeForColumn('', value)).toBe(expected);
    expect(keyTypeForColumn('undefined', value)).toBe(expected);
  });

  it('a long column with 1 and a double column with 1 give different ids', () => {
    const salt = vectors.salt;
    const asLong = encodeDocId([{ type: keyTypeForColumn('long', 1), value: 1 }], salt);
    const asDouble = encodeDocId([{ type: keyTypeForColumn('double', 1), value: 1 }], salt);
    expect(asLong).not.toBe(asDouble);
  });
});
