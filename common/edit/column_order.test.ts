/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

import { orderColumns, versionColumns } from './column_order';

describe('orderColumns', () => {
  it.each([
    ['no record keeps the given order', ['a', 'b', 'c'], undefined, ['a', 'b', 'c']],
    [
      'the written order wins over the name order',
      ['a', 'b', 'c'],
      ['c', 'a', 'b'],
      ['c', 'a', 'b'],
    ],
    [
      'fields the record does not name follow',
      ['a', 'b', 'new', 'z'],
      ['z', 'a'],
      ['z', 'a', 'b', 'new'],
    ],
    [
      'object leaves take their column place',
      ['a', 'geo.lat', 'geo.lon', 'z'],
      ['z', 'geo', 'a'],
      ['z', 'geo.lat', 'geo.lon', 'a'],
    ],
    [
      'the longest written prefix counts',
      ['x.y.z', 'x.w', 'q'],
      ['x', 'q', 'x.y'],
      ['x.w', 'q', 'x.y.z'],
    ],
    ['a dotted name written whole', ['a.b', 'c'], ['c', 'a.b'], ['c', 'a.b']],
  ])('%s', (_label, fields, written, expected) => {
    expect(orderColumns(fields, written)).toEqual(expected);
  });
});

describe('versionColumns', () => {
  it('holds the present fields and the written ones, in written order', () => {
    const fields = ['a', 'b', 'c', 'old'];
    expect(versionColumns(fields, new Set(['a', 'c']), ['c', 'b', 'a'])).toEqual(['c', 'b', 'a']);
    // A written name that is not a field of the index (a metadata column) is not a column.
    expect(versionColumns(fields, new Set(['a']), ['_id', 'a'])).toEqual(['a']);
    expect(versionColumns(fields, new Set(['old', 'a']), undefined)).toEqual(['a', 'old']);
  });
});
