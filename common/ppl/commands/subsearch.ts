/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/**
 * Subsearches (parse side): `[ <query> ]` and the commands made of them, `multisearch` and
 * `union` (multisearch.md, union.md). A subsearch in a `where` condition is read by the expression
 * layer (parse_expressions.ts) through {@link SubsearchParser.parseSubsearch}. Node types:
 * combining_ast.ts; plan: server/services/ppl/commands/subsearch.ts.
 */
import type { Command, IndexName, Span } from '../ast';
import type { Token } from '../tokenizer';
import type { MultiSearch, Subsearch, UnionCommand } from './combining_ast';
import { TimewrapParser } from './pivot';

/** How deep subsearches may nest. */
export const MAX_SUBSEARCH_DEPTH = 8;

export class SubsearchParser extends TimewrapParser {
  private subsearchDepth = 0;

  /** Commands separated by `|` up to `]` (the first one without a `|` when `needPipe` is false). */
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
      const command = this.parseCommand(t, name);
      commands.push(command);
      if (command.kind === 'Timewrap') this.checkTimewrap(commands, command);
      pipeSeen = false;
    }
  }

  /** One command of the query (the top level of the parser dispatches). */
  protected parseCommand(start: Token, name: string): Command {
    return this.fail(start, `unknown command "${name}"`, []);
  }

  protected inBrackets<T>(parse: () => T): { value: T; span: Span } {
    const open = this.expectPunct('[');
    if (++this.subsearchDepth > MAX_SUBSEARCH_DEPTH) {
      this.fail(open, `subsearches nest more than ${MAX_SUBSEARCH_DEPTH} deep`, []);
    }
    // A `where` inside the brackets collects its own subsearches, not those of the outer one.
    const outerPredicates = this.wherePredicates;
    this.wherePredicates = undefined;
    const value = parse();
    this.wherePredicates = outerPredicates;
    this.expectPunct(']', [']']);
    this.subsearchDepth--;
    return { value, span: this.spanFrom(open) };
  }

  /** A bare index name where a subsearch may stand: `source=<index>` and nothing more. */
  protected indexAsSubsearch(index: IndexName): Subsearch {
    const { span } = index;
    return {
      kind: 'Subsearch',
      source: { kind: 'Source', search: false, keyword: 'source', indices: [index], span },
      commands: [],
      span,
    };
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
    const command = start.text.toLowerCase() === 'union' ? 'union' : 'multisearch';
    this.next();
    const maxout = command === 'union' ? this.readMaxout() : 0;
    const searches = command === 'union' ? this.parseDatasets() : this.parseSubsearches();
    if (searches.length < 2) {
      this.fail(
        start,
        `${command} needs at least two ${command === 'union' ? 'datasets' : 'subsearches'}: ` +
          `${command} [search source=a] [search source=b]`,
        ['[']
      );
    }
    return { kind: 'MultiSearch', command, searches, maxout, span: this.spanFrom(start) };
  }

  /** `… | union [maxout=<n>] <dataset> …`: the rows so far are the first dataset. */
  protected parseUnion(start: Token): UnionCommand {
    this.next();
    const maxout = this.readMaxout();
    const searches = this.parseDatasets();
    if (searches.length === 0) {
      this.expected('a dataset to union: an index or [ subsearch ]', ['index name', '[']);
    }
    return { kind: 'Union', searches, maxout, span: this.spanFrom(start) };
  }

  private readMaxout(): number {
    const t = this.peek();
    if (this.isWord(t, 'recursive') && !this.isPunct(this.tokenAt(1), ',')) {
      this.fail(
        t,
        '"union recursive" is not supported here: a recursive subsearch repeats until a fixpoint, ' +
          'which a bounded lookup build does not run; walk the edges of an index with graphLookup ' +
          '(… | graphLookup <index> start=<field> edge=<from>--><to> maxDepth=<n> as <name>), ' +
          'or join the levels explicitly',
        []
      );
    }
    if (!this.isOptionAt() || !this.isWord(this.peek(), 'maxout')) return 0;
    this.next();
    this.next();
    return this.readInt('maxout', 0);
  }

  private parseSubsearches(): Subsearch[] {
    const searches: Subsearch[] = [];
    for (;;) {
      if (this.isPunct(this.peek(), ',')) this.next();
      if (!this.isPunct(this.peek(), '[')) return searches;
      searches.push(this.parseSubsearch());
    }
  }

  /** union's datasets: subsearches and index names (an index stands for `[ source=<index> ]`). */
  private parseDatasets(): Subsearch[] {
    const searches: Subsearch[] = [];
    for (;;) {
      if (this.isPunct(this.peek(), ',')) this.next();
      const t = this.peek();
      if (this.isPunct(t, '[')) searches.push(this.parseSubsearch());
      else if (this.endsCommand(t) || this.isPunct(t, ']')) return searches;
      else {
        searches.push(this.indexAsSubsearch(this.requireIndexName()));
      }
    }
  }
}
