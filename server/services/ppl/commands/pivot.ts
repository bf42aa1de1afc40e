/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Pivots in the server, rows held (at most max_rows). `xyseries` (xyseries.md): one row out per
 * x value in ascending order, a column per value field and listed name; a name with no row is
 * null. `timewrap` (timewrap.md): a timechart's periods side by side.
 */
import type {
  TimewrapCommand,
  TimewrapUnit,
  XySeriesCommand,
} from '../../../../common/ppl/commands/pivot';
import type { PplValue } from '../../../../common/ppl/types';
import { readField, toPplString } from '../evaluate';
import { compareRows, type Row } from '../operators';
import { formatTimestampValue, type Column, type PlanContext } from '../plan_context';
import { collect, OUT_BATCH } from './combine_rows';

export function planXySeries(ctx: PlanContext, command: XySeriesCommand): void {
  for (const f of [command.x, command.nameField, ...command.dataFields])
    ctx.requireColumn(f.name, f.span);
  const types = ctx.types();
  const columnName = (data: string, value: string) =>
    command.format === undefined
      ? `${data}${command.sep}${value}`
      : command.format.split('$AGG$').join(data).split('$VAL$').join(value);
  const cells: Array<{ name: string; data: string; value: string }> = [];
  for (const d of command.dataFields)
    for (const v of command.values)
      cells.push({ name: columnName(d.name, v), data: d.name, value: v });
  const seen = new Set<string>([command.x.name]);
  for (const c of cells) {
    if (seen.has(c.name))
      throw ctx.error(
        `xyseries would make the column "${c.name}" twice: list each value once`,
        command.span
      );
    seen.add(c.name);
  }
  const x = command.x.name;
  const xColumn = ctx.column(x)!;
  ctx.columns = [
    { ...xColumn },
    ...cells.map((c): Column => ({ name: c.name, type: types.get(c.data) ?? 'undefined' })),
  ];
  const byX = compareRows(
    [{ field: command.x, order: 'asc', notation: 'none', span: command.x.span }],
    types
  );
  const { maxRows } = ctx.deps;
  const nameField = command.nameField.name;
  const wanted = new Set(command.values);
  ctx.add(
    command.span,
    'buffers',
    async function* (input) {
      const hold = ctx.budget.hold('xyseries');
      try {
        const rows = (await collect(input, hold, maxRows)).sort(byX);
        const groups = new Map<string, Row>();
        const order: Row[] = [];
        for (const row of rows) {
          const xv = readField(row, x);
          const id = JSON.stringify(xv === null ? null : toPplString(xv));
          let out = groups.get(id);
          if (out === undefined) {
            out = { [x]: xv };
            for (const c of cells) out[c.name] = null;
            groups.set(id, out);
            order.push(out);
          }
          const nv = readField(row, nameField);
          const name = nv === null ? null : toPplString(nv);
          if (name === null || !wanted.has(name)) continue;
          for (const c of cells)
            if (c.value === name && out[c.name] === null) out[c.name] = readField(row, c.data);
        }
        for (let i = 0; i < order.length; i += OUT_BATCH) yield order.slice(i, i + OUT_BATCH);
      } finally {
        hold.clear();
      }
    },
    { keepsCount: false, detail: ctx.buffered() }
  );
}

const UNIT_MS: Readonly<Record<TimewrapUnit, number>> = {
  second: 1000,
  minute: 60_000,
  hour: 3_600_000,
  day: 86_400_000,
  week: 604_800_000,
};
/** timewrap.md: at most this many periods, the most recent. */
const MAX_PERIODS = 20;

/** A timestamp as written in a query or shown in a row (`yyyy-MM-dd HH:mm:ss`, UTC), in ms. */
function timeMs(value: PplValue | string | undefined): number | undefined {
  if (value === null || value === undefined) return undefined;
  const text = String(value).trim();
  const zoned = /(?:[zZ]|[+-]\d{2}:?\d{2})$/.test(text);
  const ms = Date.parse(zoned ? text : `${text.replace(' ', 'T')}${text.includes(':') ? 'Z' : ''}`);
  return Number.isNaN(ms) ? undefined : ms;
}

/**
 * `timewrap` (timewrap.md): the periods of the span (aligned to the epoch, in UTC) from the
 * range's start to its reference one — the range's end (`align=end`) or now — each a column,
 * named `<column>_<N><unit>s_before`, `<column>_latest_<unit>`, `<column>_<N><unit>s_after`; one
 * row per offset within a period, its time that of the reference period. A period without a row
 * has no column ("only columns with data are included"), so the rows are read while planning;
 * where they cannot be (inside appendpipe), every period of the range is a column. Without the
 * range's start it is refused.
 */
export async function planTimewrap(ctx: PlanContext, command: TimewrapCommand): Promise<void> {
  const [time, ...values] = ctx.columns;
  if (time === undefined || time.type !== 'timestamp' || values.length === 0)
    throw ctx.error('timewrap must follow a timechart', command.span);
  const period = command.size * UNIT_MS[command.unit];
  const start = timeMs(command.range.start);
  if (start === undefined) {
    throw ctx.error(
      `timewrap needs the time range's start to know its columns before it runs: add where ${time.name} >= '<time>' before the timechart`,
      command.span
    );
  }
  const endWritten = command.align === 'end' ? timeMs(command.range.end) : undefined;
  const reference = Math.floor((endWritten ?? ctx.deps.now.getTime()) / period);
  const first = Math.max(Math.floor(start / period), reference - MAX_PERIODS + 1);
  const unitName = (n: number) => `${n}${command.unit}${n === 1 ? '' : 's'}`;
  const label = (p: number) =>
    p === reference
      ? `latest_${command.unit}`
      : p < reference
        ? `${unitName((reference - p) * command.size)}_before`
        : `${unitName((p - reference) * command.size)}_after`;
  const timeName = time.name;
  const periodOf = (row: Row) => {
    const t = timeMs(readField(row, timeName));
    if (t === undefined) return undefined;
    const p = Math.floor(t / period);
    return p < first || p > reference ? undefined : { p, offset: t - p * period };
  };
  // Held from planning until the query ends.
  const hold = ctx.budget.hold('timewrap');
  const upstream = ctx.readSoFar();
  const read = upstream === undefined ? undefined : await collect(upstream, hold, ctx.deps.maxRows);
  const withRows = read && new Set(read.map((row) => periodOf(row)?.p));
  const periods: number[] = [];
  for (let p = first; p <= reference; p++) if (!withRows || withRows.has(p)) periods.push(p);
  const cells = periods.flatMap((p) =>
    values.map((v) => ({ p, value: v.name, name: `${v.name}_${label(p)}`, type: v.type }))
  );
  ctx.columns = [{ ...time }, ...cells.map((c): Column => ({ name: c.name, type: c.type }))];
  const { maxRows } = ctx.deps;
  ctx.add(
    command.span,
    'buffers',
    async function* (input) {
      try {
        const rows = read ?? (await collect(input, hold, maxRows));
        const byOffset = new Map<number, Row>();
        for (const row of rows) {
          const at = periodOf(row);
          if (at === undefined) continue;
          let out = byOffset.get(at.offset);
          if (out === undefined) {
            out = { [timeName]: formatTimestampValue(reference * period + at.offset) };
            for (const c of cells) out[c.name] = null;
            byOffset.set(at.offset, out);
          }
          for (const c of cells) if (c.p === at.p) out[c.name] = readField(row, c.value);
        }
        const out = [...byOffset.entries()].sort(([a], [b]) => a - b).map(([, r]) => r);
        for (let i = 0; i < out.length; i += OUT_BATCH) yield out.slice(i, i + OUT_BATCH);
      } finally {
        if (read === undefined) hold.clear();
      }
    },
    { keepsCount: false, detail: ctx.buffered() }
  );
}
