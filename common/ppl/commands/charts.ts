/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/**
 * Charts (parse side): `timechart` and `chart`, one aggregation split by time buckets or a row
 * field and a column field. Plan and operators: server/services/ppl/commands/charts.ts.
 */
import type { Aggregation, FieldRef } from '../ast';
import type { Token } from '../tokenizer';
import { parseInterval, type SpanInterval } from '../time_units';
import { ExtractionParser } from './extraction';
import type { TimechartCommand, ChartCommand } from './charts_ast';

export type { TimechartCommand, ChartCommand } from './charts_ast';

/** Seconds per unit of timechart's rate functions (`per_second(x)` = sum(x) / span seconds). */
export const RATE_FUNCTIONS: Readonly<Record<string, number>> = {
  per_second: 1,
  per_minute: 60,
  per_hour: 3600,
  per_day: 86400,
};

export class ChartParser extends ExtractionParser {
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

  /** `per_second(<expr>) [as <alias>]` … `per_day(…)`: `sum` of the argument, and the rate unit. */
  private parseRate(): { aggregation: Aggregation; rate: number } {
    const t = this.next();
    const written = t.text.toLowerCase();
    this.expectPunct('(');
    const arg = this.parseExpression('a numeric field');
    this.expectPunct(')');
    const text = this.text.slice(t.start, this.previous().end);
    let alias: string | undefined;
    if (this.isWord(this.peek(), 'as')) {
      this.next();
      alias = this.requireField('an alias').name;
    }
    const aggregation: Aggregation = {
      kind: 'Aggregation',
      func: 'sum',
      funcWritten: written,
      arg,
      ...(alias === undefined ? {} : { alias }),
      name: alias ?? text,
      span: this.spanFrom(t),
    };
    return { aggregation, rate: RATE_FUNCTIONS[written] };
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
    // Options come before the aggregation or after the by field (timechartParameter*).
    const readOptions = () => {
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
    };
    readOptions();
    const head = this.peek();
    const isRate =
      this.isWord(head) &&
      RATE_FUNCTIONS[head.text.toLowerCase()] !== undefined &&
      this.isPunct(this.tokenAt(1), '(');
    const { aggregation, rate } = isRate
      ? this.parseRate()
      : { aggregation: this.parseAggregation(), rate: undefined };
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
    readOptions();
    return {
      kind: 'Timechart',
      timeField,
      interval,
      limit,
      useOther: limit === 0 ? false : useOther,
      useNull,
      nullStr,
      aggregation,
      ...(rate === undefined ? {} : { rate }),
      ...(by ? { by } : {}),
      span: this.spanFrom(start),
    };
  }

  /** A split's optional `span=<interval>` (chart.md's binOption), after its field. */
  private readSplitSpan(which: string): SpanInterval | undefined {
    if (!(this.isOptionAt() && this.isWord(this.peek(), 'span'))) return undefined;
    this.next();
    this.next();
    return this.readInterval(`the ${which} span`);
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
    // Options come before the aggregation or after the splits (chartCommand's chartOptions*).
    const readOptions = () => {
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
    };
    readOptions();
    const aggregation = this.parseAggregation();
    if (this.isPunct(this.peek(), ',')) {
      this.fail(this.peek(), 'chart takes one aggregation; use stats for several', []);
    }
    let row: FieldRef | undefined;
    let rowSpan: SpanInterval | undefined;
    let column: FieldRef | undefined;
    let columnSpan: SpanInterval | undefined;
    const readColumn = () => {
      column = this.requireField('chart … by');
      columnSpan = this.readSplitSpan('column');
    };
    if (this.isWord(this.peek(), 'over')) {
      this.next();
      row = this.requireField('chart … over');
      rowSpan = this.readSplitSpan('row');
      if (this.isWord(this.peek(), 'by')) {
        this.next();
        readColumn();
      }
    } else if (this.isWord(this.peek(), 'by')) {
      this.next();
      row = this.requireField('chart … by');
      rowSpan = this.readSplitSpan('row');
      if (this.isPunct(this.peek(), ',')) this.next();
      if (!this.endsCommand(this.peek()) && !this.isOptionAt()) readColumn();
    }
    readOptions();
    return {
      kind: 'Chart',
      aggregation,
      ...(row ? { row } : {}),
      ...(rowSpan ? { rowSpan } : {}),
      ...(column ? { column } : {}),
      ...(columnSpan ? { columnSpan } : {}),
      limit,
      bottom,
      useOther: limit === 0 ? false : useOther,
      useNull,
      nullStr,
      otherStr,
      span: this.spanFrom(start),
    };
  }
}
