/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/**
 * The syntax tree of the multivalue and structure commands (`expand`, `mvexpand`, `flatten`,
 * `mvcombine`, `nomv`, `spath`): types only, so ast.ts names them without importing the parser
 * (multivalue.ts).
 */
import type { FieldRef, Span } from '../expr_ast';

/** `expand <field> [as <alias>]`, `mvexpand <field> [limit=<n>]`: one row per array element. */
export interface ExpandCommand {
  kind: 'Expand';
  command: 'expand' | 'mvexpand';
  field: FieldRef;
  alias?: FieldRef;
  limit?: number;
  span: Span;
}

/** `flatten <field> [as (<name>, …)]`: an object's keys become columns. */
export interface FlattenCommand {
  kind: 'Flatten';
  field: FieldRef;
  aliases: FieldRef[];
  span: Span;
}

/** `mvcombine <field>`: rows equal but for `field` become one, the field's values an array. */
export interface MvCombineCommand {
  kind: 'MvCombine';
  field: FieldRef;
  span: Span;
}

/**
 * `spath input=<field> [output=<field>] [path=]<path>`: one value out of JSON text;
 * `spath input=<field>` alone: every key, each a string column (spath.md's auto extraction).
 */
export interface SpathCommand {
  kind: 'Spath';
  input: FieldRef;
  output: string;
  /** `a.b{0}.c` / `a.b[0].c` / `l{}` / `['k']`, as steps. Absent: every key (`output` their prefix). */
  path?: SpathStep[];
  pathText?: string;
  span: Span;
}

/** `nomv <field>`: an array field as one string, its non-null elements joined by newlines. */
export interface NoMvCommand {
  kind: 'NoMv';
  field: FieldRef;
  span: Span;
}

/** A spath step: a key, an array index, or `'*'` for every element (`{}`). */
export type SpathStep = string | number | { all: true };

export type MultivalueCommand =
  ExpandCommand | FlattenCommand | MvCombineCommand | SpathCommand | NoMvCommand;
