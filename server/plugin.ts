import type {
  CoreSetup,
  CoreStart,
  Logger,
  Plugin,
  PluginInitializerContext,
} from 'opensearch-dashboards/server';
import type { LookupsConfig } from './config';
import { registerRoutes } from './routes';

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
    registerRoutes(core.http.createRouter(), { config: this.config, logger: this.logger });
  }

  public start(_core: CoreStart) {}

  public stop() {}
}
