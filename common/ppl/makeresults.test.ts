/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

import type { MakeResults } from './ast';
import {
  formatTimestamp,
  InlineTable,
  makeResultsTable,
  MakeResultsDataError,
  parseInlineData,
} from './makeresults';
import { parsePpl } from './parser';
import type { PplValue } from './types';

const NOW = new Date(Date.UTC(2024, 0, 2, 3, 4, 5, 678));
const STAMP = '2024-01-02 03:04:05';

function leading(text: string): MakeResults {
  const result = parsePpl(text);
  if (!result.ok || result.query.source.kind !== 'MakeResults') {
    throw new Error(`expected ${text} to parse as makeresults`);
  }
  return result.query.source;
}

const table = (text: string): { schema: unknown; rows: PplValue[][] } =>
  makeResultsTable(leading(text), NOW);

describe('makeresults without data: rows holding only @timestamp', () => {
  const cases: Array<{ query: string; rows: number }> = [
    { query: 'makeresults', rows: 1 },
    { query: 'makeresults count=5', rows: 5 },
    { query: 'makeresults count=0', rows: 0 },
    { query: 'makeresults count=-3', rows: 0 },
    { query: 'makeresults count=5000', rows: 5000 },
  ];
  it.each(cases)('$query gives $rows rows', ({ query, rows }) => {
    const result = table(query);
    expect(result.schema).toEqual([{ name: '@timestamp', type: 'timestamp' }]);
    expect(result.rows).toHaveLength(rows);
    expect(result.rows.every((r) => r.length === 1 && r[0] === STAMP)).toBe(true);
  });

  it('prints the query time as a PPL timestamp, in UTC, whole seconds', () => {
    expect(formatTimestamp(NOW)).toBe(STAMP);
  });
});

describe('makeresults format=json (makeresults.md, MakeResultsDataParser)', () => {
  const cases: Array<{
    data: string;
    schema: Array<[string, string]>;
    rows: PplValue[][];
    stamp: boolean;
  }> = [
    {
      // The docs' example 3.
      data: '[{"name":"John","age":35},{"name":"Sarah","age":39}]',
      schema: [
        ['name', 'string'],
        ['age', 'bigint'],
      ],
      rows: [
        ['John', 35],
        ['Sarah', 39],
      ],
      stamp: true,
    },
    {
      data: '[{"a":1},{"a":1.5},{"b":true}]',
      schema: [
        ['a', 'float'],
        ['b', 'boolean'],
      ],
      rows: [
        [1, null],
        [1.5, null],
        [null, true],
      ],
      stamp: true,
    },
    {
      // A mix of kinds becomes text, written as Java's String.valueOf would.
      data: '[{"a":1},{"a":"x"},{"a":true},{"a":2.0}]',
      schema: [['a', 'string']],
      rows: [['1'], ['x'], ['true'], ['2.0']],
      stamp: true,
    },
    {
      data: '[{"o":{"k":[1, 2.50, "s", null]}}]',
      schema: [['o', 'string']],
      rows: [['{"k":[1,2.5,"s",null]}']],
      stamp: true,
    },
    {
      // Wider than a long: kept as text. Wider than 2^53 but a long: exact, as a bigint.
      data: '[{"big":12345678901234567890,"long":9007199254740993}]',
      schema: [
        ['big', 'string'],
        ['long', 'bigint'],
      ],
      rows: [['12345678901234567890', 9007199254740993n]],
      stamp: true,
    },
    {
      data: '[{"@timestamp":"2020-01-01 00:00:00","a":null},{"a":2}]',
      schema: [
        ['@timestamp', 'string'],
        ['a', 'bigint'],
      ],
      rows: [
        ['2020-01-01 00:00:00', null],
        [null, 2],
      ],
      stamp: false,
    },
    {
      data: '[{"a":1,"a":2,"b":3}]',
      schema: [
        ['a', 'bigint'],
        ['b', 'bigint'],
      ],
      rows: [[2, 3]],
      stamp: true,
    },
    { data: '[]', schema: [], rows: [], stamp: true },
  ];
  it.each(cases)('$data', ({ data, schema, rows, stamp }) => {
    const parsed = parseInlineData('json', data);
    expect(parsed.columns.map((c) => [c.name, c.type])).toEqual(schema);
    expect(parsed.rows).toEqual(rows);
    expect(parsed.implicitTimestamp).toBe(stamp);
  });

  it('keeps columns in the order written, names that look like numbers too', () => {
    // Jackson keeps a JSON object's order; a JavaScript object would put "10" and "2" first.
    const parsed = parseInlineData('json', '[{"b":1,"10":2,"2":3,"a":4}]');
    expect(parsed.columns.map((c) => c.name)).toEqual(['b', '10', '2', 'a']);
    expect(parsed.rows).toEqual([[1, 2, 3, 4]]);
  });

  it('puts the implicit @timestamp first, set to the query time', () => {
    const result = table(`makeresults format=json data='[{"name":"John","age":35}]'`);
    expect(result).toEqual({
      schema: [
        { name: '@timestamp', type: 'timestamp' },
        { name: 'name', type: 'string' },
        { name: 'age', type: 'bigint' },
      ],
      rows: [[STAMP, 'John', 35]],
    });
  });

  it('ignores count when data is given', () => {
    expect(table(`makeresults count=9 format=json data='[{"a":1}]'`).rows).toHaveLength(1);
  });

  it.each([
    ['{', /not valid JSON: expected a field name at character 2/],
    ['[', /not valid JSON: unexpected end/],
    ['[1,]', /not valid JSON/],
    ['[{"a":1}] x', /unexpected text after the data/],
    ['{"a":1}', /must be an array of objects/],
    ['[1, 2]', /must be an array of objects/],
    ['[{"a":null}]', /column 'a' has only null values/],
  ])('refuses %s', (data, message) => {
    expect(() => parseInlineData('json', data)).toThrow(MakeResultsDataError);
    expect(() => parseInlineData('json', data)).toThrow(message);
  });
});

describe('makeresults format=csv (makeresults.md, MakeResultsDataParser)', () => {
  const cases: Array<{ data: string; schema: Array<[string, string]>; rows: PplValue[][] }> = [
    {
      // The docs' example 4.
      data: 'name:string,age:int\nJohn,35\nSarah,39',
      schema: [
        ['name', 'string'],
        ['age', 'int'],
      ],
      rows: [
        ['John', 35],
        ['Sarah', 39],
      ],
    },
    {
      data: 'a,b:long,c:double,d:float,e:boolean,f:INTEGER\r\n x , 9007199254740993 , 1.5 , 2.5f , TRUE , -7 ',
      schema: [
        ['a', 'string'],
        ['b', 'bigint'],
        ['c', 'double'],
        ['d', 'float'],
        ['e', 'boolean'],
        ['f', 'int'],
      ],
      rows: [['x', 9007199254740993n, 1.5, 2.5, true, -7]],
    },
    {
      // Empty cells are null, short rows are padded, blank lines skipped.
      data: 'a,b,c\n1,,3\n\n4\n',
      schema: [
        ['a', 'string'],
        ['b', 'string'],
        ['c', 'string'],
      ],
      rows: [
        ['1', null, '3'],
        ['4', null, null],
      ],
    },
    {
      data: 'a,a,a:int,x:foo\n1,2,3,4',
      schema: [
        ['a', 'string'],
        ['a0', 'string'],
        ['a1', 'int'],
        ['x:foo', 'string'],
      ],
      rows: [['1', '2', 3, '4']],
    },
    {
      data: 'q\n"a, ""b"""',
      schema: [['q', 'string']],
      rows: [['a, "b"']],
    },
    {
      // `\n` in a PPL string is a backslash and an "n", not a line break.
      data: 'addr\\n192.168.1.1',
      schema: [['addr\\n192.168.1.1', 'string']],
      rows: [],
    },
  ];
  it.each(cases)('$data', ({ data, schema, rows }) => {
    const parsed: InlineTable = parseInlineData('csv', data);
    expect(parsed.columns.map((c) => [c.name, c.type])).toEqual(schema);
    expect(parsed.rows).toEqual(rows);
    expect(parsed.implicitTimestamp).toBe(false);
  });

  it('adds no @timestamp column', () => {
    expect(table("makeresults format=csv data='a\n1'")).toEqual({
      schema: [{ name: 'a', type: 'string' }],
      rows: [['1']],
    });
  });

  it.each([
    ['', /must start with a header line/],
    ['a, \n1', /blank column name/],
    ['d:date\n2020-01-01', /inline type 'date' is not yet supported; use string and cast/],
    ['t:timestamp\nx', /inline type 'timestamp' is not yet supported/],
    ['a\n1,2', /row has more columns than the header: 1,2/],
    ['a:int\n1.5', /cannot parse "1.5" as int/],
    ['a:int\n3000000000', /cannot parse "3000000000" as int/],
    ['a:double\nabc', /cannot parse "abc" as double/],
    ['a:boolean\nyes', /cannot parse "yes" as boolean; expected true or false/],
    ['a\n"open', /unterminated quoted field/],
  ])('refuses %j', (data, message) => {
    expect(() => parseInlineData('csv', data)).toThrow(message);
  });
});

describe('makeresults limits', () => {
  it('refuses more than 5000 cells', () => {
    const data = `a,b\n${'1,2\n'.repeat(2501)}`;
    expect(() => parseInlineData('csv', data)).toThrow(
      'makeresults data must not exceed 5000 cells (rows x columns); got 2501 rows x 2 columns = 5002'
    );
    expect(parseInlineData('csv', `a,b\n${'1,2\n'.repeat(2500)}`).rows).toHaveLength(2500);
  });

  it('refuses a cell longer than 60000 characters', () => {
    expect(() => parseInlineData('csv', `a\n${'x'.repeat(60001)}`)).toThrow(
      'makeresults data cell value must not exceed 60000 characters; got 60001'
    );
  });

  it('reports a data error at the data string', () => {
    const query = `makeresults format=csv data='a:int\nx'`;
    const result = parsePpl(query);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error).toMatchObject({
      offset: query.indexOf("'a:int"),
      detail: 'makeresults cannot parse "x" as int',
    });
  });
});
