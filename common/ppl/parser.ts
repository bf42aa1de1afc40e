/**
 * A hand-written recursive-descent parser for the PPL subset this plugin runs (see language.ts for
 * its words, ast.ts for what it builds). It stops at the first error and says where it is (line,
 * column, offset, length), what it found, and what would have been accepted there.
 *
 * Grammar (PPL 3.x, after the SQL plugin's `OpenSearchPPLParser.g4`; keywords case-insensitive):
 *
 *   query       := "|"? leading ("|" command?)* ("|" "outputlookup" …)?
 *   leading     := "search"? ("source" | "index") "=" indexName ("," indexName)*
 *                | "makeresults" ("count=" int | "format=" (csv|json) | "data=" string)*
 *   where       := "where" expr
 *   fields      := "fields" ("+" | "-")? pattern (","? pattern)*
 *   rename      := "rename" pattern "as" pattern (","? pattern "as" pattern)*
 *   eval        := "eval" field "=" expr ("," field "=" expr)*
 *   stats       := "stats" ("bucket_nullable=" bool)? agg ("as" name)? ("," agg ("as" name)?)*
 *                  ("by" field (","? field)*)?
 *   agg         := ("count" | "c") ("(" expr? ")")? | ("dc" | "distinct_count" | "sum" | "avg"
 *                  | "min" | "max") "(" expr ")"
 *   dedup       := "dedup" int? field (","? field)* ("keepempty=" bool | "consecutive=" bool)*
 *   sort        := "sort" int? sortKey ("," sortKey)*
 *   sortKey     := ("+" | "-")? (field | ("auto"|"str"|"ip"|"num") "(" field ")") ("asc"|"a"|"desc"|"d")?
 *   head        := "head" ("limit="? int)? ("from" int)?
 *   top | rare  := ("top" | "rare") ("limit="? int)? ("countfield=" string | "showcount=" bool
 *                  | "usenull=" bool)* field (","? field)* ("by" field (","? field)*)?
 *   lookup      := "lookup" indexName pair ("," pair)* (("replace"|"append"|"output") pair ("," pair)*)?
 *   pair        := field ("as" field)?
 *   outputlookup:= "outputlookup" ("append=" bool | "override_if_empty=" bool
 *                  | "key_field=" field ("," field)* | "max=" int)* lookupName
 *
 *   expr        := or;  or := xor ("OR" xor)*;  xor := and ("XOR" and)*;  and := not ("AND" not)*
 *   not         := "NOT" not | predicate
 *   predicate   := sum ( cmp sum | ("LIKE"|"ILIKE") sum | "NOT"? "IN" "(" literal ("," literal)* ")"
 *                  | "NOT"? "BETWEEN" sum "AND" sum | "IS" "NOT"? "NULL" )*
 *   sum         := product (("+"|"-") product)*;  product := unary (("*"|"/"|"%") unary)*
 *   unary       := ("-"|"+") unary | primary
 *   primary     := number | string | "true" | "false" | "(" expr ")" | call | field
 *
 * Choices where PPL leaves room, or where this parser differs from PPL:
 * - Words are keywords only where the grammar expects them: `eval append = 1`, `fields max,
 *   key_field`, `where count > 1` all use them as field names. Only `and or xor not true false null
 *   is as by else` are reserved inside expressions (backticks make any name a field).
 * - Names with `-` or `*` (index names, field lists, `host*`, `my-field`) are written without
 *   spaces and read as one name, as PPL's identifiers allow. Inside expressions `a-b` is `a - b`:
 *   PPL's lexer would read one field named `a-b` there; write `` `a-b` `` for that field.
 * - A trailing `|` and empty commands (`a | | b`) are accepted, as PPL's grammar accepts them.
 * - `outputlookup` must be the last command. Its options come before the name, in any order,
 *   each at most once; `key_field` takes a comma-separated list (commas required: the name follows);
 *   `max` is an integer of at least 1; the name must pass the lookup-name rules.
 * - Options of `makeresults`, `dedup`, `top`, `rare`, `stats` may be given once each (PPL would
 *   let a later one win): a repeated option is refused, naming it.
 * - Not supported (refused with a message): search terms after `source=`, subsearches, `span()` in
 *   `stats … by`, `explain`, date/time literals (`DATE '…'`), `INTERVAL`, `REGEXP`, functions other
 *   than those in language.ts, and the commands in `UNSUPPORTED_PPL_COMMANDS`.
 */
import type {
  Aggregation,
  AggregationFunction,
  BinaryExpr,
  Command,
  DedupCommand,
  EvalCommand,
  Expr,
  FieldPattern,
  FieldRef,
  FieldsCommand,
  HeadCommand,
  IndexName,
  Literal,
  LookupCommand,
  MakeResults,
  OutputLookup,
  OutputLookupOptionNode,
  Query,
  RenameCommand,
  SortCommand,
  SortKey,
  SourceCommand,
  Span,
  StatsCommand,
  TopRareCommand,
  WhereCommand,
} from './ast';
import { validateLookupName } from '../substrate/names';
import {
  AGGREGATION_FUNCTIONS,
  CAST_TYPES,
  CastTypeName,
  EXPRESSION_KEYWORDS,
  FUNCTION_ARITY,
  FUNCTIONS,
  LOOKUP_STRATEGIES,
  OUTPUTLOOKUP_OPTIONS,
  OutputLookupOption,
  SORT_TYPES,
  SUPPORTED_COMMANDS,
  UNSUPPORTED_PPL_COMMANDS,
} from './language';
import { MAKERESULTS_MAX_COUNT, MakeResultsDataError, parseInlineData } from './makeresults';
import { lineStarts, positionAt, Token, tokenize } from './tokenizer';
import { INTEGRAL_RANGES, PplType } from './types';

export {
  AGGREGATION_FUNCTIONS,
  CAST_TYPES,
  COMMAND_OPTIONS,
  FUNCTIONS,
  LEADING_COMMANDS,
  OUTPUTLOOKUP_OPTIONS,
  SUPPORTED_COMMANDS,
} from './language';

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
}

export type ParseResult = { ok: true; query: Query } | { ok: false; error: PplSyntaxError };

class SyntaxFailure extends Error {
  constructor(public readonly error: PplSyntaxError) {
    super(error.message);
    this.name = 'SyntaxFailure';
    Object.setPrototypeOf(this, new.target.prototype);
  }
}

const WORD_KINDS = new Set(['keyword', 'command', 'function', 'identifier']);
const AGGREGATIONS = new Set<string>(AGGREGATION_FUNCTIONS);
const RESERVED_IN_EXPRESSIONS = new Set(EXPRESSION_KEYWORDS);
const COMPARISON_OPERATORS = new Set(['=', '==', '!=', '<', '<=', '>', '>=']);
const CAST_TARGETS: Readonly<Record<CastTypeName, PplType>> = {
  int: 'int',
  integer: 'int',
  long: 'bigint',
  float: 'float',
  double: 'double',
  string: 'string',
  boolean: 'boolean',
  date: 'date',
  time: 'time',
  timestamp: 'timestamp',
};
const CANONICAL_FUNCTION: Readonly<Record<string, string>> = {
  substr: 'substring',
  ceiling: 'ceil',
};
const SORT_DIRECTIONS: Readonly<Record<string, 'asc' | 'desc'>> = {
  asc: 'asc',
  a: 'asc',
  desc: 'desc',
  d: 'desc',
};

/**
 * Limits that keep a query's parse, and every recursive walk of its tree, far from the stack's end
 * (a RangeError would be a 500). Generous for any query a person writes.
 */
/** Parentheses, `NOT`s, signs and function calls nested in each other. */
export const MAX_EXPRESSION_NESTING = 200;
/** Levels of one expression's tree: a chain of operators (`a + b + …`) counts one per operator. */
export const MAX_EXPRESSION_DEPTH = 1000;
/** Commands after the first (`source=…` or `makeresults`), `outputlookup` included. */
export const MAX_COMMANDS = 1000;

const quoteList = (words: readonly string[]): string => words.map((w) => `"${w}"`).join(', ');

/** Where a glued name may go, which decides the tokens it may be made of. */
type NameMode = 'index' | 'pattern' | 'field' | 'lookupName';

interface GluedName {
  name: string;
  quoted: boolean;
  wildcard: boolean;
  span: Span;
}

/** The direct sub-expressions of `expr`. */
function children(expr: Expr): Expr[] {
  switch (expr.kind) {
    case 'Binary':
      return [expr.left, expr.right];
    case 'Unary':
      return [expr.operand];
    case 'Call':
      return expr.args;
    case 'In':
      return [expr.expr, ...expr.values];
    case 'Between':
      return [expr.expr, expr.low, expr.high];
    case 'Like':
      return [expr.expr, expr.pattern];
    case 'IsNull':
    case 'Cast':
      return [expr.expr];
    case 'Case':
      return [
        ...expr.branches.flatMap((b) => [b.when, b.then]),
        ...(expr.otherwise === undefined ? [] : [expr.otherwise]),
      ];
    default:
      return [];
  }
}

/** Whether the tree is deeper than {@link MAX_EXPRESSION_DEPTH}, walked without recursion. */
function tooDeep(root: Expr): boolean {
  const stack: Array<[Expr, number]> = [[root, 1]];
  while (stack.length > 0) {
    const [expr, depth] = stack.pop()!;
    if (depth > MAX_EXPRESSION_DEPTH) {
      return true;
    }
    for (const child of children(expr)) {
      stack.push([child, depth + 1]);
    }
  }
  return false;
}

class Parser {
  private pos = 0;
  /** How deeply expression parsing has recursed (see {@link MAX_EXPRESSION_NESTING}). */
  private nesting = 0;
  private readonly tokens: Token[];
  private readonly eof: Token;
  private readonly starts: number[];

  constructor(private readonly text: string) {
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

  private tokenAt(k: number): Token {
    return this.tokens[Math.min(this.pos + k, this.tokens.length - 1)];
  }

  /** The next token; a malformed one (unterminated string, stray character) stops the parse here. */
  private peek(k = 0): Token {
    const t = this.tokenAt(k);
    if (k === 0 && t.error !== undefined) {
      this.failMalformed(t);
    }
    return t;
  }

  private next(): Token {
    const t = this.peek();
    if (t !== this.eof) {
      this.pos++;
    }
    return t;
  }

  private previous(): Token {
    return this.tokens[Math.max(0, this.pos - 1)];
  }

  private atEnd(t: Token = this.tokenAt(0)): boolean {
    return t === this.eof;
  }

  private isWord(t: Token, ...words: string[]): boolean {
    return (
      WORD_KINDS.has(t.kind) &&
      t.quoted !== true &&
      (words.length === 0 || words.includes(t.text.toLowerCase()))
    );
  }

  private isPunct(t: Token, p: string): boolean {
    return t.kind === 'punctuation' && t.text === p;
  }

  private isOp(t: Token, op: string): boolean {
    return t.kind === 'operator' && t.text === op;
  }

  /** A `word=` option (any word: the caller decides whether it knows it). */
  private isOptionAt(k = 0): boolean {
    return this.isWord(this.tokenAt(k)) && this.isOp(this.tokenAt(k + 1), '=');
  }

  private endsCommand(t: Token): boolean {
    return this.atEnd(t) || this.isPunct(t, '|');
  }

  private describe(t: Token): string {
    if (this.atEnd(t)) {
      return 'the end of the query';
    }
    const shown = t.text.length > 40 ? `${t.text.slice(0, 40)}…` : t.text;
    return `"${shown}"`;
  }

  private fail(at: Span, detail: string, expected: string[] = []): never {
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
    });
  }

  /** `expected <what> after "<previous token>", found <next token>`, at the next token. */
  private expected(what: string, expected: string[]): never {
    const t = this.tokenAt(0);
    if (t.error !== undefined) {
      this.failMalformed(t);
    }
    const prev = this.previous();
    const after = this.pos > 0 ? ` after "${prev.text}"` : '';
    return this.fail(t, `expected ${what}${after}, found ${this.describe(t)}`, expected);
  }

  private failMalformed(t: Token): never {
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

  private expectPunct(p: string, expected: string[] = [p]): Token {
    if (!this.isPunct(this.peek(), p)) {
      this.expected(`"${p}"`, expected);
    }
    return this.next();
  }

  private expectWord(word: string): Token {
    if (!this.isWord(this.peek(), word)) {
      this.expected(`"${word}"`, [word]);
    }
    return this.next();
  }

  private spanFrom(start: Token | Span): Span {
    return { start: start.start, end: Math.max(start.start, this.previous().end) };
  }

  // -------------------------------------------------------------------------------------------
  // Query

  parseQuery(): Query {
    const first = this.peek();
    if (this.atEnd(first)) {
      this.fail(first, 'the query is empty: start it with source=<index> or makeresults', [
        'source=',
        'search',
        'makeresults',
      ]);
    }
    if (this.isPunct(first, '|')) {
      this.next();
    }
    const source = this.parseLeading();
    const commands: Command[] = [];
    let output: OutputLookup | undefined;
    for (;;) {
      const t = this.peek();
      if (this.atEnd(t)) {
        break;
      }
      if (!this.isPunct(t, '|')) {
        if (output !== undefined) {
          this.fail(
            t,
            `expected the end of the query after the lookup name "${output.name}", found ${this.describe(t)}`,
            ['end of query']
          );
        }
        this.expected('"|" or the end of the query', ['|', 'end of query']);
      }
      const pipe = this.next();
      const after = this.peek();
      if (output !== undefined) {
        const what = this.isWord(after) ? `"${after.text}"` : `"|"`;
        this.fail(
          this.isWord(after) ? after : pipe,
          `"outputlookup" must be the last command, found ${what} after it`,
          ['end of query']
        );
      }
      if (this.endsCommand(after)) {
        continue;
      }
      if (!this.isWord(after)) {
        this.expected('a command', [...SUPPORTED_COMMANDS]);
      }
      if (commands.length + 1 > MAX_COMMANDS) {
        this.fail(
          after,
          `the query has more than ${MAX_COMMANDS} commands, more than this engine runs: combine them ` +
            '(one where with AND, one eval with several assignments)',
          []
        );
      }
      const name = after.text.toLowerCase();
      if (name === 'outputlookup') {
        output = this.parseOutputLookup();
      } else {
        commands.push(this.parseCommand(after, name));
      }
    }
    return {
      kind: 'Query',
      source,
      commands,
      ...(output === undefined ? {} : { output }),
      span: { start: first.start, end: this.previous().end },
    };
  }

  private parseLeading(): SourceCommand | MakeResults {
    const start = this.peek();
    if (this.isWord(start, 'makeresults')) {
      return this.parseMakeResults();
    }
    let search = false;
    if (this.isWord(start, 'search')) {
      this.next();
      search = true;
    }
    const t = this.peek();
    if (this.isWord(t, 'source', 'index') && this.isOp(this.tokenAt(1), '=')) {
      return this.parseSource(start, search);
    }
    if (search) {
      this.expected('"source=<index>"', ['source=']);
    }
    if (this.isWord(t)) {
      const word = t.text.toLowerCase();
      if (
        (SUPPORTED_COMMANDS as readonly string[]).includes(word) ||
        UNSUPPORTED_PPL_COMMANDS.includes(word)
      ) {
        this.fail(
          t,
          `a query starts with source=<index> or makeresults, found the command "${t.text}": ` +
            `put "source=<index> |" before it`,
          ['source=', 'search', 'makeresults']
        );
      }
    }
    return this.fail(
      t,
      `expected source=<index> or makeresults at the start of the query, found ${this.describe(t)}`,
      ['source=', 'search', 'makeresults']
    );
  }

  private parseSource(start: Token, search: boolean): SourceCommand {
    const keyword = this.next().text.toLowerCase() as 'source' | 'index';
    this.next(); // "="
    const indices: IndexName[] = [this.requireIndexName()];
    while (this.isPunct(this.peek(), ',')) {
      this.next();
      indices.push(this.requireIndexName());
    }
    const t = this.peek();
    if (!this.endsCommand(t)) {
      this.fail(
        t,
        `expected "," or "|" after "${this.previous().text}", found ${this.describe(t)}: search ` +
          'terms after source= are not supported, filter with "| where …" instead',
        [',', '|']
      );
    }
    return { kind: 'Source', search, keyword, indices, span: this.spanFrom(start) };
  }

  private requireIndexName(): IndexName {
    const name = this.glueName('index');
    if (name === undefined) {
      return this.expected('an index name', ['index name']);
    }
    if (name.name === '') {
      this.fail(name.span, 'the index name is empty', ['index name']);
    }
    return { name: name.name, quoted: name.quoted, span: name.span };
  }

  private parseCommand(start: Token, name: string): Command {
    switch (name) {
      case 'where':
        return this.parseWhere(start);
      case 'fields':
        return this.parseFields(start);
      case 'rename':
        return this.parseRename(start);
      case 'eval':
        return this.parseEval(start);
      case 'stats':
        return this.parseStats(start);
      case 'dedup':
        return this.parseDedup(start);
      case 'sort':
        return this.parseSort(start);
      case 'head':
        return this.parseHead(start);
      case 'top':
      case 'rare':
        return this.parseTopRare(start, name);
      case 'lookup':
        return this.parseLookup(start);
      default:
        break;
    }
    const supported = SUPPORTED_COMMANDS.join(', ');
    if (name === 'search' || name === 'makeresults') {
      return this.fail(
        start,
        `"${start.text}" can only start a query; supported commands after "|": ${supported}`,
        [...SUPPORTED_COMMANDS]
      );
    }
    if (UNSUPPORTED_PPL_COMMANDS.includes(name)) {
      return this.fail(
        start,
        `the command "${start.text}" is not supported here; supported commands: ${supported}`,
        [...SUPPORTED_COMMANDS]
      );
    }
    return this.fail(start, `unknown command "${start.text}"; supported commands: ${supported}`, [
      ...SUPPORTED_COMMANDS,
    ]);
  }

  // -------------------------------------------------------------------------------------------
  // Names

  /**
   * Reads a name made of adjacent tokens (no space between them): `logs-2024.*`, `host*`,
   * `my-field`, `` `a b`.c ``. Returns undefined, consuming nothing, if no name starts here.
   */
  private glueName(mode: NameMode): GluedName | undefined {
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

  private fieldRef(name: GluedName, where: string): FieldRef {
    if (name.wildcard) {
      this.fail(name.span, `wildcards are not allowed in ${where}: name one field`, ['field name']);
    }
    if (name.name === '') {
      this.fail(name.span, 'the field name is empty', ['field name']);
    }
    return { kind: 'Field', name: name.name, quoted: name.quoted, span: name.span };
  }

  private requireField(where: string): FieldRef {
    const name = this.glueName('field');
    if (name === undefined) {
      return this.expected('a field name', ['field name']);
    }
    return this.fieldRef(name, where);
  }

  private requirePattern(): FieldPattern {
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
      wildcard: name.wildcard,
      quoted: name.quoted,
      span: name.span,
    };
  }

  /** Whether a further item of a list without commas starts here (not an option, not a stop word). */
  private startsListItem(stopWords: readonly string[]): boolean {
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
  private list<T>(
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

  private readBoolean(): boolean {
    const t = this.peek();
    if (!this.isWord(t, 'true', 'false')) {
      return this.expected('true or false', ['true', 'false']);
    }
    this.next();
    return t.text.toLowerCase() === 'true';
  }

  /** A non-negative integer literal (optionally signed when `signed`), as a bigint. */
  private readInteger(what: string, signed = false): { value: bigint; span: Span } {
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
  private readInt(what: string, min: number, signed = false): number {
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

  private readString(what: string): string {
    const t = this.peek();
    if (t.kind !== 'string') {
      return this.expected(`${what} (a quoted string)`, ['string']);
    }
    this.next();
    return t.value ?? '';
  }

  /** Refuses an option given twice, naming it. */
  private once(seen: Map<string, Token>, option: Token, command: string): void {
    const name = option.text.toLowerCase();
    if (seen.has(name)) {
      this.fail(option, `the option "${name}" is given twice in "${command}": keep one`, []);
    }
    seen.set(name, option);
  }

  // -------------------------------------------------------------------------------------------
  // Leading: makeresults

  private parseMakeResults(): MakeResults {
    const start = this.next();
    const seen = new Map<string, Token>();
    const written: MakeResults['written'] = {};
    let dataToken: Token | undefined;
    while (this.isOptionAt()) {
      const option = this.peek();
      const name = option.text.toLowerCase();
      if (name !== 'count' && name !== 'format' && name !== 'data') {
        this.fail(
          option,
          `unknown makeresults option "${option.text}"; options: "count", "format", "data"`,
          ['count', 'format', 'data']
        );
      }
      this.once(seen, option, 'makeresults');
      this.next();
      this.next();
      if (name === 'count') {
        const { value, span } = this.readInteger('the makeresults count', true);
        const [lo, hi] = INTEGRAL_RANGES.int;
        if (value < lo || value > hi) {
          this.fail(
            span,
            `makeresults count "${value}" is not a valid integer within the allowed range`,
            ['integer']
          );
        }
        if (value > BigInt(MAKERESULTS_MAX_COUNT)) {
          this.fail(span, `makeresults count must not exceed ${MAKERESULTS_MAX_COUNT}`, [
            'integer',
          ]);
        }
        written.count = Number(value);
      } else if (name === 'format') {
        const t = this.peek();
        if (!this.isWord(t, 'csv', 'json')) {
          this.expected('csv or json', ['csv', 'json']);
        }
        this.next();
        written.format = t.text.toLowerCase() as 'csv' | 'json';
      } else {
        dataToken = this.peek();
        written.data = this.readString('the data');
      }
    }
    const node: MakeResults = {
      kind: 'MakeResults',
      count: Math.max(0, written.count ?? 1),
      written,
      span: this.spanFrom(start),
    };
    if (written.format !== undefined || written.data !== undefined) {
      if (written.format === undefined || written.data === undefined) {
        const given = seen.get(written.format === undefined ? 'data' : 'format') ?? start;
        this.fail(given, 'makeresults format and data must be provided together', [
          written.format === undefined ? 'format=' : 'data=',
        ]);
      }
      try {
        node.inline = parseInlineData(written.format, written.data);
      } catch (e) {
        if (e instanceof MakeResultsDataError) {
          this.fail(dataToken ?? start, e.message, []);
        }
        throw e;
      }
      node.format = written.format;
      node.data = written.data;
    }
    return node;
  }

  // -------------------------------------------------------------------------------------------
  // Commands

  private parseWhere(start: Token): WhereCommand {
    this.next();
    const condition = this.parseExpression('a condition');
    return { kind: 'Where', condition, span: this.spanFrom(start) };
  }

  private parseFields(start: Token): FieldsCommand {
    this.next();
    const sign = this.peek();
    let mode: FieldsCommand['mode'] = 'include';
    let signWritten = false;
    if (this.isOp(sign, '+') || this.isOp(sign, '-')) {
      this.next();
      mode = sign.text === '-' ? 'exclude' : 'include';
      signWritten = true;
    }
    const fields = this.list(() => this.requirePattern(), 'optional');
    return { kind: 'Fields', mode, signWritten, fields, span: this.spanFrom(start) };
  }

  private parseRename(start: Token): RenameCommand {
    this.next();
    const renames = this.list(() => {
      const from = this.requirePattern();
      this.expectWord('as');
      const to = this.requirePattern();
      return { from, to, span: { start: from.span.start, end: to.span.end } };
    }, 'optional');
    return { kind: 'Rename', renames, span: this.spanFrom(start) };
  }

  private parseEval(start: Token): EvalCommand {
    this.next();
    const assignments = this.list(() => {
      const field = this.requireField('eval');
      if (!this.isOp(this.peek(), '=')) {
        this.expected('"="', ['=']);
      }
      this.next();
      const expr = this.parseExpression('an expression');
      return { field, expr, span: { start: field.span.start, end: expr.span.end } };
    }, 'required');
    return { kind: 'Eval', assignments, span: this.spanFrom(start) };
  }

  private parseStats(start: Token): StatsCommand {
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
    if (this.isWord(this.peek(), 'by')) {
      this.next();
      const t = this.peek();
      if (this.isWord(t, 'span') && this.isPunct(this.tokenAt(1), '(')) {
        this.fail(t, 'span() in "stats … by" is not supported: group by fields', ['field name']);
      }
      by = this.list(() => this.requireField('stats … by'), 'optional');
    }
    return {
      kind: 'Stats',
      aggregations,
      by,
      bucketNullable: written.bucketNullable ?? true,
      written,
      span: this.spanFrom(start),
    };
  }

  private parseAggregation(): Aggregation {
    const t = this.peek();
    if (!this.isWord(t)) {
      return this.expected('an aggregation such as count()', [...AGGREGATION_FUNCTIONS]);
    }
    const written = t.text.toLowerCase();
    if (!AGGREGATIONS.has(written)) {
      const scalar = (FUNCTIONS as readonly string[]).includes(written);
      this.fail(
        t,
        scalar
          ? `"${t.text}" is not an aggregation: stats takes ${AGGREGATION_FUNCTIONS.join(', ')}`
          : `unknown aggregation "${t.text}"; supported: ${AGGREGATION_FUNCTIONS.join(', ')}`,
        [...AGGREGATION_FUNCTIONS]
      );
    }
    this.next();
    const func: AggregationFunction =
      written === 'c'
        ? 'count'
        : written === 'distinct_count'
          ? 'dc'
          : (written as AggregationFunction);
    let arg: Expr | undefined;
    if (func === 'count') {
      if (this.isPunct(this.peek(), '(')) {
        this.next();
        if (!this.isPunct(this.peek(), ')')) {
          arg = this.parseExpression('an expression or ")"');
        }
        this.expectPunct(')');
      }
    } else {
      this.expectPunct('(');
      arg = this.parseExpression('an expression');
      this.expectPunct(')');
    }
    const text = this.text.slice(t.start, this.previous().end);
    let alias: string | undefined;
    if (this.isWord(this.peek(), 'as')) {
      this.next();
      alias = this.requireField('an alias').name;
    }
    return {
      kind: 'Aggregation',
      func,
      funcWritten: written,
      ...(arg === undefined ? {} : { arg }),
      ...(alias === undefined ? {} : { alias }),
      name: alias ?? text,
      span: this.spanFrom(t),
    };
  }

  private parseDedup(start: Token): DedupCommand {
    this.next();
    const written: DedupCommand['written'] = {};
    if (this.peek().kind === 'number') {
      written.count = this.readInt('the dedup count', 1);
    }
    const fields = this.list(() => this.requireField('dedup'), 'optional');
    const seen = new Map<string, Token>();
    while (this.isOptionAt() && this.isWord(this.peek(), 'keepempty', 'consecutive')) {
      const option = this.peek();
      this.once(seen, option, 'dedup');
      this.next();
      this.next();
      if (option.text.toLowerCase() === 'keepempty') {
        written.keepEmpty = this.readBoolean();
      } else {
        written.consecutive = this.readBoolean();
      }
    }
    if (this.isOptionAt()) {
      const t = this.peek();
      this.fail(t, `unknown dedup option "${t.text}"; options: "keepempty", "consecutive"`, [
        'keepempty',
        'consecutive',
      ]);
    }
    return {
      kind: 'Dedup',
      count: written.count ?? 1,
      fields,
      keepEmpty: written.keepEmpty ?? false,
      consecutive: written.consecutive ?? false,
      written,
      span: this.spanFrom(start),
    };
  }

  private parseSort(start: Token): SortCommand {
    this.next();
    let count = 0;
    const t = this.peek();
    const signedCount =
      (this.isOp(t, '-') || this.isOp(t, '+')) &&
      this.tokenAt(1).kind === 'number' &&
      !this.endsCommand(this.tokenAt(2)) &&
      !this.isPunct(this.tokenAt(2), ',');
    if (t.kind === 'number' || signedCount) {
      // PPL: "A value of 0 or less returns all results".
      count = Math.max(0, this.readInt('the sort count', -2147483648, true));
    }
    let notation: { kind: 'prefix' | 'suffix'; token: Token } | undefined;
    const keys = this.list((): SortKey => {
      const keyStart = this.peek();
      let order: SortKey['order'] = 'asc';
      let keyNotation: SortKey['notation'] = 'none';
      let marker: Token | undefined;
      if (this.isOp(keyStart, '+') || this.isOp(keyStart, '-')) {
        marker = this.next();
        order = marker.text === '-' ? 'desc' : 'asc';
        keyNotation = 'prefix';
      }
      let as: SortKey['as'];
      let field: FieldRef;
      const f = this.peek();
      if (this.isWord(f, ...SORT_TYPES) && this.isPunct(this.tokenAt(1), '(')) {
        as = f.text.toLowerCase() as SortKey['as'];
        this.next();
        this.next();
        field = this.requireField('sort');
        this.expectPunct(')');
      } else {
        field = this.requireField('sort');
      }
      const d = this.peek();
      if (this.isWord(d, 'asc', 'a', 'desc', 'd')) {
        if (marker !== undefined) {
          this.fail(
            d,
            `cannot use both "${marker.text}" and "${d.text}" on one sort field: use one notation`,
            []
          );
        }
        this.next();
        order = SORT_DIRECTIONS[d.text.toLowerCase()];
        keyNotation = 'suffix';
        marker = d;
      }
      if (keyNotation !== 'none' && marker !== undefined) {
        if (notation === undefined) {
          notation = { kind: keyNotation, token: marker };
        } else if (notation.kind !== keyNotation) {
          this.fail(
            marker,
            'cannot mix prefix (+/-) and suffix (asc/desc) sort direction syntax in the same command',
            []
          );
        }
      }
      return {
        field,
        order,
        ...(as === undefined ? {} : { as }),
        notation: keyNotation,
        span: this.spanFrom(keyStart),
      };
    }, 'required');
    return { kind: 'Sort', count, keys, span: this.spanFrom(start) };
  }

  private parseHead(start: Token): HeadCommand {
    this.next();
    const written: HeadCommand['written'] = {};
    if (this.isOptionAt() && this.isWord(this.peek(), 'limit')) {
      this.next();
      this.next();
      written.size = this.readInt('the head size', 0);
    } else if (this.peek().kind === 'number') {
      written.size = this.readInt('the head size', 0);
    }
    if (this.isWord(this.peek(), 'from')) {
      this.next();
      written.from = this.readInt('the head offset', 0);
    }
    return {
      kind: 'Head',
      size: written.size ?? 10,
      from: written.from ?? 0,
      written,
      span: this.spanFrom(start),
    };
  }

  private parseTopRare(start: Token, name: 'top' | 'rare'): TopRareCommand {
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

  private parseLookup(start: Token): LookupCommand {
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
      strategy: strategyWritten === 'append' ? 'append' : 'replace',
      ...(strategyWritten === undefined ? {} : { strategyWritten }),
      outputs,
      span: this.spanFrom(start),
    };
  }

  private parseOutputLookup(): OutputLookup {
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

  // -------------------------------------------------------------------------------------------
  // Expressions

  /** An expression; `what` names it in the error when there is none. */
  private parseExpression(what: string): Expr {
    const start = this.peek();
    if (this.endsCommand(start)) {
      return this.expected(what, ['expression']);
    }
    const expr = this.nested(start, () => this.parseOr());
    if (this.nesting === 0) {
      if (tooDeep(expr)) {
        this.fail(
          expr.span,
          `this expression is more than ${MAX_EXPRESSION_DEPTH} levels deep (each operator in a chain ` +
            'is a level): split it over several eval commands, or use IN (…) for a list of values',
          []
        );
      }
    }
    return expr;
  }

  /** Parses one level deeper, refusing past {@link MAX_EXPRESSION_NESTING} at `at`. */
  private nested<T>(at: Token, parse: () => T): T {
    if (this.nesting >= MAX_EXPRESSION_NESTING) {
      this.fail(
        at,
        `expressions nest more than ${MAX_EXPRESSION_NESTING} levels deep here (parentheses, NOT, ` +
          'signs and function calls count): simplify the expression',
        []
      );
    }
    this.nesting++;
    try {
      return parse();
    } finally {
      this.nesting--;
    }
  }

  private binary(op: BinaryExpr['op'], left: Expr, right: Expr): BinaryExpr {
    return {
      kind: 'Binary',
      op,
      left,
      right,
      span: { start: left.span.start, end: right.span.end },
    };
  }

  private parseOr(): Expr {
    let left = this.parseXor();
    while (this.isWord(this.peek(), 'or')) {
      this.next();
      left = this.binary('OR', left, this.parseXor());
    }
    return left;
  }

  private parseXor(): Expr {
    let left = this.parseAnd();
    while (this.isWord(this.peek(), 'xor')) {
      this.next();
      left = this.binary('XOR', left, this.parseAnd());
    }
    return left;
  }

  private parseAnd(): Expr {
    let left = this.parseNot();
    while (this.isWord(this.peek(), 'and')) {
      this.next();
      left = this.binary('AND', left, this.parseNot());
    }
    return left;
  }

  private parseNot(): Expr {
    const t = this.peek();
    if (this.isWord(t, 'not')) {
      this.next();
      const operand = this.nested(t, () => this.parseNot());
      return { kind: 'Unary', op: 'NOT', operand, span: { start: t.start, end: operand.span.end } };
    }
    return this.parsePredicate();
  }

  private parsePredicate(): Expr {
    let left = this.parseSum();
    for (;;) {
      const t = this.peek();
      if (t.kind === 'operator' && COMPARISON_OPERATORS.has(t.text)) {
        this.next();
        const op = (t.text === '==' ? '=' : t.text) as BinaryExpr['op'];
        left = this.binary(op, left, this.parseSum());
      } else if (this.isWord(t, 'like', 'ilike')) {
        this.next();
        const pattern = this.parseSum();
        left = {
          kind: 'Like',
          expr: left,
          pattern,
          ...(t.text.toLowerCase() === 'ilike' ? { caseSensitive: false } : {}),
          syntax: 'operator',
          span: { start: left.span.start, end: pattern.span.end },
        };
      } else if (this.isWord(t, 'is')) {
        this.next();
        let negated = false;
        if (this.isWord(this.peek(), 'not')) {
          this.next();
          negated = true;
        }
        if (!this.isWord(this.peek(), 'null')) {
          this.expected('"null"', ['null']);
        }
        const end = this.next();
        left = {
          kind: 'IsNull',
          expr: left,
          negated,
          span: { start: left.span.start, end: end.end },
        };
      } else if (
        this.isWord(t, 'in', 'between') ||
        (this.isWord(t, 'not') && this.isWord(this.tokenAt(1), 'in', 'between'))
      ) {
        const negated = this.isWord(t, 'not');
        if (negated) {
          this.next();
        }
        const keyword = this.next().text.toLowerCase();
        if (keyword === 'in') {
          this.expectPunct('(');
          const values = this.list(() => this.parseListLiteral(), 'required');
          const close = this.expectPunct(')', [',', ')']);
          left = {
            kind: 'In',
            expr: left,
            values,
            negated,
            span: { start: left.span.start, end: close.end },
          };
        } else {
          const low = this.parseSum();
          this.expectWord('and');
          const high = this.parseSum();
          left = {
            kind: 'Between',
            expr: left,
            low,
            high,
            negated,
            span: { start: left.span.start, end: high.span.end },
          };
        }
      } else {
        return left;
      }
    }
  }

  private parseListLiteral(): Literal {
    const t = this.peek();
    if (this.isOp(t, '-') || this.isOp(t, '+')) {
      if (this.tokenAt(1).kind === 'number' && this.tokenAt(1).start === t.end) {
        this.next();
        return this.numberLiteral(this.next(), t);
      }
    } else if (t.kind === 'number') {
      return this.numberLiteral(this.next());
    } else if (t.kind === 'string') {
      return this.stringLiteral(this.next());
    } else if (this.isWord(t, 'true', 'false')) {
      return this.booleanLiteral(this.next());
    }
    return this.expected('a literal value (IN lists hold numbers, strings, true or false)', [
      'literal',
    ]);
  }

  private parseSum(): Expr {
    let left = this.parseProduct();
    for (;;) {
      const t = this.peek();
      if (this.isOp(t, '+') || this.isOp(t, '-')) {
        this.next();
        left = this.binary(t.text as '+' | '-', left, this.parseProduct());
      } else {
        return left;
      }
    }
  }

  private parseProduct(): Expr {
    let left = this.parseUnary();
    for (;;) {
      const t = this.peek();
      if (this.isOp(t, '*') || this.isOp(t, '/') || this.isOp(t, '%')) {
        this.next();
        left = this.binary(t.text as '*' | '/' | '%', left, this.parseUnary());
      } else {
        return left;
      }
    }
  }

  private parseUnary(): Expr {
    const t = this.peek();
    if (this.isOp(t, '-') || this.isOp(t, '+')) {
      this.next();
      const n = this.peek();
      if (n.kind === 'number') {
        // A signed number is one literal, as PPL's `integerLiteral: (PLUS | MINUS)? INTEGER_LITERAL`:
        // `-2147483648` is an `int`.
        return this.numberLiteral(this.next(), t);
      }
      if (this.endsCommand(n)) {
        this.expected('an expression', ['expression']);
      }
      const operand = this.nested(t, () => this.parseUnary());
      return {
        kind: 'Unary',
        op: t.text as '-' | '+',
        operand,
        span: { start: t.start, end: operand.span.end },
      };
    }
    return this.parsePrimary();
  }

  private numberLiteral(t: Token, sign?: Token): Literal {
    const negative = sign !== undefined && sign.text === '-';
    const text = `${negative ? '-' : ''}${t.text}`;
    const span = { start: (sign ?? t).start, end: t.end };
    if (/^\d+$/.test(t.text)) {
      const v = BigInt(text);
      const [intLo, intHi] = INTEGRAL_RANGES.int;
      const [longLo, longHi] = INTEGRAL_RANGES.bigint;
      if (v < longLo || v > longHi) {
        this.fail(span, `the integer ${text} is out of range (PPL integers are 64-bit)`, []);
      }
      const literalType = v >= intLo && v <= intHi ? 'int' : 'bigint';
      return { kind: 'Literal', literalType, value: Number(v), text, span };
    }
    const suffix = t.text.slice(-1).toLowerCase();
    const digits = suffix === 'f' || suffix === 'd' ? text.slice(0, -1) : text;
    const value = Number(digits);
    if (suffix === 'f') {
      return { kind: 'Literal', literalType: 'float', value: Math.fround(value), text, span };
    }
    return { kind: 'Literal', literalType: 'double', value, text, span };
  }

  private stringLiteral(t: Token): Literal {
    return {
      kind: 'Literal',
      literalType: 'string',
      value: t.value ?? '',
      text: t.text,
      span: { start: t.start, end: t.end },
    };
  }

  private booleanLiteral(t: Token): Literal {
    return {
      kind: 'Literal',
      literalType: 'boolean',
      value: t.text.toLowerCase() === 'true',
      text: t.text,
      span: { start: t.start, end: t.end },
    };
  }

  private parsePrimary(): Expr {
    const t = this.peek();
    if (t.kind === 'number') {
      return this.numberLiteral(this.next());
    }
    if (t.kind === 'string') {
      return this.stringLiteral(this.next());
    }
    if (this.isPunct(t, '(')) {
      this.next();
      const inner = this.parseExpression('an expression');
      this.expectPunct(')');
      return inner;
    }
    if (this.isWord(t)) {
      const word = t.text.toLowerCase();
      if (word === 'true' || word === 'false') {
        return this.booleanLiteral(this.next());
      }
      if (this.isPunct(this.tokenAt(1), '(')) {
        return this.parseCall();
      }
      if (RESERVED_IN_EXPRESSIONS.has(word)) {
        const hint =
          word === 'null'
            ? ': test for null with "x IS NULL" or isnull(x)'
            : ' (quote a field so named in backticks)';
        return this.expected(`an expression${hint}`, ['expression']);
      }
      return this.parseFieldInExpression();
    }
    if (t.quoted === true) {
      return this.parseFieldInExpression();
    }
    return this.expected('an expression', ['expression']);
  }

  /** `a`, `geo.city`, `` `a b` ``, `` geo.`my city` ``: parts joined by adjacent dots. */
  private parseFieldInExpression(): FieldRef {
    const first = this.next();
    let name = first.quoted === true ? (first.value ?? '') : first.text;
    let quoted = first.quoted === true;
    let last = first;
    for (;;) {
      const dot = this.tokenAt(0);
      const part = this.tokenAt(1);
      if (
        this.isPunct(dot, '.') &&
        dot.start === last.end &&
        part.start === dot.end &&
        part.error === undefined &&
        (this.isWord(part) || part.quoted === true)
      ) {
        this.next();
        last = this.next();
        name += `.${last.quoted === true ? (last.value ?? '') : last.text}`;
        quoted = quoted || last.quoted === true;
      } else {
        break;
      }
    }
    if (name === '') {
      this.fail(first, 'the field name is empty', ['field name']);
    }
    return { kind: 'Field', name, quoted, span: { start: first.start, end: last.end } };
  }

  private parseArguments(): Expr[] {
    const args: Expr[] = [];
    if (!this.isPunct(this.peek(), ')')) {
      args.push(this.parseExpression('an argument'));
      while (this.isPunct(this.peek(), ',')) {
        this.next();
        args.push(this.parseExpression('an argument'));
      }
    }
    return args;
  }

  private parseCall(): Expr {
    const nameToken = this.next();
    const written = nameToken.text.toLowerCase();
    this.next(); // "("
    if (written === 'cast') {
      return this.parseCast(nameToken);
    }
    if (written === 'case') {
      return this.parseCase(nameToken);
    }
    const arity = FUNCTION_ARITY[written];
    if (arity === undefined) {
      if (AGGREGATIONS.has(written)) {
        this.fail(nameToken, `the aggregation "${nameToken.text}" can only be used in "stats"`, [
          ...FUNCTIONS,
        ]);
      }
      this.fail(
        nameToken,
        `unknown function "${nameToken.text}"; supported: ${FUNCTIONS.join(', ')}`,
        [...FUNCTIONS]
      );
    }
    const args = this.parseArguments();
    this.expectPunct(')', args.length > 0 ? [',', ')'] : [')']);
    const span = this.spanFrom(nameToken);
    const [min, max] = arity;
    if (args.length < min || args.length > max) {
      const takes =
        min === max
          ? `${min} argument${min === 1 ? '' : 's'}`
          : max === Infinity
            ? `at least ${min} argument${min === 1 ? '' : 's'}`
            : `${min} to ${max} arguments`;
      this.fail(span, `"${written}" takes ${takes}, found ${args.length}`, []);
    }
    if (written === 'like' || written === 'ilike') {
      let caseSensitive: boolean | undefined = written === 'ilike' ? false : undefined;
      if (args.length === 3) {
        const flag = args[2];
        if (flag.kind !== 'Literal' || flag.literalType !== 'boolean') {
          this.fail(flag.span, 'the third argument of like must be true or false', [
            'true',
            'false',
          ]);
        }
        caseSensitive = flag.value === true;
      }
      return {
        kind: 'Like',
        expr: args[0],
        pattern: args[1],
        ...(caseSensitive === undefined ? {} : { caseSensitive }),
        syntax: written,
        span,
      };
    }
    return {
      kind: 'Call',
      name: CANONICAL_FUNCTION[written] ?? written,
      args,
      nameSpan: { start: nameToken.start, end: nameToken.end },
      span,
    };
  }

  private parseCast(nameToken: Token): Expr {
    const expr = this.parseExpression('an expression to cast');
    this.expectWord('as');
    const t = this.peek();
    const typeName = t.text.toLowerCase();
    if (!this.isWord(t) || !(CAST_TYPES as readonly string[]).includes(typeName)) {
      return this.expected(`a type (${CAST_TYPES.join(', ')})`, [...CAST_TYPES]);
    }
    this.next();
    this.expectPunct(')');
    return {
      kind: 'Cast',
      expr,
      typeName: typeName as CastTypeName,
      targetType: CAST_TARGETS[typeName as CastTypeName],
      typeSpan: { start: t.start, end: t.end },
      span: this.spanFrom(nameToken),
    };
  }

  private parseCase(nameToken: Token): Expr {
    const branches: Array<{ when: Expr; then: Expr }> = [];
    let otherwise: Expr | undefined;
    for (;;) {
      const when = this.parseExpression('a condition');
      this.expectPunct(',');
      const then = this.parseExpression('a value');
      branches.push({ when, then });
      const t = this.peek();
      if (this.isPunct(t, ',')) {
        this.next();
        continue;
      }
      if (this.isWord(t, 'else')) {
        this.next();
        otherwise = this.parseExpression('a value');
      }
      this.expectPunct(')', otherwise === undefined ? [',', 'else', ')'] : [')']);
      break;
    }
    return {
      kind: 'Case',
      branches,
      ...(otherwise === undefined ? {} : { otherwise }),
      span: this.spanFrom(nameToken),
    };
  }
}

/**
 * Parses a PPL query. Never throws for bad input: a syntax error comes back as
 * `{ ok: false, error }` with its position and what was expected there.
 */
export function parsePpl(text: string): ParseResult {
  try {
    return { ok: true, query: new Parser(text).parseQuery() };
  } catch (e) {
    if (e instanceof SyntaxFailure) {
      return { ok: false, error: e.error };
    }
    throw e;
  }
}
