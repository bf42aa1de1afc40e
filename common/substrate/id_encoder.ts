/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/**
 * The keyed-upsert document id: `_id = base64url_nopad(SHA-256(token(k1) ‖ … ‖ token(kn) ‖
 * token(slice uuid)))`, 43 characters, the same for this plugin and the Java `outputlookup`
 * writer, so that either can upsert what the other wrote.
 *
 * A token is `N` for a null or missing value; otherwise `V`, a one-byte type tag, the 4-byte
 * big-endian length of the canonical UTF-8 text, then that text. The tag comes from the column's
 * type, never from how the JSON value looks: 1 in a `long` column is `i` `1`, 1 in a `double`
 * column is `d` `1.0`.
 */
import { base64UrlNoPad, concatBytes, utf8Bytes } from './bytes';
import { SubstrateError } from './errors';
// Node's hashes: only the server encodes keyed ids (the browser never computes them).
import { createHash } from 'crypto';
import { bigDecimalPlainString } from './java_decimal';
import { javaDoubleToString } from './java_double';
import { LOOKUP_FIELD } from './names';

export type KeyType = 'boolean' | 'integral' | 'double' | 'decimal' | 'biginteger' | 'string';

/** The one-byte tag of each key type. */
export const KEY_TYPE_TAGS: Readonly<Record<KeyType, string>> = {
  boolean: 'b',
  integral: 'i',
  double: 'd',
  decimal: 'D',
  biginteger: 'I',
  string: 's',
};

/** Every id is 43 characters: 32 bytes of SHA-256 in unpadded base64url. */
export const DOC_ID_LENGTH = 43;

export interface KeyValue {
  type: KeyType;
  /** null or undefined for a null or missing value. */
  value: unknown;
  /** The key field's name, for error messages. */
  field?: string;
}

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;
const INTEGER_TEXT = /^[+-]?\d+$/;
const FLOAT_TEXT = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

/**
 * The key type of a column, from the type name the PPL schema gives (`long`, `double`, `keyword`,
 * …, in any case). Without a declared type (plain JSON rows), or with PPL's `undefined`, the value
 * decides: a boolean is `boolean`; a number that is a safe integer (and not -0) is `integral`, any
 * other number `double` (past 2^53 a JSON number no longer tells an integer from a float); a
 * bigint is `integral` within 64 bits and `biginteger` past them; anything else is `string`.
 */
export function keyTypeForColumn(pplType: string | undefined, value: unknown): KeyType {
  const type = (pplType ?? '').trim().toLowerCase();
  switch (type) {
    case 'boolean':
    case 'bool':
      return 'boolean';
    case 'byte':
    case 'short':
    case 'integer':
    case 'int':
    case 'long':
    case 'tinyint':
    case 'smallint':
    case 'bigint':
    case 'unsigned_long':
      return 'integral';
    case 'float':
    case 'double':
    case 'half_float':
    case 'scaled_float':
    case 'real':
      return 'double';
    case 'decimal':
    case 'bigdecimal':
    case 'numeric':
      return 'decimal';
    case 'biginteger':
      return 'biginteger';
    case '':
    case 'undefined':
    case 'unknown':
    case 'null':
      return keyTypeOfValue(value);
    default:
      return 'string';
  }
}

function keyTypeOfValue(value: unknown): KeyType {
  switch (typeof value) {
    case 'boolean':
      return 'boolean';
    case 'number':
      return Number.isSafeInteger(value) && !Object.is(value, -0) ? 'integral' : 'double';
    case 'bigint':
      return value >= INT64_MIN && value <= INT64_MAX ? 'integral' : 'biginteger';
    default:
      return 'string';
  }
}

function fieldLabel(field: string | undefined): string {
  return field === undefined ? 'A key field' : `Key field ${JSON.stringify(field)}`;
}

function invalid(key: KeyValue, expected: string): SubstrateError {
  let shown: string;
  try {
    shown =
      typeof key.value === 'bigint' ? key.value.toString() : (JSON.stringify(key.value) ?? '?');
  } catch {
    shown = String(key.value);
  }
  if (shown.length > 100) {
    shown = `${shown.slice(0, 100)}…`;
  }
  return new SubstrateError(
    'invalid_key_value',
    `${fieldLabel(key.field)} holds ${shown}, which is not ${expected}: ` +
      'check that the key field holds the values its column type says.',
    key.field
  );
}

function integerDigits(key: KeyValue, what: string): string {
  const { value } = key;
  if (typeof value === 'bigint') {
    return value.toString();
  }
  if (typeof value === 'number' && Number.isInteger(value)) {
    return BigInt(value).toString();
  }
  if (typeof value === 'string' && INTEGER_TEXT.test(value)) {
    return BigInt(value).toString();
  }
  throw invalid(key, what);
}

/**
 * The canonical text of a non-null key value under its type (what gets hashed after the tag and
 * the length). Throws a {@link SubstrateError} for a value its type cannot hold.
 */
export function canonicalKeyText(key: KeyValue): string {
  const { type, value } = key;
  switch (type) {
    case 'boolean':
      if (typeof value === 'boolean') {
        return value ? 'true' : 'false';
      }
      if (value === 'true' || value === 'false') {
        return value;
      }
      throw invalid(key, 'a boolean');
    case 'integral':
      return integerDigits(key, 'an integer');
    case 'biginteger':
      return integerDigits(key, 'an integer');
    case 'double':
      if (typeof value === 'number') {
        return javaDoubleToString(value);
      }
      if (typeof value === 'bigint') {
        return javaDoubleToString(Number(value));
      }
      if (
        typeof value === 'string' &&
        (FLOAT_TEXT.test(value) || ['NaN', 'Infinity', '-Infinity'].includes(value))
      ) {
        return javaDoubleToString(Number(value));
      }
      throw invalid(key, 'a floating point number');
    case 'decimal': {
      let text: string | null = null;
      if (typeof value === 'number' && Number.isFinite(value)) {
        // As Java's BigDecimal.valueOf(double), which starts from Double.toString.
        text = javaDoubleToString(value);
      } else if (typeof value === 'bigint') {
        text = value.toString();
      } else if (typeof value === 'string') {
        text = value;
      }
      const canonical = text === null ? null : bigDecimalPlainString(text);
      if (canonical === null) {
        throw invalid(key, 'a decimal number');
      }
      return canonical;
    }
    case 'string':
      if (typeof value === 'string') {
        return value;
      }
      if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean') {
        return String(value);
      }
      throw invalid(key, 'a string');
  }
}

const NULL_TOKEN = new Uint8Array([0x4e]); // 'N'
const VALUE_MARK = 0x56; // 'V'

/** The token of one key: `N`, or `V` + tag + 4-byte big-endian length + canonical UTF-8 text. */
export function keyToken(key: KeyValue): Uint8Array {
  const { value } = key;
  if (value === null || value === undefined) {
    return NULL_TOKEN;
  }
  if (Array.isArray(value)) {
    throw new SubstrateError(
      'multivalue_key',
      `${fieldLabel(key.field)} holds several values (${value.length}) in one row, and a key needs exactly one: ` +
        'choose key fields that hold a single value per row.',
      key.field
    );
  }
  if (typeof value === 'object' || typeof value === 'function' || typeof value === 'symbol') {
    throw new SubstrateError(
      'unsupported_key_value',
      `${fieldLabel(key.field)} holds an object, and a key must be a single plain value: ` +
        'choose key fields that hold strings, numbers or booleans.',
      key.field
    );
  }
  const text = utf8Bytes(canonicalKeyText(key));
  const token = new Uint8Array(6 + text.length);
  token[0] = VALUE_MARK;
  token[1] = KEY_TYPE_TAGS[key.type].charCodeAt(0);
  new DataView(token.buffer).setUint32(2, text.length);
  token.set(text, 6);
  return token;
}

/**
 * The `_id` of the document keyed by `keys` (in `key_field` order) in the slice `sliceUuid`. The
 * slice uuid is the salt, hashed as one more string key after the user's keys.
 */
export function encodeDocId(keys: readonly KeyValue[], sliceUuid: string): string {
  const tokens = keys.map(keyToken);
  tokens.push(keyToken({ type: 'string', value: sliceUuid, field: LOOKUP_FIELD }));
  return base64UrlNoPad(new Uint8Array(createHash('sha256').update(concatBytes(tokens)).digest()));
}
