/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * `POST /internal/data-source-management/fetchDataSourceMetaData`, as OSD's Data Source plugin
 * registers it (src/plugins/data_source/server/routes/fetch_data_source_metadata.ts and
 * data_source_connection_validator.ts): given the attributes of a data source being created,
 * its `dataSourceVersion` (`info().version.number`), `dataSourceEngineType` ("OpenSearch" when
 * `version.distribution` is `opensearch`, else "Elasticsearch") and `installedPlugins` (the
 * components `_cat/plugins` lists). Data source management's create form asks it, then saves the
 * three with the data source; the host's tests do the same. The host has no sigv4, so no
 * serverless engine.
 */
import { schema } from '@osd/config-schema';
import type { IRouter } from 'opensearch-dashboards/server';
import type { DataSourceClients } from './clients';
import { checkAttributes } from './saved_objects';

export function registerFetchDataSourceMetaDataRoute(router: IRouter, clients: DataSourceClients) {
  router.post(
    {
      path: '/internal/data-source-management/fetchDataSourceMetaData',
      validate: {
        body: schema.object({
          id: schema.maybe(schema.string()),
          dataSourceAttr: schema.object({
            endpoint: schema.string(),
            auth: schema.maybe(
              schema.oneOf([
                schema.object({ type: schema.literal('no_auth'), credentials: schema.object({}) }),
                schema.object({
                  type: schema.literal('username_password'),
                  credentials: schema.object({
                    username: schema.string(),
                    password: schema.string(),
                  }),
                }),
              ])
            ),
          }),
        }),
      },
    },
    async (_context, request, response) => {
      const { dataSourceAttr } = request.body as {
        dataSourceAttr: { endpoint: string; auth?: unknown };
      };
      try {
        const attributes = checkAttributes({
          title: 'metadata',
          endpoint: dataSourceAttr.endpoint,
          auth: dataSourceAttr.auth ?? { type: 'no_auth' },
        });
        const client = clients.forAttributes(attributes.endpoint, attributes.auth);
        const { body: info } = await client.info();
        const version = (info as { version?: { number?: string; distribution?: string } }).version;
        const { body: plugins } = await client.cat.plugins({ format: 'JSON' });
        return response.ok({
          body: {
            dataSourceVersion: version?.number ?? '',
            dataSourceEngineType:
              version?.distribution === 'opensearch' ? 'OpenSearch' : 'Elasticsearch',
            installedPlugins: [
              ...new Set((plugins as Array<{ component: string }>).map((p) => p.component)),
            ],
          },
        });
      } catch (error) {
        const err = error as { statusCode?: number; message?: string; body?: { error?: unknown } };
        return response.customError({
          statusCode: err.statusCode || 500,
          body: {
            message: err.message ?? String(error),
            attributes: { error: err.body?.error || err.message },
          },
        });
      }
    }
  );
}
