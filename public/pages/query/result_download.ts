/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * The rows a query showed, as a file: CSV (RFC 4180, a header of column names) or JSON (an
 * array of objects keyed by column name). Made in the browser from what the page holds, so the
 * file is exactly the table the user saw.
 */
import type { SchemaColumn } from '../../../common/api/codecs';

/** A cell a spreadsheet would run as a formula starts with one of these (OWASP CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

function csvField(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function resultsToCsv(schema: readonly SchemaColumn[], rows: readonly unknown[][]): string {
  const lines = [schema.map((c) => csvField(c.name)).join(',')];
  for (const row of rows) lines.push(schema.map((_, i) => csvField(row[i])).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

export function resultsToJson(schema: readonly SchemaColumn[], rows: readonly unknown[][]): string {
  const objects = rows.map((row) =>
    Object.fromEntries(schema.map((column, i) => [column.name, row[i] ?? null]))
  );
  return `${JSON.stringify(objects, null, 2)}\n`;
}

/** Saves `text` as a file through a temporary link (no server round trip). */
export function downloadText(text: string, filename: string, type: string) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // After the click has been handled; revoking at once can cancel the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
