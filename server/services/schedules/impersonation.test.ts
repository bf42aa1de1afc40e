/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

import type { OpenSearchClient } from 'opensearch-dashboards/server';
import { IMPERSONATION_HEADER, impersonating } from './impersonation';

/** A client that records the options each call was given. */
function recordingClient() {
  const calls: Array<{ api: string; params: unknown; options: unknown }> = [];
  const record =
    (api: string) =>
    (params: unknown, options: unknown): Promise<{ body: unknown }> => {
      calls.push({ api, params, options });
      return Promise.resolve({ body: {} });
    };
  const client = {
    search: record('search'),
    indices: { create: record('indices.create') },
    transport: { request: record('transport.request') },
  } as unknown as OpenSearchClient;
  return { client, calls };
}

describe('impersonating', () => {
  it('adds the owner header to top-level, namespaced and transport calls', async () => {
    const { client, calls } = recordingClient();
    const owner = impersonating(client, 'alice');
    await owner.search({ index: 'x' });
    await owner.indices.create({ index: 'y' }, { ignore: [400] });
    await owner.transport.request(
      { method: 'GET', path: '/_plugins/_security/authinfo' },
      { headers: { 'x-opaque-id': 'r1' } }
    );
    expect(calls).toEqual([
      {
        api: 'search',
        params: { index: 'x' },
        options: { headers: { [IMPERSONATION_HEADER]: 'alice' } },
      },
      {
        api: 'indices.create',
        params: { index: 'y' },
        options: { ignore: [400], headers: { [IMPERSONATION_HEADER]: 'alice' } },
      },
      {
        api: 'transport.request',
        params: { method: 'GET', path: '/_plugins/_security/authinfo' },
        options: { headers: { 'x-opaque-id': 'r1', [IMPERSONATION_HEADER]: 'alice' } },
      },
    ]);
  });

  it('cannot be talked out of the owner by a caller-supplied header', async () => {
    const { client, calls } = recordingClient();
    await impersonating(client, 'alice').search(
      {},
      { headers: { [IMPERSONATION_HEADER]: 'admin' } }
    );
    expect(
      (calls[0].options as { headers: Record<string, string> }).headers[IMPERSONATION_HEADER]
    ).toBe('alice');
  });
});
