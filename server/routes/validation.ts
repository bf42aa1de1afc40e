/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/* Route validation through io-ts codecs from common/, in OSD's validation-function form. */
import type * as t from 'io-ts';
import type { RouteConfigOptionsBody, RouteValidationFunction } from 'opensearch-dashboards/server';
import { SliceId } from '../../common/api/codecs';
import { decode } from '../../common/api/decode';
import { parseJson, JsonSyntaxError } from '../../common/api/lossless_json';
import { validateLookupName } from '../../common/substrate/names';

export function validateWith<A>(codec: t.Type<A, unknown, unknown>): RouteValidationFunction<A> {
  return (data, { ok, badRequest }) => {
    const result = decode(codec, data);
    return result.ok ? ok(result.value) : badRequest(result.message);
  };
}

/**
 * A JSON body handed over unparsed (the route's `body: JSON_DATA_BODY`), parsed here so that
 * integers beyond 2^53 keep their digits (as `bigint`), then decoded with `codec`.
 */
export function validateJsonWith<A>(
  codec: t.Type<A, unknown, unknown>
): RouteValidationFunction<A> {
  const validate = validateWith(codec);
  return (data, result) => {
    if (!Buffer.isBuffer(data)) return validate(data, result);
    let parsed: unknown;
    try {
      parsed = parseJson(data.toString('utf8'));
    } catch (error) {
      if (!(error instanceof JsonSyntaxError)) throw error;
      return result.badRequest(`Invalid request payload JSON format: ${error.message}`);
    }
    return validate(parsed, result);
  };
}

/** Route body options for `validateJsonWith`: the bytes, decompressed, JSON only. */
export const JSON_DATA_BODY: RouteConfigOptionsBody = {
  output: 'data',
  parse: 'gunzip',
  accepts: 'application/json',
};

/** A body that may be left out entirely: no body reads as `{}`. */
export function validateOptionalBody<A>(
  codec: t.Type<A, unknown, unknown>
): RouteValidationFunction<A> {
  const validate = validateWith(codec);
  return (data, result) =>
    validate(data === null || data === undefined || data === '' ? {} : data, result);
}

/**
 * `{name}` path parameters: checked against the naming rules before any request is made, since
 * the name becomes part of OpenSearch index and alias paths. Reads accept every name OpenSearch
 * accepts; writes also need room for the `__lookup` suffix.
 */
export function lookupNameParam(
  purpose: 'read' | 'write'
): RouteValidationFunction<{ name: string }> {
  return (data, { ok, badRequest }) => {
    const name = (data as { name?: unknown })?.name;
    if (typeof name !== 'string') return badRequest('a lookup name is required in the path');
    const check = validateLookupName(name, { purpose });
    return check.ok ? ok({ name }) : badRequest(check.message);
  };
}

/** `{name}/_versions/{slice}`: the lookup name by its rules, the version id by `SliceId`. */
export function lookupVersionParams(): RouteValidationFunction<{ name: string; slice: string }> {
  const validateName = lookupNameParam('read');
  return (data, result) => {
    const named = validateName(data, result);
    if (named.error) return named;
    const slice = decode(SliceId, (data as { slice?: unknown })?.slice);
    return slice.ok
      ? result.ok({ name: named.value!.name, slice: slice.value })
      : result.badRequest(`version: ${slice.message}`);
  };
}
