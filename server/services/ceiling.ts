/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * The operator's ceiling on one write: the plugin's `lookups.max_rows`, lowered by the cluster
 * setting `plugins.ppl.outputlookup.max_rows` when the cluster has one. That setting is operator
 * configuration, so it is read with the server's identity; it never reads user data.
 */
import type { Logger, OpenSearchClient } from 'opensearch-dashboards/server';
import { BadRequestError } from '../lib/errors';

export const CLUSTER_CEILING_SETTING = 'plugins.ppl.outputlookup.max_rows';
export const PLUGIN_CEILING_SETTING = 'lookups.max_rows';

export interface Ceiling {
  maxRows: number;
  setting: typeof CLUSTER_CEILING_SETTING | typeof PLUGIN_CEILING_SETTING;
}

export async function readCeiling(
  internalClient: OpenSearchClient,
  configuredMaxRows: number,
  logger: Logger
): Promise<Ceiling> {
  const fromPlugin: Ceiling = { maxRows: configuredMaxRows, setting: PLUGIN_CEILING_SETTING };
  try {
    const { body } = await internalClient.cluster.getSettings({ flat_settings: true });
    const settings = body as {
      transient?: Record<string, unknown>;
      persistent?: Record<string, unknown>;
    };
    const raw =
      settings.transient?.[CLUSTER_CEILING_SETTING] ??
      settings.persistent?.[CLUSTER_CEILING_SETTING];
    const clusterMax = raw === undefined ? NaN : Number(raw);
    if (Number.isInteger(clusterMax) && clusterMax >= 1 && clusterMax < configuredMaxRows) {
      return { maxRows: clusterMax, setting: CLUSTER_CEILING_SETTING };
    }
  } catch (error) {
    // Without the cluster's answer the plugin's own ceiling still holds.
    logger.warn(
      `could not read ${CLUSTER_CEILING_SETTING}; using ${PLUGIN_CEILING_SETTING}: ${(error as Error).message}`
    );
  }
  return fromPlugin;
}

export class CeilingExceededError extends BadRequestError {
  constructor(rows: number | 'more', ceiling: Ceiling) {
    const counted = rows === 'more' ? `more than ${ceiling.maxRows}` : String(rows);
    super(
      `The result has ${counted} rows, over the ceiling of ${ceiling.maxRows} rows per write set by ${ceiling.setting}. ` +
        `Nothing was written. Narrow the query, keep the first rows with max=<n>, write in pages with append=true, ` +
        `or ask an operator to raise ${ceiling.setting}.`,
      { setting: ceiling.setting, max_rows: ceiling.maxRows, rows: rows === 'more' ? null : rows }
    );
  }
}

/** `max` must lie in 1..ceiling; checked before any request that writes. */
export function checkMax(max: number | undefined, ceiling: Ceiling) {
  if (max === undefined) return;
  if (!Number.isInteger(max) || max < 1 || max > ceiling.maxRows) {
    throw new BadRequestError(
      `max=${max} is out of range: it must be a whole number from 1 to ${ceiling.maxRows} (${ceiling.setting}).`,
      { option: 'max', setting: ceiling.setting, max_rows: ceiling.maxRows }
    );
  }
}
