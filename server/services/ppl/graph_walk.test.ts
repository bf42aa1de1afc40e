/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

import { unlimitedBudget, QueryBudget } from './budget';
import { levelQuery, termsQuery, walkGraph, type WalkSpec } from './graph_walk';
import { QueryMemory } from './memory';
import type { Row } from './operators';

const spec = (over: Partial<WalkSpec> = {}): WalkSpec => ({
  fromField: 'up',
  toField: 'id',
  fromQueryField: 'up',
  toQueryField: 'id',
  bidirectional: false,
  supportArray: false,
  maxDepth: 0,
  maxTerms: 65_536,
  ...over,
});

describe('graph walk queries', () => {
  it('splits a terms list past max_terms_count', () => {
    expect(termsQuery('f', ['a', 'b'], 2)).toEqual({ terms: { f: ['a', 'b'] } });
    expect(termsQuery('f', ['a', 'b', 'c'], 2)).toEqual({
      bool: {
        should: [{ terms: { f: ['a', 'b'] } }, { terms: { f: ['c'] } }],
        minimum_should_match: 1,
      },
    });
  });

  it('leaves visited values out in OpenSearch unless array edges are asked for', () => {
    expect(levelQuery(spec(), ['x'], ['x'])).toEqual({
      bool: { must: [{ terms: { id: ['x'] } }], must_not: [{ terms: { up: ['x'] } }] },
    });
    expect(levelQuery(spec({ supportArray: true }), ['x'], ['x'])).toEqual({
      terms: { id: ['x'] },
    });
  });

  it('both ways: either direction; a filter holds the walk', () => {
    const q = levelQuery(
      spec({ bidirectional: true, supportArray: true, filter: { term: { k: 'v' } } }),
      ['x'],
      ['x']
    );
    expect(q).toEqual({
      bool: {
        filter: [
          { term: { k: 'v' } },
          { bool: { should: [{ terms: { id: ['x'] } }, { terms: { up: ['x'] } }] } },
        ],
      },
    });
  });

  it('refuses a level with more terms lists than one search carries', () => {
    const values = Array.from({ length: 70 }, (_, i) => `v${i}`);
    expect(() => levelQuery(spec({ maxTerms: 1 }), values, [])).toThrow(/distinct values/);
  });
});

describe('graph walk', () => {
  // A chain a → b → c → (end), d → b.
  const docs: Row[] = [
    { id: 'a', up: 'b' },
    { id: 'b', up: 'c' },
    { id: 'c', up: null },
    { id: 'd', up: 'b' },
  ];
  /** Answers a level's query over `docs` (terms on id, must_not on up), recording it. */
  const searches: unknown[] = [];
  const search = async (query: Record<string, unknown>) => {
    searches.push(query);
    const must = (query.bool as { must?: Array<{ terms: { id: string[] } }> } | undefined)?.must;
    const wanted = must ? must[0].terms.id : (query as { terms: { id: string[] } }).terms.id;
    const not =
      (query.bool as { must_not?: Array<{ terms: { up: string[] } }> } | undefined)?.must_not?.[0]
        .terms.up ?? [];
    return docs.filter((d) => wanted.includes(d.id as string) && !not.includes(d.up as string));
  };
  const holds = (budget: QueryBudget) =>
    [budget.hold('graphLookup'), budget.hold('graphLookup')] as const;

  beforeEach(() => (searches.length = 0));

  it('walks level by level up to maxDepth, a null edge ending the way, depths counted', async () => {
    const budget = unlimitedBudget();
    const found = await walkGraph(
      'b',
      spec({ maxDepth: 5, depthField: 'lvl' }),
      search,
      budget,
      ...holds(budget)
    );
    expect(found).toEqual([
      { id: 'b', up: 'c', lvl: 0 },
      { id: 'c', up: null, lvl: 1 },
    ]);
    expect(searches).toHaveLength(2);
    expect(await walkGraph(null, spec(), search, budget, ...holds(budget))).toEqual([]);
  });

  it('stops after the first level by default; a match bringing only visited values is not kept', async () => {
    const budget = unlimitedBudget();
    // d's "b" was visited through a, one row before it in the same level.
    expect(await walkGraph(['a', 'd'], spec(), search, budget, ...holds(budget))).toEqual([
      { id: 'a', up: 'b' },
    ]);
  });

  it("counts what it keeps against the query's memory", async () => {
    const budget = new QueryBudget({ timeoutMs: Infinity, memory: new QueryMemory(64) });
    await expect(
      walkGraph('b', spec({ maxDepth: 5 }), search, budget, ...holds(budget))
    ).rejects.toThrow(/"graphLookup" needs more server memory/);
  });
});
