/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * A scheduled run acts as the schedule's owner, never as the server: the server identity sends
 * each request with the security plugin's REST impersonation header, so the owner's roles and
 * document- and field-level security apply. The operator allows it per server user with
 * `plugins.security.authcz.rest_impersonation_user` in opensearch.yml.
 */
import type { OpenSearchClient } from 'opensearch-dashboards/server';
import { ConflictError, openSearchReason, openSearchStatus } from '../../lib/errors';
import { currentUsername } from '../current_user';

export const IMPERSONATION_HEADER = 'opendistro_security_impersonate_as';

type Call = (params?: unknown, options?: { headers?: Record<string, string> }) => unknown;

/**
 * The server's client, each request of it carrying the owner's name. Every API method takes
 * `(params, options)`; the header is added to the options, whatever else they hold.
 */
export function impersonating(client: OpenSearchClient, user: string): OpenSearchClient {
  const withUser = (call: Call, self: object): Call =>
    function (params, options) {
      return call.call(self, params ?? {}, {
        ...options,
        headers: { ...options?.headers, [IMPERSONATION_HEADER]: user },
      });
    };
  const namespace = (target: object) =>
    new Proxy(target, {
      get(object, property) {
        const value = Reflect.get(object, property);
        return typeof value === 'function' ? withUser(value as Call, object) : value;
      },
    });
  return new Proxy(client, {
    get(object, property) {
      const value = Reflect.get(object, property);
      if (typeof value === 'function') return withUser(value as Call, object);
      // `indices`, `cluster`, `transport`, ...: one level of API namespaces.
      return value !== null && typeof value === 'object' ? namespace(value) : value;
    },
  });
}

export class ImpersonationNotConfiguredError extends ConflictError {
  constructor(owner: string, reason: string) {
    super(
      `Scheduled refresh runs each schedule as its owner (${owner}) through the security plugin's REST impersonation, ` +
        `and this cluster does not allow the Dashboards server user to impersonate ${owner}: ${reason}. ` +
        'An operator can allow it in opensearch.yml with plugins.security.authcz.rest_impersonation_user ' +
        '(the server user mapped to the users or patterns it may act as) and a restart of the nodes. ' +
        'Until then, run the query by hand or as a job.',
      { reason: 'impersonation_not_configured', owner }
    );
  }
}

/** Proves the server may act as `owner` (asking the security plugin who it then is). */
export async function checkImpersonation(internal: OpenSearchClient, owner: string): Promise<void> {
  let seen: string | null;
  try {
    seen = await currentUsername(impersonating(internal, owner));
  } catch (error) {
    const status = openSearchStatus(error);
    if (status === 401 || status === 403 || status === 500) {
      throw new ImpersonationNotConfiguredError(
        owner,
        openSearchReason(error as Parameters<typeof openSearchReason>[0])
      );
    }
    throw error;
  }
  if (seen !== owner) {
    throw new ImpersonationNotConfiguredError(
      owner,
      seen === null ? 'the security plugin did not answer' : `requests ran as ${seen}`
    );
  }
}
