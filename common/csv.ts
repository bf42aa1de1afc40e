/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * CSV fields as every download of the plugin writes them: the server's export and the browser's
 * download of query results.
 */

import { stringifyJson } from './api/lossless_json';

// What a spreadsheet takes for the start of a formula (Kibana's CSV_FORMULA_CHARS, plus the tab
// and carriage return OWASP lists for CSV injection).
const FORMULA_START = /^[=+\-@\t\r]/;

/** A text cell a spreadsheet would run as a formula (Kibana's `cellHasFormulas`, which trims). */
export function cellHasFormula(text: string): boolean {
  return FORMULA_START.test(text) || FORMULA_START.test(text.trim());
}

/**
 * Whether a text cell gets the formula escape: it looks like a formula, or would once its leading
 * `'`s are removed. The second half is what makes the escape reversible: `'=1` (a value that
 * starts with a quote) is written `''=1`, so `'=1` in an export always stands for `=1`.
 */
export function escapesAsFormula(text: string): boolean {
  return cellHasFormula(text.replace(/^'+/, ''));
}

/** The cell a formula escape wrote (`'=1+1`) as the value it stands for (`=1+1`). */
export function unescapeFormula(cell: string): string {
  return cell.startsWith("'") && escapesAsFormula(cell.slice(1)) ? cell.slice(1) : cell;
}

/** A number as the export writes it (`String(n)`) that a spreadsheet might take for a formula. */
const NEGATIVE_NUMBER = /^-(?:\d+(?:\.\d+)?(?:e[+-]?\d+)?|Infinity)$/i;

/**
 * Reads a CSV file's cells, header included, to tell whether it was written with the formula
 * escape (the plugin's export, or Kibana's CSV export): some cells carry it, and no cell it would have escaped is left bare (`=1`, `@a`; a negative number
 * is no formula). Only then is the escape undone; any other file is read as it is written.
 */
export class FormulaEscapeScan {
  private escaped = 0;
  private bare = false;

  add(cells: readonly string[]): void {
    for (const cell of cells) {
      if (!escapesAsFormula(cell)) continue;
      if (cell.startsWith("'")) this.escaped++;
      else if (!NEGATIVE_NUMBER.test(cell)) this.bare = true;
    }
  }

  /** Whether the file's cells should be read back through `unescapeFormula`. */
  get undo(): boolean {
    return this.escaped > 0 && !this.bare;
  }
}

/**
 * RFC 4180: quote a field holding the delimiter, a quote, CR or LF; double its quotes. With
 * `escapeFormulas`, a text cell that starts like a formula is written as Kibana's CSV export
 * writes it (`csv:escapeFormulaValues`): a single quote in front, and quoted (`=1+1` → `"'=1+1"`),
 * and so is a text cell that would start like one without its leading quotes (`'=1` → `"''=1"`),
 * so the import can undo the escape exactly (`FormulaEscapeScan`). Numbers are never escaped
 * (`-5` stays a number).
 */
export function csvField(value: unknown, escapeFormulas = true): string {
  if (value === undefined || value === null) return '';
  const text =
    typeof value === 'string'
      ? value
      : typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean'
        ? String(value)
        : stringifyJson(value);
  if (
    escapeFormulas &&
    typeof value !== 'number' &&
    typeof value !== 'bigint' &&
    typeof value !== 'boolean' &&
    escapesAsFormula(text)
  ) {
    return `"'${text.replace(/"/g, '""')}"`;
  }
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(values: unknown[], escapeFormulas = true): string {
  return `${values.map((value) => csvField(value, escapeFormulas)).join(',')}\r\n`;
}
