/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/**
 * Multivalue and structure commands (parse side): `expand` / `mvexpand`, `flatten`, `mvcombine`,
 * `nomv`, `spath`. Plan: server/services/ppl/commands/{multivalue,spath}.ts.
 */
import type { FieldRef } from '../ast';
import type { Token } from '../tokenizer';
import { LookupParser } from '../parse_lookups';
import type {
  ExpandCommand,
  FlattenCommand,
  MvCombineCommand,
  SpathCommand,
  NoMvCommand,
  SpathStep,
} from './multivalue_ast';

export type {
  ExpandCommand,
  FlattenCommand,
  MvCombineCommand,
  SpathCommand,
  NoMvCommand,
  SpathStep,
  MultivalueCommand,
} from './multivalue_ast';

/**
 * `a.b{0}.c`, `a.b[0]`, `list{}` (every element), `['a.b c']` / `["k"]` (a key as written):
 * the steps, or undefined when the text is not a path.
 */
export function spathSteps(text: string): SpathStep[] | undefined {
  const steps: SpathStep[] = [];
  let i = 0;
  let key = '';
  const flush = () => {
    if (key !== '') steps.push(key);
    key = '';
  };
  while (i < text.length) {
    const c = text.charAt(i);
    const rest = text.slice(i);
    const quoted = /^\[(['"])(.*?)\1\]/.exec(rest);
    const index = /^[{[](\d*)[}\]]/.exec(rest);
    if (c === '.') {
      if (key === '' && steps.length === 0) return undefined;
      flush();
      i++;
    } else if (quoted) {
      flush();
      steps.push(quoted[2]);
      i += quoted[0].length;
    } else if (index) {
      flush();
      if (index[1] === '' && rest.charAt(0) === '[') return undefined;
      steps.push(index[1] === '' ? { all: true } : Number(index[1]));
      i += index[0].length;
    } else if ('{}[]'.includes(c)) return undefined;
    else {
      key += c;
      i++;
    }
  }
  flush();
  return steps.length === 0 ? undefined : steps;
}

export class MultivalueParser extends LookupParser {
  protected parseSpath(start: Token): SpathCommand {
    this.next();
    const seen = new Map<string, Token>();
    let input: FieldRef | undefined;
    let output: string | undefined;
    let pathText: string | undefined;
    let pathAt: Token | undefined;
    while (!this.endsCommand(this.peek())) {
      if (this.isOptionAt() && this.isWord(this.peek(), 'input', 'output', 'path')) {
        const option = this.peek();
        this.once(seen, option, 'spath');
        this.next();
        this.next();
        const name = option.text.toLowerCase();
        if (name === 'input') input = this.requireField('spath input=');
        else if (name === 'output') output = this.requireField('spath output=').name;
        else {
          pathAt = this.peek();
          pathText =
            this.peek().kind === 'string' ? this.readString('the path') : this.readSpathPath();
        }
        continue;
      }
      if (pathText !== undefined) this.expected('"|" after the path', ['|']);
      pathAt = this.peek();
      pathText = this.peek().kind === 'string' ? this.readString('the path') : this.readSpathPath();
    }
    if (input === undefined) return this.fail(start, 'spath needs input=<field>', ['input=']);
    // No path: every key, below `output.` when it is given.
    if (pathText === undefined)
      return { kind: 'Spath', input, output: output ?? '', span: this.spanFrom(start) };
    const path = spathSteps(pathText);
    if (path === undefined)
      this.fail(pathAt ?? start, `"${pathText}" is not a path such as a.b{0}.c`, ['path']);
    return {
      kind: 'Spath',
      input,
      output: output ?? pathText,
      path: path!,
      pathText,
      span: this.spanFrom(start),
    };
  }

  /** An unquoted path: adjacent tokens (`a.b{0}.c`, `a.b[1]`). */
  private readSpathPath(): string {
    const first = this.next();
    let end = first.end;
    for (;;) {
      const t = this.tokenAt(0);
      const so = this.text.slice(first.start, end);
      // `]` ends a subsearch, except where it closes an index `[0]` of the path.
      const closesIndex = this.isPunct(t, ']') && so.split('[').length > so.split(']').length;
      if (t.start !== end || (this.endsCommand(t) && !closesIndex) || t.kind === 'string') break;
      this.next();
      end = t.end;
    }
    return this.text.slice(first.start, end);
  }

  protected parseNoMv(start: Token): NoMvCommand {
    this.next();
    return { kind: 'NoMv', field: this.requireField('nomv'), span: this.spanFrom(start) };
  }

  protected parseMvCombine(start: Token): MvCombineCommand {
    this.next();
    return { kind: 'MvCombine', field: this.requireField('mvcombine'), span: this.spanFrom(start) };
  }

  protected parseExpand(start: Token, command: 'expand' | 'mvexpand'): ExpandCommand {
    this.next();
    const field = this.requireField(command);
    let alias: FieldRef | undefined;
    let limit: number | undefined;
    if (command === 'expand' && this.isWord(this.peek(), 'as')) {
      this.next();
      alias = this.requireField('expand … as');
    }
    if (command === 'mvexpand' && this.isOptionAt() && this.isWord(this.peek(), 'limit')) {
      this.next();
      this.next();
      limit = this.readInt('the mvexpand limit', 1);
    }
    return {
      kind: 'Expand',
      command,
      field,
      ...(alias ? { alias } : {}),
      ...(limit === undefined ? {} : { limit }),
      span: this.spanFrom(start),
    };
  }

  protected parseFlatten(start: Token): FlattenCommand {
    this.next();
    const field = this.requireField('flatten');
    let aliases: FieldRef[] = [];
    if (this.isWord(this.peek(), 'as')) {
      this.next();
      if (this.isPunct(this.peek(), '(')) {
        this.next();
        aliases = this.list(() => this.requireField('flatten … as'), 'required');
        this.expectPunct(')', [',', ')']);
      } else {
        aliases = [this.requireField('flatten … as')];
      }
    }
    return { kind: 'Flatten', field, aliases, span: this.spanFrom(start) };
  }
}
