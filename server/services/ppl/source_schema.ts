/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * The columns of a source, from its mapping, read as the caller: each field's PPL type, and the
 * name to use where OpenSearch needs an exact value (a text field's `.keyword` sub-field).
 */
import type { OpenSearchClient } from 'opensearch-dashboards/server';
import { toPplType, type PplType } from '../../../common/ppl/types';
import { LOOKUP_FIELD } from '../../../common/substrate/names';
import {
  BadRequestError,
  LookupError,
  NotFoundError,
  isOpenSearchResponseError,
  openSearchReason,
} from '../../lib/errors';

export interface SourceField {
  name: string;
  type: PplType;
  mappingType: string;
  /** The field to query, sort and aggregate on exactly; null when there is none (text only). */
  exactField: string | null;
}

export interface SourceSchema {
  fields: Map<string, SourceField>;
}

interface MappingNode {
  type?: string;
  properties?: Record<string, MappingNode>;
  fields?: Record<string, MappingNode>;
}

function collect(
  properties: Record<string, MappingNode>,
  prefix: string,
  out: Map<string, SourceField>
) {
  for (const [key, node] of Object.entries(properties)) {
    const name = `${prefix}${key}`;
    if (name === LOOKUP_FIELD) continue;
    if (node.properties && (!node.type || node.type === 'object')) {
      collect(node.properties, `${name}.`, out);
      continue;
    }
    const mappingType = node.type ?? 'object';
    const keyword = Object.entries(node.fields ?? {}).find(([, sub]) => sub.type === 'keyword');
    const exactField =
      mappingType === 'text'
        ? keyword
          ? `${name}.${keyword[0]}`
          : null
        : mappingType === 'binary'
          ? null
          : name;
    const existing = out.get(name);
    const type = toPplType(mappingType);
    if (existing && existing.type !== type) {
      // Two indices of the pattern disagree: PPL refuses such a field as well.
      throw new BadRequestError(
        `The field "${name}" is mapped as ${existing.mappingType} in one source index and as ${mappingType} in another; query the indices separately or cast it.`,
        { field: name }
      );
    }
    out.set(name, { name, type, mappingType, exactField });
  }
}

export async function readSourceSchema(
  client: OpenSearchClient,
  indices: string[]
): Promise<SourceSchema> {
  let body: unknown;
  try {
    ({ body } = await client.indices.getMapping({
      index: indices.join(','),
      allow_no_indices: false,
    }));
  } catch (error) {
    if (isOpenSearchResponseError(error) && error.meta.statusCode === 403) {
      throw new LookupError(
        403,
        `You may not read ${indices.map((i) => `"${i}"`).join(', ')}: ${openSearchReason(error)}. Ask an administrator for read access to ${indices.length > 1 ? 'these indices' : 'that index'}.`,
        { indices, reason: openSearchReason(error) }
      );
    }
    if (isOpenSearchResponseError(error) && error.meta.statusCode === 404) {
      throw new NotFoundError(
        `No index matches ${indices.map((i) => `"${i}"`).join(', ')}. Check the name after source=.`,
        {
          indices,
        }
      );
    }
    throw error;
  }
  const fields = new Map<string, SourceField>();
  for (const entry of Object.values(
    body as Record<string, { mappings?: { properties?: Record<string, MappingNode> } }>
  )) {
    collect(entry.mappings?.properties ?? {}, '', fields);
  }
  // OpenSearch lists properties alphabetically; so do PPL's results for `source=…`.
  return {
    fields: new Map([...fields.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))),
  };
}
