/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/* `lookup` in the server: rows enriched from a lookup, one terms query per batch (lookup_op.ts). */
import type { LookupCommand } from '../../../../common/ppl/ast';
import { lookupOp, readLookupSchema } from '../lookup_op';
import type { PlanContext } from '../plan_context';

export async function planLookup(ctx: PlanContext, command: LookupCommand): Promise<void> {
  for (const m of command.mappings) ctx.requireColumn(m.sourceField.name, m.sourceField.span);
  const table = await readLookupSchema(ctx.deps.client, command.table.name);
  const keys = new Set(command.mappings.map((m) => m.lookupField.name));
  const outputs =
    command.outputs.length > 0
      ? command.outputs.map((o) => {
          if (!table.has(o.inputField.name)) {
            throw ctx.error(
              `The lookup "${command.table.name}" has no field "${o.inputField.name}". Its fields: ${[...table.keys()].join(', ')}.`,
              o.inputField.span
            );
          }
          return { from: o.inputField.name, to: o.outputField.name };
        })
      : [...table.keys()].filter((f) => !keys.has(f)).map((f) => ({ from: f, to: f }));
  for (const m of command.mappings) {
    if (!table.has(m.lookupField.name)) {
      throw ctx.error(
        `The lookup "${command.table.name}" has no field "${m.lookupField.name}".`,
        m.lookupField.span
      );
    }
  }
  for (const o of outputs) {
    const type = table.get(o.from) ?? 'undefined';
    const existing = ctx.column(o.to);
    if (!existing) ctx.columns.push({ name: o.to, type });
    else if (command.strategy === 'replace') existing.type = type;
  }
  const { client } = ctx.deps;
  const { budget } = ctx;
  ctx.add(command.span, 'streams', (input) => lookupOp(input, client, command, outputs, budget), {
    detail: 'one terms query on the lookup per batch',
  });
}
