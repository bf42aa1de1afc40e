/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * The secret that signs page tokens, the same on every host of a cluster: `lookups.page_token_secret`
 * when the operator sets one, else one made once and kept in the plugin index (readable only by
 * the server identity and administrators). Without either, a secret of this process: tokens then
 * only work on the host that gave them out, which is said once in the log.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'crypto';
import type { Logger } from 'opensearch-dashboards/server';
import type { PluginIndex } from './plugin_index';

const SECRET_ID = 'secret:page_tokens';

/** Signs and checks page tokens for one user. */
export interface PageTokenSigner {
  sign(user: string | null, data: string): Promise<string>;
  verify(user: string | null, data: string, mac: string): Promise<boolean>;
}

/**
 * The signer for one data source: its tokens name the data source too, so a token minted for
 * the local cluster or another data source (whose stored user may bear the same name) is
 * refused there.
 */
export function dataSourceSigner(signer: PageTokenSigner, dataSourceId: string): PageTokenSigner {
  const scoped = (user: string | null) => `${user ?? ''}\u0001data-source\u0001${dataSourceId}`;
  return {
    sign: (user, data) => signer.sign(scoped(user), data),
    verify: (user, data, mac) => signer.verify(scoped(user), data, mac),
  };
}

export class TokenSigner implements PageTokenSigner {
  private secret: Promise<string> | undefined;

  constructor(
    private readonly index: PluginIndex,
    private readonly logger: Logger,
    private readonly configured?: string
  ) {}

  /** A MAC over `data`, bound to the user it was given to. */
  async sign(user: string | null, data: string): Promise<string> {
    return createHmac('sha256', await this.key())
      .update(`${user ?? ''}\u0000${data}`)
      .digest('base64url');
  }

  async verify(user: string | null, data: string, mac: string): Promise<boolean> {
    const expected = Buffer.from(await this.sign(user, data));
    const given = Buffer.from(mac);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }

  private key(): Promise<string> {
    this.secret ??= this.configured ? Promise.resolve(this.configured) : this.shared();
    return this.secret;
  }

  private async shared(): Promise<string> {
    try {
      await this.index.ensure();
      // Only the first create wins, so every host reads the same value back.
      await this.index.client.index(
        {
          index: this.index.name,
          id: SECRET_ID,
          op_type: 'create',
          body: {
            type: 'secret',
            updated_at: new Date().toISOString(),
            secret: { value: randomBytes(32).toString('hex') },
          },
        },
        { ignore: [409] }
      );
      const { body } = await this.index.client.get({ index: this.index.name, id: SECRET_ID });
      const value = (body as { _source?: { secret?: { value?: string } } })._source?.secret?.value;
      if (!value) throw new Error(`${SECRET_ID} holds no secret`);
      return value;
    } catch (error) {
      this.logger.warn(
        `page tokens: no shared secret (${(error as Error).message}); tokens work only on this host. ` +
          'Set lookups.page_token_secret to share one.'
      );
      return randomBytes(32).toString('hex');
    }
  }
}
