/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

import { parsePpl } from '../../../common/ppl/parser';
import type { Expr } from '../../../common/ppl/ast';
import { likeToWildcard, splitConjuncts, toQuery } from './pushdown';
import type { SourceSchema } from './source_schema';

const schema: SourceSchema = {
  objects: new Map(),
  paths: new Map(),
  columnOrder: ['status', 'host', 'agent', 'note', '@timestamp'],
  fields: new Map([
    ['status', { name: 'status', type: 'int', mappingType: 'integer', exactField: 'status' }],
    ['host', { name: 'host', type: 'string', mappingType: 'keyword', exactField: 'host' }],
    ['agent', { name: 'agent', type: 'string', mappingType: 'text', exactField: 'agent.keyword' }],
    ['note', { name: 'note', type: 'string', mappingType: 'text', exactField: null }],
    [
      '@timestamp',
      { name: '@timestamp', type: 'timestamp', mappingType: 'date', exactField: '@timestamp' },
    ],
  ]),
};

function where(condition: string): Expr {
  const parsed = parsePpl(`source=x | where ${condition}`);
  if (!parsed.ok) throw new Error(parsed.error.message);
  const command = parsed.query.commands[0];
  if (command.kind !== 'Where') throw new Error('not a where');
  return command.condition;
}

const exists = (field: string) => ({ exists: { field } });

describe('toQuery', () => {
  it.each([
    ['status = 200', { term: { status: 200 } }],
    ['200 < status', { range: { status: { gt: 200 } } }],
    ['status >= 500', { range: { status: { gte: 500 } } }],
    [
      'status != 200',
      { bool: { must_not: [{ term: { status: 200 } }], filter: [exists('status')] } },
    ],
    ['host = "web-01"', { term: { host: 'web-01' } }],
    // NOT of a relevance function is its must_not (a document without the field is kept).
    [
      "NOT match(note, 'disk full')",
      { bool: { must_not: [{ match: { note: { query: 'disk full' } } }] } },
    ],
    ['agent = "curl"', { term: { 'agent.keyword': 'curl' } }],
    ['status IN (200, 301)', { terms: { status: [200, 301] } }],
    [
      'status NOT IN (200)',
      { bool: { must_not: [{ terms: { status: [200] } }], filter: [exists('status')] } },
    ],
    ['status BETWEEN 200 AND 299', { range: { status: { gte: 200, lte: 299 } } }],
    ['host IS NULL', { bool: { must_not: [exists('host')] } }],
    ['host IS NOT NULL', exists('host')],
    ["host LIKE 'web-0%'", { wildcard: { host: { value: 'web-0*', case_insensitive: true } } }],
    [
      'NOT status = 200',
      { bool: { must_not: [{ term: { status: 200 } }], filter: [exists('status')] } },
    ],
    [
      'status = 200 OR host = "a"',
      {
        bool: {
          should: [{ term: { status: 200 } }, { term: { host: 'a' } }],
          minimum_should_match: 1,
        },
      },
    ],
  ])('%s', (condition, expected) => {
    expect(toQuery(where(condition), schema)).toEqual(expected);
  });

  it.each([
    ['a computed value', 'status + 1 = 201'],
    ['a text field without an exact sub-field', 'note = "x"'],
    ['a string compared with a number field', 'status = "200"'],
    [
      'a timestamp (compared in the server, with PPL formats)',
      '@timestamp > "2026-01-01 00:00:00"',
    ],
    ['a negation over two fields', 'NOT (status = 200 AND host = "a")'],
    ['an OR with one side the server must do', 'status = 200 OR lower(host) = "a"'],
    ['a function call', 'isnull(host)'],
  ])('leaves %s to the server', (_label, condition) => {
    expect(toQuery(where(condition), schema)).toBeNull();
  });

  it('splits AND into parts, so the parts it can translate are pushed down', () => {
    const parts = splitConjuncts(where('status = 200 AND lower(host) = "a" AND host IS NOT NULL'));
    expect(parts.map((p) => toQuery(p, schema) !== null)).toEqual([true, false, true]);
  });
});

describe('likeToWildcard', () => {
  it.each([
    ['web%', 'web*'],
    ['a_c', 'a?c'],
    ['50\\%', '50%'],
    ['a*b?', 'a\\*b\\?'],
  ])('%s → %s', (like, wildcard) => {
    expect(likeToWildcard(like)).toBe(wildcard);
  });
});
