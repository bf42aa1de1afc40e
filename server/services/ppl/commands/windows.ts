/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Buckets and windows in the server (timechart and chart: charts.ts): the bucket of a value for
 * `span()` and `bin`, `eventstats` (buffers: every row needs its whole group), `streamstats` and
 * `trendline` (stream, keeping only their windows; trendline's `sort` buffers).
 */
import type { Aggregation, FieldRef, SortKey, StatsCommand } from '../../../../common/ppl/ast';
import type {
  BinCommand,
  EventStatsCommand,
  SpanInterval,
  StreamStatsCommand,
  TrendlineCommand,
} from '../../../../common/ppl/commands/windows';
import { isNumericType, type PplType, type PplValue } from '../../../../common/ppl/types';
import { javaDoubleToString } from '../../../../common/substrate/java_double';
import { compareValues, evaluate, inferAggregationType, readField, toPplString } from '../evaluate';
import { BufferLimitError, Row, RowStream, sortOp, statsOp, Types } from '../operators';
import { formatTimestampValue, type PlanContext } from '../plan_context';
import { checkAggregation } from './aggregation';

const FIXED_MS: Record<string, number> = {
  ms: 1,
  s: 1000,
  m: 60_000,
  h: 3_600_000,
  d: 86_400_000,
  w: 7 * 86_400_000,
};

export const isTimeType = (t: PplType) => t === 'timestamp' || t === 'date';

/** Milliseconds since the epoch of a timestamp value (`yyyy-MM-dd HH:mm:ss[.fff]` or a number). */
export function timestampMs(v: PplValue): number | null {
  if (v === null) return null;
  if (typeof v === 'number') return v;
  const text = String(v);
  const ms = Date.parse(/[zZ]|[+-]\d\d:?\d\d$/.test(text) ? text : `${text.replace(' ', 'T')}Z`);
  return Number.isNaN(ms) ? null : ms;
}

/** The start of the bucket `ms` falls in: fixed units from the epoch, months/quarters/years by the calendar. */
export function timeBucket(ms: number, interval: SpanInterval): number {
  const unit = interval.unit!;
  if (FIXED_MS[unit] !== undefined) {
    const width = FIXED_MS[unit] * interval.size;
    return Math.floor(ms / width) * width;
  }
  const d = new Date(ms);
  const months = d.getUTCFullYear() * 12 + d.getUTCMonth();
  const width = interval.size * (unit === 'M' ? 1 : unit === 'q' ? 3 : 12);
  const start = Math.floor(months / width) * width;
  return Date.UTC(Math.floor(start / 12), start % 12, 1);
}

/** A bucketing function for a column of type `type`; an error message when the two do not fit. */
export function bucketer(
  interval: SpanInterval,
  type: PplType
): { bucket: (v: PplValue) => PplValue; type: PplType } | string {
  if (isTimeType(type)) {
    if (interval.unit === undefined)
      return 'a time field needs a span with a unit (such as 1h or 1d)';
    if (!Number.isInteger(interval.size)) return 'a time span must be a whole number of units';
    return {
      type: 'timestamp',
      bucket: (v) => {
        const ms = timestampMs(v);
        return ms === null ? null : formatTimestampValue(timeBucket(ms, interval));
      },
    };
  }
  if (isNumericType(type) || type === 'undefined') {
    if (interval.unit !== undefined)
      return `a numeric field takes a plain number as span, not "${interval.text}"`;
    const size = interval.size;
    const integral =
      Number.isInteger(size) && ['tinyint', 'smallint', 'int', 'bigint'].includes(type);
    return {
      type: integral ? type : 'double',
      bucket: (v) => {
        if (v === null) return null;
        const n = Number(v);
        if (Number.isNaN(n)) return null;
        return Math.floor(n / size) * size;
      },
    };
  }
  return `span works on numeric and time fields, not ${type}`;
}

const rangeText = (lo: number, hi: number, integral: boolean) =>
  integral ? `${lo}-${hi}` : `${javaDoubleToString(lo)}-${javaDoubleToString(hi)}`;

export function planBin(ctx: PlanContext, command: BinCommand): void {
  ctx.requireColumn(command.field.name, command.field.span);
  const type = ctx.column(command.field.name)!.type;
  const b = bucketer(command.interval, type);
  if (typeof b === 'string') throw ctx.error(`bin: ${b}`, command.span);
  const bucketOf = b.bucket;
  const from = command.field.name;
  const to = command.alias?.name ?? from;
  const time = isTimeType(type);
  const size = command.interval.size;
  const integral =
    Number.isInteger(size) && ['tinyint', 'smallint', 'int', 'bigint'].includes(type);
  ctx.setColumn(to, time ? 'timestamp' : 'string');
  const { budget } = ctx;
  ctx.add(command.span, 'streams', async function* (input) {
    for await (const batch of input) {
      await budget.eachRow(batch, (row: Row) => {
        const v = bucketOf(readField(row, from));
        row[to] = time || v === null ? v : rangeText(Number(v), Number(v) + size, integral);
      });
      yield batch;
    }
  });
}

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

const keyOf = (values: PplValue[]) =>
  JSON.stringify(
    values.map((v) => (typeof v === 'bigint' ? `${v}n` : v === null ? null : toPplString(v)))
  );

export function planEventStats(ctx: PlanContext, command: EventStatsCommand): void {
  for (const f of command.by) ctx.requireColumn(f.name, f.span);
  command.aggregations.forEach((a) => checkAggregation(ctx, a));
  const types = ctx.types();
  const outTypes = command.aggregations.map((a) => inferAggregationType(a, types));
  command.aggregations.forEach((a, i) => ctx.setColumn(a.name, outTypes[i]));
  const stats: StatsCommand = {
    kind: 'Stats',
    aggregations: command.aggregations,
    by: command.by,
    bucketNullable: true,
    written: {},
    span: command.span,
  };
  const { budget } = ctx;
  const { maxRows } = ctx.deps;
  const by = command.by.map((f) => f.name);
  ctx.add(
    command.span,
    'buffers',
    async function* (input) {
      const rows: Row[] = [];
      for await (const batch of input) {
        if (rows.length + batch.length > maxRows) throw new BufferLimitError('eventstats', maxRows);
        rows.push(...batch);
      }
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
          const g = groups.get(keyOf(by.map((f) => readField(row, f))));
          for (const a of command.aggregations) row[a.name] = g ? g[a.name] : null;
        }
        yield out;
      }
    },
    { detail: ctx.buffered() }
  );
}

/** A running aggregate over a window of values (count, sum, avg, min, max, dc). */
function windowValue(agg: Aggregation, values: PplValue[], outType: PplType): PplValue {
  const present = values.filter((v) => v !== null);
  switch (agg.func) {
    case 'count':
      return present.length;
    case 'dc':
      return new Set(present.map((v) => toPplString(v))).size;
    case 'sum':
    case 'avg': {
      if (present.length === 0) return null;
      const total = present.reduce<number>((s, v) => s + Number(v), 0);
      if (agg.func === 'avg') return total / present.length;
      return ['tinyint', 'smallint', 'int', 'bigint'].includes(outType) ? Math.round(total) : total;
    }
    case 'min':
    case 'max': {
      let best: PplValue = null;
      const sign = agg.func === 'min' ? 1 : -1;
      for (const v of present)
        if (best === null || sign * (compareValues(v, best) ?? 0) < 0) best = v;
      return best;
    }
    default:
      return null;
  }
}

const STREAMING_AGGREGATIONS = new Set(['count', 'dc', 'sum', 'avg', 'min', 'max']);

export function planStreamStats(ctx: PlanContext, command: StreamStatsCommand): void {
  for (const f of command.by) ctx.requireColumn(f.name, f.span);
  for (const a of command.aggregations) {
    checkAggregation(ctx, a);
    if (!STREAMING_AGGREGATIONS.has(a.func)) {
      throw ctx.error(
        `streamstats runs ${[...STREAMING_AGGREGATIONS].join(', ')}; "${a.funcWritten}" is not supported here`,
        a.span
      );
    }
  }
  const types: Types = ctx.types();
  const outTypes = command.aggregations.map((a) => inferAggregationType(a, types));
  command.aggregations.forEach((a, i) => ctx.setColumn(a.name, outTypes[i]));
  const by = command.by.map((f) => f.name);
  const { current, window, global } = command;
  const { budget } = ctx;
  const { maxRows } = ctx.deps;
  const read = (a: Aggregation, row: Row): PplValue =>
    a.arg ? evaluate(a.arg, row, { types }) : 1;
  ctx.add(
    command.span,
    'streams',
    async function* (input) {
      // A window: the last rows of the group (or of all rows, global=true with by), aggregated
      // over the rows of the row's group. No window: running state per group.
      const windows = new Map<string, Array<{ group: string; values: PplValue[] }>>();
      const running = new Map<string, Running[]>();
      for await (const batch of input) {
        await budget.eachRow(batch, (row: Row) => {
          const group = keyOf(by.map((f) => readField(row, f)));
          const values = command.aggregations.map((a) => read(a, row));
          if (window === 0) {
            let state = running.get(group);
            if (!state) {
              if (running.size >= maxRows) throw new BufferLimitError('streamstats', maxRows);
              running.set(group, (state = command.aggregations.map(() => newRunning())));
            }
            const s = state;
            if (current) s.forEach((r, i) => addRunning(r, values[i]));
            command.aggregations.forEach(
              (a, i) => (row[a.name] = runningValue(a, s[i], outTypes[i]))
            );
            if (!current) s.forEach((r, i) => addRunning(r, values[i]));
            return;
          }
          const slot = global && by.length > 0 ? '' : group;
          let seen = windows.get(slot);
          if (!seen) {
            if (windows.size >= maxRows) throw new BufferLimitError('streamstats', maxRows);
            windows.set(slot, (seen = []));
          }
          const prior = seen.slice(-(current ? window - 1 : window) || seen.length);
          const pool = [
            ...(current || window > 0 ? prior : []),
            ...(current ? [{ group, values }] : []),
          ].filter((e) => e.group === group);
          const usable = current && window === 1 ? pool.slice(-1) : pool;
          command.aggregations.forEach((a, i) => {
            row[a.name] = windowValue(
              a,
              usable.map((e) => e.values[i]),
              outTypes[i]
            );
          });
          seen.push({ group, values });
          if (seen.length > window) seen.splice(0, seen.length - window);
        });
        yield batch;
      }
    },
    {
      detail:
        command.window > 0 ? `a window of ${command.window} rows` : 'running totals per group',
    }
  );
}

interface Running {
  count: number;
  sum: number;
  best: { min: PplValue; max: PplValue };
  distinct: Set<string>;
}

const newRunning = (): Running => ({
  count: 0,
  sum: 0,
  best: { min: null, max: null },
  distinct: new Set(),
});

function addRunning(r: Running, v: PplValue): void {
  if (v === null) return;
  r.count++;
  if (typeof v === 'number' || typeof v === 'bigint') r.sum += Number(v);
  if (r.best.min === null || (compareValues(v, r.best.min) ?? 0) < 0) r.best.min = v;
  if (r.best.max === null || (compareValues(v, r.best.max) ?? 0) > 0) r.best.max = v;
  r.distinct.add(toPplString(v));
}

function runningValue(agg: Aggregation, r: Running, outType: PplType): PplValue {
  switch (agg.func) {
    case 'count':
      return r.count;
    case 'dc':
      return r.distinct.size;
    case 'sum':
      return r.count === 0
        ? null
        : ['tinyint', 'smallint', 'int', 'bigint'].includes(outType)
          ? Math.round(r.sum)
          : r.sum;
    case 'avg':
      return r.count === 0 ? null : r.sum / r.count;
    case 'min':
      return r.best.min;
    case 'max':
      return r.best.max;
    default:
      return null;
  }
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
  ctx.add(command.span, 'streams', async function* (input) {
    const windows = averages.map(() => [] as number[]);
    for await (const batch of input) {
      for (const row of batch) {
        averages.forEach((a, i) => {
          const v = readField(row, a.field.name);
          const w = windows[i];
          if (v !== null) {
            w.push(Number(v));
            if (w.length > a.periods) w.shift();
          }
          if (w.length < a.periods || v === null) {
            row[a.name] = null;
            return;
          }
          if (a.method === 'sma') row[a.name] = w.reduce((s, x) => s + x, 0) / a.periods;
          else {
            const weights = (a.periods * (a.periods + 1)) / 2;
            row[a.name] = w.reduce((s, x, j) => s + x * (j + 1), 0) / weights;
          }
        });
      }
      yield batch;
    }
  });
}
