/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/* One registration function per area; the per-request services come from `context.lookups`. */
import type { IRouter } from 'opensearch-dashboards/server';
import type { StatusResponse } from '../../common/api/codecs';
import type { LookupsConfig } from '../config';
import { registerCatalogRoutes } from './catalog';
import { registerCompareRoute } from './compare';
import { registerEditRoute } from './edit';
import { registerJobRoutes } from './jobs';
import { registerQueryRoutes } from './query';
import { registerLookupDataRoutes } from './lookup_data';
import { registerMatchRoutes } from './match';
import { registerPermissionsRoute } from './permissions';
import { registerReplicasRoutes } from './replicas';
import { registerRowsRoute } from './rows';
import { registerScheduleRoutes } from './schedules';
import { registerSourcesRoutes } from './sources';
import { registerStatusRoute } from './status';
import { registerWriteRoute } from './write';

export function registerRoutes(
  router: IRouter,
  config: LookupsConfig,
  identity: () => Promise<StatusResponse['server_identity']>
) {
  registerWriteRoute(router, config.max_body_bytes);
  registerRowsRoute(router);
  registerCatalogRoutes(router);
  registerQueryRoutes(router);
  registerLookupDataRoutes(router, config.max_import_bytes);
  registerSourcesRoutes(router);
  registerStatusRoute(router, identity);
  registerJobRoutes(router);
  registerScheduleRoutes(router);
  registerPermissionsRoute(router);
  registerCompareRoute(router);
  registerEditRoute(router, config.max_body_bytes);
  registerMatchRoutes(router);
  registerReplicasRoutes(router);
}
