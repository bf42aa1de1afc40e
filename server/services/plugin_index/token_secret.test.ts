/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

import type { Logger } from 'opensearch-dashboards/server';
import type { PluginIndex } from './plugin_index';
import { dataSourceSigner, TokenSigner } from './token_secret';

const signer = new TokenSigner(
  {} as PluginIndex,
  {} as Logger,
  'a-configured-secret-of-at-least-32-chars'
);

describe('dataSourceSigner', () => {
  it('refuses a token minted for the local cluster or another data source', async () => {
    const onB = dataSourceSigner(signer, 'b');
    const onC = dataSourceSigner(signer, 'c');
    const mac = await onB.sign('admin', 'page-2');
    expect(await onB.verify('admin', 'page-2', mac)).toBe(true);
    expect(await onB.verify('other', 'page-2', mac)).toBe(false);
    expect(await onC.verify('admin', 'page-2', mac)).toBe(false);
    expect(await signer.verify('admin', 'page-2', mac)).toBe(false);
    expect(await onB.verify('admin', 'page-2', await signer.sign('admin', 'page-2'))).toBe(false);
  });
});
