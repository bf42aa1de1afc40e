/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * `timewrap` in the server (timewrap.md), as the SQL plugin computes it (visitTimewrap and
 * TimewrapPivot): periods are counted back from the latest row, a period's column named by its
 * distance from the reference time; a row per display time, the latest period's time at the same
 * offset. Only periods with rows are columns, so the rows are read while planning.
 */
import type { TimewrapCommand, TimewrapUnit } from '../../../../common/ppl/commands/pivot';
import type { PplType, PplValue } from '../../../../common/ppl/types';
import { readField } from '../evaluate';
import type { Row } from '../operators';
import { formatTimestampValue, type Column, type PlanContext } from '../plan_context';
import { timestampMs } from './buckets';
import { collect, OUT_BATCH } from './combine_rows';

const FIXED_SECONDS: Partial<Record<TimewrapUnit, number>> = {
  second: 1,
  minute: 60,
  hour: 3_600,
  day: 86_400,
  week: 604_800,
};

/** How a timewrap places one timechart row: its period (1 the latest) and the time it shows. */
export interface PeriodRule {
  period(seconds: number): number;
  display(seconds: number): number;
  /** Periods between the latest row's and the reference time's (0: the latest holds it). */
  baseOffset: number;
}

const utc = (seconds: number) => new Date(seconds * 1000);

/** A calendar unit's number (months since year 0, …), as the plugin's calendarUnitNumber. */
function calendarNumber(seconds: number, unit: TimewrapUnit, size: number): number {
  const d = utc(seconds);
  const year = d.getUTCFullYear();
  const month = d.getUTCMonth() + 1;
  const n =
    unit === 'month'
      ? year * 12 + month
      : unit === 'quarter'
        ? year * 4 + Math.trunc((month - 1) / 3)
        : year;
  return size > 1 ? Math.trunc(n / size) : n;
}

/** The start of the calendar month, quarter or year holding a time (not of a multi-unit span). */
function calendarStart(seconds: number, unit: TimewrapUnit): number {
  const d = utc(seconds);
  const month =
    unit === 'month'
      ? d.getUTCMonth()
      : unit === 'quarter'
        ? d.getUTCMonth() - (d.getUTCMonth() % 3)
        : 0;
  return Date.UTC(d.getUTCFullYear(), month, 1) / 1000;
}

/**
 * The periods of a timewrap given the latest row's time and the reference time (all in epoch
 * seconds). Fixed units: a row's period is the whole spans between it and the latest row, plus
 * one; it shows at its offset within the epoch-aligned span, in the latest row's span. Months,
 * quarters and years count calendar units the same way.
 */
export function periodRule(
  command: Pick<TimewrapCommand, 'unit' | 'size'>,
  latest: number,
  reference: number
): PeriodRule {
  const { unit, size } = command;
  const fixed = FIXED_SECONDS[unit];
  if (fixed !== undefined) {
    const span = fixed * size;
    const latestStart = latest - (latest % span);
    return {
      period: (t) => Math.trunc((latest - t) / span) + 1,
      display: (t) => latestStart + (t % span),
      baseOffset: Math.floor((reference - latest) / span),
    };
  }
  const latestNumber = calendarNumber(latest, unit, size);
  const latestStart = calendarStart(latest, unit);
  return {
    period: (t) => latestNumber - calendarNumber(t, unit, size) + 1,
    display: (t) => latestStart + (t - calendarStart(t, unit)),
    baseOffset: calendarNumber(reference, unit, size) - latestNumber,
  };
}

/**
 * A period's column suffix: `latest_<unit>`, `<N><unit>s_before`, `<N><unit>s_after` (series
 * relative) or `s<N>` (short; exact too, as the plugin has not built its time_format yet), N the
 * distance from the reference in units.
 */
export function periodName(
  command: Pick<TimewrapCommand, 'unit' | 'size' | 'series'>,
  period: number,
  baseOffset: number
): string {
  const distance = (baseOffset + period - 1) * command.size;
  if (command.series !== 'relative') return `s${distance}`;
  if (distance === 0) return `latest_${command.unit}`;
  const n = Math.abs(distance);
  return `${n}${command.unit}${n === 1 ? '' : 's'}_${distance > 0 ? 'before' : 'after'}`;
}

/** A timechart row's time in epoch seconds (whole seconds, as the plugin's UNIX_TIMESTAMP cast). */
function rowSeconds(value: PplValue | undefined): number | undefined {
  const ms = value === undefined ? null : timestampMs(value);
  return ms === null ? undefined : Math.trunc(ms / 1000);
}

interface Cell {
  period: number;
  value: string;
  name: string;
  type: PplType;
}

export async function planTimewrap(ctx: PlanContext, command: TimewrapCommand): Promise<void> {
  const [time, ...values] = ctx.columns;
  if (time === undefined || time.type !== 'timestamp' || values.length === 0)
    throw ctx.error('timewrap must follow a timechart', command.span);
  const upstream = ctx.readSoFar();
  if (upstream === undefined) {
    throw ctx.error(
      'timewrap names its columns from the periods its rows fall in, which are not known inside appendpipe; run the timechart and timewrap as a search of their own',
      command.span
    );
  }
  const { maxRows } = ctx.deps;
  // Held from planning until the query ends.
  const hold = ctx.budget.hold('timewrap');
  const rows = await collect(upstream, hold, maxRows);
  const timed = rows.flatMap((row) => {
    const seconds = rowSeconds(readField(row, time.name));
    return seconds === undefined ? [] : [{ row, seconds }];
  });
  if (timed.length === 0) {
    // As the plugin, which pivots nothing without rows: its unpivoted columns, and no row.
    ctx.columns = [
      ...ctx.columns,
      { name: '__base_offset__', type: 'bigint' },
      { name: '__period__', type: 'bigint' },
    ];
    ctx.add(command.span, 'buffers', async function* () {}, { keepsCount: false });
    return;
  }
  const latest = timed.reduce((max, t) => Math.max(max, t.seconds), -Infinity);
  const now = Math.trunc(ctx.deps.now.getTime() / 1000);
  const reference = command.align === 'end' ? (command.reference ?? now) : now;
  const rule = periodRule(command, latest, reference);
  // Oldest (the largest period number) first.
  const periods = [...new Set(timed.map((t) => rule.period(t.seconds)))].sort((a, b) => b - a);
  const cells: Cell[] = periods.flatMap((period) =>
    values.map((v) => ({
      period,
      value: v.name,
      name: `${v.name}_${periodName(command, period, rule.baseOffset)}`,
      type: v.type,
    }))
  );
  ctx.columns = [{ ...time }, ...cells.map((c): Column => ({ name: c.name, type: c.type }))];
  const cellsOf = new Map<number, Cell[]>();
  for (const c of cells) {
    const list = cellsOf.get(c.period);
    if (list) list.push(c);
    else cellsOf.set(c.period, [c]);
  }
  const timeName = time.name;
  ctx.add(
    command.span,
    'buffers',
    async function* () {
      try {
        const byDisplay = new Map<number, Row>();
        for (const { row, seconds } of timed) {
          const shown = rule.display(seconds);
          let out = byDisplay.get(shown);
          if (out === undefined) {
            out = { [timeName]: formatTimestampValue(shown * 1000) };
            for (const c of cells) out[c.name] = null;
            // The wrapped rows can outgrow the timechart's (a row per offset, a cell per period).
            hold.addRow(out);
            byDisplay.set(shown, out);
          }
          for (const c of cellsOf.get(rule.period(seconds)) ?? [])
            out[c.name] = readField(row, c.value);
        }
        const out = [...byDisplay.entries()].sort(([a], [b]) => a - b).map(([, r]) => r);
        for (let i = 0; i < out.length; i += OUT_BATCH) yield out.slice(i, i + OUT_BATCH);
      } finally {
        hold.clear();
      }
    },
    { keepsCount: false, detail: ctx.buffered() }
  );
}
