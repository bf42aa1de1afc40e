/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/**
 * A hand-written recursive-descent parser for the PPL subset this plugin runs (see language.ts for
 * its words, ast.ts for what it builds). It stops at the first error and says where it is (line,
 * column, offset, length), what it found, and what would have been accepted there.
 *
 * It is built in layers, one class extending the next: parse_cursor.ts (tokens and errors),
 * parse_names.ts (names, lists, option values), parse_expressions.ts, then one module per command
 * family (parse_sources.ts, parse_commands.ts, parse_aggregations.ts, parse_lookups.ts, then
 * commands/shaping.ts, commands/extraction.ts, commands/windows.ts, then the combining family
 * (commands/subsearch.ts, append.ts, join.ts; node types in combining_ast.ts), foreach.ts,
 * graphlookup.ts, each
 * holding its commands' AST nodes beside their parsing, with their grammar in their comments);
 * this file adds the query itself and says which family parses which command. The server plans
 * each family in server/services/ppl/commands/<family>.ts; commands/README.md lists them all.
 *
 * Grammar (PPL 3.x, after the SQL plugin's `OpenSearchPPLParser.g4`; keywords case-insensitive):
 *
 *   query       := "|"? leading ("|" command?)* ("|" "outputlookup" …)?
 *   leading     := "search"? searchExpr? ("source" | "index") "=" indexName ("," indexName)*
 *                  ("as" name)? searchExpr?
 *                | "makeresults" ("count=" int | "format=" (csv|json) | "data=" string)*
 *                | "describe" indexName | "multisearch" subsearch subsearch+
 *                | "union" ("maxout=" int)? dataset dataset+      (dataset := subsearch | indexName)
 *                | "graphLookup" …   (literal start values; see commands/graphlookup.ts)
 *   subsearch   := "[" leading ("|" command)* "]"        (see commands/subsearch.ts)
 *   where       := "where" expr
 *   fields      := "fields" ("+" | "-")? pattern (","? pattern)*
 *   rename      := "rename" pattern "as" pattern (","? pattern "as" pattern)*
 *   eval        := "eval" field "=" expr ("," field "=" expr)*
 *   stats       := "stats" ("bucket_nullable=" bool)? agg ("as" name)? ("," agg ("as" name)?)*
 *                  ("by" (field | span) (","? (field | span))*)?
 *   span        := "span" "(" (field ",")? interval ")" ("as" name)?   (see commands/windows.ts)
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
 * - Not supported (refused with a message): subsearches, `explain`, date/time literals (`DATE '…'`), `INTERVAL`, `REGEXP`, functions other
 *   than those in language.ts, and the commands in `UNSUPPORTED_PPL_COMMANDS`.
 */
import type { Command, OutputLookup, Query } from './ast';
import {
  LEADING_COMMANDS,
  REFUSED_COMMANDS,
  SUPPORTED_COMMANDS,
  UNSUPPORTED_PPL_COMMANDS,
} from './language';
import type { Token } from './tokenizer';
import { MAX_COMMANDS } from './parse_expressions';
import { GraphLookupParser } from './commands/graphlookup';
import { SyntaxFailure, type PplSyntaxError } from './parse_cursor';

export {
  AGGREGATION_FUNCTIONS,
  CAST_TYPES,
  COMMAND_OPTIONS,
  FUNCTIONS,
  LEADING_COMMANDS,
  OUTPUTLOOKUP_OPTIONS,
  SUPPORTED_COMMANDS,
} from './language';
export { MAX_COMMANDS, MAX_EXPRESSION_DEPTH, MAX_EXPRESSION_NESTING } from './parse_expressions';
export type { PplSyntaxError } from './parse_cursor';

export type ParseResult = { ok: true; query: Query } | { ok: false; error: PplSyntaxError };

/** The whole query, over the layers: cursor, names, expressions, and the command families. */
class Parser extends GraphLookupParser {
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
        this.refuseCallAsField(t);
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
          [],
          'limit'
        );
      }
      const name = after.text.toLowerCase();
      if (name === 'outputlookup') {
        output = this.parseOutputLookup();
      } else {
        const command = this.parseCommand(after, name);
        commands.push(command);
        if (command.kind === 'Timewrap') this.checkTimewrap(commands, command);
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

  protected override parseTemplate(
    text: string
  ): { ok: true; commands: Command[] } | { ok: false; detail: string } {
    const result = parseForeachTemplate(text);
    return result.ok ? result : { ok: false, detail: result.error.detail };
  }

  protected override parseCommand(start: Token, name: string): Command {
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
      // shaping (commands/shaping.ts)
      case 'table':
        return this.parseTable(start);
      case 'reverse':
        return this.parseReverse(start);
      case 'fieldformat':
        return this.parseFieldFormat(start);
      case 'fillnull':
        return this.parseFillNull(start);
      case 'replace':
        return this.parseReplace(start);
      case 'expand':
      case 'mvexpand':
        return this.parseExpand(start, name);
      case 'flatten':
        return this.parseFlatten(start);
      case 'mvcombine':
        return this.parseMvCombine(start);
      case 'nomv':
        return this.parseNoMv(start);
      case 'convert':
        return this.parseConvert(start);
      case 'spath':
        return this.parseSpath(start);
      case 'addtotals':
      case 'addcoltotals':
        return this.parseAddTotals(start, name);
      case 'transpose':
        return this.parseTranspose(start);
      // extraction (commands/extraction.ts)
      case 'parse':
        return this.parseParse(start, 'Parse');
      case 'grok':
        return this.parseParse(start, 'Grok');
      case 'rex':
        return this.parseRex(start);
      case 'regex':
        return this.parseRegex(start);
      case 'patterns':
        return this.parsePatterns(start);
      // buckets and windows (commands/windows.ts)
      case 'bin':
        return this.parseBin(start);
      case 'eventstats':
        return this.parseEventStats(start);
      case 'streamstats':
        return this.parseStreamStats(start);
      case 'trendline':
        return this.parseTrendline(start);
      case 'timechart':
        return this.parseTimechart(start);
      case 'chart':
        return this.parseChart(start);
      // pivots (commands/pivot.ts)
      case 'xyseries':
        return this.parseXySeries(start);
      case 'timewrap':
        return this.parseTimewrap(start);
      // combining (commands/subsearch.ts, append.ts, join.ts); foreach (commands/foreach.ts)
      case 'union':
        return this.parseUnion(start);
      case 'append':
        return this.parseAppend(start);
      case 'appendpipe':
        return this.parseAppendPipe(start);
      case 'appendcol':
        return this.parseAppendCol(start);
      case 'foreach':
        return this.parseForeach(start);
      case 'graphlookup':
        return this.parseGraphLookup(start);
      case 'join':
      case 'inner':
      case 'left':
      case 'outer':
      case 'right':
      case 'full':
      case 'semi':
      case 'anti':
      case 'cross':
        return this.parseJoin(start);
      default:
        break;
    }
    const refused = REFUSED_COMMANDS[name];
    if (refused !== undefined) {
      return this.fail(
        start,
        `the command "${start.text}" cannot run in Dashboards: ${refused}`,
        [],
        'refused'
      );
    }
    const supported = SUPPORTED_COMMANDS.join(', ');
    if ((LEADING_COMMANDS as readonly string[]).includes(name)) {
      return this.fail(
        start,
        `"${start.text}" can only start a query; supported commands after "|": ${supported}`,
        [...SUPPORTED_COMMANDS]
      );
    }
    const unsupported = UNSUPPORTED_PPL_COMMANDS[name];
    if (unsupported !== undefined) {
      return this.fail(
        start,
        `the command "${start.text}" is not supported here: ${unsupported}; supported commands: ${supported}`,
        [...SUPPORTED_COMMANDS],
        'unsupported'
      );
    }
    return this.fail(start, `unknown command "${start.text}"; supported commands: ${supported}`, [
      ...SUPPORTED_COMMANDS,
    ]);
  }

  /**
   * `sort - count()`: a field name followed by `(` is a call where a name was read, most often a
   * column stats named after its call. Said with the way out: the name in backticks.
   */
  private refuseCallAsField(t: Token) {
    const prev = this.previous();
    if (!this.isPunct(t, '(') || !this.isWord(prev) || prev.end !== t.start) return;
    let depth = 0;
    let end = t.start;
    for (; end < this.text.length; end++) {
      const c = this.text[end];
      if (c === '(') depth++;
      else if (c === ')' && --depth === 0) break;
    }
    if (depth !== 0) return;
    const column = this.text.slice(prev.start, end + 1);
    this.fail(
      prev,
      `"${column}" is read as the field "${prev.text}" followed by "(": to name the column ` +
        `"${column}" (as stats names it), write it in backticks: \`${column}\`, or name it with ` +
        '"as" where it is made',
      ['`']
    );
  }
}

/**
 * The commands of a foreach template (placeholders already replaced): one or more commands
 * separated by `|`, as inside `[ … ]`.
 */
export function parseForeachTemplate(
  text: string
): { ok: true; commands: Command[] } | { ok: false; error: PplSyntaxError } {
  const parsed = parsePpl(`makeresults | ${text}`);
  return parsed.ok ? { ok: true, commands: parsed.query.commands } : parsed;
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
