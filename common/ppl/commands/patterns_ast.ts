/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/** The syntax tree of `patterns`: types only, apart from its parser (patterns.ts). */
import type { FieldRef, Span } from '../expr_ast';

/**
 * `patterns <field> [by f, …] [method=simple_pattern|brain] [mode=label|aggregation]
 * [max_sample_count=<n>] [show_numbered_token=<bool>] [new_field=<name>] [pattern='<regex>']
 * [buffer_limit=<n>] [variable_count_threshold=<n>] [frequency_threshold_percentage=<x>]`.
 */
export interface PatternsCommand {
  kind: 'Patterns';
  field: FieldRef;
  by: FieldRef[];
  method: 'simple_pattern' | 'brain';
  mode: 'label' | 'aggregation';
  newField: string;
  /** simple_pattern: the regex whose matches become placeholders (default: runs of letters and digits). */
  pattern?: string;
  patternSpan?: Span;
  /** Sample messages per pattern in aggregation mode (default 10). */
  maxSampleCount: number;
  /** `<token1>`, `<token2>`, … instead of `<*>`, and a `tokens` column of what each stood for. */
  showNumberedToken: boolean;
  /** brain: a position with more distinct words than this is variable (default 5). */
  variableCountThreshold: number;
  /** brain: words rarer than this share of their group are not constants (default 0.3). */
  frequencyThreshold: number;
  span: Span;
}
