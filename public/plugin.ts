/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * The browser side of the plugin: registers the Lookups app (in OSD's app category and the 3.x
 * navigation groups) and gives other plugins (the query workbench) a start contract to run
 * queries and open a lookup.
 *
 * Where the app sits: in the classic navigation under "OpenSearch Dashboards", next to Discover
 * — it is where people query their data, and its writes are part of that work, not cluster
 * administration ("Management" holds index and security administration). In the 3.x use-case
 * navigation it sits under Observability (log search is what lookups enrich) and in
 * "Analytics (All)", in the Investigate category with Discover.
 */
import {
  DEFAULT_APP_CATEGORIES,
  DEFAULT_NAV_GROUPS,
  type AppMountParameters,
  type CoreSetup,
  type CoreStart,
  type Plugin,
  type PluginInitializerContext,
} from 'opensearch-dashboards/public';
import { APP_ID, PLUGIN_NAME } from '../common';
import { appRoutes } from '../common/api/paths';
import { createLookupsApi } from './services/api_client';
import { pathOnDataSource, type LookupsSetupDeps } from './services/data_source';
import type { LookupsPublicConfig, LookupsPublicSetup, LookupsPublicStart } from './types';

export class LookupsPlugin implements Plugin<LookupsPublicSetup, LookupsPublicStart> {
  private readonly config: LookupsPublicConfig;

  constructor(initializerContext: PluginInitializerContext<LookupsPublicConfig>) {
    this.config = initializerContext.config.get<LookupsPublicConfig>();
  }

  setup(
    core: CoreSetup<object, LookupsPublicStart>,
    dataSourcePlugins: LookupsSetupDeps = {}
  ): LookupsPublicSetup {
    const config = this.config;
    core.application.register({
      id: APP_ID,
      title: PLUGIN_NAME,
      order: 8000,
      category: DEFAULT_APP_CATEGORIES.opensearchDashboards,
      euiIconType: 'indexMapping',
      mount: async (params: AppMountParameters) => {
        // Loaded on first mount only: the app stays out of the bundle every page loads.
        const { renderApp } = await import('./application');
        const [coreStart] = await core.getStartServices();
        return renderApp(coreStart, params, config, dataSourcePlugins);
      },
    });
    const navLink = { id: APP_ID, category: DEFAULT_APP_CATEGORIES.investigate, order: 400 };
    core.chrome.navGroup.addNavLinksToGroup(DEFAULT_NAV_GROUPS.observability, [navLink]);
    core.chrome.navGroup.addNavLinksToGroup(DEFAULT_NAV_GROUPS.all, [navLink]);
    return {};
  }

  start(core: CoreStart): LookupsPublicStart {
    const api = (dataSourceId?: string) => createLookupsApi(core.http, { dataSourceId });
    return {
      runQuery: (query, options = {}) => api(options.dataSourceId).query(query),
      navigateToLookup: (name, tab, options = {}) =>
        core.application.navigateToApp(APP_ID, {
          path: pathOnDataSource(appRoutes.lookup(name, tab), options.dataSourceId),
        }),
      submitJob: (query, options = {}) => api(options.dataSourceId).submitJob(query),
      getJob: (id, options = {}) => api(options.dataSourceId).job(id),
      scheduleQuery: (schedule) => api().createSchedule(schedule),
      scheduleSavedQuery: async (id, cadence) => {
        // Loaded when used: the contract stays small on every OSD page.
        const { createSavedQueriesService } = await import('./services/saved_queries');
        const saved = await createSavedQueriesService(core.savedObjects.client).get(id);
        return api().createSchedule({
          query: saved.text,
          ...cadence,
          ...(saved.description ? { description: saved.description.slice(0, 1000) } : {}),
          saved_query: {
            id: saved.id,
            title: saved.title,
            ...(saved.updatedAt ? { updated_at: saved.updatedAt } : {}),
          },
        });
      },
      schedules: () => api().schedules(),
    };
  }

  stop() {}
}
