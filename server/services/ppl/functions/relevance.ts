/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/**
 * Relevance functions (relevance.md) are OpenSearch queries: they run only where a `where` is
 * pushed down (relevance_dsl.ts translates them). Evaluated in the server, they refuse with a
 * 400 naming the way out, as the real engine does.
 */
import { RELEVANCE_FUNCTIONS } from '../../../../common/ppl/functions';
import { evaluationError, FamilyImplementations, returns, ScalarFunction } from './registry';

const pushedOnly: ScalarFunction = {
  type: returns('boolean'),
  nulls: 'custom',
  apply: (_, ctx) =>
    evaluationError(
      ctx,
      'relevance functions run only as OpenSearch queries: put this where right after source=… (before any command that runs in the server, and not under OR with a condition OpenSearch cannot answer)'
    ),
};

export const relevanceFunctions: FamilyImplementations<typeof RELEVANCE_FUNCTIONS.functions> = {
  match: pushedOnly,
  match_phrase: pushedOnly,
  match_phrase_prefix: pushedOnly,
  match_bool_prefix: pushedOnly,
  multi_match: pushedOnly,
  simple_query_string: pushedOnly,
  query_string: pushedOnly,
};
