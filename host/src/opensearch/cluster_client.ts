/*
 * OSD's cluster client, as the host provides it: `asInternalUser` carries the host's own
 * credentials; `asScoped(request).asCurrentUser` carries the caller's `authorization` header and
 * nothing else (OSD's `requestHeadersWhitelist` default), over a client with NO credentials of
 * its own, so a request without the caller's header can never run as the host.
 */
import { Client } from '@opensearch-project/opensearch';
import type {
  Headers,
  IClusterClient,
  IScopedClusterClient,
  OpenSearchClient,
  ScopeableRequest,
} from 'opensearch-dashboards/server';

export const FORWARDED_REQUEST_HEADERS = ['authorization'] as const;

export class HostClusterClient implements IClusterClient {
  public readonly asInternalUser: OpenSearchClient;
  private readonly unauthenticated: Client;
  private readonly clients: Client[];

  constructor(node: string, internalUser: { username: string; password: string }) {
    const internal = new Client({ node, auth: internalUser });
    this.unauthenticated = new Client({ node });
    this.asInternalUser = internal;
    this.clients = [internal, this.unauthenticated];
  }

  asScoped(request: ScopeableRequest): IScopedClusterClient {
    const headers: Record<string, string> = {};
    for (const name of FORWARDED_REQUEST_HEADERS) {
      const value = (request.headers as Headers)[name];
      if (typeof value === 'string') headers[name] = value;
    }
    return {
      asInternalUser: this.asInternalUser,
      asCurrentUser: this.unauthenticated.child({ headers }),
    };
  }

  async close(): Promise<void> {
    await Promise.all(this.clients.map((client) => client.close()));
  }
}
