/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Which names in the cluster are lookups, and of what kind, from one answer of
 * `GET /<indices>/_alias`: managed (a slice alias on `<name>__lookup`), legacy (the data
 * importer's slice alias over another index), broken (a backing index no alias names, or an alias
 * on it that names no slice), and conflicts (a concrete index or a plain alias with the name of a
 * lookup whose backing index exists).
 */
import type { LookupKind } from '../../../common/api/codecs';
import { parseSliceFilter } from '../../../common/substrate/alias_filter';
import { backingIndexName, lookupNameOfBackingIndex } from '../../../common/substrate/names';
import { compareNames } from '../../../common/name_order';

export type AliasesByIndex = Record<string, { aliases?: Record<string, { filter?: unknown }> }>;

export interface CatalogEntry {
  name: string;
  kind: LookupKind;
  reason?: string;
  /** Where the lookup's documents are: `<name>__lookup`, or the importer's index. */
  index: string | null;
  currentSlice: string | null;
  filter?: unknown;
}

export function classifyCatalog(answer: AliasesByIndex): CatalogEntry[] {
  const indices = new Set(Object.keys(answer));
  const definitions = new Map<string, Array<{ index: string; filter: unknown }>>();
  for (const [index, entry] of Object.entries(answer)) {
    for (const [alias, definition] of Object.entries(entry.aliases ?? {})) {
      const list = definitions.get(alias) ?? [];
      list.push({ index, filter: definition?.filter });
      definitions.set(alias, list);
    }
  }

  const entries = new Map<string, CatalogEntry>();
  for (const [name, defs] of definitions) {
    const backing = backingIndexName(name);
    if (defs.length > 1) {
      if (defs.some((d) => d.index === backing || parseSliceFilter(d.filter) !== null)) {
        entries.set(name, {
          name,
          kind: 'broken',
          reason: `The alias spans ${defs.length} indices (${defs.map((d) => d.index).join(', ')}); a lookup's alias names one slice of one index.`,
          index: defs.find((d) => d.index === backing)?.index ?? null,
          currentSlice: null,
        });
      }
      continue;
    }
    const [{ index, filter }] = defs;
    const slice = parseSliceFilter(filter);
    if (index === backing) {
      entries.set(
        name,
        slice !== null
          ? { name, kind: 'managed', index, currentSlice: slice, filter }
          : {
              name,
              kind: 'broken',
              reason:
                filter === undefined
                  ? 'The alias on the backing index has no filter, so it shows every slice at once. Overwrite the lookup to give it one.'
                  : 'The alias filter on the backing index names no __lookup slice. Overwrite the lookup to repair it.',
              index,
              currentSlice: null,
              filter,
            }
      );
    } else if (slice !== null) {
      entries.set(name, { name, kind: 'legacy', index, currentSlice: slice, filter });
    } else if (indices.has(backing)) {
      entries.set(name, {
        name,
        kind: 'conflict',
        reason: `"${name}" is an alias on ${index} that is not a lookup, while the backing index ${backing} exists. Remove one of them.`,
        index: backing,
        currentSlice: null,
      });
    }
  }

  for (const index of indices) {
    const name = lookupNameOfBackingIndex(index);
    if (name === null || entries.has(name)) continue;
    entries.set(
      name,
      indices.has(name)
        ? {
            name,
            kind: 'conflict',
            reason: `"${name}" is a concrete index, so the lookup in ${index} cannot have its alias. Rename that index or delete the lookup.`,
            index,
            currentSlice: null,
          }
        : {
            name,
            kind: 'broken',
            reason: `No alias names the backing index ${index}, so the lookup cannot be read. Overwrite it to publish a slice, or delete it.`,
            index,
            currentSlice: null,
          }
    );
  }
  return [...entries.values()].sort((a, b) => compareNames(a.name, b.name));
}
