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
import { stringifyJson } from '../../../common/api/lossless_json';
import { csvLine } from '../../../common/csv';

/** With formulas escaped as the server's export escapes them (Kibana's way). */
export function resultsToCsv(schema: readonly SchemaColumn[], rows: readonly unknown[][]): string {
  return [schema.map((c) => c.name), ...rows.map((row) => schema.map((_, i) => row[i]))]
    .map((values) => csvLine(values))
    .join('');
}

export function resultsToJson(schema: readonly SchemaColumn[], rows: readonly unknown[][]): string {
  const objects = rows.map((row) =>
    Object.fromEntries(schema.map((column, i) => [column.name, row[i] ?? null]))
  );
  return `${stringifyJson(objects, 2)}\n`;
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
