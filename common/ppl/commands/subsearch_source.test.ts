/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * A subsearch as the query's source (subquery.md, relation subquery; the SQL plugin's
 * `fromClause : SOURCE EQUAL tableOrSubqueryClause`): the tree, nesting, the indices read, and
 * what is refused.
 */
import type { Query } from '../ast';
import { parsePpl } from '../parser';
import { indicesOfQuery } from '../query_indices';
import type { SubsearchSource } from './combining_ast';

function parse(text: string): Query {
  const r = parsePpl(text);
  if (!r.ok) throw new Error(r.error.message);
  return r.query;
}

function leading(text: string): SubsearchSource {
  const { source } = parse(text);
  if (source.kind !== 'SubsearchSource') throw new Error(`no subsearch source in ${text}`);
  return source;
}

function error(text: string): string {
  const r = parsePpl(text);
  if (r.ok) throw new Error(`parsed: ${text}`);
  return r.error.message;
}

// The shape of subquery.md's TPC-H q22 (names as there, the condition shortened).
const Q22 = `source = [
  source = customer
    | where substring(c_phone, 1, 2) in ('13', '31') and c_acctbal > [
        source = customer | where c_acctbal > 0.00 | stats avg(c_acctbal) ]
      and not exists [ source = orders | where o_custkey = c_custkey ]
    | eval cntrycode = substring(c_phone, 1, 2)
    | fields cntrycode, c_acctbal
  ] as custsale
| stats count() as numcust, sum(c_acctbal) as totacctbal by cntrycode
| sort cntrycode`;

describe('source=[ … ]', () => {
  it('holds the subsearch, its alias, and leaves the outer commands outside', () => {
    const q = parse(Q22);
    const source = q.source as SubsearchSource;
    expect(source).toMatchObject({ kind: 'SubsearchSource', keyword: 'source', search: false });
    expect(source.alias).toBe('custsale');
    expect(source.subsearch.source).toMatchObject({
      kind: 'Source',
      indices: [{ name: 'customer' }],
    });
    expect(source.subsearch.commands.map((c) => c.kind)).toEqual([
      'WhereSubsearch',
      'Eval',
      'Fields',
    ]);
    expect(q.commands.map((c) => c.kind)).toEqual(['Stats', 'Sort']);
    expect(indicesOfQuery(q).sort()).toEqual(['customer', 'orders']);
  });

  it('takes index=, the search keyword, and no alias', () => {
    expect(leading('index=[ source=a | head 2 ] | fields x')).toMatchObject({
      keyword: 'index',
      search: false,
    });
    const s = leading('search source=[ source=a | head 2 ]');
    expect(s.search).toBe(true);
    expect(s.alias).toBeUndefined();
  });

  it('reads the documented example: a join inside, an alias, head after', () => {
    const text =
      'source = [ source = table1 | join left = l right = r on l.a = r.a [ source = table2 | where d > 10 | head 5 ] | stats count(a) by b ] as outer | head 1';
    const q = parse(text);
    expect((q.source as SubsearchSource).alias).toBe('outer');
    expect(q.commands.map((c) => c.kind)).toEqual(['Head']);
    expect(indicesOfQuery(q).sort()).toEqual(['table1', 'table2']);
  });

  it('nests: as a source inside a source, a join side, a where subsearch', () => {
    const inner = leading('source=[ source=[ source=a | head 1 ] as x | fields x.b ] as y');
    expect(inner.alias).toBe('y');
    expect(inner.subsearch.source).toMatchObject({ kind: 'SubsearchSource', alias: 'x' });
    const q = parse(
      'source=[ source=a ] | join on k [ source=[ source=b | fields k ] as bb ] | where k in [ source=[ source=c | fields k ] | fields k ]'
    );
    expect(indicesOfQuery(q).sort()).toEqual(['a', 'b', 'c']);
  });

  it('lists the indices of a union inside it once each', () => {
    const q = parse('source=[ | union [ search source=a ] [ search source=b ] a ] as u | head 3');
    expect(indicesOfQuery(q).sort()).toEqual(['a', 'b']);
  });

  it('refuses a search filter beside it, saying where the condition goes', () => {
    for (const text of [
      'source=[ source=a | head 3 ] error',
      'source=[ source=a ] as t status=500',
      'search error source=[ source=a ]',
    ]) {
      expect(error(text)).toMatch(/a search filter cannot apply to a subsearch source .*where/);
    }
  });

  it('refuses a list, an empty or unclosed subsearch, a missing alias, outputlookup inside', () => {
    expect(error('source=[ source=a ], b')).toMatch(/takes one subsearch, not a list/);
    expect(error('source=[ ]')).toMatch(/expected source=<index> or makeresults/);
    expect(error('source=[ source=a | head 1')).toMatch(/"\]" closing the subsearch/);
    expect(error('source=[ source=a ] as')).toMatch(/alias/);
    expect(error('source=[ source=a | outputlookup t ] | head 1')).toMatch(
      /"outputlookup" cannot be inside/
    );
  });

  it('leaves outputlookup at the end of the outer query', () => {
    const q = parse('source=[ source=a | stats count() as n by h ] as t | outputlookup out');
    expect(q.output).toMatchObject({ kind: 'OutputLookup', name: 'out' });
  });
});
