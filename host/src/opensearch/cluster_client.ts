/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * OSD's cluster client (src/core/server/opensearch/client/cluster_client.ts), as the host
 * provides it: `asInternalUser` carries the host's own credentials; `asScoped(request)` gives
 * `asCurrentUser`, which carries the caller's headers named in `opensearch.
 * requestHeadersWhitelist` and nothing else (default: `authorization` only; the security
 * plugin's tenants need `securitytenant` there too), over a client with NO credentials of its own, so a request
 * without the caller's header can never run as the host. Each has a twin created with
 * opensearch-js's `enableLongNumeralSupport: true` (OSD's `...WithLongNumeralsSupport`), which
 * reads integers beyond 2^53 as BigInt instead of rounding them.
 */
import { Client } from '@opensearch-project/opensearch';
import type {
  Headers,
  IClusterClient,
  IScopedClusterClient,
  OpenSearchClient,
  OpenSearchClientNext,
  ScopeableRequest,
} from 'opensearch-dashboards/server';

/** OSD's `opensearch.requestHeadersWhitelist` default. */
export const FORWARDED_REQUEST_HEADERS: readonly string[] = ['authorization'];

export class HostClusterClient implements IClusterClient {
  public readonly asInternalUser: OpenSearchClient;
  public readonly asInternalUserWithLongNumeralsSupport: OpenSearchClientNext;
  private readonly rootScoped: Client;
  private readonly rootScopedWithLongNumerals: Client;
  private readonly clients: Client[];
  private closed = false;

  constructor(
    node: string,
    internalUser: { username: string; password: string },
    private readonly forwardedHeaders: readonly string[] = FORWARDED_REQUEST_HEADERS
  ) {
    const internal = new Client({ node, auth: internalUser });
    const internalLong = new Client({ node, auth: internalUser, enableLongNumeralSupport: true });
    this.rootScoped = new Client({ node });
    this.rootScopedWithLongNumerals = new Client({ node, enableLongNumeralSupport: true });
    this.asInternalUser = internal;
    this.asInternalUserWithLongNumeralsSupport = internalLong;
    this.clients = [internal, internalLong, this.rootScoped, this.rootScopedWithLongNumerals];
  }

  asScoped(request: ScopeableRequest): IScopedClusterClient {
    const headers: Record<string, string> = {};
    for (const name of this.forwardedHeaders) {
      const value = (request.headers as Headers)[name];
      if (typeof value === 'string') headers[name] = value;
    }
    return {
      asInternalUser: this.asInternalUser,
      asCurrentUser: this.rootScoped.child({ headers }),
      asInternalUserWithLongNumeralsSupport: this.asInternalUserWithLongNumeralsSupport,
      asCurrentUserWithLongNumeralsSupport: this.rootScopedWithLongNumerals.child({ headers }),
    };
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await Promise.all(this.clients.map((client) => client.close()));
  }
}
