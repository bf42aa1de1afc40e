/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * The columns of a source, from its mapping, read as the caller: each field's PPL type, and the
 * name to use where OpenSearch needs an exact value (a text field's `.keyword` sub-field). A
 * lookup's columns are those of the version read (see `keepPresent`).
 */
import type { OpenSearchClient } from 'opensearch-dashboards/server';
import { toPplType, type PplType } from '../../../common/ppl/types';
import { LOOKUP_FIELD } from '../../../common/substrate/names';
import { presenceFilters, readPresent } from '../field_presence';
import { dateFieldType } from './date_field_type';
import { javaHashMapCopyOrder } from './java_hash_order';
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
  /**
   * An alias field: the field it names, whose type and values it has (read through the `fields`
   * API, as `_source` does not hold them), as the SQL plugin's OpenSearchAliasType.
   */
  aliasOf?: string;
}

export interface SourceSchema {
  /** The leaf fields, by dotted path (what queries, sorts and aggregations name). */
  fields: Map<string, SourceField>;
  /**
   * The object fields, by dotted path: a source gives each whole (a struct, or an array of them
   * as the document holds it), the top-level ones as its columns (datatypes.md).
   */
  objects: Map<string, SourceField>;
  /** The PPL type of every path below an object or nested field, for a path read inside a value. */
  paths: Map<string, PplType>;
  /** Every path of `fields` and `objects`, in the order the SQL plugin gives its columns. */
  columnOrder: string[];
  /**
   * A lookup's index is read: its slice field (`__lookup`), hidden here, is a field the SQL
   * plugin would count among the index's.
   */
  hasSliceField?: boolean;
}

interface MappingNode {
  type?: string;
  /** An alias field's target. */
  path?: string;
  /** A date field's formats (`strict_date||epoch_millis`), which make it a date, time or timestamp. */
  format?: string;
  properties?: Record<string, MappingNode>;
  fields?: Record<string, MappingNode>;
}

interface Collected {
  leaves: Map<string, SourceField>;
  objects: Map<string, SourceField>;
  paths: Map<string, PplType>;
  /** Alias fields and the paths they name, resolved once every leaf is known. */
  aliases?: Map<string, string>;
}

function collect(properties: Record<string, MappingNode>, prefix: string, out: Collected) {
  for (const [key, node] of Object.entries(properties)) {
    const name = `${prefix}${key}`;
    if (name === LOOKUP_FIELD) continue;
    if (node.properties && (!node.type || node.type === 'object')) {
      out.objects.set(name, { name, type: 'struct', mappingType: 'object', exactField: null });
      out.paths.set(name, 'struct');
      collect(node.properties, `${name}.`, out);
      continue;
    }
    if (node.properties && node.type === 'nested') {
      // Its inner fields are read inside the values (after mvexpand), never as columns of their own.
      const inner: Collected = { leaves: new Map(), objects: new Map(), paths: out.paths };
      collect(node.properties, `${name}.`, inner);
      for (const f of inner.leaves.values()) out.paths.set(f.name, f.type);
    }
    if (node.type === 'alias' && node.path) {
      out.aliases ??= new Map();
      out.aliases.set(name, node.path);
      continue;
    }
    const mappingType = node.type ?? 'object';
    // A mapping type with no PPL type (token_count, geo_shape, rank_feature, …) is no
    // column at all, as in the real engine, which leaves out every unknown mapping type.
    if (toPplType(mappingType) === 'undefined') continue;
    const keyword = Object.entries(node.fields ?? {}).find(([, sub]) => sub.type === 'keyword');
    const exactField =
      mappingType === 'text'
        ? keyword
          ? `${name}.${keyword[0]}`
          : null
        : mappingType === 'binary'
          ? null
          : name;
    const type =
      mappingType === 'date' || mappingType === 'date_nanos'
        ? dateFieldType(node.format)
        : toPplType(mappingType);
    out.leaves.set(name, { name, type, mappingType, exactField });
    out.paths.set(name, type);
  }
}

/** Each alias field a leaf of its target's type, reading its target exactly (OpenSearch does too). */
function resolveAliases(own: Collected) {
  for (const [name, path] of own.aliases ?? []) {
    const target = own.leaves.get(path);
    if (!target || target.aliasOf) continue;
    own.leaves.set(name, { ...target, name, aliasOf: path });
    own.paths.set(name, target.type);
  }
}

function merge(into: Map<string, SourceField>, fields: Iterable<SourceField>) {
  for (const field of fields) {
    const existing = into.get(field.name);
    if (existing && existing.type !== field.type) {
      // Two indices of the pattern disagree: PPL refuses such a field as well.
      // Two date fields differ by their formats (a date, a time or a timestamp): say so.
      const as = (f: SourceField) =>
        existing.mappingType === field.mappingType
          ? `${f.mappingType} (a ${f.type})`
          : f.mappingType;
      throw new BadRequestError(
        `The field "${field.name}" is mapped as ${as(existing)} in one source index and as ${as(field)} in another; query the indices separately or cast it.`,
        { field: field.name }
      );
    }
    into.set(field.name, field);
  }
}

/**
 * A lookup's index (`__lookup` in its mapping) maps the fields of every version it held; read
 * through `indices` (a lookup's alias shows its current slice only), its columns are the fields
 * its visible documents carry. One search for all such indices; other indices keep their mapping.
 */
async function keepPresent(
  client: OpenSearchClient,
  indices: string[],
  lookupIndices: Map<string, Map<string, SourceField>>
) {
  if (lookupIndices.size === 0) return;
  const entries = [...lookupIndices.entries()].map(([index, fields]) => ({
    index,
    fields,
    names: [...fields.keys()],
  }));
  const { body } = await client.search({
    index: indices.join(','),
    body: {
      size: 0,
      track_total_hits: false,
      aggs: Object.fromEntries(
        entries.map((entry, i) => [
          String(i),
          {
            filter: { term: { _index: entry.index } },
            aggs: {
              present: presenceFilters(entry.names, (name) =>
                entry.fields.get(name)?.mappingType === 'nested'
                  ? { nested: { path: name, query: { match_all: {} } } }
                  : { exists: { field: name } }
              ),
            },
          },
        ])
      ),
    },
  });
  const aggs =
    (
      body as {
        aggregations?: Record<string, { present?: { buckets?: Record<string, never> } }>;
      }
    ).aggregations ?? {};
  entries.forEach((entry, i) => {
    const present = readPresent(entry.names, aggs[String(i)]?.present?.buckets);
    for (const name of entry.names) if (!present.has(name)) entry.fields.delete(name);
  });
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
  const perIndex = new Map<string, Collected>();
  const lookupIndices = new Map<string, Map<string, SourceField>>();
  for (const [index, entry] of Object.entries(
    body as Record<string, { mappings?: { properties?: Record<string, MappingNode> } }>
  )) {
    const properties = entry.mappings?.properties ?? {};
    const own: Collected = { leaves: new Map(), objects: new Map(), paths: new Map() };
    collect(properties, '', own);
    resolveAliases(own);
    perIndex.set(index, own);
    if (properties[LOOKUP_FIELD]) lookupIndices.set(index, own.leaves);
  }
  await keepPresent(client, indices, lookupIndices);
  const fields = new Map<string, SourceField>();
  const objects = new Map<string, SourceField>();
  const paths = new Map<string, PplType>();
  for (const own of perIndex.values()) {
    merge(fields, own.leaves.values());
    for (const [name, object] of own.objects) if (!fields.has(name)) objects.set(name, object);
    for (const [name, type] of own.paths) if (!paths.has(name)) paths.set(name, type);
  }
  if (lookupIndices.size > 0) {
    // A lookup's object paths are those its present fields lie under.
    for (const name of [...objects.keys()])
      if (![...fields.keys()].some((f) => f.startsWith(`${name}.`))) objects.delete(name);
  }
  for (const name of objects.keys()) if (fields.has(name)) objects.delete(name);
  const order = engineOrder(topLevelNames(perIndex, lookupIndices.size > 0));
  const columnOrder = [...order(new Map([...fields, ...objects])).keys()];
  return {
    fields: order(fields),
    objects: order(objects),
    paths,
    columnOrder,
    ...(lookupIndices.size > 0 ? { hasSliceField: true } : {}),
  };
}

/**
 * The top-level properties of the indices that have a PPL type (the SQL plugin skips the others
 * too), as the mappings list them (alphabetically), with a lookup's slice field, which the
 * plugin would read as a keyword.
 */
function topLevelNames(perIndex: Map<string, Collected>, lookup: boolean): string[] {
  const names = [...perIndex.values()].flatMap((own) =>
    [...own.leaves.keys(), ...own.objects.keys()].filter((name) => !name.includes('.'))
  );
  return [...new Set([...names, ...(lookup ? [LOOKUP_FIELD] : [])])].sort();
}

/**
 * The SQL plugin's column order for a source (its search.md outputs show it): the top-level
 * fields in the order of the Java HashMap it copies the mapping into
 * (OpenSearchDescribeIndexRequest.getFieldTypes), each object's own fields after it, by name.
 */
function engineOrder(topLevel: string[]) {
  const rank = new Map(javaHashMapCopyOrder(topLevel).map((name, i) => [name, i]));
  const rankOf = (path: string) => rank.get(path.split('.')[0]) ?? rank.size;
  return <T>(map: Map<string, T>): Map<string, T> =>
    new Map(
      [...map.entries()].sort(([a], [b]) => rankOf(a) - rankOf(b) || (a < b ? -1 : a > b ? 1 : 0))
    );
}
