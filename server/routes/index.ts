/* One registration function per area, each given what it needs. */
import type { IRouter, Logger } from 'opensearch-dashboards/server';
import type { LookupsConfig } from '../config';
import type { WriteRecordStore } from '../services/write_records';
import { registerCatalogRoutes } from './catalog';
import { registerQueryRoutes } from './query';
import { registerLookupDataRoutes } from './lookup_data';
import { registerRowsRoute } from './rows';
import { registerSourcesRoutes } from './sources';
import { registerWriteRoute } from './write';

export interface RouteDeps {
  config: LookupsConfig;
  logger: Logger;
  records: () => Promise<WriteRecordStore>;
}

export function registerRoutes(router: IRouter, deps: RouteDeps) {
  registerWriteRoute(router, deps);
  registerRowsRoute(router, deps);
  registerCatalogRoutes(router, deps);
  registerQueryRoutes(router, deps);
  registerLookupDataRoutes(router, deps);
  registerSourcesRoutes(router, deps);
}
