/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

import { typeLabel } from '../../components/data_columns';
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
      { name: 'b', type: 'text' },
      { name: 'c', type: 'boolean' },
    ]);
    expect(preview.rows).toEqual([
      [1, 'x', null],
      [2, null, true],
    ]);
  });

  it('shows the values and types the import stores (#33 defect 7)', () => {
    const preview = previewText(
      '{"big":9007199254740993,"tags":["a","b"],"at":{"x":1},"r":1.5}\n{"tags":[]}\n',
      'ndjson',
      false
    );
    // Every digit, as the import keeps it; an array typed by its elements, as OpenSearch maps it.
    expect(preview.rows[0]).toEqual([9007199254740993n, ['a', 'b'], { x: 1 }, 1.5]);
    expect(preview.schema).toEqual([
      { name: 'big', type: 'long' },
      { name: 'tags', type: 'text' },
      { name: 'at', type: 'object' },
      { name: 'r', type: 'float' },
    ]);
    expect(preview.schema.map((c) => typeLabel(c.type))).toEqual([
      'bigint',
      'string',
      'struct',
      'float',
    ]);
  });

  it("shows an export's escaped formulas as the import stores them, and says so", () => {
    const preview = previewText(`k,n\r\n"'=1+1",-5\r\n"''@a",2\r\n`, 'csv', false);
    expect(preview.rows).toEqual([
      ['=1+1', '-5'],
      ["'@a", '2'],
    ]);
    expect(preview.schema.map((c) => c.type)).toEqual(['string', 'long']);
    expect(preview.formulasUnescaped).toBe(true);
    const bare = previewText(`k\n'=1\n=2\n`, 'csv', false);
    expect(bare.rows).toEqual([["'=1"], ['=2']]);
    expect(bare.formulasUnescaped).toBeUndefined();
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

describe('a ragged CSV in the preview', () => {
  it('names the first line whose field count differs from the header, as the import would', () => {
    const good = Array.from({ length: 12 }, (_, i) => `h${i},${i},x`).join('\n');
    const csv = `host,n,tag\n${good}\nh12,12\nh13,13,x\n`;
    const preview = previewText(csv, 'csv', false);
    expect(preview.problem).toBe('line 14: expected 3 fields but found 2');
    // The rows it read are still shown.
    expect(preview.rowsRead).toBe(14);
  });

  it('counts lines inside a quoted field', () => {
    const preview = previewText('a,b\n"x\ny",1\n2\n', 'csv', false);
    expect(preview.problem).toBe('line 4: expected 2 fields but found 1');
  });

  it('has no problem for a well-formed file', () => {
    expect(previewText('a,b\n1,2\n', 'csv', false).problem).toBeUndefined();
  });
});

describe('a CSV the preview cannot read (#33 defect 10)', () => {
  it('reads a quote inside an unquoted field as the import does', () => {
    const preview = previewText('host,note\nweb-1,say "hi"\n', 'csv', false);
    expect(preview.rows).toEqual([['web-1', 'say "hi"']]);
  });

  it('says where a quoted field is left open, counting lines from 1', () => {
    expect(() => previewText('host,note\nweb-1,ok\nweb-2,"open\nweb-3,x\n', 'csv', false)).toThrow(
      'line 3: a quoted field is not closed; a quote inside a quoted field is written twice ("")'
    );
  });
});
