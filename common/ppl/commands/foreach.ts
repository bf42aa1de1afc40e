/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/**
 * `foreach` (parse side; docs/user/ppl/cmd/foreach.md): a templated eval once per field
 * (`multifield`) or once per element of a collection (`multivalue`, `json_array`,
 * `auto_collections`). Node: foreach_ast.ts; plan: server/services/ppl/commands/foreach.ts.
 */
import type { Command, Expr, FieldPattern } from '../ast';
import type { Token } from '../tokenizer';
import { FOREACH_MODES, type ForeachCommand, type ForeachMode } from './foreach_ast';
import { JoinParser } from './join';

/** The fields standing for `<<ITEM>>` / `<<ITER>>` while a collection template runs (a name no query writes). */
export const FOREACH_ITEM_SLOT = '__foreach_item';
export const FOREACH_ITER_SLOT = '__foreach_iter';

const escapeRegExp = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `<<X>>` → `X`: the bare name of a placeholder option's value. */
const bareName = (s: string): string => s.replace(/^<<(.*)>>$/, '$1');

/**
 * A collection template with its placeholders replaced by the slot fields: `<<ITEM>>`/`<<ITER>>`
 * (or their renamed forms), and a renamed one also written bare (`IDX`), outside quotes and
 * backticks.
 */
export function collectionTemplate(
  command: Pick<ForeachCommand, 'template' | 'itemStr' | 'iterStr'>
): string {
  const names = (name: string, renamed: boolean): string =>
    `<<${escapeRegExp(name)}>>` + (renamed ? `|\\b${escapeRegExp(name)}\\b` : '');
  const item = new RegExp(names(command.itemStr, command.itemStr !== 'ITEM'), 'g');
  const iter = new RegExp(names(command.iterStr, command.iterStr !== 'ITER'), 'g');
  return command.template
    .split(/('(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"|`[^`]*`)/)
    .map((part, i) =>
      i % 2 === 1 ? part : part.replace(item, FOREACH_ITEM_SLOT).replace(iter, FOREACH_ITER_SLOT)
    )
    .join('');
}

export class ForeachParser extends JoinParser {
  /** Commands written as text (a foreach template), parsed by the top level of the parser. */
  protected parseTemplate(
    text: string
  ): { ok: true; commands: Command[] } | { ok: false; detail: string } {
    return text === '' ? { ok: false, detail: 'empty' } : { ok: true, commands: [] };
  }

  /** A placeholder's name: quoted (`fieldstr='F'`) or a bare word (`iterstr=IDX`). */
  private readPlaceholder(what: string): string {
    const t = this.peek();
    if (t.kind === 'string') return this.readString(what);
    if (t.kind !== 'identifier')
      return this.expected(`${what} (a name or a quoted string)`, ['string']);
    this.next();
    return t.text;
  }

  protected parseForeach(start: Token): ForeachCommand {
    this.next();
    let mode: ForeachMode | undefined;
    let fieldStr = '<<FIELD>>';
    let matchStr = '<<MATCHSTR>>';
    let itemStr = 'ITEM';
    let iterStr = 'ITER';
    const seen = new Map<string, Token>();
    while (
      this.isOptionAt() &&
      this.isWord(this.peek(), 'mode', 'fieldstr', 'matchstr', 'itemstr', 'iterstr')
    ) {
      const option = this.peek();
      const name = option.text.toLowerCase();
      this.once(seen, option, 'foreach');
      this.next();
      this.next();
      if (name === 'mode') {
        const m = this.peek();
        mode = FOREACH_MODES.find((candidate) => this.isWord(m, candidate));
        if (mode === undefined) {
          this.fail(m, `the foreach mode "${m.text}" is not one of ${FOREACH_MODES.join(', ')}`, [
            ...FOREACH_MODES,
          ]);
        }
        this.next();
      } else if (name === 'fieldstr') fieldStr = this.readPlaceholder('fieldstr');
      else if (name === 'matchstr') matchStr = this.readPlaceholder('matchstr');
      else if (name === 'itemstr') itemStr = bareName(this.readPlaceholder('itemstr'));
      else iterStr = bareName(this.readPlaceholder('iterstr'));
    }
    const patterns: FieldPattern[] = [];
    let target: Expr | undefined;
    const startsJsonArrayCall =
      this.isWord(this.peek(), 'json_array') && this.isPunct(this.peek(1), '(');
    if (mode === undefined) mode = startsJsonArrayCall ? 'json_array' : 'multifield';
    if (mode === 'multifield') {
      while (!this.isPunct(this.peek(), '[') && !this.endsCommand(this.peek())) {
        if (this.isPunct(this.peek(), ',')) this.next();
        else patterns.push(this.requirePattern());
      }
      if (patterns.length === 0)
        this.expected('the fields to run over (names or patterns)', ['field name']);
    } else if (!(mode === 'auto_collections' && this.isPunct(this.peek(), '['))) {
      const what = 'the collection to run over (an array field, JSON array text or json_array(…))';
      if (this.isPunct(this.peek(), '[')) this.expected(what, ['field name']);
      target = this.parseExpression(what);
    }
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
    const templateSpan = { start: open.start, end: close.end };
    const trial = this.parseTemplate(
      mode === 'multifield'
        ? template.split(fieldStr).join('f').split(matchStr).join('m')
        : collectionTemplate({ template, itemStr, iterStr })
    );
    if (!trial.ok) {
      this.fail(templateSpan, `the foreach template does not parse: ${trial.detail}`, []);
    }
    if (
      mode !== 'multifield' &&
      trial.commands.length > 0 &&
      (trial.commands.length !== 1 || trial.commands[0].kind !== 'Eval')
    ) {
      this.fail(
        templateSpan,
        `in foreach mode=${mode} the template is one eval (its assignments accumulate over the elements): write [ eval <field> = <expression>, … ]`,
        []
      );
    }
    return {
      kind: 'Foreach',
      mode,
      patterns,
      ...(target === undefined ? {} : { target }),
      template,
      fieldStr,
      matchStr,
      itemStr,
      iterStr,
      templateSpan,
      span: this.spanFrom(start),
    };
  }
}
