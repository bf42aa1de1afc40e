/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/**
 * Extraction commands (parse side): `parse`, `rex`, `regex`, `grok` (`patterns`: patterns.ts). Every pattern is
 * a user's regular expression: the server runs it on RE2 in linear time
 * (server/services/ppl/regex.ts), never on JavaScript's RegExp.
 */
import type { FieldRef, Span } from '../ast';
import type { Token } from '../tokenizer';
import { PatternsParser } from './patterns';

export type { PatternsCommand } from './patterns';
import type { ParseCommand, GrokCommand, RexCommand, RegexCommand } from './extraction_ast';

export type {
  ParseCommand,
  GrokCommand,
  RexCommand,
  RegexCommand,
  ExtractionCommand,
} from './extraction_ast';

/** The most matches `rex … max_match` may ask for (PPL's `plugins.ppl.rex.max_match.limit`). */
export const REX_MAX_MATCH_LIMIT = 10;

export class ExtractionParser extends PatternsParser {
  private readPattern(what: string): { pattern: string; span: Span } {
    const t = this.peek();
    const pattern = this.readString(what);
    return { pattern, span: { start: t.start, end: t.end } };
  }

  protected parseParse(start: Token, kind: 'Parse' | 'Grok'): ParseCommand | GrokCommand {
    this.next();
    const field = this.requireField(kind.toLowerCase());
    const { pattern, span } = this.readPattern(
      kind === 'Parse' ? 'the regular expression' : 'the grok pattern'
    );
    return { kind, field, pattern, patternSpan: span, span: this.spanFrom(start) };
  }

  protected parseRex(start: Token): RexCommand {
    this.next();
    const seen = new Map<string, Token>();
    let mode: RexCommand['mode'] = 'extract';
    let field: FieldRef | undefined;
    let maxMatch = 1;
    let offsetField: string | undefined;
    let pattern: { pattern: string; span: Span } | undefined;
    const known = ['mode', 'field', 'max_match', 'offset_field'];
    while (!this.endsCommand(this.peek())) {
      if (this.peek().kind === 'string') {
        if (pattern) this.fail(this.peek(), 'rex takes one pattern', []);
        pattern = this.readPattern('the pattern');
        continue;
      }
      const option = this.peek();
      if (!this.isOptionAt() || !known.includes(option.text.toLowerCase())) {
        this.expected('a rex option (mode=, field=, max_match=, offset_field=) or the pattern', [
          ...known,
          'string',
        ]);
      }
      this.once(seen, option, 'rex');
      this.next();
      this.next();
      switch (option.text.toLowerCase()) {
        case 'mode': {
          const m = this.peek();
          if (!this.isWord(m, 'extract', 'sed'))
            this.expected('extract or sed', ['extract', 'sed']);
          this.next();
          mode = m.text.toLowerCase() as RexCommand['mode'];
          break;
        }
        case 'field':
          field = this.requireField('rex field=');
          break;
        case 'max_match': {
          const at = this.peek();
          maxMatch = this.readInt('max_match', 0);
          if (maxMatch > REX_MAX_MATCH_LIMIT) {
            this.fail(
              at,
              `rex max_match ${maxMatch} exceeds the limit (${REX_MAX_MATCH_LIMIT}): use a smaller value`,
              ['integer']
            );
          }
          break;
        }
        case 'offset_field':
          offsetField =
            this.peek().kind === 'string'
              ? this.readString('offset_field')
              : this.requireField('offset_field').name;
          break;
      }
    }
    if (field === undefined) return this.fail(start, 'rex needs field=<field>', ['field=']);
    if (pattern === undefined) return this.fail(start, 'rex needs a pattern in quotes', ['string']);
    if (mode === 'sed' && offsetField !== undefined) {
      this.fail(seen.get('offset_field')!, 'offset_field works in extract mode only', []);
    }
    return {
      kind: 'Rex',
      mode,
      field,
      pattern: pattern.pattern,
      patternSpan: pattern.span,
      maxMatch: maxMatch === 0 ? REX_MAX_MATCH_LIMIT : maxMatch,
      ...(offsetField === undefined ? {} : { offsetField }),
      span: this.spanFrom(start),
    };
  }

  protected parseRegex(start: Token): RegexCommand {
    this.next();
    const field = this.requireField('regex');
    const op = this.peek();
    if (!this.isOp(op, '=') && !this.isOp(op, '!=')) this.expected('"=" or "!="', ['=', '!=']);
    this.next();
    const { pattern, span } = this.readPattern('the regular expression');
    return {
      kind: 'Regex',
      field,
      negated: op.text === '!=',
      pattern,
      patternSpan: span,
      span: this.spanFrom(start),
    };
  }
}
