/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * The backing index `<name>__lookup`: created on demand with the contract's mappings and
 * settings, and checked before reuse (a `term` filter only matches slice uuids when `__lookup`
 * is a keyword).
 */
import type { OpenSearchClient } from 'opensearch-dashboards/server';
import { LOOKUP_FIELD } from '../../../common/substrate/names';
import { ConflictError, isOpenSearchResponseError, openSearchReason } from '../../lib/errors';

export const BACKING_INDEX_META = { created_by: 'dashboards-lookups', substrate_version: 1 };

export const BACKING_INDEX_BODY = {
  settings: { 'index.mapping.total_fields.limit': 2000 },
  mappings: {
    _meta: BACKING_INDEX_META,
    dynamic_templates: [
      {
        strings_as_text_and_keyword: {
          match_mapping_type: 'string',
          mapping: { type: 'text', fields: { keyword: { type: 'keyword', ignore_above: 256 } } },
        },
      },
    ],
    date_detection: false,
    numeric_detection: false,
    properties: { [LOOKUP_FIELD]: { type: 'keyword' } },
  },
};

/** What the operator chooses for new backing indices (`lookups.backing_index`). */
export interface BackingIndexOptions {
  auto_expand_replicas: string;
}

/** The create body: the contract's, plus the operator's replica expansion. */
export function backingIndexBody(options: BackingIndexOptions) {
  return {
    ...BACKING_INDEX_BODY,
    settings: {
      ...BACKING_INDEX_BODY.settings,
      'index.auto_expand_replicas': options.auto_expand_replicas,
    },
  };
}

/** Creates the index if needed. Returns true when this call created it. */
export async function ensureBackingIndex(
  client: OpenSearchClient,
  index: string,
  options: BackingIndexOptions
): Promise<boolean> {
  try {
    await client.indices.create({ index, body: backingIndexBody(options) });
    return true;
  } catch (error) {
    // A concurrent first write may have created it a moment ago: then reuse it, checked.
    const alreadyThere =
      isOpenSearchResponseError(error) &&
      /resource_already_exists_exception/.test(JSON.stringify(error.meta.body ?? ''));
    if (!alreadyThere) throw error;
  }
  await ensureDiscriminantMapping(client, index);
  return false;
}

export async function ensureDiscriminantMapping(client: OpenSearchClient, index: string) {
  const { body } = await client.indices.getMapping({ index });
  const mapping = (
    body as Record<string, { mappings?: { properties?: Record<string, { type?: string }> } }>
  )[index];
  const type = mapping?.mappings?.properties?.[LOOKUP_FIELD]?.type;
  if (type === 'keyword') return;
  if (type === undefined) {
    try {
      await client.indices.putMapping({
        index,
        body: { properties: { [LOOKUP_FIELD]: { type: 'keyword' } } },
      });
      return;
    } catch (error) {
      if (!isOpenSearchResponseError(error) || error.meta.statusCode !== 400) throw error;
      throw new ConflictError(
        `The index "${index}" cannot map ${LOOKUP_FIELD} as keyword: ${openSearchReason(error)}.`
      );
    }
  }
  throw new ConflictError(
    `The index "${index}" maps ${LOOKUP_FIELD} as ${type}, not keyword, so slices cannot be told apart in it. ` +
      `Rename or remove that index, then write again.`,
    { index, field: LOOKUP_FIELD, type }
  );
}

/**
 * Removes the rows of these slices from the backing index (as the client's user), visible to
 * the next search; the number of rows removed.
 */
export async function deleteSliceRows(
  client: OpenSearchClient,
  index: string,
  slices: string[]
): Promise<number | undefined> {
  const { body } = await client.deleteByQuery({
    index,
    refresh: true,
    conflicts: 'proceed',
    body: { query: { terms: { [LOOKUP_FIELD]: slices } } },
  });
  return (body as { deleted?: number }).deleted;
}
