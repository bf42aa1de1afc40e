/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/**
 * Combining commands (parse side): `append [ <subsearch> ]`, `appendpipe [ <commands> ]`, `join`
 * (docs/user/ppl/cmd/join.md: the basic `on`/`where` syntax and the extended field-list syntax;
 * the right side an index or a subsearch, with an alias). Plan and operators:
 * server/services/ppl/commands/combining.ts.
 */
import type {
  Command,
  Expr,
  FieldPattern,
  FieldRef,
  IndexName,
  MakeResults,
  SourceCommand,
  Span,
} from '../ast';
import type { Token } from '../tokenizer';
import { WindowParser } from './windows';

/** `[ source=… | … ]`: a query of its own, inside another (no outputlookup). */
export interface Subsearch {
  kind: 'Subsearch';
  source: SourceCommand | MakeResults | MultiSearch;
  commands: Command[];
  span: Span;
}

/** `append [ <subsearch> ]`: the subsearch's rows after the rows so far. */
export interface AppendCommand {
  kind: 'Append';
  search: Subsearch;
  span: Span;
}

/** `appendpipe [ <commands> ]`: the commands run over the rows so far, their rows appended. */
export interface AppendPipeCommand {
  kind: 'AppendPipe';
  commands: Command[];
  span: Span;
}

export type JoinType = 'inner' | 'left' | 'right' | 'full' | 'semi' | 'anti' | 'cross';

/**
 * `[<type>] join [type=<t>] [overwrite=<bool>] [max=<n>] (<fields> | [left=<a>] [right=<b>]
 * (on|where) <criteria>) (<index> | [ <subsearch> ]) [as <alias>]`.
 */
export interface JoinCommand {
  kind: 'Join';
  type: JoinType;
  leftAlias?: string;
  rightAlias?: string;
  /** The extended syntax: keys present in both sides (empty: every field the two sides share). */
  fields?: FieldRef[];
  /** The basic syntax: a condition over both sides (equalities joined by AND run as a hash join). */
  criteria?: Expr;
  /** With a field list: the right side's value wins for a name on both sides (default true). */
  overwrite: boolean;
  /** Matches per left row, 0 for all. */
  max: number;
  right: Subsearch;
  /** The right side's name for `<name>.field`: its alias, else the index name. */
  rightName?: string;
  span: Span;
}

/** `appendcol [override=<bool>] [ <commands> ]`: the commands' rows joined to the rows so far side by side. */
export interface AppendColCommand {
  kind: 'AppendCol';
  commands: Command[];
  /** Whether the new columns' values replace those of a column of the same name (default false). */
  override: boolean;
  span: Span;
}

/** `multisearch [search …] [search …] …`: the rows of every subsearch, one after the other. */
export interface MultiSearch {
  kind: 'MultiSearch';
  searches: Subsearch[];
  span: Span;
}

/** `where <field> [not] in [ <subsearch> ]`: rows whose value is (not) in the subsearch's first column. */
export interface WhereInSubsearch {
  kind: 'WhereInSubsearch';
  field: FieldRef;
  negated: boolean;
  search: Subsearch;
  span: Span;
}

/**
 * `foreach [mode=multifield] [fieldstr=<s>] [matchstr=<s>] <pattern>… [ eval <template> ]`: the
 * bracketed commands once per matching field, `<<FIELD>>` standing for its name and
 * `<<MATCHSTR>>` for what the pattern's `*` matched. The template is kept as text and parsed per
 * field when the columns are known.
 */
export interface ForeachCommand {
  kind: 'Foreach';
  patterns: FieldPattern[];
  template: string;
  fieldStr: string;
  matchStr: string;
  templateSpan: Span;
  span: Span;
}

export type CombiningCommand =
  | ForeachCommand
  | WhereInSubsearch
  | AppendCommand
  | AppendPipeCommand
  | AppendColCommand
  | JoinCommand;

const JOIN_TYPES: Record<string, JoinType> = {
  inner: 'inner',
  left: 'left',
  outer: 'left',
  right: 'right',
  full: 'full',
  semi: 'semi',
  anti: 'anti',
  cross: 'cross',
};

/** How deep subsearches may nest. */
export const MAX_SUBSEARCH_DEPTH = 8;

export class CombiningParser extends WindowParser {
  private subsearchDepth = 0;

  /** Commands separated by `|` up to `]` (the first one without a `|` when `leadingPipe` is false). */
  protected parseCommandList(needPipe: boolean): Command[] {
    const commands: Command[] = [];
    let pipeSeen = !needPipe;
    for (;;) {
      const t = this.peek();
      if (this.isPunct(t, ']')) return commands;
      if (this.atEnd(t)) return this.expected('"]" closing the subsearch', [']']);
      if (this.isPunct(t, '|')) {
        this.next();
        pipeSeen = true;
        continue;
      }
      if (!pipeSeen) this.expected('"|" or "]"', ['|', ']']);
      if (!this.isWord(t)) this.expected('a command', ['command']);
      const name = t.text.toLowerCase();
      if (name === 'outputlookup') {
        this.fail(
          t,
          '"outputlookup" cannot be inside [ … ]: put it at the end of the whole query',
          []
        );
      }
      commands.push(this.parseCommand(t, name));
      pipeSeen = false;
    }
  }

  /** One command of the query (the top level of the parser dispatches). */
  protected parseCommand(start: Token, name: string): Command {
    return this.fail(start, `unknown command "${name}"`, []);
  }

  private inBrackets<T>(parse: () => T): { value: T; span: Span } {
    const open = this.expectPunct('[');
    if (++this.subsearchDepth > MAX_SUBSEARCH_DEPTH) {
      this.fail(open, `subsearches nest more than ${MAX_SUBSEARCH_DEPTH} deep`, []);
    }
    const value = parse();
    this.expectPunct(']', [']']);
    this.subsearchDepth--;
    return { value, span: this.spanFrom(open) };
  }

  protected override parseSubsearch(): Subsearch {
    const { value, span } = this.inBrackets(() => {
      if (this.isPunct(this.peek(), '|')) this.next();
      const source = this.parseLeading();
      return { source, commands: this.parseCommandList(true) };
    });
    return { kind: 'Subsearch', ...value, span };
  }

  protected override parseMultiSearch(start: Token): MultiSearch {
    this.next();
    const searches: Subsearch[] = [];
    while (this.isPunct(this.peek(), '[')) searches.push(this.parseSubsearch());
    if (searches.length < 2) {
      this.fail(
        start,
        'multisearch needs at least two subsearches: multisearch [search source=a] [search source=b]',
        ['[']
      );
    }
    return { kind: 'MultiSearch', searches, span: this.spanFrom(start) };
  }

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

  /** `start` is the join type word (basic syntax) or `join`. */
  protected parseJoin(start: Token): JoinCommand {
    let type: JoinType = 'inner';
    if (!this.isWord(start, 'join')) {
      type = JOIN_TYPES[start.text.toLowerCase()];
      this.next();
      // `left semi join`, `left anti join`, `left outer join`
      const second = this.peek();
      if (type === 'left' && this.isWord(second, 'semi', 'anti', 'outer')) {
        type = JOIN_TYPES[second.text.toLowerCase()];
        this.next();
      }
      // `full` may stand without `join` (join.md: `source = table1 | full left = l …`).
      if (this.isWord(this.peek(), 'join')) this.next();
    } else {
      this.next();
    }
    const seen = new Map<string, Token>();
    let overwrite = true;
    let max = 0;
    let leftAlias: string | undefined;
    let rightAlias: string | undefined;
    while (this.isOptionAt()) {
      const option = this.peek();
      const name = option.text.toLowerCase();
      if (!['type', 'overwrite', 'max', 'left', 'right'].includes(name)) break;
      this.once(seen, option, 'join');
      this.next();
      this.next();
      if (name === 'type') {
        const t = this.peek();
        const known = JOIN_TYPES[t.text.toLowerCase()];
        if (!this.isWord(t) || known === undefined) {
          this.expected(
            'a join type (inner, left, outer, right, full, semi, anti, cross)',
            Object.keys(JOIN_TYPES)
          );
        }
        this.next();
        type = known;
      } else if (name === 'overwrite') overwrite = this.readBoolean();
      else if (name === 'max') max = this.readInt('max', 0);
      else if (name === 'left') leftAlias = this.requireField('the left alias').name;
      else rightAlias = this.requireField('the right alias').name;
    }
    let criteria: Expr | undefined;
    let fields: FieldRef[] | undefined;
    if (this.isWord(this.peek(), 'on', 'where')) {
      this.next();
      criteria = this.parseExpression('the join condition');
    } else if (!this.isPunct(this.peek(), '[')) {
      // The extended syntax: a field list, then the right side (the last name before `|`/`[`).
      const names: FieldRef[] = [];
      for (;;) {
        if (this.isPunct(this.peek(), ',')) this.next();
        if (this.isPunct(this.peek(), '[') || this.endsCommand(this.peek())) break;
        const save = this.pos;
        const name = this.glueName('index');
        if (name === undefined)
          this.expected('a field name or the right side', ['field name', '[']);
        const t = this.peek();
        if (this.endsCommand(t) || this.isWord(t, 'as')) {
          // This name is the right index.
          this.pos = save;
          break;
        }
        names.push({ kind: 'Field', name: name.name, quoted: name.quoted, span: name.span });
      }
      fields = names;
    }
    let right: Subsearch;
    let rightName: string | undefined;
    if (this.isPunct(this.peek(), '[')) {
      right = this.parseSubsearch();
    } else {
      const index = this.requireJoinIndex();
      rightName = index.name;
      right = {
        kind: 'Subsearch',
        source: {
          kind: 'Source',
          search: false,
          keyword: 'source',
          indices: [index],
          span: index.span,
        },
        commands: [],
        span: index.span,
      };
    }
    if (this.isWord(this.peek(), 'as')) {
      this.next();
      rightName = this.requireField('the right alias').name;
    }
    if (criteria === undefined && fields === undefined && type !== 'cross') {
      this.fail(start, 'join needs "on <condition>" or the fields to join on', [
        'on',
        'field name',
      ]);
    }
    return {
      kind: 'Join',
      type,
      ...(leftAlias === undefined ? {} : { leftAlias }),
      ...(rightAlias === undefined ? {} : { rightAlias }),
      ...(fields === undefined ? {} : { fields }),
      ...(criteria === undefined ? {} : { criteria }),
      overwrite,
      max,
      right,
      ...((rightAlias ?? rightName) ? { rightName: rightAlias ?? rightName } : {}),
      span: this.spanFrom(start),
    };
  }

  private requireJoinIndex(): IndexName {
    const name = this.glueName('index');
    if (name === undefined)
      return this.expected('the right side: an index or [ subsearch ]', ['index name', '[']);
    return { name: name.name, quoted: name.quoted, span: name.span };
  }
}
