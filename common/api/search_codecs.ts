/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Reading a lookup's data: field capabilities, search, export, and the options of an import.
 * The search query speaks the OpenSearch query DSL's own words, limited to the forms listed
 * here; every object is strict, so an unknown option is refused with its name instead of being
 * passed on (or silently ignored). Column names are checked against the lookup's fields on the
 * server, which knows them.
 */
import * as t from 'io-ts';
import { isLeft } from 'fp-ts/lib/Either';
import { MAX_INT, WriteResponse } from './codecs';
import { QueryBoolean, QueryInt, refined, strictObject } from './decode';

function isPlainObject(u: unknown): u is Record<string, unknown> {
  return typeof u === 'object' && u !== null && !Array.isArray(u);
}

function describeKind(u: unknown): string {
  if (u === undefined) return 'nothing';
  if (u === null) return 'null';
  if (Array.isArray(u)) return 'an array';
  if (typeof u === 'object') return 'an object';
  if (typeof u === 'string') return JSON.stringify(u.length > 40 ? `${u.slice(0, 40)}…` : u);
  return String(u);
}

/** A whole number in [min, max], given as a JSON number (bodies; query strings use QueryInt). */
export const IntRange = (min: number, max: number) =>
  refined(
    'integer',
    t.number,
    (n) => Number.isInteger(n) && n >= min && n <= max,
    `expected an integer from ${min} to ${max}`
  );

const isScalar = (u: unknown): u is string | number | bigint | boolean =>
  typeof u === 'string' ||
  typeof u === 'boolean' ||
  typeof u === 'bigint' ||
  (typeof u === 'number' && isFinite(u));

/**
 * A value a query compares with: OpenSearch takes strings, numbers and booleans here. A long
 * beyond 2^53 arrives as a bigint (bodies are parsed losslessly) and is sent as that number.
 */
export const ScalarValue = new t.Type<string | number | bigint | boolean, unknown, unknown>(
  'string, number or boolean',
  isScalar,
  (u, c) =>
    isScalar(u)
      ? t.success(u)
      : t.failure(u, c, `expected a string, number or boolean but got ${describeKind(u)}`),
  (a) => a
);

/**
 * `{ "<column>": value }` with exactly one column, as the DSL writes `match`, `prefix`, `term`.
 * The column's name becomes part of the error path: `[query.match.host.operator]`.
 */
export function singleField<A>(
  name: string,
  value: t.Type<A, unknown, unknown>
): t.Type<Record<string, A>, unknown, unknown> {
  return new t.Type<Record<string, A>, unknown, unknown>(
    name,
    (u): u is Record<string, A> =>
      isPlainObject(u) && Object.keys(u).length === 1 && value.is(Object.values(u)[0]),
    (u, c) => {
      if (!isPlainObject(u)) {
        return t.failure(
          u,
          c,
          `expected an object naming one column, like { "host": … }, but got ${describeKind(u)}`
        );
      }
      const keys = Object.keys(u);
      if (keys.length !== 1 || keys[0] === '') {
        return t.failure(
          u,
          c,
          `expected exactly one column name but got ${keys.length === 1 ? 'an empty name' : keys.length}`
        );
      }
      const [field] = keys;
      const decoded = value.validate(u[field], t.appendContext(c, field, value, u[field]));
      if (isLeft(decoded)) return decoded;
      return t.success({ [field]: decoded.right });
    },
    (a) => a
  );
}

/** A shorthand scalar (`{ "host": "web" }`) or the options object of the long form. */
function scalarOrOptions<O>(
  name: string,
  options: t.Type<O, unknown, unknown>
): t.Type<string | number | bigint | boolean | O, unknown, unknown> {
  return new t.Type<string | number | bigint | boolean | O, unknown, unknown>(
    name,
    (u): u is string | number | bigint | boolean | O => ScalarValue.is(u) || options.is(u),
    (u, c) => (isPlainObject(u) ? options.validate(u, c) : ScalarValue.validate(u, c)),
    (a) => a
  );
}

const Operator = new t.Type<'and' | 'or' | 'AND' | 'OR', unknown, unknown>(
  'operator',
  (u): u is 'and' | 'or' | 'AND' | 'OR' => u === 'and' || u === 'or' || u === 'AND' || u === 'OR',
  (u, c) =>
    u === 'and' || u === 'or' || u === 'AND' || u === 'OR'
      ? t.success(u)
      : t.failure(u, c, `expected "and" or "or" but got ${describeKind(u)}`),
  (a) => a
);

/** OpenSearch's fuzziness: 0, 1, 2, or AUTO (optionally AUTO:low,high). */
const Fuzziness = new t.Type<string | number, unknown, unknown>(
  'fuzziness',
  (u): u is string | number =>
    (typeof u === 'number' && [0, 1, 2].includes(u)) ||
    (typeof u === 'string' && /^(AUTO(:\d+,\d+)?|[012])$/i.test(u)),
  (u, c) =>
    (typeof u === 'number' && [0, 1, 2].includes(u)) ||
    (typeof u === 'string' && /^(AUTO(:\d+,\d+)?|[012])$/i.test(u))
      ? t.success(u as string | number)
      : t.failure(u, c, `expected 0, 1, 2, "AUTO" or "AUTO:low,high" but got ${describeKind(u)}`),
  (a) => a
);

export const MatchOptions = strictObject(
  'match options',
  { query: ScalarValue },
  {
    operator: Operator,
    fuzziness: Fuzziness,
    prefix_length: IntRange(0, 1000),
    max_expansions: IntRange(1, 10000),
  }
);
export const MatchPhraseOptions = strictObject(
  'match_phrase options',
  { query: ScalarValue },
  { slop: IntRange(0, 1000) }
);
export const PrefixOptions = strictObject('prefix options', { value: t.string }, {});
export const MultiMatch = strictObject(
  'multi_match',
  {
    query: ScalarValue,
    fields: refined(
      'list of columns',
      t.array(t.string),
      (fields) => fields.length > 0 && fields.every((f) => f.length > 0),
      'expected a non-empty list of column names'
    ),
  },
  { operator: Operator }
);
export const MatchAll = strictObject('match_all', {}, {});

export type MatchClause = string | number | bigint | boolean | t.TypeOf<typeof MatchOptions>;
export type MatchPhraseClause =
  string | number | bigint | boolean | t.TypeOf<typeof MatchPhraseOptions>;
export type PrefixClause = string | t.TypeOf<typeof PrefixOptions>;
export type MultiMatchClause = t.TypeOf<typeof MultiMatch>;

export type LookupQuery =
  | { match: Record<string, MatchClause> }
  | { match_phrase: Record<string, MatchPhraseClause> }
  | { multi_match: MultiMatchClause }
  | { prefix: Record<string, PrefixClause> }
  | { bool: BoolClause }
  | { match_all: Record<string, never> };

export interface BoolClause {
  must?: LookupQuery[];
  should?: LookupQuery[];
  must_not?: LookupQuery[];
}

/** Nesting deeper than this is refused (each level of `bool` is a few context entries). */
const MAX_QUERY_CONTEXT_DEPTH = 60;

const PrefixValue = new t.Type<PrefixClause, unknown, unknown>(
  'prefix value',
  (u): u is PrefixClause => typeof u === 'string' || PrefixOptions.is(u),
  (u, c) =>
    isPlainObject(u)
      ? PrefixOptions.validate(u, c)
      : typeof u === 'string'
        ? t.success(u)
        : t.failure(u, c, `expected a string or { value } but got ${describeKind(u)}`),
  (a) => a
);

export const QUERY_TYPES = [
  'match',
  'match_phrase',
  'multi_match',
  'prefix',
  'bool',
  'match_all',
] as const;

/**
 * One query clause. Dispatches on its single key, so the error speaks of the clause the caller
 * wrote (`[query.bool.must.0.match.host.operator]: …`) rather than of every alternative.
 */
export const LookupQuery: t.Type<LookupQuery, unknown, unknown> = t.recursion('query', () => {
  const clauses: Record<(typeof QUERY_TYPES)[number], t.Decoder<unknown, unknown>> = {
    match: singleField('match', scalarOrOptions('match clause', MatchOptions)),
    match_phrase: singleField(
      'match_phrase',
      scalarOrOptions('match_phrase clause', MatchPhraseOptions)
    ),
    multi_match: MultiMatch,
    prefix: singleField('prefix', PrefixValue),
    bool: strictObject(
      'bool',
      {},
      { must: t.array(LookupQuery), should: t.array(LookupQuery), must_not: t.array(LookupQuery) }
    ),
    match_all: MatchAll,
  };
  return new t.Type<LookupQuery, unknown, unknown>(
    'query',
    (u): u is LookupQuery => isPlainObject(u) && Object.keys(u).length === 1,
    (u, c) => {
      if (c.length > MAX_QUERY_CONTEXT_DEPTH) {
        return t.failure(u, c, 'the query is nested too deeply; flatten the bool clauses');
      }
      if (!isPlainObject(u)) {
        return t.failure(
          u,
          c,
          `expected a query such as { "match": { "<column>": { "query": "…" } } } but got ${describeKind(u)}`
        );
      }
      const keys = Object.keys(u);
      if (keys.length !== 1) {
        return t.failure(
          u,
          c,
          `expected exactly one query type (${QUERY_TYPES.join(', ')}) but got ${keys.length === 0 ? 'none' : keys.join(', ')}; combine queries with bool`
        );
      }
      const [kind] = keys;
      if (!Object.prototype.hasOwnProperty.call(clauses, kind)) {
        return t.failure(
          u,
          t.appendContext(c, kind, t.unknown, u[kind]),
          `unknown query type; allowed: ${QUERY_TYPES.join(', ')}`
        );
      }
      const codec = clauses[kind as (typeof QUERY_TYPES)[number]];
      const decoded = codec.validate(u[kind], t.appendContext(c, kind, t.unknown, u[kind]));
      if (isLeft(decoded)) return decoded;
      return t.success({ [kind]: decoded.right } as LookupQuery);
    },
    (a) => a
  );
});

const TermOptions = strictObject('term options', { value: ScalarValue }, {});
const TermValue = new t.Type<
  string | number | bigint | boolean | { value: string | number | bigint | boolean },
  unknown,
  unknown
>(
  'term value',
  (u): u is string | number | bigint | boolean | { value: string | number | bigint | boolean } =>
    ScalarValue.is(u) || (isPlainObject(u) && ScalarValue.is(u.value)),
  (u, c) => (isPlainObject(u) ? TermOptions.validate(u, c) : ScalarValue.validate(u, c)),
  (a) => a
);
export const TermFilter = strictObject('filter', { term: singleField('term', TermValue) }, {});
export type TermFilter = t.TypeOf<typeof TermFilter>;

export const SEARCH_MAX_K = 10000;
export const SEARCH_MAX_SIZE = 10000;
/** Rows per page of `mode: "all"` when the request gives no `size`. */
export const SEARCH_DEFAULT_PAGE_SIZE = 1000;

const SearchBodyBase = strictObject(
  'search',
  { mode: t.keyof({ all: null, top: null }), query: LookupQuery },
  {
    k: IntRange(1, SEARCH_MAX_K),
    size: IntRange(1, SEARCH_MAX_SIZE),
    page_token: refined(
      'page token',
      t.string,
      (s) => s.length > 0 && s.length <= 4096,
      'expected the page_token of a previous answer'
    ),
    filter: t.array(TermFilter),
  }
);
export type SearchBody = t.TypeOf<typeof SearchBodyBase>;

/** `k` belongs to `mode: "top"` (and is required there); `mode: "all"` pages through every match. */
export const SearchBody = new t.Type<SearchBody, unknown, unknown>(
  'search',
  SearchBodyBase.is,
  (u, c) => {
    const decoded = SearchBodyBase.validate(u, c);
    if (isLeft(decoded)) return decoded;
    const body = decoded.right;
    if (body.mode === 'top' && body.k === undefined) {
      return t.failure(
        undefined,
        t.appendContext(c, 'k', t.unknown, undefined),
        `mode "top" needs k, the number of best matches to return (1 to ${SEARCH_MAX_K})`
      );
    }
    if (body.mode === 'all' && body.k !== undefined) {
      return t.failure(
        body.k,
        t.appendContext(c, 'k', t.unknown, body.k),
        'k applies to mode "top" only; mode "all" returns every match, in pages of size'
      );
    }
    return t.success(body);
  },
  (a) => a
);

/** `fields` is required, as in OpenSearch: a comma-separated list of names or `*` patterns. */
export const FieldCapsQuery = strictObject(
  'field caps query',
  {
    fields: refined(
      'field patterns',
      t.string,
      (s) => s.split(',').some((p) => p.trim().length > 0),
      'expected a comma-separated list of field names or wildcard patterns (required, as in OpenSearch _field_caps)'
    ),
  },
  { include_unmapped: QueryBoolean }
);
export type FieldCapsQuery = t.TypeOf<typeof FieldCapsQuery>;

export const ExportFormat = t.keyof({ csv: null, ndjson: null });
export type ExportFormat = t.TypeOf<typeof ExportFormat>;
export const ExportQuery = strictObject('export query', {}, { format: ExportFormat });
export type ExportQuery = t.TypeOf<typeof ExportQuery>;

/** The CSV delimiters the OSD data importer supports. */
export const CSV_DELIMITERS = [',', ';', '\t', '|'] as const;
export type CsvDelimiter = (typeof CSV_DELIMITERS)[number];
const Delimiter = new t.Type<CsvDelimiter, unknown, unknown>(
  'delimiter',
  (u): u is CsvDelimiter => (CSV_DELIMITERS as readonly unknown[]).includes(u),
  (u, c) =>
    (CSV_DELIMITERS as readonly unknown[]).includes(u)
      ? t.success(u as CsvDelimiter)
      : t.failure(
          u,
          c,
          `expected one of "," ";" "|" or a tab (%09 in a URL) but got ${describeKind(u)}`
        ),
  (a) => a
);

/** `key_field=a,b` in a query string. */
const FieldList = new t.Type<string[], unknown, unknown>(
  'field list',
  (u): u is string[] => Array.isArray(u) && u.every((f) => typeof f === 'string' && f.length > 0),
  (u, c) => {
    if (typeof u !== 'string') {
      return t.failure(
        u,
        c,
        `expected a comma-separated list of field names but got ${describeKind(u)}`
      );
    }
    const fields = u.split(',').map((f) => f.trim());
    return fields.every((f) => f.length > 0)
      ? t.success(fields)
      : t.failure(
          u,
          c,
          `expected a comma-separated list of field names but got ${describeKind(u)}`
        );
  },
  (a) => a
);

export const ImportFormat = t.keyof({ csv: null, ndjson: null });
export type ImportFormat = t.TypeOf<typeof ImportFormat>;

/** `_import` options, in the query string: `_write`'s options plus the file's format. */
export const ImportQuery = strictObject(
  'import options',
  {},
  {
    append: QueryBoolean,
    override_if_empty: QueryBoolean,
    key_field: FieldList,
    max: QueryInt(1, MAX_INT),
    format: ImportFormat,
    delimiter: Delimiter,
    /** CSV values: `inferred` (the default) types each column over the whole file; `strings` keeps them text. */
    types: t.keyof({ inferred: null, strings: null }),
    /**
     * CSV cells written with the formula escape (`'=1+1`, as the export writes `=1+1`) are read
     * back without it (the default), when the file is escaped throughout; `false` keeps every
     * cell as written.
     */
    unescape_formulas: QueryBoolean,
    /**
     * Answer `202` with a write job once the file is received and checked, instead of waiting
     * for the write: the job shows progress and can be cancelled.
     */
    job: QueryBoolean,
  }
);
export type ImportQuery = t.TypeOf<typeof ImportQuery>;

// ---- answers --------------------------------------------------------------------------------

/** One type of a field, as OpenSearch's `_field_caps` gives it; slices stand in for indices. */
export interface FieldCapability {
  type: string;
  searchable: boolean;
  aggregatable: boolean;
  indices?: string[];
  non_searchable_indices?: string[];
  non_aggregatable_indices?: string[];
}

/** OpenSearch's `_field_caps` answer, with the lookup's slices in the role of indices. */
export interface FieldCapsResponse {
  indices: string[];
  fields: Record<string, Record<string, FieldCapability>>;
}

export interface SearchHit {
  row: Record<string, unknown>;
  _score?: number;
}

export interface SearchResponse {
  hits: SearchHit[];
  /** Every match in the slice (exact when `complete`). */
  total: number;
  /** True when every shard answered and `total` is exact. */
  complete: boolean;
  /** Present when more pages follow; send it back with the same request. */
  page_token?: string;
  /** The slice this search reads, from its first page to its last. */
  slice: string;
  /** `mode: "top"` only: what the scores are relative to. */
  score_scope?: 'backing_index';
  score_note?: string;
}

export type ImportResponse = WriteResponse;
