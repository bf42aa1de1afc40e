/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * "Try a value": the rows an event would get from a lookup under its rules (or rules not yet
 * saved), in the order `lookup` gives them. The version is read as the caller and held within
 * one query's memory and time (`lookups.query.max_memory_bytes`, `lookups.query.timeout`).
 */
import type { OpenSearchClient } from 'opensearch-dashboards/server';
import {
  type MatchSettings,
  type MatchTryBody,
  type MatchTryResponse,
} from '../../../common/match/codecs';
import type { LookupsConfig } from '../../config';
import { BadRequestError } from '../../lib/errors';
import { DEFAULT_SLICE_MS, QUERY_TIMEOUT_SETTING, QueryTimeoutError } from '../ppl/budget';
import { QueryMemoryExceededError, rowBytes } from '../ppl/memory';
import { readLookupColumns } from './lookup_table';
import { getMatch } from './match_service';
import { loadRuleTable } from './rule_table';

export async function tryMatch(
  deps: { client: OpenSearchClient; config: Pick<LookupsConfig, 'query'> },
  name: string,
  body: MatchTryBody
): Promise<MatchTryResponse> {
  const settings: MatchSettings = body.rules
    ? { ...body.rules, updated_by: null, updated_at: null }
    : await getMatch(deps.client, name);
  const fields = Object.keys(body.values);
  if (fields.length === 0) {
    throw new BadRequestError("Give a value for at least one of the lookup's fields.", {
      field: 'values',
    });
  }
  const { columns } = await readLookupColumns(deps.client, name);
  const unknown = fields.find((f) => !columns.has(f));
  if (unknown !== undefined) {
    throw new BadRequestError(
      `"${unknown}" is not a column of the lookup. Its columns: ${[...columns.keys()].join(', ')}.`,
      { field: `values.${unknown}` }
    );
  }
  const limit = deps.config.query.max_memory_bytes;
  const started = Date.now();
  let held = 0;
  let slice = started;
  const table = await loadRuleTable(deps.client, name, settings, fields, {
    add(bytes) {
      held += bytes;
      if (held > limit) throw new QueryMemoryExceededError('match', held, limit);
    },
    rowsBytes: (rows) => rows.reduce((n, r) => n + rowBytes(r), 0),
    checkpoint() {
      const elapsed = Date.now() - started;
      if (elapsed > deps.config.query.timeout) {
        throw new QueryTimeoutError(deps.config.query.timeout, QUERY_TIMEOUT_SETTING, elapsed);
      }
    },
    async pause() {
      if (Date.now() - slice < DEFAULT_SLICE_MS) return;
      await new Promise<void>((resolve) => setImmediate(resolve));
      slice = Date.now();
    },
  });
  const found = table.matcher.match(
    fields.map((f) => body.values[f]),
    body.event_time
  );
  const max = Number.isFinite(table.maxMatches) ? table.maxMatches : null;
  if (found.length === 0 && settings.default) {
    return { matches: [{ ...settings.default }], max_matches: max, defaulted: true };
  }
  return { matches: found.map((i) => table.rows[i]), max_matches: max, defaulted: false };
}
