/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Decoding HTTP payloads with io-ts, with messages a person can act on: each names the field
 * (`[key_field.1]: expected a string but got 5`). Objects are strict: an unknown key is an
 * error, so a misspelt option never silently does nothing.
 */
import * as t from 'io-ts';
import { isLeft } from 'fp-ts/lib/Either';

export type DecodeResult<A> =
  { ok: true; value: A } | { ok: false; message: string; field?: string };

function describe(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string')
    return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  if (typeof value === 'object') return 'an object';
  return String(value);
}

/** The field path, without the member indices io-ts adds for unions and intersections. */
function pathOf(context: t.Context): string {
  return context
    .filter((entry, i) => {
      if (i === 0 || entry.key === '') return false;
      const parent = context[i - 1].type as t.Mixed & { _tag?: string };
      return parent._tag !== 'UnionType' && parent._tag !== 'IntersectionType';
    })
    .map((entry) => entry.key)
    .join('.');
}

function expectation(error: t.ValidationError): string {
  if (error.message) return error.message;
  const last = error.context[error.context.length - 1];
  return `expected ${last.type.name} but got ${describe(error.value)}`;
}

export function decode<A>(codec: t.Type<A, unknown, unknown>, input: unknown): DecodeResult<A> {
  const result = codec.decode(input);
  if (!isLeft(result)) return { ok: true, value: result.right };
  const first = result.left[0];
  const field = pathOf(first.context);
  const message = field ? `[${field}]: ${expectation(first)}` : expectation(first);
  return { ok: false, message, field: field || undefined };
}

/** An object codec that refuses unknown keys, naming them and the keys it knows. */
export function strictObject<R extends t.Props, O extends t.Props>(
  name: string,
  required: R,
  optional: O
): t.Type<t.TypeOf<t.TypeC<R>> & t.TypeOf<t.PartialC<O>>, unknown, unknown> {
  const requiredCodec = t.type(required);
  const optionalCodec = t.partial(optional);
  const base = t.intersection([requiredCodec, optionalCodec]);
  const known = [...Object.keys(required), ...Object.keys(optional)];
  return new t.Type(
    name,
    (u): u is t.TypeOf<t.TypeC<R>> & t.TypeOf<t.PartialC<O>> => base.is(u),
    (u, c) => {
      if (typeof u !== 'object' || u === null || Array.isArray(u)) {
        return t.failure(u, c, `expected an object but got ${describe(u)}`);
      }
      const unknownKey = Object.keys(u).find((key) => !known.includes(key));
      if (unknownKey !== undefined) {
        return t.failure(
          u,
          t.appendContext(c, unknownKey, t.unknown, (u as Record<string, unknown>)[unknownKey]),
          `unknown option; allowed: ${known.join(', ')}`
        );
      }
      // Validated member by member, in the caller's context, so paths stay `[field]`.
      const req = requiredCodec.validate(u, c);
      if (isLeft(req)) return req;
      const opt = optionalCodec.validate(u, c);
      if (isLeft(opt)) return opt;
      return t.success({ ...req.right, ...opt.right });
    },
    (a) => a
  );
}

/** A value with a clear message of its own when it does not match. */
export function refined<A>(
  name: string,
  codec: t.Type<A, unknown, unknown>,
  predicate: (a: A) => boolean,
  message: string
): t.Type<A, unknown, unknown> {
  return new t.Type(
    name,
    (u): u is A => codec.is(u) && predicate(u),
    (u, c) => {
      const decoded = codec.validate(u, c);
      if (isLeft(decoded)) return t.failure(u, c, `${message} but got ${describe(u)}`);
      return predicate(decoded.right)
        ? decoded
        : t.failure(u, c, `${message} but got ${describe(u)}`);
    },
    (a) => a
  );
}

/** Query strings carry text: accept `"true"`/`"false"` and digit strings where a boolean or int is meant. */
export const QueryBoolean = new t.Type<boolean, unknown, unknown>(
  'boolean',
  (u): u is boolean => typeof u === 'boolean',
  (u, c) =>
    typeof u === 'boolean'
      ? t.success(u)
      : u === 'true' || u === 'false'
        ? t.success(u === 'true')
        : t.failure(u, c, `expected true or false but got ${describe(u)}`),
  (a) => a
);

export const QueryInt = (min: number, max: number) =>
  new t.Type<number, unknown, unknown>(
    'integer',
    (u): u is number => typeof u === 'number' && Number.isInteger(u) && u >= min && u <= max,
    (u, c) => {
      const n = typeof u === 'string' && /^-?\d+$/.test(u) ? Number(u) : u;
      return typeof n === 'number' && Number.isInteger(n) && n >= min && n <= max
        ? t.success(n)
        : t.failure(u, c, `expected an integer from ${min} to ${max} but got ${describe(u)}`);
    },
    (a) => a
  );
