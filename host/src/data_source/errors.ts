/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * OSD's `DataSourceError` (src/plugins/data_source/server/lib/error.ts): what getting a data
 * source's client throws, with a `statusCode`: the saved object error's (404 for an unknown
 * id), 400 for a 401 from the data source (so that the caller is not signed out of OSD), else 400.
 */
import Boom from '@hapi/boom';

export class DataSourceError extends Error {
  constructor(
    message: string,
    public readonly statusCode: number = 400
  ) {
    super(`Data Source Error: ${message}`);
    this.name = 'DataSourceError';
  }
}

export function createDataSourceError(error: unknown): DataSourceError {
  if (error instanceof DataSourceError) return error;
  // A saved objects error (the data source is not there): its message and status.
  if (Boom.isBoom(error)) {
    return new DataSourceError(error.output.payload.message, error.output.statusCode);
  }
  const e = error as { statusCode?: number; message?: string; meta?: { body?: unknown } };
  if (e?.statusCode === 401 && e.meta) return new DataSourceError(JSON.stringify(e.meta.body), 400);
  return new DataSourceError(
    e?.message ?? String(error),
    typeof e?.statusCode === 'number' ? e.statusCode : undefined
  );
}
