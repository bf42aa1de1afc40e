/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Reading and setting a lookup's match rules. Setting them is an operation on the lookup: the
 * caller's right to write it is asked first, as the caller (403, before the lease), then the
 * lease is taken, the rules are checked against the current version's rows (400 naming the rule
 * and the first bad rows), kept in the backing index's `_meta` as the caller (rules_store.ts),
 * and the change is noted among the lookup's events: who, when, from what to what.
 */
import type { OpenSearchClient } from 'opensearch-dashboards/server';
import type { LookupSummary } from '../../../common/api/codecs';
import {
  type MatchBody,
  matchMode,
  type MatchSettings,
  NO_RULES,
} from '../../../common/match/codecs';
import { checkRules, type RuleProblem } from '../../../common/match/validate';
import type { TargetState } from '../../../common/substrate/target_state';
import {
  BadRequestError,
  ConflictError,
  isOpenSearchResponseError,
  LookupError,
  NotFoundError,
  openSearchReason,
} from '../../lib/errors';
import type { LookupsRequestContext } from '../../types';
import { valueAtPath } from '../export_service';
import { withLookupLease } from '../lookup_lease';
import { probeTarget } from '../target_probe';
import { readLookupColumns, scanLookup } from './lookup_table';
import { readMatchSettings, rulesOfMeta, writeMatchSettings } from './rules_store';

export type MatchDeps = Pick<
  LookupsRequestContext,
  'client' | 'records' | 'leases' | 'logger' | 'user'
>;

function managedOnly(name: string, target: TargetState, doing: string) {
  if (target.kind === 'managed') return target;
  if (target.kind === 'absent') throw new NotFoundError(`There is no lookup named "${name}".`);
  if (target.kind === 'legacy') {
    throw new ConflictError(
      `"${name}" lives in the data importer's index ${target.legacyIndex}: migrate it first (POST _migrate), then ${doing}.`,
      { kind: target.kind }
    );
  }
  throw new ConflictError(
    `"${name}" is not a lookup (${target.kind.replace(/_/g, ' ')}), so it has no match rules.`,
    { kind: target.kind }
  );
}

/** The lookup's rules, as the caller reads them (a legacy lookup has none: it matches exactly). */
export async function getMatch(client: OpenSearchClient, name: string): Promise<MatchSettings> {
  const target = await probeTarget(client, name);
  if (target.kind === 'legacy') return NO_RULES;
  managedOnly(name, target, 'read its rules');
  return readMatchSettings(client, name);
}

/**
 * Adds each managed lookup's match mode where it has rules, from one mapping request as the
 * caller (a catalog whose modes cannot be read is still a catalog).
 */
export async function withMatchModes<T extends LookupSummary>(
  deps: Pick<MatchDeps, 'client' | 'logger'>,
  lookups: T[]
): Promise<T[]> {
  const indices = lookups
    .filter((l) => l.kind === 'managed' && l.backing_index)
    .map((l) => l.backing_index!);
  if (indices.length === 0) return lookups;
  let body: Record<string, { mappings?: { _meta?: Record<string, unknown> } }> = {};
  try {
    ({ body } = (await deps.client.indices.getMapping(
      { index: indices.join(','), ignore_unavailable: true, filter_path: '*.mappings._meta' },
      { ignore: [404] }
    )) as { body: typeof body });
  } catch (error) {
    deps.logger.debug(`match modes not read: ${(error as Error).message}`);
    return lookups;
  }
  return lookups.map((l) => {
    const meta = l.backing_index ? body?.[l.backing_index]?.mappings?._meta : undefined;
    const rules = meta ? (rulesOfMetaOrNone(meta)?.rules ?? []) : [];
    return rules.length > 0 ? { ...l, match_mode: matchMode(rules) } : l;
  });
}

function rulesOfMetaOrNone(meta: Record<string, unknown>): MatchSettings | undefined {
  try {
    return rulesOfMeta(meta);
  } catch {
    return undefined;
  }
}

/** The first problem of the rules over the current version, read page by page. */
async function firstProblem(
  client: OpenSearchClient,
  name: string,
  body: MatchBody
): Promise<RuleProblem | undefined> {
  const { schema, columns } = await readLookupColumns(client, name);
  // Column problems first, whatever the rows.
  const problem = checkRules(body, columns, [], valueAtPath);
  if (problem || body.rules.length === 0) return problem;
  let firstRow = 0;
  for await (const page of scanLookup(client, name, schema)) {
    const found = checkRules(body, columns, page, valueAtPath, firstRow);
    if (found) return found;
    firstRow += page.length;
  }
  return undefined;
}

const bodyOf = ({ updated_at: _at, updated_by: _by, ...body }: MatchSettings): MatchBody | null =>
  body.rules.length === 0 && body.max_matches === undefined && body.default === undefined
    ? null
    : body;

/** Sets (an empty body: removes) the lookup's rules, checked against its current version. */
export async function setMatch(
  deps: MatchDeps,
  name: string,
  body: MatchBody
): Promise<MatchSettings> {
  return withLookupLease(deps, name, 'match', async (lease) => {
    const target = managedOnly(name, await probeTarget(deps.client, name), 'set its rules');
    const problem = await firstProblem(deps.client, name, body);
    if (problem) {
      throw new BadRequestError(`${problem.message} Nothing was changed.`, {
        ...(problem.rule === undefined ? {} : { rule: problem.rule }),
        field: problem.field,
        ...(problem.rows ? { rows: problem.rows } : {}),
      });
    }
    const previous = await readMatchSettings(deps.client, target.backingIndex);
    const user = await deps.user();
    const at = new Date().toISOString();
    const settings: MatchSettings = { ...body, updated_by: user, updated_at: at };
    const next = bodyOf(settings);
    lease.assertHeld();
    try {
      await writeMatchSettings(deps.client, target.backingIndex, next ? settings : null);
    } catch (error) {
      if (isOpenSearchResponseError(error) && error.meta.statusCode === 403) {
        const reason = openSearchReason(error);
        throw new LookupError(
          403,
          `You may not change the match rules of "${name}": they are kept in its index's mapping, and OpenSearch refused to change it for your user: ${reason}. Ask for the right to manage ${target.backingIndex}'s mapping (indices:admin/mapping/put).`,
          { reason }
        );
      }
      throw error;
    }
    await deps.records.noteEvent({
      type: 'rules_changed',
      lookup: name,
      backing_index: target.backingIndex,
      slice: target.currentSlice,
      from: bodyOf(previous),
      to: next,
      at,
      by: user,
    });
    return next ? settings : { ...NO_RULES, updated_by: user, updated_at: at };
  });
}
