/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Writes keep a lookup's rules, so a new version must keep the columns they read: a write or an
 * edit that drops (or renames) a ruled column is refused with a 409 naming the rule, before it
 * is published. A column's type is fixed per backing index already (a retyped column is a 409 of
 * the field mapper), and the editor checks its cells against the rules (a cidr cell must be a
 * network).
 */
import type { OpenSearchClient } from 'opensearch-dashboards/server';
import { type MatchSettings, NO_RULES } from '../../../common/match/codecs';
import { checkRules } from '../../../common/match/validate';
import { toPplType } from '../../../common/ppl/types';
import { BadRequestError, ConflictError, openSearchStatus } from '../../lib/errors';
import { valueAtPath } from '../export_service';
import { ruledColumns, rulesOfMapping } from './rules_store';

/** The rules of a backing index (none when it does not exist yet). */
export async function rulesOfIndex(
  client: OpenSearchClient,
  index: string
): Promise<MatchSettings> {
  try {
    const { body } = await client.indices.getMapping({ index });
    return rulesOfMapping(body);
  } catch (error) {
    if (openSearchStatus(error) === 404) return NO_RULES;
    throw error;
  }
}

function conflict(column: string, rule: string, how: string, advice: string) {
  return new ConflictError(
    `The column "${column}" is read by the match rule ${rule} of this lookup, so a new version must keep it; ${how}. Nothing was published. ${advice}`,
    { field: column, rule, reason: 'ruled_column' }
  );
}

/** Refuses a new version without a ruled column. */
export function assertKeepsRuled(
  settings: Pick<MatchSettings, 'rules'>,
  columns: Iterable<string>,
  what: 'write' | 'edit'
) {
  const kept = new Set(columns);
  for (const [column, rule] of ruledColumns(settings)) {
    if (!kept.has(column)) {
      throw conflict(
        column,
        rule,
        what === 'write' ? 'this result has no such column' : 'this edit drops it',
        'Keep the column, or change the rules first (PUT _match).'
      );
    }
  }
}

/**
 * For the writer: before a new version of the lookup in `index` is published, it must still
 * have every ruled column. An index without rules (or not there yet) passes at once.
 */
export async function assertWriteKeepsRuledColumns(
  client: OpenSearchClient,
  index: string,
  columns: string[]
) {
  const settings = await rulesOfIndex(client, index);
  if (settings.rules.length > 0) assertKeepsRuled(settings, columns, 'write');
}

/** For the editor: the edit keeps the ruled columns, and its rows' cells read as the rules need. */
export function assertEditFitsRules(
  settings: MatchSettings,
  edit: {
    drop: string[];
    renamed: string[];
    columns: Array<{ name: string; type: string }>;
    rows: Array<Record<string, unknown>>;
  }
) {
  if (settings.rules.length === 0) return;
  const ruled = ruledColumns(settings);
  for (const column of [...edit.drop, ...edit.renamed]) {
    const rule = ruled.get(column);
    if (rule) {
      throw conflict(
        column,
        rule,
        edit.drop.includes(column) ? 'this edit drops it' : 'this edit renames it',
        'Change the rules first (PUT _match), then edit the columns.'
      );
    }
  }
  const types = new Map(edit.columns.map((c) => [c.name, toPplType(c.type)]));
  const problem = checkRules({ rules: settings.rules }, types, edit.rows, valueAtPath);
  if (problem) {
    const first = problem.rows?.[0];
    throw new BadRequestError(`${problem.message} Nothing was written.`, {
      field: problem.field,
      ...(problem.rule === undefined ? {} : { rule: problem.rule }),
      ...(first ? { row: first.row } : {}),
      reason: 'rule',
    });
  }
}
