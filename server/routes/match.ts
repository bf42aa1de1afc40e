/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/* A lookup's match rules: read, set (checked against its current version), and tried. */
import type { IRouter } from 'opensearch-dashboards/server';
import { ROUTE_PATTERNS } from '../../common/api/paths';
import { MatchBody, MatchTryBody } from '../../common/match/codecs';
import { getMatch, setMatch } from '../services/match/match_service';
import { tryMatch } from '../services/match/try_service';
import { handle } from './handler';
import { lookupNameParam, validateWith } from './validation';

export function registerMatchRoutes(router: IRouter) {
  router.get(
    { path: ROUTE_PATTERNS.match, validate: { params: lookupNameParam('read') } },
    handle(async (ctx, request, response) =>
      response.ok({ body: await getMatch(ctx.client, request.params.name) })
    )
  );

  router.put(
    {
      path: ROUTE_PATTERNS.match,
      validate: { params: lookupNameParam('write'), body: validateWith(MatchBody) },
    },
    handle(async (ctx, request, response) =>
      response.ok({ body: await setMatch(ctx, request.params.name, request.body) })
    )
  );

  router.post(
    {
      path: ROUTE_PATTERNS.tryMatch,
      validate: { params: lookupNameParam('read'), body: validateWith(MatchTryBody) },
    },
    handle(async (ctx, request, response) =>
      response.ok({ body: await tryMatch(ctx, request.params.name, request.body) })
    )
  );
}
