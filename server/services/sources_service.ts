/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * The sources a caller may query after `source=`, and a source's fields, for the PPL editor's
 * completion. Both are read as the caller: `GET /_resolve/index/*` is cut by the security plugin
 * (do_not_fail_on_forbidden) to what the user may see, and the mapping read is the caller's own.
 */
import type { OpenSearchClient } from 'opensearch-dashboards/server';
import {
  MAX_SOURCES,
  type SourceFieldsResponse,
  type SourceKind,
  type SourcesResponse,
} from '../../common/api/codecs';
import { BACKING_INDEX_SUFFIX } from '../../common/substrate/names';
import { readSourceSchema } from './ppl/source_schema';

interface ResolveIndexResponse {
  indices?: Array<{ name: string; aliases?: string[]; attributes?: string[] }>;
  aliases?: Array<{ name: string }>;
  data_streams?: Array<{ name: string }>;
}

/** Hidden and system names (`.…`), and lookup backing indices, are not offered. */
function offered(name: string, attributes: string[] = []): boolean {
  return (
    !name.startsWith('.') && !name.endsWith(BACKING_INDEX_SUFFIX) && !attributes.includes('hidden')
  );
}

export class SourcesService {
  constructor(private readonly client: OpenSearchClient) {}

  async list(): Promise<SourcesResponse> {
    const { body } = await this.client.transport.request({
      method: 'GET',
      path: '/_resolve/index/*',
    });
    const resolved = body as ResolveIndexResponse;
    const kinds = new Map<string, SourceKind>();
    const add = (name: string, kind: SourceKind, attributes?: string[]) => {
      if (offered(name, attributes) && !kinds.has(name)) kinds.set(name, kind);
    };
    for (const stream of resolved.data_streams ?? []) add(stream.name, 'data_stream');
    for (const alias of resolved.aliases ?? []) add(alias.name, 'alias');
    for (const index of resolved.indices ?? []) {
      add(index.name, 'index', index.attributes);
      // For a non-admin the security plugin empties the top-level `aliases`; the aliases of the
      // indices the caller may read still come with each index (a lookup's alias among them).
      for (const alias of index.aliases ?? []) add(alias, 'alias');
    }
    const sources = [...kinds.entries()]
      .map(([name, kind]) => ({ name, kind }))
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    return {
      sources: sources.slice(0, MAX_SOURCES),
      truncated: sources.length > MAX_SOURCES,
    };
  }

  /** 404 for an unknown index, 403 for one the caller may not read (from `readSourceSchema`). */
  async fields(name: string): Promise<SourceFieldsResponse> {
    const schema = await readSourceSchema(this.client, [name]);
    return {
      fields: [...schema.fields.values()].map(({ name: field, type }) => ({ name: field, type })),
    };
  }
}
