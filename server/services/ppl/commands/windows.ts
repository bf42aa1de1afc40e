/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Windows in the server: `stats … by span()` computed here, `eventstats` (buffers: every row
 * needs its whole group), `trendline` (streams, keeping only its windows; its `sort` buffers).
 * Buckets: buckets.ts; `bin`: bins.ts; `streamstats`: streamstats.ts; charts: charts.ts.
 */
import type { FieldRef, SortKey, StatsCommand } from '../../../../common/ppl/ast';
import type {
  EventStatsCommand,
  SpanBucket,
  TrendlineCommand,
} from '../../../../common/ppl/commands/windows';
import { isNumericType, type PplValue } from '../../../../common/ppl/types';
import { inferAggregationType, readField, toPplString } from '../evaluate';
import { collect, Row, RowStream, sortOp, statsOp } from '../operators';
import type { PlanContext } from '../plan_context';
import { checkAggregation } from './aggregation';
import { bucketer, isTimeType } from './buckets';

/** `stats … by span(…)` in the server: the bucket computed into a column, grouped first. */
export function planStatsWithSpan(ctx: PlanContext, command: StatsCommand): void {
  const bucket = command.bucket!;
  ctx.requireColumn(bucket.field.name, bucket.field.span);
  for (const f of command.by) ctx.requireColumn(f.name, f.span);
  command.aggregations.forEach((a) => checkAggregation(ctx, a));
  const fieldType = ctx.column(bucket.field.name)!.type;
  const b = bucketer(bucket.interval, fieldType);
  if (typeof b === 'string') throw ctx.error(`span: ${b}`, bucket.span);
  const types = ctx.types();
  const key = '\u0000span';
  types.set(key, b.type);
  const outTypes = command.aggregations.map((a) => inferAggregationType(a, types));
  const keyField: FieldRef = { kind: 'Field', name: key, quoted: true, span: bucket.span };
  const grouped: StatsCommand = {
    ...command,
    by: [keyField, ...command.by],
    // A time bucket never keeps a null group (stats.md); a numeric one follows bucket_nullable.
    bucketNullable: command.bucketNullable,
  };
  const dropNullTime = isTimeType(fieldType);
  const bucketOf = b.bucket;
  ctx.columns = [
    ...command.aggregations.map((a, i) => ({ name: a.name, type: outTypes[i] })),
    { name: bucket.name, type: b.type },
    ...command.by.map((f) => ({ name: f.name, type: types.get(f.name) ?? 'undefined' })),
  ];
  const { budget } = ctx;
  const { maxRows } = ctx.deps;
  const field = bucket.field.name;
  const name = bucket.name;
  ctx.add(
    command.span,
    'buffers',
    async function* (input) {
      async function* keyed(): RowStream {
        for await (const batch of input) {
          const out: Row[] = [];
          for (const row of batch) {
            const k = bucketOf(readField(row, field));
            if (k === null && dropNullTime) continue;
            row[key] = k;
            out.push(row);
          }
          yield out;
        }
      }
      for await (const batch of statsOp(keyed(), grouped, types, outTypes, maxRows, budget)) {
        yield batch.map((row) => {
          row[name] = row[key];
          delete row[key];
          return row;
        });
      }
    },
    { keepsCount: false, detail: ctx.buffered('groups') }
  );
}

export const keyOf = (values: PplValue[]) =>
  JSON.stringify(
    values.map((v) => (typeof v === 'bigint' ? `${v}n` : v === null ? null : toPplString(v)))
  );

/**
 * A window's `by span(f, n)`: the row's bucket of f, a partition key beside the by fields (the SQL
 * plugin puts it in the window's PARTITION BY, so no column is added and a null f is a group of
 * its own). Undefined without a span.
 */
export function spanPartition(
  ctx: PlanContext,
  bucket: SpanBucket | undefined
): ((row: Row) => PplValue) | undefined {
  if (!bucket) return undefined;
  ctx.requireColumn(bucket.field.name, bucket.field.span);
  const b = bucketer(bucket.interval, ctx.column(bucket.field.name)!.type);
  if (typeof b === 'string') throw ctx.error(`span: ${b}`, bucket.span);
  const field = bucket.field.name;
  const bucketOf = b.bucket;
  return (row) => bucketOf(readField(row, field));
}

export function planEventStats(ctx: PlanContext, command: EventStatsCommand): void {
  for (const f of command.by) ctx.requireColumn(f.name, f.span);
  const partition = spanPartition(ctx, command.bucket);
  command.aggregations.forEach((a) => checkAggregation(ctx, a));
  const types = ctx.types();
  const outTypes = command.aggregations.map((a) => inferAggregationType(a, types));
  command.aggregations.forEach((a, i) => ctx.setColumn(a.name, outTypes[i]));
  // The bucket rides in a hidden column while the rows are held (counted with them).
  const key = '\u0000span';
  const byFields: FieldRef[] = partition
    ? [{ kind: 'Field', name: key, quoted: true, span: command.bucket!.span }, ...command.by]
    : command.by;
  if (partition) types.set(key, 'undefined');
  const stats: StatsCommand = {
    kind: 'Stats',
    aggregations: command.aggregations,
    by: byFields,
    bucketNullable: command.bucketNullable,
    written: {},
    span: command.span,
  };
  const { budget } = ctx;
  const { maxRows } = ctx.deps;
  const by = byFields.map((f) => f.name);
  ctx.add(
    command.span,
    'buffers',
    async function* (input) {
      const hold = budget.hold('eventstats');
      async function* keyed(): RowStream {
        for await (const batch of input) {
          for (const row of batch) row[key] = partition!(row);
          yield batch;
        }
      }
      try {
        const rows = await collect(partition ? keyed() : input, hold, maxRows);
        async function* again(): RowStream {
          for (let i = 0; i < rows.length; i += 1000)
            yield rows.slice(i, i + 1000).map((r) => ({ ...r }));
        }
        const groups = new Map<string, Row>();
        for await (const batch of statsOp(again(), stats, types, outTypes, maxRows, budget)) {
          for (const g of batch) groups.set(keyOf(by.map((f) => g[f] ?? null)), g);
        }
        for (let i = 0; i < rows.length; i += 1000) {
          const out = rows.slice(i, i + 1000);
          for (const row of out) {
            const keys = by.map((f) => readField(row, f));
            const left = !command.bucketNullable && keys.some((k) => k === null);
            const g = left ? undefined : groups.get(keyOf(keys));
            for (const a of command.aggregations) row[a.name] = g ? g[a.name] : null;
            if (partition) delete row[key];
          }
          hold.release(Math.ceil((hold.heldBytes * out.length) / (rows.length - i)));
          rows.fill(undefined as never, i, i + out.length);
          yield out;
        }
      } finally {
        hold.clear();
      }
    },
    { detail: ctx.buffered() }
  );
}

export function planTrendline(ctx: PlanContext, command: TrendlineCommand): void {
  if (command.sort) ctx.requireColumn(command.sort.field.name, command.sort.field.span);
  for (const a of command.averages) {
    ctx.requireColumn(a.field.name, a.field.span);
    const type = ctx.column(a.field.name)!.type;
    if (!isNumericType(type))
      throw ctx.error(`trendline averages numbers; "${a.field.name}" is ${type}`, a.field.span);
  }
  const types = ctx.types();
  const { budget } = ctx;
  const { maxRows } = ctx.deps;
  const sortKey: SortKey | undefined = command.sort;
  if (sortKey) {
    ctx.add(
      command.span,
      'buffers',
      (input) => sortOp(input, [sortKey], 0, types, maxRows, budget),
      {
        detail: `sorted first: ${ctx.buffered()}`,
      }
    );
  }
  for (const a of command.averages) ctx.setColumn(a.name, 'double');
  const averages = command.averages;
  // As the SQL plugin plans it (a not-null filter per averaged field before the windows), a row
  // with any averaged field null leaves the output, and the windows count only the rows kept.
  ctx.add(
    command.span,
    'streams',
    async function* (input) {
      const windows = averages.map(() => [] as number[]);
      for await (const batch of input) {
        const out: Row[] = [];
        for (const row of batch) {
          const values = averages.map((a) => readField(row, a.field.name));
          if (values.some((v) => v === null)) continue;
          averages.forEach((a, i) => {
            const w = windows[i];
            w.push(Number(values[i]));
            if (w.length > a.periods) w.shift();
            row[a.name] = w.length < a.periods ? null : movingAverage(a.method, w);
          });
          out.push(row);
        }
        yield out;
      }
    },
    { keepsCount: false }
  );
}

/** A full window's average: equal weights (sma), or 1…n with the newest heaviest (wma). */
export function movingAverage(method: 'sma' | 'wma', window: number[]): number {
  const n = window.length;
  if (method === 'sma') return window.reduce((s, x) => s + x, 0) / n;
  return window.reduce((s, x, j) => s + x * (j + 1), 0) / ((n * (n + 1)) / 2);
}
