/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * At start, settle what hosts that died left in the plugin index: a write record still
 * `writing` whose heartbeat stopped is `failed` (its slice was never published: the alias is
 * the truth, and an unpublished slice is an orphan), and expired leases are named in the log.
 * A dead write's build settings on a user index are restored by the next operation on that
 * lookup, as its caller: the server identity may not change user indices' settings.
 */
import type { Logger } from 'opensearch-dashboards/server';
import { openSearchStatus } from '../../lib/errors';
import type { PluginIndex } from './plugin_index';
import { IN_FLIGHT_TIMEOUT_MS } from './write_records';

export interface ReconcileSummary {
  interruptedWrites: number;
  expiredLeases: string[];
}

export async function reconcileAtStart(
  index: PluginIndex,
  logger: Logger,
  now = Date.now()
): Promise<ReconcileSummary> {
  const summary: ReconcileSummary = { interruptedWrites: 0, expiredLeases: [] };
  try {
    await index.ensure();
    const stale = new Date(now - IN_FLIGHT_TIMEOUT_MS).toISOString();
    const { body } = await index.client.updateByQuery({
      index: index.name,
      refresh: true,
      conflicts: 'proceed',
      body: {
        query: {
          bool: {
            filter: [
              { term: { type: 'record' } },
              { term: { 'record.status': 'writing' } },
              {
                bool: {
                  should: [
                    { range: { 'record.heartbeat_at': { lt: stale } } },
                    {
                      bool: {
                        must_not: { exists: { field: 'record.heartbeat_at' } },
                        filter: { range: { 'record.started_at': { lt: stale } } },
                      },
                    },
                  ],
                  minimum_should_match: 1,
                },
              },
            ],
          },
        },
        script: {
          lang: 'painless',
          source:
            "ctx._source.record.status = 'failed'; ctx._source.record.error = params.error; ctx._source.record.finished_at = params.now; ctx._source.updated_at = params.now;",
          params: {
            error:
              'interrupted: the host writing it stopped before it finished; nothing was published',
            now: new Date(now).toISOString(),
          },
        },
      },
    });
    summary.interruptedWrites = (body as { updated?: number }).updated ?? 0;

    const leases = await index.client.search({
      index: index.name,
      body: {
        size: 100,
        query: {
          bool: {
            filter: [
              { term: { type: 'lease' } },
              { range: { 'lease.expires_at': { lt: new Date(now).toISOString() } } },
            ],
          },
        },
      },
    });
    summary.expiredLeases = (
      leases.body as { hits: { hits: Array<{ _source: { lease: { lookup: string } } }> } }
    ).hits.hits.map((h) => h._source.lease.lookup);
  } catch (error) {
    logger.warn(
      `could not settle what stopped hosts left${openSearchStatus(error) ? ` (OpenSearch ${openSearchStatus(error)})` : ''}: ${(error as Error).message}`
    );
    return summary;
  }
  if (summary.interruptedWrites > 0) {
    logger.info(`marked ${summary.interruptedWrites} interrupted writes as failed`);
  }
  if (summary.expiredLeases.length > 0) {
    logger.info(
      `operations on ${summary.expiredLeases.join(', ')} stopped with their host; the next operation on each settles it (build settings restored as its caller)`
    );
  }
  return summary;
}
