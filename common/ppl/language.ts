/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/**
 * The words of the PPL subset this plugin understands, kept once: the parser checks against
 * them, the tokenizer colours with them, and the query editor completes from them.
 *
 * Names follow PPL 3.x (the SQL plugin's `OpenSearchPPLParser.g4` and `docs/user/ppl/`), all
 * matched case-insensitively, as PPL's lexer is (`caseInsensitive = true`).
 */

import { AGGREGATION_ENTRIES, FUNCTION_CATALOG } from './functions';

/** Commands that open a query. `source=<index>` (optionally after `search`) is the usual one. */
export const LEADING_COMMANDS = [
  'search',
  'makeresults',
  'describe',
  'multisearch',
  'union',
] as const;

/** Commands that may follow a `|`. `outputlookup` must be the last one. */
export const SUPPORTED_COMMANDS = [
  'where',
  'fields',
  'table',
  'rename',
  'eval',
  'stats',
  'dedup',
  'sort',
  'head',
  'top',
  'rare',
  'lookup',
  'reverse',
  'fillnull',
  'replace',
  'fieldformat',
  'expand',
  'mvexpand',
  'flatten',
  'mvcombine',
  'nomv',
  'convert',
  'spath',
  'addtotals',
  'addcoltotals',
  'transpose',
  'parse',
  'grok',
  'rex',
  'regex',
  'patterns',
  'bin',
  'eventstats',
  'streamstats',
  'trendline',
  'timechart',
  'chart',
  'xyseries',
  'timewrap',
  'append',
  'appendpipe',
  'appendcol',
  'foreach',
  'join',
  'union',
  'outputlookup',
] as const;
export type SupportedCommand = (typeof SUPPORTED_COMMANDS)[number];

/**
 * PPL commands this plugin does not run yet, with what to do instead. Naming them lets an error
 * say "not supported here" rather than "unknown command" for a query the SQL plugin would accept.
 */
export const UNSUPPORTED_PPL_COMMANDS: Readonly<Record<string, string>> = {
  cluster: 'text-similarity clustering is not implemented; group with patterns or stats',
  multikv: 'table-text extraction is not implemented; extract columns with rex or parse',
  format: 'formatting rows into a search string is not implemented',
};

/** PPL commands that cannot run inside Dashboards at all, with the reason given to the user. */
export const REFUSED_COMMANDS: Readonly<Record<string, string>> = {
  ml: 'it trains and runs models in ML Commons through the SQL plugin, which this plugin does not host',
  kmeans: 'it clusters with ML Commons through the SQL plugin, which this plugin does not host',
  ad: 'it runs anomaly detection models of ML Commons through the SQL plugin, which this plugin does not host',
  graphlookup:
    'it walks a graph across indices in the SQL plugin engine, which this plugin does not host',
  show: 'it lists external data sources of the SQL plugin, which this plugin cannot read',
  explain: 'the plan of a query here is shown by POST /api/lookups/_explain',
  collect:
    'it writes into an existing index; a query here writes a lookup, with outputlookup at its end',
  rest: 'it reads cluster management endpoints, not the indices a lookup is made from',
  highlight:
    "it adds highlight fragments to the SQL plugin's response, which a lookup's rows cannot hold",
};

/** The options of `outputlookup`, written `name=value` before the lookup name, in any order. */
export const OUTPUTLOOKUP_OPTIONS = ['append', 'override_if_empty', 'key_field', 'max'] as const;
export type OutputLookupOption = (typeof OUTPUTLOOKUP_OPTIONS)[number];

/** The `name=value` options of each command, for completion and highlighting. */
export const COMMAND_OPTIONS: Readonly<Record<string, readonly string[]>> = {
  makeresults: ['count', 'format', 'data'],
  stats: ['bucket_nullable'],
  dedup: ['keepempty', 'consecutive'],
  head: ['limit'],
  fillnull: ['value'],
  mvexpand: ['limit'],
  addtotals: ['row', 'col', 'labelfield', 'label', 'fieldname'],
  addcoltotals: ['labelfield', 'label'],
  transpose: ['header_field', 'include_empty', 'column_name'],
  rex: ['mode', 'field', 'max_match', 'offset_field'],
  patterns: [
    'method',
    'mode',
    'new_field',
    'pattern',
    'max_sample_count',
    'show_numbered_token',
    'buffer_limit',
    'variable_count_threshold',
    'frequency_threshold_percentage',
  ],
  bin: ['span', 'minspan', 'bins', 'aligntime', 'start', 'end'],
  eventstats: ['bucket_nullable'],
  streamstats: ['bucket_nullable', 'current', 'window', 'global', 'reset_before', 'reset_after'],
  spath: ['input', 'output', 'path'],
  convert: ['timeformat'],
  appendcol: ['override'],
  foreach: ['mode', 'fieldstr', 'matchstr', 'itemstr', 'iterstr'],
  chart: ['limit', 'useother', 'usenull', 'nullstr', 'otherstr'],
  timechart: ['timefield', 'span', 'limit', 'useother', 'usenull', 'nullstr'],
  join: ['type', 'overwrite', 'max', 'left', 'right'],
  union: ['maxout'],
  xyseries: ['sep', 'format'],
  timewrap: ['align'],
  top: ['limit', 'countfield', 'showcount', 'usenull'],
  rare: ['limit', 'countfield', 'showcount', 'usenull'],
  outputlookup: OUTPUTLOOKUP_OPTIONS,
};

/**
 * The words `lookup` takes between its key fields and its output fields: `output` is `replace`,
 * `outputnew` is `append` (only fills what is missing or null).
 */
export const LOOKUP_STRATEGIES = ['replace', 'append', 'output', 'outputnew'] as const;

/** Scalar functions, usable in `where` and `eval` (and inside aggregations): from the catalog. */
export const FUNCTIONS: readonly string[] = FUNCTION_CATALOG.map((f) => f.name);
export type FunctionName = string;

/** How many arguments each plain function takes (`case` and `cast` have their own syntax). */
export const FUNCTION_ARITY: Readonly<Record<string, readonly [min: number, max: number]>> =
  Object.fromEntries(
    FUNCTION_CATALOG.filter((f) => f.name !== 'case' && f.name !== 'cast').map((f) => [
      f.name,
      f.arity,
    ])
  );

/** An alias's canonical name (`substr` is `substring`). */
export const CANONICAL_FUNCTION: Readonly<Record<string, string>> = Object.fromEntries(
  FUNCTION_CATALOG.filter((f) => f.aliasOf !== undefined).map((f) => [f.name, f.aliasOf!])
);

/** Each scalar function's signature and one-line doc, for the editor's help. */
export const FUNCTION_HELP: Readonly<Record<string, { signature: string; doc: string }>> =
  Object.fromEntries(FUNCTION_CATALOG.map((f) => [f.name, { signature: f.signature, doc: f.doc }]));

/** Each aggregation's signature and one-line doc (`perc<N>`/`p<N>` are percentile's). */
export const AGGREGATION_HELP: Readonly<Record<string, { signature: string; doc: string }>> =
  Object.fromEntries(
    AGGREGATION_ENTRIES.map((f) => [f.name, { signature: f.signature, doc: f.doc }])
  );

/** Aggregation functions of `stats`, aliases included (`c` is `count`, `dc` `distinct_count`). */
export const AGGREGATION_FUNCTIONS: readonly string[] = AGGREGATION_ENTRIES.map((f) => f.name);

/** The types `cast(x as <type>)` accepts. `int` and `integer` are one type, as are the two cases. */
export const CAST_TYPES = [
  'int',
  'integer',
  'long',
  'float',
  'double',
  'string',
  'boolean',
  'date',
  'time',
  'timestamp',
  'ip',
] as const;
export type CastTypeName = (typeof CAST_TYPES)[number];

/** `sort` can read a field as a given kind: `sort num(f)`, `sort str(f)`, … */
export const SORT_TYPES = ['auto', 'str', 'ip', 'num'] as const;

/** Words with a fixed meaning in expressions: never read as a field name there (use backticks). */
export const EXPRESSION_KEYWORDS: readonly string[] = [
  'and',
  'or',
  'xor',
  'not',
  'true',
  'false',
  'null',
  'is',
  'as',
  'by',
  'else',
];

/** Words the tokenizer colours as keywords wherever they appear. */
export const KEYWORDS: readonly string[] = [
  ...EXPRESSION_KEYWORDS,
  'in',
  'between',
  'like',
  'ilike',
  'source',
  'index',
];
