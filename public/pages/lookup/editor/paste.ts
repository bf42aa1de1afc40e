/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * A block of cells as spreadsheets put it on the clipboard: tab-separated text, one line per row,
 * a cell holding a tab, a line break or a quote wrapped in quotes (quotes doubled). Read with
 * csv-parse, as file previews are; ragged lines are kept as they are (short rows fill fewer
 * cells), and one cell of plain text is a block of one.
 */
import { parse } from 'csv-parse/browser/esm/sync';

/** Lines pasted at once: a paste is bounded by what the editor may hold. */
export const MAX_PASTE_CELLS = 100_000;

export function parseBlock(text: string): string[][] {
  const trimmed = text.replace(/\r?\n$/, '');
  if (trimmed === '') return [['']];
  const rows = parse(trimmed, {
    delimiter: '\t',
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: false,
  }) as string[][];
  return rows;
}

/** Whether a paste is a block (several cells) rather than text for one cell. */
export const isBlock = (text: string) => /[\t\n]/.test(text.replace(/\r?\n$/, ''));
