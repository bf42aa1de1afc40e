/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/**
 * Relevance functions as the OpenSearch queries they name (relevance.md): `match(field, 'text',
 * operator='AND')` is `{match: {field: {query: 'text', operator: 'AND'}}}`, `multi_match([a ^ 2,
 * b], 'text')` is `{multi_match: {query: 'text', fields: ['a^2', 'b']}}`, and so on. Options are
 * checked against each query's documented list: an unknown one is a 400 naming the valid ones.
 * A call whose field or text is not a plain field and literal stays untranslated (null), and the
 * server then refuses it (relevance.ts).
 */
import type { Expr, FunctionCall } from '../../../../common/ppl/ast';
import { PplTypeError } from '../errors';
import type { SourceSchema } from '../source_schema';

type Dsl = Record<string, unknown>;

const COMMON_FUZZY = ['fuzziness', 'max_expansions', 'prefix_length', 'fuzzy_transpositions'];

/** The options each query takes (relevance.md's lists). */
export const RELEVANCE_OPTIONS: Readonly<Record<string, readonly string[]>> = {
  match: [
    'analyzer',
    'auto_generate_synonyms_phrase',
    ...COMMON_FUZZY,
    'fuzzy_rewrite',
    'lenient',
    'operator',
    'minimum_should_match',
    'zero_terms_query',
    'boost',
  ],
  match_phrase: ['analyzer', 'slop', 'zero_terms_query', 'boost'],
  match_phrase_prefix: ['analyzer', 'slop', 'max_expansions', 'boost', 'zero_terms_query'],
  match_bool_prefix: [
    'analyzer',
    ...COMMON_FUZZY,
    'operator',
    'fuzzy_rewrite',
    'minimum_should_match',
    'boost',
  ],
  multi_match: [
    'analyzer',
    'auto_generate_synonyms_phrase',
    'cutoff_frequency',
    ...COMMON_FUZZY,
    'lenient',
    'minimum_should_match',
    'operator',
    'tie_breaker',
    'type',
    'slop',
    'boost',
    'zero_terms_query',
  ],
  simple_query_string: [
    'analyze_wildcard',
    'analyzer',
    'auto_generate_synonyms_phrase',
    'flags',
    'fuzziness',
    'fuzzy_max_expansions',
    'fuzzy_prefix_length',
    'fuzzy_transpositions',
    'lenient',
    'default_operator',
    'minimum_should_match',
    'quote_field_suffix',
    'boost',
  ],
  query_string: [
    'analyzer',
    'escape',
    'allow_leading_wildcard',
    'analyze_wildcard',
    'auto_generate_synonyms_phrase_query',
    'boost',
    'default_operator',
    'enable_position_increments',
    'fuzziness',
    'fuzzy_max_expansions',
    'fuzzy_prefix_length',
    'fuzzy_transpositions',
    'fuzzy_rewrite',
    'tie_breaker',
    'lenient',
    'type',
    'max_determinized_states',
    'minimum_should_match',
    'quote_analyzer',
    'phrase_slop',
    'quote_field_suffix',
    'rewrite',
    'time_zone',
  ],
};

const SINGLE_FIELD = new Set(['match', 'match_phrase', 'match_phrase_prefix', 'match_bool_prefix']);

/** OpenSearch's own names where PPL's differ. */
const OPTION_NAMES: Readonly<Record<string, string>> = {
  auto_generate_synonyms_phrase: 'auto_generate_synonyms_phrase_query',
};

/** Options the query DSL takes as numbers or booleans when written as text. */
function optionValue(value: string | number | boolean): string | number | boolean {
  if (typeof value !== 'string') return value;
  if (value === 'true' || value === 'false') return value === 'true';
  return value;
}

const literalText = (e: Expr | undefined): string | undefined =>
  e?.kind === 'Literal' ? String(e.value) : undefined;

function options(call: FunctionCall): Dsl {
  const allowed = RELEVANCE_OPTIONS[call.name] ?? [];
  const out: Dsl = {};
  for (const o of call.options ?? []) {
    if (!allowed.includes(o.name)) {
      throw new PplTypeError(
        `"${call.name}" has no option "${o.name}"; its options: ${allowed.join(', ')}`,
        o.span
      );
    }
    out[OPTION_NAMES[o.name] ?? o.name] = optionValue(o.value);
  }
  return out;
}

/** The query for a relevance call, or null when it is not one or cannot be translated. */
export function relevanceQuery(call: FunctionCall, schema: SourceSchema): Dsl | null {
  if (!(call.name in RELEVANCE_OPTIONS)) return null;
  const opts = options(call);
  if (SINGLE_FIELD.has(call.name)) {
    const [fieldExpr, queryExpr] = call.args;
    const query = literalText(queryExpr);
    if (fieldExpr?.kind !== 'Field' || query === undefined || call.args.length !== 2) return null;
    const field = schema.fields.get(fieldExpr.name);
    return { [call.name]: { [field?.name ?? fieldExpr.name]: { query, ...opts } } };
  }
  const query = literalText(call.args[0]);
  if (query === undefined || call.args.length !== 1) return null;
  const fields = call.fields?.map((f) => (f.boost === undefined ? f.name : `${f.name}^${f.boost}`));
  return { [call.name]: { query, ...(fields === undefined ? {} : { fields }), ...opts } };
}
