/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Which family plans each command in the server. A new command: its AST node in
 * common/ppl/commands/<family>.ts (parse), its planner and operator in ./<family>.ts, one line here.
 */
import type { Command } from '../../../../common/ppl/ast';
import type { PlanContext } from '../plan_context';
import { planStats, planTopRare } from './aggregation';
import { planLookup } from './lookup';
import { planDedup, planEval, planFields, planHead, planRename, planSort, planWhere } from './rows';

export async function planCommand(ctx: PlanContext, command: Command): Promise<void> {
  switch (command.kind) {
    case 'Where':
      return planWhere(ctx, command);
    case 'Fields':
      return planFields(ctx, command);
    case 'Rename':
      return planRename(ctx, command);
    case 'Eval':
      return planEval(ctx, command);
    case 'Stats':
      return planStats(ctx, command);
    case 'Dedup':
      return planDedup(ctx, command);
    case 'Sort':
      return planSort(ctx, command);
    case 'Head':
      return planHead(ctx, command);
    case 'Top':
    case 'Rare':
      return planTopRare(ctx, command);
    case 'Lookup':
      return planLookup(ctx, command);
  }
}
