/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

import type { IRouter } from 'opensearch-dashboards/server';
import { ROUTE_PATTERNS } from '../../common/api/paths';
import { WriteBody } from '../../common/api/codecs';
import { rowsSource, tableSource } from '../services/writer/row_source';
import { writeLookup } from '../services/writer/lookup_writer';
import { writeUnderLease } from '../services/writer/write_service';
import { handle } from './handler';
import { LONG_REQUEST_TIMEOUTS } from './timeouts';
import { JSON_DATA_BODY, lookupNameParam, validateJsonWith } from './validation';

export function registerWriteRoute(router: IRouter, maxBodyBytes: number) {
  router.post(
    {
      path: ROUTE_PATTERNS.write,
      // Parsed by the validation, losslessly: a long key of 9007199254740993 stays itself.
      validate: { params: lookupNameParam('write'), body: validateJsonWith(WriteBody) },
      options: {
        body: { ...JSON_DATA_BODY, maxBytes: maxBodyBytes },
        timeout: LONG_REQUEST_TIMEOUTS,
      },
    },
    handle(async (ctx, request, response) => {
      const { body } = request;
      const { name } = request.params;
      const source =
        'rows' in body ? rowsSource(body.rows) : tableSource(body.schema, body.datarows);
      const result = await writeUnderLease(ctx, name, 'write', (deps) =>
        writeLookup(deps, name, source, body)
      );
      return response.ok({ body: result });
    })
  );
}
