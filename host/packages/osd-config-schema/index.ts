/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * The part of OSD's `@osd/config-schema` that plugin configs use: `schema.object/number/
 * boolean/string/maybe`, `TypeOf`, and validation errors in OSD's `[key]: message` form.
 * The standalone host resolves this package; inside OSD the real one is used.
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
      return fail(key, `expected value of type [number] but got [${typeof value}]`);
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
      return fail(key, `expected value of type [boolean] but got [${typeof value}]`);
    return value;
  });
}
function string(options: { defaultValue?: string; minLength?: number } = {}): Type<string> {
  return make((value, key) => {
    if (value === undefined && options.defaultValue !== undefined) return options.defaultValue;
    if (typeof value !== 'string')
      return fail(key, `expected value of type [string] but got [${typeof value}]`);
    if (options.minLength !== undefined && value.length < options.minLength) {
      return fail(
        key,
        `value has length [${value.length}] but it must have a minimum length of [${options.minLength}].`
      );
    }
    return value;
  });
}
function maybe<V>(type: Type<V>): Type<V | undefined> {
  return make((value, key) => (value === undefined ? undefined : type.at(value, key)));
}
type Props = Record<string, Type<unknown>>;
type ObjectValue<P extends Props> = { [K in keyof P]: TypeOf<P[K]> };
function object<P extends Props>(props: P): Type<ObjectValue<P>> {
  return make((value, key) => {
    const input = value === undefined ? {} : value;
    if (typeof input !== 'object' || input === null || Array.isArray(input)) {
      return fail(key, `expected a plain object value, but found [${typeof value}] instead.`);
    }
    const record = input as Record<string, unknown>;
    for (const unknownKey of Object.keys(record).filter((k) => !(k in props))) {
      fail(key ? `${key}.${unknownKey}` : unknownKey, 'definition for this key is missing');
    }
    const out: Record<string, unknown> = {};
    for (const [k, type] of Object.entries(props)) {
      out[k] = type.at(record[k], key ? `${key}.${k}` : k);
    }
    return out as ObjectValue<P>;
  });
}

export const schema = { number, boolean, string, maybe, object };
export const isConfigSchema = (obj: unknown): obj is Type<unknown> =>
  typeof obj === 'object' && obj !== null && (obj as Type<unknown>).__isConfigSchema === true;
