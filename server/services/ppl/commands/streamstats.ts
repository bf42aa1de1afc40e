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
import type { PplRow, PplValue } from '../../../../common/ppl/types';
import { accumulator, type Accumulator } from '../functions/aggregations';
import { evaluatePredicate, inferAggregationType, readField } from '../evaluate';
import { ACCUMULATOR_BYTES, BufferLimitError, keyEntryBytes, Row, Types } from '../operators';
import { rowBytes } from '../memory';
import type { PlanContext } from '../plan_context';
import { checkAggregation } from './aggregation';
import { keyOf, spanPartition } from './windows';

export function planStreamStats(ctx: PlanContext, command: StreamStatsCommand): void {
  for (const f of command.by) ctx.requireColumn(f.name, f.span);
  if (
    command.bucket &&
    (command.resetBefore || command.resetAfter || (command.global && command.window > 0))
  ) {
    // The SQL plugin plans these as a join on the by fields, which takes no expression.
    throw ctx.error(
      'Unsupported group expression: only field or alias(field) is supported: streamstats ' +
        'with reset_before/reset_after, or global=true and a window, groups by fields only; ' +
        `bucket first (bin ${command.bucket.field.name} span=… as b) and group by b, or write global=false`,
      command.bucket.span
    );
  }
  const partition = spanPartition(ctx, command.bucket);
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
  // How the SQL plugin plans it (visitStreamWindow): with a reset, or with global=true, a window
  // and by fields, as a join over rows numbered globally (the window counts every row, the
  // frame keeps the row's group); otherwise as window functions partitioned by the group.
  const hasReset = Boolean(resetBefore || resetAfter);
  const selfJoin = !hasReset && global && window > 0 && by.length > 0;
  const joins = hasReset || selfJoin;
  const globalWindow = window > 0 && (hasReset || (global && by.length > 0));
  const fresh = (): Accumulator[] =>
    aggregations.map((a, i) =>
      accumulator(a, types, outTypes[i], { budget, command: 'streamstats' })
    );
  const valuesOf = (accs: Accumulator[]) => accs.map((acc) => acc.value());
  ctx.add(
    command.span,
    'streams',
    async function* (input) {
      const running = new Map<string, Accumulator[]>();
      // The rows a window holds, as they were read (before this command wrote to them).
      const windows = new Map<string, Array<{ group: string; row: PplRow; bytes: number }>>();
      const hold = budget.hold('streamstats');
      const reset = () => {
        running.clear();
        windows.clear();
        hold.clear();
      };
      const adding = (accs: Accumulator[], row: PplRow) =>
        accs.forEach((acc) => {
          const more = acc.add(row);
          if (more) hold.add(more);
        });
      const runningValues = (group: string, row: PplRow) => {
        let accs = running.get(group);
        if (!accs) {
          if (running.size >= maxRows) throw new BufferLimitError('streamstats', maxRows);
          hold.add(keyEntryBytes(group) + ACCUMULATOR_BYTES * aggregations.length);
          running.set(group, (accs = fresh()));
        }
        if (!current) {
          const before = valuesOf(accs);
          adding(accs, row);
          return before;
        }
        adding(accs, row);
        return valuesOf(accs);
      };
      /**
       * The aggregates over the row's frame: the last `window` rows (of its group, or of every
       * row where the plugin numbers them globally) that share its group. `excluded` (a null key
       * with bucket_nullable=false) shares none, not even with itself.
       */
      const windowValues = (group: string, row: PplRow, excluded: boolean) => {
        const slot = globalWindow ? '' : group;
        let seen = windows.get(slot);
        if (!seen) {
          if (windows.size >= maxRows) throw new BufferLimitError('streamstats', maxRows);
          hold.add(keyEntryBytes(slot));
          windows.set(slot, (seen = []));
        }
        const prior = current ? seen.slice(seen.length - (window - 1)) : seen;
        const accs = fresh();
        let framed = 0;
        if (!excluded) {
          for (const e of prior) {
            if (e.group !== group) continue;
            accs.forEach((acc) => acc.add(e.row));
            framed += 1;
          }
          if (current) {
            accs.forEach((acc) => acc.add(row));
            framed += 1;
          }
        }
        // The plugin's self-join is a left join grouped by the row: an empty frame still holds
        // one row of nulls, which count() counts.
        if (framed === 0 && selfJoin) accs.forEach((acc) => acc.add({}));
        const bytes = rowBytes(row);
        hold.add(bytes);
        seen.push({ group, row, bytes });
        if (seen.length > window) {
          for (const gone of seen.splice(0, seen.length - window)) hold.release(gone.bytes);
        }
        return valuesOf(accs);
      };
      const before = { types, budget, command: 'streamstats' };
      const after = { types: typesAfter, budget, command: 'streamstats' };
      try {
        for await (const batch of input) {
          await budget.eachRow(batch, (row: Row) => {
            if (resetBefore && evaluatePredicate(resetBefore, row, before)) reset();
            const keys = by.map((f) => readField(row, f));
            if (partition) keys.unshift(partition(row));
            const excluded = !bucketNullable && keys.some((k) => k === null);
            const group = keyOf(keys);
            let values: PplValue[];
            if (excluded && !joins) {
              // A window partition: CASE WHEN the keys are not null … ELSE NULL.
              values = aggregations.map(() => null);
            } else if (window === 0) {
              // With a reset the plugin aggregates the row's frame, empty for an excluded row.
              values = excluded ? valuesOf(fresh()) : runningValues(group, row);
            } else {
              // A window keeps the row as read; a running state reads it at once.
              values = windowValues(group, { ...row }, excluded);
            }
            aggregations.forEach((a, i) => (row[a.name] = values[i]));
            if (resetAfter && evaluatePredicate(resetAfter, row, after)) reset();
          });
          yield batch;
        }
      } finally {
        hold.clear();
      }
    },
    {
      detail:
        (command.window > 0 ? `a window of ${command.window} rows` : 'running totals per group') +
        (resetBefore || resetAfter ? ', reset by condition' : ''),
    }
  );
}
