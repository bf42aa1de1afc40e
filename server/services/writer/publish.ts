/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Publishing a write: one `_aliases` request moves readers from the old slice to the new one at
 * once. Beside it, what the write plan says about publishing: the slice readers see until then,
 * and what the write does to the lookup (its response and its record name it so).
 */
import type { OpenSearchClient } from 'opensearch-dashboards/server';
import type { WriteAction } from '../../../common/api/codecs';
import { sliceFilter } from '../../../common/substrate/alias_filter';
import type { WritePlan } from '../../../common/substrate/target_state';

/** A write plan that was not refused. */
export type Publishing = Exclude<WritePlan, { refuse: unknown }>;

/** One `_aliases` request: readers switch from the old slice to the new one at once. */
export async function publish(
  client: OpenSearchClient,
  name: string,
  plan: Publishing,
  slice: string
) {
  if (plan.action === 'append') return;
  const add = { add: { index: plan.backingIndex, alias: name, filter: sliceFilter(slice) } };
  // Migration removes the alias from the importer's index in the same request (different
  // indices, so OpenSearch's ordering of add and remove does not matter). The index stays.
  const actions =
    plan.action === 'migrate' ? [{ remove: { index: plan.legacyIndex, alias: name } }, add] : [add];
  await client.indices.updateAliases({ body: { actions } });
}

/** The slice readers see before this write publishes (none for a lookup it creates). */
export function currentSliceOf(plan: Publishing): string | null {
  if (plan.action === 'append') return plan.currentSlice;
  if (plan.action === 'overwrite' || plan.action === 'migrate') return plan.previousSlice;
  return null;
}

export function actionOf(plan: Publishing, keyed: boolean): WriteAction {
  switch (plan.action) {
    case 'create':
      return 'created';
    case 'overwrite':
      return 'overwritten';
    case 'migrate':
      return 'migrated';
    case 'append':
      return keyed ? 'upserted' : 'appended';
  }
}
