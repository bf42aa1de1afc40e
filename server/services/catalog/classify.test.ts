/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

import { classifyCatalog } from './classify';

const slice = (u: string) => ({ filter: { term: { __lookup: u } } });

describe('classifyCatalog', () => {
  it.each([
    [
      'a slice alias on <name>__lookup is managed',
      { hosts__lookup: { aliases: { hosts: slice('u1') } } },
      { name: 'hosts', kind: 'managed', currentSlice: 'u1', index: 'hosts__lookup' },
    ],
    [
      'the long filter form counts too',
      {
        hosts__lookup: { aliases: { hosts: { filter: { term: { __lookup: { value: 'u2' } } } } } },
      },
      { name: 'hosts', kind: 'managed', currentSlice: 'u2' },
    ],
    [
      'a slice alias on another index is legacy',
      { uploads: { aliases: { hosts: slice('u1') } } },
      { name: 'hosts', kind: 'legacy', index: 'uploads', currentSlice: 'u1' },
    ],
    [
      'a backing index no alias names is broken',
      { hosts__lookup: { aliases: {} } },
      { name: 'hosts', kind: 'broken', reason: expect.stringMatching(/No alias names/) },
    ],
    [
      'an unfiltered alias on the backing index is broken',
      { hosts__lookup: { aliases: { hosts: {} } } },
      { name: 'hosts', kind: 'broken', reason: expect.stringMatching(/no filter/) },
    ],
    [
      'a filter without __lookup on the backing index is broken',
      { hosts__lookup: { aliases: { hosts: { filter: { term: { host: 'a' } } } } } },
      { name: 'hosts', kind: 'broken', reason: expect.stringMatching(/names no __lookup slice/) },
    ],
    [
      'a concrete index beside a backing index is a conflict',
      { hosts: { aliases: {} }, hosts__lookup: { aliases: {} } },
      { name: 'hosts', kind: 'conflict', reason: expect.stringMatching(/concrete index/) },
    ],
    [
      'a plain alias beside a backing index is a conflict',
      { logs: { aliases: { hosts: {} } }, hosts__lookup: { aliases: {} } },
      { name: 'hosts', kind: 'conflict', reason: expect.stringMatching(/not a lookup/) },
    ],
  ])('%s', (_label, answer, expected) => {
    expect(classifyCatalog(answer)).toEqual([expect.objectContaining(expected)]);
  });

  it('ignores ordinary indices and aliases', () => {
    expect(classifyCatalog({ logs: { aliases: { everything: {} } }, metrics: {} })).toEqual([]);
  });

  it('lists several lookups by name, with two importer lookups on one index', () => {
    const result = classifyCatalog({
      uploads: { aliases: { b: slice('u2'), a: slice('u1') } },
      c__lookup: { aliases: { c: slice('u3') } },
    });
    expect(result.map((e) => [e.name, e.kind])).toEqual([
      ['a', 'legacy'],
      ['b', 'legacy'],
      ['c', 'managed'],
    ]);
  });
});
