/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

import { formatOf, previewText } from './file_preview';

describe('a file preview', () => {
  it('CSV: columns from the header, first rows, types inferred as the import does', () => {
    const csv =
      'code,name,population,capital,founded\nFR,France,68000000,true,0843-08-10\n' +
      'DE,"Germany, Fed. Rep.",84000000,false,1949-05-23\n';
    const preview = previewText(csv, 'csv', false);
    expect(preview.schema).toEqual([
      { name: 'code', type: 'string' },
      { name: 'name', type: 'string' },
      { name: 'population', type: 'long' },
      { name: 'capital', type: 'boolean' },
      { name: 'founded', type: 'timestamp' },
    ]);
    expect(preview.rows[1]).toEqual([
      'DE',
      'Germany, Fed. Rep.',
      '84000000',
      'false',
      '1949-05-23',
    ]);
    expect(preview.rowsRead).toBe(2);
  });

  it('leading zeros keep a column text; a cut-off last line is not read', () => {
    const preview = previewText('zip,n\n007,1\n010,2.5\n99', 'csv', true);
    expect(preview.schema).toEqual([
      { name: 'zip', type: 'string' },
      { name: 'n', type: 'double' },
    ]);
    expect(preview.rowsRead).toBe(2);
  });

  it('NDJSON: every key a column, types from the JSON values', () => {
    const preview = previewText('{"a":1,"b":"x"}\n{"a":2,"c":true}\n', 'ndjson', false);
    expect(preview.schema).toEqual([
      { name: 'a', type: 'long' },
      { name: 'b', type: 'string' },
      { name: 'c', type: 'boolean' },
    ]);
    expect(preview.rows).toEqual([
      [1, 'x', null],
      [2, null, true],
    ]);
  });

  it('says which line is not JSON', () => {
    expect(() => previewText('{"a":1}\nnope\n', 'ndjson', false)).toThrow('Line 2 is not JSON');
  });

  it('guesses the format from the name', () => {
    expect(formatOf('hosts.NDJSON')).toBe('ndjson');
    expect(formatOf('hosts.jsonl')).toBe('ndjson');
    expect(formatOf('hosts.tsv')).toBe('csv');
  });
});
