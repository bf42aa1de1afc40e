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
import { planChart, planTimechart } from './charts';
import { planAppend, planAppendCol, planAppendPipe } from './append';
import { planForeach } from './foreach';
import { planGraphLookup } from './graphlookup';
import { planJoin } from './join';
import { planEvalSubsearch, planUnion, planWhereSubsearch } from './subsearch';
import { planGrok, planParse, planRegex, planRex } from './extraction';
import { planPatterns } from './patterns';
import { planLookup } from './lookup';
import { planXySeries } from './pivot';
import { planTimewrap } from './timewrap';
import { planDedup, planEval, planFields, planHead, planRename, planSort, planWhere } from './rows';
import { planAddTotals, planFillNull, planReplace, planReverse, planTranspose } from './shaping';
import { planBin } from './bins';
import { planConvert } from './convert';
import { planExpand, planFlatten, planMvCombine, planNoMv } from './multivalue';
import { planSpath } from './spath';
import { planStreamStats } from './streamstats';
import { planEventStats, planStatsWithSpan, planTrendline } from './windows';

/**
 * The commands after which the rows' order is no sort's (reverse.md: aggregations, joins and set
 * operations destroy the collation a later reverse would flip).
 */
const BREAKS_ORDER = new Set<Command['kind']>([
  'Stats',
  'Top',
  'Rare',
  'Join',
  'Append',
  'AppendPipe',
  'Union',
  'Timechart',
  'Chart',
  'Transpose',
  'XySeries',
  'Timewrap',
  'MvCombine',
]);

export async function planCommand(ctx: PlanContext, command: Command): Promise<void> {
  await planOne(ctx, command);
  if (command.kind === 'Sort') ctx.sorted = true;
  else if (BREAKS_ORDER.has(command.kind)) ctx.sorted = false;
}

async function planOne(ctx: PlanContext, command: Command): Promise<void> {
  switch (command.kind) {
    case 'Where':
      return planWhere(ctx, command);
    case 'Fields':
      return planFields(ctx, command);
    case 'Rename':
      return planRename(ctx, command);
    case 'Eval':
      return command.subsearches
        ? planEvalSubsearch(ctx, command, planEval)
        : planEval(ctx, command);
    case 'Stats':
      return command.bucket ? planStatsWithSpan(ctx, command) : planStats(ctx, command);
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
    case 'Reverse':
      return planReverse(ctx, command);
    case 'FillNull':
      return planFillNull(ctx, command);
    case 'Replace':
      return planReplace(ctx, command);
    case 'Expand':
      return planExpand(ctx, command);
    case 'Flatten':
      return planFlatten(ctx, command);
    case 'AddTotals':
      return planAddTotals(ctx, command);
    case 'Transpose':
      return planTranspose(ctx, command);
    case 'Parse':
      return planParse(ctx, command);
    case 'Grok':
      return planGrok(ctx, command);
    case 'Rex':
      return planRex(ctx, command);
    case 'Regex':
      return planRegex(ctx, command);
    case 'Patterns':
      return planPatterns(ctx, command);
    case 'Bin':
      return planBin(ctx, command);
    case 'EventStats':
      return planEventStats(ctx, command);
    case 'StreamStats':
      return planStreamStats(ctx, command);
    case 'Trendline':
      return planTrendline(ctx, command);
    case 'Timechart':
      return planTimechart(ctx, command);
    case 'Chart':
      return planChart(ctx, command);
    case 'MvCombine':
      return planMvCombine(ctx, command);
    case 'NoMv':
      return planNoMv(ctx, command);
    case 'Convert':
      return planConvert(ctx, command);
    case 'Spath':
      return planSpath(ctx, command);
    case 'AppendCol':
      return planAppendCol(ctx, command);
    case 'WhereSubsearch':
      return planWhereSubsearch(ctx, command);
    case 'XySeries':
      return planXySeries(ctx, command);
    case 'Timewrap':
      return planTimewrap(ctx, command);
    case 'Union':
      return planUnion(ctx, command);
    case 'Foreach':
      return planForeach(ctx, command);
    case 'Append':
      return planAppend(ctx, command);
    case 'AppendPipe':
      return planAppendPipe(ctx, command);
    case 'Join':
      return planJoin(ctx, command);
    case 'GraphLookup':
      return planGraphLookup(ctx, command);
    default: {
      const unplanned: never = command;
      return unplanned;
    }
  }
}
