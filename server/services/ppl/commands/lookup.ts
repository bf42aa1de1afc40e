/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/* `lookup` in the server: rows enriched from a lookup, one terms query per batch (lookup_op.ts). */
import type { LookupCommand } from '../../../../common/ppl/ast';
import { lookupOp, readLookupSchema } from '../lookup_op';
import { javaHashMapOrder, javaHashSetOrder } from '../java_hash_order';
import type { PlanContext } from '../plan_context';
import {
  describeRule,
  effectiveMaxMatches,
  isInexact,
  type MatchSettings,
} from '../../../../common/match/codecs';
import { readMatchSettings } from '../../match/rules_store';
import { timeRuleOf } from '../../match/rule_table';
import { ruleLookupOp } from '../lookup_rules_op';

export async function planLookup(ctx: PlanContext, command: LookupCommand): Promise<void> {
  for (const m of command.mappings) ctx.requireColumn(m.sourceField.name, m.sourceField.span);
  const { types: table, fieldCount } = await readLookupSchema(ctx.deps.client, command.table.name);
  for (const m of command.mappings) {
    if (!table.has(m.lookupField.name)) {
      throw ctx.error(
        `The lookup "${command.table.name}" has no field "${m.lookupField.name}".`,
        m.lookupField.span
      );
    }
  }
  for (const o of command.outputs) {
    if (!table.has(o.inputField.name)) {
      throw ctx.error(
        `The lookup "${command.table.name}" has no field "${o.inputField.name}". Its fields: ${[...table.keys()].join(', ')}.`,
        o.inputField.span
      );
    }
  }
  const outputs = providedFields(command, [...table.keys()], fieldCount);
  // As the SQL plugin plans it (a left join): the source's columns but those the lookup provides,
  // then the provided ones (replace); append keeps a provided column the source has at the end,
  // its value the source's unless null, those in the order of the plugin's HashMap of them.
  const provided = new Set(outputs.map((o) => o.to));
  const kept = ctx.columns.filter((c) => c.hidden || !provided.has(c.name));
  const added = outputs.map((o) => {
    const type = table.get(o.from) ?? 'undefined';
    const existing = ctx.column(o.to);
    return command.strategy === 'append' && existing && !existing.hidden
      ? { column: { ...existing }, shared: true }
      : { column: { name: o.to, type }, shared: false };
  });
  const shared = new Map(added.filter((a) => a.shared).map((a) => [a.column.name, a.column]));
  ctx.columns = [
    ...kept,
    ...added.filter((a) => !a.shared).map((a) => a.column),
    ...javaHashMapOrder([...shared.keys()]).map((name) => shared.get(name)!),
  ];
  const { client } = ctx.deps;
  const { budget } = ctx;
  const settings = await readMatchSettings(client, command.table.name);
  const keys = command.mappings.map((m) => m.lookupField.name);
  const time = timeRuleOf(settings);
  const eventField = time?.event_field ?? '@timestamp';
  if (time && !ctx.has(eventField)) {
    throw ctx.error(
      `The lookup "${command.table.name}" matches as of each event's "${eventField}" (its time rule on "${time.field}"), and the rows here have no such field. Give the event's time that name (eval or rename), or change the rule's event_field.`,
      command.table.span,
      { field: eventField }
    );
  }
  const byRules =
    time !== undefined || settings.rules.some((r) => keys.includes(r.field) && isInexact(r));
  const mode = matchDetail(settings, keys);
  if (byRules) {
    ctx.add(
      command.span,
      'streams',
      (input) => ruleLookupOp(input, client, command, outputs, settings, budget),
      {
        detail: `${mode}; the lookup's current version read once and matched in the server`,
        keepsCount: false,
      }
    );
    return;
  }
  ctx.add(
    command.span,
    'streams',
    (input) => lookupOp(input, client, command, outputs, budget, settings),
    {
      detail: `${mode}; one terms query on the lookup per batch`,
      // A row matching several lookup rows comes out once per match.
      keepsCount: false,
    }
  );
}

/** The match mode of a lookup step, as `_explain` names it: each key's rule, the limit, the default. */
function matchDetail(settings: MatchSettings, keys: string[]): string {
  const rules = keys.map((key) => {
    const rule = settings.rules.find((r) => r.field === key && r.type !== 'time');
    return rule ? describeRule(rule) : `${key} exact`;
  });
  const time = timeRuleOf(settings);
  if (time) rules.push(describeRule(time));
  const max = effectiveMaxMatches(settings);
  return [
    `match: ${rules.join(', ')}`,
    ...(Number.isFinite(max) ? [`max_matches ${max}`] : []),
    ...(settings.default ? [`default for ${Object.keys(settings.default).join(', ')}`] : []),
  ].join('; ');
}

/**
 * The lookup's fields the rows get, in the SQL plugin's order. With no output list: the table's
 * fields but the keys, in the table's order. With one: its fields (an input named twice keeps its
 * first place and last name, as the parser's LinkedHashMap); when they and the keys leave out
 * some of the table's fields (of `fieldCount`, which counts a lookup's hidden slice field as the
 * plugin would), the plugin projects the table onto a HashSet of them, whose iteration order the
 * columns then follow, else the table's own order.
 */
function providedFields(
  command: LookupCommand,
  tableFields: string[],
  fieldCount: number
): Array<{ from: string; to: string }> {
  const keys = command.mappings.map((m) => m.lookupField.name);
  if (command.outputs.length === 0) {
    return tableFields.filter((f) => !keys.includes(f)).map((f) => ({ from: f, to: f }));
  }
  const named = new Map<string, string>();
  for (const o of command.outputs) named.set(o.inputField.name, o.outputField.name);
  const projected = javaHashSetOrder([...named.keys()], keys);
  const order = projected.length !== fieldCount ? projected : tableFields;
  return order.filter((f) => named.has(f)).map((f) => ({ from: f, to: named.get(f)! }));
}
