/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Where a lookup's match rules live: in its backing index's mapping `_meta`, beside the build
 * note (writer/build_settings.ts). The backing index is the lookup across all its versions, so
 * the rules are kept with the lookup, not per version; they go when it is deleted, and a
 * migration starts a new backing index without them. Anyone who may read the lookup may read
 * its mapping, so the PPL engine (in a worker, with nothing but the caller's client) reads them
 * with the mapping request it already makes. Who changed them and from what to what is kept as
 * the lookup's events in the plugin index (match_service.ts).
 */
import type { OpenSearchClient } from 'opensearch-dashboards/server';
import { decode } from '../../../common/api/decode';
import { MatchBody, type MatchSettings, NO_RULES } from '../../../common/match/codecs';
import { LookupError } from '../../lib/errors';
import { writeIndexMetaKey } from '../index_meta';

export const MATCH_META_KEY = 'lookups_match';

type MappingBody = Record<string, { mappings?: { _meta?: Record<string, unknown> } }>;

/** The rules kept in one index's `_meta` entry (NO_RULES when it has none). */
export function rulesOfMeta(meta: Record<string, unknown> | undefined): MatchSettings {
  const stored = meta?.[MATCH_META_KEY] as Record<string, unknown> | undefined;
  if (!stored) return NO_RULES;
  const { updated_by: by, updated_at: at, ...body } = stored;
  const decoded = decode(MatchBody, body);
  if (!decoded.ok) {
    throw new LookupError(
      500,
      `The match rules stored with this lookup cannot be read (${decoded.message}); set them again (PUT _match).`
    );
  }
  return {
    ...decoded.value,
    updated_by: typeof by === 'string' ? by : null,
    updated_at: typeof at === 'string' ? at : null,
  };
}

/** The rules in a mapping answer (of the lookup's alias: one backing index). */
export function rulesOfMapping(body: unknown): MatchSettings {
  const entries = Object.values((body ?? {}) as MappingBody);
  return entries.length === 1 ? rulesOfMeta(entries[0].mappings?._meta) : NO_RULES;
}

/** The lookup's rules, read as the caller through its alias (or its backing index). */
export async function readMatchSettings(
  client: OpenSearchClient,
  name: string
): Promise<MatchSettings> {
  const { body } = await client.indices.getMapping({ index: name });
  return rulesOfMapping(body);
}

/** Keeps `settings` (null: none) in the index's `_meta`, as the caller. */
export async function writeMatchSettings(
  client: OpenSearchClient,
  backingIndex: string,
  settings: MatchSettings | null
) {
  await writeIndexMetaKey(client, backingIndex, MATCH_META_KEY, settings ?? undefined);
}

/** The lookup's columns the rules read (a rule's field and its `to`). */
export function ruledColumns(settings: Pick<MatchSettings, 'rules'>): Map<string, string> {
  const out = new Map<string, string>();
  settings.rules.forEach((rule, i) => {
    const named = `rules[${i}] (${rule.type} on "${rule.field}")`;
    out.set(rule.field, named);
    if ((rule.type === 'range' || rule.type === 'time') && rule.to) out.set(rule.to, named);
  });
  return out;
}
