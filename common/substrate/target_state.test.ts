/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

import { sliceFilter } from './alias_filter';
import {
  RefusalReason,
  TargetState,
  WritePlan,
  classifyTarget,
  isRefusal,
  planWrite,
} from './target_state';

const U = '0b7c3a52-4f1e-4d2a-9c55-2f6d1e8a7b10';

/** The body `GET /_alias/<name>` answers with, for an alias defined on each given index. */
function aliasBody(name: string, definitions: Record<string, Record<string, unknown>>) {
  return Object.fromEntries(
    Object.entries(definitions).map(([index, definition]) => [
      index,
      { aliases: { [name]: definition } },
    ])
  );
}

describe('classifyTarget', () => {
  const cases: Array<{
    label: string;
    aliases: unknown;
    concreteIndexExists?: boolean;
    expected: TargetState;
  }> = [
    { label: 'no answer (404)', aliases: undefined, expected: { kind: 'absent', name: 'hosts' } },
    { label: 'null', aliases: null, expected: { kind: 'absent', name: 'hosts' } },
    { label: 'empty body', aliases: {}, expected: { kind: 'absent', name: 'hosts' } },
    {
      label: '404 error body',
      aliases: { error: 'alias [hosts] missing', status: 404 },
      expected: { kind: 'absent', name: 'hosts' },
    },
    {
      label: 'entries for other aliases only',
      aliases: aliasBody('other', { hosts__lookup: { filter: sliceFilter(U) } }),
      expected: { kind: 'absent', name: 'hosts' },
    },
    {
      label: 'concrete index',
      aliases: {},
      concreteIndexExists: true,
      expected: { kind: 'concrete_index', name: 'hosts' },
    },
    {
      label: 'managed, short filter',
      aliases: aliasBody('hosts', { hosts__lookup: { filter: sliceFilter(U) } }),
      expected: { kind: 'managed', name: 'hosts', backingIndex: 'hosts__lookup', currentSlice: U },
    },
    {
      label: 'managed, long filter',
      aliases: aliasBody('hosts', {
        hosts__lookup: { filter: { term: { __lookup: { value: U } } } },
      }),
      expected: { kind: 'managed', name: 'hosts', backingIndex: 'hosts__lookup', currentSlice: U },
    },
    {
      label: 'legacy importer alias',
      aliases: aliasBody('hosts', { 'my-upload': { filter: sliceFilter(U) } }),
      expected: { kind: 'legacy', name: 'hosts', legacyIndex: 'my-upload', currentSlice: U },
    },
    {
      label: "legacy alias over another lookup's backing index",
      aliases: aliasBody('hosts', { other__lookup: { filter: sliceFilter(U) } }),
      expected: { kind: 'legacy', name: 'hosts', legacyIndex: 'other__lookup', currentSlice: U },
    },
    {
      label: 'unfiltered alias',
      aliases: aliasBody('hosts', { logs: {} }),
      expected: { kind: 'unfiltered_alias', name: 'hosts', indices: ['logs'] },
    },
    {
      label: 'unfiltered alias on our backing index',
      aliases: aliasBody('hosts', { hosts__lookup: {} }),
      expected: { kind: 'unfiltered_alias', name: 'hosts', indices: ['hosts__lookup'] },
    },
    {
      label: 'alias with routing but no filter',
      aliases: aliasBody('hosts', { logs: { index_routing: '1', search_routing: '1' } }),
      expected: { kind: 'unfiltered_alias', name: 'hosts', indices: ['logs'] },
    },
    {
      label: 'filter without __lookup',
      aliases: aliasBody('hosts', { logs: { filter: { term: { env: 'prod' } } } }),
      expected: { kind: 'no_discriminant', name: 'hosts', indices: ['logs'] },
    },
    {
      label: 'managed index with an unreadable filter',
      aliases: aliasBody('hosts', {
        hosts__lookup: { filter: { bool: { filter: [sliceFilter(U)] } } },
      }),
      expected: { kind: 'no_discriminant', name: 'hosts', indices: ['hosts__lookup'] },
    },
    {
      label: 'alias over two indices',
      aliases: aliasBody('hosts', {
        'my-upload': { filter: sliceFilter(U) },
        hosts__lookup: { filter: sliceFilter(U) },
      }),
      expected: {
        kind: 'multi_index_alias',
        name: 'hosts',
        indices: ['hosts__lookup', 'my-upload'],
      },
    },
  ];

  it.each(cases)('$label', ({ aliases, concreteIndexExists, expected }) => {
    expect(
      classifyTarget({ name: 'hosts', aliases, concreteIndexExists: concreteIndexExists ?? false })
    ).toEqual(expected);
  });
});

describe('planWrite: the contract table, row by row', () => {
  const absent: TargetState = { kind: 'absent', name: 'hosts' };
  const managed: TargetState = {
    kind: 'managed',
    name: 'hosts',
    backingIndex: 'hosts__lookup',
    currentSlice: U,
  };
  const concrete: TargetState = { kind: 'concrete_index', name: 'hosts' };
  const legacy: TargetState = {
    kind: 'legacy',
    name: 'hosts',
    legacyIndex: 'my-upload',
    currentSlice: U,
  };
  const unfiltered: TargetState = { kind: 'unfiltered_alias', name: 'hosts', indices: ['logs'] };
  const noDiscriminant: TargetState = { kind: 'no_discriminant', name: 'hosts', indices: ['logs'] };
  const multi: TargetState = {
    kind: 'multi_index_alias',
    name: 'hosts',
    indices: ['a', 'b'],
  };

  const writes: Array<{ label: string; state: TargetState; append: boolean; expected: WritePlan }> =
    [
      {
        label: 'absent, overwrite: new random slice',
        state: absent,
        append: false,
        expected: { action: 'create', backingIndex: 'hosts__lookup', slice: 'random' },
      },
      {
        label: 'absent, append: the deterministic slice',
        state: absent,
        append: true,
        expected: { action: 'create', backingIndex: 'hosts__lookup', slice: 'deterministic' },
      },
      {
        label: 'our lookup, overwrite: new slice, the old one is orphaned',
        state: managed,
        append: false,
        expected: { action: 'overwrite', backingIndex: 'hosts__lookup', previousSlice: U },
      },
      {
        label: 'our lookup, append: into the current slice',
        state: managed,
        append: true,
        expected: { action: 'append', backingIndex: 'hosts__lookup', currentSlice: U },
      },
      {
        label: 'legacy, overwrite: migrate',
        state: legacy,
        append: false,
        expected: {
          action: 'migrate',
          backingIndex: 'hosts__lookup',
          legacyIndex: 'my-upload',
          previousSlice: U,
        },
      },
    ];

  it.each(writes)('$label', ({ state, append, expected }) => {
    expect(planWrite(state, { append })).toEqual(expected);
  });

  const refusals: Array<{
    label: string;
    state: TargetState;
    append: boolean;
    reason: RefusalReason;
    says: RegExp[];
  }> = [
    ...[false, true].map((append) => ({
      label: `concrete index, append=${append}`,
      state: concrete,
      append,
      reason: 'concrete_index' as const,
      says: [/^"hosts" is a concrete index, not a lookup: choose another name/],
    })),
    ...[false, true].map((append) => ({
      label: `unfiltered alias, append=${append}`,
      state: unfiltered,
      append,
      reason: 'non_filtered_alias' as const,
      says: [/non-filtered alias on "logs"/, /choose another name/, /remove that alias/],
    })),
    ...[false, true].map((append) => ({
      label: `filter without __lookup, append=${append}`,
      state: noDiscriminant,
      append,
      reason: 'no_lookup_discriminant' as const,
      says: [/no __lookup discriminant/, /choose another name/],
    })),
    ...[false, true].map((append) => ({
      label: `alias over several indices, append=${append}`,
      state: multi,
      append,
      reason: 'multi_index_alias' as const,
      says: [/several indices \("a", "b"\)/, /choose another name/],
    })),
    {
      label: 'legacy, append',
      state: legacy,
      append: true,
      reason: 'legacy_needs_migration',
      says: [/data importer over the index "my-upload"/, /overwrite once to migrate/],
    },
  ];

  it.each(refusals)('refuses: $label', ({ state, append, reason, says }) => {
    const plan = planWrite(state, { append });
    expect(isRefusal(plan)).toBe(true);
    expect(plan).toMatchObject({ refuse: { status: 409, reason } });
    if (!isRefusal(plan)) {
      return;
    }
    for (const pattern of says) {
      expect(plan.refuse.message).toMatch(pattern);
    }
    expect(plan.refuse.message).toMatch(/Nothing was changed\.$/);
  });

  it('lists at most five indices in a message', () => {
    const plan = planWrite(
      { kind: 'multi_index_alias', name: 'x', indices: ['a', 'b', 'c', 'd', 'e', 'f', 'g'] },
      { append: false }
    );
    expect(isRefusal(plan) && plan.refuse.message).toContain('"a", "b", "c", "d", "e" and 2 more');
  });

  it('plans from a real probe end to end', () => {
    const state = classifyTarget({
      name: 'web_hosts-2026',
      aliases: aliasBody('web_hosts-2026', {
        'web_hosts-2026__lookup': { filter: sliceFilter(U) },
      }),
      concreteIndexExists: false,
    });
    expect(planWrite(state, { append: true })).toEqual({
      action: 'append',
      backingIndex: 'web_hosts-2026__lookup',
      currentSlice: U,
    });
  });
});
