/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * When a host starts, jobs whose host stopped are settled, never re-run (a user's query runs
 * only with the user): a job that was queued or writing is `failed` (nothing was published;
 * its slice is an orphan for the reaper); one that was publishing is settled from the alias
 * itself: the filter names the job's slice → `finished`; the previous slice → `failed`;
 * anything else → `outcome_unknown`, with what was found. Reading an alias filter is metadata,
 * which the server identity may read (`kibana_server` has `indices:admin/aliases*`).
 */
import type { Logger, OpenSearchClient } from 'opensearch-dashboards/server';
import { parseSliceFilter } from '../../../common/substrate/alias_filter';
import { JOB_HEARTBEAT_MS } from './job_service';
import type { JobStore, StoredJob } from './job_store';

/** A job that has not beaten for this long has lost its host. */
export const JOB_DEAD_AFTER_MS = 5 * JOB_HEARTBEAT_MS;

async function publishedSlice(
  client: OpenSearchClient,
  lookup: string
): Promise<string | null | undefined> {
  try {
    const res = await client.indices.getAlias({ name: lookup }, { ignore: [404] });
    if (res.statusCode === 404) return null;
    const entries = Object.values(
      res.body as Record<string, { aliases: Record<string, { filter?: unknown }> }>
    );
    if (entries.length !== 1) return undefined;
    const filter = entries[0].aliases[lookup]?.filter;
    const parsed = parseSliceFilter(filter);
    return parsed ?? undefined;
  } catch {
    return undefined;
  }
}

export async function reconcileJobs(
  store: JobStore,
  internalClient: OpenSearchClient,
  logger: Logger,
  now = Date.now()
): Promise<number> {
  let settled = 0;
  try {
    const dead = await store.stale(
      ['queued', 'running', 'cancelling', 'publishing'],
      new Date(now - JOB_DEAD_AFTER_MS).toISOString()
    );
    for (const job of dead) {
      const at = new Date().toISOString();
      let patch: Partial<StoredJob>;
      if (job.state !== 'publishing') {
        patch = {
          state: job.state === 'cancelling' ? 'cancelled' : 'failed',
          error:
            job.state === 'cancelling'
              ? undefined
              : 'Interrupted: the host running this job stopped before it published; nothing was published. Run the query again.',
        };
      } else {
        const current = await publishedSlice(internalClient, job.lookup);
        if (job.slice && current === job.slice) patch = { state: 'finished' };
        else if (current !== undefined && current === (job.previous_slice ?? null))
          patch = {
            state: 'failed',
            error:
              'Interrupted while publishing: the lookup still shows its previous version; nothing was published.',
          };
        else
          patch = {
            state: 'outcome_unknown',
            error: `Interrupted while publishing; the lookup now shows ${current === null ? 'no version (it has no alias)' : current === undefined ? 'a version that cannot be read' : `version ${current}`}, neither this job's ${job.slice ?? '(unknown)'} nor the previous ${job.previous_slice ?? '(none)'}.`,
          };
      }
      await store.put({
        ...job,
        ...patch,
        phase: undefined,
        updated_at: at,
        heartbeat_at: at,
        finished_at: at,
      });
      settled++;
    }
  } catch (error) {
    logger.warn(`could not settle the jobs of stopped hosts: ${(error as Error).message}`);
  }
  if (settled > 0) logger.info(`settled ${settled} jobs whose host stopped`);
  return settled;
}
