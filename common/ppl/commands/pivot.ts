/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/**
 * Pivots (parse side): rows into columns. `xyseries` (xyseries.md): rows of (x, name, values…)
 * into one row per x with a column per listed name and value field; `timewrap` (timewrap.md): a
 * timechart's periods side by side. Plan: server/services/ppl/commands/pivot.ts.
 */
import type { Command, Expr } from '../ast';
import type { Token } from '../tokenizer';
import { WindowParser } from './windows';
import type { XySeriesCommand, TimewrapUnit, TimewrapCommand } from './pivot_ast';

export type { XySeriesCommand, TimewrapUnit, TimewrapCommand } from './pivot_ast';

export class PivotParser extends WindowParser {
  protected parseXySeries(start: Token): XySeriesCommand {
    this.next();
    let sep = ': ';
    let format: string | undefined;
    const seen = new Map<string, Token>();
    while (this.isOptionAt() && this.isWord(this.peek(), 'sep', 'format')) {
      const option = this.peek();
      this.once(seen, option, 'xyseries');
      this.next();
      this.next();
      if (option.text.toLowerCase() === 'sep') sep = this.readString('sep');
      else format = this.readString('format');
    }
    const x = this.requireField('xyseries (the x field)');
    const nameField = this.requireField('xyseries (the field naming the columns)');
    if (!this.isWord(this.peek(), 'in')) this.expected('in ("value", …)', ['in']);
    this.next();
    this.expectPunct('(');
    const values = this.list(() => {
      const t = this.peek();
      if (t.kind !== 'string' && t.kind !== 'number')
        this.expected('a pivot value (a quoted string)', ['string']);
      this.next();
      return t.kind === 'string' ? (t.value ?? '') : t.text;
    }, 'required');
    this.expectPunct(')', [',', ')']);
    const dataFields = this.list(() => this.requireField('xyseries (a value field)'), 'required');
    return {
      kind: 'XySeries',
      x,
      nameField,
      values,
      dataFields,
      sep,
      ...(format === undefined ? {} : { format }),
      span: this.spanFrom(start),
    };
  }
}

/** timewrap's units (timewrap.md "Time units"); months and longer are not fixed-length. */
const TIMEWRAP_UNITS: Readonly<Record<string, TimewrapUnit>> = {
  s: 'second',
  sec: 'second',
  secs: 'second',
  second: 'second',
  seconds: 'second',
  m: 'minute',
  min: 'minute',
  mins: 'minute',
  minute: 'minute',
  minutes: 'minute',
  h: 'hour',
  hr: 'hour',
  hrs: 'hour',
  hour: 'hour',
  hours: 'hour',
  d: 'day',
  day: 'day',
  days: 'day',
  w: 'week',
  week: 'week',
  weeks: 'week',
};

export class TimewrapParser extends PivotParser {
  protected parseTimewrap(start: Token): TimewrapCommand {
    this.next();
    const t = this.peek();
    const m = /^(\d*)([a-z]+)$/.exec(t.text.toLowerCase());
    const unit = m ? TIMEWRAP_UNITS[m[2]] : undefined;
    if (!this.isWord(t) || !m || unit === undefined || m[1] === '0') {
      const long = m && /^(mon|month|months|q|qtr|quarter|quarters|y|yr|year|years)$/.test(m[2]);
      this.fail(
        t,
        long
          ? `timewrap: "${t.text}" is not a fixed length; use s, m, h, d or w`
          : `timewrap needs a span such as 1day, 2h or week (units s, m, h, d, w), found ${this.describe(t)}`,
        ['span']
      );
    }
    this.next();
    let align: TimewrapCommand['align'] = 'end';
    if (this.isOptionAt() && this.isWord(this.peek(), 'align')) {
      this.next();
      this.next();
      const a = this.peek();
      if (!this.isWord(a, 'end', 'now')) this.expected('end or now', ['end', 'now']);
      this.next();
      align = a.text.toLowerCase() as TimewrapCommand['align'];
    }
    return {
      kind: 'Timewrap',
      size: m![1] === '' ? 1 : Number(m![1]),
      unit: unit!,
      align,
      range: {},
      span: this.spanFrom(start),
    };
  }

  /**
   * A timewrap must follow a timechart without `by` (timewrap.md); its range is read from the
   * `where` commands before them: `<time> >= '…'` / `>` and `<= '…'` / `<` joined by AND.
   */
  protected checkTimewrap(commands: Command[], command: TimewrapCommand): void {
    const i = commands.indexOf(command);
    const chart = commands[i - 1];
    if (chart?.kind !== 'Timechart') {
      this.fail(
        command.span,
        'timewrap must follow a timechart: … | timechart span=1h count() | timewrap 1day',
        []
      );
    }
    if (chart.by) {
      this.fail(
        command.span,
        'timewrap after a timechart with "by" is not supported (timewrap.md)',
        []
      );
    }
    const time = chart.timeField.name;
    for (const c of commands.slice(0, i - 1)) {
      if (c.kind !== 'Where') continue;
      const parts: Expr[] = [];
      const split = (e: Expr): void => {
        if (e.kind === 'Binary' && e.op === 'AND') {
          split(e.left);
          split(e.right);
        } else parts.push(e);
      };
      split(c.condition);
      for (const p of parts) {
        if (p.kind !== 'Binary') continue;
        const flip: Record<string, string> = { '<': '>', '<=': '>=', '>': '<', '>=': '<=' };
        const [field, literal, op] =
          p.left.kind === 'Field' ? [p.left, p.right, p.op] : [p.right, p.left, flip[p.op]];
        if (field.kind !== 'Field' || field.name !== time) continue;
        if (literal.kind !== 'Literal' || literal.literalType !== 'string') continue;
        if (op === '>=' || op === '>') command.range.start = String(literal.value);
        if (op === '<=' || op === '<') command.range.end = String(literal.value);
      }
    }
  }
}
