/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/**
 * The syntax tree of the shaping commands: types (and convert's function names) only, so ast.ts
 * names them without importing the parser (shaping.ts).
 */
import type { Expr, FieldRef, Span } from '../expr_ast';
import type { MultivalueCommand } from './multivalue_ast';

/** `reverse`: the rows in the opposite order. */
export interface ReverseCommand {
  kind: 'Reverse';
  span: Span;
}

/**
 * `fillnull with <v> [in f, …]`, `fillnull using f = v, …`, `fillnull value=<v> [f …]`: nulls of
 * the fields (all when none is named) replaced. Each entry pairs a field (or all) with a value.
 */
export interface FillNullCommand {
  kind: 'FillNull';
  /** Empty `fields` in an entry: every column. */
  fills: Array<{ fields: FieldRef[]; value: Expr }>;
  syntax: 'with' | 'using' | 'value';
  span: Span;
}

/** `replace '<pattern>' WITH '<replacement>' [, …] IN f [, …]` (`*` wildcards, `\*` literal). */
export interface ReplaceCommand {
  kind: 'Replace';
  pairs: Array<{ pattern: string; replacement: string; span: Span }>;
  fields: FieldRef[];
  span: Span;
}

/** `addtotals [row=<bool>] [col=<bool>] [labelfield=…] [label=…] [fieldname=…] [f …]`. */
export interface AddTotalsCommand {
  kind: 'AddTotals';
  command: 'addtotals' | 'addcoltotals';
  /** A per-row total column (addtotals only; default true). */
  row: boolean;
  /** A totals row at the end (addcoltotals always; addtotals when col=true). */
  col: boolean;
  labelField?: string;
  label: string;
  fieldName: string;
  fields: FieldRef[];
  span: Span;
}

/** `transpose [<n>] [header_field=f] [include_empty=<bool>] [column_name=<s>]`. */
export interface TransposeCommand {
  kind: 'Transpose';
  /** Rows to turn into columns (default 5). */
  limit: number;
  headerField?: FieldRef;
  includeEmpty: boolean;
  columnName: string;
  span: Span;
}

export const CONVERT_FUNCTIONS = [
  'auto',
  'num',
  'rmcomma',
  'rmunit',
  'memk',
  'none',
  'ctime',
  'mktime',
  'dur2sec',
  'mstime',
] as const;

export type ConvertFunction = (typeof CONVERT_FUNCTIONS)[number];

/** `convert auto(f) [as g], num(h), …`: text read as numbers (doubles), convert.md. */
export interface ConvertCommand {
  kind: 'Convert';
  /** `timeformat=` of `ctime`/`mktime` (strftime directives; default `%m/%d/%Y %H:%M:%S`). */
  timeFormat: string;
  conversions: Array<{ func: ConvertFunction; field: FieldRef; as?: FieldRef; span: Span }>;
  span: Span;
}

export type ShapingCommand =
  | MultivalueCommand
  | ConvertCommand
  | ReverseCommand
  | FillNullCommand
  | ReplaceCommand
  | AddTotalsCommand
  | TransposeCommand;
