/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * `bin` in the server (bin.md). A fixed `span=` (numeric, time or logarithmic) or an epoch
 * `aligntime` streams; every width chosen from the data's range (`bins`, `minspan`, `start`/`end`,
 * no option) and `aligntime=earliest|latest|@d…` needs the range first, so it buffers (max_rows).
 */
import type { BinCommand } from '../../../../common/ppl/commands/windows';
import { isIntegralType, isNumericType, type PplValue } from '../../../../common/ppl/types';
import type { SpanInterval } from '../../../../common/ppl/time_units';
import { javaDoubleToString } from '../../../../common/substrate/java_double';
import { readField } from '../evaluate';
import { BufferLimitError, handOver, Row } from '../operators';
import type { PlanContext } from '../plan_context';
import {
  bucketer,
  isTimeType,
  spanRangeText,
  timestampMs,
  widthRangeText,
  fixedWidthMs,
} from './buckets';

const DAY_MS = 86_400_000;
const HOUR: SpanInterval = { size: 1, unit: 'h', text: '1h' };

/** The data's extent, for the widths that depend on it. */
interface Extent {
  min: number;
  max: number;
}

type Label = (v: PplValue) => PplValue;

/** A number, or a string that is one (bin.md bins text fields by their numbers); else null. */
const toNumber = (v: PplValue): number | null => {
  if (v === null || (typeof v === 'string' && v.trim() === '')) return null;
  const n = Number(v);
  return Number.isNaN(n) ? null : n;
};

/** `10^k`, rounded so that `0.1` stays 0.1 (Math.pow(10, -1) is exact enough; products are not). */
const roundTo = (x: number, width: number) => {
  const places = Math.max(0, Math.ceil(-Math.log10(width)));
  return places === 0 ? x : Number(x.toFixed(places));
};

/** `[c]log[b]`: bounds c·bⁿ ≤ v < c·bⁿ⁺¹; values ≤ 0 have no bucket ("Invalid", as bin.md's engine). */
function logLabel(coefficient: number, base: number): Label {
  const log =
    base === 10 ? Math.log10 : base === 2 ? Math.log2 : (x: number) => Math.log(x) / Math.log(base);
  return (v) => {
    const n = toNumber(v);
    if (n === null) return null;
    if (n <= 0) return 'Invalid';
    const k = Math.floor(log(n / coefficient) + 1e-12);
    const lo = coefficient * base ** k;
    return `${javaDoubleToString(lo)}-${javaDoubleToString(coefficient * base ** (k + 1))}`;
  };
}

/** The width for `bins=<n>`: the power of ten nearest above range/n, one more if it gives too many. */
function widthForBins(bins: number, { min, max }: Extent): number | undefined {
  const range = max - min;
  if (!(range > 0)) return undefined;
  const exponent = Math.ceil(Math.log10(range / bins));
  let width = 10 ** exponent;
  let count = Math.ceil(range / width);
  if (max % width === 0) count++;
  if (count > bins) width = 10 ** (exponent + 1);
  return width;
}

/** `minspan=<n>`: the power of ten below the range, unless smaller than n (then the one above n). */
function widthForMinSpan(minSpan: number, { min, max }: Extent): number | undefined {
  const range = max - min;
  if (!(range > 0)) return undefined;
  const fromRange = 10 ** Math.floor(Math.log10(range));
  return fromRange >= minSpan ? fromRange : 10 ** Math.ceil(Math.log10(minSpan));
}

/** `start=`/`end=`: the range widened (never narrowed) to them, then its power of ten. */
function rangeBuckets(command: BinCommand, extent: Extent): Label {
  const lo = Math.min(command.start ?? extent.min, extent.min);
  const hi = Math.max(command.end ?? extent.max, extent.max);
  const range = hi - lo;
  if (!(range > 0)) return () => null;
  const magnitude = Math.log10(range);
  const exact = Math.abs(magnitude - Math.round(magnitude)) < 1e-10;
  const width = 10 ** (exact ? Math.round(magnitude) - 1 : Math.floor(magnitude));
  const first = Math.floor(lo / width) * width;
  return (v) => {
    const n = toNumber(v);
    if (n === null) return null;
    const start = roundTo(Math.floor((n - first) / width) * width + first, width);
    return widthRangeText(start, roundTo(start + width, width), width);
  };
}

const widthBuckets =
  (width: number | undefined, text: (lo: number, hi: number) => string): Label =>
  (v) => {
    const n = toNumber(v);
    if (n === null || width === undefined) return null;
    const lo = roundTo(Math.floor(n / width) * width, width);
    return text(lo, roundTo(lo + width, width));
  };

/** The label of a numeric value, by the options' precedence: span > minspan > bins > start/end. */
function numericLabel(command: BinCommand, extent: Extent): Label {
  if (command.minSpan !== undefined) {
    const width = widthForMinSpan(command.minSpan, extent);
    return widthBuckets(width, (lo, hi) => widthRangeText(lo, hi, width!));
  }
  if (command.bins !== undefined) {
    const width = widthForBins(command.bins, extent);
    return widthBuckets(width, (lo, hi) => widthRangeText(lo, hi, width!));
  }
  if (command.start !== undefined || command.end !== undefined)
    return rangeBuckets(command, extent);
  // No option: the power of ten below the range, labelled as doubles (bin.md's default).
  const range = extent.max - extent.min;
  const width = range > 0 ? 10 ** Math.floor(Math.log10(range)) : undefined;
  return widthBuckets(width, (lo, hi) => `${javaDoubleToString(lo)}-${javaDoubleToString(hi)}`);
}

export function planBin(ctx: PlanContext, command: BinCommand): void {
  ctx.requireColumn(command.field.name, command.field.span);
  const type = ctx.column(command.field.name)!.type;
  const from = command.field.name;
  const to = command.alias?.name ?? from;
  const time = isTimeType(type);
  const fail = (message: string) => ctx.error(`bin: ${message}`, command.span);
  // Text is binned by the numbers it holds (a rex capture, a cast); other text has no bucket.
  const text = type === 'string';
  if (!time && !text && !isNumericType(type) && type !== 'undefined')
    throw fail(`bins numeric, time and text fields; "${from}" is ${type}`);
  let label: Label | undefined;
  let needsExtent: ((extent: Extent) => Label) | undefined;
  if (time) {
    const numericOnly = (['minSpan', 'bins', 'start', 'end', 'logSpan'] as const).find(
      (k) => command[k] !== undefined
    );
    if (numericOnly === 'bins' && command.interval === undefined) {
      // As the SQL plugin: only an auto_date_histogram answers it (./stats_pushdown).
      throw fail(
        `bins on a time field needs the binned field as a group of the stats right after it, over an index (e.g. bin ${from} bins=${command.bins} | stats count() by ${to}); otherwise give a span such as span=1h`
      );
    }
    if (numericOnly !== undefined && command.interval === undefined) {
      throw fail(
        `${numericOnly === 'logSpan' ? 'a log span' : numericOnly.toLowerCase()} bins numeric fields; give a time field a span such as span=1h`
      );
    }
    const interval = command.interval ?? HOUR;
    const align = command.alignTime;
    // aligntime moves buckets shorter than a day only (bin.md).
    const width = fixedWidthMs(interval);
    const aligned = align !== undefined && width !== undefined && width < DAY_MS;
    const at = (anchor: number): Label => {
      const b = bucketer(interval, type, anchor);
      if (typeof b === 'string') throw fail(b);
      return b.bucket;
    };
    if (!aligned) label = at(0);
    else if (align.kind === 'epoch') label = at(align.ms);
    else {
      at(0); // the span is checked before any row is read
      needsExtent = ({ min, max }) =>
        at(
          align.kind === 'day'
            ? Math.floor(min / DAY_MS) * DAY_MS + align.offsetMs
            : align.kind === 'earliest'
              ? min
              : max
        );
    }
  } else if (command.interval !== undefined) {
    const b = bucketer(command.interval, text ? 'double' : type);
    if (typeof b === 'string') throw fail(b);
    const size = command.interval.size;
    const integral = Number.isInteger(size) && (text || isIntegralType(type));
    label = (v) => {
      const lo = b.bucket(toNumber(v));
      return lo === null ? null : spanRangeText(Number(lo), Number(lo) + size, integral);
    };
  } else if (command.logSpan !== undefined) {
    label = logLabel(command.logSpan.coefficient, command.logSpan.base);
  } else needsExtent = (extent) => numericLabel(command, extent);
  ctx.setColumn(to, time ? (type === 'date' ? 'date' : 'timestamp') : 'string');
  const { budget } = ctx;
  if (label !== undefined) {
    const streamed = label;
    ctx.add(command.span, 'streams', async function* (input) {
      for await (const batch of input) {
        await budget.eachRow(batch, (row: Row) => {
          row[to] = streamed(readField(row, from));
        });
        yield batch;
      }
    });
    return;
  }
  const labelFor = needsExtent!;
  const { maxRows } = ctx.deps;
  const valueOf = time ? timestampMs : toNumber;
  ctx.add(
    command.span,
    'buffers',
    async function* (input) {
      const rows: Row[] = [];
      const hold = budget.hold('bin');
      let min = Infinity;
      let max = -Infinity;
      try {
        for await (const batch of input) {
          if (rows.length + batch.length > maxRows) throw new BufferLimitError('bin', maxRows);
          hold.addRows(batch);
          await budget.eachRow(batch, (row: Row) => {
            const n = valueOf(readField(row, from));
            if (n === null) return;
            if (n < min) min = n;
            if (n > max) max = n;
          });
          rows.push(...batch);
        }
        const of = min === Infinity ? () => null : labelFor({ min, max });
        for (const row of rows) row[to] = of(readField(row, from));
        yield* handOver(rows, hold);
      } finally {
        hold.clear();
      }
    },
    { detail: `the field's range first: ${ctx.buffered()}` }
  );
}
