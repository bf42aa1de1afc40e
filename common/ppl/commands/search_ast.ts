/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/**
 * Search expressions: what may follow `source=<index>` (or come between `search` and it),
 * docs/user/ppl/cmd/search.md. They run in OpenSearch only (the server translates them to the
 * query DSL), so they keep the text as written and leave its meaning to the translation.
 */
import type { FieldRef, Span } from '../expr_ast';

/** A value as written: unquoted text may hold `*` / `?` wildcards, quoted text is literal. */
export interface SearchValue {
  text: string;
  quoted: boolean;
  span: Span;
}

/** Free text: `error`, `log_*`, `"disk full"` (a phrase), searched in the default fields. */
export interface SearchText {
  kind: 'SearchText';
  value: SearchValue;
  span: Span;
}

/** `field=value`, `field!=value`, `field>value`, … (`==` is stored as `=`). */
export interface SearchCompare {
  kind: 'SearchCompare';
  field: FieldRef;
  op: '=' | '!=' | '<' | '<=' | '>' | '>=';
  value: SearchValue;
  span: Span;
}

/** `field IN (v1, v2, …)`. */
export interface SearchIn {
  kind: 'SearchIn';
  field: FieldRef;
  values: SearchValue[];
  span: Span;
}

/** `earliest=<time>` / `latest=<time>`: a bound on `@timestamp` (resolved when the query runs). */
export interface SearchTime {
  kind: 'SearchTime';
  bound: 'earliest' | 'latest';
  value: SearchValue;
  span: Span;
}

export interface SearchLogic {
  kind: 'SearchAnd' | 'SearchOr';
  left: SearchExpr;
  right: SearchExpr;
  span: Span;
}

export interface SearchNot {
  kind: 'SearchNot';
  operand: SearchExpr;
  span: Span;
}

export type SearchExpr =
  SearchText | SearchCompare | SearchIn | SearchTime | SearchLogic | SearchNot;
