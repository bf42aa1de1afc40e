/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/** The expression syntax functions need, and the catalog the parser and editor share. */
import type { Aggregation, Expr, FunctionCall } from './ast';
import { parsePpl } from './parser';
import {
  AGGREGATION_FUNCTIONS,
  AGGREGATION_HELP,
  CANONICAL_FUNCTION,
  FUNCTION_ARITY,
  FUNCTION_HELP,
  FUNCTIONS,
} from './language';
import { FUNCTION_CATALOG, FUNCTION_FAMILIES } from './functions';

function parsedExpr(text: string): Expr {
  const result = parsePpl(`source=x | eval r = ${text}`);
  if (!result.ok) throw new Error(result.error.message);
  const [command] = result.query.commands;
  if (command.kind !== 'Eval') throw new Error('not an eval');
  return command.assignments[0].expr;
}

function whereExpr(text: string): Expr {
  const result = parsePpl(`source=x | where ${text}`);
  if (!result.ok) throw new Error(result.error.message);
  const [command] = result.query.commands;
  if (command.kind !== 'Where') throw new Error('not a where');
  return command.condition;
}

function agg(text: string): Aggregation {
  const result = parsePpl(`source=x | stats ${text}`);
  if (!result.ok) throw new Error(result.error.message);
  const [command] = result.query.commands;
  if (command.kind !== 'Stats') throw new Error('not stats');
  return command.aggregations[0];
}

const refusal = (query: string): string => {
  const result = parsePpl(query);
  if (result.ok) throw new Error(`${query} parsed`);
  return result.error.message;
};

describe('lambdas', () => {
  it('one parameter, without parentheses', () => {
    const call = parsedExpr('filter(a, x -> x > 0)') as FunctionCall;
    expect(call.args[1]).toMatchObject({
      kind: 'Lambda',
      params: ['x'],
      body: { kind: 'Binary', op: '>' },
    });
  });

  it('several parameters in parentheses, and a lambda as a later argument', () => {
    const call = parsedExpr('reduce(a, 0, (acc, x) -> acc + x, acc -> acc * 2)') as FunctionCall;
    expect(call.args.map((a) => a.kind)).toEqual(['Field', 'Literal', 'Lambda', 'Lambda']);
    expect(call.args[2]).toMatchObject({ params: ['acc', 'x'] });
  });

  it('a parenthesized expression is still an expression', () => {
    expect((parsedExpr('abs((x))') as FunctionCall).args[0]).toMatchObject({ kind: 'Field' });
  });
});

describe('INTERVAL, extract, position, unit words', () => {
  it('INTERVAL <expr> <unit>', () => {
    const call = parsedExpr('date_add(d, INTERVAL -2 hour)') as FunctionCall;
    expect(call.args[1]).toMatchObject({
      kind: 'Interval',
      unit: 'HOUR',
      value: { kind: 'Literal', text: '-2' },
    });
  });

  it('a field named interval stays a field', () => {
    expect(parsedExpr('interval + 1')).toMatchObject({ left: { kind: 'Field', name: 'interval' } });
  });

  it('an unknown unit is refused with the list', () => {
    expect(refusal('source=x | eval r = date_add(d, INTERVAL 1 fortnight)')).toMatch(
      /expected an interval unit \(MICROSECOND, SECOND, .*YEAR\)/
    );
  });

  it('extract(part FROM expr) and position(sub IN str)', () => {
    expect(parsedExpr("extract(year_month FROM '2024-01-02')")).toMatchObject({
      name: 'extract',
      args: [{ kind: 'Literal', value: 'YEAR_MONTH' }, { kind: 'Literal' }],
    });
    expect(parsedExpr("position('b' IN s)")).toMatchObject({
      name: 'position',
      args: [
        { kind: 'Literal', value: 'b' },
        { kind: 'Field', name: 's' },
      ],
    });
  });

  it('timestampadd and get_format read a bare first word as a unit or type', () => {
    expect((parsedExpr('timestampadd(day, 1, d)') as FunctionCall).args[0]).toMatchObject({
      kind: 'Literal',
      value: 'DAY',
    });
    expect((parsedExpr("get_format(DATE, 'USA')") as FunctionCall).args[0]).toMatchObject({
      kind: 'Literal',
      value: 'DATE',
    });
  });
});

describe('relevance arguments and contains', () => {
  it('named options after the field and the text', () => {
    expect(whereExpr("match(address, 'Street', operator='AND', boost=2.0)")).toMatchObject({
      name: 'match',
      args: [
        { kind: 'Field', name: 'address' },
        { kind: 'Literal', value: 'Street' },
      ],
      options: [
        { name: 'operator', value: 'AND' },
        { name: 'boost', value: 2 },
      ],
    });
  });

  it('a field list with boosts, quoted or bare, and a bare option value', () => {
    expect(
      whereExpr("multi_match(['title' ^ 2, body, `a b` 1.5, \"t*\"], 'q', analyzer=default)")
    ).toMatchObject({
      name: 'multi_match',
      fields: [
        { name: 'title', boost: 2 },
        { name: 'body' },
        { name: 'a b', boost: 1.5 },
        { name: 't*' },
      ],
      args: [{ kind: 'Literal', value: 'q' }],
      options: [{ name: 'analyzer', value: 'default' }],
    });
  });

  it('matchphrase is match_phrase', () => {
    expect(whereExpr("matchphrase(a, 'x y', slop = 2)")).toMatchObject({
      name: 'match_phrase',
      options: [{ name: 'slop', value: 2 }],
    });
  });

  it('contains is a case-insensitive LIKE over the literal text', () => {
    expect(whereExpr("name CONTAINS 'a_%'")).toMatchObject({
      kind: 'Like',
      caseSensitive: false,
      pattern: { value: '%a\\_\\%%' },
    });
  });
});

describe('aggregation syntax', () => {
  it.each([
    ['count(eval(status >= 400)) as errors', { func: 'count', countEval: true, name: 'errors' }],
    ['percentile(x, 90)', { func: 'percentile', params: [{ value: 90 }] }],
    ['percentile_approx(x, 90)', { func: 'percentile', funcWritten: 'percentile_approx' }],
    ['perc95(x)', { func: 'percentile', params: [{ value: 95 }], name: 'perc95(x)' }],
    ['p99.5(x)', { func: 'percentile', params: [{ value: 99.5 }], name: 'p99.5(x)' }],
    ['earliest(m, t)', { func: 'earliest', params: [{ kind: 'Field', name: 't' }] }],
    ['take(m, 3)', { func: 'take', params: [{ value: 3 }] }],
    ['distinct_count(m)', { func: 'dc' }],
    ['stddev_samp(x)', { func: 'stddev_samp' }],
  ])('stats %s', (text, shape) => {
    expect(agg(text)).toMatchObject(shape);
  });

  it.each([
    ['source=x | stats percentile(x)', /"percentile" takes 2 arguments, found 1/],
    ['source=x | stats var_samp(x, 2)', /"var_samp" takes 1 argument, found 2/],
    ['source=x | stats p101(x)', /unknown aggregation "p101"/],
    ['source=x | stats perc90(x, 1)', /takes 2 arguments, found 2/],
  ])('%s is refused', (query, message) => {
    expect(refusal(query)).toMatch(message);
  });
});

describe('the function catalog', () => {
  it('names every function once across families, aliases included', () => {
    const names = FUNCTION_CATALOG.map((f) => f.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it('gives the parser an arity for every plain function and the editor every name', () => {
    for (const { functions } of FUNCTION_FAMILIES) {
      for (const [name, info] of Object.entries(functions)) {
        expect(FUNCTION_ARITY[name]).toEqual(info.arity);
        expect(FUNCTIONS).toContain(name);
        for (const alias of info.aliases ?? []) expect(CANONICAL_FUNCTION[alias]).toBe(name);
      }
    }
    expect(FUNCTIONS).toEqual(expect.arrayContaining(['case', 'cast', 'like', 'ilike']));
    expect(AGGREGATION_FUNCTIONS).toEqual(expect.arrayContaining(['c', 'percentile_approx']));
  });

  it('gives the editor help for scalar and aggregate max alike', () => {
    expect(FUNCTION_HELP.max.signature).toMatch(/^max\(x, y, …\)/);
    expect(AGGREGATION_HELP.max.signature).toMatch(/^max\(x\)/);
    expect(AGGREGATION_HELP.c.doc).toBe(AGGREGATION_HELP.count.doc);
    expect(FUNCTION_HELP.substr.signature).toBe(FUNCTION_HELP.substring.signature);
  });

  it('has a signature and a one-line doc for each entry', () => {
    for (const f of FUNCTION_CATALOG) {
      expect(f.signature.startsWith(`${f.aliasOf ?? f.name}(`)).toBe(true);
      expect(f.doc).toMatch(/^[A-Z%].*\.$/);
    }
  });
});
