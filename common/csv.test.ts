/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

import { parse } from 'csv-parse/sync';
import { csvField, escapesAsFormula, FormulaEscapeScan, unescapeFormula } from './csv';

/** A cell as a CSV reader gives it back: the field as written, unquoted. */
const cellOf = (value: unknown) => (parse(csvField(value)) as string[][])[0]?.[0] ?? '';

describe('the formula escape is reversible', () => {
  it.each([
    '=1+1',
    '+33 1 23',
    '-x',
    '@SUM(A1)',
    '\tcmd',
    '  =HYPERLINK("x")',
    "'=1",
    "''@a",
    "'",
    "'plain",
    'a=b',
    "it's",
    '-',
    '',
  ])('%p is written and read back as itself', (value) => {
    expect(unescapeFormula(cellOf(value))).toBe(value);
  });

  it("escapes a value starting with ' only when the rest looks like a formula", () => {
    expect(csvField("'=1")).toBe(`"''=1"`);
    expect(csvField("'plain")).toBe("'plain");
    expect(escapesAsFormula("'")).toBe(false);
  });

  it('leaves a cell without the escape as it is', () => {
    expect(unescapeFormula("'plain")).toBe("'plain");
    expect(unescapeFormula('=1')).toBe('=1');
    expect(unescapeFormula("' =1")).toBe(' =1');
  });
});

describe('FormulaEscapeScan', () => {
  const undo = (...rows: string[][]) => {
    const scan = new FormulaEscapeScan();
    for (const row of rows) scan.add(row);
    return scan.undo;
  };

  it('undoes the escape of a file escaped throughout', () => {
    expect(undo(['k', 'v'], ["'=1", '-5'], ['a', "'-x"])).toBe(true);
    expect(undo(["'=k"], ['plain'])).toBe(true);
  });

  it('reads a file with bare formulas, or with no escaped cell, as written', () => {
    expect(undo(['k'], ["'=1"], ['=2'])).toBe(false);
    expect(undo(['k'], ["'@a"], ['-x'])).toBe(false);
    expect(undo(['k'], ['plain'], ['-5'])).toBe(false);
  });

  it('takes negative numbers for numbers, not bare formulas', () => {
    expect(undo(['k', 'n'], ["'=1", '-5'], ["'+2", '-1.5e-7'], ["'@3", '-Infinity'])).toBe(true);
  });
});
