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
import { timeUnit, type SpanUnit } from '../time_units';
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
    // As the SQL plugin's grammar: quoted strings only (xyseries.md), a number refused.
    const values = this.list(() => {
      const t = this.peek();
      if (t.kind === 'number')
        this.fail(t, `xyseries pivot values are quoted strings: write "${t.text}"`, ['string']);
      if (t.kind !== 'string') this.expected('a pivot value (a quoted string)', ['string']);
      this.next();
      return t.value ?? '';
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

/** timewrap's names of the span units it can wrap by (not those below a second). */
const TIMEWRAP_UNITS: Readonly<Partial<Record<SpanUnit, TimewrapUnit>>> = {
  s: 'second',
  m: 'minute',
  h: 'hour',
  d: 'day',
  w: 'week',
  M: 'month',
  q: 'quarter',
  y: 'year',
};

export class TimewrapParser extends PivotParser {
  protected parseTimewrap(start: Token): TimewrapCommand {
    this.next();
    const t = this.peek();
    const m = /^(\d*)([a-zA-Z]+)$/.exec(t.text);
    const spanUnit = m ? timeUnit(m[2]) : undefined;
    const unit = spanUnit && TIMEWRAP_UNITS[spanUnit];
    if (!this.isWord(t) || !m || unit === undefined || /^0+$/.test(m[1])) {
      this.fail(
        t,
        m && spanUnit !== undefined && unit === undefined
          ? `timewrap cannot wrap by ${m[2]}: use s, m, h, d, w, M (months), q or y`
          : `timewrap needs a span such as 1day, 2h or week (units s, m, h, d, w, M, q, y), found ${this.describe(t)}`,
        ['span']
      );
    }
    this.next();
    let align: TimewrapCommand['align'] = 'end';
    let series: TimewrapCommand['series'] = 'relative';
    let timeFormat: string | undefined;
    // As the SQL plugin: the options in any order, a repeated one's last value kept.
    while (this.isOptionAt() && this.isWord(this.peek(), 'align', 'series', 'time_format')) {
      const option = this.next().text.toLowerCase();
      this.next();
      if (option === 'time_format') {
        timeFormat = this.readString('time_format');
        continue;
      }
      const choices = option === 'align' ? ['end', 'now'] : ['relative', 'short', 'exact'];
      const v = this.peek();
      if (!this.isWord(v, ...choices)) this.expected(choices.join(' or '), choices);
      this.next();
      if (option === 'align') align = v.text.toLowerCase() as TimewrapCommand['align'];
      else series = v.text.toLowerCase() as TimewrapCommand['series'];
    }
    return {
      kind: 'Timewrap',
      size: m![1] === '' ? 1 : Number(m![1]),
      unit: unit!,
      align,
      series,
      ...(timeFormat === undefined ? {} : { timeFormat }),
      span: this.spanFrom(start),
    };
  }

  /**
   * A timewrap must follow a timechart without `by` (timewrap.md); its reference time is read
   * from the `where` commands before them (see {@link timewrapReference}).
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
        'timewrap after a timechart with "by" is not supported (timewrap.md): drop the "by", or ' +
          "keep one series first: … | where <field> = '<value>' | timechart span=… count() | timewrap …",
        []
      );
    }
    const reference = timewrapReference(commands.slice(0, i - 1));
    if (reference !== undefined) command.reference = reference;
  }
}

/**
 * The upper bound the earliest `where` that has one gives `@timestamp` or `timestamp` (whatever
 * the timechart's time field), as the SQL plugin's TimewrapUtils.extractTimestampUpperBound: a
 * `<= '…'` / `< '…'` (or the literal first with `>=` / `>`), the smallest of those joined by AND;
 * anything under OR or NOT gives none. In epoch seconds.
 */
function timewrapReference(before: Command[]): number | undefined {
  const flip: Record<string, string> = { '<': '>', '<=': '>=', '>': '<', '>=': '<=' };
  const upper = (e: Expr): number[] => {
    if (e.kind === 'Binary' && e.op === 'AND') return [...upper(e.left), ...upper(e.right)];
    if (e.kind !== 'Binary') return [];
    const [field, literal, op] =
      e.left.kind === 'Field' ? [e.left, e.right, e.op] : [e.right, e.left, flip[e.op]];
    if (field.kind !== 'Field' || (field.name !== '@timestamp' && field.name !== 'timestamp'))
      return [];
    if (literal.kind !== 'Literal' || literal.literalType !== 'string') return [];
    if (op !== '<=' && op !== '<') return [];
    const seconds = timewrapEpochSeconds(String(literal.value));
    return seconds === undefined ? [] : [seconds];
  };
  for (const c of before) {
    if (c.kind !== 'Where' && c.kind !== 'WhereSubsearch') continue;
    const bounds = upper(c.condition);
    if (bounds.length > 0) return Math.min(...bounds);
  }
  return undefined;
}

/**
 * A bound as the SQL plugin reads it: `yyyy-MM-dd HH:mm:ss` in UTC, else an ISO instant
 * (`2024-07-03T18:00:00Z`, with an offset); anything else is no bound. In epoch seconds.
 */
export function timewrapEpochSeconds(text: string): number | undefined {
  const local = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(text);
  if (local) {
    const [y, mo, d, h, mi, s] = local.slice(1).map(Number);
    const ms = Date.UTC(y, mo - 1, d, h, mi, s);
    const back = new Date(ms);
    // A day or time out of range (2024-02-30) is no time, as LocalDateTime.parse refuses it.
    if (back.getUTCDate() !== d || back.getUTCMonth() !== mo - 1 || h > 23 || mi > 59 || s > 59)
      return undefined;
    return Math.floor(ms / 1000);
  }
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/.test(text))
    return undefined;
  const ms = Date.parse(text);
  return Number.isNaN(ms) ? undefined : Math.floor(ms / 1000);
}
