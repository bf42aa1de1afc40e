/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/** Collection, JSON, cryptographic, IP and system functions: own cases, worked out by hand. */
import type { Expr } from '../../../../common/ppl/ast';
import { parsePpl } from '../../../../common/ppl/parser';
import type { PplRow, PplValue } from '../../../../common/ppl/types';
import { evaluateTyped, inferType, PplEvaluationError } from '../evaluate';

function expr(text: string): Expr {
  const result = parsePpl(`source=x | eval r = ${text}`);
  if (!result.ok) throw new Error(result.error.message);
  const [command] = result.query.commands;
  if (command.kind !== 'Eval') throw new Error('not an eval');
  return command.assignments[0].expr;
}

const run = (text: string, row: PplRow = {}) => evaluateTyped(expr(text), row);

function failure(text: string, row: PplRow = {}): Error {
  try {
    run(text, row);
  } catch (error) {
    return error as Error;
  }
  throw new Error(`${text} did not fail`);
}

describe('collection functions', () => {
  const cases: Array<[string, PplRow, PplValue]> = [
    ['array()', {}, []],
    ['array(1, 2.5)', {}, [1, 2.5]],
    ["array(1, 'x')", {}, ['1', 'x']],
    ["array_length(split('a,b,c', ','))", {}, 3],
    ['mvcount(array())', {}, 0],
    ['mvcount(a)', { a: 'single' }, 1],
    ["split('a,,b', ',')", {}, ['a', '', 'b']],
    ["split('a', '')", {}, ['a']],
    ["mvjoin(array('x', 'y'), '')", {}, 'xy'],
    ["mvjoin(a, '-')", { a: ['p', null, 'q'] }, 'p-q'],
    ['mvindex(array(10, 20, 30), 5)', {}, null],
    ['mvindex(array(10, 20, 30), -4)', {}, null],
    ['mvindex(array(10, 20, 30), 0, 10)', {}, [10, 20, 30]],
    ['mvindex(array(10, 20, 30), 2, 1)', {}, []],
    ["mvdedup(array('b', 'a', 'b'))", {}, ['b', 'a']],
    ['mvdedup(a)', { a: [1, null, 1.0, 2] }, [1, 2]],
    ['mvdedup(a)', { a: [3, 3n, 2.5, 2.5, -0, 0] }, [3, 2.5, -0]],
    ['mvdedup(a)', { a: [true, false, true] }, [true, false]],
    [
      'mvcount(mvdedup(a))',
      { a: Array.from({ length: 40_000 }, (_, i) => String(i % 20_000)) },
      20_000,
    ],
    ["mvfind(array('x1', 'y2'), '[0-9]$')", {}, 0],
    ["mvzip(array('a'), array('b', 'c'))", {}, ['a,b']],
    ['mvappend(a, 3)', { a: [1, 2] }, [1, 2, 3]],
    ['mvappend(a, b)', {}, null],
    ['filter(array(1, 2, 3, 4), x -> x % 2 = 0)', {}, [2, 4]],
    ['filter(a, x -> x > limit)', { a: [1, 2, 3], limit: 2 }, [3]],
    ["transform(array('a', 'b'), (s, i) -> concat(s, cast(i as string)))", {}, ['a0', 'b1']],
    ['reduce(array(2, 3), 1, (acc, x) -> acc * x)', {}, 6],
    ["reduce(array('b', 'c'), 'a', (acc, x) -> concat(acc, x), acc -> upper(acc))", {}, 'ABC'],
    ['forall(array(), x -> x > 0)', {}, true],
    ['exists(array(), x -> x > 0)', {}, false],
    ['exists(a, x -> x IS NULL)', { a: [1, null] }, true],
    ['mvmap(a, a * 2)', { a: [1, 2] }, [2, 4]],
    ['mvmap(mvindex(a, 0, 1), a + k)', { a: [1, 2, 3], k: 10 }, [11, 12]],
    ['filter(a, x -> x > 0)', {}, null],
  ];
  it.each(cases)('%s with %p is %p', (text, row, value) => {
    expect(run(text, row).v).toEqual(value);
  });

  it.each([
    ["mvindex(array('a', 'b'), 1)", 'string'],
    ['mvindex(array(1, 2), 0)', 'int'],
    ['mvindex(array(1, 2.5), 0)', 'double'],
    ["mvindex(split('a b', ' '), 0)", 'string'],
    ['mvindex(array(1, 2), 0, 1)', 'array'],
    ['mvindex(a, 0)', 'undefined'],
    // reduce is typed from its lambdas, as the SQL plugin infers it: the step with the
    // accumulator as the start value (again as the step's result when that differs), then
    // the finishing lambda; a lambda's own operands are not widened (acc + x over ints is int).
    ['reduce(array(1, 2), 0, (acc, x) -> acc + x)', 'int'],
    ['reduce(array(1, 2), 0, (acc, x) -> acc * 10.0 + x)', 'double'],
    ['reduce(array(1, 2), 0, (acc, x) -> acc + x, acc -> acc * 10.0)', 'double'],
    ['reduce(array(1.5), 0, (acc, x) -> acc + x)', 'double'],
    ["reduce(array('b'), 'a', (acc, x) -> concat(acc, x), acc -> length(acc))", 'int'],
    // Outside a lambda the same operation widens.
    ['array_length(array(1)) + 1', 'bigint'],
  ])('%s is typed %s', (text, type) => {
    expect(inferType(expr(text), { a: 'array' })).toBe(type);
  });

  it('reduce gives its value in its type', () => {
    expect(run('reduce(array(1, 2, 3), 0, (acc, x) -> acc * 10.0 + x)')).toEqual({
      v: 123,
      t: 'double',
    });
  });

  it.each([
    [
      'array(1, true)',
      /array\(\) cannot infer one element type for its values \[INTEGER, BOOLEAN\]/,
    ],
    ["array('a', false)", /give them one type, e.g. with cast\(true as int\)/],
    ['array(array(1), 2)', /cannot infer one element type/],
  ])('%s is refused as the SQL plugin refuses it, naming a fix', (text, message) => {
    expect(() => inferType(expr(text), {})).toThrow(message);
    expect(() => run(text)).toThrow(message);
  });

  it.each([
    ['filter(array(1), 5)', /"filter" expects a lambda with 1 parameter as argument 2/],
    ['reduce(array(1), 0, x -> x)', /"reduce" expects a lambda with 2 parameters as argument 3/],
    ["mvfind(array('a'), '(?=a)')", /lookaround/],
  ])('%s fails with a clear message', (text, message) => {
    const error = failure(text);
    expect(error).toBeInstanceOf(PplEvaluationError);
    expect(error.message).toMatch(message);
  });
});

describe('JSON functions', () => {
  const cases: Array<[string, PplValue]> = [
    ["json_object('a', 1, 'b', 'x')", '{"a":1,"b":"x"}'],
    ["json_object('n', 9007199254740993)", '{"n":9007199254740993}'],
    ['json_array()', '[]'],
    ["json_array(1, true, 'x')", '[1,true,"x"]'],
    ['json_valid(\'{"a":1}\')', true],
    ["json_valid('')", false],
    ["json('  [1]  ')", '  [1]  '],
    ["json('nope')", null],
    ['json_extract(\'{"a":{"b":"x"}}\', \'a.b\')', 'x'],
    ['json_extract(\'{"a":{"b":[1,2]}}\', \'a.b{1}\')', '2'],
    ['json_extract(\'{"a":{"b":[1,2]}}\', \'a.c\')', null],
    ["json_extract('not json', 'a')", null],
    ["json_extract('{\"a\":1,\"b\":2}', 'a', 'c')", '[1,null]'],
    ["json_keys('[1]')", null],
    ["json_keys('{}')", '[]'],
    ["json_array_length('[]')", 0],
    ["json_set('{\"a\":1}', 'a', 'z')", '{"a":"z"}'],
    ["json_set('{\"a\":1}', 'b', 2)", '{"a":1,"b":2}'],
    ["json_set('{\"a\":1}', 'a.b', 2)", '{"a":1}'],
    ['json_delete(\'{"a":1,"b":2}\', \'a\')', '{"b":2}'],
    ["json_delete('{\"a\":[1,2,3]}', 'a{}')", '{"a":[]}'],
    ["json_append('{\"a\":[]}', 'a', 1)", '{"a":[1]}'],
    // Numbers read from the JSON text are doubles, as the engine's JSON parser reads them.
    ["json_extend('{\"a\":[1]}', 'a', '[2,3.5]')", '{"a":[1,2.0,3.5]}'],
    ["json_extend('{\"a\":[1]}', 'a', 'x')", '{"a":[1,"x"]}'],
  ];
  it.each(cases)('%s is %p', (text, value) => {
    expect(run(text).v).toEqual(value);
  });

  it('refuses JSON nested past the value depth limit instead of overflowing the stack', () => {
    const deep = `${'['.repeat(500)}${']'.repeat(500)}`;
    expect(run(`json_valid('${deep}')`).v).toBe(false);
  });
});

describe('cryptographic, IP and system functions', () => {
  const cases: Array<[string, PplRow, PplValue]> = [
    ["md5('')", {}, 'd41d8cd98f00b204e9800998ecf8427e'],
    ["sha1('')", {}, 'da39a3ee5e6b4b0d3255bfef95601890afd80709'],
    ["sha2('', 256)", {}, 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'],
    ["sha2('', 224)", {}, 'd14a028c2a3a2bc9476102bb288234c415a2b01f828ea62ac5b3e42f'],
    ['md5(s)', {}, null],
    ["cidrmatch('10.1.2.3', '10.0.0.0/8')", {}, true],
    ["cidrmatch('11.0.0.1', '10.0.0.0/8')", {}, false],
    ["cidrmatch('::1', '10.0.0.0/8')", {}, false],
    ["cidrmatch('fe80::1', 'fe80::/10')", {}, true],
    ["cidrmatch('febf::1', 'fe80::/10')", {}, true],
    ["cidrmatch('fec0::1', 'fe80::/10')", {}, false],
    ["cidrmatch(ip, '0.0.0.0/0')", { ip: '203.0.113.9' }, true],
    ['typeof(array(1))', {}, 'ARRAY'],
    ['typeof(x)', {}, 'UNDEFINED'],
    ["typeof('a')", {}, 'STRING'],
    ['typeof(1 = 1)', {}, 'BOOLEAN'],
    ["typeof(cast('1.1.1.1' as ip))", {}, 'IP'],
    ['typeof(o)', { o: { a: 1 } }, 'STRUCT'],
  ];
  it.each(cases)('%s with %p is %p', (text, row, value) => {
    expect(run(text, row).v).toEqual(value);
  });

  it.each([
    ["sha2('a', 100)", /bit length must be 224, 256, 384 or 512/],
    ["cidrmatch('10.0.0.1', '10.0.0.0/33')", /not a valid address or CIDR range/],
    ["geoip('ds', '1.2.3.4')", /Geospatial plugin/],
  ])('%s fails with a clear message', (text, message) => {
    const error = failure(text);
    expect(error).toBeInstanceOf(PplEvaluationError);
    expect(error.message).toMatch(message);
  });
});
