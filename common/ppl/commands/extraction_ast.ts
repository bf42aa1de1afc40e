/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/**
 * The syntax tree of the extraction commands (`parse`, `grok`, `rex`, `regex`, `patterns`): types
 * only, so ast.ts names them without importing the parser (extraction.ts).
 */
import type { FieldRef, Span } from '../expr_ast';
import type { PatternsCommand } from './patterns_ast';

/** `parse <field> '<regex with named groups>'`: each group a string column ("" without a match). */
export interface ParseCommand {
  kind: 'Parse';
  field: FieldRef;
  pattern: string;
  patternSpan: Span;
  span: Span;
}

/** `grok <field> '<grok pattern>'`: `%{NAME:field}` groups, as `parse` gives them. */
export interface GrokCommand {
  kind: 'Grok';
  field: FieldRef;
  pattern: string;
  patternSpan: Span;
  span: Span;
}

/** `rex [mode=extract|sed] field=<f> '<pattern>' [max_match=<n>] [offset_field=<name>]`. */
export interface RexCommand {
  kind: 'Rex';
  mode: 'extract' | 'sed';
  field: FieldRef;
  pattern: string;
  patternSpan: Span;
  /** 1 by default; 0 means as many as the limit (10). */
  maxMatch: number;
  offsetField?: string;
  span: Span;
}

/** `regex <field>=<pattern>` / `regex <field>!=<pattern>`: rows whose value (does not) contain a match. */
export interface RegexCommand {
  kind: 'Regex';
  field: FieldRef;
  negated: boolean;
  pattern: string;
  patternSpan: Span;
  span: Span;
}

export type ExtractionCommand =
  ParseCommand | GrokCommand | RexCommand | RegexCommand | PatternsCommand;
