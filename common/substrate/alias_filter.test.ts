/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

import { parseSliceFilter, sliceFilter } from './alias_filter';

const U = '0b7c3a52-4f1e-4d2a-9c55-2f6d1e8a7b10';

describe('sliceFilter', () => {
  it('writes the short form', () => {
    expect(sliceFilter(U)).toEqual({ term: { __lookup: U } });
    expect(JSON.stringify(sliceFilter(U))).toBe(`{"term":{"__lookup":"${U}"}}`);
  });

  it('reads back what it writes', () => {
    expect(parseSliceFilter(sliceFilter(U))).toBe(U);
  });
});

describe('parseSliceFilter', () => {
  it.each<[string, unknown]>([
    ['short form', { term: { __lookup: U } }],
    ['long form', { term: { __lookup: { value: U } } }],
    ['long form with boost', { term: { __lookup: { value: U, boost: 1.0 } } }],
    ['long form with _name', { term: { __lookup: { value: U, _name: 'slice' } } }],
    ['parsed from JSON text', JSON.parse(`{"term":{"__lookup":{"value":"${U}"}}}`)],
  ])('reads the uuid from the %s', (_label, filter) => {
    expect(parseSliceFilter(filter)).toBe(U);
  });

  it.each<[string, unknown]>([
    ['undefined', undefined],
    ['null', null],
    ['a string', `{"term":{"__lookup":"${U}"}}`],
    ['an array', [{ term: { __lookup: U } }]],
    ['an empty object', {}],
    ['another field', { term: { host: U } }],
    ['the keyword subfield', { term: { '__lookup.keyword': U } }],
    ['a second field in term', { term: { __lookup: U, host: 'a' } }],
    ['a second query beside term', { term: { __lookup: U }, match_all: {} }],
    ['terms', { terms: { __lookup: [U] } }],
    ['match', { match: { __lookup: U } }],
    ['bool around term', { bool: { filter: [{ term: { __lookup: U } }] } }],
    ['an empty uuid', { term: { __lookup: '' } }],
    ['a number', { term: { __lookup: 42 } }],
    ['null value', { term: { __lookup: null } }],
    ['an array value', { term: { __lookup: [U] } }],
    ['long form without value', { term: { __lookup: { boost: 1 } } }],
    ['long form with a number', { term: { __lookup: { value: 1 } } }],
    [
      'long form with case_insensitive',
      { term: { __lookup: { value: U, case_insensitive: true } } },
    ],
    ['long form with an unknown key', { term: { __lookup: { value: U, extra: 1 } } }],
    ['term as an array', { term: [{ __lookup: U }] }],
  ])('returns null for %s', (_label, filter) => {
    expect(parseSliceFilter(filter)).toBeNull();
  });
});
