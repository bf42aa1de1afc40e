/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/**
 * The leading command: `[search] [<search expression>] source=<index>[, …] [<search expression>]`
 * (docs/user/ppl/cmd/search.md), `[search] source=[ <subsearch> ] [as <alias>]` (subquery.md's
 * relation subquery), or `makeresults`.
 *
 * Search expressions: free text (`error`, `log_*`, `"a phrase"`), `field=value` and the other
 * comparisons, `field IN (v, …)`, `earliest=` / `latest=`, `NOT`, `OR`, `AND` (implicit between
 * terms side by side), parentheses. Precedence as documented: NOT, then OR, then AND.
 */
import type { FieldRef, IndexName, MakeResults, SourceCommand, Span, WhereCommand } from './ast';
import type {
  MultiSearch,
  SubsearchPredicate,
  SubsearchSource,
  WhereSubsearchCommand,
} from './commands/combining_ast';
import type { GraphLookupSource } from './commands/graphlookup_ast';
import type { SearchExpr, SearchValue } from './commands/search_ast';
import { REFUSED_COMMANDS, SUPPORTED_COMMANDS, UNSUPPORTED_PPL_COMMANDS } from './language';
import { MAKERESULTS_MAX_COUNT, MakeResultsDataError, parseInlineData } from './makeresults';
import type { Token } from './tokenizer';
import { INTEGRAL_RANGES } from './types';
import { CallParser } from './parse_calls';

export class SourceParser extends CallParser {
  /** A condition, its subsearches (subquery.md) making it a `WhereSubsearch`. */
  protected parseCondition(start: Token): WhereCommand | WhereSubsearchCommand {
    const outer = this.wherePredicates;
    const predicates: SubsearchPredicate[] = [];
    this.wherePredicates = predicates;
    try {
      const condition = this.parseExpression('a condition');
      const span = this.spanFrom(start);
      return predicates.length === 0
        ? { kind: 'Where', condition, span }
        : { kind: 'WhereSubsearch', condition, predicates, span };
    } finally {
      this.wherePredicates = outer;
    }
  }

  // -------------------------------------------------------------------------------------------
  // Leading: source and makeresults

  /** `multisearch [ … ] [ … ]`, `union …`: parsed by the combining family (commands/subsearch.ts). */
  protected parseMultiSearch(start: Token): MultiSearch {
    return this.fail(start, 'multisearch is not supported here', []);
  }

  /** `graphLookup …` as the first command: parsed by its family (commands/graphlookup.ts). */
  protected parseGraphLookupSource(start: Token): GraphLookupSource {
    return this.fail(start, 'graphLookup is not supported here', []);
  }

  protected parseLeading():
    SourceCommand | MakeResults | MultiSearch | SubsearchSource | GraphLookupSource {
    const start = this.peek();
    if (this.isWord(start, 'makeresults')) {
      return this.parseMakeResults();
    }
    if (this.isWord(start, 'graphlookup')) {
      return this.parseGraphLookupSource(start);
    }
    if (this.isWord(start, 'multisearch', 'union')) {
      return this.parseMultiSearch(start);
    }
    if (this.isWord(start, 'describe')) {
      this.next();
      const index = this.requireIndexName();
      return {
        kind: 'Source',
        search: false,
        keyword: 'describe',
        indices: [index],
        span: this.spanFrom(start),
      };
    }
    let search = false;
    let before: SearchExpr | undefined;
    if (this.isWord(start, 'search')) {
      this.next();
      search = true;
      if (!this.atSourceKeyword() && !this.endsCommand(this.peek())) {
        before = this.parseSearchExpression(true);
      }
    }
    const t = this.peek();
    if (this.isWord(t, 'source', 'index') && this.isOp(this.tokenAt(1), '=')) {
      return this.parseSource(start, search, before);
    }
    if (search) {
      this.expected('"source=<index>"', ['source=']);
    }
    if (this.isWord(t)) {
      const word = t.text.toLowerCase();
      const refused = REFUSED_COMMANDS[word];
      if (refused !== undefined) {
        this.fail(t, `the command "${t.text}" cannot run in Dashboards: ${refused}`, [], 'refused');
      }
      if (
        (SUPPORTED_COMMANDS as readonly string[]).includes(word) ||
        word in UNSUPPORTED_PPL_COMMANDS
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

  protected parseSource(
    start: Token,
    search: boolean,
    before?: SearchExpr
  ): SourceCommand | SubsearchSource {
    const keyword = this.next().text.toLowerCase() as 'source' | 'index';
    this.next(); // "="
    if (this.isPunct(this.peek(), '['))
      return this.parseSubsearchSource(start, search, keyword, before);
    const indices: IndexName[] = [this.requireIndexName()];
    this.refuseTableFunction(indices[0]);
    while (this.isPunct(this.peek(), ',')) {
      this.next();
      indices.push(this.requireIndexName());
    }
    let alias: string | undefined;
    if (this.isWord(this.peek(), 'as') && !this.endsCommand(this.tokenAt(1))) {
      this.next();
      alias = this.requireField('the source alias').name;
    }
    let filter = before;
    if (!this.endsCommand(this.peek())) {
      this.refuseSubsearchInSearch();
      const after = this.parseSearchExpression(false);
      filter = filter === undefined ? after : this.searchAnd(filter, after);
    }
    return {
      kind: 'Source',
      search,
      keyword,
      indices,
      ...(alias === undefined ? {} : { alias }),
      ...(filter === undefined ? {} : { filter }),
      span: this.spanFrom(start),
    };
  }

  /**
   * `source=[ <subsearch> ] [as <alias>]` (subquery.md, relation subquery). The SQL plugin's
   * grammar lets a search expression stand beside it, but its AST builder then expects an index
   * (a search filter only compiles against one), so the query fails there: refused here, saying
   * where the condition goes.
   */
  private parseSubsearchSource(
    start: Token,
    search: boolean,
    keyword: 'source' | 'index',
    before?: SearchExpr
  ): SubsearchSource {
    const filterMessage =
      'a search filter cannot apply to a subsearch source [ … ]: put the condition in a where, ' +
      `inside the brackets or after them, e.g. ${keyword}=[ source=… | where <condition> ] | where <condition>`;
    if (before !== undefined) this.fail(before.span, filterMessage, ['source=']);
    const subsearch = this.parseSubsearch();
    let alias: string | undefined;
    if (this.isWord(this.peek(), 'as') && !this.endsCommand(this.tokenAt(1))) {
      this.next();
      alias = this.requireField('the subsearch alias').name;
    }
    const t = this.peek();
    if (!this.endsCommand(t)) {
      if (this.isWord(t, 'as')) this.expected('the subsearch alias', ['alias']);
      if (this.isPunct(t, ',')) {
        this.fail(
          t,
          `${keyword}=[ … ] takes one subsearch, not a list: combine searches with union or multisearch`,
          ['|']
        );
      }
      this.fail(t, filterMessage, ['|', 'as']);
    }
    return {
      kind: 'SubsearchSource',
      search,
      keyword,
      subsearch,
      ...(alias === undefined ? {} : { alias }),
      span: this.spanFrom(start),
    };
  }

  /**
   * `source=my_prometheus.query_range('…', …)` (prometheus_connector.md): a table function of a
   * data source of the SQL plugin, read as an index followed by a search group otherwise.
   */
  private refuseTableFunction(index: IndexName): void {
    if (
      !/\.(query_range|query_exemplars)$/i.test(index.name) ||
      index.quoted ||
      !this.isPunct(this.peek(), '(')
    )
      return;
    this.fail(
      index.span,
      `"${index.name}(…)" is a table function of a Prometheus data source of the SQL plugin, ` +
        'which this plugin cannot read: run it in Query Workbench against the SQL plugin',
      [],
      'refused'
    );
  }

  // -------------------------------------------------------------------------------------------
  // Search expressions

  /**
   * The SQL plugin's search expression has no subsearch (since 3.3's search revamp; subquery.md
   * still shows "search filtering with subquery", which its parser refuses): say where it goes.
   */
  private refuseSubsearchInSearch(): void {
    for (let k = 0; ; k++) {
      const t = this.tokenAt(k);
      if (this.atEnd(t) || this.isPunct(t, '|') || this.isPunct(t, ']')) return;
      if (this.isPunct(t, '[')) {
        this.fail(
          t,
          'a search filter cannot hold a subsearch [ … ]: put the condition in a where after the source, e.g. source=<index> | where <field> in [ source=… | fields <field> ]',
          ['|']
        );
      }
    }
  }

  private atSourceKeyword(): boolean {
    return this.isWord(this.peek(), 'source', 'index') && this.isOp(this.tokenAt(1), '=');
  }

  private searchAnd(left: SearchExpr, right: SearchExpr): SearchExpr {
    return {
      kind: 'SearchAnd',
      left,
      right,
      span: { start: left.span.start, end: right.span.end },
    };
  }

  /** Terms side by side, or joined by AND, up to `|`, the end, `)` or (before it) `source=`. */
  protected parseSearchExpression(beforeSource: boolean): SearchExpr {
    let left = this.parseSearchOr(beforeSource);
    for (;;) {
      const t = this.peek();
      if (this.endsCommand(t) || this.isPunct(t, ')') || (beforeSource && this.atSourceKeyword())) {
        return left;
      }
      if (this.isWord(t, 'and')) this.next();
      left = this.searchAnd(left, this.parseSearchOr(beforeSource));
    }
  }

  private parseSearchOr(beforeSource: boolean): SearchExpr {
    let left = this.parseSearchNot(beforeSource);
    while (this.isWord(this.peek(), 'or')) {
      this.next();
      const right = this.parseSearchNot(beforeSource);
      left = {
        kind: 'SearchOr',
        left,
        right,
        span: { start: left.span.start, end: right.span.end },
      };
    }
    return left;
  }

  private parseSearchNot(beforeSource: boolean): SearchExpr {
    const t = this.peek();
    if (this.isWord(t, 'not')) {
      this.next();
      const operand = this.parseSearchNot(beforeSource);
      return { kind: 'SearchNot', operand, span: this.spanFrom(t) };
    }
    return this.parseSearchPrimary(beforeSource);
  }

  private parseSearchPrimary(beforeSource: boolean): SearchExpr {
    const t = this.peek();
    if (this.isPunct(t, '(')) {
      this.next();
      const inner = this.parseSearchExpression(false);
      this.expectPunct(')');
      return { ...inner, span: this.spanFrom(t) };
    }
    if (beforeSource && this.atSourceKeyword()) {
      return this.expected('a search term', ['search term']);
    }
    const next = this.tokenAt(1);
    const isComparison =
      next.kind === 'operator' && ['=', '==', '!=', '<', '<=', '>', '>='].includes(next.text);
    if (
      (this.isWord(t) || t.quoted === true) &&
      isComparison &&
      !this.isWord(t, 'and', 'or', 'not')
    ) {
      const name = t.quoted === true ? (t.value ?? '') : t.text;
      this.next();
      const op = this.next().text;
      const field: FieldRef = {
        kind: 'Field',
        name,
        quoted: t.quoted === true,
        span: { start: t.start, end: t.end },
      };
      if (
        t.quoted !== true &&
        (name.toLowerCase() === 'earliest' || name.toLowerCase() === 'latest')
      ) {
        if (op !== '=') {
          this.fail(
            t,
            `${name.toLowerCase()} takes "=" and a time, e.g. ${name.toLowerCase()}=-7d`,
            ['=']
          );
        }
        const value = this.readSearchValue('a time such as -7d, now or "2024-01-01 00:00:00"');
        return {
          kind: 'SearchTime',
          bound: name.toLowerCase() as 'earliest' | 'latest',
          value,
          span: this.spanFrom(t),
        };
      }
      const value = this.readSearchValue('a value');
      return {
        kind: 'SearchCompare',
        field,
        op: (op === '==' ? '=' : op) as '=' | '!=' | '<' | '<=' | '>' | '>=',
        value,
        span: this.spanFrom(t),
      };
    }
    if (
      (this.isWord(t) || t.quoted === true) &&
      this.isWord(next, 'in') &&
      this.isPunct(this.tokenAt(2), '(')
    ) {
      const field =
        t.quoted === true
          ? {
              kind: 'Field' as const,
              name: t.value ?? '',
              quoted: true,
              span: { start: t.start, end: t.end },
            }
          : {
              kind: 'Field' as const,
              name: t.text,
              quoted: false,
              span: { start: t.start, end: t.end },
            };
      this.next();
      this.next();
      this.next();
      const values: SearchValue[] = [this.readSearchValue('a value')];
      while (this.isPunct(this.peek(), ',')) {
        this.next();
        values.push(this.readSearchValue('a value'));
      }
      this.expectPunct(')', [',', ')']);
      return { kind: 'SearchIn', field, values, span: this.spanFrom(t) };
    }
    const value = this.readSearchValue('a search term');
    return { kind: 'SearchText', value, span: value.span };
  }

  /** A quoted string, or adjacent tokens with no space between them (`user-123`, `10.0.*`, `-7d@d`). */
  private readSearchValue(what: string): SearchValue {
    const first = this.peek();
    if (first.kind === 'string') {
      this.next();
      return {
        text: first.value ?? '',
        quoted: true,
        span: { start: first.start, end: first.end },
      };
    }
    const glues = (t: Token): boolean =>
      !this.atEnd(t) &&
      t.error === undefined &&
      t.kind !== 'string' &&
      t.quoted !== true &&
      !this.isPunct(t, '(') &&
      !this.isPunct(t, ')') &&
      !this.isPunct(t, '|') &&
      !this.isPunct(t, ',') &&
      !(t.kind === 'operator' && ['=', '==', '!=', '<', '<=', '>', '>='].includes(t.text));
    if (!glues(first) && !(this.isPunct(first, '(') && this.isPunct(this.tokenAt(1), ')'))) {
      return this.expected(what, [what]);
    }
    const parts: Token[] = [this.next()];
    for (;;) {
      const t = this.tokenAt(0);
      const last = parts[parts.length - 1];
      // `now()` is one value.
      const call = this.isPunct(t, '(') && this.isPunct(this.tokenAt(1), ')');
      if (t.start !== last.end || !(glues(t) || call)) break;
      parts.push(this.next());
      if (call) parts.push(this.next());
    }
    const span: Span = { start: parts[0].start, end: parts[parts.length - 1].end };
    return { text: this.text.slice(span.start, span.end), quoted: false, span };
  }

  protected requireIndexName(): IndexName {
    const name = this.glueName('index');
    if (name === undefined) {
      return this.expected('an index name', ['index name']);
    }
    if (name.name === '') {
      this.fail(name.span, 'the index name is empty', ['index name']);
    }
    return { name: name.name, quoted: name.quoted, span: name.span };
  }

  protected parseMakeResults(): MakeResults {
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
          this.fail(
            span,
            `makeresults count must not exceed ${MAKERESULTS_MAX_COUNT}`,
            ['integer'],
            'limit'
          );
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
          this.fail(dataToken ?? start, e.message, [], e.limit ? 'limit' : undefined);
        }
        throw e;
      }
      node.format = written.format;
      node.data = written.data;
    }
    return node;
  }
}
