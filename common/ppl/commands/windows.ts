/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/**
 * Buckets and windows (parse side): `span()` in `stats … by`, `bin`, `eventstats`, `streamstats`,
 * `trendline` (`timechart`, `chart`: charts.ts). Plan and operators:
 * server/services/ppl/commands/{bins,windows,streamstats}.ts.
 */
import type { Aggregation, Expr, FieldRef, SortKey } from '../ast';
import type { Token } from '../tokenizer';
import { parseLogSpan } from '../time_units';
import { ChartParser } from './charts';

export { parseInterval, type SpanInterval, type SpanUnit } from '../time_units';
export type { ChartCommand, TimechartCommand } from './charts';
import type {
  SpanBucket,
  BinAlignTime,
  BinCommand,
  EventStatsCommand,
  StreamStatsCommand,
  TrendlineCommand,
} from './windows_ast';

export type {
  SpanBucket,
  BinAlignTime,
  BinCommand,
  EventStatsCommand,
  StreamStatsCommand,
  TrendlineCommand,
  WindowCommand,
} from './windows_ast';

export class WindowParser extends ChartParser {
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
    let name = text.replace(/\s+(?=(?:[^`]*`[^`]*`)*[^`]*$)/g, ''); // PPL names it without spaces (stats.md)
    if (this.isWord(this.peek(), 'as')) {
      this.next();
      name = this.requireField('an alias').name;
    }
    return { kind: 'Span', field, interval, name, span: this.spanFrom(start) };
  }

  /** A signed number (`start=-5`, `end=1.5e3`). */
  private readSignedNumber(what: string): number {
    const sign = this.isOp(this.peek(), '-') ? (this.next(), -1) : 1;
    const t = this.peek();
    const n = Number(t.text);
    if (t.kind !== 'number' || !Number.isFinite(n)) this.expected(`${what} (a number)`, ['number']);
    this.next();
    return sign * n;
  }

  /** `aligntime=earliest|latest|<epoch seconds>|@d[+-<n>h|m|s]` (written plain or quoted). */
  private readAlignTime(): BinAlignTime {
    const first = this.peek();
    let text: string;
    if (first.kind === 'string') text = this.next().value ?? '';
    else {
      // `@d+3h` is several tokens written together: read them while they touch.
      let end = first.end;
      this.next();
      while (!this.endsCommand(this.peek()) && this.peek().start === end) end = this.next().end;
      text = this.text.slice(first.start, end);
    }
    const lower = text.trim().toLowerCase();
    if (lower === 'earliest' || lower === 'latest') return { kind: lower };
    if (/^\d+$/.test(lower)) return { kind: 'epoch', ms: Number(lower) * 1000 };
    const m = /^@d(?:([+-])(\d+)([hms]?))?$/.exec(lower);
    if (m) {
      const per = m[3] === 'm' ? 60_000 : m[3] === 's' ? 1000 : 3_600_000;
      const offsetMs = m[1] === undefined ? 0 : (m[1] === '-' ? -1 : 1) * Number(m[2]) * per;
      return { kind: 'day', offsetMs };
    }
    return this.fail(
      first,
      `"${text}" is not an aligntime: write earliest, latest, epoch seconds, or @d with an offset such as @d+3h`,
      ['earliest', 'latest']
    );
  }

  protected parseBin(start: Token): BinCommand {
    this.next();
    const field = this.requireField('bin');
    const options: Omit<BinCommand, 'kind' | 'field' | 'span'> = {};
    const seen = new Map<string, Token>();
    const known = ['span', 'minspan', 'bins', 'aligntime', 'start', 'end'];
    while (!this.endsCommand(this.peek())) {
      if (this.isWord(this.peek(), 'as')) {
        this.next();
        options.alias = this.requireField('bin … as');
        continue;
      }
      const option = this.peek();
      if (!this.isOptionAt()) this.expected('a bin option such as span=10', [...known, 'as']);
      const name = option.text.toLowerCase();
      if (!known.includes(name)) {
        this.fail(
          option,
          `unknown bin option "${option.text}"; options: ${known.join(', ')}`,
          known
        );
      }
      this.once(seen, option, 'bin');
      this.next();
      this.next();
      if (name === 'span') {
        const log = parseLogSpan(this.peek().text);
        if (log !== undefined && this.isWord(this.peek())) {
          this.next();
          options.logSpan = log;
        } else options.interval = this.readInterval('the bin span (or a log span such as log10)');
      } else if (name === 'minspan') {
        const min = this.readInterval('the minimum span');
        if (min.unit !== undefined)
          this.fail(option, 'minspan is a plain number (it bins numeric fields)', ['number']);
        options.minSpan = min.size;
      } else if (name === 'bins') {
        const t = this.peek();
        const n = this.readInt('the number of bins', 0);
        if (n < 2 || n > 50000) this.fail(t, 'bins must be between 2 and 50000', ['integer']);
        options.bins = n;
      } else if (name === 'aligntime') options.alignTime = this.readAlignTime();
      else if (name === 'start') options.start = this.readSignedNumber('the start');
      else options.end = this.readSignedNumber('the end');
    }
    return { kind: 'Bin', field, ...options, span: this.spanFrom(start) };
  }

  /** `agg, … [by [span(…) [as b],] f, …]`: as statsByClause, at most one span, anywhere in the list. */
  private parseAggregationsBy(where: string): {
    aggregations: Aggregation[];
    by: FieldRef[];
    bucket?: SpanBucket;
  } {
    const aggregations = this.list(() => this.parseAggregation(), 'required');
    let by: FieldRef[] = [];
    let bucket: SpanBucket | undefined;
    if (this.isWord(this.peek(), 'by')) {
      this.next();
      by = this.list(() => {
        const t = this.peek();
        if (this.isWord(t, 'span') && this.isPunct(this.tokenAt(1), '(')) {
          if (bucket !== undefined)
            this.fail(t, `${where} takes at most one span()`, ['field name']);
          bucket = this.parseSpanBucket();
          return undefined;
        }
        return this.requireField(`${where} … by`);
      }, 'optional').filter((f): f is FieldRef => f !== undefined);
    }
    return { aggregations, by, ...(bucket ? { bucket } : {}) };
  }

  protected parseEventStats(start: Token): EventStatsCommand {
    this.next();
    let bucketNullable = true;
    if (this.isOptionAt() && this.isWord(this.peek(), 'bucket_nullable')) {
      this.next();
      this.next();
      bucketNullable = this.readBoolean();
    }
    const { aggregations, by, bucket } = this.parseAggregationsBy('eventstats');
    return {
      kind: 'EventStats',
      aggregations,
      by,
      ...(bucket ? { bucket } : {}),
      bucketNullable,
      span: this.spanFrom(start),
    };
  }

  protected parseStreamStats(start: Token): StreamStatsCommand {
    this.next();
    const seen = new Map<string, Token>();
    let current = true;
    let window = 0;
    let global = true;
    let bucketNullable = true;
    let resetBefore: Expr | undefined;
    let resetAfter: Expr | undefined;
    const known = ['bucket_nullable', 'current', 'window', 'global', 'reset_before', 'reset_after'];
    while (this.isOptionAt()) {
      const option = this.peek();
      const name = option.text.toLowerCase();
      if (!known.includes(name)) {
        this.fail(
          option,
          `unknown streamstats option "${option.text}"; options: ${known.join(', ')}`,
          known
        );
      }
      this.once(seen, option, 'streamstats');
      this.next();
      this.next();
      if (name === 'current') current = this.readBoolean();
      else if (name === 'global') global = this.readBoolean();
      else if (name === 'bucket_nullable') bucketNullable = this.readBoolean();
      else if (name === 'reset_before') resetBefore = this.parseExpression('a condition');
      else if (name === 'reset_after') resetAfter = this.parseExpression('a condition');
      else window = this.readInt('the window', 0);
    }
    const { aggregations, by, bucket } = this.parseAggregationsBy('streamstats');
    return {
      kind: 'StreamStats',
      aggregations,
      by,
      ...(bucket ? { bucket } : {}),
      bucketNullable,
      ...(resetBefore ? { resetBefore } : {}),
      ...(resetAfter ? { resetAfter } : {}),
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
