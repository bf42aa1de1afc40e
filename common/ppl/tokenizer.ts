/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/**
 * The PPL tokenizer: cuts a query into tokens that cover every character, for the parser and for
 * the editor's highlighting. It never throws: a malformed piece (an unterminated string, a stray
 * character) becomes a token with `error` set, and the parser reports it when it gets there.
 *
 * Lexical rules, after PPL 3.x (`OpenSearchPPLLexer.g4`, docs/user/ppl/general/identifiers.md and
 * comments.md):
 * - keywords are case-insensitive; whether a word is a keyword depends on where it stands, so words
 *   are classified after lexing (a command after `|`, a function before `(`, an option before `=`
 *   in a command that has that option, …), and stay usable as field names elsewhere;
 * - identifiers start with a letter, `_` or `@` and go on with letters, digits and `_`; dotted
 *   paths (`geo.city`) are one token; backticks quote any name (`` `my field` ``), and the name is
 *   the text between them, as PPL's `unquoteIdentifier` takes it;
 * - strings are in single or double quotes; `\'`, `\"`, `\\` and a doubled quote stand for one
 *   character, and any other backslash stays as written (PPL's `unquoteText`: `'\d+'` is the
 *   four characters `\d+`, ready for a regular expression);
 * - numbers: `12`, `1.5`, `.5`, `1.5F` (float), `1.5D` (double), and `1e5`, `1.5E-3` (double; an
 *   extension: PPL itself reads `1e5` as an identifier). Digits run into letters (`5m`, `123abc`)
 *   make one identifier, as PPL's `NUMERIC_ID`;
 * - comments: `// …` to the end of the line, and `/* … *\/`.
 *
 * Unlike PPL's lexer, `-` and `*` never join an identifier here: `a-b` is three tokens. Where PPL
 * takes names with `-` or `*` (index names, field lists, `host*`), the parser joins adjacent
 * tokens back into one name; in expressions, `a-b` is a subtraction.
 */
import {
  AGGREGATION_FUNCTIONS,
  CAST_TYPES,
  COMMAND_OPTIONS,
  FUNCTIONS,
  KEYWORDS,
  LEADING_COMMANDS,
  LOOKUP_STRATEGIES,
  SORT_TYPES,
  SUPPORTED_COMMANDS,
  UNSUPPORTED_PPL_COMMANDS,
} from './language';

export type TokenKind =
  | 'keyword'
  | 'command'
  | 'function'
  | 'identifier'
  | 'string'
  | 'number'
  | 'operator'
  | 'punctuation'
  | 'comment'
  | 'whitespace'
  | 'unknown';

export type TokenError =
  | 'unterminated_string'
  | 'unterminated_identifier'
  | 'unterminated_comment'
  | 'unexpected_character';

export interface Token {
  kind: TokenKind;
  /** The exact source text. */
  text: string;
  /** 0-based offset of the first character (UTF-16 code units, as JavaScript strings count). */
  start: number;
  /** 0-based offset just past the last character. */
  end: number;
  /** 1-based line of `start`. */
  line: number;
  /** 1-based column of `start`, in UTF-16 code units (as editors such as Monaco count). */
  column: number;
  /** Strings: the unescaped value. Backticked identifiers: the name between the backticks. */
  value?: string;
  /** Set on identifiers written in backticks. */
  quoted?: boolean;
  /** Set when the token is malformed; the parser refuses the query at this token. */
  error?: TokenError;
}

export interface TokenizeOptions {
  /** Keep whitespace and comment tokens (the default), so that the tokens cover the whole text. */
  includeTrivia?: boolean;
}

/** Line starts of a text, to turn offsets into 1-based line and column. `\r\n`, `\n`, `\r` end lines. */
export function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 /* \n */) {
      starts.push(i + 1);
    } else if (c === 13 /* \r */) {
      if (text.charCodeAt(i + 1) === 10) {
        i++;
      }
      starts.push(i + 1);
    }
  }
  return starts;
}

/** The 1-based line and column of a 0-based offset. */
export function positionAt(
  starts: readonly number[],
  offset: number
): { line: number; column: number } {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid] <= offset) {
      lo = mid;
    } else {
      hi = mid - 1;
    }
  }
  return { line: lo + 1, column: offset - starts[lo] + 1 };
}

const isDigit = (c: string): boolean => c >= '0' && c <= '9';
const isLetter = (c: string): boolean => (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
const isWordStart = (c: string): boolean => isLetter(c) || c === '_' || c === '@';
const isWordPart = (c: string): boolean => isLetter(c) || isDigit(c) || c === '_';
const isSpace = (c: string): boolean =>
  c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\f' || c === '\v';

const TWO_CHAR_OPERATORS = new Set(['==', '!=', '<=', '>=', '->']);
const ONE_CHAR_OPERATORS = new Set(['=', '<', '>', '+', '-', '*', '/', '%', '!', '^', '?']);
const PUNCTUATION = new Set(['|', ',', '(', ')', '[', ']', '{', '}', '.', ':']);

/**
 * The value of a quoted string, as PPL's `StringUtils.unquoteText` gives it: a backslash before a
 * quote or a backslash stands for that character, a doubled enclosing quote for one quote; every
 * other character, other backslashes included, stays.
 */
export function unquoteString(text: string): string {
  const quote = text.charAt(0);
  const inner = text.slice(1, -1);
  let out = '';
  for (let i = 0; i < inner.length; i++) {
    const c = inner.charAt(i);
    const n = inner.charAt(i + 1);
    if ((c === '\\' && (n === '"' || n === '\\' || n === "'")) || (c === quote && n === quote)) {
      out += n;
      i++;
    } else {
      out += c;
    }
  }
  return out;
}

/** Reads a quoted run from `start`; returns its end and whether the closing quote was found. */
function scanQuoted(text: string, start: number, quote: string): { end: number; closed: boolean } {
  let i = start + 1;
  while (i < text.length) {
    const c = text.charAt(i);
    if (c === '\\' && i + 1 < text.length) {
      i += 2;
    } else if (c === quote) {
      if (text.charAt(i + 1) === quote) {
        i += 2;
      } else {
        return { end: i + 1, closed: true };
      }
    } else {
      i++;
    }
  }
  return { end: text.length, closed: false };
}

/** Reads a word (with dotted parts) from `i`, which holds a word character. */
function scanWord(text: string, i: number): number {
  let j = i + 1;
  for (;;) {
    while (j < text.length && isWordPart(text.charAt(j))) {
      j++;
    }
    if (text.charAt(j) === '.' && isWordStart(text.charAt(j + 1))) {
      j += 2;
      continue;
    }
    return j;
  }
}

type RawKind =
  'word' | Exclude<TokenKind, 'keyword' | 'command' | 'function' | 'identifier'> | 'quoted';

interface RawToken {
  kind: RawKind;
  start: number;
  end: number;
  error?: TokenError;
}

function scan(text: string): RawToken[] {
  const out: RawToken[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text.charAt(i);
    const start = i;
    if (isSpace(c)) {
      while (i < text.length && isSpace(text.charAt(i))) {
        i++;
      }
      out.push({ kind: 'whitespace', start, end: i });
    } else if (c === '/' && text.charAt(i + 1) === '/') {
      // PPL's LINE_COMMENT: a backslash before the line break continues the comment.
      i += 2;
      while (i < text.length) {
        const d = text.charAt(i);
        if (d === '\\' && (text.charAt(i + 1) === '\n' || text.charAt(i + 1) === '\r')) {
          i += text.charAt(i + 1) === '\r' && text.charAt(i + 2) === '\n' ? 3 : 2;
        } else if (d === '\n' || d === '\r') {
          break;
        } else {
          i++;
        }
      }
      out.push({ kind: 'comment', start, end: i });
    } else if (c === '/' && text.charAt(i + 1) === '*') {
      const close = text.indexOf('*/', i + 2);
      if (close < 0) {
        i = text.length;
        out.push({ kind: 'comment', start, end: i, error: 'unterminated_comment' });
      } else {
        i = close + 2;
        out.push({ kind: 'comment', start, end: i });
      }
    } else if (c === "'" || c === '"') {
      const { end, closed } = scanQuoted(text, i, c);
      i = end;
      out.push(
        closed
          ? { kind: 'string', start, end }
          : { kind: 'string', start, end, error: 'unterminated_string' }
      );
    } else if (c === '`') {
      const { end, closed } = scanQuoted(text, i, '`');
      i = end;
      out.push(
        closed
          ? { kind: 'quoted', start, end }
          : { kind: 'quoted', start, end, error: 'unterminated_identifier' }
      );
    } else if (isDigit(c) || (c === '.' && isDigit(text.charAt(i + 1)))) {
      let fraction = false;
      while (i < text.length && isDigit(text.charAt(i))) {
        i++;
      }
      if (text.charAt(i) === '.' && isDigit(text.charAt(i + 1))) {
        fraction = true;
        i++;
        while (i < text.length && isDigit(text.charAt(i))) {
          i++;
        }
      }
      const e = text.charAt(i);
      if (e === 'e' || e === 'E') {
        const sign = text.charAt(i + 1) === '+' || text.charAt(i + 1) === '-' ? 1 : 0;
        if (isDigit(text.charAt(i + 1 + sign))) {
          fraction = true;
          i += 1 + sign;
          while (i < text.length && isDigit(text.charAt(i))) {
            i++;
          }
        }
      }
      const suffix = text.charAt(i);
      if (fraction && 'fFdD'.includes(suffix) && suffix !== '' && !isWordPart(text.charAt(i + 1))) {
        i++;
      }
      if (i < text.length && (isWordPart(text.charAt(i)) || text.charAt(i) === '@')) {
        // Digits run into letters: one identifier, like PPL's NUMERIC_ID (`5m`, `123abc`).
        i = scanWord(text, i);
        out.push({ kind: 'word', start, end: i });
      } else {
        out.push({ kind: 'number', start, end: i });
      }
    } else if (isWordStart(c)) {
      i = scanWord(text, i);
      out.push({ kind: 'word', start, end: i });
    } else if (TWO_CHAR_OPERATORS.has(text.slice(i, i + 2))) {
      i += 2;
      out.push({ kind: 'operator', start, end: i });
    } else if (ONE_CHAR_OPERATORS.has(c)) {
      i++;
      out.push({ kind: 'operator', start, end: i });
    } else if (PUNCTUATION.has(c)) {
      i++;
      out.push({ kind: 'punctuation', start, end: i });
    } else {
      // One code point, so that a character outside the BMP stays whole.
      i += (text.codePointAt(i) ?? 0) > 0xffff ? 2 : 1;
      out.push({ kind: 'unknown', start, end: i, error: 'unexpected_character' });
    }
  }
  return out;
}

const COMMAND_WORDS = new Set<string>([
  ...LEADING_COMMANDS,
  ...SUPPORTED_COMMANDS,
  ...Object.keys(UNSUPPORTED_PPL_COMMANDS),
]);
const FUNCTION_WORDS = new Set<string>([...FUNCTIONS, ...AGGREGATION_FUNCTIONS]);
const KEYWORD_WORDS = new Set<string>(KEYWORDS);
const CAST_TYPE_WORDS = new Set<string>(CAST_TYPES);
const SORT_TYPE_WORDS = new Set<string>(SORT_TYPES);
const LOOKUP_STRATEGY_WORDS = new Set<string>(LOOKUP_STRATEGIES);
const SORT_DIRECTIONS = new Set(['asc', 'desc', 'a', 'd']);

/** The kind a word gets where it stands (see the module comment). */
function classify(tokens: Token[]): void {
  const significant = tokens.filter((t) => t.kind !== 'whitespace' && t.kind !== 'comment');
  let atCommandStart = true;
  let command: string | undefined;
  let depth = 0;
  for (let k = 0; k < significant.length; k++) {
    const t = significant[k];
    if (t.kind === 'punctuation' && t.text === '|' && depth === 0) {
      atCommandStart = true;
      command = undefined;
      continue;
    }
    if (t.kind === 'punctuation' && t.text === '(') {
      depth++;
    } else if (t.kind === 'punctuation' && t.text === ')') {
      depth = Math.max(0, depth - 1);
    }
    if (t.kind !== 'identifier' || t.quoted) {
      atCommandStart = false;
      continue;
    }
    const word = t.text.toLowerCase();
    const next = significant[k + 1];
    const prev = significant[k - 1];
    const nextIs = (text: string): boolean =>
      next !== undefined &&
      (next.kind === 'punctuation' || next.kind === 'operator') &&
      next.text === text;
    if (atCommandStart) {
      atCommandStart = false;
      if ((word === 'source' || word === 'index') && nextIs('=')) {
        t.kind = 'keyword';
        command = 'search';
      } else if (COMMAND_WORDS.has(word)) {
        t.kind = 'command';
        command = word;
      }
      continue;
    }
    if (
      nextIs('(') &&
      (FUNCTION_WORDS.has(word) || (command === 'sort' && SORT_TYPE_WORDS.has(word)))
    ) {
      t.kind = 'function';
    } else if (
      nextIs('=') &&
      command !== undefined &&
      (COMMAND_OPTIONS[command] ?? []).includes(word)
    ) {
      t.kind = 'keyword';
    } else if (command === 'search' && (word === 'source' || word === 'index') && nextIs('=')) {
      t.kind = 'keyword';
    } else if (KEYWORD_WORDS.has(word)) {
      t.kind = 'keyword';
    } else if (command === 'head' && word === 'from') {
      t.kind = 'keyword';
    } else if (command === 'sort' && SORT_DIRECTIONS.has(word) && prev?.kind === 'identifier') {
      t.kind = 'keyword';
    } else if (command === 'lookup' && LOOKUP_STRATEGY_WORDS.has(word)) {
      t.kind = 'keyword';
    } else if (CAST_TYPE_WORDS.has(word) && prev?.text.toLowerCase() === 'as' && nextIs(')')) {
      t.kind = 'keyword';
    }
  }
}

/**
 * Cuts `text` into tokens. With trivia (the default) the tokens cover the text exactly, in order,
 * without gaps: `tokens.map(t => t.text).join('') === text`.
 */
export function tokenize(text: string, options: TokenizeOptions = {}): Token[] {
  const starts = lineStarts(text);
  const tokens: Token[] = scan(text).map((raw) => {
    const tokenText = text.slice(raw.start, raw.end);
    const { line, column } = positionAt(starts, raw.start);
    const token: Token = {
      kind: raw.kind === 'word' || raw.kind === 'quoted' ? 'identifier' : raw.kind,
      text: tokenText,
      start: raw.start,
      end: raw.end,
      line,
      column,
    };
    if (raw.kind === 'quoted') {
      token.quoted = true;
      token.value = raw.error === undefined ? tokenText.slice(1, -1) : tokenText.slice(1);
    } else if (raw.kind === 'string' && raw.error === undefined) {
      token.value = unquoteString(tokenText);
    }
    if (raw.error !== undefined) {
      token.error = raw.error;
    }
    return token;
  });
  classify(tokens);
  if (options.includeTrivia === false) {
    // An unterminated comment stays: the parser has to refuse it.
    return tokens.filter(
      (t) => t.kind !== 'whitespace' && (t.kind !== 'comment' || t.error !== undefined)
    );
  }
  return tokens;
}
