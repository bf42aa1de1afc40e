import type {
  CoreSetup,
  CoreStart,
  Logger,
  Plugin,
  PluginInitializerContext,
} from 'opensearch-dashboards/server';
import type { LookupsConfig } from './config';
import { registerRoutes } from './routes';
import { WriteRecordStore } from './services/write_records';

export type LookupsPluginSetup = void;
export type LookupsPluginStart = void;

export class LookupsPlugin implements Plugin<LookupsPluginSetup, LookupsPluginStart> {
  private readonly logger: Logger;
  private readonly config: LookupsConfig;

  constructor(initializerContext: PluginInitializerContext) {
    this.logger = initializerContext.logger.get();
    this.config = initializerContext.config.get<LookupsConfig>();
  }

  public setup(core: CoreSetup) {
    // Services that need the server's own client exist once core has started.
    const records = core
      .getStartServices()
      .then(
        ([coreStart]) =>
          new WriteRecordStore(
            coreStart.opensearch.client.asInternalUser,
            this.logger.get('records')
          )
      );
    registerRoutes(core.http.createRouter(), {
      config: this.config,
      logger: this.logger,
      records: () => records,
    });
  }

  public start(_core: CoreStart) {}

  public stop() {}
}
