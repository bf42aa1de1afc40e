/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * A backing index's mapping `_meta`, where a lookup keeps what belongs to it across versions
 * (match rules, the replica choice, a build's original settings). Read and written as the caller.
 */
import type { OpenSearchClient } from 'opensearch-dashboards/server';

type MappingBody = Record<string, { mappings?: { _meta?: Record<string, unknown> } }>;

/** The index's `_meta` (a copy: changing it changes nothing until it is written). */
export async function readIndexMeta(
  client: OpenSearchClient,
  index: string
): Promise<Record<string, unknown>> {
  const { body } = await client.indices.getMapping({ index });
  return { ...((body as MappingBody)[index]?.mappings?._meta ?? {}) };
}

/**
 * Sets (or, with undefined, removes) one key of the index's `_meta`. A mapping update replaces
 * `_meta` whole, so the other keys are read first and carried over.
 */
export async function writeIndexMetaKey(
  client: OpenSearchClient,
  index: string,
  key: string,
  value: unknown
): Promise<void> {
  const meta = await readIndexMeta(client, index);
  if (value === undefined) delete meta[key];
  else meta[key] = value;
  await client.indices.putMapping({ index, body: { _meta: meta } });
}
