/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

import { indicesReadBy } from './query_visibility';

describe('indicesReadBy', () => {
  it.each<[string, string[] | null]>([
    ['source=web_logs | fields host | outputlookup lk_a', ['web_logs']],
    ['source=web_logs, other | outputlookup lk_a', ['web_logs', 'other']],
    ['source=web_logs | lookup lk_hosts host | outputlookup lk_a', ['web_logs', 'lk_hosts']],
    ['makeresults count=2 | outputlookup lk_a', []],
    // What a pattern matched when it ran cannot be told later.
    ['source=logs-* | outputlookup lk_a', null],
    ['source=remote:logs | outputlookup lk_a', null],
    ['this is not PPL', null],
  ])('%s', (query, expected) => {
    expect(indicesReadBy(query)).toEqual(expected);
  });
});
