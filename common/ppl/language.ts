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
  'graphlookup',
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
  'graphlookup',
  'outputlookup',
] as const;
export type SupportedCommand = (typeof SUPPORTED_COMMANDS)[number];

/**
 * PPL commands this plugin does not run yet, with what to do instead. Naming them lets an error
 * say "not supported here" rather than "unknown command" for a query the SQL plugin would accept.
 */
export const UNSUPPORTED_PPL_COMMANDS: Readonly<Record<string, string>> = {
  cluster:
    'text-similarity clustering is not implemented; group similar texts with patterns instead: ' +
    '… | patterns <field> method=brain | stats count() by patterns_field',
  multikv:
    'table-text extraction is not implemented; extract columns with rex or parse ' +
    '(… | rex field=<field> "(?<col>\\S+)"), or for an array of objects mvexpand <field> and read <field>.<key>',
  format:
    'formatting rows into a search string is not implemented; build the text with eval ' +
    "(… | eval search = concat('status=\"', status, '\"')), or filter by a subsearch's rows with " +
    'where <field> in [ source=… | fields <field> ]',
};

/** Where a command this plugin cannot run does run: the SQL plugin, through Query Workbench. */
const IN_WORKBENCH = 'run it in Query Workbench against the SQL plugin';

/** PPL commands that cannot run inside Dashboards at all, with the reason given to the user. */
export const REFUSED_COMMANDS: Readonly<Record<string, string>> = {
  ml: `it trains and runs models in ML Commons through the SQL plugin, which this plugin does not host; ${IN_WORKBENCH}`,
  kmeans: `it clusters with ML Commons through the SQL plugin, which this plugin does not host; ${IN_WORKBENCH}`,
  ad: `it runs anomaly detection models of ML Commons through the SQL plugin, which this plugin does not host; ${IN_WORKBENCH}, or set up a detector in Anomaly Detection`,
  show: `it lists external data sources of the SQL plugin, which this plugin cannot read; ${IN_WORKBENCH}, and read an index here with source=<index>`,
  explain:
    'a query\'s plan is shown by the Explain button beside Run on the Query page: write the query without "explain" and press Explain (over HTTP, POST /api/lookups/_explain)',
  collect:
    'it writes into an existing index; a query here writes a lookup instead: end it with | outputlookup <name>',
  rest: `it reads cluster management endpoints, not the indices a lookup is made from; read them in Dev Tools (GET _cluster/health, GET _cat/indices), or ${IN_WORKBENCH}`,
  highlight: `it adds highlight fragments to the SQL plugin's response, which a lookup's rows cannot hold; remove "| highlight …" (it never changes the rows), or to see the fragments ${IN_WORKBENCH}`,
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
  graphlookup: [
    'start',
    'edge',
    'maxdepth',
    'depthfield',
    'supportarray',
    'batchmode',
    'usepit',
    'filter',
  ],
  xyseries: ['sep', 'format'],
  timewrap: ['align', 'series', 'time_format'],
  top: ['limit', 'countfield', 'showcount', 'usenull'],
  rare: ['limit', 'countfield', 'showcount', 'usenull'],
  outputlookup: OUTPUTLOOKUP_OPTIONS,
};

/**
 * Where a command runs, as `_explain` reports it: `pushed_down` (OpenSearch answers it, when it
 * directly follows `source=` and the query DSL can express it), `streams` (batch by batch in the
 * server) or `buffers` (holds up to `lookups.max_rows` rows, then a 400 naming the command).
 */
export type CommandMode = 'pushed_down' | 'streams' | 'buffers';

/** What the help shows of a command; its `name=value` options are those of COMMAND_OPTIONS. */
export interface CommandHelp {
  /** One line, in our words. */
  summary: string;
  /** The grammar: `<…>` to fill in, `[…]` optional, `…` repeatable. */
  syntax: string;
  /** Every mode it may run in, the usual one first. */
  modes: readonly CommandMode[];
  /** When the mode changes, if it does. */
  modeNote?: string;
}

export type HelpCommand = 'source' | (typeof LEADING_COMMANDS)[number] | SupportedCommand;

/** Each command's help, for the landing page's command reference. */
export const COMMAND_HELP: { readonly [C in HelpCommand]: CommandHelp } = {
  source: {
    summary:
      'Read documents of one or more indices (wildcards allowed), filtered by a search expression; or the rows of a subsearch.',
    syntax:
      'source=<index>[,<index>…] [as <alias>] [<search expression>], or source=[ <subsearch> ] [as <alias>]',
    modes: ['pushed_down'],
  },
  search: {
    summary: 'Open a query with a free-text or field=value search over an index.',
    syntax: 'search [<search expression>] source=<index> [<search expression>]',
    modes: ['pushed_down'],
  },
  makeresults: {
    summary: 'Make rows out of nothing: a count of empty rows, or inline CSV or JSON data.',
    syntax: 'makeresults [count=<n>] [format=csv|json data=<text>]',
    modes: ['streams'],
  },
  describe: {
    summary: "List an index's fields and their types.",
    syntax: 'describe <index>',
    modes: ['streams'],
  },
  multisearch: {
    summary:
      'Run several subsearches and return their rows together, newest first when all are timed.',
    syntax: 'multisearch [ <subsearch> ] [ <subsearch> ] …',
    modes: ['streams'],
  },
  union: {
    summary: 'Stack the rows of several datasets (indices or subsearches), aligning their columns.',
    syntax: 'union [maxout=<n>] <dataset> [<dataset> …]',
    modes: ['streams'],
  },
  where: {
    summary: 'Keep only the rows for which a condition is true.',
    syntax: 'where <condition>',
    modes: ['pushed_down', 'streams'],
    modeNote: 'Conditions OpenSearch cannot express, and subsearches, run in the server.',
  },
  fields: {
    summary: 'Keep or drop columns, by name or wildcard.',
    syntax: 'fields [+|-] <field|pattern>[, …]',
    modes: ['pushed_down', 'streams'],
  },
  table: {
    summary: 'Keep or drop columns, as fields does.',
    syntax: 'table [+|-] <field|pattern>[, …]',
    modes: ['streams'],
  },
  rename: {
    summary: 'Give columns new names; wildcards rename many at once.',
    syntax: 'rename <field|pattern> as <name|pattern>[, …]',
    modes: ['streams'],
  },
  eval: {
    summary: 'Compute new columns, or replace existing ones, from expressions.',
    syntax: 'eval <field> = <expression>[, …]',
    modes: ['streams'],
  },
  stats: {
    summary: 'Aggregate rows, overall or per group, with time or number buckets from span().',
    syntax:
      'stats [bucket_nullable=<bool>] <aggregation> [as <name>][, …] [by [span(<field>, <interval>)] <field>, …]',
    modes: ['pushed_down', 'buffers'],
    modeNote: 'Pushed down as a composite aggregation right after the source when it can be.',
  },
  dedup: {
    summary: 'Drop rows that repeat the values of earlier rows in the given fields.',
    syntax: 'dedup [<n>] <field>[, …] [keepempty=<bool>] [consecutive=<bool>]',
    modes: ['streams'],
  },
  sort: {
    summary: 'Order rows by fields, each ascending or descending, read as a chosen kind.',
    syntax:
      'sort [<count>] [+|-] <field> | num(<field>) | str(<field>) | ip(<field>) | auto(<field>) [asc|desc][, …]',
    modes: ['pushed_down', 'buffers'],
  },
  head: {
    summary: 'Keep the first rows, optionally after skipping some.',
    syntax: 'head [[limit=]<n>] [from <offset>]',
    modes: ['pushed_down', 'streams'],
  },
  top: {
    summary: 'The most frequent values of fields, with their counts.',
    syntax:
      'top [<n>] [limit=<n>] [countfield=<name>] [showcount=<bool>] [usenull=<bool>] <field>[, …] [by <field>, …]',
    modes: ['buffers'],
  },
  rare: {
    summary: 'The least frequent values of fields, with their counts.',
    syntax:
      'rare [<n>] [limit=<n>] [countfield=<name>] [showcount=<bool>] [usenull=<bool>] <field>[, …] [by <field>, …]',
    modes: ['buffers'],
  },
  lookup: {
    summary: 'Enrich each row with fields of a lookup (or index) matched on key fields.',
    syntax:
      'lookup <lookup> <key> [as <field>][, …] [replace|append|output|outputnew <field> [as <name>][, …]]',
    modes: ['streams'],
  },
  reverse: {
    summary: 'Turn the order of the rows around.',
    syntax: 'reverse',
    modes: ['buffers'],
  },
  fillnull: {
    summary: 'Put a value in place of nulls, in all fields or the named ones.',
    syntax:
      'fillnull with <value> [in <field>, …] | using <field> = <value>[, …] | value=<value> [<field> …]',
    modes: ['streams'],
  },
  replace: {
    summary: 'Replace values (literal or with * wildcards) in the named fields.',
    syntax: "replace '<old>' with '<new>'[, …] in <field>[, …]",
    modes: ['streams'],
  },
  fieldformat: {
    summary: 'Compute display columns from expressions, as eval does.',
    syntax: 'fieldformat <field> = <expression>[, …]',
    modes: ['streams'],
  },
  expand: {
    summary: 'One row per element of an array field.',
    syntax: 'expand <field> [as <name>]',
    modes: ['streams'],
  },
  mvexpand: {
    summary: 'One row per value of a multivalue field, up to a limit.',
    syntax: 'mvexpand <field> [limit=<n>]',
    modes: ['streams'],
  },
  flatten: {
    summary: "Turn an object field's keys into columns of their own.",
    syntax: 'flatten <field> [as (<name>, …)]',
    modes: ['streams'],
  },
  mvcombine: {
    summary: 'Merge rows that differ only in one field into one row holding all its values.',
    syntax: 'mvcombine <field>',
    modes: ['buffers'],
  },
  nomv: {
    summary: "Join a multivalue field's values into one text.",
    syntax: 'nomv <field>',
    modes: ['streams'],
  },
  convert: {
    summary:
      'Convert field values: to numbers, from memory sizes or durations, to and from time text.',
    syntax: 'convert [timeformat=<format>] <function>(<field>) [as <name>][, …]',
    modes: ['streams'],
  },
  spath: {
    summary: 'Extract values from JSON text, by path or every key.',
    syntax: 'spath [input=<field>] [output=<field>] [path=]<path>',
    modes: ['streams', 'buffers'],
    modeNote: 'Without a path the columns come from the rows, so it buffers.',
  },
  addtotals: {
    summary: 'Add a total column to each row, and optionally a totals row at the end.',
    syntax:
      'addtotals [row=<bool>] [col=<bool>] [labelfield=<field>] [label=<text>] [fieldname=<name>] [<field> …]',
    modes: ['streams'],
  },
  addcoltotals: {
    summary: "Add a row at the end with each numeric column's total.",
    syntax: 'addcoltotals [labelfield=<field>] [label=<text>] [<field> …]',
    modes: ['streams'],
  },
  transpose: {
    summary: 'Swap rows and columns: each column becomes a row.',
    syntax: 'transpose [<n>] [header_field=<field>] [include_empty=<bool>] [column_name=<name>]',
    modes: ['buffers'],
  },
  parse: {
    summary: 'Extract new fields from text with a regular expression of named groups.',
    syntax: "parse <field> '<regex with (?<name>…) groups>'",
    modes: ['streams'],
  },
  grok: {
    summary: 'Extract new fields from text with grok patterns such as %{IP:client}.',
    syntax: "grok <field> '<grok pattern>'",
    modes: ['streams'],
  },
  rex: {
    summary: 'Extract fields with a regular expression, or rewrite text with sed expressions.',
    syntax: "rex [field=<field>] [mode=sed] [max_match=<n>] [offset_field=<name>] '<regex>'",
    modes: ['streams'],
  },
  regex: {
    summary: 'Keep rows whose field matches (or does not match) a regular expression.',
    syntax: "regex <field> [=|!=] '<regex>'",
    modes: ['streams'],
  },
  patterns: {
    summary: 'Find the patterns of log messages, label each row or count rows per pattern.',
    syntax:
      'patterns <field> [method=simple_pattern|brain] [mode=label|aggregation] [new_field=<name>] [pattern=<regex>] [max_sample_count=<n>] [show_numbered_token=<bool>] [buffer_limit=<n>] [variable_count_threshold=<n>] [frequency_threshold_percentage=<n>] [by <field>, …]',
    modes: ['streams', 'buffers'],
    modeNote: 'brain and mode=aggregation buffer.',
  },
  bin: {
    summary: 'Put a number or time field into buckets of a span, a count or log steps.',
    syntax:
      'bin <field> [span=<interval>] [minspan=<interval>] [bins=<n>] [start=<n>] [end=<n>] [aligntime=<time>] [as <name>]',
    modes: ['streams', 'buffers'],
    modeNote: 'Buffers when the width comes from the range of the data.',
  },
  eventstats: {
    summary: 'Add aggregates of each group to every row of it, keeping the rows.',
    syntax: 'eventstats [bucket_nullable=<bool>] <aggregation> [as <name>][, …] [by <field>, …]',
    modes: ['buffers'],
  },
  streamstats: {
    summary: 'Add running aggregates to each row, over all rows so far or a window.',
    syntax:
      'streamstats [bucket_nullable=<bool>] [current=<bool>] [window=<n>] [global=<bool>] [reset_before=<condition>] [reset_after=<condition>] <aggregation>[, …] [by <field>, …]',
    modes: ['streams'],
  },
  trendline: {
    summary: 'Add simple or weighted moving averages of fields.',
    syntax: 'trendline [sort [+|-]<field>] sma|wma(<n>, <field>) [as <name>] …',
    modes: ['streams', 'buffers'],
    modeNote: 'Buffers when it sorts.',
  },
  timechart: {
    summary: 'Aggregate over time buckets, optionally one column per value of a field.',
    syntax:
      'timechart [timefield=<field>] [span=<interval>] [limit=<n>] [useother=<bool>] [usenull=<bool>] [nullstr=<text>] <aggregation> [by <field>]',
    modes: ['buffers'],
  },
  chart: {
    summary: 'Aggregate by a row field and a column field, the top columns kept.',
    syntax:
      'chart [limit=[top|bottom]<n>] [useother=<bool>] [usenull=<bool>] [nullstr=<text>] [otherstr=<text>] <aggregation> (over <field> [by <field>] | by <field>[, <field>])',
    modes: ['buffers'],
  },
  xyseries: {
    summary: 'Pivot rows into a table: one row per x value, one column per series value.',
    syntax: 'xyseries [sep=<text>] [format=<text>] <x field> <series field> <value field>[, …]',
    modes: ['buffers'],
  },
  timewrap: {
    summary: "Lay a timechart's periods side by side, one column per period.",
    syntax: 'timewrap <span> [align=end|now] [series=relative|short|exact] [time_format=<text>]',
    modes: ['buffers'],
  },
  append: {
    summary: "Add a subsearch's rows after the rows so far.",
    syntax: 'append [ <subsearch> ]',
    modes: ['streams'],
  },
  appendpipe: {
    summary: 'Add the rows of a pipeline run over the rows so far, after them.',
    syntax: 'appendpipe [ <commands> ]',
    modes: ['buffers'],
  },
  appendcol: {
    summary: "Add a subsearch's columns to the rows so far, row by row.",
    syntax: 'appendcol [override=<bool>] [ <commands> ]',
    modes: ['buffers'],
  },
  foreach: {
    summary: 'Run eval once per field matching a pattern, with <<FIELD>> standing for it.',
    syntax:
      'foreach [mode=<mode>] [fieldstr=<text>] [matchstr=<text>] [itemstr=<text>] [iterstr=<text>] <target> … [ eval … ]',
    modes: ['streams'],
  },
  join: {
    summary:
      'Combine each row with matching rows of an index or subsearch (inner, left, right, full, semi, anti, cross).',
    syntax:
      '[<type>] join [type=<type>] [left=<alias>] [right=<alias>] [overwrite=<bool>] [max=<n>] [on <condition> | <field>, …] <index> | [ <subsearch> ] [as <alias>]',
    modes: ['buffers'],
    modeNote: 'The right side is held in memory.',
  },
  graphlookup: {
    summary:
      'Walk a graph in an index breadth first from each row (or from literal values): the documents reached, as an array.',
    syntax:
      "graphlookup <index> start=<field> | start='<value>'[, …] edge=<from>--><to> | edge=<from><-><to> [maxdepth=<n>] [depthfield=<name>] [supportarray=<bool>] [batchmode=<bool>] [usepit=<bool>] [filter=(<condition>)] as <name>",
    modes: ['streams'],
    modeNote:
      'One terms search of the index per level and per row, for the first 100 rows; batchMode=true buffers them into one walk.',
  },
  outputlookup: {
    summary: 'Write the rows as a new version of a lookup; the last command of a query.',
    syntax:
      'outputlookup [append=<bool>] [override_if_empty=<bool>] [key_field=<field>,…] [max=<n>] <name>',
    modes: ['streams'],
  },
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

/**
 * The metadata fields (identifiers.md): readable in a query, never a name it makes. The SQL
 * plugin refuses them as an alias (`stats count() as _score`) or an eval field.
 */
export const METADATA_FIELD_NAMES: readonly string[] = [
  '_id',
  '_index',
  '_score',
  '_maxscore',
  '_sort',
  '_routing',
];
