/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Exporting a lookup's current slice as CSV or NDJSON, streamed, as the caller. The rows are
 * read through a point in time on the slice's index with `search_after` on `_shard_doc`, a page
 * at a time, so memory stays bounded whatever the size of the lookup and a concurrent write
 * changes nothing of what is exported. The point in time is closed at the end, on error, and when
 * the client goes away.
 *
 * Everything that can fail with a status (the probe, the point in time, the first page) happens
 * before the stream is handed out; later failures can only cut the download short, and are
 * logged.
 */
import { Readable } from 'stream';
import type { Logger, OpenSearchClient } from 'opensearch-dashboards/server';
import { stringifyJson } from '../../common/api/lossless_json';
import type { ExportFormat } from '../../common/api/search_codecs';
import { csvLine } from '../../common/csv';
import { versionColumns } from '../../common/edit/column_order';
import { LOOKUP_FIELD } from '../../common/substrate/names';
import { columnFields, indexFields, requireReadable } from './field_caps_service';
import { dateFields, scanDocuments } from './document_scan';
import { fieldsInSlice } from './field_presence';
import type { WrittenColumns } from './rows_service';
import { probeTarget } from './target_probe';

export const EXPORT_PAGE_SIZE = 1000;
export const EXPORT_KEEP_ALIVE = '1m';

export interface ExportStream {
  stream: Readable;
  filename: string;
  contentType: string;
}

/** A field's value by its dotted path, in `_source` as written (`{"a.b": 1}` or `{"a":{"b":1}}`). */
export function valueAtPath(source: Record<string, unknown>, path: string): unknown {
  if (Object.prototype.hasOwnProperty.call(source, path)) return source[path];
  const dot = path.indexOf('.');
  let cut = dot;
  while (cut > 0) {
    const head = path.slice(0, cut);
    if (Object.prototype.hasOwnProperty.call(source, head)) {
      const inner = source[head];
      const rest = path.slice(cut + 1);
      if (Array.isArray(inner)) {
        const values = inner
          .filter((v): v is Record<string, unknown> => !!v && typeof v === 'object')
          .map((v) => valueAtPath(v, rest))
          .filter((v) => v !== undefined);
        return values.length === 0 ? undefined : values.flat();
      }
      if (inner && typeof inner === 'object') {
        const value = valueAtPath(inner as Record<string, unknown>, rest);
        if (value !== undefined) return value;
      }
    }
    cut = path.indexOf('.', cut + 1);
  }
  return undefined;
}

// CSV fields are written as the app's downloads write them (common/csv.ts).
export { cellHasFormula, csvField, csvLine } from '../../common/csv';

export interface ExportOptions {
  /** Escape cells that start like a spreadsheet formula (`lookups.csv_escape_formulas`). */
  escapeFormulas?: boolean;
  /** The version's columns in their written order (its write record), for the CSV header. */
  written?: WrittenColumns;
}

export async function openExport(
  client: OpenSearchClient,
  name: string,
  format: ExportFormat,
  logger: Logger,
  options: ExportOptions = {}
): Promise<ExportStream> {
  const escapeFormulas = options.escapeFormulas ?? true;
  const lookup = requireReadable(await probeTarget(client, name), name);
  const slice = lookup.currentSlice;
  // Read once the point in time is open: the mapping then knows every field it can hold.
  let fields: Awaited<ReturnType<typeof indexFields>> | undefined;
  const pages = scanDocuments(client, {
    indices: [lookup.index],
    query: { term: { [LOOKUP_FIELD]: slice } },
    sourceExcludes: [LOOKUP_FIELD],
    pageSize: EXPORT_PAGE_SIZE,
    keepAlive: EXPORT_KEEP_ALIVE,
    // Dates as `source=` shows them: formatted by OpenSearch, in UTC.
    formatDates: async () => {
      fields = await indexFields(client, lookup.index);
      return dateFields([...fields.values()].map((f) => [f.name, f.type]));
    },
    onCloseError: (error) =>
      // It expires by itself within the keep-alive; nothing else to do.
      logger.warn(`could not close the point in time of an export of "${name}": ${String(error)}`),
  });
  const closePit = async () => {
    await pages.return(undefined);
  };

  let columns: string[];
  let first: IteratorResult<Array<Record<string, unknown>>>;
  try {
    // Opens the point in time and reads the first page, so their failures keep their status.
    first = await pages.next();
    // The mapping holds every version's fields: the columns are those this version's rows carry.
    const mapped = columnFields(fields!, { withMultiFields: false }).map((f) => f.name);
    const [present, order] = await Promise.all([
      fieldsInSlice(client, lookup.index, slice, mapped),
      options.written?.(lookup.index, slice),
    ]);
    columns = versionColumns(mapped, present, order);
  } catch (error) {
    await closePit();
    throw error;
  }

  const render =
    format === 'csv'
      ? (row: Record<string, unknown>) =>
          csvLine(
            columns.map((c) => valueAtPath(row, c)),
            escapeFormulas
          )
      : (row: Record<string, unknown>) => `${stringifyJson(row)}\n`;

  async function* chunks() {
    try {
      if (format === 'csv') yield csvLine(columns, escapeFormulas);
      if (first.done) return;
      yield first.value.map(render).join('');
      for await (const rows of pages) yield rows.map(render).join('');
    } finally {
      await closePit();
    }
  }

  const stream = Readable.from(chunks(), { objectMode: false });
  // Destroyed before it was ever read (the client went away at once): the generator's `finally`
  // never runs, so close the point in time here too.
  // Listened to as a plain emitter: @fastify/busboy's typings narrow Readable's event names.
  const events = stream as NodeJS.EventEmitter;
  events.once('close', () => void closePit());
  events.on('error', (error: Error) =>
    logger.error(`the export of "${name}" stopped before its end: ${error.message}`)
  );
  return {
    stream,
    filename: `${name}.${format}`,
    contentType: format === 'csv' ? 'text/csv; charset=utf-8' : 'application/x-ndjson',
  };
}
