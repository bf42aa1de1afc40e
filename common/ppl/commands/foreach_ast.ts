/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/**
 * The `foreach` command's syntax tree (docs/user/ppl/cmd/foreach.md). Parsed by foreach.ts beside
 * this file; planned in server/services/ppl/commands/foreach.ts.
 */
import type { Expr, FieldPattern, Span } from '../expr_ast';

export type ForeachMode = 'multifield' | 'multivalue' | 'json_array' | 'auto_collections';

export const FOREACH_MODES: readonly ForeachMode[] = [
  'multifield',
  'multivalue',
  'json_array',
  'auto_collections',
];

/**
 * `foreach [mode=<m>] [fieldstr=<s>] [matchstr=<s>] [itemstr=<s>] [iterstr=<s>] <target>… [ eval … ]`.
 *
 * `multifield`: the bracketed commands once per matching field, `<<FIELD>>` standing for its name
 * and `<<MATCHSTR>>` for what the pattern's `*` matched; the template is kept as text and parsed
 * per field when the columns are known.
 *
 * Collection modes (`multivalue`, `json_array`, `auto_collections`): the bracketed eval runs once
 * per element of the target, in each row, as an accumulator; `<<ITEM>>` is the element,
 * `<<ITER>>` its zero-based index.
 */
export interface ForeachCommand {
  kind: 'Foreach';
  mode: ForeachMode;
  /** `multifield`: the names or patterns of the fields to run over. */
  patterns: FieldPattern[];
  /** Collection modes: the array field, JSON text or `json_array(…)` call (none: auto_collections picks the first array column). */
  target?: Expr;
  template: string;
  fieldStr: string;
  matchStr: string;
  /** The element placeholder's bare name (`ITEM` for `<<ITEM>>`). */
  itemStr: string;
  /** The index placeholder's bare name (`ITER` for `<<ITER>>`). */
  iterStr: string;
  templateSpan: Span;
  span: Span;
}
