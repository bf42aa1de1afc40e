/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/** Lookup commands: `lookup` (enrich from a lookup) and `outputlookup` (write one). */
import type { FieldRef, LookupCommand, OutputLookup, OutputLookupOptionNode, Span } from './ast';
import { validateLookupName } from '../substrate/names';
import { LOOKUP_STRATEGIES, OUTPUTLOOKUP_OPTIONS, OutputLookupOption } from './language';
import type { Token } from './tokenizer';
import { AggregationParser } from './parse_aggregations';

const quoteList = (words: readonly string[]): string => words.map((w) => `"${w}"`).join(', ');

export class LookupParser extends AggregationParser {
  // -------------------------------------------------------------------------------------------
  // Lookups

  protected parseLookup(start: Token): LookupCommand {
    this.next();
    const table = this.glueName('index');
    if (table === undefined) {
      this.expected('a lookup index name', ['index name']);
    }
    const pair = (): { left: FieldRef; right: FieldRef; span: Span } => {
      const left = this.requireField('lookup');
      let right = left;
      if (this.isWord(this.peek(), 'as')) {
        this.next();
        right = this.requireField('lookup');
      }
      return { left, right, span: { start: left.span.start, end: right.span.end } };
    };
    const mappings = this.list(pair, 'required').map((p) => ({
      lookupField: p.left,
      sourceField: p.right,
      span: p.span,
    }));
    let strategyWritten: LookupCommand['strategyWritten'];
    let outputs: LookupCommand['outputs'] = [];
    const s = this.peek();
    if (this.isWord(s, ...LOOKUP_STRATEGIES)) {
      this.next();
      strategyWritten = s.text.toLowerCase() as LookupCommand['strategyWritten'];
      outputs = this.list(pair, 'required').map((p) => ({
        inputField: p.left,
        outputField: p.right,
        span: p.span,
      }));
    } else if (!this.endsCommand(s)) {
      this.expected(`",", ${quoteList(LOOKUP_STRATEGIES)} or "|"`, [
        ',',
        ...LOOKUP_STRATEGIES,
        '|',
      ]);
    }
    return {
      kind: 'Lookup',
      table: { name: table.name, quoted: table.quoted, span: table.span },
      mappings,
      strategy:
        strategyWritten === 'append' || strategyWritten === 'outputnew' ? 'append' : 'replace',
      ...(strategyWritten === undefined ? {} : { strategyWritten }),
      outputs,
      span: this.spanFrom(start),
    };
  }

  protected parseOutputLookup(): OutputLookup {
    const start = this.next();
    const seen = new Map<string, Token>();
    const written: OutputLookup['written'] = {};
    const options: OutputLookupOptionNode[] = [];
    const known = OUTPUTLOOKUP_OPTIONS as readonly string[];
    while (this.isOptionAt()) {
      const option = this.peek();
      const name = option.text.toLowerCase();
      if (!known.includes(name)) {
        this.fail(
          option,
          `unknown outputlookup option "${option.text}"; options: ${quoteList(known)}`,
          [...known]
        );
      }
      this.once(seen, option, 'outputlookup');
      this.next();
      this.next();
      const valueStart = this.peek();
      switch (name as OutputLookupOption) {
        case 'append':
          written.append = this.readBoolean();
          break;
        case 'override_if_empty':
          written.overrideIfEmpty = this.readBoolean();
          break;
        case 'key_field':
          written.keyFields = this.list(() => {
            if (this.isOptionAt()) {
              // `key_field=a,max=3 …`: the option is not a field.
              this.expected('a field name', ['field name']);
            }
            return this.requireField('key_field');
          }, 'required');
          break;
        case 'max': {
          const { value, span } = this.readInteger('max');
          if (value < 1n) {
            this.fail(span, `max must be an integer of at least 1, found ${value}`, ['integer']);
          }
          if (value > BigInt(Number.MAX_SAFE_INTEGER)) {
            this.fail(span, `max ${value} is too large`, ['integer']);
          }
          written.max = Number(value);
          break;
        }
      }
      options.push({
        name: name as OutputLookupOption,
        span: this.spanFrom(option),
        valueSpan: this.spanFrom(valueStart),
      });
    }
    const lookupName = this.glueName('lookupName');
    if (lookupName === undefined) {
      return this.expected('a lookup name', ['lookup name', ...known.filter((o) => !seen.has(o))]);
    }
    const check = validateLookupName(lookupName.name);
    if (!check.ok) {
      this.fail(lookupName.span, check.message, ['lookup name']);
    }
    if (this.isOptionAt() && known.includes(this.peek().text.toLowerCase())) {
      const late = this.peek();
      this.fail(
        late,
        `the option "${late.text}" must come before the lookup name: outputlookup [options] <name>`,
        ['end of query']
      );
    }
    const keyFields = written.keyFields ?? [];
    return {
      kind: 'OutputLookup',
      name: lookupName.name,
      nameQuoted: lookupName.quoted,
      nameSpan: lookupName.span,
      append: written.append ?? keyFields.length > 0,
      overrideIfEmpty: written.overrideIfEmpty ?? true,
      keyFields,
      ...(written.max === undefined ? {} : { max: written.max }),
      written,
      options,
      span: this.spanFrom(start),
    };
  }
}
