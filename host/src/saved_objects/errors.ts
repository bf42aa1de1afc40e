/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * OSD's saved objects errors (src/core/server/saved_objects/service/lib/errors.ts,
 * decorate_opensearch_error.ts): Booms whose payload is the HTTP answer. A reason given to a
 * decorated error comes first (`<reason>: <message>`), as Boom's `boomify` writes it, so a bad
 * request reads `"title" attribute must be a non-empty string: Bad Request`.
 */
import Boom from '@hapi/boom';

const decorate = (error: Error, statusCode: number, reason?: string): Boom.Boom => {
  if (Boom.isBoom(error)) return error;
  return Boom.boomify(error, { statusCode, message: reason, override: false });
};

export const savedObjectsErrors = {
  badRequest: (reason?: string) => decorate(new Error('Bad Request'), 400, reason),
  unsupportedType: (type: string) =>
    decorate(new Error('Bad Request'), 400, `Unsupported saved object type: '${type}'`),
  invalidVersion: (version?: string) => Boom.badRequest(`Invalid version [${version}]`),
  notFound: (type?: string, id?: string) =>
    type && id ? Boom.notFound(`Saved object [${type}/${id}] not found`) : Boom.notFound(),
  conflict: (type: string, id: string) => Boom.conflict(`Saved object [${type}/${id}] conflict`),
};

/** What the repository's OpenSearch client throws, decorated as OSD decorates it. */
export function decorateOpenSearchError(error: unknown): Boom.Boom {
  if (Boom.isBoom(error)) return error;
  const e = error instanceof Error ? error : new Error(String(error));
  const { statusCode, body, name } = e as Error & { statusCode?: number; body?: unknown };
  const reason = (body as { error?: { reason?: string } } | undefined)?.error?.reason;
  if (
    ['ConnectionError', 'NoLivingConnectionsError', 'TimeoutError'].includes(name) ||
    statusCode === 503
  ) {
    return decorate(e, 503, reason);
  }
  switch (statusCode) {
    case 409:
    case 401:
    case 403:
    case 413:
    case 429:
    case 400:
      return decorate(e, statusCode, reason);
    case 404:
      return savedObjectsErrors.notFound();
    default:
      return decorate(e, 500, reason);
  }
}

/** A bulk answer's per-object error: the Boom's HTTP payload (OSD's `errorContent`). */
export const errorContent = (error: Boom.Boom) => error.output.payload;
