/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * `streamstats` in the server (streamstats.md): running aggregates, streamed. Any aggregation of
 * `stats` runs here, through the same accumulators (functions/aggregations.ts). Without a window
 * each group keeps one running state; with one, the last `window` rows are kept (one window over
 * all rows with `global=true` and `by`, else one per group) and aggregated again per row.
 * `reset_before` / `reset_after` drop every state and window.
 */
import type { StreamStatsCommand } from '../../../../common/ppl/commands/windows';
import type { PplRow } from '../../../../common/ppl/types';
import { accumulator, type Accumulator } from '../functions/aggregations';
import { evaluatePredicate, inferAggregationType, readField } from '../evaluate';
import { BufferLimitError, Row, Types } from '../operators';
import type { PlanContext } from '../plan_context';
import { checkAggregation } from './aggregation';
import { keyOf } from './windows';

export function planStreamStats(ctx: PlanContext, command: StreamStatsCommand): void {
  for (const f of command.by) ctx.requireColumn(f.name, f.span);
  command.aggregations.forEach((a) => checkAggregation(ctx, a));
  if (command.resetBefore) ctx.checkFields(command.resetBefore);
  const types: Types = ctx.types();
  const outTypes = command.aggregations.map((a) => inferAggregationType(a, types));
  command.aggregations.forEach((a, i) => ctx.setColumn(a.name, outTypes[i]));
  if (command.resetAfter) ctx.checkFields(command.resetAfter);
  const typesAfter: Types = ctx.types();
  const by = command.by.map((f) => f.name);
  const { current, window, global, bucketNullable, resetBefore, resetAfter, aggregations } =
    command;
  const { budget } = ctx;
  const { maxRows } = ctx.deps;
  const fresh = (): Accumulator[] => aggregations.map((a, i) => accumulator(a, types, outTypes[i]));
  const valuesOf = (accs: Accumulator[]) => accs.map((acc) => acc.value());
  ctx.add(
    command.span,
    'streams',
    async function* (input) {
      const running = new Map<string, Accumulator[]>();
      // The rows a window holds, as they were read (before this command wrote to them).
      const windows = new Map<string, Array<{ group: string; row: PplRow }>>();
      const reset = () => {
        running.clear();
        windows.clear();
      };
      const runningValues = (group: string, row: PplRow) => {
        let accs = running.get(group);
        if (!accs) {
          if (running.size >= maxRows) throw new BufferLimitError('streamstats', maxRows);
          running.set(group, (accs = fresh()));
        }
        if (!current) {
          const before = valuesOf(accs);
          accs.forEach((acc) => acc.add(row));
          return before;
        }
        accs.forEach((acc) => acc.add(row));
        return valuesOf(accs);
      };
      const windowValues = (group: string, row: PplRow) => {
        const slot = global && by.length > 0 ? '' : group;
        let seen = windows.get(slot);
        if (!seen) {
          if (windows.size >= maxRows) throw new BufferLimitError('streamstats', maxRows);
          windows.set(slot, (seen = []));
        }
        const prior = current ? seen.slice(seen.length - (window - 1)) : seen;
        const accs = fresh();
        for (const e of prior) if (e.group === group) accs.forEach((acc) => acc.add(e.row));
        if (current) accs.forEach((acc) => acc.add(row));
        seen.push({ group, row });
        if (seen.length > window) seen.splice(0, seen.length - window);
        return valuesOf(accs);
      };
      for await (const batch of input) {
        await budget.eachRow(batch, (row: Row) => {
          if (resetBefore && evaluatePredicate(resetBefore, row, { types })) reset();
          const keys = by.map((f) => readField(row, f));
          if (!bucketNullable && keys.some((k) => k === null)) {
            for (const a of aggregations) row[a.name] = null;
          } else {
            const group = keyOf(keys);
            // A window keeps the row as read; a running state reads it at once.
            const values =
              window === 0 ? runningValues(group, row) : windowValues(group, { ...row });
            aggregations.forEach((a, i) => (row[a.name] = values[i]));
          }
          if (resetAfter && evaluatePredicate(resetAfter, row, { types: typesAfter })) reset();
        });
        yield batch;
      }
    },
    {
      detail:
        (command.window > 0 ? `a window of ${command.window} rows` : 'running totals per group') +
        (resetBefore || resetAfter ? ', reset by condition' : ''),
    }
  );
}
