/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/* Route validation through io-ts codecs from common/, in OSD's validation-function form. */
import type * as t from 'io-ts';
import type { RouteConfigOptionsBody, RouteValidationFunction } from 'opensearch-dashboards/server';
import { SliceId } from '../../common/api/codecs';
import { decode } from '../../common/api/decode';
import { describeJsonPath } from '../../common/api/json_depth';
import { JsonDepthError, parseJson, JsonSyntaxError } from '../../common/api/lossless_json';
import { MAX_VALUE_NESTING, nestsDeeperThan } from '../../common/substrate/field_types';
import { validateLookupName } from '../../common/substrate/names';

/**
 * Levels of objects and arrays a JSON body may nest: a row's value may nest MAX_VALUE_NESTING
 * (64) inside a few levels of body (`{ rows: [ { column: … } ] }`), and a search's bool clauses
 * are refused by its codec well before this. Deeper text is refused before it is parsed, so a
 * body nested 100,000 deep costs one pass over its bytes and gives the same 400.
 */
export const MAX_JSON_BODY_NESTING = 100;

/** "Row 2: the value of "a"" when the path runs through a body's rows (_write, _edit), or undefined. */
function rowOfPath([list, index, ...rest]: Array<string | number>): string | undefined {
  if (typeof index !== 'number') return undefined;
  const cell = list === 'update' && rest[0] === 'row' ? rest[1] : rest[0];
  if ((list === 'rows' || list === 'add' || list === 'update') && typeof cell === 'string') {
    return `Row ${index + 1}: the value of "${cell}"`;
  }
  if (list === 'datarows' && typeof cell === 'number') {
    return `Row ${index + 1}: the value in column ${cell + 1}`;
  }
  return undefined;
}

function tooDeep({ excess }: JsonDepthError): string {
  const row = rowOfPath(excess.path);
  const path = excess.path.length > 0 ? describeJsonPath(excess.path) : undefined;
  const advice = 'Flatten deep values (for example as JSON text) and send it again.';
  return row
    ? `${row} nests arrays or objects deeper than ${MAX_VALUE_NESTING} levels, which a lookup cannot hold ` +
        `(the request body nests deeper than ${excess.maxDepth} levels, at ${path}). ${advice}`
    : `The request body nests arrays or objects deeper than ${excess.maxDepth} levels${path ? ` (at ${path})` : ''}; ` +
        `a value in a lookup may nest at most ${MAX_VALUE_NESTING}. ${advice}`;
}

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
    if (!Buffer.isBuffer(data)) {
      // Already parsed (never by OSD for a JSON_DATA_BODY route): measured without recursion.
      if (nestsDeeperThan(data, MAX_JSON_BODY_NESTING)) {
        return result.badRequest(
          tooDeep(new JsonDepthError({ maxDepth: MAX_JSON_BODY_NESTING, path: [] }))
        );
      }
      return validate(data, result);
    }
    let parsed: unknown;
    try {
      parsed = parseJson(data.toString('utf8'), { maxDepth: MAX_JSON_BODY_NESTING });
    } catch (error) {
      if (error instanceof JsonDepthError) return result.badRequest(tooDeep(error));
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
