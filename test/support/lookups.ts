/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/* Reading lookups the way a user does: a search on the alias `<name>`. */
import { PLUGIN_INDEX } from '../../server/services/plugin_index/plugin_index';
import type { Client } from '@opensearch-project/opensearch';
import type { TestNames } from './cluster';

export async function readLookup(
  client: Client,
  name: string
): Promise<Array<Record<string, unknown>>> {
  const { body } = await client.search({
    index: name,
    body: { size: 10000, query: { match_all: {} } },
  });
  return (body.hits.hits as Array<{ _source: Record<string, unknown> }>).map((hit) => hit._source);
}

/** The rows without the discriminant, sorted by a field, for comparing contents. */
export async function readRowsSorted(client: Client, name: string, by: string) {
  const docs = await readLookup(client, name);
  return docs
    .map(({ __lookup: _slice, ...row }) => row)
    .sort((a, b) => String(a[by]).localeCompare(String(b[by]), 'en', { numeric: true }));
}

export async function aliasFilterOf(
  client: Client,
  name: string
): Promise<{ index: string; filter: unknown } | null> {
  const res = await client.indices.getAlias({ name }, { ignore: [404] });
  if (res.statusCode === 404) return null;
  const [index, entry] = Object.entries(
    res.body as Record<string, { aliases: Record<string, { filter?: unknown }> }>
  )[0];
  return { index, filter: entry.aliases[name].filter };
}

export async function indexExists(client: Client, index: string): Promise<boolean> {
  return (await client.indices.exists({ index })).body === true;
}

export async function slicesIn(client: Client, index: string): Promise<Record<string, number>> {
  const { body } = await client.search({
    index,
    body: { size: 0, aggs: { slices: { terms: { field: '__lookup', size: 1000 } } } },
  });
  const buckets = (
    body.aggregations as { slices: { buckets: Array<{ key: string; doc_count: number }> } }
  ).slices.buckets;
  return Object.fromEntries(buckets.map((b) => [b.key, b.doc_count]));
}

/**
 * What the OSD data importer leaves behind: one shared index holding two lookups behind filtered
 * aliases (the short and the long term form), rows `a1, a2` in the first and `b1` in the second.
 */
export async function createImporterLookups(client: Client, names: TestNames) {
  const shared = names.lookup('importer');
  const one = names.lookup('legacy_a');
  const two = names.lookup('legacy_b');
  await client.indices.create({
    index: shared,
    body: { mappings: { properties: { __lookup: { type: 'keyword' } } } },
  });
  await client.bulk({
    refresh: true,
    body: [
      { index: { _index: shared } },
      { code: 'a1', __lookup: 'slice-one' },
      { index: { _index: shared } },
      { code: 'a2', __lookup: 'slice-one' },
      { index: { _index: shared } },
      { code: 'b1', __lookup: 'slice-two' },
    ],
  });
  await client.indices.updateAliases({
    body: {
      actions: [
        { add: { index: shared, alias: one, filter: { term: { __lookup: 'slice-one' } } } },
        {
          add: {
            index: shared,
            alias: two,
            filter: { term: { __lookup: { value: 'slice-two' } } },
          },
        },
      ],
    },
  });
  return { shared, one, two };
}

/** The plugin's write records of a backing index, as admin reads them. */
export async function writeRecordsOf(
  client: Client,
  backingIndex: string
): Promise<Array<Record<string, unknown>>> {
  await client.indices.refresh({ index: PLUGIN_INDEX });
  const { body } = await client.search({
    index: PLUGIN_INDEX,
    body: { size: 100, query: { term: { 'record.backing_index': backingIndex } } },
  });
  return (body.hits.hits as Array<{ _source: { record: Record<string, unknown> } }>).map(
    (h) => h._source.record
  );
}

/**
 * The lease another host holds on a lookup (or held, if `expiresInMs` is negative), written
 * into the plugin index as a live host would: the lookup is busy with `operation`.
 */
export async function leaseFromAnotherHost(
  client: Client,
  name: string,
  operation: string,
  expiresInMs: number
) {
  const now = Date.now();
  await client.index({
    index: PLUGIN_INDEX,
    id: `lease:${name}`,
    refresh: true,
    body: {
      type: 'lease',
      updated_at: new Date(now).toISOString(),
      lease: {
        lookup: name,
        host: 'another-host',
        operation,
        user: 'someone_else',
        acquired_at: new Date(now - 60_000).toISOString(),
        expires_at: new Date(now + expiresInMs).toISOString(),
      },
    },
  });
}
