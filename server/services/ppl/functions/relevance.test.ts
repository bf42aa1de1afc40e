/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/** Relevance functions: their query DSL where pushed down, and the 400 where they are not. */
import type { Expr } from '../../../../common/ppl/ast';
import { parsePpl } from '../../../../common/ppl/parser';
import { evaluate, PplEvaluationError, PplTypeError } from '../evaluate';
import { toQuery } from '../pushdown';
import type { SourceSchema } from '../source_schema';

const schema: SourceSchema = {
  objects: new Map(),
  paths: new Map(),
  columnOrder: ['note', 'host', 'status'],
  fields: new Map([
    ['note', { name: 'note', type: 'string', mappingType: 'text', exactField: null }],
    ['host', { name: 'host', type: 'string', mappingType: 'keyword', exactField: 'host' }],
    ['status', { name: 'status', type: 'int', mappingType: 'integer', exactField: 'status' }],
  ]),
};

function where(condition: string): Expr {
  const parsed = parsePpl(`source=x | where ${condition}`);
  if (!parsed.ok) throw new Error(parsed.error.message);
  const command = parsed.query.commands[0];
  if (command.kind !== 'Where') throw new Error('not a where');
  return command.condition;
}

describe('relevance functions as OpenSearch queries', () => {
  it.each([
    ["match(note, 'disk full')", { match: { note: { query: 'disk full' } } }],
    [
      "match(note, 'disk full', operator='AND', fuzziness='AUTO', auto_generate_synonyms_phrase=false)",
      {
        match: {
          note: {
            query: 'disk full',
            operator: 'AND',
            fuzziness: 'AUTO',
            auto_generate_synonyms_phrase_query: false,
          },
        },
      },
    ],
    [
      "match_phrase(note, 'disk full', slop=1)",
      { match_phrase: { note: { query: 'disk full', slop: 1 } } },
    ],
    ["match_phrase_prefix(note, 'dis')", { match_phrase_prefix: { note: { query: 'dis' } } }],
    [
      "match_bool_prefix(note, 'disk fu', minimum_should_match=2)",
      { match_bool_prefix: { note: { query: 'disk fu', minimum_should_match: 2 } } },
    ],
    [
      "multi_match([note ^ 3, 'host'], 'web', type='best_fields', tie_breaker=0.3)",
      {
        multi_match: {
          query: 'web',
          fields: ['note^3', 'host'],
          type: 'best_fields',
          tie_breaker: 0.3,
        },
      },
    ],
    ["multi_match('web')", { multi_match: { query: 'web' } }],
    [
      "simple_query_string(['n*'], 'a + b', default_operator='AND', flags='AND|OR')",
      {
        simple_query_string: {
          query: 'a + b',
          fields: ['n*'],
          default_operator: 'AND',
          flags: 'AND|OR',
        },
      },
    ],
    [
      "query_string(['note'], 'disk AND full', allow_leading_wildcard=true)",
      { query_string: { query: 'disk AND full', fields: ['note'], allow_leading_wildcard: true } },
    ],
    [
      "match(note, 'x') AND status = 500",
      {
        bool: {
          filter: [{ match: { note: { query: 'x' } } }, { term: { status: 500 } }],
        },
      },
    ],
  ])('%s', (condition, dsl) => {
    expect(toQuery(where(condition), schema)).toEqual(dsl);
  });

  it('names the valid options when one is unknown', () => {
    expect(() => toQuery(where("match_phrase(note, 'x', fuzziness=2)"), schema)).toThrow(
      PplTypeError
    );
    expect(() => toQuery(where("match_phrase(note, 'x', fuzziness=2)"), schema)).toThrow(
      /"match_phrase" has no option "fuzziness"; its options: analyzer, slop, zero_terms_query, boost/
    );
  });

  it('leaves a call whose text is not a literal to the server', () => {
    expect(toQuery(where('match(note, host)'), schema)).toBeNull();
  });

  it('in the server, a relevance function is a 400 that says where to put it', () => {
    for (const condition of ["match(note, 'x')", "query_string('x')"]) {
      expect(() => evaluate(where(condition), { note: 'x' })).toThrow(PplEvaluationError);
      expect(() => evaluate(where(condition), { note: 'x' })).toThrow(
        /run only as OpenSearch queries: put this where right after source=/
      );
    }
  });
});
