/*
 * The browser side of the plugin: registers the Lookups app and gives other plugins (the query
 * workbench) a start contract to run queries and open a lookup.
 */
import type {
  AppMountParameters,
  CoreSetup,
  CoreStart,
  Plugin,
  PluginInitializerContext,
} from 'opensearch-dashboards/public';
import { PLUGIN_ID, PLUGIN_NAME } from '../common';
import { appRoutes } from '../common/api/paths';
import { createLookupsApi } from './services/api_client';
import type { LookupsPublicConfig, LookupsPublicSetup, LookupsPublicStart } from './types';

export class LookupsPlugin implements Plugin<LookupsPublicSetup, LookupsPublicStart> {
  private readonly config: LookupsPublicConfig;

  constructor(initializerContext: PluginInitializerContext<LookupsPublicConfig>) {
    this.config = initializerContext.config.get<LookupsPublicConfig>();
  }

  setup(core: CoreSetup<object, LookupsPublicStart>): LookupsPublicSetup {
    const config = this.config;
    core.application.register({
      id: PLUGIN_ID,
      title: PLUGIN_NAME,
      order: 8000,
      euiIconType: 'indexMapping',
      mount: async (params: AppMountParameters) => {
        // Loaded on first mount only: the app stays out of the bundle every page loads.
        const { renderApp } = await import('./application');
        const [coreStart] = await core.getStartServices();
        return renderApp(coreStart, params, config);
      },
    });
    return {};
  }

  start(core: CoreStart): LookupsPublicStart {
    const api = createLookupsApi(core.http);
    return {
      runQuery: (query: string) => api.query(query),
      navigateToLookup: (name: string, tab?: string) =>
        core.application.navigateToApp(PLUGIN_ID, { path: `#${appRoutes.lookup(name, tab)}` }),
    };
  }

  stop() {}
}
