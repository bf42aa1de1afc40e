/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/**
 * The combining commands' syntax tree: subsearches and what nests them (join, append, appendpipe,
 * appendcol, union, multisearch, subsearches in `where` conditions). Parsed by
 * subsearch.ts, append.ts and join.ts beside this file; planned in
 * server/services/ppl/commands/{subsearch,append,join}.ts.
 */
import type { Command, Expr, FieldRef, MakeResults, SourceCommand, Span } from '../ast';
import type { GraphLookupSource } from './graphlookup_ast';

/** `[ source=… | … ]`: a query of its own, inside another (no outputlookup). */
export interface Subsearch {
  kind: 'Subsearch';
  source: SourceCommand | MakeResults | MultiSearch | SubsearchSource | GraphLookupSource;
  commands: Command[];
  span: Span;
}

/**
 * `[search] source=[ <subsearch> ] [as <alias>]` (or `index=`): the subsearch's rows are the
 * source (subquery.md, relation subquery); `<alias>.field` names its columns. The SQL plugin's
 * grammar has no search expression beside it that it can run, so none is parsed.
 */
export interface SubsearchSource {
  kind: 'SubsearchSource';
  /** Whether the query started with the optional `search` keyword. */
  search: boolean;
  keyword: 'source' | 'index';
  subsearch: Subsearch;
  alias?: string;
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

/** `appendcol [override=<bool>] [ <commands> ]`: the commands' rows joined to the rows so far side by side. */
export interface AppendColCommand {
  kind: 'AppendCol';
  commands: Command[];
  /** Whether the new columns' values replace those of a column of the same name (default false). */
  override: boolean;
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
  /**
   * The subsearches of `criteria` (`on l.a = r.a AND r.a in [ … ]`), each standing there as its
   * slot field, as in a `where` (see {@link SubsearchPredicate}): checked on each pair of rows.
   */
  predicates?: SubsearchPredicate[];
  /** With a field list: the right side's value wins for a name on both sides (default true). */
  overwrite: boolean;
  /** Matches per left row, 0 for all. */
  max: number;
  right: Subsearch;
  /** The right side's name for `<name>.field`: its alias, else the index name. */
  rightName?: string;
  span: Span;
}

/**
 * `multisearch [search …] [search …] …` or, leading, `union [maxout=<n>] <dataset> <dataset> …`:
 * the rows of every subsearch (an index is a subsearch of its own). multisearch interleaves the
 * subsearches by `@timestamp` (newest first) when every one has it, and keeps columns of
 * conflicting types apart (`age`, `age0`, …); union runs them one after the other and gives a
 * column of conflicting types their common type (multisearch.md, union.md).
 */
export interface MultiSearch {
  kind: 'MultiSearch';
  command: 'multisearch' | 'union';
  searches: Subsearch[];
  /** union's `maxout`: at most this many rows in all; 0 (default) for no limit. */
  maxout: number;
  span: Span;
}

/** `… | union [maxout=<n>] <dataset> …`: the rows so far are the first dataset. */
export interface UnionCommand {
  kind: 'Union';
  searches: Subsearch[];
  maxout: number;
  span: Span;
}

/**
 * A subsearch inside a `where` condition (subquery.md): `<expr> [not] in [ … ]`,
 * `(<expr>, …) [not] in [ … ]`, `exists [ … ]`, or a scalar `[ … ]` (the one value its one row
 * gives). In the condition it stands as the field `slot`, which the server fills per row with the
 * predicate's (three-valued) result or the scalar's value.
 */
export interface SubsearchPredicate {
  kind: 'InSubsearch' | 'Exists' | 'Scalar';
  /** `in`: the values compared with the subsearch's first columns, in order. */
  values: Expr[];
  /** `not in` (a `not exists` is a NOT around the slot). */
  negated: boolean;
  search: Subsearch;
  /** The name of the placeholder field in the condition (it cannot be written in a query). */
  slot: string;
  span: Span;
}

/** `where <condition>` where the condition holds subsearches (see {@link SubsearchPredicate}). */
export interface WhereSubsearchCommand {
  kind: 'WhereSubsearch';
  condition: Expr;
  predicates: SubsearchPredicate[];
  span: Span;
}

export type CombiningCommand =
  | WhereSubsearchCommand
  | UnionCommand
  | AppendCommand
  | AppendPipeCommand
  | AppendColCommand
  | JoinCommand;
