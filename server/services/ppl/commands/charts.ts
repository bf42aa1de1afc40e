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

interface SplitSpec {
  command: 'timechart' | 'chart';
  span: StatsCommand['span'];
  aggregation: Aggregation;
  /** The row key's column and how each row's key is read (null: the row is left out). */
  row?: { name: string; type: PplType; key: (row: Row) => PplValue };
  /** The column split: its values become strings, nulls `nullStr`, the rest beyond `limit` `otherStr`. */
  column?: string;
  /** The column split's output name (chart keeps the backticks it was written with). */
  columnName?: string;
  limit: number;
  bottom: boolean;
  useOther: boolean;
  useNull: boolean;
  nullStr: string;
  otherStr: string;
  /** Applied to each aggregate with its row key (timechart's rate functions). */
  scale?: (rowKey: PplValue, value: PplValue) => PplValue;
}

/**
 * `stats <agg> by <row>, <column>` with the column values beyond the top (or bottom) `limit`,
 * ranked by the sum of the aggregate over all rows, folded into `otherStr`. Two passes over the
 * rows, so they are held (at most maxRows).
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
  const columnName = spec.columnName ?? column;
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
  if (column) statTypes.set('\u0000col', 'string');
  ctx.columns = [
    ...(rowKey ? [{ name: rowKey.name, type: rowKey.type }] : []),
    ...(columnName ? [{ name: columnName, type: 'string' as PplType }] : []),
    { name: agg.name, type: spec.scale ? 'double' : outType },
  ];
  const { scale } = spec;
  const { maxRows } = ctx.deps;
  const { budget } = ctx;
  const { limit, bottom, useOther, useNull, nullStr, otherStr } = spec;
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
              const v = readField(row, column);
              if (v === null && !useNull) continue;
              c = v === null ? nullStr : toPplString(v);
            }
            if (rows.length >= maxRows) throw new BufferLimitError(spec.command, maxRows);
            const kept = { ...row, '\u0000row': r, '\u0000col': c };
            hold.addRow(kept);
            rows.push(kept);
          }
        }
        const aggregate = async (source: Row[]): Promise<Row[]> => {
          const out: Row[] = [];
          async function* feed(): RowStream {
            for (let i = 0; i < source.length; i += 1000) yield source.slice(i, i + 1000);
          }
          for await (const batch of statsOp(feed(), stats, statTypes, [outType], maxRows, budget))
            out.push(...batch);
          return out;
        };
        let groups = await aggregate(rows);
        if (column && limit > 0) {
          const totals = new Map<string, number>();
          for (const g of groups) {
            const k = String(g['\u0000col']);
            totals.set(k, (totals.get(k) ?? 0) + Number(g[agg.name] ?? 0));
          }
          if (totals.size > limit) {
            const sign = bottom ? -1 : 1;
            const top = new Set(
              [...totals.entries()]
                .sort((x, y) => sign * (y[1] - x[1]) || (x[0] < y[0] ? -1 : x[0] > y[0] ? 1 : 0))
                .slice(0, limit)
                .map(([k]) => k)
            );
            const kept = rows.filter((r) => useOther || top.has(String(r['\u0000col'])));
            for (const r of kept) if (!top.has(String(r['\u0000col']))) r['\u0000col'] = otherStr;
            groups = await aggregate(kept);
          }
        }
        const out = groups.map((g) => {
          const row: Row = {};
          if (rowKey) row[rowKey.name] = g['\u0000row'];
          if (columnName) row[columnName] = g['\u0000col'];
          row[agg.name] = scale ? scale(g['\u0000row'], g[agg.name]) : g[agg.name];
          return row;
        });
        rows.length = 0;
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
    ...(command.by ? { column: command.by.name } : {}),
    limit: command.limit,
    bottom: false,
    useOther: command.useOther,
    useNull: command.useNull,
    nullStr: command.nullStr,
    otherStr: 'OTHER',
  });
}

/** `chart`: the aggregate per row split (nulls left out) and column split (chart.md). */
export function planChart(ctx: PlanContext, command: ChartCommand): void {
  if (command.row) ctx.requireColumn(command.row.name, command.row.span);
  if (command.column) ctx.requireColumn(command.column.name, command.column.span);
  const rowName = command.row?.name;
  // chart.md: a split written in backticks keeps them in its column name.
  const written = (f: FieldRef) => (f.quoted ? ctx.text.slice(f.span.start, f.span.end) : f.name);
  let rowKey: { type: PplType; key: (row: Row) => PplValue } | undefined;
  if (rowName) {
    const type = ctx.column(rowName)!.type;
    rowKey = { type, key: (row: Row) => readField(row, rowName) };
    if (command.rowSpan) {
      const b = bucketer(command.rowSpan, type);
      if (typeof b === 'string') throw ctx.error(`chart: ${b}`, command.span);
      rowKey = { type: b.type, key: (row: Row) => b.bucket(readField(row, rowName)) };
    }
  }
  planSplit(ctx, {
    command: 'chart',
    span: command.span,
    aggregation: command.aggregation,
    ...(command.row && rowKey ? { row: { name: written(command.row), ...rowKey } } : {}),
    ...(command.column ? { column: command.column.name, columnName: written(command.column) } : {}),
    limit: command.limit,
    bottom: command.bottom,
    useOther: command.useOther,
    useNull: command.useNull,
    nullStr: command.nullStr,
    otherStr: command.otherStr,
  });
}
