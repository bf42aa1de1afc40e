/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/* `POST {name}/_edit`: a change to a version's rows and columns, published as a new version. */
import type { IRouter } from 'opensearch-dashboards/server';
import { EditBody } from '../../common/api/edit';
import { ROUTE_PATTERNS } from '../../common/api/paths';
import { editLookup } from '../services/editor/edit_service';
import { handle } from './handler';
import { jsonBody } from './json_body';
import { LONG_REQUEST_TIMEOUTS } from './timeouts';
import { JSON_DATA_BODY, lookupNameParam, validateJsonWith } from './validation';

export function registerEditRoute(router: IRouter, maxBodyBytes: number) {
  router.post(
    {
      path: ROUTE_PATTERNS.edit,
      // Parsed losslessly: a long of 9007199254740993 set in a cell stays itself.
      validate: { params: lookupNameParam('write'), body: validateJsonWith(EditBody) },
      options: {
        body: { ...JSON_DATA_BODY, maxBytes: maxBodyBytes },
        timeout: LONG_REQUEST_TIMEOUTS,
      },
    },
    handle(async (ctx, request, response) =>
      response.ok(jsonBody(await editLookup(ctx, request.params.name, request.body)))
    )
  );
}
