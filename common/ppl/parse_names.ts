/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/** Names (glued from tokens), lists, and the literal values of command options. */
import type { FieldPattern, FieldRef, Span } from './ast';
import type { Token } from './tokenizer';
import { INTEGRAL_RANGES } from './types';
import { TokenCursor } from './parse_cursor';

/** Where a glued name may go, which decides the tokens it may be made of. */
type NameMode = 'index' | 'pattern' | 'field' | 'lookupName';

interface GluedName {
  name: string;
  quoted: boolean;
  wildcard: boolean;
  span: Span;
}

export class NameParser extends TokenCursor {
  // -------------------------------------------------------------------------------------------
  // Names

  /**
   * Reads a name made of adjacent tokens (no space between them): `logs-2024.*`, `host*`,
   * `my-field`, `` `a b`.c ``. Returns undefined, consuming nothing, if no name starts here.
   */
  protected glueName(mode: NameMode): GluedName | undefined {
    const first = this.peek();
    const startsName =
      this.isWord(first) ||
      first.quoted === true ||
      (mode !== 'field' && this.isOp(first, '*')) ||
      ((mode === 'index' || mode === 'lookupName') &&
        (first.kind === 'number' || this.isPunct(first, '.')));
    if (!startsName) {
      return undefined;
    }
    const parts: Token[] = [this.next()];
    for (;;) {
      const t = this.tokenAt(0);
      const last = parts[parts.length - 1];
      if (t.start !== last.end || this.atEnd(t)) {
        break;
      }
      const afterDot = this.isPunct(last, '.');
      const glues =
        (this.isWord(t) && last.quoted !== true) ||
        (t.quoted === true && afterDot) ||
        (t.kind === 'number' && last.quoted !== true) ||
        this.isOp(t, '-') ||
        this.isOp(t, '*') ||
        this.isPunct(t, '.') ||
        ((mode === 'index' || mode === 'lookupName') && this.isPunct(t, ':'));
      if (!glues) {
        break;
      }
      parts.push(this.next());
    }
    let name = '';
    let quoted = false;
    let wildcard = false;
    for (const p of parts) {
      if (p.quoted === true) {
        quoted = true;
        name += p.value ?? '';
      } else {
        name += p.text;
        wildcard = wildcard || p.text.includes('*');
      }
    }
    return {
      name,
      quoted,
      wildcard,
      span: { start: parts[0].start, end: parts[parts.length - 1].end },
    };
  }

  protected fieldRef(name: GluedName, where: string): FieldRef {
    if (name.wildcard) {
      this.fail(name.span, `wildcards are not allowed in ${where}: name one field`, ['field name']);
    }
    if (name.name === '') {
      this.fail(name.span, 'the field name is empty', ['field name']);
    }
    return { kind: 'Field', name: name.name, quoted: name.quoted, span: name.span };
  }

  protected requireField(where: string): FieldRef {
    const name = this.glueName('field');
    if (name === undefined) {
      return this.expected('a field name', ['field name']);
    }
    return this.fieldRef(name, where);
  }

  protected requirePattern(): FieldPattern {
    const name = this.glueName('pattern');
    if (name === undefined) {
      return this.expected('a field name', ['field name']);
    }
    if (name.name === '') {
      this.fail(name.span, 'the field name is empty', ['field name']);
    }
    return {
      kind: 'FieldPattern',
      pattern: name.name,
      // fields.md / rename.md: `*` and `@*` in backticks are patterns too.
      wildcard: name.wildcard || (name.quoted && name.name.includes('*')),
      quoted: name.quoted,
      span: name.span,
    };
  }

  /** Whether a further item of a list without commas starts here (not an option, not a stop word). */
  protected startsListItem(stopWords: readonly string[]): boolean {
    const t = this.tokenAt(0);
    if (t.error !== undefined) {
      return false;
    }
    if (this.isWord(t)) {
      return !this.isOptionAt() && !stopWords.includes(t.text.toLowerCase());
    }
    return t.quoted === true || this.isOp(t, '*');
  }

  /** `item (sep item)*` where `sep` is "," or, when commas are optional, nothing. */
  protected list<T>(
    item: () => T,
    commas: 'required' | 'optional',
    stopWords: readonly string[] = []
  ): T[] {
    const items = [item()];
    for (;;) {
      if (this.isPunct(this.peek(), ',')) {
        this.next();
        items.push(item());
      } else if (commas === 'optional' && this.startsListItem(stopWords)) {
        items.push(item());
      } else {
        return items;
      }
    }
  }

  // -------------------------------------------------------------------------------------------
  // Literal option values

  protected readBoolean(): boolean {
    const t = this.peek();
    if (!this.isWord(t, 'true', 'false')) {
      return this.expected('true or false', ['true', 'false']);
    }
    this.next();
    return t.text.toLowerCase() === 'true';
  }

  /** A non-negative integer literal (optionally signed when `signed`), as a bigint. */
  protected readInteger(what: string, signed = false): { value: bigint; span: Span } {
    const start = this.peek();
    let negative = false;
    if (signed && (this.isOp(start, '-') || this.isOp(start, '+'))) {
      negative = start.text === '-';
      this.next();
    }
    const t = this.peek();
    if (t.kind !== 'number' || !/^\d+$/.test(t.text)) {
      if (t.kind === 'number') {
        this.fail(t, `${what} must be a whole number, found "${t.text}"`, ['integer']);
      }
      return this.expected(`${what} (a whole number)`, ['integer']);
    }
    this.next();
    const value = BigInt(t.text);
    return { value: negative ? -value : value, span: this.spanFrom(start) };
  }

  /** An integer that fits PPL's `int` (Java's `Integer.parseInt`), as a number. */
  protected readInt(what: string, min: number, signed = false): number {
    const { value, span } = this.readInteger(what, signed);
    const [lo, hi] = INTEGRAL_RANGES.int;
    if (value < lo || value > hi) {
      this.fail(span, `${what} ${value} is out of range (at most ${hi})`, ['integer']);
    }
    if (value < BigInt(min)) {
      this.fail(span, `${what} must be at least ${min}, found ${value}`, ['integer']);
    }
    return Number(value);
  }

  protected readString(what: string): string {
    const t = this.peek();
    if (t.kind !== 'string') {
      return this.expected(`${what} (a quoted string)`, ['string']);
    }
    this.next();
    return t.value ?? '';
  }

  /** Refuses an option given twice, naming it. */
  protected once(seen: Map<string, Token>, option: Token, command: string): void {
    const name = option.text.toLowerCase();
    if (seen.has(name)) {
      this.fail(option, `the option "${name}" is given twice in "${command}": keep one`, []);
    }
    seen.set(name, option);
  }
}
