/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/** Aggregating commands: `stats` (and its aggregations), `top`, `rare`. */
import type {
  Aggregation,
  AggregationFunction,
  Expr,
  FieldRef,
  StatsCommand,
  TopRareCommand,
} from './ast';
import type { SpanBucket } from './commands/windows';
import { AGGREGATION_FUNCTIONS, FUNCTIONS } from './language';
import type { Token } from './tokenizer';
import { CommandParser } from './parse_commands';
import { AGGREGATIONS } from './parse_expressions';

export class AggregationParser extends CommandParser {
  // -------------------------------------------------------------------------------------------
  // Aggregations

  protected parseStats(start: Token): StatsCommand {
    this.next();
    const seen = new Map<string, Token>();
    const written: StatsCommand['written'] = {};
    while (this.isOptionAt() && this.isWord(this.peek(), 'bucket_nullable')) {
      this.once(seen, this.peek(), 'stats');
      this.next();
      this.next();
      written.bucketNullable = this.readBoolean();
    }
    const aggregations = this.list(() => this.parseAggregation(), 'required');
    let by: FieldRef[] = [];
    let span: SpanBucket | undefined;
    if (this.isWord(this.peek(), 'by')) {
      this.next();
      by = this.list(() => {
        const t = this.peek();
        if (this.isWord(t, 'span') && this.isPunct(this.tokenAt(1), '(')) {
          if (span !== undefined) this.fail(t, 'stats takes at most one span()', ['field name']);
          span = this.parseSpanBucket();
          return undefined;
        }
        return this.requireField('stats … by');
      }, 'optional').filter((f): f is FieldRef => f !== undefined);
    }
    return {
      kind: 'Stats',
      aggregations,
      by,
      ...(span === undefined ? {} : { bucket: span }),
      bucketNullable: written.bucketNullable ?? true,
      written,
      span: this.spanFrom(start),
    };
  }

  /** `span(field, interval)`: parsed by the window family (commands/windows.ts). */
  protected parseSpanBucket(): SpanBucket {
    return this.fail(this.peek(), 'span() is not supported here', ['field name']);
  }

  protected parseAggregation(): Aggregation {
    const t = this.peek();
    if (!this.isWord(t)) {
      return this.expected('an aggregation such as count()', [...AGGREGATION_FUNCTIONS]);
    }
    const written = t.text.toLowerCase();
    if (!AGGREGATIONS.has(written)) {
      const scalar = (FUNCTIONS as readonly string[]).includes(written);
      this.fail(
        t,
        scalar
          ? `"${t.text}" is not an aggregation: stats takes ${AGGREGATION_FUNCTIONS.join(', ')}`
          : `unknown aggregation "${t.text}"; supported: ${AGGREGATION_FUNCTIONS.join(', ')}`,
        [...AGGREGATION_FUNCTIONS]
      );
    }
    this.next();
    const func: AggregationFunction =
      written === 'c'
        ? 'count'
        : written === 'distinct_count'
          ? 'dc'
          : (written as AggregationFunction);
    let arg: Expr | undefined;
    if (func === 'count') {
      if (this.isPunct(this.peek(), '(')) {
        this.next();
        if (!this.isPunct(this.peek(), ')')) {
          arg = this.parseExpression('an expression or ")"');
        }
        this.expectPunct(')');
      }
    } else {
      this.expectPunct('(');
      arg = this.parseExpression('an expression');
      this.expectPunct(')');
    }
    const text = this.text.slice(t.start, this.previous().end);
    let alias: string | undefined;
    if (this.isWord(this.peek(), 'as')) {
      this.next();
      alias = this.requireField('an alias').name;
    }
    return {
      kind: 'Aggregation',
      func,
      funcWritten: written,
      ...(arg === undefined ? {} : { arg }),
      ...(alias === undefined ? {} : { alias }),
      name: alias ?? text,
      span: this.spanFrom(t),
    };
  }

  protected parseTopRare(start: Token, name: 'top' | 'rare'): TopRareCommand {
    this.next();
    const written: TopRareCommand['written'] = {};
    const seen = new Map<string, Token>();
    if (this.peek().kind === 'number') {
      written.limit = this.readInt(`the ${name} count`, 0);
      seen.set('limit', start);
    }
    while (this.isOptionAt()) {
      const option = this.peek();
      const o = option.text.toLowerCase();
      if (!['limit', 'countfield', 'showcount', 'usenull'].includes(o)) {
        break;
      }
      this.once(seen, option, name);
      this.next();
      this.next();
      if (o === 'limit') {
        written.limit = this.readInt(`the ${name} count`, 0);
      } else if (o === 'countfield') {
        written.countField = this.readString('the count field name');
      } else if (o === 'showcount') {
        written.showCount = this.readBoolean();
      } else {
        written.useNull = this.readBoolean();
      }
    }
    const fields = this.list(() => this.requireField(name), 'optional', ['by']);
    let by: FieldRef[] = [];
    if (this.isWord(this.peek(), 'by')) {
      this.next();
      by = this.list(() => this.requireField(`${name} … by`), 'optional');
    }
    return {
      kind: name === 'top' ? 'Top' : 'Rare',
      limit: written.limit ?? 10,
      fields,
      by,
      countField: written.countField ?? 'count',
      showCount: written.showCount ?? true,
      useNull: written.useNull ?? true,
      written,
      span: this.spanFrom(start),
    };
  }
}
