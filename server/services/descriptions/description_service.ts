/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Reading and changing lookups' descriptions. The store writes with the server's identity, so
 * the caller's right is checked first, as the caller: reading the lookup (it must exist and be
 * readable), and a write request on it that changes nothing (an update by query matching no
 * document), which OpenSearch authorises exactly as it would a real write of the lookup's rows.
 */
import type { LookupDetail, LookupSummary } from '../../../common/api/codecs';
import {
  isOpenSearchResponseError,
  LookupError,
  openSearchReason,
  openSearchStatus,
} from '../../lib/errors';
import type { LookupsRequestContext } from '../../types';
import { CatalogService } from '../catalog/catalog_service';

type Deps = Pick<LookupsRequestContext, 'client' | 'records' | 'descriptions' | 'user'>;

/** Adds each lookup's description, where it has one. */
export async function withDescriptions<T extends LookupSummary>(
  deps: Pick<Deps, 'descriptions'>,
  lookups: T[]
): Promise<T[]> {
  const known = await deps.descriptions.ofLookups(lookups.map((l) => l.name));
  return lookups.map((l) => {
    const d = known.get(l.name);
    return d ? { ...l, description: d.text } : l;
  });
}

/** Sets (or, with an empty text, removes) the description of a lookup the caller may write. */
export async function describeLookup(
  deps: Deps,
  name: string,
  text: string
): Promise<LookupDetail> {
  const lookup = await new CatalogService(deps.client, deps.records).get(name);
  await assertMayWrite(deps, name);
  const stored = await deps.descriptions.set(name, text.trim(), await deps.user());
  const { description: _old, ...rest } = lookup;
  return stored ? { ...rest, description: stored.text } : rest;
}

async function assertMayWrite(deps: Pick<Deps, 'client'>, name: string) {
  try {
    await deps.client.updateByQuery({
      index: name,
      conflicts: 'proceed',
      refresh: false,
      body: { query: { match_none: {} } },
    });
  } catch (error) {
    if (isOpenSearchResponseError(error) && openSearchStatus(error) === 403) {
      const reason = openSearchReason(error);
      throw new LookupError(
        403,
        `You may not change the description of "${name}": it takes the right to write the lookup, and OpenSearch refused this for your user: ${reason}.`,
        { reason }
      );
    }
    throw error;
  }
}
