/**
 * PPL for lookups: the tokenizer (editor highlighting), the parser (typed AST with precise
 * errors), and the expression evaluator. Pure TypeScript, shared by the server and the browser.
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
export { checkValueDepth, MAX_VALUE_DEPTH, PplValueTooDeepError } from './errors';
export { compileRegex, likeMatches, replaceAll } from './regex';
export {
  compareValues,
  evaluate,
  evaluatePredicate,
  inferAggregationType,
  inferType,
  javaFloatToString,
  likeToRegExp,
  PplEvaluationError,
  PplTypeError,
  readField,
  runtimeType,
  toPplString,
  type EvaluateOptions,
  type TypeMap,
} from './evaluate';
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
