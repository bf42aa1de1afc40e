import type { IRouter } from 'opensearch-dashboards/server';
import { ROUTE_PATTERNS } from '../../common/api/paths';
import { WriteBody } from '../../common/api/codecs';
import { toErrorResponse } from '../lib/errors';
import { readCeiling } from '../services/ceiling';
import { currentUsername } from '../services/current_user';
import { rowsSource, tableSource } from '../services/writer/row_source';
import { writeLookup } from '../services/writer/lookup_writer';
import type { RouteDeps } from '.';
import { lookupNameParam, validateWith } from './validation';

export function registerWriteRoute(router: IRouter, { config, logger, records }: RouteDeps) {
  router.post(
    {
      path: ROUTE_PATTERNS.write,
      validate: { params: lookupNameParam('write'), body: validateWith(WriteBody) },
      options: { body: { maxBytes: config.max_body_bytes } },
    },
    async (context, request, response) => {
      try {
        const { client } = context.core.opensearch;
        const { body } = request;
        const source =
          'rows' in body ? rowsSource(body.rows) : tableSource(body.schema, body.datarows);
        const [ceiling, user] = await Promise.all([
          readCeiling(client.asInternalUser, config.max_rows, logger),
          currentUsername(client.asCurrentUser),
        ]);
        const result = await writeLookup(
          { client: client.asCurrentUser, config, ceiling, logger, records: await records(), user },
          request.params.name,
          source,
          body
        );
        return response.ok({ body: result });
      } catch (error) {
        return toErrorResponse(error, response, logger);
      }
    }
  );
}
