/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

import type { IRouter } from 'opensearch-dashboards/server';
import { ROUTE_PATTERNS } from '../../common/api/paths';
import { RowsQuery } from '../../common/api/codecs';
import { readRows } from '../services/rows_service';
import { handle } from './handler';
import { jsonBody } from './json_body';
import { lookupNameParam, validateWith } from './validation';

export function registerRowsRoute(router: IRouter) {
  router.get(
    {
      path: ROUTE_PATTERNS.rows,
      validate: { params: lookupNameParam('read'), query: validateWith(RowsQuery) },
    },
    handle(async (ctx, request, response) =>
      response.ok(
        jsonBody(
          await readRows(ctx.client, request.params.name, request.query, (index, slice) =>
            ctx.records.writtenColumns(index, slice)
          )
        )
      )
    )
  );
}
