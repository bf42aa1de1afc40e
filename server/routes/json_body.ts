/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * An answer carrying user data, serialized here rather than by the router: a long beyond 2^53 is
 * a bigint, which `JSON.stringify` refuses; it is written as the JSON number of its digits. OSD's
 * router sends a string body as it is, with the content type given.
 */
import { stringifyJson } from '../../common/api/lossless_json';

export function jsonBody(value: unknown): { body: string; headers: Record<string, string> } {
  return {
    body: stringifyJson(value),
    headers: { 'content-type': 'application/json; charset=utf-8' },
  };
}
