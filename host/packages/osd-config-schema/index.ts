/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * The part of OSD's `@osd/config-schema` (packages/osd-config-schema/src/types) that plugin
 * configs and the host's core routes use: `schema.object/number/boolean/string/literal/any/
 * maybe/nullable/arrayOf/recordOf/oneOf`, `TypeOf`, and validation errors in OSD's
 * `[path]: message` form with its messages (a value's kind as `type-detect` names it: `Array`,
 * `Object`, `null`, …). As OSD's, object, array and record types also take their value as a
 * JSON string (how a query string carries them). The standalone host resolves this package;
 * inside OSD the real one is used.
 */
export class ValidationError extends Error {}

export interface Type<V> {
  readonly __isConfigSchema: true;
  readonly __type?: V;
  /**
   * OSD's signature: `context` holds references (unused here); `namespace` prefixes the path in
   * error messages, e.g. `[config validation of [lookups].enabled]: ...`.
   */
  validate(value: unknown, context?: Record<string, unknown>, namespace?: string): V;
  /** @internal the host's path-carrying validation. */
  readonly at: (value: unknown, key: string) => V;
}
export type TypeOf<RT extends Type<unknown>> = RT extends Type<infer V> ? V : never;

function make<V>(validate: (value: unknown, key: string) => V): Type<V> {
  return {
    __isConfigSchema: true,
    validate: (value: unknown, _context?: Record<string, unknown>, namespace?: string) =>
      validate(value, namespace ?? ''),
    at: validate,
  };
}
const fail = (key: string, message: string): never => {
  throw new ValidationError(key ? `[${key}]: ${message}` : message);
};
const child = (key: string, name: string | number) => (key ? `${key}.${name}` : String(name));

/** The kind of a value as `type-detect` names it in OSD's messages. */
function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'Array';
  if (typeof value === 'object') {
    const tag = Object.prototype.toString.call(value).slice(8, -1);
    return tag === 'Object' ? 'Object' : tag;
  }
  return typeof value;
}

/** OSD's object, array and record types parse a JSON string into their kind of value. */
function fromJson(value: unknown, expected: 'object' | 'array', key: string): unknown {
  if (typeof value !== 'string') return value;
  try {
    const parsed = JSON.parse(value);
    if (expected === 'array' ? Array.isArray(parsed) : kindOf(parsed) === 'Object') return parsed;
  } catch {
    // not JSON: reported below
  }
  return fail(
    key,
    `could not parse ${expected === 'array' ? 'array' : 'object'} value from json input`
  );
}

interface NumberOptions {
  defaultValue?: number;
  min?: number;
  max?: number;
}
function number(options: NumberOptions = {}): Type<number> {
  return make((value, key) => {
    if (value === undefined) {
      if (options.defaultValue === undefined)
        return fail(key, 'expected value of type [number] but got [undefined]');
      return options.defaultValue;
    }
    const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
    if (typeof n !== 'number' || Number.isNaN(n)) {
      return fail(key, `expected value of type [number] but got [${kindOf(value)}]`);
    }
    if (options.min !== undefined && n < options.min) {
      return fail(key, `Value must be equal to or greater than [${options.min}].`);
    }
    if (options.max !== undefined && n > options.max) {
      return fail(key, `Value must be equal to or lower than [${options.max}].`);
    }
    return n;
  });
}
function boolean(options: { defaultValue?: boolean } = {}): Type<boolean> {
  return make((value, key) => {
    if (value === undefined && options.defaultValue !== undefined) return options.defaultValue;
    if (value === 'true' || value === 'false') return value === 'true';
    if (typeof value !== 'boolean')
      return fail(key, `expected value of type [boolean] but got [${kindOf(value)}]`);
    return value;
  });
}
function string(options: { defaultValue?: string; minLength?: number } = {}): Type<string> {
  return make((value, key) => {
    if (value === undefined && options.defaultValue !== undefined) return options.defaultValue;
    if (typeof value !== 'string')
      return fail(key, `expected value of type [string] but got [${kindOf(value)}]`);
    if (options.minLength !== undefined && value.length < options.minLength) {
      return fail(
        key,
        `value has length [${value.length}] but it must have a minimum length of [${options.minLength}].`
      );
    }
    return value;
  });
}
function literal<V extends string | number | boolean>(expected: V): Type<V> {
  return make((value, key) =>
    value === expected ? expected : fail(key, `expected value to equal [${String(expected)}]`)
  );
}
/** Any value but `undefined` (OSD's `schema.any()` is required unless given a default). */
function any(options: { defaultValue?: unknown } = {}): Type<unknown> {
  return make((value, key) => {
    if (value !== undefined) return value;
    if ('defaultValue' in options) return options.defaultValue;
    return fail(key, 'expected value of type [any] but got [undefined]');
  });
}
function maybe<V>(type: Type<V>): Type<V | undefined> {
  return make((value, key) => (value === undefined ? undefined : type.at(value, key)));
}
function nullable<V>(type: Type<V>): Type<V | null> {
  return make((value, key) => (value === null ? null : type.at(value, key)));
}
function arrayOf<V>(
  item: Type<V>,
  options: { minSize?: number; maxSize?: number; defaultValue?: V[] } = {}
): Type<V[]> {
  return make((raw, key) => {
    if (raw === undefined && options.defaultValue !== undefined) return options.defaultValue;
    const value = fromJson(raw, 'array', key);
    if (!Array.isArray(value)) {
      return fail(key, `expected value of type [array] but got [${kindOf(value)}]`);
    }
    if (options.minSize !== undefined && value.length < options.minSize) {
      return fail(
        key,
        `array size is [${value.length}], but cannot be smaller than [${options.minSize}]`
      );
    }
    if (options.maxSize !== undefined && value.length > options.maxSize) {
      return fail(
        key,
        `array size is [${value.length}], but cannot be greater than [${options.maxSize}]`
      );
    }
    return value.map((entry, i) => item.at(entry, child(key, i)));
  });
}
function recordOf<K extends string, V>(keyType: Type<K>, valueType: Type<V>): Type<Record<K, V>> {
  return make((raw, key) => {
    const value = fromJson(raw, 'object', key);
    if (kindOf(value) !== 'Object') {
      return fail(key, `expected value of type [object] but got [${kindOf(value)}]`);
    }
    const out = {} as Record<K, V>;
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
      out[keyType.at(k, child(key, `key("${k}")`))] = valueType.at(v, child(key, k));
    }
    return out;
  });
}
/** The first type that takes the value; otherwise each one's refusal, indexed. */
function oneOf<T extends Array<Type<unknown>>>(
  types: [...T],
  options: { defaultValue?: TypeOf<T[number]> } = {}
): Type<TypeOf<T[number]>> {
  type V = TypeOf<T[number]>;
  return make((value, key): V => {
    if (value === undefined) {
      if (options.defaultValue !== undefined) return options.defaultValue;
      const optional = types.find((type) => {
        try {
          type.at(undefined, key);
          return true;
        } catch {
          return false;
        }
      });
      if (!optional) return fail(key, 'expected at least one defined value but got [undefined]');
    }
    const refusals: string[] = [];
    for (const [i, type] of types.entries()) {
      try {
        return type.at(value, child(key, i)) as V;
      } catch (error) {
        if (!(error instanceof ValidationError)) throw error;
        refusals.push(`- ${error.message}`);
      }
    }
    return fail(key, `types that failed validation:\n${refusals.join('\n')}`);
  });
}
type Props = Record<string, Type<unknown>>;
type ObjectValue<P extends Props> = { [K in keyof P]: TypeOf<P[K]> };
function object<P extends Props>(props: P): Type<ObjectValue<P>> {
  return make((value, key) => {
    const input = value === undefined ? {} : fromJson(value, 'object', key);
    if (typeof input !== 'object' || input === null || Array.isArray(input)) {
      return fail(key, `expected a plain object value, but found [${kindOf(input)}] instead.`);
    }
    const record = input as Record<string, unknown>;
    for (const unknownKey of Object.keys(record).filter((k) => !(k in props))) {
      fail(child(key, unknownKey), 'definition for this key is missing');
    }
    const out: Record<string, unknown> = {};
    for (const [k, type] of Object.entries(props)) {
      const checked = type.at(record[k], child(key, k));
      if (checked !== undefined) out[k] = checked;
    }
    return out as ObjectValue<P>;
  });
}

export const schema = {
  number,
  boolean,
  string,
  literal,
  any,
  maybe,
  nullable,
  arrayOf,
  recordOf,
  oneOf,
  object,
};
export const isConfigSchema = (obj: unknown): obj is Type<unknown> =>
  typeof obj === 'object' && obj !== null && (obj as Type<unknown>).__isConfigSchema === true;
