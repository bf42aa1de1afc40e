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
import type { SpanBucket } from './commands/windows_ast';
import { AGGREGATION_FUNCTIONS, FUNCTIONS, METADATA_FIELD_NAMES } from './language';
import { AGGREGATION_ENTRIES, AGGREGATION_INFO, percentileShortcut } from './functions';
import type { Token } from './tokenizer';
import { CommandParser } from './parse_commands';
import { AGGREGATIONS } from './parse_expressions';

/** An aggregation alias's canonical name (`c` is `count`). */
const AGGREGATION_ALIASES: Readonly<Record<string, string>> = Object.fromEntries(
  AGGREGATION_ENTRIES.filter((e) => e.aliasOf !== undefined).map((e) => [e.name, e.aliasOf!])
);

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
    let written = t.text.toLowerCase();
    // `perc99.5(x)`: the tokenizer cuts the word before `.5`.
    const after = this.tokenAt(1);
    if (/^(perc|p)\d+$/.test(written) && after.kind === 'number' && after.start === t.end) {
      written += after.text;
    }
    const shortcut = percentileShortcut(written);
    if (!AGGREGATIONS.has(written) && shortcut === undefined) {
      const scalar = (FUNCTIONS as readonly string[]).includes(written);
      this.fail(
        t,
        scalar
          ? `"${t.text}" is not an aggregation: stats takes ${AGGREGATION_FUNCTIONS.join(', ')}, perc<N>, p<N>`
          : `unknown aggregation "${t.text}"; supported: ${AGGREGATION_FUNCTIONS.join(', ')}, perc<N>, p<N>`,
        [...AGGREGATION_FUNCTIONS]
      );
    }
    this.next();
    if (written !== t.text.toLowerCase()) this.next();
    const func: AggregationFunction =
      shortcut !== undefined
        ? 'percentile'
        : ((AGGREGATION_ALIASES[written] ?? written) as AggregationFunction);
    let arg: Expr | undefined;
    let countEval = false;
    const params: Expr[] = [];
    if (func === 'count') {
      if (this.isPunct(this.peek(), '(')) {
        this.next();
        if (this.isWord(this.peek(), 'eval') && this.isPunct(this.tokenAt(1), '(')) {
          // `count(eval(condition))`: the rows where the condition is true.
          this.next();
          this.next();
          arg = this.parseExpression('a condition');
          this.expectPunct(')');
          countEval = true;
        } else if (!this.isPunct(this.peek(), ')')) {
          arg = this.parseExpression('an expression or ")"');
        }
        this.expectPunct(')');
      }
    } else {
      this.expectPunct('(');
      arg = this.parseExpression('an expression');
      while (this.isPunct(this.peek(), ',')) {
        this.next();
        params.push(this.parseExpression('an argument'));
      }
      this.expectPunct(')', [',', ')']);
      const [min, max] = AGGREGATION_INFO[func].arity;
      const given = 1 + params.length + (shortcut === undefined ? 0 : 1);
      if (given < min || given > max) {
        this.fail(
          this.spanFrom(t),
          `"${written}" takes ${min === max ? min : `${min} to ${max}`} argument${max === 1 ? '' : 's'}, found ${given - (shortcut === undefined ? 0 : 1)}`,
          []
        );
      }
      if (shortcut !== undefined) {
        params.push({
          kind: 'Literal',
          literalType: 'double',
          value: shortcut,
          text: String(shortcut),
          span: { start: t.start, end: t.end },
        });
      }
    }
    const text = this.text.slice(t.start, this.previous().end);
    let alias: string | undefined;
    if (this.isWord(this.peek(), 'as')) {
      this.next();
      const at = this.peek();
      alias = this.requireField('an alias').name;
      if (METADATA_FIELD_NAMES.includes(alias)) {
        this.fail(
          at,
          `cannot use the metadata field "${alias}" as an alias: choose another name`,
          []
        );
      }
    }
    return {
      kind: 'Aggregation',
      func,
      funcWritten: written,
      ...(arg === undefined ? {} : { arg }),
      ...(countEval ? { countEval } : {}),
      ...(params.length > 0 ? { params } : {}),
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
