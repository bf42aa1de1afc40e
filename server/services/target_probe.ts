/*
 * What `<name>` is now, from index-level calls only (get alias, index exists), as the caller:
 * never `cluster:monitor/state`.
 */
import type { OpenSearchClient } from 'opensearch-dashboards/server';
import { classifyTarget, TargetState } from '../../common/substrate/target_state';
import { openSearchStatus } from '../lib/errors';

export async function probeTarget(client: OpenSearchClient, name: string): Promise<TargetState> {
  let aliases: unknown = null;
  try {
    const response = await client.indices.getAlias({ name });
    aliases = response.body;
  } catch (error) {
    if (openSearchStatus(error) !== 404) throw error;
  }
  // `exists` resolves aliases too, so it only tells a concrete index when no alias has the name.
  const hasAlias = classifyTarget({ name, aliases, concreteIndexExists: false }).kind !== 'absent';
  const concreteIndexExists = hasAlias
    ? false
    : (await client.indices.exists({ index: name })).body === true;
  return classifyTarget({ name, aliases, concreteIndexExists });
}
