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
import { toErrorResponse } from '../lib/errors';
import { readCeiling } from '../services/ceiling';
import { currentUsername } from '../services/current_user';
import { openExport } from '../services/export_service';
import { FieldCapsService } from '../services/field_caps_service';
import { importLookup } from '../services/import/import_service';
import { searchLookup } from '../services/search_service';
import type { RouteDeps } from '.';
import { lookupNameParam, validateWith } from './validation';

/** How long the file may take to arrive. */
export const IMPORT_PAYLOAD_TIMEOUT_MS = 10 * 60 * 1000;

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

interface ImportBody {
  stream: Readable;
  filename?: string;
  contentType?: string;
}

function isReadable(value: unknown): value is Readable {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Readable).pipe === 'function' &&
    typeof (value as Readable)[Symbol.asyncIterator] === 'function'
  );
}

/**
 * The platform hands a multipart body over parsed, its file part as a stream (with the client's
 * file name and headers under `hapi`); any other body is the raw stream. Options go in the query
 * string, so a text part other than the file is refused rather than ignored.
 */
const importBody: RouteValidationFunction<ImportBody> = (data, { ok, badRequest }) => {
  if (isReadable(data)) return ok({ stream: data });
  if (typeof data === 'object' && data !== null && !Array.isArray(data)) {
    const parts = data as Record<string, unknown>;
    const other = Object.keys(parts).find((key) => key !== 'file');
    if (other !== undefined) {
      return badRequest(
        `[${other}]: unknown form field; send the file as the part "file", and the options ` +
          '(append, override_if_empty, key_field, max, format, delimiter) in the query string'
      );
    }
    const file = parts.file;
    if (typeof file === 'string') return ok({ stream: Readable.from([file]) });
    if (!isReadable(file)) {
      return badRequest(
        Array.isArray(file)
          ? '[file]: send one file per import'
          : '[file]: the form has no file part named "file"'
      );
    }
    const meta = (
      file as Readable & { hapi?: { filename?: string; headers?: Record<string, string> } }
    ).hapi;
    return ok({
      stream: file,
      filename: meta?.filename,
      contentType: meta?.headers?.['content-type'],
    });
  }
  return badRequest(
    'expected a multipart/form-data body with a part named "file", or the file itself as the body'
  );
};

export function registerLookupDataRoutes(router: IRouter, { config, logger, records }: RouteDeps) {
  // One per plugin: slices' field presence is remembered across requests (and users; every
  // request still asks OpenSearch as its caller, so nobody reads through the cache what they
  // may not read).
  const fieldCaps = new FieldCapsService();

  router.get(
    {
      path: ROUTE_PATTERNS.fieldCaps,
      validate: { params: lookupNameParam('read'), query: validateWith(FieldCapsQuery) },
    },
    async (context, request, response) => {
      try {
        const body = await fieldCaps.fieldCaps(
          context.core.opensearch.client.asCurrentUser,
          request.params.name,
          request.query
        );
        return response.ok({ body });
      } catch (error) {
        return toErrorResponse(error, response, logger);
      }
    }
  );

  router.post(
    {
      path: ROUTE_PATTERNS.search,
      validate: { params: lookupNameParam('read'), body: validateWith(SearchBody) },
    },
    async (context, request, response) => {
      try {
        const body = await searchLookup(
          context.core.opensearch.client.asCurrentUser,
          request.params.name,
          request.body
        );
        return response.ok({ body });
      } catch (error) {
        return toErrorResponse(error, response, logger);
      }
    }
  );

  router.get(
    {
      path: ROUTE_PATTERNS.export,
      validate: { params: lookupNameParam('read'), query: validateWith(ExportQuery) },
    },
    async (context, request, response) => {
      try {
        const { stream, filename, contentType } = await openExport(
          context.core.opensearch.client.asCurrentUser,
          request.params.name,
          request.query.format ?? 'csv',
          logger
        );
        // The client went away: stop reading, which closes the point in time.
        const aborted = request.events.aborted$.subscribe(() => stream.destroy());
        stream.once('close', () => aborted.unsubscribe());
        return response.ok({
          body: stream,
          headers: {
            'content-type': contentType,
            'content-disposition': `attachment; filename="${filename}"`,
            'cache-control': 'no-store',
          },
        });
      } catch (error) {
        return toErrorResponse(error, response, logger);
      }
    }
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
          parse: true,
          accepts: IMPORT_CONTENT_TYPES,
          maxBytes: config.max_import_bytes,
        },
        // A large file on a slow link takes longer than the platform's 10 s to arrive.
        timeout: { payload: IMPORT_PAYLOAD_TIMEOUT_MS },
      },
    },
    async (context, request, response) => {
      try {
        const { client } = context.core.opensearch;
        const [ceiling, user] = await Promise.all([
          readCeiling(client.asInternalUser, config.max_rows, logger),
          currentUsername(client.asCurrentUser),
        ]);
        const body = await importLookup(
          { client: client.asCurrentUser, config, ceiling, logger, records: await records(), user },
          request.params.name,
          {
            stream: request.body.stream,
            filename: request.body.filename,
            contentType: request.body.contentType ?? headerValue(request.headers['content-type']),
            maxBytes: config.max_import_bytes,
          },
          request.query
        );
        return response.ok({ body });
      } catch (error) {
        return toErrorResponse(error, response, logger);
      }
    }
  );
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
