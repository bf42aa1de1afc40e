/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Object fields (datatypes.md): what a mapping gives as columns (objects whole, inner paths
 * hidden), and paths read inside a struct or array value, planned over rows made in memory.
 */
import type { OpenSearchClient } from 'opensearch-dashboards/server';
import { parsePpl } from '../../../common/ppl/parser';
import { readField } from './evaluate';
import { compilePipeline } from './pipeline';
import { PlanContext } from './plan_context';
import { readSourceSchema } from './source_schema';

const mappingClient = (properties: unknown) =>
  ({
    indices: { getMapping: async () => ({ body: { idx: { mappings: { properties } } } }) },
  }) as unknown as OpenSearchClient;

async function rows(query: string) {
  const parsed = parsePpl(query);
  if (!parsed.ok) throw new Error(parsed.error.message);
  const pipeline = await compilePipeline(
    { client: {} as OpenSearchClient, maxRows: 100, pageSize: 100, now: new Date() },
    parsed.query,
    query
  );
  const out: unknown[][] = [];
  const names = pipeline.columns.map((c) => c.name);
  for await (const batch of pipeline.run()) for (const r of batch) out.push(names.map((n) => r[n]));
  return { columns: pipeline.columns, rows: out };
}

describe('object fields', () => {
  it('a mapping gives leaves, objects at every depth and the paths inside nested fields', async () => {
    const schema = await readSourceSchema(
      mappingClient({
        k: { type: 'keyword' },
        o: {
          properties: { a: { type: 'integer' }, p: { properties: { b: { type: 'keyword' } } } },
        },
        n: { type: 'nested', properties: { c: { type: 'double' } } },
      }),
      ['idx']
    );
    // In the SQL plugin's order: the top level as a Java HashMap of k, n, o iterates it (n, k, o),
    // an object's paths after it.
    expect([...schema.fields.keys()]).toEqual(['n', 'k', 'o.a', 'o.p.b']);
    expect(schema.columnOrder).toEqual(['n', 'k', 'o', 'o.a', 'o.p', 'o.p.b']);
    expect([...schema.objects.values()].map((f) => [f.name, f.type])).toEqual([
      ['o', 'struct'],
      ['o.p', 'struct'],
    ]);
    expect(schema.paths.get('n.c')).toBe('double');
    expect(schema.paths.get('o.p.b')).toBe('string');
  });

  it('an alias field is a leaf of its target’s type that reads its target exactly', async () => {
    const schema = await readSourceSchema(
      mappingClient({
        msg: { type: 'text', fields: { keyword: { type: 'keyword' } } },
        note: { type: 'alias', path: 'msg' },
        lost: { type: 'alias', path: 'nowhere' },
      }),
      ['idx']
    );
    expect(schema.fields.get('note')).toEqual({
      name: 'note',
      type: 'string',
      mappingType: 'text',
      exactField: 'msg.keyword',
      aliasOf: 'msg',
    });
    // An alias whose target is no column is none either.
    expect(schema.fields.has('lost')).toBe(false);
  });

  it('a date field is a date, a time or a timestamp by its format (OpenSearchDateType)', async () => {
    const schema = await readSourceSchema(
      mappingClient({
        day: { type: 'date', format: 'strict_date' },
        clock: { type: 'date', format: 'HH:mm:ss' },
        at: { type: 'date' },
        nanos: { type: 'date_nanos', format: 'strict_date_optional_time_nanos' },
      }),
      ['idx']
    );
    const types = Object.fromEntries([...schema.fields.values()].map((f) => [f.name, f.type]));
    expect(types).toEqual({ day: 'date', clock: 'time', at: 'timestamp', nanos: 'timestamp' });
    expect(schema.fields.get('clock')?.mappingType).toBe('date');
  });

  it('a date field that is a date in one index and a time in another is refused, saying so', async () => {
    const client = {
      indices: {
        getMapping: async () => ({
          body: {
            a: { mappings: { properties: { t: { type: 'date', format: 'strict_date' } } } },
            b: { mappings: { properties: { t: { type: 'date', format: 'HH:mm:ss' } } } },
          },
        }),
      },
    } as unknown as OpenSearchClient;
    await expect(readSourceSchema(client, ['a', 'b'])).rejects.toThrow(
      'The field "t" is mapped as date (a date) in one source index and as date (a time) in another'
    );
  });

  it('a path through an array of objects reads its first element', () => {
    expect(readField({ xs: [{ id: 7 }, { id: 8 }] }, 'xs.id')).toBe(7);
    expect(readField({ o: { p: { b: 'x' } } }, 'o.p.b')).toBe('x');
    expect(readField({ o: { p: 1 } }, 'o.q')).toBeNull();
  });

  it('a path inside a struct or array column becomes a hidden column, typed from the mapping', () => {
    const ctx = new PlanContext(
      { client: {} as OpenSearchClient, maxRows: 10, pageSize: 10, now: new Date() },
      'q'
    );
    ctx.columns = [
      { name: 'o', type: 'struct' },
      { name: 'n', type: 'array' },
    ];
    ctx.paths = new Map([['o.p.b', 'string']]);
    ctx.requireColumn('o.p.b', { start: 0, end: 1 });
    ctx.requireColumn('n.c', { start: 0, end: 1 });
    expect(ctx.columns.slice(2)).toEqual([
      { name: 'o.p.b', type: 'string', hidden: true },
      { name: 'n.c', type: 'undefined', hidden: true },
    ]);
  });

  it('a path under a column that is no object stays unknown', async () => {
    await expect(rows(`makeresults format=json data='[{"k":1}]' | fields k.a`)).rejects.toThrow(
      /Unknown field "k.a"/
    );
  });
});
