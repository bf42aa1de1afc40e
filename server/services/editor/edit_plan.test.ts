/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

import { encodeDocId } from '../../../common/substrate/id_encoder';
import type { BaseVersion, FieldSpec } from './edit_plan';
import { planEdit } from './edit_plan';
import { findKeyScheme, keyedId } from './key_scheme';

const spec = (name: string, type: string, format?: string): FieldSpec => ({
  name,
  type,
  ...(format ? { format } : {}),
  mapping: { type, ...(format ? { format } : {}) },
});

function base(rows: Array<Record<string, unknown>>, extra: Partial<BaseVersion> = {}): BaseVersion {
  const columns = [
    spec('host', 'text'),
    spec('n', 'long'),
    spec('seen', 'date', 'strict_date_optional_time'),
  ];
  return {
    slice: 's1',
    columns,
    mapped: new Map([...columns, spec('legacy', 'keyword')].map((c) => [c.name, c])),
    rows: rows.map((source, i) => ({ id: `id${i}`, source })),
    ...extra,
  };
}
const limits = { maxRows: 100 };

describe('planEdit', () => {
  it('keeps renamed columns in place and adds new ones last, with mappings only for new fields', () => {
    const plan = planEdit(
      base([{ host: 'a', n: 1 }]),
      {
        base_slice: 's1',
        columns: {
          rename: [{ from: 'host', to: 'name' }],
          drop: ['n'],
          add: [
            { name: 'flag', type: 'boolean' },
            { name: 'legacy', type: 'string' },
          ],
        },
      },
      limits
    );
    expect(plan.columns.map((c) => c.name)).toEqual(['name', 'seen', 'flag', 'legacy']);
    expect(Object.keys(plan.newMappings)).toEqual(['name', 'flag']);
    expect(plan.rows.map((r) => r.source)).toEqual([{ name: 'a' }]);
  });

  it('applies patches (null clears a cell), deletes, adds, and converts dates to the field format', () => {
    const plan = planEdit(
      base([
        { host: 'a', n: 1, seen: '2024-01-01T00:00:00Z' },
        { host: 'b', n: 2 },
      ]),
      {
        base_slice: 's1',
        update: [{ id: 'id0', row: { n: null, seen: '2024-02-01 10:00:00' } }],
        delete: ['id1'],
        add: [{ host: 'c', n: 3 }],
      },
      limits
    );
    expect(plan.rows.map((r) => r.source)).toEqual([
      { host: 'a', seen: '2024-02-01T10:00:00.000Z' },
      { host: 'c', n: 3 },
    ]);
    expect(plan.summary).toMatchObject({ added: 1, updated: 1, deleted: 1 });
    expect(plan.preview.by_key).toMatchObject({ key_field: ['row'], unchanged: 0 });
  });

  it('counts an update that changes nothing as unchanged, and refuses an edit that changes nothing', () => {
    expect(() =>
      planEdit(
        base([{ host: 'a', n: 1 }]),
        { base_slice: 's1', update: [{ id: 'id0', row: { n: 1 } }] },
        limits
      )
    ).toThrow(/The edit changes nothing/);
  });

  it('refuses to change a column held inside an object', () => {
    const nested: BaseVersion = {
      ...base([{ geo: { city: 'x' } }]),
      columns: [spec('geo.city', 'text')],
      mapped: new Map([['geo.city', spec('geo.city', 'text')]]),
    };
    expect(() =>
      planEdit(
        nested,
        { base_slice: 's1', update: [{ id: 'id0', row: { 'geo.city': 'y' } }] },
        limits
      )
    ).toThrow(/update\[0\] \(row id id0\): "geo.city" is held inside an object/);
    expect(() =>
      planEdit(
        nested,
        { base_slice: 's1', columns: { add: [{ name: 'geo', type: 'string' }] } },
        limits
      )
    ).toThrow(/"geo" holds object fields \(geo.city\)/);
  });

  it('creates a lookup from nothing', () => {
    const plan = planEdit(
      { slice: null, columns: [], mapped: new Map(), rows: [] },
      { base_slice: null, columns: { add: [{ name: 'k', type: 'string' }] }, add: [{ k: 'x' }] },
      limits
    );
    expect(plan.rows).toEqual([{ source: { k: 'x' }, key: undefined }]);
    expect(plan.newMappings.k).toMatchObject({ type: 'text' });
  });

  it('refuses more rows than the editor writes', () => {
    expect(() =>
      planEdit(base([{ host: 'a' }]), { base_slice: 's1', add: [{ host: 'b' }] }, { maxRows: 1 })
    ).toThrow(
      /would have 2 rows; the editor writes lookups of up to 1 rows \(lookups.editor.max_rows\)/
    );
  });
});

describe('keyed rows', () => {
  const types = new Map([
    ['host', 'text'],
    ['n', 'long'],
  ]);
  const keyedRow = (source: Record<string, unknown>, fields: string[], slice: string) => ({
    id: keyedId(source, { fields, typed: true }, types, slice),
    source,
  });

  it('finds the key fields from the ids, single or a pair, with or without a record', () => {
    const one = [
      keyedRow({ host: 'a', n: 1 }, ['host'], 's1'),
      { id: 'AbCdEfGhIjKlMnOpQrSt', source: { host: 'z' } },
    ];
    expect(findKeyScheme(one, 's1', types)).toEqual({ fields: ['host'], typed: true });
    const pair = [keyedRow({ host: 'a', n: 1 }, ['n', 'host'], 's1')];
    expect(findKeyScheme(pair, 's1', types)).toEqual({ fields: ['n', 'host'], typed: true });
    expect(findKeyScheme([{ id: 'short', source: { host: 'a' } }], 's1', types)).toBeUndefined();
    expect(findKeyScheme([], 's1', types, ['host'])).toEqual({ fields: ['host'], typed: true });
  });

  it('re-keys a changed key, keeps unkeyed rows unkeyed, and refuses a duplicate key', () => {
    const rows = [
      keyedRow({ host: 'a', n: 1 }, ['host'], 's1'),
      keyedRow({ host: 'b', n: 2 }, ['host'], 's1'),
      { id: 'AbCdEfGhIjKlMnOpQrSt', source: { host: 'b', n: 3 } },
    ];
    const keys = { fields: ['host'], typed: true };
    const version = { ...base([]), rows, keys };
    const plan = planEdit(
      version,
      { base_slice: 's1', update: [{ id: rows[1].id, row: { host: 'c' } }] },
      limits
    );
    expect(plan.rows.map((r) => [r.source.host, r.key !== undefined])).toEqual([
      ['a', true],
      ['c', true],
      ['b', false],
    ]);
    expect(keyedId(plan.rows[1].source, plan.rows[1].key!, types, 's2')).toBe(
      encodeDocId([{ type: 'string', value: 'c', field: 'host' }], 's2')
    );
    expect(() =>
      planEdit(
        version,
        { base_slice: 's1', update: [{ id: rows[1].id, row: { host: 'a' } }] },
        limits
      )
    ).toThrow(/row id .+ and update\[0\] \(row id .+\) would both have the key host="a"/);
    expect(() =>
      planEdit(
        version,
        { base_slice: 's1', columns: { rename: [{ from: 'host', to: 'h' }] } },
        limits
      )
    ).toThrow(/"host" is a key field of this lookup \(key_field=host\)/);
  });
});
