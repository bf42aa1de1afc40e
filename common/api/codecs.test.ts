/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

import { decode } from './decode';
import { RowsQuery, WriteBody } from './codecs';

describe('WriteBody', () => {
  it.each([
    ['rows as objects', { rows: [{ host: 'a', n: 1 }] }],
    [
      'rows with every option',
      { rows: [], append: true, override_if_empty: false, key_field: ['host'], max: 5 },
    ],
    [
      'the _plugins/_ppl table',
      { schema: [{ name: 'host', type: 'string' }], datarows: [['a'], ['b']] },
    ],
  ])('accepts %s', (_label, body) => {
    expect(decode(WriteBody, body)).toEqual({ ok: true, value: body });
  });

  it.each([
    ['a body that is not an object', [], undefined, /expected \{ rows: \[...\] \}/],
    ['rows that is not a list', { rows: 'x' }, 'rows', /\[rows\]: expected/],
    [
      'a row that is not an object',
      { rows: [{ a: 1 }, 5] },
      'rows.1',
      /\[rows\.1\]: expected .* but got 5/,
    ],
    [
      'append that is not a boolean',
      { rows: [], append: 'yes' },
      'append',
      /\[append\]: expected boolean but got "yes"/,
    ],
    [
      'an empty key_field',
      { rows: [], key_field: [] },
      'key_field',
      /\[key_field\]: expected a non-empty list of field names/,
    ],
    [
      'a key_field that is a string',
      { rows: [], key_field: 'host' },
      'key_field',
      /\[key_field\]: expected a non-empty list/,
    ],
    [
      'max of zero',
      { rows: [], max: 0 },
      'max',
      /\[max\]: expected an integer of at least 1 but got 0/,
    ],
    [
      'a fractional max',
      { rows: [], max: 1.5 },
      'max',
      /\[max\]: expected an integer of at least 1 but got 1.5/,
    ],
    [
      'a misspelt option',
      { rows: [], apend: true },
      'apend',
      /\[apend\]: unknown option; allowed: rows, append, override_if_empty, key_field, max/,
    ],
    [
      'a column without a type',
      { schema: [{ name: 'a' }], datarows: [] },
      'schema.0.type',
      /\[schema\.0\.type\]: expected string but got nothing/,
    ],
    [
      'datarows that are not lists',
      { schema: [], datarows: [{}] },
      'datarows.0',
      /\[datarows\.0\]: expected/,
    ],
  ])('refuses %s, naming the field', (_label, body, field, message) => {
    const result = decode(WriteBody, body);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.field).toBe(field);
    expect(result.message).toMatch(message);
  });
});

describe('RowsQuery', () => {
  it('reads numbers from query strings', () => {
    expect(decode(RowsQuery, { from: '10', size: '5', sort: 'host:desc' })).toEqual({
      ok: true,
      value: { from: 10, size: 5, sort: 'host:desc' },
    });
  });

  it.each([
    [{ size: 'ten' }, /\[size\]: expected an integer from 0 to 10000 but got "ten"/],
    [{ from: '-1' }, /\[from\]: expected an integer from 0 to 10000/],
    [{ size: '10001' }, /\[size\]: expected an integer from 0 to 10000/],
    [{ page: '1' }, /\[page\]: unknown option; allowed: from, size, sort/],
  ])('refuses %p', (query, message) => {
    const result = decode(RowsQuery, query);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toMatch(message);
  });
});
