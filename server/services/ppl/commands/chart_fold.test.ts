/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/* The column split's limit, as the SQL plugin's visitChart folds it. */
import { compareSplitGroups, foldCategories, rankCategories, reaggregate } from './chart_fold';

const options = {
  limit: 1,
  bottom: false,
  useOther: true,
  useNull: true,
  nullStr: 'NULL',
  otherStr: 'OTHER',
};
const groups = [
  { row: 1, column: 'a', value: 4 },
  { row: 1, column: 'b', value: 3 },
  { row: 1, column: 'c', value: 1 },
  { row: 2, column: 'b', value: 5 },
  { row: 2, column: null, value: 50 },
  { row: 2, column: 'd', value: null },
];

describe('chart folding', () => {
  it('ranks categories by the sum of their aggregates; a null one has no rank, all-null last', () => {
    expect(rankCategories(groups, 10, false)).toEqual(['b', 'a', 'c', 'd']);
    expect(rankCategories(groups, 2, true)).toEqual(['c', 'a']);
  });

  it('combines OTHER from the aggregates: avg of avgs, sum of counts, min of mins', () => {
    expect(reaggregate('avg', [4, 1, null])).toBe(2.5);
    expect(reaggregate('dc', [2, 3])).toBe(5);
    expect(reaggregate('count', [2n, 3n])).toBe(5n);
    expect(reaggregate('min', [4, 1])).toBe(1);
    expect(reaggregate('latest', ['2025-01-02', '2025-03-01'])).toBe('2025-03-01');
    expect(reaggregate('sum', [null, null])).toBeNull();
  });

  it('names a null category nullStr and folds the rest into OTHER', () => {
    const out = foldCategories(groups, 'avg', options).sort(compareSplitGroups);
    expect(out).toEqual([
      { row: 1, column: 'OTHER', value: 2.5 },
      { row: 1, column: 'b', value: 3 },
      { row: 2, column: 'NULL', value: 50 },
      { row: 2, column: 'OTHER', value: null },
      { row: 2, column: 'b', value: 5 },
    ]);
  });

  it('with useother=false keeps only the ranked categories, not the null one', () => {
    const out = foldCategories(groups, 'sum', { ...options, useOther: false });
    expect(out.map((g) => [g.row, g.column])).toEqual([
      [1, 'b'],
      [2, 'b'],
    ]);
  });

  it('orders by row, then column, nulls last', () => {
    const rows = [
      { row: 2, column: 'a', value: 1 },
      { row: 1, column: null, value: 1 },
      { row: 1, column: 'z', value: 1 },
    ].sort(compareSplitGroups);
    expect(rows.map((g) => [g.row, g.column])).toEqual([
      [1, 'z'],
      [1, null],
      [2, 'a'],
    ]);
  });
});
