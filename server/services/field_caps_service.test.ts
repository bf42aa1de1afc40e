/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

import {
  assemble,
  columnFields,
  FieldCapsService,
  fieldMatcher,
  IndexField,
  multiFieldParent,
  parseIndexFieldCaps,
} from './field_caps_service';

const caps = (type: string, searchable = true, aggregatable = true) => ({
  [type]: { type, searchable, aggregatable },
});

/** `_field_caps?fields=*` of a backing index, as OpenSearch answers it. */
const indexCaps = {
  indices: ['lk_x__lookup'],
  fields: {
    _id: caps('_id'),
    _source: caps('_source', false, false),
    _doc_count: caps('long', false, false),
    __lookup: caps('keyword'),
    host: caps('text', true, false),
    'host.keyword': caps('keyword'),
    n: caps('long'),
    geo: caps('object', false, false),
    'geo.city': caps('text', true, false),
    'geo.city.keyword': caps('keyword'),
    'geo.zip': caps('long'),
    zone: caps('keyword'),
  },
};

describe('parseIndexFieldCaps', () => {
  it('reads one type per field and leaves __lookup out', () => {
    const fields = parseIndexFieldCaps(indexCaps);
    expect(fields.has('__lookup')).toBe(false);
    expect(fields.get('host')).toEqual({
      name: 'host',
      type: 'text',
      searchable: true,
      aggregatable: false,
    });
  });
});

describe('columns and multi-fields', () => {
  const fields = parseIndexFieldCaps(indexCaps);
  it.each([
    ['host.keyword', 'host'],
    ['geo.city.keyword', 'geo.city'],
    ['geo.city', undefined],
    ['host', undefined],
  ])('%s is a multi-field of %s', (name, parent) => {
    expect(multiFieldParent(name, fields)).toBe(parent);
  });

  it('lists value fields, sorted, with or without multi-fields', () => {
    expect(columnFields(fields, { withMultiFields: false }).map((f) => f.name)).toEqual([
      'geo.city',
      'geo.zip',
      'host',
      'n',
      'zone',
    ]);
    expect(columnFields(fields, { withMultiFields: true }).map((f) => f.name)).toEqual([
      'geo.city',
      'geo.city.keyword',
      'geo.zip',
      'host',
      'host.keyword',
      'n',
      'zone',
    ]);
  });
});

describe('fieldMatcher', () => {
  it.each<[string, string, boolean]>([
    ['*', '_id', true],
    ['host', 'host', true],
    ['host', 'host.keyword', false],
    ['host*', 'host.keyword', true],
    ['*.keyword', 'geo.city.keyword', true],
    ['a, host', 'host', true],
    ['h?st', 'host', false],
    ['geo.*', 'geo', false],
    ['n', 'nn', false],
    ['(x)', '(x)', true],
  ])('%s matches %s: %s', (patterns, field, expected) => {
    expect(fieldMatcher(patterns)(field)).toBe(expected);
  });
});

describe('assemble', () => {
  const fields = parseIndexFieldCaps(indexCaps);
  const slices = ['s1', 's2'];
  const presence = new Map<string, ReadonlySet<string>>([
    ['s1', new Set(['host', 'n', 'geo.city'])],
    ['s2', new Set(['host', 'zone'])],
  ]);

  it('answers as OpenSearch does for fields every slice carries, and for the others without include_unmapped', () => {
    const answer = assemble(fields, slices, presence, { fields: 'host*,n,zone,geo*' });
    expect(answer.indices).toEqual(['s1', 's2']);
    expect(answer.fields).toEqual({
      host: caps('text', true, false),
      'host.keyword': caps('keyword'),
      n: caps('long'),
      zone: caps('keyword'),
      geo: caps('object', false, false),
      'geo.city': caps('text', true, false),
      'geo.city.keyword': caps('keyword'),
    });
    // geo.zip is mapped but no slice carries it: like a field no index maps, it is left out.
    expect(answer.fields['geo.zip']).toBeUndefined();
  });

  it('names the slices that carry a field, and the others as unmapped, with include_unmapped', () => {
    const answer = assemble(fields, slices, presence, {
      fields: 'n,host,geo.city',
      include_unmapped: true,
    });
    expect(answer.fields).toEqual({
      host: caps('text', true, false),
      n: {
        long: { type: 'long', searchable: true, aggregatable: true, indices: ['s1'] },
        unmapped: { type: 'unmapped', searchable: false, aggregatable: false, indices: ['s2'] },
      },
      // The parent object comes with the field, as in OpenSearch.
      geo: {
        object: { type: 'object', searchable: false, aggregatable: false, indices: ['s1'] },
        unmapped: { type: 'unmapped', searchable: false, aggregatable: false, indices: ['s2'] },
      },
      'geo.city': {
        text: { type: 'text', searchable: true, aggregatable: false, indices: ['s1'] },
        unmapped: { type: 'unmapped', searchable: false, aggregatable: false, indices: ['s2'] },
      },
    });
  });

  it('gives metadata fields to every slice, even an empty one', () => {
    const answer = assemble(fields, ['empty', 's1'], new Map([['s1', new Set(['n'])]]), {
      fields: '_*',
      include_unmapped: true,
    });
    expect(answer.fields).toEqual({
      _id: caps('_id'),
      _source: caps('_source', false, false),
      _doc_count: caps('long', false, false),
    });
  });

  it('answers an empty map for patterns that match nothing', () => {
    const noFields = new Map<string, IndexField>();
    expect(assemble(noFields, ['s'], new Map(), { fields: 'x*' })).toEqual({
      indices: ['s'],
      fields: {},
    });
  });
});

describe('FieldCapsService cache', () => {
  /** Slices of a backing index: per slice, its documents' fields and a `_seq_no` sum. */
  interface Fake {
    uuid: string;
    current: string;
    slices: Map<string, { docs: Array<Set<string>>; seq: number }>;
    fields: string[];
  }

  type Query = {
    match_all?: object;
    term?: Record<string, string>;
    terms?: Record<string, string[]>;
  };
  const inQuery = (slice: string, query: Query) =>
    query.term
      ? query.term.__lookup === slice
      : query.terms
        ? query.terms.__lookup.includes(slice)
        : true;

  type Filters = Record<string, { exists: { field: string } }>;
  interface FakeBody {
    query: Query;
    aggs: {
      slices: { aggs: { fields?: { filters: { filters: Filters } } } };
      presence?: {
        filter: { bool?: { must_not: Array<{ terms: { __lookup: string[] } }> } };
        aggs: {
          slices: { terms: { size: number }; aggs: { fields?: { filters: { filters: Filters } } } };
        };
      };
    };
  }

  function fakeClient(state: Fake) {
    const searches: unknown[] = [];
    const presenceOf = (slice: string, filters: Filters | undefined) => {
      const data = state.slices.get(slice)!;
      return {
        key: slice,
        doc_count: data.docs.length,
        seq: { value: data.seq },
        ...(filters
          ? {
              fields: {
                buckets: Object.fromEntries(
                  Object.entries(filters).map(([k, f]) => [
                    k,
                    { doc_count: data.docs.filter((d) => d.has(f.exists.field)).length },
                  ])
                ),
              },
            }
          : {}),
      };
    };
    const client = {
      indices: {
        get: async () => ({
          body: {
            lk_x__lookup: {
              aliases: { lk_x: { filter: { term: { __lookup: state.current } } } },
              settings: { index: { uuid: state.uuid } },
            },
          },
        }),
      },
      fieldCaps: async () => ({
        body: {
          fields: Object.fromEntries(state.fields.map((f) => [f, caps('long')])),
        },
      }),
      search: async ({ body }: { body: FakeBody }) => {
        searches.push(body);
        const all = [...state.slices.keys()].filter((s) => inQuery(s, body.query)).sort();
        const withDocs = all.filter((s) => state.slices.get(s)!.docs.length > 0);
        const aggs = body.aggs;
        if (aggs.presence) {
          const excluded: string[] = aggs.presence.filter.bool?.must_not[0].terms.__lookup ?? [];
          const sub = aggs.presence.aggs.slices;
          const chosen = withDocs.filter((s) => !excluded.includes(s)).slice(0, sub.terms.size);
          return {
            body: {
              aggregations: {
                slices: { buckets: withDocs.map((s) => presenceOf(s, undefined)) },
                presence: {
                  slices: {
                    buckets: chosen.map((s) => presenceOf(s, sub.aggs.fields?.filters.filters)),
                  },
                },
              },
            },
          };
        }
        return {
          body: {
            aggregations: {
              slices: {
                buckets: withDocs.map((s) =>
                  presenceOf(s, aggs.slices.aggs.fields?.filters.filters)
                ),
              },
            },
          },
        };
      },
    };
    return { client: client as never, searches };
  }

  const doc = (...fields: string[]) => new Set(fields);
  const base = (): Fake => ({
    uuid: 'u1',
    current: 's3',
    fields: ['a', 'b', 'c'],
    slices: new Map([
      ['s1', { docs: [doc('a'), doc('a', 'b')], seq: 1 }],
      ['s2', { docs: [doc('b')], seq: 5 }],
      ['s3', { docs: [doc('c')], seq: 9 }],
    ]),
  });
  const carried = (answer: { fields: Record<string, Record<string, { indices?: string[] }>> }) =>
    Object.fromEntries(
      Object.entries(answer.fields).map(([f, types]) => [f, types.long?.indices ?? 'all'])
    );

  it('computes every slice once, then only the current one, in one search per request', async () => {
    const state = base();
    const { client, searches } = fakeClient(state);
    const service = new FieldCapsService();
    const request = { fields: '*', include_unmapped: true };
    const first = await service.fieldCaps(client, 'lk_x', request);
    expect(carried(first)).toEqual({ a: ['s1'], b: ['s1', 's2'], c: ['s3'] });
    expect(service.lastStats).toEqual({ searches: 1, computedSlices: 3, cachedSlices: 0 });

    const second = await service.fieldCaps(client, 'lk_x', request);
    expect(second).toEqual(first);
    expect(service.lastStats).toEqual({ searches: 1, computedSlices: 1, cachedSlices: 2 });
    expect(searches).toHaveLength(2);

    // An append to the current slice shows at once.
    state.slices.get('s3')!.docs.push(doc('a'));
    state.slices.get('s3')!.seq += 10;
    expect(carried(await service.fieldCaps(client, 'lk_x', request))).toEqual({
      a: ['s1', 's3'],
      b: ['s1', 's2'],
      c: ['s3'],
    });
  });

  it('recomputes a cached slice whose fingerprint moved, with one more search', async () => {
    const state = base();
    const { client, searches } = fakeClient(state);
    const service = new FieldCapsService();
    await service.fieldCaps(client, 'lk_x', { fields: '*' });
    // Rolled back onto s2, upserted (same count, new seq_no), then overwritten again.
    state.slices.get('s2')!.docs[0] = doc('c');
    state.slices.get('s2')!.seq = 42;
    const answer = await service.fieldCaps(client, 'lk_x', { fields: '*', include_unmapped: true });
    expect(carried(answer)).toEqual({ a: ['s1'], b: ['s1'], c: ['s2', 's3'] });
    expect(service.lastStats.searches).toBe(2);
    expect(searches).toHaveLength(3);
  });

  it('forgets everything for a recreated index (another uuid), even with the same slices', async () => {
    const state = base();
    const { client } = fakeClient(state);
    const service = new FieldCapsService();
    await service.fieldCaps(client, 'lk_x', { fields: '*' });
    state.uuid = 'u2';
    state.slices.set('s1', { docs: [doc('c'), doc('c')], seq: 1 });
    const answer = await service.fieldCaps(client, 'lk_x', { fields: '*', include_unmapped: true });
    expect(carried(answer)).toEqual({ b: ['s2'], c: ['s1', 's3'] });
  });

  it('recomputes cached slices once a new field is mapped', async () => {
    const state = base();
    const { client } = fakeClient(state);
    const service = new FieldCapsService();
    await service.fieldCaps(client, 'lk_x', { fields: '*' });
    state.fields.push('d');
    state.slices.get('s3')!.docs.push(doc('d'));
    state.slices.get('s3')!.seq += 1;
    await service.fieldCaps(client, 'lk_x', { fields: '*' });
    expect(service.lastStats).toEqual({ searches: 1, computedSlices: 3, cachedSlices: 0 });
  });

  it('splits the first computation of many slices to stay within the bucket budget', async () => {
    const state = base();
    for (let i = 4; i <= 9; i++) state.slices.set(`s${i}`, { docs: [doc('a')], seq: i });
    const { client } = fakeClient(state);
    // 3 fields + 1: two slices per search.
    const service = new FieldCapsService({ maxBucketsPerSearch: 8 });
    const answer = await service.fieldCaps(client, 'lk_x', { fields: 'a', include_unmapped: true });
    expect(answer.indices).toHaveLength(9);
    expect(carried(answer).a).toEqual(['s1', 's4', 's5', 's6', 's7', 's8', 's9']);
    expect(service.lastStats.searches).toBe(5);
  });

  it('serves a caller who may not get the index, probing by alias and without the cache', async () => {
    const state = base();
    const { client } = fakeClient(state);
    const forbidden = Object.assign(new Error('no permissions for [indices:admin/get]'), {
      name: 'ResponseError',
      meta: { statusCode: 403, body: {} },
    });
    const limited = {
      ...(client as object),
      indices: {
        get: async () => {
          throw forbidden;
        },
        getAlias: async () => ({
          body: { lk_x__lookup: { aliases: { lk_x: { filter: { term: { __lookup: 's3' } } } } } },
        }),
      },
    } as never;
    const service = new FieldCapsService();
    const request = { fields: '*', include_unmapped: true };
    expect(carried(await service.fieldCaps(limited, 'lk_x', request))).toEqual({
      a: ['s1'],
      b: ['s1', 's2'],
      c: ['s3'],
    });
    await service.fieldCaps(limited, 'lk_x', request);
    expect(service.lastStats).toEqual({ searches: 1, computedSlices: 3, cachedSlices: 0 });
  });

  it('lists an empty current slice', async () => {
    const state = base();
    state.current = 's4';
    state.slices.set('s4', { docs: [], seq: 0 });
    const { client } = fakeClient(state);
    const answer = await new FieldCapsService().fieldCaps(client, 'lk_x', { fields: '*' });
    expect(answer.indices).toEqual(['s1', 's2', 's3', 's4']);
  });
});
