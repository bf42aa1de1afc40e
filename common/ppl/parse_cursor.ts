/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/**
 * The parser's token cursor: reading tokens (comments and spaces dropped) and failing at a
 * position with what was expected there. The layers of the parser build on it: names and
 * option values, expressions, then one module per command family (see parser.ts).
 */
import type { Span } from './ast';
import { lineStarts, positionAt, Token, tokenize } from './tokenizer';

export interface PplSyntaxError {
  /** `Syntax error at line L, column C: <detail>`. */
  message: string;
  /** The message without its position prefix. */
  detail: string;
  /** 1-based. */
  line: number;
  /** 1-based, in UTF-16 code units. */
  column: number;
  /** 0-based offset of the text at fault. */
  offset: number;
  /** Length of the text at fault (0 at the end of the query). */
  length: number;
  /** What would have been accepted there (words, symbols or descriptions such as `field name`). */
  expected: string[];
  /** The text found there, or empty at the end of the query. */
  found: string;
  /**
   * When the text is well formed but refused: over one of the engine's limits, a command that
   * cannot run in Dashboards, or one not implemented yet. Absent for a syntax error proper.
   */
  kind?: PplRefusalKind;
}

export type PplRefusalKind = 'limit' | 'refused' | 'unsupported';

/** A syntax error on its way out of the parser; {@link parsePpl} turns it into a result. */
export class SyntaxFailure extends Error {
  constructor(public readonly error: PplSyntaxError) {
    super(error.message);
    this.name = 'SyntaxFailure';
    Object.setPrototypeOf(this, new.target.prototype);
  }
}

const WORD_KINDS = new Set(['keyword', 'command', 'function', 'identifier']);

export class TokenCursor {
  protected pos = 0;
  protected readonly tokens: Token[];
  protected readonly eof: Token;
  protected readonly starts: number[];

  constructor(protected readonly text: string) {
    this.starts = lineStarts(text);
    const end = positionAt(this.starts, text.length);
    this.eof = {
      kind: 'unknown',
      text: '',
      start: text.length,
      end: text.length,
      line: end.line,
      column: end.column,
    };
    this.tokens = [...tokenize(text, { includeTrivia: false }), this.eof];
  }

  // -------------------------------------------------------------------------------------------
  // Token access and errors

  protected tokenAt(k: number): Token {
    return this.tokens[Math.min(this.pos + k, this.tokens.length - 1)];
  }

  /** The next token; a malformed one (unterminated string, stray character) stops the parse here. */
  protected peek(k = 0): Token {
    const t = this.tokenAt(k);
    if (k === 0 && t.error !== undefined) {
      this.failMalformed(t);
    }
    return t;
  }

  protected next(): Token {
    const t = this.peek();
    if (t !== this.eof) {
      this.pos++;
    }
    return t;
  }

  protected previous(): Token {
    return this.tokens[Math.max(0, this.pos - 1)];
  }

  protected atEnd(t: Token = this.tokenAt(0)): boolean {
    return t === this.eof;
  }

  protected isWord(t: Token, ...words: string[]): boolean {
    return (
      WORD_KINDS.has(t.kind) &&
      t.quoted !== true &&
      (words.length === 0 || words.includes(t.text.toLowerCase()))
    );
  }

  protected isPunct(t: Token, p: string): boolean {
    return t.kind === 'punctuation' && t.text === p;
  }

  protected isOp(t: Token, op: string): boolean {
    return t.kind === 'operator' && t.text === op;
  }

  /** A `word=` option (any word: the caller decides whether it knows it). */
  protected isOptionAt(k = 0): boolean {
    return this.isWord(this.tokenAt(k)) && this.isOp(this.tokenAt(k + 1), '=');
  }

  /** The end of a command: `|`, the end of the query, or the `]` closing a subsearch. */
  protected endsCommand(t: Token): boolean {
    return this.atEnd(t) || this.isPunct(t, '|') || this.isPunct(t, ']');
  }

  protected describe(t: Token): string {
    if (this.atEnd(t)) {
      return 'the end of the query';
    }
    const shown = t.text.length > 40 ? `${t.text.slice(0, 40)}…` : t.text;
    return `"${shown}"`;
  }

  protected fail(at: Span, detail: string, expected: string[] = [], kind?: PplRefusalKind): never {
    const { line, column } = positionAt(this.starts, at.start);
    throw new SyntaxFailure({
      message: `Syntax error at line ${line}, column ${column}: ${detail}`,
      detail,
      line,
      column,
      offset: at.start,
      length: at.end - at.start,
      expected,
      found: this.text.slice(at.start, at.end),
      ...(kind ? { kind } : {}),
    });
  }

  /** `expected <what> after "<previous token>", found <next token>`, at the next token. */
  protected expected(what: string, expected: string[]): never {
    const t = this.tokenAt(0);
    if (t.error !== undefined) {
      this.failMalformed(t);
    }
    const prev = this.previous();
    const after = this.pos > 0 ? ` after "${prev.text}"` : '';
    return this.fail(t, `expected ${what}${after}, found ${this.describe(t)}`, expected);
  }

  protected failMalformed(t: Token): never {
    switch (t.error) {
      case 'unterminated_string':
        return this.fail(t, `unterminated string: add the closing ${t.text.charAt(0)}`, [
          t.text.charAt(0),
        ]);
      case 'unterminated_identifier':
        return this.fail(t, 'unterminated quoted name: add the closing `', ['`']);
      case 'unterminated_comment':
        return this.fail(t, 'unterminated comment: add the closing "*/"', ['*/']);
      default:
        return this.fail(t, `unexpected character "${t.text}"`);
    }
  }

  protected expectPunct(p: string, expected: string[] = [p]): Token {
    if (!this.isPunct(this.peek(), p)) {
      this.expected(`"${p}"`, expected);
    }
    return this.next();
  }

  protected expectWord(word: string): Token {
    if (!this.isWord(this.peek(), word)) {
      this.expected(`"${word}"`, [word]);
    }
    return this.next();
  }

  protected spanFrom(start: Token | Span): Span {
    return { start: start.start, end: Math.max(start.start, this.previous().end) };
  }
}
