/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Charts in the server: `timechart` (time buckets by a field) and `chart` (a row split by a
 * column split), both one aggregate per pair, unpivoted, the column values beyond the limit
 * folded into OTHER.
 */
import type { Aggregation, FieldRef, StatsCommand } from '../../../../common/ppl/ast';
import type { ChartCommand, TimechartCommand } from '../../../../common/ppl/commands/charts';
import { isNumericType, type PplType, type PplValue } from '../../../../common/ppl/types';
import { inferAggregationType, inferType, readField, toPplString } from '../evaluate';
import { BufferLimitError, handOver, Row, RowStream, statsOp, Types } from '../operators';
import type { PlanContext } from '../plan_context';
import { checkAggregation } from './aggregation';
import { bucketer, isTimeType, timeBucketEnd, timestampMs } from './buckets';
import {
  compareSplitGroups,
  foldCategories,
  type FoldOptions,
  type SplitGroup,
} from './chart_fold';
import type { SpanInterval } from '../../../../common/ppl/time_units';

/** A split's output column and how each row's key is read. */
interface SplitKey {
  name: string;
  type: PplType;
  key: (row: Row) => PplValue;
}

interface SplitSpec extends FoldOptions {
  command: 'timechart' | 'chart';
  span: StatsCommand['span'];
  aggregation: Aggregation;
  /** The row split (a row whose key is null is left out). */
  row?: SplitKey;
  /** The column split: with a limit its values become strings, nulls `nullStr`, the rest beyond it `otherStr`. */
  column?: SplitKey;
  /** Applied to each aggregate with its row key (timechart's rate functions). */
  scale?: (rowKey: PplValue, value: PplValue) => PplValue;
}

/**
 * `stats <agg> by <row>, <column>`, then, with both splits and a limit, the column categories
 * folded as the SQL plugin's visitChart does (chart_fold.ts). The rows are held (at most
 * maxRows) while the groups are made. Without a limit (or a column) the column keeps its type
 * and its nulls, as in the plugin.
 */
function planSplit(ctx: PlanContext, spec: SplitSpec): void {
  checkAggregation(ctx, spec.aggregation);
  const types = ctx.types();
  const agg = spec.aggregation;
  const outType = inferAggregationType(agg, types);
  const keyField = (name: string): FieldRef => ({
    kind: 'Field',
    name,
    quoted: true,
    span: spec.span,
  });
  const rowKey = spec.row;
  const column = spec.column;
  const folds = Boolean(rowKey && column && spec.limit > 0);
  const columnType: PplType = folds ? 'string' : (column?.type ?? 'string');
  const stats: StatsCommand = {
    kind: 'Stats',
    aggregations: [agg],
    by: [...(rowKey ? [keyField('\u0000row')] : []), ...(column ? [keyField('\u0000col')] : [])],
    bucketNullable: true,
    written: {},
    span: spec.span,
  };
  const statTypes: Types = new Map(types);
  if (rowKey) statTypes.set('\u0000row', rowKey.type);
  if (column) statTypes.set('\u0000col', columnType);
  ctx.columns = [
    ...(rowKey ? [{ name: rowKey.name, type: rowKey.type }] : []),
    ...(column ? [{ name: column.name, type: columnType }] : []),
    { name: agg.name, type: spec.scale ? 'double' : outType },
  ];
  const { scale } = spec;
  const { maxRows } = ctx.deps;
  const { budget } = ctx;
  const fold: FoldOptions = spec;
  ctx.add(
    spec.span,
    'buffers',
    async function* (input) {
      const rows: Row[] = [];
      const hold = budget.hold(spec.command);
      try {
        for await (const batch of input) {
          for (const row of batch) {
            const r = rowKey ? rowKey.key(row) : null;
            if (rowKey && r === null) continue;
            let c: PplValue = null;
            if (column) {
              c = column.key(row);
              if (c === null && !spec.useNull) continue;
              if (c !== null && folds) c = toPplString(c);
            }
            if (rows.length >= maxRows) throw new BufferLimitError(spec.command, maxRows);
            const kept = { ...row, '\u0000row': r, '\u0000col': c };
            hold.addRow(kept);
            rows.push(kept);
          }
        }
        async function* feed(): RowStream {
          for (let i = 0; i < rows.length; i += 1000) yield rows.slice(i, i + 1000);
        }
        let groups: SplitGroup[] = [];
        for await (const batch of statsOp(feed(), stats, statTypes, [outType], maxRows, budget))
          for (const g of batch)
            groups.push({ row: g['\u0000row'], column: g['\u0000col'], value: g[agg.name] });
        rows.length = 0;
        if (folds) groups = foldCategories(groups, agg.func, fold);
        groups.sort(compareSplitGroups);
        const out = groups.map((g) => {
          const row: Row = {};
          if (rowKey) row[rowKey.name] = g.row;
          if (column) row[column.name] = g.column;
          row[agg.name] = scale ? scale(g.row, g.value) : g.value;
          return row;
        });
        yield* handOver(out, hold);
      } finally {
        hold.clear();
      }
    },
    { keepsCount: false, detail: ctx.buffered() }
  );
}

/** `timechart`: a chart over time buckets of `timefield` (timechart.md). */
export function planTimechart(ctx: PlanContext, command: TimechartCommand): void {
  ctx.requireColumn(command.timeField.name, command.timeField.span);
  if (command.by) ctx.requireColumn(command.by.name, command.by.span);
  const timeType = ctx.column(command.timeField.name)!.type;
  if (!isTimeType(timeType)) {
    throw ctx.error(
      `timechart needs a timestamp field; "${command.timeField.name}" is ${timeType}`,
      command.timeField.span
    );
  }
  if (command.interval.unit === undefined) {
    throw ctx.error('the timechart span needs a time unit (such as 5m or 1h)', command.span);
  }
  const b = bucketer(command.interval, timeType);
  if (typeof b === 'string') throw ctx.error(`timechart: ${b}`, command.span);
  const bucketOf = b.bucket;
  const timeKey = command.timeField.name;
  const { rate, interval } = command;
  if (rate !== undefined) {
    const type = command.aggregation.arg ? inferType(command.aggregation.arg, ctx.types()) : 'int';
    if (!isNumericType(type) && type !== 'undefined')
      throw ctx.error(
        `${command.aggregation.funcWritten} takes a number, not ${type}`,
        command.aggregation.span
      );
  }
  planSplit(ctx, {
    ...(rate === undefined
      ? {}
      : {
          // sum × unit seconds / the bucket's seconds (a calendar month: its own length).
          scale: (key: PplValue, value: PplValue) => {
            const start = timestampMs(key);
            if (value === null || start === null) return value;
            return (Number(value) * rate * 1000) / (timeBucketEnd(start, interval) - start);
          },
        }),
    command: 'timechart',
    span: command.span,
    aggregation: command.aggregation,
    row: { name: timeKey, type: 'timestamp', key: (row) => bucketOf(readField(row, timeKey)) },
    ...(command.by ? { column: plainSplit(ctx, command.by, command.by.name) } : {}),
    limit: command.limit,
    bottom: false,
    useOther: command.useOther,
    useNull: command.useNull,
    nullStr: command.nullStr,
    otherStr: 'OTHER',
  });
}

/** A split on a field's own values. */
function plainSplit(ctx: PlanContext, field: FieldRef, name: string): SplitKey {
  const fieldName = field.name;
  return { name, type: ctx.column(fieldName)!.type, key: (row) => readField(row, fieldName) };
}

/**
 * A chart split, `span=` bucketing it as span() does. As the SQL plugin's row/column split: a
 * spanned split is named by its field, a plain one as written (backticks kept, chart.md).
 */
function chartSplit(ctx: PlanContext, field: FieldRef, interval: SpanInterval | undefined) {
  ctx.requireColumn(field.name, field.span);
  const written = field.quoted ? ctx.text.slice(field.span.start, field.span.end) : field.name;
  if (!interval) return plainSplit(ctx, field, written);
  const b = bucketer(interval, ctx.column(field.name)!.type);
  if (typeof b === 'string') throw ctx.error(`chart: ${b}`, field.span);
  const name = field.name;
  return { name, type: b.type, key: (row: Row) => b.bucket(readField(row, name)) };
}

/** `chart`: the aggregate per row split (nulls left out) and column split (chart.md). */
export function planChart(ctx: PlanContext, command: ChartCommand): void {
  const row = command.row ? chartSplit(ctx, command.row, command.rowSpan) : undefined;
  const column = command.column ? chartSplit(ctx, command.column, command.columnSpan) : undefined;
  planSplit(ctx, {
    command: 'chart',
    span: command.span,
    aggregation: command.aggregation,
    ...(row ? { row } : {}),
    ...(column ? { column } : {}),
    limit: command.limit,
    bottom: command.bottom,
    useOther: command.useOther,
    useNull: command.useNull,
    nullStr: command.nullStr,
    otherStr: command.otherStr,
  });
}
