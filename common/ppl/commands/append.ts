/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/**
 * The append family (parse side): `append [ <subsearch> ]`, `appendpipe [ <commands> ]`,
 * `appendcol [override=<bool>] [ <commands> ]`, and `foreach`, whose bracketed template is
 * commands too. Node types: combining_ast.ts; plan: server/services/ppl/commands/append.ts.
 */
import type { FieldPattern } from '../ast';
import type { Token } from '../tokenizer';
import type {
  AppendColCommand,
  AppendCommand,
  AppendPipeCommand,
  ForeachCommand,
} from './combining_ast';
import { SubsearchParser } from './subsearch';

export class AppendParser extends SubsearchParser {
  /** Commands written as text (a foreach template), parsed by the top level of the parser. */
  protected parseTemplate(text: string): { ok: true } | { ok: false; detail: string } {
    return text === '' ? { ok: false, detail: 'empty' } : { ok: true };
  }

  protected parseForeach(start: Token): ForeachCommand {
    this.next();
    let fieldStr = '<<FIELD>>';
    let matchStr = '<<MATCHSTR>>';
    const seen = new Map<string, Token>();
    while (this.isOptionAt() && this.isWord(this.peek(), 'mode', 'fieldstr', 'matchstr')) {
      const option = this.peek();
      const name = option.text.toLowerCase();
      this.once(seen, option, 'foreach');
      this.next();
      this.next();
      if (name === 'mode') {
        const m = this.peek();
        if (!this.isWord(m, 'multifield')) {
          this.fail(
            m,
            `the foreach mode "${m.text}" is not supported here; supported: multifield`,
            ['multifield']
          );
        }
        this.next();
      } else if (name === 'fieldstr') fieldStr = this.readString('fieldstr');
      else matchStr = this.readString('matchstr');
    }
    const patterns: FieldPattern[] = [];
    while (!this.isPunct(this.peek(), '[') && !this.endsCommand(this.peek())) {
      if (this.isPunct(this.peek(), ',')) this.next();
      else patterns.push(this.requirePattern());
    }
    if (patterns.length === 0)
      this.expected('the fields to run over (names or patterns)', ['field name']);
    const open = this.expectPunct('[', ['[']);
    let depth = 1;
    let close: Token | undefined;
    while (!this.atEnd(this.peek())) {
      const t = this.next();
      if (this.isPunct(t, '[')) depth++;
      if (this.isPunct(t, ']') && --depth === 0) {
        close = t;
        break;
      }
    }
    if (close === undefined) return this.expected('"]" closing the foreach template', [']']);
    const template = this.text.slice(open.end, close.start).trim();
    const trial = this.parseTemplate(template.split(fieldStr).join('f').split(matchStr).join('m'));
    if (!trial.ok) {
      this.fail(
        { start: open.start, end: close.end },
        `the foreach template does not parse: ${trial.detail}`,
        []
      );
    }
    return {
      kind: 'Foreach',
      patterns,
      template,
      fieldStr,
      matchStr,
      templateSpan: { start: open.start, end: close.end },
      span: this.spanFrom(start),
    };
  }

  protected parseAppend(start: Token): AppendCommand {
    this.next();
    return { kind: 'Append', search: this.parseSubsearch(), span: this.spanFrom(start) };
  }

  protected parseAppendPipe(start: Token): AppendPipeCommand {
    this.next();
    const { value } = this.inBrackets(() => this.parseCommandList(false));
    return { kind: 'AppendPipe', commands: value, span: this.spanFrom(start) };
  }

  protected parseAppendCol(start: Token): AppendColCommand {
    this.next();
    let override = false;
    if (this.isOptionAt() && this.isWord(this.peek(), 'override')) {
      this.next();
      this.next();
      override = this.readBoolean();
    }
    const { value } = this.inBrackets(() => this.parseCommandList(false));
    return { kind: 'AppendCol', commands: value, override, span: this.spanFrom(start) };
  }
}
