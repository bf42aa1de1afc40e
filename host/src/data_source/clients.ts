/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * `context.dataSource.opensearch.getClient(id)` as OSD builds it (src/plugins/data_source/
 * server/client/configure_client.ts): the data source's saved object is read, a root client
 * per endpoint and auth type is taken from a pool (made on a miss: TLS certificates checked,
 * no long-numeral support), and the query client is a child of it carrying the data source's
 * OWN credentials: none for `no_auth`, the stored user and decrypted password for
 * `username_password` (an encryption context naming another endpoint is refused). Never the
 * caller's credentials. Every failure is a `DataSourceError`.
 */
import { Client } from '@opensearch-project/opensearch';
import type { OpenSearchClient } from 'opensearch-dashboards/server';
import type { CredentialCipher } from './cryptography';
import { createDataSourceError } from './errors';
import { DATA_SOURCE_TYPE, type DataSourceAttributes, type DataSourceAuth } from './saved_objects';
import type { SavedObjectsRepository } from '../saved_objects';

export class DataSourceClients {
  private readonly pool = new Map<string, Client>();

  constructor(
    private readonly repository: SavedObjectsRepository,
    private readonly cipher: CredentialCipher
  ) {}

  async getClient(dataSourceId: string): Promise<OpenSearchClient> {
    try {
      const attributes = (await this.repository.get(DATA_SOURCE_TYPE, dataSourceId))
        .attributes as unknown as DataSourceAttributes;
      const root = this.root(attributes.endpoint, attributes.auth.type);
      if (attributes.auth.type === 'no_auth') return root.child({}) as unknown as OpenSearchClient;
      const { username, password } = attributes.auth.credentials;
      const { decryptedText, encryptionContext } = this.cipher.decodeAndDecrypt(password);
      if (encryptionContext.endpoint !== attributes.endpoint) {
        throw new Error(
          'Data source "endpoint" contaminated. Please delete and create another data source.'
        );
      }
      return root.child({
        auth: { username, password: decryptedText },
        // As OSD: a child may not take `auth` unless the inherited header is cleared.
        headers: { authorization: null as unknown as string },
      }) as unknown as OpenSearchClient;
    } catch (error) {
      throw createDataSourceError(error);
    }
  }

  /** A client for attributes not yet saved (OSD's testClientDataSourceAttr). */
  forAttributes(endpoint: string, auth: DataSourceAuth): OpenSearchClient {
    const root = this.root(endpoint, auth.type);
    if (auth.type === 'no_auth') return root.child({}) as unknown as OpenSearchClient;
    return root.child({
      auth: auth.credentials,
      headers: { authorization: null as unknown as string },
    }) as unknown as OpenSearchClient;
  }

  private root(endpoint: string, authType: string): Client {
    const key = `${endpoint}|${authType}`;
    let client = this.pool.get(key);
    if (!client) {
      client = new Client({ node: endpoint, ssl: { requestCert: true, rejectUnauthorized: true } });
      this.pool.set(key, client);
    }
    return client;
  }

  async close(): Promise<void> {
    await Promise.all([...this.pool.values()].map((client) => client.close()));
    this.pool.clear();
  }
}
