/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

import { memoryStorage } from '../../../test/support/render';
import { MAX_RECENT_QUERIES } from '../../store/query_slice';
import { loadRecentQueries, recentQueriesKey, saveRecentQueries } from './recent_queries';

describe('recent queries in browser storage', () => {
  it('keeps each user’s queries apart', () => {
    const storage = memoryStorage();
    saveRecentQueries(storage, 'ana', [{ query: 'source=a', at: '2026-01-01T00:00:00Z' }]);
    saveRecentQueries(storage, 'bob', [{ query: 'source=b', at: '2026-01-01T00:00:00Z' }]);
    expect(loadRecentQueries(storage, 'ana').map((r) => r.query)).toEqual(['source=a']);
    expect(loadRecentQueries(storage, 'bob').map((r) => r.query)).toEqual(['source=b']);
    expect(recentQueriesKey('ana')).toBe('lookups.recentQueries.ana');
    expect(recentQueriesKey(undefined)).toBe('lookups.recentQueries');
  });

  it.each([
    { stored: 'not json', expected: [] },
    { stored: '{"query":"x"}', expected: [] },
    {
      stored: JSON.stringify([
        { query: 'ok', at: 't' },
        { query: 5 },
        { query: 'f', at: 't', fields: [1] },
      ]),
      expected: [{ query: 'ok', at: 't' }],
    },
  ])('ignores what it cannot trust: $stored', ({ stored, expected }) => {
    const storage = memoryStorage({ [recentQueriesKey('ana')]: stored });
    expect(loadRecentQueries(storage, 'ana')).toEqual(expected);
  });

  it('keeps at most the newest few', () => {
    const storage = memoryStorage();
    const many = Array.from({ length: 30 }, (_, i) => ({ query: `q${i}`, at: 't' }));
    saveRecentQueries(storage, 'ana', many);
    expect(loadRecentQueries(storage, 'ana')).toHaveLength(MAX_RECENT_QUERIES);
  });

  it('works without storage', () => {
    expect(loadRecentQueries(undefined, 'ana')).toEqual([]);
    expect(() => saveRecentQueries(undefined, 'ana', [])).not.toThrow();
  });
});
