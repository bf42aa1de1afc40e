/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/**
 * `patterns` (parse side, patterns.md): log patterns of a text field, by `simple_pattern` (a
 * regex's matches become `<*>`) or `brain` (words that vary across similar messages become
 * `<*>`), as a label per row or aggregated per pattern. Plan: server/services/ppl/commands/patterns.ts.
 */
import type { FieldRef } from '../ast';
import { COMMAND_OPTIONS } from '../language';
import type { Token } from '../tokenizer';
import { ShapingParser } from './shaping';
import type { PatternsCommand } from './patterns_ast';

export type { PatternsCommand } from './patterns_ast';

const OPTIONS = [...COMMAND_OPTIONS.patterns];

export class PatternsParser extends ShapingParser {
  private readChoice<T extends string>(what: string, choices: readonly T[]): T {
    const m = this.peek();
    const text = (m.kind === 'string' ? (m.value ?? '') : m.text).toLowerCase() as T;
    if (!(m.kind === 'string' || this.isWord(m)) || !choices.includes(text)) {
      this.fail(m, `the patterns ${what} "${m.text}" is unknown; ${what}s: ${choices.join(', ')}`, [
        ...choices,
      ]);
    }
    this.next();
    return text;
  }

  protected parsePatterns(start: Token): PatternsCommand {
    this.next();
    let field: FieldRef | undefined;
    let by: FieldRef[] = [];
    const command: Omit<PatternsCommand, 'kind' | 'field' | 'by' | 'span'> = {
      method: 'simple_pattern',
      mode: 'label',
      newField: 'patterns_field',
      maxSampleCount: 10,
      showNumberedToken: false,
      variableCountThreshold: 5,
      frequencyThreshold: 0.3,
    };
    const seen = new Map<string, Token>();
    // Options may come before the field (the older syntax) or after it, and around `by`.
    while (!this.endsCommand(this.peek())) {
      if (!this.isOptionAt()) {
        if (field !== undefined && this.isWord(this.peek(), 'by')) {
          this.next();
          by = this.list(() => this.requireField('patterns … by'), 'required');
          continue;
        }
        if (field !== undefined) this.expected('a patterns option or "by"', [...OPTIONS, 'by']);
        field = this.requireField('patterns');
        continue;
      }
      const option = this.peek();
      const name = option.text.toLowerCase();
      if (!OPTIONS.includes(name)) {
        this.fail(
          option,
          `unknown patterns option "${option.text}"; options: ${OPTIONS.join(', ')}`,
          OPTIONS
        );
      }
      this.once(seen, option, 'patterns');
      this.next();
      this.next();
      if (name === 'new_field')
        command.newField =
          this.peek().kind === 'string'
            ? this.readString('new_field')
            : this.requireField('new_field').name;
      else if (name === 'pattern') {
        const t = this.peek();
        command.pattern = this.readString('the pattern');
        command.patternSpan = { start: t.start, end: t.end };
      } else if (name === 'method')
        command.method = this.readChoice('method', ['simple_pattern', 'brain'] as const);
      else if (name === 'mode')
        command.mode = this.readChoice('mode', ['label', 'aggregation'] as const);
      else if (name === 'max_sample_count')
        command.maxSampleCount = this.readInt('max_sample_count', 0);
      else if (name === 'show_numbered_token') command.showNumberedToken = this.readBoolean();
      else if (name === 'buffer_limit') {
        const t = this.peek();
        if (this.readInt('buffer_limit', 0) < 50000)
          this.fail(t, 'buffer_limit is at least 50000', ['integer']);
      } else if (name === 'variable_count_threshold')
        command.variableCountThreshold = this.readInt('variable_count_threshold', 1);
      else {
        const t = this.peek();
        const x = Number(t.text);
        if (t.kind !== 'number' || !(x >= 0 && x <= 1))
          this.expected('a share between 0 and 1, such as 0.3', ['number']);
        this.next();
        command.frequencyThreshold = x;
      }
    }
    if (field === undefined) return this.expected('the field to find patterns in', ['field name']);
    if (command.method === 'brain' && command.pattern !== undefined) {
      this.fail(
        start,
        'pattern= belongs to method=simple_pattern; brain finds the variable words itself',
        ['method']
      );
    }
    return { kind: 'Patterns', field, by, ...command, span: this.spanFrom(start) };
  }
}
