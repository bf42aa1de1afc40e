/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

import { decode } from './decode';
import { ExportQuery, FieldCapsQuery, ImportQuery, LookupQuery, SearchBody } from './search_codecs';

describe('SearchBody', () => {
  it.each([
    ['mode all with a match', { mode: 'all', query: { match: { host: { query: 'web' } } } }],
    [
      'match with every option',
      {
        mode: 'all',
        query: {
          match: {
            host: {
              query: 'web',
              operator: 'and',
              fuzziness: 'AUTO',
              prefix_length: 1,
              max_expansions: 20,
            },
          },
        },
      },
    ],
    ['the match shorthand', { mode: 'all', query: { match: { n: 5 } } }],
    [
      'mode top with k',
      { mode: 'top', k: 10, query: { match_phrase: { host: { query: 'a b', slop: 1 } } } },
    ],
    [
      'multi_match with boosts',
      {
        mode: 'top',
        k: 3,
        query: { multi_match: { query: 'x', fields: ['a', 'b^2'], operator: 'or' } },
      },
    ],
    ['prefix', { mode: 'all', query: { prefix: { host: { value: 'we' } } } }],
    ['the prefix shorthand', { mode: 'all', query: { prefix: { host: 'we' } } }],
    [
      'nested bool',
      {
        mode: 'all',
        query: {
          bool: {
            must: [{ match: { a: { query: 'x' } } }],
            should: [{ bool: { must_not: [{ prefix: { b: { value: 'y' } } }] } }],
          },
        },
      },
    ],
    [
      'match_all with filters',
      {
        mode: 'all',
        query: { match_all: {} },
        filter: [{ term: { region: 'eu' } }, { term: { n: { value: 1 } } }],
      },
    ],
    ['a page size and token', { mode: 'all', size: 50, page_token: 'abc', query: { bool: {} } }],
    [
      'fuzziness as a number',
      { mode: 'all', query: { match: { a: { query: 'x', fuzziness: 2 } } } },
    ],
    [
      'fuzziness AUTO:low,high',
      { mode: 'all', query: { match: { a: { query: 'x', fuzziness: 'AUTO:3,6' } } } },
    ],
  ])('accepts %s', (_label, body) => {
    expect(decode(SearchBody, body)).toEqual({ ok: true, value: body });
  });

  it.each<[string, unknown, string | undefined, RegExp]>([
    [
      'a missing mode',
      { query: { match_all: {} } },
      'mode',
      /\[mode\]: expected "all" \| "top" but got nothing/,
    ],
    ['an unknown mode', { mode: 'best', query: { match_all: {} } }, 'mode', /\[mode\]: expected/],
    ['a missing query', { mode: 'all' }, 'query', /\[query\]: expected a query such as/],
    ['top without k', { mode: 'top', query: { match_all: {} } }, 'k', /\[k\]: mode "top" needs k/],
    [
      'k with mode all',
      { mode: 'all', k: 5, query: { match_all: {} } },
      'k',
      /\[k\]: k applies to mode "top" only/,
    ],
    [
      'k of zero',
      { mode: 'top', k: 0, query: { match_all: {} } },
      'k',
      /\[k\]: expected an integer from 1 to 10000 but got 0/,
    ],
    [
      'k too large',
      { mode: 'top', k: 10001, query: { match_all: {} } },
      'k',
      /\[k\]: expected an integer from 1 to 10000/,
    ],
    [
      'a misspelt option',
      { mode: 'all', query: { match_all: {} }, sizes: 5 },
      'sizes',
      /\[sizes\]: unknown option; allowed: mode, query, k, size, page_token, filter/,
    ],
    [
      'an unknown query type',
      { mode: 'all', query: { term: { host: 'x' } } },
      'query.term',
      /\[query\.term\]: unknown query type; allowed: match, match_phrase, multi_match, prefix, bool, match_all/,
    ],
    [
      'two query types in one clause',
      { mode: 'all', query: { match: { a: 'x' }, prefix: { a: 'x' } } },
      'query',
      /\[query\]: expected exactly one query type .* but got match, prefix; combine queries with bool/,
    ],
    [
      'an unknown match option',
      { mode: 'all', query: { match: { host: { query: 'x', boost: 2 } } } },
      'query.match.host.boost',
      /\[query\.match\.host\.boost\]: unknown option; allowed: query, operator, fuzziness, prefix_length, max_expansions/,
    ],
    [
      'a bad operator',
      { mode: 'all', query: { match: { host: { query: 'x', operator: 'xor' } } } },
      'query.match.host.operator',
      /expected "and" or "or" but got "xor"/,
    ],
    [
      'a bad fuzziness',
      { mode: 'all', query: { match: { host: { query: 'x', fuzziness: 3 } } } },
      'query.match.host.fuzziness',
      /expected 0, 1, 2, "AUTO"/,
    ],
    [
      'a match without its query',
      { mode: 'all', query: { match: { host: { operator: 'and' } } } },
      'query.match.host.query',
      /\[query\.match\.host\.query\]: expected a string, number or boolean but got nothing/,
    ],
    [
      'two columns in one match',
      { mode: 'all', query: { match: { a: 'x', b: 'y' } } },
      'query.match',
      /\[query\.match\]: expected exactly one column name but got 2/,
    ],
    [
      'an unknown bool occurrence',
      { mode: 'all', query: { bool: { filter: [] } } },
      'query.bool.filter',
      /\[query\.bool\.filter\]: unknown option; allowed: must, should, must_not/,
    ],
    [
      'a bad clause deep inside bool',
      {
        mode: 'all',
        query: {
          bool: { should: [{ match_all: {} }, { match_phrase: { a: { query: 'x', slop: -1 } } }] },
        },
      },
      'query.bool.should.1.match_phrase.a.slop',
      /expected an integer from 0 to 1000 but got -1/,
    ],
    [
      'multi_match without fields',
      { mode: 'all', query: { multi_match: { query: 'x', fields: [] } } },
      'query.multi_match.fields',
      /expected a non-empty list of column names/,
    ],
    [
      'a filter other than term',
      { mode: 'all', query: { match_all: {} }, filter: [{ range: { n: { gt: 1 } } }] },
      'filter.0.range',
      /\[filter\.0\.range\]: unknown option; allowed: term/,
    ],
    [
      'a term value that is an object without value',
      { mode: 'all', query: { match_all: {} }, filter: [{ term: { n: { gt: 1 } } }] },
      'filter.0.term.n.gt',
      /unknown option; allowed: value/,
    ],
    [
      'an empty page token',
      { mode: 'all', query: { match_all: {} }, page_token: '' },
      'page_token',
      /expected the page_token of a previous answer/,
    ],
  ])('refuses %s, naming the field', (_label, body, field, message) => {
    const result = decode(SearchBody, body);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.field).toBe(field);
    expect(result.message).toMatch(message);
  });

  it('refuses a query nested too deeply', () => {
    let query: unknown = { match_all: {} };
    for (let i = 0; i < 40; i++) query = { bool: { must: [query] } };
    const result = decode(LookupQuery, query);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toMatch(/nested too deeply/);
  });
});

describe('FieldCapsQuery', () => {
  it('takes fields and include_unmapped as query strings', () => {
    expect(decode(FieldCapsQuery, { fields: 'a,b*', include_unmapped: 'true' })).toEqual({
      ok: true,
      value: { fields: 'a,b*', include_unmapped: true },
    });
  });

  it.each<[string, unknown, RegExp]>([
    [
      'no fields',
      {},
      /\[fields\]: expected a comma-separated list of field names .* but got nothing/,
    ],
    ['empty fields', { fields: ' , ' }, /\[fields\]: expected a comma-separated list/],
    [
      'a bad include_unmapped',
      { fields: '*', include_unmapped: 'yes' },
      /\[include_unmapped\]: expected true or false/,
    ],
    [
      'an unknown parameter',
      { fields: '*', index: 'x' },
      /\[index\]: unknown option; allowed: fields, include_unmapped/,
    ],
  ])('refuses %s', (_label, query, message) => {
    const result = decode(FieldCapsQuery, query);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toMatch(message);
  });
});

describe('ExportQuery', () => {
  it.each([[{}], [{ format: 'csv' }], [{ format: 'ndjson' }]])('accepts %j', (query) => {
    expect(decode(ExportQuery, query).ok).toBe(true);
  });
  it('refuses another format, naming it', () => {
    const result = decode(ExportQuery, { format: 'xlsx' });
    expect(result).toMatchObject({ ok: false, field: 'format' });
  });
});

describe('ImportQuery', () => {
  it('decodes the options from query strings', () => {
    expect(
      decode(ImportQuery, {
        append: 'true',
        override_if_empty: 'false',
        key_field: 'region, host',
        max: '100',
        format: 'csv',
        delimiter: '\t',
      })
    ).toEqual({
      ok: true,
      value: {
        append: true,
        override_if_empty: false,
        key_field: ['region', 'host'],
        max: 100,
        format: 'csv',
        delimiter: '\t',
      },
    });
  });

  it.each<[string, unknown, string, RegExp]>([
    [
      'a delimiter the importer does not take',
      { delimiter: ':' },
      'delimiter',
      /expected one of "," ";" "\|" or a tab/,
    ],
    [
      'an empty key field',
      { key_field: 'a,,b' },
      'key_field',
      /comma-separated list of field names/,
    ],
    ['max of zero', { max: '0' }, 'max', /expected an integer from 1/],
    [
      'a format the importer does not take',
      { format: 'json' },
      'format',
      /expected "csv" \| "ndjson"/,
    ],
    [
      'an unknown option',
      { apend: 'true' },
      'apend',
      /unknown option; allowed: append, override_if_empty, key_field, max, format, delimiter/,
    ],
  ])('refuses %s', (_label, query, field, message) => {
    const result = decode(ImportQuery, query);
    expect(result).toMatchObject({ ok: false, field });
    if (!result.ok) expect(result.message).toMatch(message);
  });
});
