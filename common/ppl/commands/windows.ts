/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/**
 * Buckets and windows (parse side): `span()` in `stats … by`, `bin`, `eventstats`, `streamstats`,
 * `trendline`. Plan and operators: server/services/ppl/commands/windows.ts.
 */
import type { Aggregation, FieldRef, SortKey, Span } from '../ast';
import type { Token } from '../tokenizer';
import { ExtractionParser } from './extraction';

/** Calendar units of a span; none for a plain number. `m` is minutes, `M` months. */
export type SpanUnit = 'ms' | 's' | 'm' | 'h' | 'd' | 'w' | 'M' | 'q' | 'y';

export interface SpanInterval {
  size: number;
  unit?: SpanUnit;
  text: string;
}

/** `span(<field>, <interval>) [as <alias>]` in `stats … by`: the bucket's lower bound. */
export interface SpanBucket {
  kind: 'Span';
  field: FieldRef;
  interval: SpanInterval;
  /** The column: the alias, else the text as written. */
  name: string;
  span: Span;
}

/** `bin <field> span=<interval> [as <alias>]`. */
export interface BinCommand {
  kind: 'Bin';
  field: FieldRef;
  interval: SpanInterval;
  alias?: FieldRef;
  span: Span;
}

/** `eventstats agg, … [by f, …]`: every row kept, each with its group's aggregates. */
export interface EventStatsCommand {
  kind: 'EventStats';
  aggregations: Aggregation[];
  by: FieldRef[];
  span: Span;
}

/** `streamstats [current=<bool>] [window=<n>] [global=<bool>] agg, … [by f, …]`: running aggregates. */
export interface StreamStatsCommand {
  kind: 'StreamStats';
  aggregations: Aggregation[];
  by: FieldRef[];
  /** Include the row itself (default true). */
  current: boolean;
  /** Rows in the window; 0 (default) means all rows so far. */
  window: number;
  /** With `by` and a window: one window over all rows (true, default) or one per group. */
  global: boolean;
  span: Span;
}

/** `trendline [sort <key>] sma|wma(<n>, <field>) [as <alias>] …`: moving averages. */
export interface TrendlineCommand {
  kind: 'Trendline';
  sort?: SortKey;
  averages: Array<{
    method: 'sma' | 'wma';
    periods: number;
    field: FieldRef;
    name: string;
    span: Span;
  }>;
  span: Span;
}

/**
 * `timechart [timefield=f] [span=<interval>] [limit=<n>] [useother=<bool>] [usenull=<bool>]
 * [nullstr=<s>] <aggregation> [by <field>]`: one row per time bucket (and by value), unpivoted.
 */
export interface TimechartCommand {
  kind: 'Timechart';
  timeField: FieldRef;
  interval: SpanInterval;
  /** Top by values kept (by the sum of the aggregate over all buckets); 0 keeps all. Default 10. */
  limit: number;
  useOther: boolean;
  useNull: boolean;
  nullStr: string;
  aggregation: Aggregation;
  by?: FieldRef;
  span: Span;
}

/**
 * `chart [limit=[top|bottom]<n>] [useother=] [usenull=] [nullstr=] [otherstr=] <aggregation>
 * [by <row> [<column>]] | [over <row>] [by <column>]`: rows per (row, column) pair, unpivoted.
 */
export interface ChartCommand {
  kind: 'Chart';
  aggregation: Aggregation;
  row?: FieldRef;
  column?: FieldRef;
  limit: number;
  bottom: boolean;
  useOther: boolean;
  useNull: boolean;
  nullStr: string;
  otherStr: string;
  span: Span;
}

export type WindowCommand =
  | ChartCommand
  | BinCommand
  | EventStatsCommand
  | StreamStatsCommand
  | TrendlineCommand
  | TimechartCommand;

const UNIT_WORDS: Record<string, SpanUnit> = {
  ms: 'ms',
  millisecond: 'ms',
  milliseconds: 'ms',
  s: 's',
  sec: 's',
  secs: 's',
  second: 's',
  seconds: 's',
  m: 'm',
  min: 'm',
  mins: 'm',
  minute: 'm',
  minutes: 'm',
  h: 'h',
  hr: 'h',
  hrs: 'h',
  hour: 'h',
  hours: 'h',
  d: 'd',
  day: 'd',
  days: 'd',
  w: 'w',
  week: 'w',
  weeks: 'w',
  M: 'M',
  mon: 'M',
  month: 'M',
  months: 'M',
  q: 'q',
  qtr: 'q',
  quarter: 'q',
  quarters: 'q',
  y: 'y',
  yr: 'y',
  year: 'y',
  years: 'y',
};

/** `10`, `0.5`, `1h`, `30seconds`, `1M` (month), `1month`. Undefined when not an interval. */
export function parseInterval(text: string): SpanInterval | undefined {
  const m = /^(\d+(?:\.\d+)?)([a-zA-Z]*)$/.exec(text);
  if (!m) return undefined;
  const size = Number(m[1]);
  if (!(size > 0)) return undefined;
  if (m[2] === '') return { size, text };
  const unit = UNIT_WORDS[m[2]] ?? (m[2] === 'M' ? 'M' : UNIT_WORDS[m[2].toLowerCase()]);
  if (unit === undefined || (m[2] === 'M' && unit !== 'M')) return undefined;
  // `m` is minutes and `M` months, as PPL has them (case sensitive).
  return { size, unit: m[2] === 'M' ? 'M' : unit, text };
}

export class WindowParser extends ExtractionParser {
  /** An interval token (`10`, `1h`, …), failing with the accepted forms. */
  protected readInterval(what: string): SpanInterval {
    const t = this.peek();
    let text = t.text;
    if (t.kind === 'string') text = t.value ?? '';
    else if (t.kind !== 'number' && !this.isWord(t))
      this.expected(`${what} (such as 10, 1h, 1d)`, ['interval']);
    const interval = parseInterval(text);
    if (interval === undefined) {
      this.fail(
        t,
        `"${text}" is not an interval: write a positive number, optionally with a unit (ms, s, m, h, d, w, M, q, y)`,
        ['interval']
      );
    }
    this.next();
    return interval;
  }

  /** `span(<field>, <interval>) [as <alias>]`, the current token being `span`. */
  protected override parseSpanBucket(): SpanBucket {
    const start = this.next();
    this.expectPunct('(');
    let field: FieldRef;
    const first = this.tokenAt(0);
    if (this.isPunct(this.tokenAt(1), ')')) {
      // `span(1h)`: the implicit @timestamp.
      field = {
        kind: 'Field',
        name: '@timestamp',
        quoted: false,
        span: { start: first.start, end: first.end },
      };
    } else {
      field = this.requireField('span()');
      this.expectPunct(',');
    }
    const interval = this.readInterval('the span interval');
    this.expectPunct(')');
    const text = this.text.slice(start.start, this.previous().end);
    let name = text;
    if (this.isWord(this.peek(), 'as')) {
      this.next();
      name = this.requireField('an alias').name;
    }
    return { kind: 'Span', field, interval, name, span: this.spanFrom(start) };
  }

  protected parseBin(start: Token): BinCommand {
    this.next();
    const field = this.requireField('bin');
    let interval: SpanInterval | undefined;
    let alias: FieldRef | undefined;
    const seen = new Map<string, Token>();
    while (!this.endsCommand(this.peek())) {
      if (this.isWord(this.peek(), 'as')) {
        this.next();
        alias = this.requireField('bin … as');
        continue;
      }
      const option = this.peek();
      if (!this.isOptionAt()) this.expected('a bin option such as span=10', ['span=', 'as']);
      const name = option.text.toLowerCase();
      this.once(seen, option, 'bin');
      if (name !== 'span') {
        this.fail(
          option,
          `the bin option "${option.text}" is not supported here; bin takes span=<interval> (numbers or time units)`,
          ['span=']
        );
      }
      this.next();
      this.next();
      interval = this.readInterval('the bin span');
    }
    if (interval === undefined)
      return this.fail(start, 'bin needs span=<interval>, e.g. bin bytes span=1000', ['span=']);
    return {
      kind: 'Bin',
      field,
      interval,
      ...(alias ? { alias } : {}),
      span: this.spanFrom(start),
    };
  }

  private parseAggregationsBy(where: string): { aggregations: Aggregation[]; by: FieldRef[] } {
    const aggregations = this.list(() => this.parseAggregation(), 'required');
    let by: FieldRef[] = [];
    if (this.isWord(this.peek(), 'by')) {
      this.next();
      by = this.list(() => this.requireField(`${where} … by`), 'optional');
    }
    return { aggregations, by };
  }

  protected parseTimechart(start: Token): TimechartCommand {
    this.next();
    const seen = new Map<string, Token>();
    let timeField: FieldRef = {
      kind: 'Field',
      name: '@timestamp',
      quoted: false,
      span: { start: start.start, end: start.end },
    };
    let interval: SpanInterval = { size: 1, unit: 'm', text: '1m' };
    let limit = 10;
    let useOther = true;
    let useNull = true;
    let nullStr = 'NULL';
    const known = ['timefield', 'span', 'limit', 'useother', 'usenull', 'nullstr'];
    while (this.isOptionAt() && known.includes(this.peek().text.toLowerCase())) {
      const option = this.peek();
      const name = option.text.toLowerCase();
      this.once(seen, option, 'timechart');
      this.next();
      this.next();
      if (name === 'timefield') timeField = this.requireField('timefield');
      else if (name === 'span') interval = this.readInterval('the timechart span');
      else if (name === 'limit') limit = this.readInt('the limit', 0);
      else if (name === 'useother') useOther = this.readBoolean();
      else if (name === 'usenull') useNull = this.readBoolean();
      else nullStr = this.readString('nullstr');
    }
    const aggregation = this.parseAggregation();
    if (this.isPunct(this.peek(), ',')) {
      this.fail(
        this.peek(),
        'timechart takes one aggregation; use stats … by span(…) for several',
        []
      );
    }
    let by: FieldRef | undefined;
    if (this.isWord(this.peek(), 'by')) {
      this.next();
      by = this.requireField('timechart … by');
    }
    return {
      kind: 'Timechart',
      timeField,
      interval,
      limit,
      useOther: limit === 0 ? false : useOther,
      useNull,
      nullStr,
      aggregation,
      ...(by ? { by } : {}),
      span: this.spanFrom(start),
    };
  }

  protected parseChart(start: Token): ChartCommand {
    this.next();
    const seen = new Map<string, Token>();
    let limit = 10;
    let bottom = false;
    let useOther = true;
    let useNull = true;
    let nullStr = 'NULL';
    let otherStr = 'OTHER';
    const known = ['limit', 'useother', 'usenull', 'nullstr', 'otherstr'];
    while (this.isOptionAt() && known.includes(this.peek().text.toLowerCase())) {
      const option = this.peek();
      const name = option.text.toLowerCase();
      this.once(seen, option, 'chart');
      this.next();
      this.next();
      if (name === 'limit') {
        const t = this.peek();
        const m = /^(top|bottom)?(\d+)$/i.exec(t.text);
        if (!m || (t.kind !== 'number' && !this.isWord(t)))
          this.expected('a limit such as 5, top5 or bottom3', ['integer']);
        this.next();
        bottom = m![1]?.toLowerCase() === 'bottom';
        limit = Number(m![2]);
      } else if (name === 'useother') useOther = this.readBoolean();
      else if (name === 'usenull') useNull = this.readBoolean();
      else if (name === 'nullstr') nullStr = this.readString('nullstr');
      else otherStr = this.readString('otherstr');
    }
    const aggregation = this.parseAggregation();
    if (this.isPunct(this.peek(), ',')) {
      this.fail(this.peek(), 'chart takes one aggregation; use stats for several', []);
    }
    let row: FieldRef | undefined;
    let column: FieldRef | undefined;
    if (this.isWord(this.peek(), 'over')) {
      this.next();
      row = this.requireField('chart … over');
      if (this.isWord(this.peek(), 'by')) {
        this.next();
        column = this.requireField('chart … by');
      }
    } else if (this.isWord(this.peek(), 'by')) {
      this.next();
      row = this.requireField('chart … by');
      if (this.isPunct(this.peek(), ',')) this.next();
      if (!this.endsCommand(this.peek())) column = this.requireField('chart … by');
    }
    return {
      kind: 'Chart',
      aggregation,
      ...(row ? { row } : {}),
      ...(column ? { column } : {}),
      limit,
      bottom,
      useOther: limit === 0 ? false : useOther,
      useNull,
      nullStr,
      otherStr,
      span: this.spanFrom(start),
    };
  }

  protected parseEventStats(start: Token): EventStatsCommand {
    this.next();
    if (this.isOptionAt() && this.isWord(this.peek(), 'bucket_nullable')) {
      this.next();
      this.next();
      this.readBoolean();
    }
    const { aggregations, by } = this.parseAggregationsBy('eventstats');
    return { kind: 'EventStats', aggregations, by, span: this.spanFrom(start) };
  }

  protected parseStreamStats(start: Token): StreamStatsCommand {
    this.next();
    const seen = new Map<string, Token>();
    let current = true;
    let window = 0;
    let global = true;
    while (this.isOptionAt()) {
      const option = this.peek();
      const name = option.text.toLowerCase();
      if (!['current', 'window', 'global'].includes(name)) {
        this.fail(
          option,
          `the streamstats option "${option.text}" is not supported here; options: current, window, global`,
          ['current', 'window', 'global']
        );
      }
      this.once(seen, option, 'streamstats');
      this.next();
      this.next();
      if (name === 'current') current = this.readBoolean();
      else if (name === 'global') global = this.readBoolean();
      else window = this.readInt('the window', 0);
    }
    const { aggregations, by } = this.parseAggregationsBy('streamstats');
    return {
      kind: 'StreamStats',
      aggregations,
      by,
      current,
      window,
      global,
      span: this.spanFrom(start),
    };
  }

  protected parseTrendline(start: Token): TrendlineCommand {
    this.next();
    let sort: SortKey | undefined;
    if (this.isWord(this.peek(), 'sort')) {
      this.next();
      const keyStart = this.peek();
      let order: SortKey['order'] = 'asc';
      let notation: SortKey['notation'] = 'none';
      if (this.isOp(keyStart, '+') || this.isOp(keyStart, '-')) {
        order = this.next().text === '-' ? 'desc' : 'asc';
        notation = 'prefix';
      }
      const field = this.requireField('trendline sort');
      sort = { field, order, notation, span: this.spanFrom(keyStart) };
    }
    const averages: TrendlineCommand['averages'] = [];
    while (!this.endsCommand(this.peek())) {
      const m = this.peek();
      if (!this.isWord(m, 'sma', 'wma'))
        this.expected('sma(<n>, <field>) or wma(<n>, <field>)', ['sma', 'wma']);
      this.next();
      this.expectPunct('(');
      const periods = this.readInt('the number of points', 1);
      this.expectPunct(',');
      const field = this.requireField('trendline');
      this.expectPunct(')');
      let name = `${field.name}_trendline`;
      if (this.isWord(this.peek(), 'as')) {
        this.next();
        name = this.requireField('an alias').name;
      }
      averages.push({
        method: m.text.toLowerCase() as 'sma' | 'wma',
        periods,
        field,
        name,
        span: this.spanFrom(m),
      });
      if (this.isPunct(this.peek(), ',')) this.next();
    }
    if (averages.length === 0)
      return this.expected('sma(<n>, <field>) or wma(<n>, <field>)', ['sma', 'wma']);
    return { kind: 'Trendline', ...(sort ? { sort } : {}), averages, span: this.spanFrom(start) };
  }
}
