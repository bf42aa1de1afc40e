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
 * RFC 4180: quote a field holding the delimiter, a quote, CR or LF; double its quotes. With
 * `escapeFormulas`, a text cell that starts like a formula is written as Kibana's CSV export
 * writes it (`csv:escapeFormulaValues`): a single quote in front, and quoted (`=1+1` → `"'=1+1"`).
 * Numbers are never escaped (`-5` stays a number).
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
    cellHasFormula(text)
  ) {
    return `"'${text.replace(/"/g, '""')}"`;
  }
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(values: unknown[], escapeFormulas = true): string {
  return `${values.map((value) => csvField(value, escapeFormulas)).join(',')}\r\n`;
}
