/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/**
 * PPL for lookups: the tokenizer (editor highlighting) and the parser (typed AST with precise
 * errors). Pure TypeScript, shared by the server and the browser. The evaluator runs only in the
 * server: server/services/ppl/evaluate.ts.
 */
export * from './ast';
export * from './language';
export * from './types';
export {
  lineStarts,
  positionAt,
  tokenize,
  unquoteString,
  type Token,
  type TokenError,
  type TokenKind,
  type TokenizeOptions,
} from './tokenizer';
export {
  MAX_COMMANDS,
  MAX_EXPRESSION_DEPTH,
  MAX_EXPRESSION_NESTING,
  parsePpl,
  type ParseResult,
  type PplSyntaxError,
} from './parser';
export {
  formatTimestamp,
  MAKERESULTS_MAX_CELL_CHARS,
  MAKERESULTS_MAX_CELLS,
  MAKERESULTS_MAX_COUNT,
  MAKERESULTS_TIMESTAMP_COLUMN,
  makeResultsTable,
  MakeResultsDataError,
  parseInlineData,
  type InlineColumn,
  type InlineTable,
} from './makeresults';
