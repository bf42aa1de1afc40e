/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

import type { Command, Expr, OutputLookup, Query } from './ast';
import { OUTPUTLOOKUP_OPTIONS, parsePpl, PplSyntaxError, SUPPORTED_COMMANDS } from './parser';

function parsed(text: string): Query {
  const result = parsePpl(text);
  if (!result.ok) {
    throw new Error(`expected ${JSON.stringify(text)} to parse: ${result.error.message}`);
  }
  return result.query;
}

function failure(text: string): PplSyntaxError {
  const result = parsePpl(text);
  if (result.ok) {
    throw new Error(`expected ${JSON.stringify(text)} to be refused`);
  }
  return result.error;
}

const firstCommand = (text: string): Command => parsed(text).commands[0];

/** An expression as a compact S-expression, to check structure and precedence at a glance. */
function show(e: Expr): string {
  switch (e.kind) {
    case 'Literal':
      return e.literalType === 'string' ? JSON.stringify(e.value) : e.text;
    case 'Field':
      return e.quoted ? `\`${e.name}\`` : e.name;
    case 'Binary':
      return `(${e.op} ${show(e.left)} ${show(e.right)})`;
    case 'Unary':
      return `(${e.op} ${show(e.operand)})`;
    case 'Call':
      return `${e.name}(${e.args.map(show).join(', ')})`;
    case 'In':
      return `(${e.negated ? 'NOT IN' : 'IN'} ${show(e.expr)} [${e.values.map(show).join(', ')}])`;
    case 'Between':
      return `(${e.negated ? 'NOT BETWEEN' : 'BETWEEN'} ${show(e.expr)} ${show(e.low)} ${show(e.high)})`;
    case 'Like':
      return `(${e.syntax.toUpperCase()}${e.caseSensitive === undefined ? '' : `/${e.caseSensitive ? 'cs' : 'ci'}`} ${show(e.expr)} ${show(e.pattern)})`;
    case 'IsNull':
      return `(${e.negated ? 'IS NOT NULL' : 'IS NULL'} ${show(e.expr)})`;
    case 'Case':
      return `case(${e.branches.map((b) => `${show(b.when)} => ${show(b.then)}`).join(', ')}${
        e.otherwise === undefined ? '' : ` else ${show(e.otherwise)}`
      })`;
    case 'Cast':
      return `cast(${show(e.expr)} as ${e.typeName})`;
    case 'Lambda':
      return `(${e.params.join(', ')}) -> ${show(e.body)}`;
    case 'Interval':
      return `interval(${show(e.value)} ${e.unit})`;
  }
}

const whereOf = (condition: string): string => {
  const command = firstCommand(`source=x | where ${condition}`);
  if (command.kind !== 'Where') {
    throw new Error('not a where');
  }
  return show(command.condition);
};

describe('parsePpl: the leading command', () => {
  const cases: Array<{ query: string; source: object }> = [
    {
      query: 'source=logs',
      source: { kind: 'Source', search: false, keyword: 'source', indices: [{ name: 'logs' }] },
    },
    {
      query: 'search source=logs',
      source: {
        kind: 'Source',
        search: true,
        indices: [{ name: 'logs', span: { start: 14, end: 18 } }],
      },
    },
    {
      query: 'SEARCH SOURCE = logs-2024.*, other,`a,b`',
      source: {
        keyword: 'source',
        indices: [
          { name: 'logs-2024.*', quoted: false },
          { name: 'other', quoted: false },
          { name: 'a,b', quoted: true },
        ],
      },
    },
    { query: 'index=.hidden', source: { keyword: 'index', indices: [{ name: '.hidden' }] } },
    { query: 'source=remote:logs-*', source: { indices: [{ name: 'remote:logs-*' }] } },
    { query: 'source=logs-2020.01.11', source: { indices: [{ name: 'logs-2020.01.11' }] } },
    { query: '| source=x', source: { indices: [{ name: 'x' }] } },
    { query: 'source=x // trailing comment', source: { indices: [{ name: 'x' }] } },
    { query: 'makeresults', source: { kind: 'MakeResults', count: 1, written: {} } },
    {
      query: 'makeresults count=3',
      source: { kind: 'MakeResults', count: 3, written: { count: 3 } },
    },
    {
      query: 'makeresults COUNT=-2',
      source: { kind: 'MakeResults', count: 0, written: { count: -2 } },
    },
    {
      query: "makeresults data='a:int\n1' format=CSV count=9",
      source: { count: 9, format: 'csv', data: 'a:int\n1', inline: { rows: [[1]] } },
    },
  ];
  it.each(cases)('$query', ({ query, source }) => {
    expect(parsed(query).source).toMatchObject(source);
  });

  it('spans the whole query', () => {
    expect(parsed('source=x | head 5').span).toEqual({ start: 0, end: 17 });
  });
});

describe('parsePpl: every command and option', () => {
  const cases: Array<{ query: string; command: object }> = [
    // where
    { query: "where a = 'x'", command: { kind: 'Where', span: { start: 11, end: 24 } } },
    // fields
    {
      query: 'fields a, b c*',
      command: {
        kind: 'Fields',
        mode: 'include',
        signWritten: false,
        fields: [
          { pattern: 'a', wildcard: false },
          { pattern: 'b', wildcard: false },
          { pattern: 'c*', wildcard: true },
        ],
      },
    },
    {
      query: 'fields - a, *_id, `x*y`',
      command: {
        mode: 'exclude',
        signWritten: true,
        fields: [
          { pattern: 'a' },
          { pattern: '*_id', wildcard: true },
          { pattern: 'x*y', wildcard: true, quoted: true },
        ],
      },
    },
    {
      query: 'fields + geo.city, host-name',
      command: { mode: 'include', fields: [{ pattern: 'geo.city' }, { pattern: 'host-name' }] },
    },
    { query: 'fields *', command: { fields: [{ pattern: '*', wildcard: true }] } },
    // rename
    {
      query: 'rename a as b, c* as d*',
      command: {
        kind: 'Rename',
        renames: [
          { from: { pattern: 'a' }, to: { pattern: 'b' } },
          { from: { pattern: 'c*', wildcard: true }, to: { pattern: 'd*', wildcard: true } },
        ],
      },
    },
    {
      query: 'rename a AS b c as `d e`',
      command: {
        renames: [{ to: { pattern: 'b' } }, { from: { pattern: 'c' }, to: { pattern: 'd e' } }],
      },
    },
    // eval
    {
      query: 'eval x = a + 1, `y z` = lower(b)',
      command: {
        kind: 'Eval',
        assignments: [{ field: { name: 'x' } }, { field: { name: 'y z', quoted: true } }],
      },
    },
    // stats
    {
      query: 'stats count() as c, avg(x) by a, b',
      command: {
        kind: 'Stats',
        aggregations: [
          { func: 'count', name: 'c', alias: 'c' },
          { func: 'avg', name: 'avg(x)', arg: { kind: 'Field', name: 'x' } },
        ],
        by: [{ name: 'a' }, { name: 'b' }],
        bucketNullable: true,
      },
    },
    {
      query: 'stats count',
      command: { aggregations: [{ func: 'count', funcWritten: 'count', name: 'count' }], by: [] },
    },
    {
      query: 'stats c by a b',
      command: {
        aggregations: [{ func: 'count', funcWritten: 'c', name: 'c' }],
        by: [{ name: 'a' }, { name: 'b' }],
      },
    },
    {
      query: 'stats dc(x), distinct_count(y), sum(x), min(x), max(x), count(x)',
      command: {
        aggregations: [
          { func: 'dc', funcWritten: 'dc' },
          { func: 'dc', funcWritten: 'distinct_count', name: 'distinct_count(y)' },
          { func: 'sum' },
          { func: 'min' },
          { func: 'max' },
          { func: 'count', arg: { name: 'x' } },
        ],
      },
    },
    // The default name is the text as written, spaces and case included (PPL's getTextInQuery).
    {
      query: 'stats COUNT( x ) , Avg(a + 1)',
      command: { aggregations: [{ name: 'COUNT( x )' }, { name: 'Avg(a + 1)' }] },
    },
    {
      query: 'stats bucket_nullable=false count() by a',
      command: { bucketNullable: false, written: { bucketNullable: false } },
    },
    // dedup
    {
      query: 'dedup 2 a,b keepempty=true consecutive=false',
      command: {
        kind: 'Dedup',
        count: 2,
        fields: [{ name: 'a' }, { name: 'b' }],
        keepEmpty: true,
        consecutive: false,
        written: { count: 2, keepEmpty: true, consecutive: false },
      },
    },
    { query: 'dedup a', command: { count: 1, keepEmpty: false, consecutive: false, written: {} } },
    {
      query: 'dedup a b consecutive=true keepempty=false',
      command: { fields: [{ name: 'a' }, { name: 'b' }], consecutive: true, keepEmpty: false },
    },
    // sort
    {
      query: 'sort - f',
      command: {
        kind: 'Sort',
        count: 0,
        keys: [{ field: { name: 'f' }, order: 'desc', notation: 'prefix' }],
      },
    },
    {
      query: 'sort f desc, g, h asc',
      command: {
        keys: [
          { field: { name: 'f' }, order: 'desc', notation: 'suffix' },
          { field: { name: 'g' }, order: 'asc', notation: 'none' },
          { field: { name: 'h' }, order: 'asc', notation: 'suffix' },
        ],
      },
    },
    { query: 'sort +a, -b', command: { keys: [{ order: 'asc' }, { order: 'desc' }] } },
    { query: 'sort 5 a', command: { count: 5, keys: [{ field: { name: 'a' } }] } },
    { query: 'sort -5 a', command: { count: 0, keys: [{ field: { name: 'a' }, order: 'asc' }] } },
    {
      query: 'sort num(a) d, str(b) A',
      command: {
        keys: [
          { as: 'num', order: 'desc' },
          { as: 'str', order: 'asc' },
        ],
      },
    },
    { query: 'sort d', command: { keys: [{ field: { name: 'd' }, order: 'asc' }] } },
    // head
    { query: 'head', command: { kind: 'Head', size: 10, from: 0, written: {} } },
    { query: 'head 5', command: { size: 5, from: 0 } },
    { query: 'head 10 from 5', command: { size: 10, from: 5, written: { size: 10, from: 5 } } },
    { query: 'head limit=3', command: { size: 3 } },
    { query: 'head from 2', command: { size: 10, from: 2 } },
    // top, rare
    {
      query: 'top 3 f by g',
      command: {
        kind: 'Top',
        limit: 3,
        fields: [{ name: 'f' }],
        by: [{ name: 'g' }],
        countField: 'count',
        showCount: true,
        useNull: true,
      },
    },
    { query: 'top f, g', command: { limit: 10, fields: [{ name: 'f' }, { name: 'g' }], by: [] } },
    {
      query: "top limit=5 countfield='n' showcount=false usenull=false a by b c",
      command: {
        limit: 5,
        countField: 'n',
        showCount: false,
        useNull: false,
        by: [{ name: 'b' }, { name: 'c' }],
        written: { limit: 5, countField: 'n', showCount: false, useNull: false },
      },
    },
    {
      query: 'rare f by h',
      command: { kind: 'Rare', limit: 10, fields: [{ name: 'f' }], by: [{ name: 'h' }] },
    },
    // lookup (docs/user/ppl/cmd/lookup.md)
    {
      query: 'lookup table2 id',
      command: {
        kind: 'Lookup',
        table: { name: 'table2' },
        mappings: [{ lookupField: { name: 'id' }, sourceField: { name: 'id' } }],
        strategy: 'replace',
        outputs: [],
      },
    },
    {
      query: 'LOOKUP work_information uid AS id, name REPLACE department',
      command: {
        mappings: [
          { lookupField: { name: 'uid' }, sourceField: { name: 'id' } },
          { lookupField: { name: 'name' }, sourceField: { name: 'name' } },
        ],
        strategy: 'replace',
        strategyWritten: 'replace',
        outputs: [{ inputField: { name: 'department' }, outputField: { name: 'department' } }],
      },
    },
    {
      query: 'lookup my-lookup id as cid append dept as department, city as location',
      command: {
        table: { name: 'my-lookup' },
        strategy: 'append',
        outputs: [
          { inputField: { name: 'dept' }, outputField: { name: 'department' } },
          { inputField: { name: 'city' }, outputField: { name: 'location' } },
        ],
      },
    },
    {
      query: 'lookup t id output dept',
      command: { strategy: 'replace', strategyWritten: 'output' },
    },
  ];
  it.each(cases)('$query', ({ query, command }) => {
    expect(firstCommand(`source=x | ${query}`)).toMatchObject(command);
  });

  it('reads a pipeline of commands in order, with empty commands and a trailing "|"', () => {
    const q = parsed('source=x | where a > 1 | | stats count() by a | sort a | head 3 |');
    expect(q.commands.map((c) => c.kind)).toEqual(['Where', 'Stats', 'Sort', 'Head']);
  });
});

describe('parsePpl: expressions', () => {
  const cases: Array<[string, string]> = [
    // Precedence: NOT > AND > XOR > OR (OpenSearchPPLParser.g4's logicalExpression order).
    ['a OR b AND c', '(OR a (AND b c))'],
    ['a XOR b OR c AND d', '(OR (XOR a b) (AND c d))'],
    ['a AND b XOR c', '(XOR (AND a b) c)'],
    ['NOT a = 1 AND b', '(AND (NOT (= a 1)) b)'],
    ['not not a', '(NOT (NOT a))'],
    ['(a OR b) AND c', '(AND (OR a b) c)'],
    // Arithmetic
    ['a + b * c - d / 2 % 3', '(- (+ a (* b c)) (% (/ d 2) 3))'],
    ['-a + -(b - 1)', '(+ (- a) (- (- b 1)))'],
    ['x = -5', '(= x -5)'],
    ['x == 1', '(= x 1)'],
    [
      'a != 1 and b <= 2 and c >= 3 and d < 4 and e > 5',
      '(AND (AND (AND (AND (!= a 1) (<= b 2)) (>= c 3)) (< d 4)) (> e 5))',
    ],
    // Predicates
    ["a IN (1, -2, 'x', true)", '(IN a [1, -2, "x", true])'],
    ['a not in (1)', '(NOT IN a [1])'],
    ['a BETWEEN 1 AND 5 AND b', '(AND (BETWEEN a 1 5) b)'],
    ['a not between 1 + 1 and 5', '(NOT BETWEEN a (+ 1 1) 5)'],
    ['a IS NULL OR b is not null', '(OR (IS NULL a) (IS NOT NULL b))'],
    ["a LIKE 'x%'", '(OPERATOR a "x%")'],
    ["like(a, 'x%')", '(LIKE a "x%")'],
    ["like(a, 'x%', true)", '(LIKE/cs a "x%")'],
    ["ilike(a, 'x%')", '(ILIKE/ci a "x%")'],
    ["a ilike 'x%'", '(OPERATOR/ci a "x%")'],
    // Functions
    ['isnull(a) and isnotnull(b)', '(AND isnull(a) isnotnull(b))'],
    ['ifnull(a, 0) = coalesce(b, c, 1)', '(= ifnull(a, 0) coalesce(b, c, 1))'],
    ["if(a > 1, 'big', 'small') = 'big'", '(= if((> a 1), "big", "small") "big")'],
    ['SUBSTR(a, 1, 2) = Ceiling(b)', '(= substring(a, 1, 2) ceil(b))'],
    [
      "concat_ws(',', trim(a), ltrim(b), rtrim(c)) = concat(lower(d), upper(e))",
      '(= concat_ws(",", trim(a), ltrim(b), rtrim(c)) concat(lower(d), upper(e)))',
    ],
    [
      "length(replace(a, 'x', 'y')) > abs(round(b, 2)) + floor(c)",
      '(> length(replace(a, "x", "y")) (+ abs(round(b, 2)) floor(c)))',
    ],
    [
      "case(a > 1, 'x', a < 0, 'y' else 'z') = 'x'",
      '(= case((> a 1) => "x", (< a 0) => "y" else "z") "x")',
    ],
    ["case(a = 1, 'one')", 'case((= a 1) => "one")'],
    ['cast(a as LONG) > cast(b as integer)', '(> cast(a as long) cast(b as integer))'],
    // Names
    ['`my field` = geo.city', '(= `my field` geo.city)'],
    ['`geo`.`my city` = @timestamp', '(= `geo.my city` @timestamp)'],
    // Words are field names where no keyword fits.
    ['count > 1 and max = append', '(AND (> count 1) (= max append))'],
    ['in = 1', '(= in 1)'],
  ];
  it.each(cases)('%s', (condition, expected) => {
    expect(whereOf(condition)).toBe(expected);
  });

  const literals: Array<[string, string, unknown]> = [
    ['1', 'int', 1],
    ['-2147483648', 'int', -2147483648],
    ['2147483648', 'bigint', 2147483648],
    // Beyond 2^53, `value` is the nearest double; `text` keeps the digits (tested below).
    ['9223372036854775807', 'bigint', Number('9223372036854775807')],
    ['1.5', 'double', 1.5],
    ['.5', 'double', 0.5],
    ['1e3', 'double', 1000],
    ['2.5D', 'double', 2.5],
    ['1.1F', 'float', Math.fround(1.1)],
    ["'s'", 'string', 's'],
    ['"d"', 'string', 'd'],
    ['TRUE', 'boolean', true],
    ['false', 'boolean', false],
  ];
  it.each(literals)('types the literal %s as %s', (text, literalType, value) => {
    const command = firstCommand(`source=x | eval v = ${text}`);
    expect(command).toMatchObject({
      assignments: [{ expr: { kind: 'Literal', literalType, value } }],
    });
  });

  it('keeps the exact digits of a bigint beyond 2^53', () => {
    expect(firstCommand('source=x | eval v = 9007199254740993')).toMatchObject({
      assignments: [{ expr: { literalType: 'bigint', text: '9007199254740993' } }],
    });
  });

  it('gives every expression node its span', () => {
    const command = firstCommand("source=x | where lower(a) like 'x%' or b in (1)");
    expect(command.kind === 'Where' && command.condition).toMatchObject({
      kind: 'Binary',
      span: { start: 17, end: 47 },
      left: {
        kind: 'Like',
        span: { start: 17, end: 35 },
        expr: { kind: 'Call', nameSpan: { start: 17, end: 22 } },
      },
      right: { kind: 'In', span: { start: 39, end: 47 } },
    });
  });
});

describe('parsePpl: keywords stay usable as field names', () => {
  const cases: Array<{ query: string; check: (q: Query) => unknown; expected: unknown }> = [
    {
      query: 'source=x | eval append=1 | fields max, key_field',
      check: (q) =>
        q.commands.map((c) => (c.kind === 'Fields' ? c.fields.map((f) => f.pattern) : c.kind)),
      expected: ['Eval', ['max', 'key_field']],
    },
    {
      query:
        'source=x | eval max = 1, override_if_empty = max + 1 | stats count() as append by max',
      check: (q) =>
        q.commands[1].kind === 'Stats' && [
          q.commands[1].aggregations[0].name,
          q.commands[1].by[0].name,
        ],
      expected: ['append', 'max'],
    },
    {
      query: 'source=x | sort source, from | dedup keepempty | top count by by',
      check: (q) => q.commands.length,
      expected: 3,
    },
    {
      query: 'source=x | outputlookup append',
      check: (q) => q.output?.name,
      expected: 'append',
    },
    {
      query: 'source=x | outputlookup key_field=max, append max=2 max',
      check: (q) => [q.output?.keyFields.map((f) => f.name), q.output?.max, q.output?.name],
      expected: [['max', 'append'], 2, 'max'],
    },
  ];
  it.each(cases)('$query', ({ query, check, expected }) => {
    expect(check(parsed(query))).toEqual(expected);
  });
});

describe('parsePpl: outputlookup', () => {
  const output = (text: string): OutputLookup | undefined => parsed(`source=x | ${text}`).output;
  const cases: Array<{ query: string; expected: Partial<OutputLookup> }> = [
    {
      query: 'outputlookup hosts',
      expected: {
        name: 'hosts',
        append: false,
        overrideIfEmpty: true,
        keyFields: [],
        written: {},
        options: [],
      },
    },
    {
      query: 'outputlookup append=true hosts',
      expected: { append: true, written: { append: true } },
    },
    {
      query: 'outputlookup override_if_empty=false hosts',
      expected: { overrideIfEmpty: false, written: { overrideIfEmpty: false } },
    },
    { query: 'outputlookup max=100 hosts', expected: { max: 100, written: { max: 100 } } },
    // key_field implies append unless append is written.
    {
      query: 'outputlookup key_field=id hosts',
      expected: {
        append: true,
        keyFields: [{ kind: 'Field', name: 'id', quoted: false, span: { start: 34, end: 36 } }],
        written: {
          keyFields: [{ kind: 'Field', name: 'id', quoted: false, span: { start: 34, end: 36 } }],
        },
      },
    },
    {
      query: 'outputlookup append=false key_field=id hosts',
      expected: { append: false, written: expect.objectContaining({ append: false }) },
    },
    // Any order.
    {
      query: 'outputlookup max=5 key_field=a, `b c` override_if_empty=false append=true my-hosts',
      expected: {
        name: 'my-hosts',
        append: true,
        overrideIfEmpty: false,
        max: 5,
        keyFields: [
          expect.objectContaining({ name: 'a' }),
          expect.objectContaining({ name: 'b c', quoted: true }),
        ],
      },
    },
    {
      query: 'OUTPUTLOOKUP APPEND=TRUE hosts_2024.v1',
      expected: { name: 'hosts_2024.v1', append: true },
    },
    { query: 'outputlookup `hosts`', expected: { name: 'hosts', nameQuoted: true } },
  ];
  it.each(cases)('$query', ({ query, expected }) => {
    expect(output(query)).toMatchObject(expected);
  });

  it('records each option with its spans, in the order written', () => {
    const text = 'source=x | outputlookup max=5 append=true hosts';
    const out = output('outputlookup max=5 append=true hosts');
    expect(
      out?.options.map((o) => [
        o.name,
        text.slice(o.span.start, o.span.end),
        text.slice(o.valueSpan.start, o.valueSpan.end),
      ])
    ).toEqual([
      ['max', 'max=5', '5'],
      ['append', 'append=true', 'true'],
    ]);
    expect(out?.nameSpan).toEqual({ start: 42, end: 47 });
  });

  it('lists its options for completion', () => {
    expect(OUTPUTLOOKUP_OPTIONS).toEqual(['append', 'override_if_empty', 'key_field', 'max']);
  });

  it('works after makeresults and every other command', () => {
    const q = parsed(
      "makeresults format=csv data='a,b\n1,2' | where a = '1' | eval c = 1 | fields a, c | rename c as d | outputlookup hosts"
    );
    expect([q.source.kind, q.commands.length, q.output?.name]).toEqual(['MakeResults', 4, 'hosts']);
  });
});

describe('parsePpl: errors say where and what', () => {
  interface ErrorCase {
    query: string;
    /** The text at fault: the error's offset is its first occurrence ('' = the end of the query). */
    at: string;
    detail: RegExp;
    expected?: string[];
    /** Take the last occurrence of `at` instead of the first. */
    last?: boolean;
  }
  const supported = SUPPORTED_COMMANDS.join(', ');
  const cases: ErrorCase[] = [
    {
      query: '',
      at: '',
      detail: /the query is empty/,
      expected: ['source=', 'search', 'makeresults'],
    },
    {
      query: 'where a = 1',
      at: 'where',
      detail: /starts with source=<index> or makeresults, found the command "where"/,
    },
    {
      query: 'hello',
      at: 'hello',
      detail: /expected source=<index> or makeresults at the start of the query, found "hello"/,
    },
    {
      query: 'search where',
      at: '',
      detail: /^expected "source=<index>" after "where", found the end of the query$/,
    },
    {
      query: 'source=',
      at: '',
      detail: /^expected an index name after "=", found the end of the query$/,
    },
    {
      query: 'source=x (error',
      at: '',
      detail: /^expected "\)" after "error", found the end of the query$/,
    },
    {
      query: 'source=x | foo',
      at: 'foo',
      detail: new RegExp(`unknown command "foo"; supported commands: ${supported}$`),
      expected: [...SUPPORTED_COMMANDS],
    },
    {
      query: 'source=x | cluster message',
      at: 'cluster',
      detail:
        /the command "cluster" is not supported here: text-similarity .*; supported commands: where,/,
    },
    {
      query: 'source=x | makeresults',
      at: 'makeresults',
      detail: /"makeresults" can only start a query/,
    },
    { query: 'source=x | 5', at: '5', detail: /^expected a command after "\|", found "5"$/ },
    {
      query: 'source=x | where a = 1 b',
      at: 'b',
      detail: /^expected "\|" or the end of the query after "1", found "b"$/,
    },
    // outputlookup
    {
      query: 'source=x | outputlookup hosts | fields a',
      at: 'fields',
      detail: /^"outputlookup" must be the last command, found "fields" after it$/,
    },
    {
      query: 'source=x | outputlookup hosts | outputlookup b',
      at: 'outputlookup b',
      detail: /found "outputlookup" after it/,
    },
    {
      query: 'source=x | outputlookup hosts |',
      at: '|',
      last: true,
      detail: /must be the last command, found "\|" after it/,
    },
    {
      query: 'source=x | outputlookup hosts extra',
      at: 'extra',
      detail: /^expected the end of the query after the lookup name "hosts", found "extra"$/,
    },
    {
      query: 'source=x | outputlookup max=0 hosts',
      at: '0',
      detail: /^max must be an integer of at least 1, found 0$/,
    },
    {
      query: 'source=x | outputlookup max=1.5 hosts',
      at: '1.5',
      detail: /max must be a whole number/,
    },
    {
      query: 'source=x | outputlookup max=-1 hosts',
      at: '-',
      detail: /expected max \(a whole number\) after "=", found "-"/,
    },
    {
      query: 'source=x | outputlookup append=true append=false hosts',
      at: 'append=false',
      detail: /the option "append" is given twice in "outputlookup"/,
    },
    {
      query: 'source=x | outputlookup key_field=a max=2 KEY_FIELD=b hosts',
      at: 'KEY_FIELD',
      detail: /the option "key_field" is given twice/,
    },
    {
      query: 'source=x | outputlookup max=1 override_if_empty=true max=3 hosts',
      at: 'max=3',
      detail: /the option "max" is given twice/,
    },
    {
      query: 'source=x | outputlookup hosts append=true',
      at: 'append',
      detail: /the option "append" must come before the lookup name/,
    },
    {
      query: 'source=x | outputlookup',
      at: '',
      detail: /^expected a lookup name after "outputlookup", found the end of the query$/,
    },
    {
      query: 'source=x | outputlookup append=true',
      at: '',
      detail: /expected a lookup name after "true"/,
    },
    {
      query: 'source=x | outputlookup foo=1 hosts',
      at: 'foo',
      detail:
        /unknown outputlookup option "foo"; options: "append", "override_if_empty", "key_field", "max"/,
    },
    {
      query: 'source=x | outputlookup append=yes hosts',
      at: 'yes',
      detail: /expected true or false after "=", found "yes"/,
      expected: ['true', 'false'],
    },
    {
      query: 'source=x | outputlookup key_field=a,max=2 hosts',
      at: 'max',
      detail: /expected a field name after ","/,
    },
    {
      query: 'source=x | outputlookup key_field=a* hosts',
      at: 'a*',
      detail: /wildcards are not allowed in key_field/,
    },
    { query: 'source=x | outputlookup Hosts', at: 'Hosts', detail: /must be lower case/ },
    { query: 'source=x | outputlookup my*hosts', at: 'my*hosts', detail: /must not contain "\*"/ },
    { query: 'source=x | outputlookup _hosts', at: '_hosts', detail: /must not start with "_"/ },
    {
      query: 'source=x | outputlookup hosts__lookup',
      at: 'hosts__lookup',
      detail: /must not end with "__lookup"/,
    },
    // Commands
    {
      query: 'source=x | fields',
      at: '',
      detail: /^expected a field name after "fields", found the end of the query$/,
    },
    {
      query: 'source=x | stats count() by | where a',
      at: '| where',
      detail: /^expected a field name after "by", found "\|"$/,
    },
    {
      query: 'source=x | stats count() by a*',
      at: 'a*',
      detail: /wildcards are not allowed in stats … by/,
    },
    {
      query: 'source=x | stats count() by span(t, 1x)',
      at: '1x',
      detail: /"1x" is not an interval/,
    },
    { query: 'source=x | stats lower(a)', at: 'lower', detail: /"lower" is not an aggregation/ },
    {
      query: 'source=x | stats foo(a)',
      at: 'foo',
      detail: /unknown aggregation "foo"; supported: count, c, sum, avg/,
    },
    { query: 'source=x | stats avg', at: '', detail: /expected "\(" after "avg"/ },
    { query: 'source=x | stats count() as', at: '', detail: /expected a field name after "as"/ },
    {
      query: 'source=x | dedup 0 a',
      at: '0',
      detail: /the dedup count must be at least 1, found 0/,
    },
    {
      query: 'source=x | dedup a keepempty=true keepempty=false',
      at: 'keepempty=false',
      detail: /the option "keepempty" is given twice in "dedup"/,
    },
    { query: 'source=x | dedup a foo=true', at: 'foo', detail: /unknown dedup option "foo"/ },
    {
      query: 'source=x | sort -a, b desc',
      at: 'desc',
      detail: /cannot mix prefix \(\+\/-\) and suffix \(asc\/desc\) sort direction syntax/,
    },
    {
      query: 'source=x | sort +a desc',
      at: 'desc',
      detail: /cannot use both "\+" and "desc" on one sort field/,
    },
    { query: 'source=x | sort', at: '', detail: /expected a field name after "sort"/ },
    { query: 'source=x | head 1.5', at: '1.5', detail: /the head size must be a whole number/ },
    {
      query: 'source=x | head from',
      at: '',
      detail: /expected the head offset \(a whole number\) after "from"/,
    },
    { query: 'source=x | top', at: '', detail: /expected a field name after "top"/ },
    {
      query: 'source=x | top countfield=n a',
      at: 'n a',
      detail: /expected the count field name \(a quoted string\)/,
    },
    {
      query: 'source=x | rare showcount=true showcount=false a',
      at: 'showcount=false',
      detail: /given twice in "rare"/,
    },
    { query: 'source=x | rename a', at: '', detail: /expected "as" after "a"/ },
    { query: 'source=x | eval a == 1', at: '==', detail: /expected "=" after "a", found "=="/ },
    {
      query: 'source=x | eval a = ',
      at: '',
      detail: /expected an expression after "=", found the end of the query/,
    },
    { query: 'source=x | lookup', at: '', detail: /expected a lookup index name after "lookup"/ },
    {
      query: 'source=x | lookup t id foo',
      at: 'foo',
      detail:
        /expected ",", "replace", "append", "output", "outputnew" or "\|" after "id", found "foo"/,
    },
    {
      query: 'source=x | lookup t id replace',
      at: '',
      detail: /expected a field name after "replace"/,
    },
    // Expressions
    {
      query: 'source=x | where',
      at: '',
      detail: /^expected a condition after "where", found the end of the query$/,
    },
    { query: 'source=x | where a = (1 + 2', at: '', detail: /expected "\)" after "2"/ },
    {
      query: "source=x | where a = 'open",
      at: "'open",
      detail: /unterminated string: add the closing '/,
    },
    { query: 'source=x | where `open', at: '`open', detail: /unterminated quoted name/ },
    { query: 'source=x /* open', at: '/*', detail: /unterminated comment/ },
    { query: 'source=x | where a # 1', at: '#', detail: /unexpected character "#"/ },
    {
      query: 'source=x | where lower(a, b) = 1',
      at: 'lower',
      detail: /"lower" takes 1 argument, found 2/,
    },
    {
      query: 'source=x | where round() = 1',
      at: 'round',
      detail: /"round" takes 1 to 2 arguments, found 0/,
    },
    {
      query: 'source=x | where concat() = 1',
      at: 'concat',
      detail: /"concat" takes at least 1 argument, found 0/,
    },
    {
      query: 'source=x | where foo(a)',
      at: 'foo',
      detail: /unknown function "foo" \(the query editor's completion lists the functions\)/,
    },
    {
      query: 'source=x | eval c = count()',
      at: 'count',
      detail: /the aggregation "count" can only be used in "stats"/,
    },
    { query: 'source=x | where a in (b)', at: 'b)', detail: /expected a literal value/ },
    {
      query: 'source=x | where a between 1 or 2',
      at: 'or',
      detail: /expected "and" after "1", found "or"/,
    },
    { query: 'source=x | where a is 1', at: '1', detail: /expected "null" after "is"/ },
    {
      query: 'source=x | where cast(a as json)',
      at: 'json',
      detail:
        /expected a type \(int, integer, long, float, double, string, boolean, date, time, timestamp, ip\) after "as"/,
    },
    { query: 'source=x | where cast(a, int)', at: ',', detail: /expected "as" after "a"/ },
    {
      // condition.md: contains takes a string literal; a field there is a semantic error.
      query: 'source=x | where a contains b',
      at: 'b',
      detail:
        /the right-hand side of contains must be a string literal, found the field "b": write a contains 'text', or ilike\(a, concat\('%', b, '%'\)\)/,
    },
    {
      query: 'source=x | where x = null',
      at: 'null',
      detail: /test for null with "x IS NULL" or isnull\(x\)/,
    },
    { query: 'source=x | where and = 1', at: 'and', detail: /quote a field so named in backticks/ },
    {
      query: 'source=x | where like(a, b, c)',
      at: 'c)',
      detail: /the third argument of like must be true or false/,
    },
    { query: 'source=x | where case(a, 1 else 2', at: '', detail: /expected "\)" after "2"/ },
    {
      query: 'source=x | where a = 99999999999999999999',
      at: '99999999999999999999',
      detail: /out of range/,
    },
    { query: 'source=x | where a = ``', at: '``', detail: /the field name is empty/ },
    // makeresults
    {
      query: 'makeresults count=5001',
      at: '5001',
      detail: /makeresults count must not exceed 5000/,
    },
    {
      query: 'makeresults count=3000000000',
      at: '3000000000',
      detail: /not a valid integer within the allowed range/,
    },
    {
      query: 'makeresults format=csv',
      at: 'format',
      detail: /makeresults format and data must be provided together/,
      expected: ['data='],
    },
    {
      query: "makeresults data='a'",
      at: 'data',
      detail: /must be provided together/,
      expected: ['format='],
    },
    { query: 'makeresults format=xml', at: 'xml', detail: /expected csv or json/ },
    {
      query: "makeresults format=json data='{'",
      at: "'{'",
      detail: /makeresults data is not valid JSON/,
    },
    {
      query: 'makeresults count=1 count=2',
      at: 'count=2',
      detail: /the option "count" is given twice in "makeresults"/,
    },
    { query: 'makeresults rows=1', at: 'rows', detail: /unknown makeresults option "rows"/ },
  ];
  it.each(cases)('$query', ({ query, at, detail, expected, last }) => {
    const error = failure(query);
    const offset = at === '' ? query.length : last ? query.lastIndexOf(at) : query.indexOf(at);
    expect(offset).toBeGreaterThanOrEqual(0);
    expect(error.detail).toMatch(detail);
    expect(error.offset).toBe(offset);
    expect(error.message).toBe(
      `Syntax error at line ${error.line}, column ${error.column}: ${error.detail}`
    );
    expect(error.found).toBe(query.slice(error.offset, error.offset + error.length));
    if (expected !== undefined) {
      expect(error.expected).toEqual(expected);
    }
  });

  it('points at the line and column of a multi-line query', () => {
    const query = 'source=x\n| where a = 1\n| stats count() by\n| head';
    expect(failure(query)).toMatchObject({
      message: 'Syntax error at line 4, column 1: expected a field name after "by", found "|"',
      line: 4,
      column: 1,
      offset: query.lastIndexOf('|'),
      length: 1,
      expected: ['field name'],
      found: '|',
    });
  });

  it('counts columns from the start of the line, after \\r\\n too', () => {
    const query = 'source=x\r\n| eval a = 1\r\n| outputlookup max=0 hosts';
    expect(failure(query)).toMatchObject({ line: 3, column: 20, length: 1, found: '0' });
  });

  it('gives zero length at the end of the query', () => {
    expect(failure('source=x | where a =')).toMatchObject({
      line: 1,
      column: 21,
      offset: 20,
      length: 0,
      found: '',
    });
  });

  it('names the unknown command and every supported one', () => {
    const error = failure('source=x | frobnicate a');
    for (const command of SUPPORTED_COMMANDS) {
      expect(error.message).toContain(command);
    }
    expect(error.message).toContain('"frobnicate"');
  });
});
