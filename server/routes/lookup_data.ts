/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Reading and loading a lookup's data: field capabilities, search, export and import. Thin
 * handlers: decode with a codec from common/, call a service with the caller's client, map
 * errors in one place.
 */
import { Readable } from 'stream';
import type { IRouter, RouteValidationFunction } from 'opensearch-dashboards/server';
import { ROUTE_PATTERNS } from '../../common/api/paths';
import {
  ExportQuery,
  FieldCapsQuery,
  ImportQuery,
  SearchBody,
} from '../../common/api/search_codecs';
import { openExport } from '../services/export_service';
import { FieldCapsService } from '../services/field_caps_service';
import { openImportFile } from '../services/import/body';
import { importLookup, prepareImport } from '../services/import/import_service';
import { searchLookup } from '../services/search_service';
import { writeUnderLease } from '../services/writer/write_service';
import { handle } from './handler';
import { jsonBody } from './json_body';
import { LONG_REQUEST_TIMEOUTS, UPLOAD_REQUEST_TIMEOUTS } from './timeouts';
import { JSON_DATA_BODY, lookupNameParam, validateJsonWith, validateWith } from './validation';

/** Content types `_import` accepts: a multipart form with a `file` part, or the file itself. */
export const IMPORT_CONTENT_TYPES = [
  'multipart/form-data',
  'text/csv',
  'text/tab-separated-values',
  'application/x-ndjson',
  'application/ndjson',
  'application/octet-stream',
  'text/plain',
];

function isReadable(value: unknown): value is Readable {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Readable).pipe === 'function' &&
    typeof (value as Readable)[Symbol.asyncIterator] === 'function'
  );
}

/**
 * The body is handed over unparsed but decompressed (`parse: 'gunzip'`, as OSD passes hapi's
 * payload options through): the request stream, multipart or not, after any gzip or deflate
 * content-encoding; the import service reads it as it arrives.
 */
const importBody: RouteValidationFunction<Readable> = (data, { ok, badRequest }) =>
  isReadable(data)
    ? ok(data)
    : badRequest(
        'expected a multipart/form-data body with a part named "file", or the file itself as the body'
      );

export function registerLookupDataRoutes(router: IRouter, maxImportBytes: number) {
  // One per plugin: slices' field presence is remembered across requests (and users; every
  // request still asks OpenSearch as its caller, so nobody reads through the cache what they
  // may not read).
  const fieldCaps = new FieldCapsService();

  router.get(
    {
      path: ROUTE_PATTERNS.fieldCaps,
      validate: { params: lookupNameParam('read'), query: validateWith(FieldCapsQuery) },
    },
    handle(async (ctx, request, response) =>
      response.ok({
        body: await fieldCaps.fieldCaps(ctx.client, request.params.name, request.query),
      })
    )
  );

  router.post(
    {
      path: ROUTE_PATTERNS.search,
      // Parsed losslessly: a filter on a long of 9007199254740993 matches that value only.
      validate: { params: lookupNameParam('read'), body: validateJsonWith(SearchBody) },
      options: { body: JSON_DATA_BODY },
    },
    handle(async (ctx, request, response) => {
      // Tokens are bound to the user they were given to: another user's token is refused.
      const user = await ctx.user();
      const keys = {
        sign: (data: string) => ctx.tokens.sign(user, data),
        verify: (data: string, mac: string) => ctx.tokens.verify(user, data, mac),
      };
      return response.ok(
        jsonBody(await searchLookup(ctx.client, request.params.name, request.body, keys))
      );
    })
  );

  router.get(
    {
      path: ROUTE_PATTERNS.export,
      validate: { params: lookupNameParam('read'), query: validateWith(ExportQuery) },
      options: { timeout: LONG_REQUEST_TIMEOUTS },
    },
    handle(async (ctx, request, response) => {
      const { stream, filename, contentType } = await openExport(
        ctx.client,
        request.params.name,
        request.query.format ?? 'csv',
        ctx.logger,
        {
          escapeFormulas: ctx.config.csv_escape_formulas,
          written: (index, slice) => ctx.records.writtenColumns(index, slice),
        }
      );
      // A client that goes away mid-download: OSD's http server (hapi) destroys the streamed
      // body, which stops the reading and closes the point in time (export_service.ts).
      // `request.events.aborted$` would not say so: a GET's request has ended by then.
      return response.ok({
        body: stream,
        headers: {
          'content-type': contentType,
          'content-disposition': contentDisposition(filename),
          'cache-control': 'no-store',
        },
      });
    })
  );

  router.post(
    {
      path: ROUTE_PATTERNS.import,
      validate: {
        params: lookupNameParam('write'),
        query: validateWith(ImportQuery),
        body: importBody,
      },
      options: {
        body: {
          output: 'stream',
          parse: 'gunzip',
          accepts: IMPORT_CONTENT_TYPES,
          maxBytes: maxImportBytes,
        },
        timeout: UPLOAD_REQUEST_TIMEOUTS,
      },
    },
    handle(async (ctx, request, response) => {
      const { name } = request.params;
      // The form's file part is found (or the body refused) before the lease is taken.
      const file = await openImportFile(
        request.body,
        headerValue(request.headers['content-type']),
        maxImportBytes
      );
      const { job, ...options } = request.query;
      if (job) {
        // The file is read and checked while the request is open; the job writes it after.
        const ceiling = await ctx.ceiling();
        const job = await ctx.jobs.submitImport(ctx, name, () =>
          prepareImport(ceiling, name, file, options)
        );
        return response.accepted({ body: job });
      }
      const body = await writeUnderLease(ctx, name, 'import', (deps) =>
        importLookup(deps, name, file, options)
      );
      return response.ok({ body });
    })
  );
}

/**
 * RFC 6266: an ASCII fallback name plus the exact UTF-8 one, so a lookup named `lk_日本` downloads
 * under its own name (a raw non-Latin-1 header value is refused by Node).
 */
export function contentDisposition(filename: string): string {
  const fallback = filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
