/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Whether a result can be drawn over time, and its points: a result with a time column and
 * numeric columns (what `timechart`, `chart … by span(…)` and `stats … by span(…)` give). The
 * first time column is the x axis; each numeric column is a measure; the other columns (a
 * `by` field such as `status`) split each measure into one series per value. A group key of
 * numbers (`status` as an integer) is no measure: the query that made the result names its group
 * keys. PPL's times are UTC (`2026-11-01 00:00:00`), read as such. Pure, so it is tested without
 * a browser.
 */
import { MAX_QUERY_PAGE, type SchemaColumn } from '../../../common/api/codecs';
import { parsePpl } from '../../../common/ppl/parser';
import { isNumericType } from '../../components/numeric_types';

const TIME_TYPES = new Set(['timestamp', 'date', 'datetime', 'timestamp_ntz']);

/** The most series a chart draws; the rest (the smallest by total) are left out and counted. */
export const MAX_SERIES = 20;

export interface ChartPoint {
  x: number;
  y: number;
  series: string;
}

export interface ChartData {
  /** The time column's name (the x axis). */
  time: string;
  /** The measures' names (the y axis). */
  measures: string[];
  points: ChartPoint[];
  series: string[];
  /** Series left out to keep the chart readable. */
  omitted: number;
}

export const isTimeType = (type: string) => TIME_TYPES.has(type.toLowerCase());

/** A PPL time (`2026-11-01 00:00:00[.123]`, `2026-11-01`, or ISO) as epoch milliseconds, UTC. */
export function parseTime(value: unknown): number | undefined {
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  const text = value.trim().replace(' ', 'T');
  const zoned = /(Z|[+-]\d\d:?\d\d)$/.test(text)
    ? text
    : `${text}${text.includes('T') ? 'Z' : 'T00:00:00Z'}`;
  const ms = Date.parse(zoned);
  return Number.isNaN(ms) ? undefined : ms;
}

function toNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'string' && value.trim() !== '') {
    const n = Number(value);
    return Number.isFinite(n) ? n : undefined;
  }
  return undefined;
}

/** Can this result be a chart? (A time column and at least one numeric column.) */
export function isChartable(schema: readonly SchemaColumn[]): boolean {
  const time = schema.findIndex((c) => isTimeType(c.type));
  return time >= 0 && schema.some((c, i) => i !== time && isNumericType(c.type));
}

/**
 * The group keys of the query's last `stats`, `timechart` or `chart` (the columns that split
 * a measure into series, whatever their type), or none when the text does not parse.
 */
export function groupColumnsOf(query: string | undefined): string[] {
  if (!query) return [];
  const parsed = parsePpl(query);
  if (!parsed.ok) return [];
  for (const command of [...parsed.query.commands].reverse()) {
    switch (command.kind) {
      case 'Stats':
        return command.by.map((f) => f.name);
      case 'Timechart':
        return command.by ? [command.by.name] : [];
      case 'Chart':
        return [command.row, command.column].flatMap((f) => (f ? [f.name] : []));
      default:
    }
  }
  return [];
}

/**
 * Whether the query's result is counted in time buckets: its last aggregation is a `timechart`,
 * a `stats … by span(…)` or a `chart … by span(…)`. Such a result has a row per bucket (and
 * series), so a month by the hour is a few thousand rows, which a chart needs whole.
 */
export function bucketedOverTime(query: string | undefined): boolean {
  if (!query) return false;
  const parsed = parsePpl(query);
  if (!parsed.ok) return false;
  for (const command of [...parsed.query.commands].reverse()) {
    switch (command.kind) {
      case 'Timechart':
        return true;
      case 'Stats':
        return command.bucket !== undefined;
      case 'Chart':
        return command.rowSpan !== undefined;
      default:
    }
  }
  return false;
}

/** The most rows a chart reads: the largest page the server answers (`_query`'s `size`). */
export const CHART_MAX_ROWS = MAX_QUERY_PAGE;

/** Rows a run asks for: every bucket a chart needs (up to CHART_MAX_ROWS), else `plain`. */
export const resultSizeFor = (query: string, plain: number): number =>
  bucketedOverTime(query) ? CHART_MAX_ROWS : plain;

/** `groups`: columns that split rather than measure (see groupColumnsOf). */
export function chartData(
  schema: readonly SchemaColumn[],
  rows: readonly unknown[][],
  groups: readonly string[] = []
): ChartData | null {
  const time = schema.findIndex((c) => isTimeType(c.type));
  if (time < 0) return null;
  const measures = schema.flatMap((c, i) =>
    i !== time && isNumericType(c.type) && !groups.includes(c.name) ? [i] : []
  );
  if (measures.length === 0) return null;
  const splits = schema.flatMap((_, i) => (i !== time && !measures.includes(i) ? [i] : []));
  const nameOf = (row: readonly unknown[], measure: number) => {
    const split = splits.map((i) =>
      row[i] === null || row[i] === undefined ? '—' : String(row[i])
    );
    if (split.length === 0) return schema[measure].name;
    return measures.length === 1
      ? split.join(' / ')
      : `${split.join(' / ')} · ${schema[measure].name}`;
  };

  const points: ChartPoint[] = [];
  const totals = new Map<string, number>();
  for (const row of rows) {
    const x = parseTime(row[time]);
    if (x === undefined) continue;
    for (const measure of measures) {
      const y = toNumber(row[measure]);
      if (y === undefined) continue;
      const series = nameOf(row, measure);
      points.push({ x, y, series });
      totals.set(series, (totals.get(series) ?? 0) + Math.abs(y));
    }
  }
  const ranked = [...totals.entries()].sort((a, b) => b[1] - a[1]).map(([name]) => name);
  const kept = new Set(ranked.slice(0, MAX_SERIES));
  return {
    time: schema[time].name,
    measures: measures.map((i) => schema[i].name),
    points: points.filter((p) => kept.has(p.series)).sort((a, b) => a.x - b.x),
    // In the order they first appear, so the legend reads as the table does.
    series: [...new Set(points.map((p) => p.series))].filter((s) => kept.has(s)),
    omitted: ranked.length - kept.size,
  };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Axis labels in UTC, as the table shows the times, as precise as the span needs. */
export function timeTickFormat(min: number, max: number): (ms: number) => string {
  const span = max - min;
  return (ms: number) => {
    const d = new Date(ms);
    const date = `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
    const time = `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
    if (span <= 86_400_000) return time;
    if (span <= 7 * 86_400_000) return `${date.slice(5)} ${time}`;
    return date;
  };
}
