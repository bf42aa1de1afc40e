/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/** The leading command: `source=` / `search source=` (index names), or `makeresults`. */
import type { IndexName, MakeResults, SourceCommand } from './ast';
import { SUPPORTED_COMMANDS, UNSUPPORTED_PPL_COMMANDS } from './language';
import { MAKERESULTS_MAX_COUNT, MakeResultsDataError, parseInlineData } from './makeresults';
import type { Token } from './tokenizer';
import { INTEGRAL_RANGES } from './types';
import { CallParser } from './parse_calls';

export class SourceParser extends CallParser {
  // -------------------------------------------------------------------------------------------
  // Leading: source and makeresults

  protected parseLeading(): SourceCommand | MakeResults {
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

  protected parseSource(start: Token, search: boolean): SourceCommand {
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
}
