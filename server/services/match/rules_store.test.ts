/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

import type { OpenSearchClient } from 'opensearch-dashboards/server';
import { assertEditFitsRules, assertKeepsRuled } from './ruled_columns';
import { MATCH_META_KEY, rulesOfMapping, writeMatchSettings } from './rules_store';

const settings = {
  rules: [
    { field: 'net', type: 'cidr' as const },
    { field: 'lo', type: 'range' as const, to: 'hi' },
  ],
  updated_by: 'w',
  updated_at: '2026-01-01T00:00:00.000Z',
};

describe('rules in the backing index _meta', () => {
  it('reads them from the mapping of the lookup alias, and none where there are none', () => {
    expect(
      rulesOfMapping({ lk__lookup: { mappings: { _meta: { [MATCH_META_KEY]: settings } } } })
    ).toEqual(settings);
    expect(rulesOfMapping({ lk__lookup: { mappings: {} } })).toEqual({
      rules: [],
      updated_by: null,
      updated_at: null,
    });
  });

  it('refuses stored rules it cannot read, saying how to set them again', () => {
    expect(() =>
      rulesOfMapping({
        lk__lookup: { mappings: { _meta: { [MATCH_META_KEY]: { rules: [{ type: 'regex' }] } } } },
      })
    ).toThrow(/set them again \(PUT _match\)/);
  });

  it('keeps the other _meta keys (the build note) when it writes them', async () => {
    const puts: unknown[] = [];
    const client = {
      indices: {
        getMapping: async () => ({
          body: {
            lk__lookup: { mappings: { _meta: { lookups_build_original_settings: { a: 1 } } } },
          },
        }),
        putMapping: async (request: unknown) => puts.push(request),
      },
    } as unknown as OpenSearchClient;
    await writeMatchSettings(client, 'lk__lookup', settings);
    expect(puts).toEqual([
      {
        index: 'lk__lookup',
        body: {
          _meta: { lookups_build_original_settings: { a: 1 }, [MATCH_META_KEY]: settings },
        },
      },
    ]);
  });
});

describe('ruled columns', () => {
  it('refuses a new version without a column a rule reads, naming the rule', () => {
    expect(() => assertKeepsRuled(settings, ['net', 'lo', 'hi', 'x'], 'write')).not.toThrow();
    expect(() => assertKeepsRuled(settings, ['net', 'lo'], 'write')).toThrow(
      /"hi" is read by the match rule rules\[1\] \(range on "lo"\)/
    );
  });

  it('refuses an edit that renames a ruled column, or a cell the rule cannot read', () => {
    const edit = {
      drop: [],
      renamed: [],
      columns: [
        { name: 'net', type: 'keyword' },
        { name: 'lo', type: 'long' },
        { name: 'hi', type: 'long' },
      ],
      rows: [{ net: '10.0.0.0/8', lo: 1, hi: 2 }],
    };
    expect(() => assertEditFitsRules(settings, edit)).not.toThrow();
    expect(() => assertEditFitsRules(settings, { ...edit, renamed: ['net'] })).toThrow(
      /this edit renames it/
    );
    expect(() =>
      assertEditFitsRules(settings, { ...edit, rows: [...edit.rows, { net: 'x', lo: 5, hi: 1 }] })
    ).toThrow(/row 2 holds "x"/);
  });
});
